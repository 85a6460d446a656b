"""A strategy puzzle on the Puzzles page: "which card is best?" on the card table (every hand shown, or
single dummy: only the seat's own view), or "what would you bid?".

The feedback is computed, never written by hand: every legal card's value with perfect play (the
double-dummy solver) and the line of play after the learner's card, or each contract's chance and
expected score (the bidding estimator). Both are cached per position (``st.cache_data``) and computed
behind a spinner, so a rerun never searches again.
"""

from __future__ import annotations

import streamlit as st

from ..engine import TarotError, card, parse_cards
from ..engine.words import plural
from ..quiz.question import Feedback
from ..quiz.seat_puzzles import seat_cache, seat_verdict, seat_view
from ..quiz.strategy_puzzles import BIDS, StrategyPuzzle, bid_label, bid_values, default_cache
from ..strategy import Position, solve
from ..strategy.bid_advice import signed_score
from ..strategy.estimate import HOW
from .cards import card_name
from .line_stepper import show_line, show_me
from .question import show_principle
from .safe import TEXT_LIMIT, plain
from .table_component import card_table
from .table_model import position_view, seat_puzzle_view
from .widgets import show_cards


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
OPEN_CAPTION = "Every hand is shown: the best card is worked out with perfect play by everyone."
SEAT_CAPTION = "You see only your hand and what has been played (and the dog, if it was shown)."


def legal_codes(puzzle: StrategyPuzzle) -> list[str]:
    if puzzle.kind == "seat-card":
        return [c.code for c in seat_view(puzzle).legal]
    return [c.code for c in puzzle.position.legal()]


def grade_card(puzzle: StrategyPuzzle, code: str) -> Feedback:
    """Right when the card is one of the best (every tie counts); an illegal card is not an answer."""
    legal = legal_codes(puzzle)
    if code not in legal:
        return Feedback(False, 0.0, f"{card_name(card(code))} cannot be played here: the legal cards are "
                                    f"{', '.join(card_name(card(c)) for c in legal)}.", given=code)
    if code in puzzle.solution:
        others = [c for c in puzzle.solution if c != code]
        also = f" ({', '.join(card_name(card(c)) for c in others)} is just as good.)" if others else ""
        return Feedback(True, 1.0, f"Right: {card_name(card(code))} is best.{also}", given=code)
    best = ", ".join(card_name(card(c)) for c in puzzle.solution)
    return Feedback(False, 0.0, f"Not the best: {card_name(card(code))}. Best: {best}.", given=code)


def grade_bid(puzzle: StrategyPuzzle, bid: str) -> Feedback:
    if bid == puzzle.solution[0]:
        return Feedback(True, 1.0, f"Right: {bid_label(bid)}.", given=bid_label(bid))
    return Feedback(False, 0.0, f"Not the best bid: {bid_label(bid)}. Best: {puzzle.solution_text}.",
                    given=bid_label(bid))


def render(puzzle: StrategyPuzzle, key: str) -> Feedback | None:
    """Show the puzzle; returns the Feedback once answered, else None."""
    with st.container(border=True):
        st.markdown(puzzle.question)
        if puzzle.kind == "best-card":
            _best_card(puzzle, key)
        elif puzzle.kind == "seat-card":
            _seat_card(puzzle, key)
        else:
            _bid(puzzle, key)
        fb = st.session_state.get(f"{key}_feedback")
        if fb is not None:
            if fb.correct:
                st.success(fb.message)
            else:
                st.error(fb.message)
        return fb


def _facts(pos: Position) -> str:
    partner = "" if pos.players != 5 else (" · called partner: seat " + str(pos.partner + 1) if pos.partner is not None
                                           else " · the taker plays alone")
    shown = f" · poignée shown: {', '.join(pos.poignees)}" if pos.poignees else ""
    return (f"{pos.players} players · {bid_label(pos.contract.value)} · taker: seat {pos.taker + 1}{partner} · "
            f"{pos.tricks_left} tricks left · the attack has won {pos.attack_points:g} points with "
            f"{plural(pos.attack_oudlers, 'oudler')}{shown}")


def _best_card(puzzle: StrategyPuzzle, key: str) -> None:
    pos = puzzle.position
    st.caption(OPEN_CAPTION)
    st.caption(_facts(pos))
    cards = card_table(position_view(pos, token=key), key=f"{key}_table")
    if cards is not None:
        _answer(puzzle, key, cards[0].code)
    _typed(puzzle, key)


def seat_facts(view) -> list[str]:
    """What the seat knows besides its hand, in words (seats counted from 1)."""
    out = [f"{view.players} players · {bid_label(view.contract.value)} · taker: seat {view.taker + 1}"
           + (" (you)" if view.taker == view.seat else "")]
    if view.called is not None:
        who = ("seat " + str(view.partner + 1) if view.partner is not None and view.partner != view.seat
               else "you" if view.partner == view.seat else "not known yet")
        out.append(f"called king: {view.called.short} · partner: {who}")
    bids = [f"seat {seat + 1} {bid_label(bid.value) if bid else 'pass'}" for seat, bid in view.bids]
    if bids:
        out.append("bids: " + ", ".join(bids))
    for seat, cards in view.poignees:
        out.append(f"seat {seat + 1} showed a poignée: {', '.join(c.short for c in cards)}")
    if view.ecart_trumps:
        out.append("trumps put in the écart: " + ", ".join(c.short for c in view.ecart_trumps))
    return out


