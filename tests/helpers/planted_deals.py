"""A deal with a planted blunder by the learner, for the review tests."""

from __future__ import annotations

from tutor.engine import PETIT, Deal, Phase, PlayCard
from tutor.strategy.bots.reference import decide  # the frozen bots: these deals do not move when the bots improve
from tutor.strategy.exact.position import Position
from tutor.strategy.exact.solver import solve

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
