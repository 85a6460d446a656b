"""The deal review finds a planted blunder, exactly, and labels the earlier decisions as estimated."""

from __future__ import annotations

import random

import pytest
from planted_deals import BLUNDER_TRICK, LEARNER, planted

from tutor.engine import PETIT
from tutor.strategy.review.deal import decisions, describe, review_deal


@pytest.mark.long
def test_review_finds_the_petit_thrown_away():
    deal, solved = planted()
    assert deal.taker == LEARNER and PETIT not in solved.best
    lost = next(t for t in deal.tricks if PETIT in t.cards)
    assert deal.camp(lost.winner) == "defence"  # the Petit really went to the defence
    found = review_deal(deal, LEARNER, exact_only=True)
    blunder = next(d for d in found if d.trick == BLUNDER_TRICK)
    # Judged on what the learner could see (the advisor, every sampled deal solved exactly) ...
    assert blunder.played is PETIT and blunder.exact and blunder.gain > 0 and blunder.samples > 0
    # ... with the double-dummy verdict as extra information: the best card with every card known, and what
    # it gains over the Petit, the taker's own score from the solver.
    assert blunder.dd_best in solved.best
    assert blunder.dd_gain == solved.value.taker_score - solved.cards[PETIT].taker_score > 100
    line = describe(blunder)
    assert "Trick 15: you played trump 1;" in line and "on what you could see" in line and "each solved exactly" in line
    # The learner's other decisions are listed only when they cost something.
    assert all(d.gain >= 1 for d in found)


def test_earlier_decisions_are_estimated_from_consistent_samples():
    deal, _ = planted()
    every = decisions(deal, LEARNER, samples=2, rng=random.Random(4))
    early = [d for d in every if not d.exact]
    assert early and all(d.samples > 0 and not d.double_dummy for d in early)
    assert all(d.trick < BLUNDER_TRICK for d in early)
    for d in early:
        cards = {c for c, _ in d.options}
        assert d.played in cards and d.better in cards
        assert d.gain >= 0
