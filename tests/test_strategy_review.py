"""The deal review finds a planted blunder, exactly, and labels the earlier decisions as estimated."""

from __future__ import annotations

import random

from tutor.engine import PETIT, Deal, Phase, PlayCard
from tutor.strategy.bots.policy import decide
from tutor.strategy.exact.position import Position
from tutor.strategy.exact.solver import solve
from tutor.strategy.review.deal import decisions, describe, review_deal

# Deal seed 22 (4 players, dealer seat 4): seat 2 (index 1) takes a petite. At trick 15 the bots'
# play leaves the taker holding the Petit with a better card to play; the planted blunder plays it.
SEED, LEARNER, BLUNDER_TRICK = 22, 1, 15


def planted() -> tuple[Deal, int]:
    d = Deal.new(4, seed=SEED, dealer=3)
    solved = None
    while d.phase is not Phase.DONE:
        seat = d.to_act
        if seat == LEARNER and d.phase is Phase.PLAYING and len(d.tricks) + 1 == BLUNDER_TRICK and solved is None:
            solved = solve(Position.from_deal(d))
            d.apply(PlayCard(seat, PETIT))
            continue
        d.apply(decide(d.view(seat)).action)
    return d, solved


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
