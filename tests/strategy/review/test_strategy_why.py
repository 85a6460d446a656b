"""The principle behind a costly card: each recogniser on a hand-made position, and the review's numbers
checked against the solver on a seeded deal."""

from __future__ import annotations

import pytest
from planted_deals import LEARNER, planted

from tutor.engine import PETIT, parse_card
from tutor.strategy.bots.principles import PRINCIPLES, STRATEGY_LESSONS, for_side
from tutor.strategy.exact.position import Position
from tutor.strategy.exact.solver import solve
from tutor.strategy.review.deal import decisions, learner_steps, review_deal, rewind
from tutor.strategy.review.why import RECOGNISERS, principle_of


def position(hands: str, leader: int, trick: str = "", taker: int = 1) -> Position:
    """A 4-player garde near its end; ``hands`` as "seat: cards; ..." with seats from 1."""
    rows = {s.strip(): c.strip() for s, c in (part.split(":") for part in hands.split(";"))}
    left = len(rows[str(leader)].split()) + (1 if trick else 0)
    done = 18 - left
    return Position.parse(f"""
players: 4
contract: garde
taker: {taker}
hands: {{{", ".join(f"{s}: {c}" for s, c in rows.items())}}}
trick: {{leader: {leader}, cards: "{trick}"}}
taken: {{attack_points: 30, attack_oudlers: 0, attack_tricks: {done // 2}, defence_tricks: {done - done // 2}}}
""")


def why(pos: Position, played: str, better: str, winner: int | None = None) -> str:
    """``winner`` counts seats from 1, like the positions."""
    return principle_of(pos, played=parse_card(played), better=parse_card(better),
                        winner=None if winner is None else winner - 1)


# Each case: the position, the card played, the better card, the trick's winner (seat from 1), and the
# principle worked out by hand.
CASES = {
    # An opponent (seat 4) trumped with the Petit; the taker's T5 takes it, the Excuse lets it go.
    "hunt-the-petit": (position("1: EX T5; 2: 3H 4H; 3: 6S; 4: 7D", leader=3, trick="5S T1"), "EX", "T5", 4),
    # The taker trumps with the Petit and seat 2 overtrumps it; the Excuse would have kept it. The taker is
    # sent to the attack's "Save the Petit", taught in lesson 21, not to the defence's.
    "attack-save-the-petit": (position("1: T1 EX; 2: T6 8D; 3: 5H; 4: 9C", leader=3, trick="KS 2S"), "T1", "EX", 2),
    # The Excuse held to the end when it could go now on a lost trick.
    "excuse-timing": (position("1: EX 4H; 2: 5C; 3: 6C; 4: 7C", leader=2, trick="2H KH QH"), "4H", "EX", 2),
    # Seat 2 (a defender) leads the king and wins: seat 3, its partner, gives the queen, not the 3.
    "charger": (position("1: 7D 8D; 2: 9D; 3: QH 3H; 4: 5D 6D", leader=2, trick="KH"), "3H", "QH", 2),
    # A defender leads spades, which the taker lacks, rather than hearts, which the taker holds.
    "lead-to-cut": (position("1: T7 6H; 2: 4S 5H; 3: 6S 7S; 4: 8S 9S", leader=2), "5H", "4S", None),
    # The taker's lead of the king or a low heart: none of the above, it is counting the last tricks.
    "count-tricks": (position("1: KH 2H; 2: 3H 4H; 3: 5H 6H; 4: 7H 8H", leader=1), "2H", "KH", 1),
}


@pytest.mark.parametrize("expected", CASES)
def test_each_principle_is_recognised_on_its_hand_made_position(expected):
    pos, played, better, winner = CASES[expected]
    assert parse_card(played) in pos.legal() and parse_card(better) in pos.legal()  # a real choice
    assert why(pos, played, better, winner) == expected


