"""The reference bots stay as they were frozen: every figure measured against them keeps its yardstick.

The logs in ``tests/fixtures/reference_bots.json`` were recorded from these bots on the day they were
frozen (20 seeded deals at each table size: bids, calls, écarts, poignées and every card).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tutor.engine import Deal
from tutor.strategy.bots.reference import decide

LOGS = json.loads((Path(__file__).resolve().parents[2] / "fixtures" / "reference_bots.json").read_text())


@pytest.mark.parametrize("key", sorted(LOGS))
def test_a_seeded_deal_plays_as_it_did_when_frozen(key):
    players, seed = map(int, key.split("-"))
    d = Deal.new(players, seed=seed, dealer=seed % players)
    played = []
    while d.to_act is not None:
        played.append(str(d.apply(decide(d.view(d.to_act)).action)))
    first = next((i for i, (a, b) in enumerate(zip(played, LOGS[key])) if a != b), None)
    assert first is None and len(played) == len(LOGS[key]), (
        f"deal {key} leaves the frozen log at action {first}: {played[first:first + 1]} "
        f"instead of {LOGS[key][first:first + 1]}")


def test_the_logs_cover_every_phase_and_table_size():
    kinds = {a.split(":")[1] for log in LOGS.values() for a in log}
    assert {"bid", "call", "ecart", "play"} <= kinds
    assert {k.split("-")[0] for k in LOGS} == {"3", "4", "5"}
