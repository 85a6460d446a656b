"""The review of the learner's play after a deal: each costly card (solved exactly in the last tricks, estimated
before), the bid and the poignée, each with its principle and a Replay from here button. The class duplicate
shows it too, without the button.
"""

from __future__ import annotations

import streamlit as st

from ...engine import Deal
from ...engine.actions import parse_action
from ...i18n import _, ngettext
from ...i18n.typography import minus
from ...practice.table import Table
from ...strategy.bidding.advice import SAMPLES as BID_SAMPLES
from ...strategy.bidding.advice import BidReview, review_bid, signed_score
from ...strategy.bidding.contracts import option_name
from ...strategy.bidding.poignee import PoigneeReview, review_poignee
from ...strategy.exact.solver import EXACT_CARDS
from ...strategy.review.deal import (
    MIN_GAIN,
    MIN_GAIN_ESTIMATED,
    Decision,
    decision_at,
    learner_steps,
    listed,
)
from ..common.cards import card_label
from ..common.workload import limited
from ..quiz.question import show_principle
from .practice_parts import (
    bid_table,
)

# ---------------------------------------------------------------- the review of the learner's play


def _deal_key(table: Table) -> tuple:
    """What makes a played deal itself: the same key gives the same review."""
    d = table.deal
    return d.players, d.seed, d.dealer, tuple(str(a) for a in d.log), table.learner


def _replayed(players: int, seed: int, dealer: int, log: tuple[str, ...]) -> Deal:
    """The played deal rebuilt from its key (``_deal_key``): what the cached reviews work on."""
    return Deal.replay(players, seed, [parse_action(a) for a in log], dealer=dealer)


@st.cache_data(show_spinner=False, max_entries=4000)
def _valued(players: int, seed: int, dealer: int, log: tuple[str, ...], step: int, exact_only: bool
            ) -> Decision | None:
    """One of the learner's cards valued by the solver (or estimated), cached per deal and card: a rerun,
    or the same deal reviewed again, never recomputes it."""
    deal = _replayed(players, seed, dealer, log)
    return decision_at(deal, step, exact_only=exact_only)  # the advisor, as Hint asks it (same seed and budget)


def _reviewed(table: Table, *, estimated: bool) -> tuple[Decision, ...]:
    """The learner's cards valued: the last tricks exactly (fast), and with ``estimated`` the earlier
    ones too (seconds). Each pass runs once per deal behind a progress bar; reruns read the session."""
    key = _deal_key(table)
    got = st.session_state.get("pr_review")
    if got is None or got[0] != key:
        got = (key, {}, set())  # the deal, step -> Decision (or None), the passes done
    found, done = got[1:]
    want = ("exact", "estimated") if estimated else ("exact",)
    for kind in (k for k in want if k not in done):
        steps = [k for k in learner_steps(table.deal, table.learner) if found.get(k) is None]
        label = _("Checking your last tricks with the solver") if kind == "exact" else \
            _("Estimating your earlier cards over sampled deals")
        bar = st.progress(0.0, text=f"{label}…")

        def value_all(steps=steps, label=label, exact=kind == "exact", bar=bar) -> None:
            for i, step in enumerate(steps, start=1):
                found[step] = _valued(*key[:4], step, exact)
                bar.progress(i / len(steps), text=_("{label}: {i} of {n}…").format(label=label, i=i, n=len(steps)))

        # One pass is one piece of the session's work (as one Hint is): counted per card, a deal's review
        # would always outrun the session's share and be refused half-way.
        limited(st.warning, value_all, stop=True)
        bar.empty()
        done.add(kind)
        st.session_state["pr_review"] = (key, found, done)
    return tuple(d for _, d in sorted(found.items()) if d is not None)


@st.cache_data(show_spinner=False, max_entries=500)
def _choices_reviewed(players: int, seed: int, dealer: int, log: tuple[str, ...], learner: int
                      ) -> tuple[BidReview | None, PoigneeReview | None]:
    """The learner's bid and poignée judged over sampled deals (about a second and a half), cached per deal."""
    deal = _replayed(players, seed, dealer, log)
    return review_bid(deal, learner), review_poignee(deal, learner)


def _review_bid(r: BidReview | None, replay: bool = True) -> str:
    """The learner's bid, listed when the estimate's best bid would have scored clearly more: "listed",
    "fine" (judged, not costly) or "" (not judged: barred after a misdeal, or no sampled deal fitted)."""
    if r is None:
        return ""
    if not r.costly(MIN_GAIN_ESTIMATED):
        return "fine"
    best = r.advice.verdict.best
    with st.container(border=True):
        st.markdown(_("**The bidding:** you said **{said}**; **{best}** was better: **{gain}** to your score on "
                      "average (estimated over {n} deals of the cards you could not see).").format(
            said=_(option_name(r.said)).lower(), best=_(option_name(best)).lower(), gain=f"{r.gain:+.0f}",
            n=r.advice.estimate.samples))
        st.markdown(bid_table(r.advice))
        show_principle(r.advice.move.principle, from_start=False)
        if replay:
            st.button(_("Replay from here"), key=f"pr_replay_{r.step}", on_click=_replay_from, args=(r.step,),
                      icon=":material/replay:", help=_("Set the table back to your bid and play on from there."))
    return "listed"


