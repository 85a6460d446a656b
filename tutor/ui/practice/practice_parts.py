"""Rendering pieces shared by the Practice page's free deals and guided hands.

Everything here draws from a Deal or a SeatView that the page already holds; nothing is computed
on the top-to-bottom run beyond formatting.
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape

import streamlit as st

from ...engine import Card, Deal, SeatView, Trick
from ...engine.actions import action_text
from ...i18n import _, language, ngettext, pgettext
from ...i18n.typography import minus
from ...i18n.words import points
from ...quiz.kinds.score import deal_params
from ...quiz.question import AnswerType, Question
from ...quiz.scoreform import describe, form_answer, form_fields
from ..common.cards import card_img, card_label, cards_html
from ..common.text import say

SMALL = 52


def names_for(players: int, learner: int) -> list[str]:
    """Seat names as the learner sees them: 'You' (« Vous »), then the bots in playing order."""
    from ...practice.table import NAMES
    return [_(NAMES[players][(s - learner) % players]) for s in range(players)]


def within(names: Sequence[str], seat: int) -> str:
    """A seat's name inside a sentence: "you" (« vous ») for the learner, whose name starts one ("You")."""
    return _("you") if names[seat] == _("You") else names[seat]


def role(view: SeatView, seat: int) -> str:
    """What the learner may know of a seat's camp."""
    if view.taker is None:
        return ""
    if seat == view.taker:
        return _("taker (preneur)")
    if view.partner is not None and seat == view.partner:
        return _("partner")
    if view.players == 5 and view.partner is None and seat != view.seat:
        return "?"  # the partner is secret until the called card is played
    return _("defence")


def move_text(action) -> str:
    """A learner-facing name for a suggested action: 'K♥', 'bid garde', 'call K♠'…"""
    from ...engine import Bid, CallKing, Discard, PlayCard, ShowPoignee
    if isinstance(action, PlayCard):
        return card_label(action.card)
    if isinstance(action, Bid):
        return _("bid {contract}").format(contract=action.contract.french) if action.contract else _("pass")
    if isinstance(action, CallKing):
        return _("call {card}").format(card=card_label(action.card))
    if isinstance(action, Discard):
        return _("put aside {cards}").format(cards=", ".join(card_label(c) for c in action.cards))
    if isinstance(action, ShowPoignee):
        return _("show a poignée of {n}").format(n=len(action.cards))
    return _("announce a chelem")


def bid_table(advice) -> str:
    """A bid hint's estimate as a Markdown table in the learner's language (``BidAdvice.table``'s rows): each
    open bid (the best and tied ones marked), how often it is made, its average score."""
    from ...strategy.bidding.advice import signed_score
    from ...strategy.bidding.contracts import option_name
    v, lines = advice.verdict, [_("| bid | made | average score |"), "|---|---|---|"]
    for o in v.options:
        chance = None if o is None else advice.estimate.contracts[o].chance
        made = _("you do not play") if o is None else (f"{chance:.0%}" if language() == "en"
                                                          else f"{chance * 100:.0f}\u202f%")
        mark = " " + _("(best)") if o == v.best else " " + _("(tied)") if o in v.ties else ""
        lines.append(f"| {_(option_name(o))}{mark} | {made} | {minus(signed_score(v.expected[o]))} |")
    return "\n".join(lines)


def trick_html(cards: Sequence[Card], seats: Sequence[int], names: Sequence[str], *, winner: int | None = None,
               width: int = SMALL) -> str:
    """One trick: each card with who played it underneath; the winner's card ringed."""
    cells = []
    for c, s in zip(cards, seats):
        mark = " · " + pgettext("trick", "won") if s == winner else ""
        cells.append(f'<figure style="margin:0 4px;text-align:center">{card_img(c, width=width, ring=s == winner)}'
                     f'<figcaption style="font-size:0.8rem">{escape(names[s])}{mark}</figcaption></figure>')
    row = "display:flex;flex-wrap:wrap;gap:2px;align-items:flex-end;margin-bottom:0.5rem"
    return f'<div class="tt-trick" style="{row}">{"".join(cells)}</div>'


def show_trick(cards, seats, names, *, winner=None, label: str = "") -> None:
    if label:
        st.markdown(f"**{label}**")
    if not cards:
        st.caption(_("No card played yet."))
        return
    st.markdown(trick_html(cards, seats, names, winner=winner), unsafe_allow_html=True)


def show_seats(view: SeatView, names: Sequence[str], hand_sizes: Sequence[int]) -> None:
    """One line per seat: name, camp as far as known, cards left, poignée shown."""
    shown = {s: cards for s, cards in view.poignees}
    rows = []
    for s in range(view.players):
        what = role(view, s)
        cards = ngettext("{n} card", "{n} cards", hand_sizes[s]).format(n=hand_sizes[s])
        line = f"**{names[s]}**" + (f" · {what}" if what else "") + f" · {cards}"
        if s in shown:
            line += " · " + _("poignée of {n}: {cards}").format(n=len(shown[s]),
                                                                cards=" ".join(card_label(c) for c in shown[s]))
        if view.to_act == s:
            line += " · " + _("**to play**")
        rows.append(line)
    st.markdown("  \n".join(rows))