def test_every_recogniser_names_a_principle_of_the_table_taught_by_a_strategy_lesson():
    named = {pid for pid, _ in RECOGNISERS} | {"count-tricks"}
    both = {for_side(pid, attack=side) for pid in named for side in (True, False)}
    assert set(CASES) <= both  # each case is a recogniser's principle, as one side names it
    assert all({for_side(pid, attack=True), for_side(pid, attack=False)} & set(CASES) for pid in named)
    assert all(PRINCIPLES[pid].lesson in STRATEGY_LESSONS for pid in CASES)


def test_recognisers_do_not_fire_when_their_condition_fails():
    # The Petit with one other trump is short: lead trumps. With two others it is guarded: no hunt.
    short = position("1: T5 KH 2D; 2: T1 T2 QH; 3: 4S 9H 3D; 4: 7D 8D 9D", leader=1)
    assert why(short, "KH", "T5") == "hunt-the-petit"
    guarded = position("1: T5 KH 2D; 2: T1 T2 T3; 3: 4S 9H 3D; 4: 7D 8D 9D", leader=1)
    assert why(guarded, "KH", "T5") == "count-tricks"
    # Seat 2 won the trick, but it is the taker's opponent: no charger for the taker's partner-less seat 1.
    pos = position("1: QH 3H; 2: 7D 8D; 3: 5D 6D; 4: 9D", leader=4, trick="KH", taker=2)
    assert why(pos, "3H", "QH", winner=4) == "charger"  # seat 1 defends with seat 4
    assert why(pos, "3H", "QH", winner=2) == "count-tricks"  # the taker won it: giving points is no help
    # The Petit played on a trick the taker's side won is not lost.
    pos, *_ = CASES["attack-save-the-petit"]
    assert why(pos, "T1", "EX", winner=1) == "excuse-timing"
    # A lead the taker can follow is no cut.
    pos = position("1: T7 4S; 2: 5S 5H; 3: 6S 7S; 4: 8S 9S", leader=2)
    assert why(pos, "5H", "5S") == "count-tricks"


# ---------------------------------------------------------------- the review against the solver


def test_every_exact_gain_is_the_better_cards_value_minus_the_played_cards_from_the_solver():
    deal, _ = planted()
    exact = decisions(deal, LEARNER, exact_only=True)
    assert exact, "the last tricks are within the solver's range"
    for d in exact:
        before = rewind(deal, d.step)
        assert before.to_act == LEARNER and deal.log[d.step].card is d.played
        sol = solve(Position.from_deal(before))
        values = {c: v.taker_score for c, v in sol.cards.items()}  # the learner is the taker: their own score
        # The double-dummy verdict (extra information: the learner is judged on what they could see).
        assert d.dd_gain == max(values.values()) - values[d.played]
        assert values[d.dd_best] == max(values.values())
        assert d.trick == len(before.tricks) + 1


def test_a_defenders_gain_is_a_third_of_the_takers_loss_with_four_players():
    deal, _ = planted()
    found = [d for s in range(4) if s != deal.taker for d in decisions(deal, s, exact_only=True)
             if len(d.options) > 1]
    assert found and any(d.dd_gain > 0 for d in found), "a defender's costly exact card to check"
    for d in found:
        sol = solve(Position.from_deal(rewind(deal, d.step)))
        values = {c: v.taker_score for c, v in sol.cards.items()}
        # Each defender pays or gets the taker's score divided by three (the double-dummy gain, every card known).
        assert d.dd_gain == pytest.approx((values[d.played] - min(values.values())) / 3, abs=0.01)


def test_the_planted_petit_is_listed_with_the_save_the_petit_principle_and_its_step():
    deal, _ = planted()
    found = review_deal(deal, LEARNER, exact_only=True)
    blunder = next(d for d in found if d.played is PETIT)
    # The learner is the taker: the attack's "Save the Petit", taught in "Playing the attack" (issue 24).
    assert blunder.principle == "attack-save-the-petit"
    assert blunder.step in learner_steps(deal, LEARNER)
    assert PRINCIPLES[blunder.principle].lesson == "attack-play"
