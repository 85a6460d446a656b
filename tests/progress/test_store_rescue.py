"""A damaged SQLite file: everything that can still be read is copied into the fresh file, and the
notice says what was lost. A full disk is reported as a full disk."""

import sqlite3
from datetime import UTC, datetime, timedelta

import pytest

from tutor.classroom.store import ClassStore
from tutor.club import Game
from tutor.db.progress import Answer
from tutor.progress import Problem, Store, StoreError
from tutor.progress.club_store import ClubStore

T0 = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)
PAGE = 4096


def _filled(path):
    """A real file: Ana with 3,000 answers, a class quiz with a learner and an answer, and a club game."""
    s = Store.open(f"sqlite:///{path}")
    ana = s.create_learner("Ana")
    rows = [dict(learner_id=ana.id, answered_at=T0 + timedelta(minutes=i), skill="counting", kind="count",
                 seed=i, params={"players": 4}, answer=str(i % 91), correct=i % 3 == 0, credit=float(i % 3 == 0),
                 seconds=5.0, hints_used=False, source="drill") for i in range(3000)]
    with s.engine.begin() as conn:
        conn.execute(Answer.__table__.insert(), rows)
    cs = ClassStore(s.engine, s.where)
    quiz = cs.create(title="Week 3", kinds=["count"], count=2, players=4, seed=5, now=T0)
    _, bo = cs.join(quiz.code, "Bo", now=T0)
    cs.answer(bo.token, 0, quiz.questions[0].answer_text, now=T0)
    game = Game.new(["Ann", "Bob", "Cleo", "Dan"]).add(taker="Bob", contract="petite", points=40, oudlers=1)
    ClubStore(s).save(game, name="Friday")
    s.close()
    con = sqlite3.connect(path)
    con.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    con.close()
    return quiz.code, bo.token


def _pages(path, table: str, kind: str = "leaf") -> list[int]:
    con = sqlite3.connect(path)
    try:
        return [r[0] for r in con.execute("SELECT pageno FROM dbstat WHERE name = ? AND pagetype = ? ORDER BY pageno",
                                          (table, kind))]
    except sqlite3.OperationalError:
        pytest.skip("this SQLite has no dbstat table")
    finally:
        con.close()


def _rows_on(path, page: int) -> int:
    con = sqlite3.connect(path)
    try:
        return con.execute("SELECT ncell FROM dbstat WHERE pageno = ?", (page,)).fetchone()[0]
    finally:
        con.close()


def _scribble(path, page: int) -> None:
    data = bytearray(path.read_bytes())
    start = (page - 1) * PAGE
    data[start:start + PAGE] = b"\xa5" * PAGE
    path.write_bytes(bytes(data))


def test_a_damaged_index_page_loses_nothing(tmp_path):
    path = tmp_path / "p.sqlite3"
    code, token = _filled(path)
    _scribble(path, _pages(path, "ix_answers_learner_time")[1])
    s = Store.open(f"sqlite:///{path}")
    assert "damaged" in s.notice and "Nothing was lost" in s.notice
    assert "3,000 answers" in s.notice and "1 learner" in s.notice and "1 class quiz," in s.notice
    assert "1 club game" in s.notice
    assert [g.name for g in ClubStore(s).games()] == ["Friday"]
    (ana,) = s.learners()
    assert (ana.name, s.count_answers(ana.id)) == ("Ana", 3000)
    assert [r.seed for r in s.answers(ana.id)] == list(range(3000))
    cs = ClassStore(s.engine, s.where)
    assert cs.find(code).title == "Week 3"
    assert [m.number for m in cs.my_answers(token, now=T0)] == [0]  # the learner's link still works
    assert list(tmp_path.glob("p.sqlite3.corrupt-*"))
    s.create_learner("Bea")  # and the fresh file takes writes
    s.close()


