"""A strategy puzzle on the Puzzles page: "which card is best?" on the card table (every hand shown, or
single dummy: only the seat's own view), or "what would you bid?".

The feedback is computed, never written by hand: every legal card's value with perfect play (the
double-dummy solver) and the line of play after the learner's card, or each contract's chance and
expected score (the bidding estimator). Both are cached per position (``st.cache_data``) and computed
behind a spinner, so a rerun never searches again.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

import streamlit as st

from ...engine import TarotError, card, parse_cards
from ...i18n import N_, _, language, ngettext, percent, using
from ...i18n.typography import minus, signed
from ...i18n.words import points
from ...quiz.question import Feedback
from ...quiz.seat_puzzles import seat_cache, seat_verdict, seat_view
from ...quiz.strategy_puzzles import BIDS, bid_values
from ...quiz.strategy_record import StrategyPuzzle, bid_label, default_cache
from ...strategy import Position, solve
from ...strategy.bidding.advice import signed_score
from ...strategy.bidding.estimate import HOW
from ..common.cards import card_name
from ..common.safe import TEXT_LIMIT, plain
from ..common.text import card_short, error_text
from ..common.widgets import show_cards
from ..quiz.into_view import into_view
from ..quiz.question import show_principle
from ..table.line_stepper import show_line, show_me
from ..table.question_views import position_view, seat_puzzle_view
from ..table.table_component import card_table


@st.cache_data(show_spinner=False, max_entries=512)
def solved(position_text: str) -> dict:
    """Every legal card's value with perfect play, the best cards, and a perfect line (seats 1..N)."""
    s = solve(Position.parse(position_text), line=True)
    return {"cards": [(c.code, v.taker_score, v.attack_points) for c, v in s.cards.items()],
            "best": [c.code for c in s.best], "line": [(seat + 1, c.code) for seat, c in s.line]}


@st.cache_data(show_spinner=False, max_entries=128)
def estimates(puzzle_key: str, _puzzle: StrategyPuzzle) -> dict:
    """Each bid's chance and expected score (``puzzle_key``, the puzzle's content hash, keys the cache)."""
    return bid_values(_puzzle, default_cache())


@st.cache_data(show_spinner=False, max_entries=128)
def verdict(puzzle_key: str, _puzzle: StrategyPuzzle) -> dict:
    """The advisor's verdict on a single-dummy puzzle (the committed verdicts, else computed once)."""
    return seat_verdict(_puzzle, seat_cache())


# Which cards the learner sees, said where the puzzle is shown.
OPEN_CAPTION = N_("Every hand is shown: the best card is worked out with perfect play by everyone.")
SEAT_CAPTION = N_("You see only your hand and what has been played (and the dog, if it was shown).")


def legal_codes(puzzle: StrategyPuzzle) -> list[str]:
    if puzzle.kind == "seat-card":
        return [c.code for c in seat_view(puzzle).legal]
    return [c.code for c in puzzle.position.legal()]


def grade_card(puzzle: StrategyPuzzle, code: str) -> Feedback:
    """Right when the card is one of the best (every tie counts); an illegal card is not an answer."""
    legal = legal_codes(puzzle)
    if code not in legal:
        return Feedback(False, 0.0, _("{card} cannot be played here: the legal cards are {legal}.").format(
            card=card_name(card(code)), legal=", ".join(card_name(card(c)) for c in legal)), given=code)
    if code in puzzle.solution:
        others = [c for c in puzzle.solution if c != code]
        also = " " + ngettext("({cards} is just as good.)", "({cards} is just as good.)", len(others)).format(
            cards=", ".join(card_name(card(c)) for c in others)) if others else ""
        return Feedback(True, 1.0, _("Right: {card} is best.").format(card=card_name(card(code))) + also, given=code)
    best = ", ".join(card_name(card(c)) for c in puzzle.solution)
    return Feedback(False, 0.0, _("Not the best: {card}. Best: {best}.").format(card=card_name(card(code)), best=best),
                    given=code)


def grade_bid(puzzle: StrategyPuzzle, bid: str) -> Feedback:
    if bid == puzzle.solution[0]:
        return Feedback(True, 1.0, _("Right: {bid}.").format(bid=bid_label(bid)), given=bid_label(bid))
    return Feedback(False, 0.0, _("Not the best bid: {bid}. Best: {best}.").format(
        bid=bid_label(bid), best=puzzle.solution_text), given=bid_label(bid))


