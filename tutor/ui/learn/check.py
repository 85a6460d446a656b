"""Quick checks for players: score a deal, or ask which cards may be played and why not."""

from __future__ import annotations

import streamlit as st

from ...engine import TarotError, explain_all, parse_cards, score_deal
from ...engine.rules import Contract
from ...i18n import N_, _
from ...i18n.typography import minus, signed
from ...quiz.scoreform import sign_convention
from ..common.cards import cards_html
from ..common.safe import TEXT_LIMIT, plain
from ..common.text import card_short, cards_text, error_text, say

# The chelem cases in the learner's words (the engine's keys stay out of sight).
CHELEM_CHOICES = {"none": N_("none"), "announced_made": N_("announced and made"),
                  "made": N_("made without announcing it"), "announced_failed": N_("announced and failed"),
                  "defence": N_("the defence took every trick")}
PETIT_CHOICES = {"none": N_("none"), "attack": N_("won by the attack"), "defence": N_("won by the defence")}


def render() -> None:
    st.title(_("Check a deal"))
    st.write(_("Score a deal with the FFT breakdown, or ask which cards may be played to a trick. "
               "Every verdict comes from the rules engine and says why."))
    score_tab, legal_tab = st.tabs([_("Score a deal"), _("Check a legal play")])
    with score_tab:
        _score_form()
    with legal_tab:
        _legal_form()


def _score_form() -> None:
    with st.form("score"):
        c1, c2, c3 = st.columns(3)
        players = c1.selectbox(_("Players"), (3, 4, 5), index=1)
        contract = c2.selectbox(_("Contract"), [c.value for c in Contract], index=1,
                                format_func=lambda v: Contract(v).french)
        oudlers = c3.selectbox(_("Oudlers in the attack's pile"), (0, 1, 2, 3), index=2)
        points = st.number_input(_("Attack's card points"), min_value=0.0, max_value=91.0, value=43.0, step=0.5)
        c4, c5 = st.columns(2)
        pab = c4.selectbox(_("Petit au bout"), tuple(PETIT_CHOICES), format_func=lambda v: _(PETIT_CHOICES[v]))
        chelem = c5.selectbox(_("Chelem"), tuple(CHELEM_CHOICES), format_func=lambda v: _(CHELEM_CHOICES[v]))
        poignees = st.multiselect(_("Poignées shown (either side)"), ["simple", "double", "triple"],
                                  placeholder=_("Choose options"))
        alone = st.checkbox(_("5 players: the taker plays alone"))
        go = st.form_submit_button(_("Score it"))
    if go:
        try:
            s = score_deal(players=players, contract=contract, taker_points=points, oudlers=oudlers,
                           petit_au_bout=None if pab == "none" else pab, poignees=poignees,
                           chelem=None if chelem == "none" else chelem, alone=alone)
        except TarotError as err:
            st.error(plain(error_text(err)))
            return
        st.caption(sign_convention())
        for step in s.steps:
            st.markdown(f"- {minus(say(step.text))}")
        st.success(_("Taker {score}").format(score=signed(s.taker))
                   + (_(", partner {score}").format(score=signed(s.partner)) if s.partner is not None else "")
                   + _(", each defender {score}.").format(score=signed(s.defender)))


def _legal_form() -> None:
    with st.form("legal"):
        hand_text = st.text_input(_("Your hand"), "KH 3H 5S T4 T16 EX", help=_("Cards like KH, CS, 10D, T21, EX"),
                                  max_chars=TEXT_LIMIT)
        trick_text = st.text_input(_("Cards already in the trick, in order"), "10H T14", max_chars=TEXT_LIMIT)
        go = st.form_submit_button(_("Which cards may I play?"))
    if go:
        try:
            hand = parse_cards(hand_text)
            trick = parse_cards(trick_text)
            if not hand:
                raise TarotError(_("type at least one card in your hand"))
            verdicts = explain_all(hand, trick)
        except TarotError as err:
            st.error(plain(error_text(err)))
            return
        legal = [v.card for v in verdicts if v.legal]
        st.markdown(cards_html(hand, dim=[c for c in hand if c not in legal], width=56), unsafe_allow_html=True)
        st.success(_("Legal: {cards}").format(cards=cards_text(legal)))
        for v in verdicts:
            if not v.legal:
                st.markdown(f"- **{card_short(v.card)}**: {say(v.reason)}")
