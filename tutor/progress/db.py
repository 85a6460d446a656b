"""Engines and failures: SQLite in WAL mode with a busy timeout, write transactions that take the
write lock up front, and every database failure sorted into a few problems the app can explain.

>>> classify(Exception("(sqlite3.OperationalError) database is locked"))
<Problem.LOCKED: 'locked'>
>>> classify(Exception("attempt to write a readonly database"))
<Problem.READ_ONLY: 'read_only'>
>>> classify(Exception("file is not a database"))
<Problem.CORRUPT: 'corrupt'>
>>> classify(OSError(28, "No space left on device"))
<Problem.FULL: 'full'>
>>> classify(UnicodeDecodeError("utf-8", b"\\xc8", 0, 1, "invalid continuation byte"))
<Problem.CORRUPT: 'corrupt'>
"""

from __future__ import annotations

import enum
import errno
import random
import sqlite3
import time
from contextlib import contextmanager
from pathlib import Path

from sqlalchemy import create_engine, event
from sqlalchemy.engine import URL, Connection, Engine, make_url
from sqlalchemy.exc import OperationalError

from ..engine.words import N_, Text

BUSY_TIMEOUT_MS = 5000  # how long a writer waits for another writer before SQLite gives up
WRITE_PATIENCE = 30.0  # seconds ``writing`` keeps asking for the write lock before the store says it is busy


class Problem(enum.Enum):
    LOCKED = "locked"
    READ_ONLY = "read_only"
    CORRUPT = "corrupt"
    TOO_NEW = "too_new"
    UNREACHABLE = "unreachable"
    FULL = "full"


# Problems that can pass by themselves (another program lets go of the lock, space is freed, the
# server comes back): a session that stopped saving tries again on its next write.
PASSING = frozenset({Problem.LOCKED, Problem.FULL, Problem.UNREACHABLE})


# Substrings of driver messages (SQLite, psycopg) -> problem; first match wins.
SIGNS = (
    ("database or disk is full", Problem.FULL),
    ("no space left on device", Problem.FULL),
    ("could not extend file", Problem.FULL),  # PostgreSQL's words for a full disk
    ("database is locked", Problem.LOCKED),
    ("database table is locked", Problem.LOCKED),
    ("lock timeout", Problem.LOCKED),
    ("readonly database", Problem.READ_ONLY),
    ("read-only", Problem.READ_ONLY),
    ("file is not a database", Problem.CORRUPT),
    ("malformed", Problem.CORRUPT),
    ("file is encrypted", Problem.CORRUPT),
    ("could not decode to utf-8", Problem.CORRUPT),  # text in the file that was never written as text
    ("can't locate revision", Problem.TOO_NEW),
)

# Message ids: the error keeps its sentence as a ``Text``, which the page says in the learner's language.
MESSAGES = {
    Problem.LOCKED: N_("The progress database {where} is busy: other writes held it longer than a write may wait "
                    "(a loaded server, or another copy of the app or program using the file), so your answers "
                    "are not being saved. Press Try again in a moment."),
    Problem.READ_ONLY: N_("The progress database {where} is read-only, so your answers are not being saved. "
                       "Make it writable, or point TUTOR_DATABASE_URL at a file you can write, and press Try again."),
    Problem.CORRUPT: N_("The progress database {where} is damaged, so your answers are not being saved. "
                     "Press Try again: the damaged file is kept as a backup and a fresh one is started."),
    Problem.TOO_NEW: N_("The progress database {where} was made by a newer Tarot Tutor, so this version does not "
                     "touch it and your answers are not being saved. Update the app, or use another database."),
    Problem.FULL: N_("The disk that holds the progress database {where} is full, so your answers are not being saved. "
                  "Free some space on it and press Try again."),
    Problem.UNREACHABLE: N_("The progress database {where} cannot be opened ({detail}), so your answers are not "
                         "being saved. Check TUTOR_DATABASE_URL and press Try again."),
}


def classify(exc: BaseException) -> Problem:
    inner = getattr(exc, "orig", None) or exc
    if isinstance(inner, UnicodeError):  # SQLite quoting a damaged schema in its message, or a damaged value
        return Problem.CORRUPT
    if getattr(inner, "errno", None) == errno.ENOSPC or getattr(inner, "sqlite_errorcode", None) == sqlite3.SQLITE_FULL:
        return Problem.FULL
    if getattr(inner, "sqlstate", None) == "53100":  # PostgreSQL: disk_full
        return Problem.FULL
    text = str(exc).lower()
    return next((problem for sign, problem in SIGNS if sign in text), Problem.UNREACHABLE)


