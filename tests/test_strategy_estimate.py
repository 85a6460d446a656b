"""The bidding estimator: reproducible for a seed, and sane on hands whose answer nobody doubts."""

from __future__ import annotations

import random

import pytest

from tutor.engine import Contract, TarotError, parse_cards
from tutor.strategy.estimate import estimate_bids, wilson

MONSTER = parse_cards("T21 T20 T19 T18 T17 T16 T15 T14 T13 T12 T11 T10 T9 T8 T1 EX KH KS")  # 3 oudlers, 15 trumps
NOTHING = parse_cards("2H 3H 4H 5H 6H 2S 3S 4S 5S 6S 2C 3C 4C 5C 2D 3D 4D 5D")  # no trump, king or oudler
MIDDLING = parse_cards("T21 T15 T12 T8 T5 T3 T1 EX KH QH 5H 2H KS 9S 4C 6C 7D 3D")


def test_same_seed_same_numbers_and_another_seed_differs():
    a = estimate_bids(MIDDLING, players=4, samples=12, rng=random.Random(5))
    b = estimate_bids(MIDDLING, players=4, samples=12, rng=random.Random(5))
    c = estimate_bids(MIDDLING, players=4, samples=12, rng=random.Random(6))
    assert a.to_json() == b.to_json()
    assert a.to_json()["contracts"] != c.to_json()["contracts"]


def test_three_oudlers_and_fifteen_trumps_make_a_garde_contre():
    e = estimate_bids(MONSTER, players=4, samples=30, rng=random.Random(1))
    assert e.contracts[Contract.GARDE_CONTRE].chance > 0.9
    assert e.advice is Contract.GARDE_CONTRE  # made almost always, it pays the most


def test_a_hand_with_nothing_rarely_makes_a_petite():
    e = estimate_bids(NOTHING, players=4, samples=30, rng=random.Random(2))
    assert e.contracts[Contract.PETITE].chance < 0.1
    assert e.advice is None  # pass: every contract loses on average


@pytest.mark.parametrize("players, seat", [(3, 0), (4, 2), (5, 4)])
def test_petite_and_garde_share_deals_and_garde_contre_never_beats_garde_sans(players, seat):
    rng = random.Random(players)
    deck = parse_cards("T21 T20 T18 T16 T14 T11 T9 T6 T4 T1 EX KH QH KS 8S 4C 6C 7D 3D 2D 5S 6S 7S 8H")
    hand = deck[: {3: 24, 4: 18, 5: 15}[players]]
    e = estimate_bids(hand, players=players, seat=seat, samples=10, rng=rng)
    c = e.contracts
    assert c[Contract.PETITE].chance == c[Contract.GARDE].chance
    assert c[Contract.GARDE_CONTRE].chance <= c[Contract.GARDE_SANS].chance
    for est in c.values():
        assert est.low <= est.chance <= est.high and est.samples == 10


def test_wilson_interval_matches_the_formula_worked_by_hand():
    # p = 0.5, n = 4, z = 1.96: centre 0.5, half-width 1.96·sqrt(0.0625 + 0.0601)/1.9604 = 0.3505.
    low, high = wilson(2, 4)
    assert round(low, 3) == 0.150 and round(high, 3) == 0.850


@pytest.mark.parametrize("hand, kw, message", [
    (MIDDLING[:17], {}, "a hand has 18 cards"),
    (MIDDLING[:17] + MIDDLING[:1], {}, "twice"),
    (MIDDLING, {"seat": 4}, "seat is 1 to 4"),
    (parse_cards("T1 2H 3H 4H 5H 6H 2S 3S 4S 5S 6S 2C 3C 4C 5C 2D 3D 4D"), {}, "Petit sec"),
])
def test_bad_input_says_why(hand, kw, message):
    with pytest.raises(TarotError, match=message):
        estimate_bids(hand, players=4, samples=2, rng=random.Random(0), **kw)
