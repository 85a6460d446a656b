"""The one prenable judgement (``tutor.strategy.bidding.prenable``): the hand count filters, the estimator decides."""

from __future__ import annotations

import random

from tutor.engine import Contract, deal_cards, parse_cards
from tutor.strategy.bidding.estimate import estimate_bids
from tutor.strategy.bidding.prenable import PRENABLE, by_count, prenable
from tutor.strategy.bots.handcount import hand_strength

STRONG = parse_cards("T21 T20 T19 T18 T17 T16 T15 T14 T13 T12 T11 T10 T9 T1 EX KH KS QS")
WEAK = parse_cards("T2 T3 T4 2H 3H 4H 5H 6H 7H 2S 3S 4S 5S 6S 2C 3C 4C 5C")


def test_a_weak_hand_is_turned_away_by_the_count_without_sampling():
    assert hand_strength(WEAK, players=4) < PRENABLE["count"]
    v = prenable(WEAK, players=4, seat=0, seed=3)
    assert not v and v.samples == 0 and "under the 56" in v.reason


def test_a_huge_hand_is_prenable_and_the_numbers_are_the_estimators():
    v = prenable(STRONG, players=4, seat=1, seed=9)
    est = estimate_bids(STRONG, players=4, seat=1, samples=PRENABLE["samples"], rng=random.Random(9))
    garde = est.contracts[Contract.GARDE]
    assert v.prenable and v.samples == PRENABLE["samples"]
    assert (v.chance, v.expected) == (garde.chance, garde.expected)  # the same sampled deals
    assert v == prenable(STRONG, players=4, seat=1, seed=9)  # seeded


def test_the_verdict_follows_the_thresholds():
    """A hand over the count whose sampled garde is made too rarely, or scores too little, is not prenable."""
    rng = random.Random(4)
    seen = {True: 0, False: 0}
    for _ in range(1000):
        hand = max(deal_cards(4, seed=rng).hands, key=lambda h: hand_strength(h, players=4))
        if not by_count(hand, players=4):
            continue
        v = prenable(hand, players=4, seat=0, seed=1)
        assert v.samples == PRENABLE["samples"]
        assert v.prenable == (v.chance >= PRENABLE["garde_chance"] and v.expected > PRENABLE["expected"])
        seen[v.prenable] += 1
        if all(seen.values()):
            break
    assert all(seen.values()), seen  # both verdicts met among hands that pass the count