class StoreError(Exception):
    """A database failure the app explains instead of crashing: ``problem`` and a sentence for the learner."""

    def __init__(self, problem: Problem, where: str, detail: str = ""):
        self.problem, self.where, self.detail = problem, where, detail
        super().__init__(Text(MESSAGES[problem], where=where, detail=detail or Text(N_("no detail"))))

    @classmethod
    def from_exception(cls, exc: BaseException, where: str) -> StoreError:
        detail = str(getattr(exc, "orig", None) or exc).splitlines()[0][:200]
        return cls(classify(exc), where, detail)


def sqlite_path(url: URL) -> Path | None:
    """The file of a SQLite URL (None for other databases and in-memory SQLite)."""
    if url.get_backend_name() != "sqlite" or url.database in (None, "", ":memory:"):
        return None
    if url.database.startswith("file:"):  # a SQLite URI, e.g. sqlite:///file:/data/p.db?mode=ro&uri=true
        name = url.database[5:]
        return None if not name or "memory" in url.query.get("mode", "") else Path(name)
    return Path(url.database)


def describe(url: URL) -> str:
    """Where the database is, for messages: the file, or the URL without its password."""
    path = sqlite_path(url)
    return f"“{path}”" if path else f"“{url.render_as_string(hide_password=True)}”"


def make_engine(url: str | URL) -> Engine:
    """An engine for ``url``; for SQLite: WAL, busy timeout, foreign keys, explicit transactions."""
    url = make_url(url)
    if url.get_backend_name() != "sqlite":
        return create_engine(url, pool_pre_ping=True)
    path = sqlite_path(url)
    if path is not None:
        path.parent.mkdir(parents=True, exist_ok=True)
    engine = create_engine(url, connect_args={"check_same_thread": False, "timeout": BUSY_TIMEOUT_MS / 1000})
    event.listen(engine, "connect", _sqlite_connect)
    event.listen(engine, "begin", _sqlite_begin)
    return engine


def _sqlite_connect(dbapi_conn, _record) -> None:
    # Let SQLAlchemy's "begin" event issue BEGIN itself (pysqlite's own transaction handling is off).
    dbapi_conn.isolation_level = None
    cur = dbapi_conn.cursor()
    cur.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
    cur.execute("PRAGMA foreign_keys = ON")
    try:
        # WAL: readers never block the writer, and several tabs can write one after another.
        _to_wal(cur)
        cur.execute("PRAGMA synchronous = NORMAL")
    except Exception as exc:  # a read-only file cannot switch mode: keep reading it as it is
        if classify(exc) is not Problem.READ_ONLY:
            raise
    cur.close()


def _to_wal(cur) -> None:
    # Switching a new file to WAL answers "locked" at once, without the busy timeout, while another process
    # opening it switches or migrates it: ask again (``patiently``).
    patiently(lambda: cur.execute("PRAGMA journal_mode = WAL"))


def patiently(attempt):
    """``attempt()``, tried again while the database says it is locked, WRITE_PATIENCE seconds in all, then the
    last error. Only for an attempt that changed nothing when it failed (a BEGIN, a pragma, a rolled-back
    transaction)."""
    deadline = time.monotonic() + WRITE_PATIENCE
    while True:
        try:
            return attempt()
        except (OperationalError, sqlite3.OperationalError) as exc:
            if classify(exc) is not Problem.LOCKED or time.monotonic() >= deadline:
                raise
            time.sleep(random.uniform(0.05, 0.3))  # spread the writers out


def _sqlite_begin(conn: Connection) -> None:
    # A write transaction takes the write lock at BEGIN: waiting (busy_timeout) then works, whereas a
    # read lock upgraded later fails at once with "database is locked" when another writer got in first.
    immediate = conn.get_execution_options().get("immediate")
    conn.exec_driver_sql("BEGIN IMMEDIATE" if immediate else "BEGIN")


@contextmanager
def writing(engine: Engine):
    """A connection in one write transaction, committed at the end, rolled back on error.

    On SQLite the write lock is taken at BEGIN; a BEGIN that outwaited the busy timeout (the app's own
    other sessions and processes writing under load, as often as another program) is tried again,
    WRITE_PATIENCE seconds in all, before the store says the database is busy. Nothing has run yet, so
    trying again is safe."""
    def begin():
        conn = engine.connect()
        try:
            conn.execution_options(immediate=True)
            return conn, conn.begin()
        except OperationalError:
            conn.close()
            raise

    conn, tx = patiently(begin)
    with conn, tx:
        yield conn
