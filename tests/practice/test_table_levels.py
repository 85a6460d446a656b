"""The practice table's level: "beginner" seats the frozen reference bots, "club" (the default) the new bots."""

from __future__ import annotations

import pytest

from tutor.engine import Deal
from tutor.practice.table import LEVELS, Table, bot_for
from tutor.strategy.bots import policy, reference


def _moves_of(bot, players: int, seed: int, learner: int, count: int) -> list:
    """What ``bot`` does in every seat but the learner's, from the start, until the learner's turn."""
    t = Table.new(players, seed)
    deal = Deal.new(players, seed=seed, dealer=t.deal.dealer)
    out = []
    while deal.to_act != learner and len(out) < count:
        out.append(deal.apply(bot(deal.view(deal.to_act)).action))
    return out


def test_the_default_table_is_the_club_one():
    assert set(LEVELS) == {"beginner", "club"}
    assert Table.new(4, seed=11).bot is policy.decide and bot_for() is policy.decide


@pytest.mark.parametrize(("level", "bot"), [("beginner", reference.decide), ("club", policy.decide)])
def test_each_level_seats_its_bots_and_keeps_them(level, bot):
    """The bots that act at the table are the level's: their moves are that policy's on each seat's view, and a
    table set back by the review keeps them."""
    for seed in (3, 11, 12):
        t = Table.new(4, seed=seed, level=level)
        assert t.bot is bot
        assert t.advance() == _moves_of(bot, 4, seed, t.learner, 500)
        assert t.replay_from(0).bot is bot


def test_an_unknown_level_is_refused():
    with pytest.raises(ValueError, match="unknown table level"):
        Table.new(4, seed=1, level="expert")