def test_a_damaged_table_page_loses_only_its_rows(tmp_path):
    path = tmp_path / "p.sqlite3"
    _filled(path)
    leaves = _pages(path, "answers")
    victim = leaves[len(leaves) // 2]
    on_page = _rows_on(path, victim)
    _scribble(path, victim)
    s = Store.open(f"sqlite:///{path}")
    (ana,) = s.learners()
    kept = s.count_answers(ana.id)
    assert kept == 3000 - on_page  # exactly the rows of the one damaged page are gone
    seeds = [r.seed for r in s.answers(ana.id)]
    assert seeds == sorted(seeds) and seeds[0] == 0 and seeds[-1] == 2999
    assert f"{kept:,} answers" in s.notice and f"Lost: up to {on_page} answers" in s.notice
    s.close()


def test_a_file_that_is_not_a_database_at_all_starts_fresh_and_says_so(tmp_path):
    path = tmp_path / "p.sqlite3"
    path.write_bytes(b"garbage " * 1000)
    s = Store.open(f"sqlite:///{path}")
    assert "damaged" in s.notice and "a fresh" in s.notice
    assert s.learners() == []
    s.close()


def _full_disk(monkeypatch, pages: int):
    """The database file may not grow past ``pages`` pages: SQLite then fails with SQLITE_FULL, exactly
    as on a disk with no space left."""
    from tutor.progress import db

    real = db._sqlite_connect

    def capped(dbapi_conn, record):
        real(dbapi_conn, record)
        dbapi_conn.execute(f"PRAGMA max_page_count = {pages}")
    monkeypatch.setattr(db, "_sqlite_connect", capped)


def test_a_full_disk_while_writing_says_the_disk_is_full(tmp_path, monkeypatch):
    path = tmp_path / "p.sqlite3"
    Store.open(f"sqlite:///{path}").close()
    con = sqlite3.connect(path)
    used = con.execute("PRAGMA page_count").fetchone()[0]
    con.close()
    _full_disk(monkeypatch, used)
    s = Store.open(f"sqlite:///{path}")  # full already: it opens for reading, and says why it cannot save
    assert "is full" in s.read_only and s.learners() == []
    s.close()
    _full_disk(monkeypatch, used + 2)
    s = Store.open(f"sqlite:///{path}")
    assert not s.read_only
    with pytest.raises(StoreError) as err:
        for i in range(200):
            s.create_learner(f"learner {i} " + "x" * 20)
    assert err.value.problem is Problem.FULL
    assert "disk" in str(err.value) and "is full" in str(err.value) and "TUTOR_DATABASE_URL" not in str(err.value)
    s.close()


def test_a_full_disk_when_opening_says_the_disk_is_full(tmp_path, monkeypatch):
    _full_disk(monkeypatch, 2)  # not even room for the tables
    with pytest.raises(StoreError) as err:
        Store.open(f"sqlite:///{tmp_path / 'p.sqlite3'}")
    assert err.value.problem is Problem.FULL and "is full" in str(err.value)


def test_no_space_left_on_device_is_a_full_disk(tmp_path, monkeypatch):
    import errno
    from pathlib import Path

    def no_space(self, *a, **k):
        raise OSError(errno.ENOSPC, "No space left on device")
    monkeypatch.setattr(Path, "mkdir", no_space)
    with pytest.raises(StoreError) as err:
        Store.open(f"sqlite:///{tmp_path / 'new' / 'p.sqlite3'}")
    assert err.value.problem is Problem.FULL and "cannot be opened" not in str(err.value)


# ---------------------------------------------------------------- scattered damage (issue 29)

def _reads_back(s: Store) -> int:
    """Every kind of read the pages make; returns the answers kept. Only StoreError may come out."""
    total = 0
    for learner in s.learners():
        total += s.count_answers(learner.id)
        s.answers(learner.id), s.answer_hours(learner.id), s.recent_credits(learner.id, 20)
        s.lessons_done(learner.id), s.puzzles_solved(learner.id), s.review_cards(learner.id)
    clubs = ClubStore(s)
    for game in clubs.games():
        clubs.load(game.id)
    return total


@pytest.fixture(scope="module")
def original(tmp_path_factory):
    path = tmp_path_factory.mktemp("original") / "p.sqlite3"
    _filled(path)
    return path.read_bytes()


def _open_damaged(path, data: bytes):
    """Open a damaged file: a store (salvaged or fresh) or a StoreError, never another exception."""
    for old in path.parent.glob(path.name + "*"):
        old.unlink()
    path.write_bytes(data)
    try:
        s = Store.open(f"sqlite:///{path}")
    except StoreError:
        return None, 0
    try:
        return s, _reads_back(s)
    except StoreError:
        return s, 0


@pytest.mark.parametrize("seed", range(30))
def test_200_bytes_flipped_anywhere_open_salvaged_or_say_why(tmp_path, original, seed):
    import random
    rnd, data = random.Random(seed), bytearray(original)
    for _ in range(200):
        data[rnd.randrange(len(data))] = rnd.randrange(256)
    s, kept = _open_damaged(tmp_path / "p.sqlite3", bytes(data))
    if s is not None:
        assert kept <= 3000
        s.close()


def _pages_of(data: bytes) -> int:
    return len(data) // PAGE


@pytest.mark.parametrize("keep", [0.1, 0.5, 0.9, "header", "page"])
def test_a_file_cut_short_opens_salvaged_or_says_why(tmp_path, original, keep):
    cut = {"header": 101, "page": PAGE + 1}.get(keep) or int(len(original) * keep)
    s, _ = _open_damaged(tmp_path / "p.sqlite3", original[:cut])
    if s is not None:
        assert "damaged" in s.notice
        s.close()


def test_half_a_file_keeps_every_answer_on_the_pages_left(tmp_path, original):
    """Issue 29: half a file salvaged 0 rows (SQLite refused every statement once its schema did not
    parse whole). Every answer whose page is in the first half is kept: as many as dbstat counts there."""
    whole = tmp_path / "whole.sqlite3"
    whole.write_bytes(original)
    con = sqlite3.connect(whole)
    try:
        half = con.execute("PRAGMA page_count").fetchone()[0] // 2
        on_kept_pages = con.execute("SELECT sum(ncell) FROM dbstat WHERE name = 'answers' AND pagetype = 'leaf' "
                                    "AND pageno <= ?", (half,)).fetchone()[0]
    except sqlite3.OperationalError:
        pytest.skip("this SQLite has no dbstat table")
    finally:
        con.close()
    assert 0 < on_kept_pages < 3000
    s, kept = _open_damaged(tmp_path / "p.sqlite3", original[:half * PAGE])
    assert [p.name for p in s.learners()] == ["Ana"] and kept == on_kept_pages
    assert f"{kept:,} answers" in s.notice and [g.name for g in ClubStore(s).games()] == ["Friday"]
    s.close()


def test_a_lost_learner_row_keeps_their_answers_under_a_stand_in(tmp_path):
    path = tmp_path / "p.sqlite3"
    _filled(path)
    _scribble(path, _pages(path, "learners")[0])
    s = Store.open(f"sqlite:///{path}")
    (stand_in,) = s.learners()
    assert stand_in.name == "Recovered learner 1" and s.count_answers(stand_in.id) == 3000
    assert "kept as “Recovered learner 1”" in s.notice
    s.close()


def _damage_values(path) -> None:
    """Bytes changed inside stored values only (one answer's time, another's JSON): the structure check
    at opening sees nothing."""
    data = bytearray(path.read_bytes())
    at = data.find(b"2026-03-02 09:07:00.000000counting")  # answer seed 7's time, in the table (not an index)
    data[at + 5] = ord("x")
    data[at + 28] = 0xFF  # and its skill is no longer UTF-8, in the table and in the index the pages read
    index = data.find(b"counting2026-03-02 09:07:00.000000")
    data[index + 2] = 0xFF
    at = data.find(b'{"players": 4}', data.find(b'{"players": 4}', at) + 1)  # the next row's parameters
    data[at + 13] = ord("]")
    path.write_bytes(bytes(data))
    con = sqlite3.connect(path)
    assert con.execute("PRAGMA quick_check").fetchone()[0] == "ok"
    con.close()


def test_a_damaged_value_is_a_store_error_and_a_rescue_drops_only_its_rows(tmp_path):
    path = tmp_path / "p.sqlite3"
    _filled(path)
    _damage_values(path)
    s = Store.open(f"sqlite:///{path}")
    assert not s.notice
    (ana,) = s.learners()
    with pytest.raises(StoreError) as err:  # a ValueError from the time's reader before
        s.answers(ana.id)
    assert err.value.problem is Problem.CORRUPT
    s.close()
    s = Store.open(f"sqlite:///{path}", rescue=True)  # what Try again does after such an error
    (ana,) = s.learners()
    assert s.count_answers(ana.id) == 2998 and 7 not in {r.seed for r in s.answers(ana.id)}
    assert "Lost: up to 2 answers" in s.notice and list(tmp_path.glob("p.sqlite3.corrupt-*"))
    s.close()


# ---------------------------------------------------------------- no page shows an exception (issue 29)

DAMAGED_PAGES = [None, "tutor/ui/pages/progress.py", "tutor/ui/pages/drill.py", "tutor/ui/pages/class_quiz.py",
                 "tutor/ui/pages/scoresheet.py"]


def _flipped(original: bytes, seed: int) -> bytes:
    import random
    rnd, data = random.Random(seed), bytearray(original)
    for _ in range(200):
        data[rnd.randrange(len(data))] = rnd.randrange(256)
    return bytes(data)


@pytest.mark.parametrize("damage", ["flip0", "flip1", "flip6", "half", "values"])
def test_no_page_shows_an_exception_on_a_damaged_file(_fresh_progress_db, original, damage):
    from apptest_helpers import app

    path = _fresh_progress_db
    if damage == "values":
        path.write_bytes(original)
        _damage_values(path)
    else:
        path.write_bytes(original[:len(original) // 2] if damage == "half" else _flipped(original, int(damage[4:])))
    for page in DAMAGED_PAGES:
        at = app(page)
        assert not at.exception, (page, at.exception)
        retry = [b for b in at.button if b.label == "Try again"]
        if retry:  # a damaged value found while reading: Try again salvages the file and says what was kept
            retry[0].click().run()
            assert not at.exception, (page, at.exception)
            assert any("copied into it" in i.value for i in at.info)
    assert list(path.parent.glob(path.name + ".corrupt-*"))  # the damaged file is kept aside
