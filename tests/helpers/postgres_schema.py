"""A fresh schema of the throw-away PostgreSQL test database (TUTOR_TEST_DATABASE_URL), one per xdist worker and
prefix, as a URL that uses it: the store tests and the two-process browser tests each get their own."""

from __future__ import annotations

import atexit
import contextlib
import os

import pytest

_MADE: set[str] = set()


def _drop(url: str, schema: str) -> None:
    """The run's schema, dropped when its process ends (a run killed midway leaves it: harmless, and small)."""
    from sqlalchemy import create_engine, text
    with contextlib.suppress(Exception):
        engine = create_engine(url)
        with engine.begin() as conn:
            conn.execute(text(f'DROP SCHEMA IF EXISTS "{schema}" CASCADE'))
        engine.dispose()


def fresh_schema(url: str, prefix: str = "tutor_") -> str:
    """An empty schema ``<prefix><worker>`` of the database at ``url``, as a URL whose search path is that schema."""
    from sqlalchemy import create_engine, text
    from sqlalchemy.engine import make_url

    # The process id too: two test runs at once on one database (two worktrees) never share a schema.
    schema = f"{prefix}{os.environ.get('PYTEST_XDIST_WORKER', 'main')}_{os.getpid()}"
    engine = create_engine(url)
    with engine.begin() as conn:
        conn.execute(text(f'DROP SCHEMA IF EXISTS "{schema}" CASCADE'))
        conn.execute(text(f'CREATE SCHEMA "{schema}"'))
    engine.dispose()
    if schema not in _MADE:
        _MADE.add(schema)
        atexit.register(_drop, url, schema)
    return make_url(url).update_query_dict({"options": f"-csearch_path={schema}"}).render_as_string(
        hide_password=False)


def postgres_or_skip(prefix: str, what: str) -> str:
    """``fresh_schema`` of the test database; skips ``what`` without one, or fails under TUTOR_REQUIRE_POSTGRES."""
    url = os.environ.get("TUTOR_TEST_DATABASE_URL")
    if not url:
        if os.environ.get("TUTOR_REQUIRE_POSTGRES"):
            pytest.fail("TUTOR_TEST_DATABASE_URL is not set, but TUTOR_REQUIRE_POSTGRES asks for PostgreSQL")
        pytest.skip(f"{what} runs when TUTOR_TEST_DATABASE_URL names a PostgreSQL database")
    return fresh_schema(url, prefix)