def render(puzzle: StrategyPuzzle, key: str, next_action: Callable[[], None] | None = None) -> Feedback | None:
    """Show the puzzle; returns the Feedback once answered, else None.

    Answered, the question is closed: the verdict and ``next_action`` (the page's "Next puzzle") sit right
    under the question and are scrolled on screen once; the table below only shows the cards, the typed
    check and the bid are greyed out, so nothing invites a second answer (issue 38)."""
    with st.container(border=True):
        st.markdown(puzzle.question)
        verdict = st.container()  # the verdict and the next action, under the question: on the first screen
        fb = st.session_state.get(f"{key}_feedback")
        if fb is not None:  # the answer given stays in the greyed-out widgets
            for name, value in st.session_state.get(f"{key}_kept", {}).items():
                st.session_state[name] = value
        if puzzle.kind == "best-card":
            _best_card(puzzle, key, closed=fb is not None)
        elif puzzle.kind == "seat-card":
            _seat_card(puzzle, key, closed=fb is not None)
        else:
            _bid(puzzle, key, closed=fb is not None)
        notice = st.session_state.pop(f"{key}_notice", None)
        if notice is not None:
            (st.warning if notice[0] == "warning" else st.info)(notice[1])
        if fb is not None:
            with verdict:
                (st.success if fb.correct else st.error)(fb.message)
                if next_action is not None:
                    next_action()
                # Once per answer (a second one after "Try again" is scrolled to as well).
                into_view(f"{key}_{st.session_state.get(f'{key}_answers', 0)}", key=f"{key}_into_view")
        return fb


def _table(view, puzzle: StrategyPuzzle, key: str, closed: bool) -> None:
    """The card table: its hand to click, graded in a callback (one answer, one run); closed, only to look at."""
    lang = language()  # the callback grades in the page's language
    card_table(replace(view, mode="view") if closed else view, key=f"{key}_table",
               on_answer=lambda cards: _take_card(puzzle, key, cards[0].code, lang))


def _facts(pos: Position) -> str:
    partner = "" if pos.players != 5 else (
        " · " + _("called partner: seat {seat}").format(seat=pos.partner + 1) if pos.partner is not None
        else " · " + _("the taker plays alone"))
    shown = " · " + _("poignée shown: {levels}").format(levels=", ".join(pos.poignees)) \
        if pos.poignees else ""
    oudlers = ngettext("{n} oudler", "{n} oudlers", pos.attack_oudlers).format(n=pos.attack_oudlers)
    return (_("{players} players · {contract} · taker: seat {taker}").format(
                players=pos.players, contract=bid_label(pos.contract.value), taker=pos.taker + 1) + partner + " · "
            + ngettext("{n} tricks left", "{n} tricks left", pos.tricks_left).format(n=pos.tricks_left) + " · "
            + _("the attack has won {points} points with {oudlers}").format(
                points=points(pos.attack_points), oudlers=oudlers) + shown)


def _best_card(puzzle: StrategyPuzzle, key: str, *, closed: bool) -> None:
    pos = puzzle.position
    st.caption(_(OPEN_CAPTION))
    st.caption(_facts(pos))
    _table(position_view(pos, token=key), puzzle, key, closed)
    _typed(puzzle, key, closed=closed)


def seat_facts(view) -> list[str]:
    """What the seat knows besides its hand, in words (seats counted from 1)."""
    out = [_("{players} players · {contract} · taker: seat {taker}").format(
        players=view.players, contract=bid_label(view.contract.value), taker=view.taker + 1)
           + (" " + _("(you)") if view.taker == view.seat else "")]
    if view.called is not None:
        who = (_("seat {seat}").format(seat=view.partner + 1) if view.partner is not None and view.partner != view.seat
               else _("you") if view.partner == view.seat else _("not known yet"))
        out.append(_("called king: {card} · partner: {who}").format(card=card_short(view.called), who=who))
    bids = [_("seat {seat} {bid}").format(seat=seat + 1, bid=bid_label(bid.value) if bid else _("pass"))
            for seat, bid in view.bids]
    if bids:
        out.append(_("bids: {bids}").format(bids=", ".join(bids)))
    for seat, cards in view.poignees:
        out.append(_("seat {seat} showed a poignée: {cards}").format(seat=seat + 1,
                                                                     cards=", ".join(card_short(c) for c in cards)))
    if view.ecart_trumps:
        out.append(_("trumps put in the écart: {cards}").format(
            cards=", ".join(card_short(c) for c in view.ecart_trumps)))
    return out


