"""Schema migrations with alembic, run from code: the scripts ship inside the package (``migrations/``),
so an installed Tarot Tutor upgrades its own database when the store opens.

Revisions: ``0001`` (learners, answers, lessons, puzzles), ``0002`` (spaced review, answer source),
``0003`` (club score sheets), ``0004`` (class quizzes), ``0005`` (shared servers: case-blind
unique names, PINs, hashed class tokens, throttles), ``0006`` (the puzzle rating), ``0007`` (club sheets: a
version checked by every write, the first dealer), ``0008`` (paced class quizzes, class PINs and rejoining,
the server's signing key), ``0009`` (every request to come back kept, teacher sign-ins ended by a lock),
``0010`` (lesson attempts and the answers to their checks), ``0011`` (duplicate in class: each learner's play
of each deal), ``0012`` (when each club deal was entered), ``0013`` (the teacher's own questions), ``0014``
(a paced quiz's timer and top five), ``0015`` (each learner's language), ``0016`` (duplicate tournaments and
their marques), ``0017`` (each learner's Practice table), ``0018`` (what the projector shows, for a second window),
``0019`` (tables where people play each other, and the people at them), ``0020`` (the tables a teacher opens for a
class, and which learner each person at them is).

Alembic is imported only when the schema is behind: an up-to-date database (every start but the first
after an update) is checked with one query, which keeps alembic's import off the app's cold start. An empty
database (a new install) is not walked through the twenty revisions either: the current schema is made in one
go from the tables' declarations (``tutor.db``) and stamped at ``HEAD``, as alembic stamps it, in the same
locked transaction (about a sixth of the time, without importing alembic). A test keeps that schema equal, table
by table, column by column (types, defaults), index by index and constraint by constraint, to the one the
revisions build, on SQLite and PostgreSQL.
"""

from __future__ import annotations

from pathlib import Path

from sqlalchemy import Column, MetaData, PrimaryKeyConstraint, String, Table, inspect, text
from sqlalchemy.engine import Connection, Engine

from .db import patiently

SCRIPTS = Path(__file__).resolve().parent / "migrations"
# The newest revision in migrations/versions; a test keeps it equal to alembic's own head().
HEAD = "0020"
VERSION_TABLE = "alembic_version"
# PostgreSQL: an advisory lock (this app's class id, the schema's hash) held by the migrating transaction, so
# several app processes starting at once on one database take turns; each reads the version after its turn.
PG_LOCK_CLASS = 0x7A207  # any int4, the same in every process of this app
PG_LOCK = text("SELECT pg_advisory_xact_lock(:cls, hashtext(coalesce(current_schema(), '')))")
# The version table as alembic makes it (alembic.runtime.migration), for a schema made directly at HEAD.
_VERSIONS = Table(VERSION_TABLE, MetaData(), Column("version_num", String(32), nullable=False),
                  PrimaryKeyConstraint("version_num", name="alembic_version_pkc"))


class MigrationError(Exception):
    """Alembic refused to migrate (e.g. a revision this code does not know: a newer app made the database)."""


def _config(connection: Connection | None = None):
    from alembic.config import Config

    cfg = Config()
    cfg.set_main_option("script_location", str(SCRIPTS))
    cfg.attributes["connection"] = connection
    return cfg


def head() -> str:
    """The newest revision this code knows.

    >>> head() == HEAD
    True
    """
    from alembic.script import ScriptDirectory

    return ScriptDirectory.from_config(_config()).get_current_head()


def current(engine: Engine) -> str | None:
    """The revision the database is at (None for an empty database), read as alembic stores it.

    >>> from sqlalchemy import create_engine
    >>> engine = create_engine("sqlite://")
    >>> current(engine) is None
    True
    >>> upgrade(engine); current(engine) == HEAD
    True
    """
    with engine.connect() as conn:
        if not inspect(conn).has_table(VERSION_TABLE):
            return None
        return conn.execute(text(f"SELECT version_num FROM {VERSION_TABLE}")).scalar()


def _run(engine: Engine, step, revision: str) -> None:
    try:
        # SQLite: processes starting together on a new file queue for its write lock, each for the busy timeout;
        # under load the one migrating can hold it longer: a locked start (rolled back whole) is tried again.
        patiently(lambda: _run_steps(engine, step, revision))
    except Exception as err:
        from alembic.util import CommandError  # imported only on a failure

        if isinstance(err, CommandError):
            raise MigrationError(str(err)) from err
        raise


def _run_steps(engine: Engine, step, revision: str) -> None:
    with engine.connect() as conn:
        sqlite = engine.dialect.name == "sqlite"
        if sqlite:
            # A migration that rebuilds a table (SQLite's way to alter it) drops the old one: with
            # foreign keys on, ON DELETE CASCADE would empty the tables that point at it.
            conn.connection.dbapi_connection.execute("PRAGMA foreign_keys = OFF")  # outside any transaction
        conn.execution_options(immediate=True)
        with conn.begin():
            if engine.dialect.name == "postgresql":
                conn.execute(PG_LOCK, {"cls": PG_LOCK_CLASS})
            step(conn, revision)
        if sqlite:
            conn.connection.dbapi_connection.execute("PRAGMA foreign_keys = ON")


def _alembic(name: str):
    """The step that runs alembic's ``command.<name>`` on the locked connection."""
    def step(conn: Connection, revision: str) -> None:
        from alembic import command

        getattr(command, name)(_config(conn), revision)
    return step


def create_current(conn: Connection) -> bool:
    """On an empty database (no table at all in its schema), make the current schema from the tables'
    declarations and stamp it at ``HEAD``; False (nothing done) on any other. Run inside the locked
    transaction, so a process that waited its turn finds the tables made and leaves them to alembic's check."""
    if inspect(conn).get_table_names():
        return False
    from ..db import Base

    Base.metadata.create_all(conn)
    _VERSIONS.create(conn)
    conn.execute(_VERSIONS.insert().values(version_num=HEAD))
    return True


def _to_head(conn: Connection, revision: str) -> None:
    if not create_current(conn):
        _alembic("upgrade")(conn, revision)


def upgrade(engine: Engine, revision: str = "head", *, direct: bool = True) -> None:
    """Bring the schema to ``revision`` in one write transaction (SQLite: BEGIN IMMEDIATE; PostgreSQL: an
    advisory lock), so two processes opening a new database at once take turns instead of both creating
    the tables (the second then finds the schema done). To the head, an empty database gets the current schema
    directly (``create_current``) unless ``direct`` is False (the tests that walk the revisions)."""
    _run(engine, _to_head if direct and revision in ("head", HEAD) else _alembic("upgrade"), revision)


def downgrade(engine: Engine, revision: str) -> None:
    """Step the schema back (used by the tests that migrate from an older version)."""
    _run(engine, _alembic("downgrade"), revision)
