"""Issue 39: under heavy load the app's own writers outwaited SQLite's busy timeout and were told the
database was "locked by another program". Now a write whose BEGIN outwaits the busy timeout asks again
(``db.WRITE_PATIENCE``), and only past that says the database is busy, blaming nobody.

Another process of the app holds the write lock for longer than the busy timeout (0.2 s here) while
this one saves an answer: the answer is saved once the lock is free."""

from __future__ import annotations

import multiprocessing as mp
import time

import pytest

from tutor.progress import AnswerRecord, Problem, Store, StoreError
from tutor.progress import db as dbmod

FORK = mp.get_context("fork")
REC = AnswerRecord("counting", "count", 7, {"players": 4}, "5", True, 1.0)


def _hold(url: str, seconds: float, ready) -> None:
    s = Store.open(url)
    with dbmod.writing(s.engine):  # the app's own write transaction, held as a slow writer would
        ready.set()
        time.sleep(seconds)
    s.close()


@pytest.fixture
def short_timeout(monkeypatch):
    monkeypatch.setattr(dbmod, "BUSY_TIMEOUT_MS", 200)


def test_a_write_waits_out_another_app_process_longer_than_the_busy_timeout(tmp_path, short_timeout):
    url = f"sqlite:///{tmp_path / 'p.sqlite3'}"
    store = Store.open(url)
    me = store.default_learner()
    ready = FORK.Event()
    holder = FORK.Process(target=_hold, args=(url, 1.5, ready))
    holder.start()
    try:
        assert ready.wait(30)
        store.record_answer(me.id, REC)  # 1.5 s behind the other writer: 7 busy timeouts of 0.2 s
        assert store.count_answers() == 1
    finally:
        holder.join(30)
        store.close()


def test_past_the_patience_the_database_is_busy_and_nobody_is_blamed(tmp_path, short_timeout, monkeypatch):
    monkeypatch.setattr(dbmod, "WRITE_PATIENCE", 0.5)
    url = f"sqlite:///{tmp_path / 'p.sqlite3'}"
    store = Store.open(url)
    me = store.default_learner()
    ready = FORK.Event()
    holder = FORK.Process(target=_hold, args=(url, 3.0, ready))
    holder.start()
    try:
        assert ready.wait(30)
        with pytest.raises(StoreError) as err:
            store.record_answer(me.id, REC)
        assert err.value.problem is Problem.LOCKED
        assert "is busy" in str(err.value) and "another program" not in str(err.value).split("(")[0]
    finally:
        holder.join(30)
        store.close()
