"""Principles by role (issue 24): a taker's or partner's hint, review and puzzle principles are the attack's,
taught in "Playing the attack"; a defender's are the defence's, taught in "Playing the defence"; and
"Count the last tricks" is quoted only in the last tricks of a deal."""

from __future__ import annotations

from pathlib import Path

import pytest

from tutor.engine import Deal, Phase, PlayCard, parse_card
from tutor.quiz.puzzles import load_puzzles
from tutor.strategy.bots.policy import choose_play, decide
from tutor.strategy.bots.principles import NEAR_END_TRICKS, PAIRS, PRINCIPLES, for_side, near_end
from tutor.strategy.exact.position import Position
from tutor.strategy.review.deal import rewind
from tutor.strategy.review.why import principle_in_deal, principle_of

PUZZLES = Path(__file__).resolve().parents[3] / "puzzles"
SIDE_LESSON = {"attack": "attack-play", "defence": "defence-play"}
DECISIONS: list[tuple[str, int, str | None, str | None]] = []  # (side, tricks left, review's, hint's principle)


def _fits(pid: str | None, side: str) -> bool:
    """A principle a seat of ``side`` may be sent to: none, a neutral one, or its own side's (and lesson)."""
    if pid is None:
        return True
    p = PRINCIPLES[pid]
    return p.side in (None, side) and p.lesson != SIDE_LESSON["defence" if side == "attack" else "attack"]


def _play(players: int, seed: int) -> None:
    """Every decision of a bot-played deal, each other legal card taken as the "better" one for the review."""
    deal = Deal.new(players, seed=seed)
    while deal.phase is not Phase.DONE and deal.to_act is not None:
        deal.apply(decide(deal.view(deal.to_act)).action)
    if deal.taker is None or deal.phase is not Phase.DONE:
        return  # everybody passed
    for step, action in enumerate(deal.log):
        if not isinstance(action, PlayCard):
            continue
        before = rewind(deal, step)
        side = deal.camp(action.seat)
        left = Position.from_deal(before).tricks_left
        hint = choose_play(before.view(action.seat))[2]
        for better in before.legal_cards(action.seat):
            if better != action.card:
                DECISIONS.append((side, left, principle_in_deal(before, deal, action.card, better), hint))


@pytest.fixture(scope="module")
def decisions():
    if not DECISIONS:
        for players in (3, 4, 5):
            for seed in range(8):
                _play(players, seed)
    return DECISIONS


def test_pairs_have_one_row_per_side_with_the_same_name_and_their_side_lesson():
    for attack, defence in PAIRS:
        a, d = PRINCIPLES[attack], PRINCIPLES[defence]
        assert (a.side, a.lesson, d.side, d.lesson) == ("attack", "attack-play", "defence", "defence-play")
        assert a.name == d.name
        assert for_side(defence, attack=True) == attack and for_side(attack, attack=False) == defence
    # A principle of lesson 21 or 22 is one side's; the others (bidding, écart, endgame) are either side's.
    for p in PRINCIPLES.values():
        assert p.side == {v: k for k, v in SIDE_LESSON.items()}.get(p.lesson), p.id


def test_review_and_hint_principles_fit_the_seats_role(decisions):
    sides = {side for side, *_ in decisions}
    assert sides == {"attack", "defence"} and len(decisions) > 1000
    named = [(side, pid) for side, _, review, hint in decisions for pid in (review, hint) if pid is not None]
    assert {PRINCIPLES[pid].side for _, pid in named} >= {"attack", "defence"}  # both sides' rows are used
    bad = [(side, pid) for side, pid in named if not _fits(pid, side)]
    assert not bad, bad[:5]


def test_count_the_last_tricks_only_near_the_end(decisions):
    counted = [left for _, left, review, _ in decisions if review == "count-tricks"]
    assert counted and max(counted) <= NEAR_END_TRICKS
    # Earlier, a decision no recogniser explains names no principle rather than "Count the last tricks".
    assert any(review is None for _, left, review, _ in decisions if left > NEAR_END_TRICKS)
    assert near_end(4) and not near_end(5)  # trick 15 of 18 is near the end; trick 5 of 24 is not


def test_the_taker_and_partner_of_a_charger_get_the_attacks_principle():
    """Hand-made, 5 players: the called partner (seat 5) loads the taker's winning trick with a king."""
    pos = Position.parse("""
players: 5
contract: garde
taker: 3
partner: 5
hands: {1: T15 KS, 2: CC QD, 3: T9 8S, 4: JS 4D, 5: EX 8C KD}
trick: {leader: 1, cards: "T5 JD T8 4S"}
taken: {attack_points: 38.5, attack_oudlers: 2, attack_tricks: 6, defence_tricks: 6}
""")
    pid = principle_of(pos, played=parse_card("8C"), better=parse_card("KD"), winner=2)
    assert pid == "attack-charger" and PRINCIPLES[pid].lesson == "attack-play"


def test_every_best_card_puzzle_names_its_sides_principle():
    best = [p for p in load_puzzles(PUZZLES) if getattr(p, "kind", "") == "best-card"]
    assert best
    for p in best:
        side = "attack" if p.position.is_attack(p.position.to_play) else "defence"
        assert _fits(p.principle, side), (p.id, p.principle)
    ids = {p.id: p.principle for p in best}
    assert ids["partner-loads-the-king"] == "attack-charger"  # the called partner: the attack's lesson
    assert ids["three-players-excuse-before-the-end"] == "defence-excuse-timing"
