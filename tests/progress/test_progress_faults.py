"""Failures the app must survive: many writers at once, a locked, a read-only and a corrupt database."""

import sqlite3
import threading
from datetime import UTC, datetime

import pytest

from tutor.progress import AnswerRecord, Problem, Store, StoreError

REC = AnswerRecord("counting", "count", 7, {"players": 4}, "5", True, 1.0)


def test_many_threads_writing_answers_lose_none(db_url):
    """8 threads, each with its own store (like separate app processes) or a shared one, 40 answers each."""
    first = Store.open(db_url)
    learners = [first.create_learner(f"learner {i}").id for i in range(4)]
    stores = [first] + [Store.open(db_url) for _ in range(3)]
    errors = []

    def writer(n: int) -> None:
        store = stores[n % len(stores)]
        try:
            for _ in range(40):
                store.record_answer(learners[n % 4], REC)
        except Exception as exc:  # pragma: no cover - the assertion below shows it
            errors.append(exc)

    threads = [threading.Thread(target=writer, args=(n,)) for n in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == []
    assert first.count_answers() == 8 * 40
    assert [first.count_answers(lid) for lid in learners] == [80, 80, 80, 80]
    for s in stores:
        s.close()


def test_many_threads_creating_the_same_profile_get_one(db_url):
    store = Store.open(db_url)
    got = []
    threads = [threading.Thread(target=lambda: got.append(store.default_learner().id)) for _ in range(6)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert len(set(got)) == 1 and len(store.learners()) == 1
    store.close()


def test_a_locked_database_fails_with_a_clear_error(tmp_path, monkeypatch):
    monkeypatch.setattr("tutor.progress.db.BUSY_TIMEOUT_MS", 200)
    monkeypatch.setattr("tutor.progress.db.WRITE_PATIENCE", 0.5)
    path = tmp_path / "p.sqlite3"
    store = Store.open(f"sqlite:///{path}")
    me = store.default_learner()
    other = sqlite3.connect(path, isolation_level=None)
    other.execute("BEGIN EXCLUSIVE")  # another program holds the write lock
    try:
        with pytest.raises(StoreError) as err:
            store.record_answer(me.id, REC)
        assert err.value.problem is Problem.LOCKED
        assert "is busy" in str(err.value) and "locked by another program" not in str(err.value)
        assert store.count_answers() == 0  # reading still works (WAL)
    finally:
        other.execute("ROLLBACK")
        other.close()
    store.record_answer(me.id, REC)  # and once the lock is gone, saving works again
    assert store.count_answers() == 1


def test_a_read_only_database_is_read_but_not_written(tmp_path):
    path = tmp_path / "p.sqlite3"
    writable = Store.open(f"sqlite:///{path}")
    me = writable.default_learner()
    writable.record_answer(me.id, REC)
    writable.close()
    store = Store.open(f"sqlite:///file:{path}?mode=ro&uri=true")
    assert "read-only" in store.read_only
    assert store.count_answers(me.id) == 1
    with pytest.raises(StoreError) as err:
        store.record_answer(me.id, REC)
    assert err.value.problem is Problem.READ_ONLY
    store.close()


def test_a_corrupt_file_is_backed_up_before_a_fresh_one(tmp_path):
    path = tmp_path / "p.sqlite3"
    garbage = b"not a database at all\n" * 300
    path.write_bytes(garbage)
    store = Store.open(f"sqlite:///{path}")
    backups = list(tmp_path.glob("p.sqlite3.corrupt-*"))
    assert len(backups) == 1 and backups[0].read_bytes() == garbage
    assert backups[0].name in store.notice
    me = store.default_learner()
    store.record_answer(me.id, REC)
    assert store.count_answers() == 1
    store.close()


def test_a_damaged_page_inside_a_real_database_is_caught(tmp_path):
    path = tmp_path / "p.sqlite3"
    store = Store.open(f"sqlite:///{path}")
    me = store.default_learner()
    for i in range(300):
        store.record_answer(me.id, AnswerRecord("counting", "count", i, {"players": 4}, "x" * 200, True, 1.0))
    store.close()
    con = sqlite3.connect(path)
    con.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    # Where the two tables start: the file's layout follows the order its tables were made in.
    roots = dict(con.execute("SELECT name, rootpage FROM sqlite_master WHERE name IN ('learners', 'answers')"))
    con.close()
    data = bytearray(path.read_bytes())
    page = 4096
    assert len(data) > 8 * page and sorted(roots) == ["answers", "learners"] and min(roots.values()) > 1
    for root in roots.values():  # scribble over each table's first page (page 1, the header, is left)
        data[(root - 1) * page:root * page] = b"\xff" * page
    path.write_bytes(bytes(data))
    reopened = Store.open(f"sqlite:///{path}")
    assert "damaged" in reopened.notice
    assert list(tmp_path.glob("p.sqlite3.corrupt-*"))
    # The two pages held the only learner and the root of the answers' tree: nothing of them can be
    # reached, and the notice says so instead of claiming a fresh file lost nothing.
    assert reopened.count_answers() == 0 and reopened.learners() == []
    assert "could not be read: learners, answers" in reopened.notice
    reopened.close()


def test_an_unreachable_database_says_where_without_the_password():
    with pytest.raises(StoreError) as err:
        Store.open("postgresql+psycopg://ana:secret@127.0.0.1:1/tarot")
    assert err.value.problem is Problem.UNREACHABLE
    assert "secret" not in str(err.value) and "127.0.0.1:1/tarot" in str(err.value)


def test_a_bad_url_is_explained():
    with pytest.raises(StoreError, match="cannot be opened"):
        Store.open("not a url at all")


def test_the_clock_is_utc():
    from tutor.db import utcnow
    assert utcnow().tzinfo is UTC and abs((utcnow() - datetime.now(UTC)).total_seconds()) < 1