def _seat_card(puzzle: StrategyPuzzle, key: str, *, closed: bool) -> None:
    view = seat_view(puzzle)
    st.caption(_(SEAT_CAPTION))
    st.caption(" · ".join(seat_facts(view)))
    _table(seat_puzzle_view(view, token=key), puzzle, key, closed)
    if view.tricks:
        n = len(view.tricks)
        with st.expander(ngettext("The {n} trick played so far", "The {n} tricks played so far", n).format(n=n)):
            you = " " + _("(you)")
            st.markdown("\n".join("- " + _("Trick {n}: {plays} (seat {winner} wins)").format(
                n=i, winner=t.winner + 1, plays=", ".join(
                    _("seat {seat}").format(seat=s + 1) + (you if s == view.seat else "") + f" {card_short(c)}"
                    for s, c in zip(t.seats, t.cards))) for i, t in enumerate(view.tricks, 1)))
    _typed(puzzle, key, closed=closed)


def _typed(puzzle: StrategyPuzzle, key: str, *, closed: bool) -> None:
    lang = language()
    with st.form(f"qform_{key}", border=False):
        st.text_input(_("…or type the card"), key=f"{key}_typed", placeholder=_("e.g. T21 or KH"),
                      max_chars=TEXT_LIMIT, help=_("Any notation works: KH, R♥, roi de cœur, 21, Excuse"),
                      disabled=closed)
        st.form_submit_button(_("Check what I typed"), disabled=closed,
                              on_click=lambda: _take_typed(puzzle, key, lang))


def _take_typed(puzzle: StrategyPuzzle, key: str, lang: str) -> None:
    """The typed card (a callback): one card is the answer; anything else is said, and is not one."""
    typed = str(st.session_state.get(f"{key}_typed") or "")
    with using(lang):
        try:
            got = parse_cards(typed) if typed.strip() else []
        except TarotError as err:
            st.session_state[f"{key}_notice"] = ("warning", _("{error}. Type one card, like T21 or KH.").format(
                error=plain(error_text(err))))
            return
        if len(got) == 1:
            _take_card(puzzle, key, got[0].code, lang)
        elif got:
            st.session_state[f"{key}_notice"] = ("info", _("Type one card only."))
        else:
            st.session_state[f"{key}_notice"] = ("info", _("Give an answer first."))


def _take_card(puzzle: StrategyPuzzle, key: str, code: str, lang: str) -> None:
    """An illegal card is refused with the reason and not counted; a legal one is the answer (graded in a
    callback, before the page is drawn again, so that run draws the question closed; one answer)."""
    if st.session_state.get(f"{key}_feedback") is not None:
        return
    with using(lang):
        fb = grade_card(puzzle, code)
    if code not in legal_codes(puzzle):
        st.session_state[f"{key}_notice"] = ("warning", fb.message)
    else:
        _answered(key, fb, [f"{key}_typed"])


def _answered(key: str, fb: Feedback, widgets: list[str]) -> None:
    """Keep the verdict, count the answer (for the scroll into view), keep the widgets' values to show."""
    st.session_state[f"{key}_feedback"] = fb
    st.session_state[f"{key}_answers"] = st.session_state.get(f"{key}_answers", 0) + 1
    st.session_state[f"{key}_kept"] = {name: st.session_state[name] for name in widgets if name in st.session_state}


def _bid(puzzle: StrategyPuzzle, key: str, *, closed: bool) -> None:
    seat = _("seat {seat}").format(seat=puzzle.seat + 1) + (" " + _("(you speak first)") if puzzle.seat == 0 else "")
    st.caption(_("{n} players").format(n=puzzle.players) + f" · {seat}")
    show_cards(puzzle.hand, label=_("Your hand"), width=54)
    lang = language()
    with st.form(f"qform_{key}", border=False):
        st.radio(_("Your bid"), [bid_label(b) for b in BIDS], index=None, key=f"{key}_bid", horizontal=True,
                 disabled=closed)
        st.form_submit_button(_("Check my answer"), type="secondary" if closed else "primary", disabled=closed,
                              on_click=lambda: _take_bid(puzzle, key, lang))


