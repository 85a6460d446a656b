"""One truth: Hint and the review ask the advisor the same question and give the same answer.

Practice deals (3, 4 and 5 players) are played with the learner sometimes following Hint and sometimes playing
another legal card; the review then judges each card after the deal, the advisor's cache cleared so it really
recomputes. Hint's card must be the review's "better" card whenever the review lists a card as costly, a card
played on Hint's advice is never costly, and otherwise Hint's card is in the tie set the review judged against.
The budget is tiny (fast tests) but the same for both, as at the table."""

from __future__ import annotations

import random

import pytest

from tutor.engine import Phase, PlayCard
from tutor.practice.table import Table
from tutor.strategy.advisor import advise as advisor
from tutor.strategy.advisor.advise import _advise, card_advice
from tutor.strategy.review.deal import decision_at, rewind


@pytest.fixture
def small_budget(monkeypatch):
    monkeypatch.setattr(advisor, "HINT_BUDGET_MS", 20)
    monkeypatch.setattr(advisor, "DECISIVE_SAMPLES", 4)  # so that a tiny budget still tells cards apart


def played_with_hints(players: int, seed: int, rng: random.Random) -> tuple[Table, dict]:
    """A practice deal played to the end; at each of the learner's cards with a choice, Hint's card (by the
    step in the log), and the learner's card: Hint's half the time, another legal card otherwise."""
    table = Table.new(players, seed)
    table.advance()
    hints = {}
    while not table.finished:
        if table.awaiting_start:
            table.start_play()
            continue
        view = table.view()
        bots = table.bot(view).action
        if view.phase is Phase.PLAYING and isinstance(bots, PlayCard) and len(view.legal) > 1:
            hint = table.hint().action.card
            hints[len(table.deal.log)] = hint
            table.act(PlayCard(table.learner, hint if rng.random() < 0.5 else rng.choice(view.legal)))
        else:  # a bid, a call, an écart, a poignée, a forced card: the bots' choice
            table.act(bots)
    return table, hints


@pytest.mark.long
def test_hint_and_review_agree_on_practice_positions(small_budget):
    rng = random.Random(7)
    checked = decisive = 0
    # Deals the bots take (they pass more since their bids rose: 3 players 11, 12 and 4 players 21-23 are passed out)
    for players, seeds in ((3, (18, 25)), (4, (28, 33, 39)), (5, (31, 32))):
        for seed in seeds:
            table, hints = played_with_hints(players, seed, rng)
            _advise.cache_clear()  # the review recomputes: agreement by the same seed, not by the cache
            for step, hint in hints.items():
                judged = decision_at(table.deal, step)
                played = table.deal.log[step].card
                before = rewind(table.deal, step)
                advice = card_advice(before.view(table.learner), table.deal.seed)
                assert advice.pick == hint  # recomputed: the same answer
                if judged.gain > 0:
                    assert judged.better == hint and played not in advice.ties
                else:
                    assert played in advice.ties and hint in advice.ties
                if played == hint:
                    assert judged.gain == 0
                checked += 1
                decisive += len(advice.ties) < len(advice.options)
    assert checked >= 50
    assert decisive >= 10  # the verdicts are not all "everything tied"
