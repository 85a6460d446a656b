"""Schema migrations with alembic, run from code: the scripts ship inside the package (``migrations/``),
so an installed Tarot Tutor upgrades its own database when the store opens.

Revisions: ``0001`` (learners, answers, lessons, puzzles), ``0002`` (spaced review, answer source),
``0003`` (club score sheets).
"""

from __future__ import annotations

from pathlib import Path

from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy.engine import Connection, Engine

SCRIPTS = Path(__file__).resolve().parent / "migrations"


def _config(connection: Connection | None = None) -> Config:
    cfg = Config()
    cfg.set_main_option("script_location", str(SCRIPTS))
    cfg.attributes["connection"] = connection
    return cfg


def head() -> str:
    """The newest revision this code knows.

    >>> head() >= '0003'
    True
    """
    return ScriptDirectory.from_config(_config()).get_current_head()


def current(engine: Engine) -> str | None:
    """The revision the database is at (None for an empty database)."""
    with engine.connect() as conn:
        return MigrationContext.configure(conn).get_current_revision()


def _run(engine: Engine, step, revision: str) -> None:
    with engine.connect() as conn:
        sqlite = engine.dialect.name == "sqlite"
        if sqlite:
            # A migration that rebuilds a table (SQLite's way to alter it) drops the old one: with
            # foreign keys on, ON DELETE CASCADE would empty the tables that point at it.
            conn.connection.dbapi_connection.execute("PRAGMA foreign_keys = OFF")  # outside any transaction
        conn.execution_options(immediate=True)
        with conn.begin():
            step(_config(conn), revision)
        if sqlite:
            conn.connection.dbapi_connection.execute("PRAGMA foreign_keys = ON")


def upgrade(engine: Engine, revision: str = "head") -> None:
    """Bring the schema to ``revision`` in one write transaction (SQLite: BEGIN IMMEDIATE, so two
    processes opening a new file at once take turns instead of both creating the tables)."""
    _run(engine, command.upgrade, revision)


def downgrade(engine: Engine, revision: str) -> None:
    """Step the schema back (used by the tests that migrate from an older version)."""
    _run(engine, command.downgrade, revision)