def show_last_trick(tricks: Sequence[Trick], names, key: str) -> None:
    """The last trick with its winner, and any earlier one on request."""
    if not tricks:
        return
    last = tricks[-1]
    show_trick(last.cards, last.seats, names, winner=last.winner,
               label=_("Trick {n} went to {who}").format(n=len(tricks), who=within(names, last.winner)))
    if len(tricks) > 1:
        with st.expander(_("Look at an earlier trick")):
            n = st.number_input(_("Trick"), 1, len(tricks), len(tricks) - 1, key=f"{key}_look")
            t = tricks[int(n) - 1]
            show_trick(t.cards, t.seats, names, winner=t.winner,
                       label=_("Trick {n}: {who} won it").format(n=int(n), who=within(names, t.winner)))


def show_earlier_tricks(tricks: Sequence[Trick], names, key: str) -> None:
    """Any trick before the last one, on request (the card table shows the last one)."""
    if len(tricks) < 2:
        return
    with st.expander(_("Look at an earlier trick")):
        n = st.number_input(_("Trick"), 1, len(tricks) - 1, len(tricks) - 1, key=f"{key}_look")
        t = tricks[int(n) - 1]
        show_trick(t.cards, t.seats, names, winner=t.winner,
                   label=_("Trick {n}: {who} won it").format(n=int(n), who=within(names, t.winner)))


def score_question(deal: Deal) -> Question:
    """The finished deal as a score-form drill: the learner fills in the breakdown first."""
    params = deal_params(deal)
    answer = form_answer(params)
    score = deal.result().score
    explanation = "\n".join(f"- {say(s.text)}" for s in score.steps)
    prompt = (_("**Score this deal.** {deal}").format(deal=describe(params)) + "\n\n"
              + _("Fill in each step: + for the attack, − for the defence, per defender, then every player's score."))
    return Question(kind="score", seed=None, params={}, skill="scoring", prompt=prompt,
                    answer_type=AnswerType.SCORE_FORM, answer=answer, explanation=explanation, rules=(),
                    fields=form_fields(answer), grader="score_form", context={"score": params})


def show_breakdown(deal: Deal, names: Sequence[str]) -> None:
    """The full count: the piles, the oudlers, the target, the margin, the bonuses and every share."""
    r = deal.result()
    pile = deal.attack_pile()[0]
    s = r.score
    oudlers = ngettext("{n} oudler", "{n} oudlers", r.oudlers).format(n=r.oudlers)
    st.markdown(_("**The attack's pile** ({n} cards, {points} points, {oudlers}):").format(
        n=len(pile), points=points(r.attack_points), oudlers=oudlers))
    st.markdown(cards_html(sorted(pile, key=lambda c: c.sort_key), width=36), unsafe_allow_html=True)
    for note in r.notes:
        st.caption(say(note))
    st.markdown(minus("\n".join(f"- {say(step.text)}" for step in s.steps)))
    rows = [{_("player"): names[i], pgettext("deal", "score"): r.seat_scores[i]} for i in range(deal.players)]
    st.dataframe(rows, hide_index=True, width="content")


def show_replay(deal: Deal, names: Sequence[str], key: str) -> None:
    """The deal trick by trick, and its log (seed + actions) to replay it anywhere."""
    tricks = deal.tricks
    if tricks:
        n = st.slider(_("Replay trick by trick"), 1, len(tricks), 1, key=f"{key}_replay")
        t = tricks[n - 1]
        show_trick(t.cards, t.seats, names, winner=t.winner, label=_("Trick {n}, led by {leader}, won by {winner}")
                   .format(n=n, leader=within(names, t.leader), winner=within(names, t.winner)))
    with st.expander(_("Everything that happened, in order")):
        # In words, never the raw log ("4:bid:pass"); the deal's seed in the address replays it.
        you = names.index(_("You")) if _("You") in names else None  # the learner, in the second person
        st.markdown("\n".join(f"{i}. {say(action_text(a, lambda seat: names[seat], you=you))}"
                               for i, a in enumerate(deal.log, 1)))


# ---------------------------------------------------------------- the hand count

def show_hand_count(hand: Sequence[Card], players: int) -> None:
    """The hand count item by item, where a hint quotes it, and what its thresholds mean."""
    from ...strategy.bots.handcount import count_steps, shown_count, thresholds
    hc = count_steps(list(hand), players=players)
    total = shown_count(hc.total)  # never rounded across a threshold (40.8 is not "41")
    with st.expander(_("How the hand count of {total} is made").format(total=total), expanded=True):
        st.dataframe([{_("item"): say(step.label), _("points"): round(step.points, 2)} for step in hc.steps],
                     hide_index=True, width="stretch")
        need = ", ".join(_("{n} for a {contract}").format(n=n, contract=c.french)
                         for n, c in reversed(thresholds(players)))
        st.caption(_("Total: {total}. The count's thresholds with {players} players: {need}.").format(
            total=total, players=players, need=need) + f" {say(hc.verdict())} " + _(
            "These are hand-count points, not card points: {petite} for a petite is not the 41 card points a taker "
            "with 2 oudlers must make.").format(petite=thresholds(players)[-1][0]))
