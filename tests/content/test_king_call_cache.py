"""The lessons' king calls, graded by play, are kept on disk (``tutor.jsoncache``): a new process that loads the
course reads them instead of playing every call out again, gets the same answer, and a damaged entry or a change
of the strategy code plays them out again."""

from __future__ import annotations

import json

import pytest

from tutor import jsoncache
from tutor.content import strategy_queries as q

HAND = "T20 T17 T13 T9 T6 T2 EX KH 7H QC JC 9C 6C 3C 8S"


@pytest.fixture
def cache_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("TUTOR_CACHE_DIR", str(tmp_path))
    q._calls_by_play.cache_clear()  # a new process: nothing in memory
    yield tmp_path
    q._calls_by_play.cache_clear()


def _ask():
    return q.q_king_call({"hand": HAND})


def _no_play(*a, **k):
    raise AssertionError("the calls were played out again")


def test_a_new_process_reads_the_calls_and_gives_the_same_answer(cache_dir, monkeypatch):
    first = _ask()
    kept = json.loads((cache_dir / "king-calls.json").read_text())
    (key, entry), = kept.items()
    assert key.endswith(jsoncache.code_hash()) and entry["best"] == first.value.code
    q._calls_by_play.cache_clear()
    monkeypatch.setattr(q, "grade_calls", _no_play)
    again = _ask()
    assert (again.value, again.accept, again.note, again.pool) == (first.value, first.accept, first.note, first.pool)


def test_a_damaged_entry_or_other_code_plays_the_calls_out_again(cache_dir, monkeypatch):
    first = _ask()
    path = cache_dir / "king-calls.json"
    (key, entry), = json.loads(path.read_text()).items()
    path.write_text(json.dumps({key: {**entry, "options": "garbage"}}))
    q._calls_by_play.cache_clear()
    assert _ask().value == first.value  # played out again, and written back whole
    assert json.loads(path.read_text())[key]["options"] != "garbage"
    # Another version of the bots: the kept entry is not theirs.
    q._calls_by_play.cache_clear()
    monkeypatch.setattr(q, "code_hash", lambda: "another-version")
    calls = []
    real = q.grade_calls
    monkeypatch.setattr(q, "grade_calls", lambda *a, **k: calls.append(1) or real(*a, **k))
    assert _ask().value == first.value and calls == [1]


def test_no_cache_when_turned_off(tmp_path, monkeypatch):
    monkeypatch.setenv("TUTOR_CACHE_DIR", "off")
    q._calls_by_play.cache_clear()
    try:
        assert _ask().value is not None
        assert jsoncache.cache_file("king-calls.json") is None
    finally:
        q._calls_by_play.cache_clear()