def _review_poignee(r: PoigneeReview | None, replay: bool = True) -> bool:
    """The learner's poignée decision, listed when the other choice scored more beyond the noise."""
    if r is None or not r.costly:
        return False
    a = r.advice
    said = (_("**The poignée:** you showed it; keeping it hidden was better: **{gain}** to your score on average "
              "(estimated over {n} deals of the cards you could not see: {shown} shown, {hidden} hidden).")
            if r.showed else
            _("**The poignée:** you kept it hidden; showing it was better: **{gain}** to your score on average "
              "(estimated over {n} deals of the cards you could not see: {shown} shown, {hidden} hidden)."))
    with st.container(border=True):
        st.markdown(said.format(gain=f"{r.gain:+.0f}", n=a.samples, shown=minus(signed_score(a.show)),
                                hidden=minus(signed_score(a.hide))))
        show_principle(a.move.principle, from_start=False)
        if replay:
            st.button(_("Replay from here"), key=f"pr_replay_poignee_{r.step}", on_click=_replay_from,
                      args=(r.step,), icon=":material/replay:",
                      help=_("Set the table back to your first card and play on from there."))
    return True


def _replay_from(step: int) -> None:
    """Set the table back to the learner's card number ``step`` of the log; the deal is played again."""
    table: Table = st.session_state["pr_table"]
    st.session_state["pr_table"] = table.replay_from(step)
    for key in ("pr_msg", "pr_hint", "pr_breakdown"):
        st.session_state.pop(key, None)
    st.session_state["pr_replayed"] = step


def _review(table: Table, replay: bool = True) -> None:
    """The learner's costly decisions: the bid (estimated), then each costly card: trick, card, better card,
    gain, exact or estimated, the principle and its lesson, and (``replay``) a button to play again from there.
    The class duplicate shows it too, without the button: a class deal is played once."""
    st.subheader(_("Review of your play"))
    if table.deal.seed is None:
        return
    last = EXACT_CARDS[table.players] // table.players
    # Streamlit drops a widget's value while it is not drawn (a deal in play): a kept copy brings it back.
    if "pr_review_all" not in st.session_state:
        st.session_state["pr_review_all"] = st.session_state.get("kept_pr_review_all", False)
    estimated = st.toggle(_("Also check my earlier cards (estimated over sampled deals; takes a few seconds)"),
                          key="pr_review_all")
    st.session_state["kept_pr_review_all"] = estimated
    found = _reviewed(table, estimated=estimated)
    costly = [x for x in found if listed(x)]
    how = (ngettext("Your {n} cards with a choice were checked as Hint checks them, on what you could see: "
                    "deals of the cards you could not see, solved exactly in the last {last} tricks and played out by "
                    "the bots before.",
                    "Your {n} cards with a choice were checked as Hint checks them, on what you could see: "
                    "deals of the cards you could not see, solved exactly in the last {last} tricks and played out by "
                    "the bots before.", len(found)) if estimated else
           ngettext("Your {n} cards with a choice in the last {last} tricks were checked as Hint checks them, on "
                    "what you could see: deals of the cards you could not see, each solved exactly.",
                    "Your {n} cards with a choice in the last {last} tricks were checked as Hint checks them, on "
                    "what you could see: deals of the cards you could not see, each solved exactly.", len(found))
           ).format(n=len(found), last=last)
    st.caption(how + " " + _("Your bid was estimated over {samples} deals, and a poignée you could show by playing "
                             "the deal on both ways. Listed: a card only when it is behind the best beyond the noise "
                             "(its 95% interval), by {gain} point or more (solved deals) or {estimated} (played out), "
                             "or of {estimated} beyond the estimate's noise (the bid), or any loss beyond it (the "
                             "poignée).").format(samples=BID_SAMPLES, gain=f"{MIN_GAIN:g}",
                                                 estimated=f"{MIN_GAIN_ESTIMATED:g}"))
    with st.spinner(_("Estimating your bid and your poignée over sampled deals of the cards you could not see…")):
        bid_review, poignee_review = _choices_reviewed(*_deal_key(table))
    bid = _review_bid(bid_review, replay)
    poignee = _review_poignee(poignee_review, replay)
    if not costly:
        st.success(_("No costly card: every card you chose was as good as the best, or close.")
                   + (" " + _("Your bid was as good as the best too.") if bid == "fine" and not poignee else ""),
                   icon=":material/check_circle:")
        return
    for x in costly:
        with st.container(border=True):
            how = _("each solved exactly") if x.exact else _("each played out by the bots")
            st.markdown(_("**Trick {trick}:** you played **{played}**; **{better}** was better: **{gain}** to your "
                          "score on average (on what you could see: {n} deals sampled, {how}).").format(
                trick=x.trick, played=card_label(x.played), better=card_label(x.better), gain=f"{x.gain:+.0f}",
                n=x.samples, how=how))
            if x.dd_gain:
                st.caption(_("With every card known (after the deal), {card} was best: {gain} against your card. "
                             "Hint could not see that, so it does not count here.").format(
                    card=card_label(x.dd_best), gain=f"{x.dd_gain:+g}"))
            show_principle(x.principle, from_start=False)
            if replay:
                st.button(_("Replay from here"), key=f"pr_replay_{x.step}", on_click=_replay_from, args=(x.step,),
                          icon=":material/replay:", help=_("Set the table back to this card and play on from there."))