def _seat_card(puzzle: StrategyPuzzle, key: str) -> None:
    view = seat_view(puzzle)
    st.caption(SEAT_CAPTION)
    st.caption(" · ".join(seat_facts(view)))
    cards = card_table(seat_puzzle_view(view, token=key), key=f"{key}_table")
    if cards is not None:
        _answer(puzzle, key, cards[0].code)
    if view.tricks:
        with st.expander(f"The {plural(len(view.tricks), 'trick')} played so far"):
            st.markdown("\n".join(f"- Trick {i}: " + ", ".join(
                f"seat {s + 1}{' (you)' if s == view.seat else ''} {c.short}" for s, c in zip(t.seats, t.cards))
                + f" (seat {t.winner + 1} wins)" for i, t in enumerate(view.tricks, 1)))
    _typed(puzzle, key)


def _typed(puzzle: StrategyPuzzle, key: str) -> None:
    with st.form(f"qform_{key}", border=False):
        typed = st.text_input("…or type the card", key=f"{key}_typed", placeholder="e.g. T21 or KH",
                              max_chars=TEXT_LIMIT, help="Any notation works: KH, R♥, roi de cœur, 21, Excuse")
        sent = st.form_submit_button("Check what I typed")
    if sent:
        try:
            got = parse_cards(typed) if typed.strip() else []
        except TarotError as err:
            st.warning(f"{plain(err)}. Type one card, like T21 or KH.")
            got = []
        if len(got) == 1:
            _answer(puzzle, key, got[0].code)
        elif typed.strip() and got:
            st.info("Type one card only.")
        elif not typed.strip():
            st.info("Give an answer first.")


def _answer(puzzle: StrategyPuzzle, key: str, code: str) -> None:
    """An illegal card is refused with the reason and not counted; a legal one is the answer."""
    fb = grade_card(puzzle, code)
    if code not in legal_codes(puzzle):
        st.warning(fb.message)
    else:
        st.session_state[f"{key}_feedback"] = fb


def _bid(puzzle: StrategyPuzzle, key: str) -> None:
    seat = f"seat {puzzle.seat + 1}" + (" (you speak first)" if puzzle.seat == 0 else "")
    st.caption(f"{puzzle.players} players · {seat}")
    show_cards(puzzle.hand, label="Your hand", width=54)
    with st.form(f"qform_{key}", border=False):
        picked = st.radio("Your bid", [bid_label(b) for b in BIDS], index=None, key=f"{key}_bid", horizontal=True)
        sent = st.form_submit_button("Check my answer", type="primary")
    if sent:
        if picked is None:
            st.info("Choose a bid first.")
        else:
            st.session_state[f"{key}_feedback"] = grade_bid(puzzle, BIDS[[bid_label(b) for b in BIDS].index(picked)])


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
    with st.spinner("Working out every card with perfect play…"):
        result = solved(text)
    attack = puzzle.position.is_attack(puzzle.position.to_play)
    top = result["cards"][0][1]
    rows = []
    for code, score, points in result["cards"]:
        cost = (top - score) if attack else (score - top)
        rows.append({"Card": card_name(card(code)), "Taker's score": f"{score:+d}",
                     "Attack's points": f"{points:g}",
                     "For your side": "best" if code in result["best"] else f"{cost} points worse"})
    st.markdown("**What each card yields** with perfect play afterwards (the taker's final score for the deal):")
    st.table(rows)
    fb = st.session_state.get(f"{key}_feedback")
    mine = fb.given if fb is not None and fb.given in {c for c, _, _ in result["cards"]} else None
    pos = puzzle.position
    if mine and mine not in result["best"]:
        # "Show me": the refutation, the solver's line after the learner's card, trick by trick on the table.
        show_me(pos, card(mine), key=f"{key}_refute")
    show_line(pos, _from_zero(result["line"]), key=f"{key}_best",
              title=f"A best line, from {card_name(card(result['best'][0]))}")


def _from_zero(line) -> list[tuple[int, object]]:
    """A cached line (seats 1..N, card codes) as the stepper takes it (seats from 0, cards)."""
    return [(seat - 1, card(code)) for seat, code in line]


def _seat_values(puzzle: StrategyPuzzle) -> None:
    with st.spinner("Playing out the deals you cannot see…"):
        v = verdict(puzzle.digest, puzzle)
    rows = [{"Card": card_name(card(o["card"])), "For you on average": f"{o['own']:+.0f}",
             "Verdict": "best" if o["card"] == v["best"] else "as good as the best" if o["card"] in v["ties"]
             else f"{o['gap']:.0f} points worse (±{o['gap_ci']:.0f})"} for o in v["options"]]
    st.markdown(f"**What each card yields**, on {v['samples']} deals of the cards you cannot see that fit the "
                "bids and the play so far, the rest of each deal played out (your score for the deal; a card "
                "whose gap to the best is within the margin counts as best):")
    st.table(rows)


def _bid_values(puzzle: StrategyPuzzle) -> None:
    with st.spinner(f"Playing the hand out {puzzle.samples} times…"):
        values = estimates(puzzle.digest, puzzle)
    rows = []
    for bid in BIDS:
        v = values[bid]
        chance = "" if v["chance"] is None else f"{v['chance']:.0%}"
        rows.append({"Bid": bid_label(bid), "Made": chance, "Expected score": signed_score(v['expected']),
                     "": "best" if bid == puzzle.solution[0] else ""})
    st.markdown(f"**Each contract**, from {puzzle.samples} deals {HOW} "
                "(the chance the taker makes it, and the taker's average score):")
    st.table(rows)
