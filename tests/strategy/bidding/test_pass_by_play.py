"""Passing valued by play (issue 35, items 5 and 6): the estimator plays every sampled deal once more with the bidder
passing and the others bidding and playing as the bots do; the verdict compares every bid with that, advises the
lowest of the tied options and says which higher ones were tied, in English and in French."""

from __future__ import annotations

import random

import pytest

from tutor.engine import Bid, Contract, Deal, Phase, RuleSet, parse_cards
from tutor.engine.deal import DealtCards
from tutor.engine.words import Text
from tutor.i18n import using
from tutor.i18n.words import say
from tutor.strategy.bidding.contracts import ORDER, said, verdict
from tutor.strategy.bidding.estimate import _deal, estimate_bids, passing
from tutor.strategy.bots.policy import decide

WEAK = parse_cards("T13 T9 T6 T3 QH 9H 5H 2H JS 8S 4S 10C 6C 3C 8D 7D 5D 2D")  # strategy-bidding.yaml's first


def _bots_play(dealt: DealtCards, seat: int) -> float:
    """The seat's score when it passes and the bots do everything else, on the full engine (not the lean state)."""
    d = Deal(dealt, rules=RuleSet.for_players(dealt.players))
    while d.phase not in (Phase.DONE, Phase.CANCELLED):
        s = d.to_act
        d.apply(Bid(s, None) if s == seat and d.phase is Phase.BIDDING else decide(d.view(s)).action)
    return 0.0 if d.phase is Phase.CANCELLED else float(d.result().seat_scores[seat])


@pytest.mark.parametrize("players,seat", [(3, 0), (4, 1), (5, 4)])
def test_passing_is_the_seats_own_score_with_the_bots_bidding_and_playing(players, seat):
    hand = parse_cards({3: "T13 T9 T6 T3 QH 9H 5H 2H JS 8S 4S 10C 6C 3C 8D 7D 5D 2D 4D 6D 9D 10D 7C 8C",
                        4: " ".join(c.code for c in WEAK),
                        5: "T13 T9 T6 QH 9H 5H 2H JS 8S 4S 10C 6C 3C 8D 7D"}[players])
    rng = random.Random(7)
    seen_taken = False
    for _ in range(6):
        dealt = _deal(tuple(hand), players, seat, rng)
        value = passing(dealt, seat)
        assert value == _bots_play(dealt, seat)
        seen_taken |= value != 0
    assert seen_taken  # a weak hand passes, and somebody else takes in some of these deals


def test_when_everyone_passes_passing_is_zero():
    # The bidder holds the 18 highest trumps: the others have at most 3 trumps and the Excuse, so the bots pass.
    hand = parse_cards(" ".join(f"T{r}" for r in range(21, 3, -1)))
    e = estimate_bids(hand, players=4, seat=0, samples=10, seed=2)
    assert e.passing == 0.0 and set(e.scores[None]) == {0.0}


def test_the_verdict_compares_every_bid_with_passing_on_the_same_deals():
    e = estimate_bids(WEAK, players=4, seat=0, samples=30, seed=1)
    v = verdict(e.scores, ORDER)
    assert len(e.scores[None]) == 30 and v.expected[None] == pytest.approx(e.passing)
    assert e.passing == pytest.approx(sum(e.scores[None]) / 30)
    assert e.advice is v.advice and e.to_json()["pass"]["expected"] == round(e.passing, 1)
    # Without the pass play-outs (a caller reading one contract's chance) passing counts 0, on the same deals.
    lean = estimate_bids(WEAK, players=4, seat=0, samples=30, seed=1, value_pass=False)
    assert lean.contracts == e.contracts and lean.passing == 0.0


def test_the_advice_is_the_lowest_tied_option_and_its_words_name_the_higher_ones():
    # Pass is worth -40 a deal (a neighbour's contract defended), a petite -10, a garde -5, a garde sans far
    # worse. The best mean is the garde; its per-deal gap to the petite (+10 -2 +12 0: mean +5, sd 7.0, se 3.5,
    # t95(3) = 3.18, so ±11.2) reaches 0, its gap to pass (+40 +28 +42 +30) does not: the advice is the petite.
    scores = {None: (-40, -40, -40, -40), Contract.PETITE: (-10, -10, -10, -10),
              Contract.GARDE: (0, -12, 2, -10), Contract.GARDE_SANS: (-600, -500, -700, -650)}
    v = verdict(scores, ORDER)
    assert v.best is Contract.GARDE and v.ties == (Contract.PETITE, Contract.GARDE) and v.advice is Contract.PETITE
    gap, half = v.over[Contract.GARDE]
    assert gap == pytest.approx(5.0) and half == pytest.approx(11.18, abs=0.01)
    line = said(v)
    assert isinstance(line, Text)
    assert str(line) == "Petite: garde is within the noise (garde +5 a deal on average against petite, ±11)"
    with using("fr"):
        fr = say(line)
    assert fr.startswith("Petite\u00a0: garde est dans le bruit de l’estimation (garde\u00a0: +5 par donne en moyenne")
    # Two tied above it: both named, the verb in the plural.
    scores[Contract.GARDE_SANS] = (0, -14, 4, -10)
    v = verdict(scores, ORDER)
    assert v.advice is Contract.PETITE and v.ties == (Contract.PETITE, Contract.GARDE, Contract.GARDE_SANS)
    assert str(said(v)).startswith("Petite: garde and garde sans are within the noise (garde +5 a deal on average")
    # Nothing tied above: the advice alone.
    assert str(said(verdict({None: (0, 0, 0), Contract.PETITE: (50, 52, 48)}, ORDER))) == "Petite"