def _take_bid(puzzle: StrategyPuzzle, key: str, lang: str) -> None:
    """The bid chosen (a callback), graded in the page's language."""
    if st.session_state.get(f"{key}_feedback") is not None:
        return
    with using(lang):
        labels = [bid_label(b) for b in BIDS]
        picked = st.session_state.get(f"{key}_bid")
        if picked not in labels:
            st.session_state[f"{key}_notice"] = ("info", _("Choose a bid first."))
            return
        fb = grade_bid(puzzle, BIDS[labels.index(picked)])
    _answered(key, fb, [f"{key}_bid"])


def show_solution(puzzle: StrategyPuzzle, key: str) -> None:
    """The computed answer: each card's value and the line of play, or each contract's chance and score;
    then the puzzle's explanation and the principle it teaches."""
    if puzzle.kind == "best-card":
        _card_values(puzzle, key)
    elif puzzle.kind == "seat-card":
        _seat_values(puzzle)
    else:
        _bid_values(puzzle)
    st.markdown(puzzle.explanation)
    show_principle(puzzle.principle)


def _card_values(puzzle: StrategyPuzzle, key: str) -> None:
    text = puzzle.position.dump()
    with st.spinner(_("Working out every card with perfect play…")):
        result = solved(text)
    attack = puzzle.position.is_attack(puzzle.position.to_play)
    top = result["cards"][0][1]
    rows = []
    for code, score, attack_points in result["cards"]:
        cost = (top - score) if attack else (score - top)
        rows.append({_("Card"): card_name(card(code)), _("Taker's score"): signed(score),
                     _("Attack's points"): points(attack_points),
                     _("For your side"): _("best") if code in result["best"] else ngettext(
                         "{n} points worse", "{n} points worse", cost).format(n=cost)})
    st.markdown(_("**What each card yields** with perfect play afterwards (the taker's final score for the deal):"))
    st.table(rows)
    fb = st.session_state.get(f"{key}_feedback")
    mine = fb.given if fb is not None and fb.given in {c for c, _, _ in result["cards"]} else None
    pos = puzzle.position
    if mine and mine not in result["best"]:
        # "Show me": the refutation, the solver's line after the learner's card, trick by trick on the table.
        show_me(pos, card(mine), key=f"{key}_refute")
    show_line(pos, _from_zero(result["line"]), key=f"{key}_best",
              title=_("A best line, from {card}").format(card=card_name(card(result["best"][0]))))


def _from_zero(line) -> list[tuple[int, object]]:
    """A cached line (seats 1..N, card codes) as the stepper takes it (seats from 0, cards)."""
    return [(seat - 1, card(code)) for seat, code in line]


def _seat_values(puzzle: StrategyPuzzle) -> None:
    with st.spinner(_("Playing out the deals you cannot see…")):
        v = verdict(puzzle.digest, puzzle)
    rows = [{_("Card"): card_name(card(o["card"])), _("For you on average"): minus(f"{o['own']:+.0f}"),
             _("Verdict"): _("best") if o["card"] == v["best"] else _("as good as the best") if o["card"] in v["ties"]
             else _("{gap} points worse (±{margin})").format(gap=f"{o['gap']:.0f}", margin=f"{o['gap_ci']:.0f}")}
            for o in v["options"]]
    st.markdown(_("**What each card yields**, on {n} deals of the cards you cannot see that fit the "
                  "bids and the play so far, the rest of each deal played out (your score for the deal; a card "
                  "whose gap to the best is within the margin counts as best):").format(n=v["samples"]))
    st.table(rows)


def _bid_values(puzzle: StrategyPuzzle) -> None:
    with st.spinner(_("Playing the hand out {n} times…").format(n=puzzle.samples)):
        values = estimates(puzzle.digest, puzzle)
    rows = []
    for bid in BIDS:
        v = values[bid]
        chance = "" if v["chance"] is None else percent(v["chance"])
        rows.append({_("Bid"): bid_label(bid), _("Made"): chance,
                     _("Expected score"): minus(signed_score(v["expected"])),
                     "": _("best") if bid == puzzle.solution[0] else ""})
    st.markdown(_("**Each contract**, from {n} deals {how} "
                  "(the chance the taker makes it, and the taker's average score):").format(
        n=puzzle.samples, how=_(HOW)))
    st.table(rows)
