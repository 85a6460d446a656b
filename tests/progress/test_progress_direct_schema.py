"""A new database gets the current schema directly (``migrate.create_current``), not by walking the revisions:
the result must be the schema the revisions build, exactly, on SQLite and on PostgreSQL; and everything that
alembic does afterwards (a downgrade, an upgrade, a newer database refused) must work on it as on a migrated one."""

import os
import subprocess
import sys

from postgres_schema import fresh_schema
from sqlalchemy import inspect, text

from tutor.progress import Store, migrate
from tutor.progress.db import make_engine


def _default(value):
    # PostgreSQL names a serial column's sequence after its table, the same for both ways of making it.
    return None if value is None else str(value)


def schema(engine) -> dict:
    """Everything the database says about its tables: columns (type, nullable, default), the primary key,
    foreign keys (with their ON DELETE), indexes, unique and check constraints, and the version row."""
    insp = inspect(engine)
    out = {}
    for table in sorted(insp.get_table_names()):
        fks = insp.get_foreign_keys(table)
        out[table] = {
            "columns": {c["name"]: (str(c["type"]), c["nullable"], _default(c.get("default")))
                        for c in insp.get_columns(table)},
            "primary key": (insp.get_pk_constraint(table)["name"],
                            insp.get_pk_constraint(table)["constrained_columns"]),
            "foreign keys": sorted((str(f["name"]), f["constrained_columns"], f["referred_table"],
                                    f["referred_columns"], sorted(f.get("options", {}).items())) for f in fks),
            "indexes": sorted((i["name"], i["column_names"], bool(i["unique"])) for i in insp.get_indexes(table)),
            "unique": sorted((str(u["name"]), u["column_names"]) for u in insp.get_unique_constraints(table)),
            "checks": sorted((str(c["name"]), c["sqltext"]) for c in insp.get_check_constraints(table)),
        }
    with engine.connect() as conn:
        out["version"] = conn.execute(text(f"SELECT version_num FROM {migrate.VERSION_TABLE}")).scalars().all()
    return out


def _fresh(db_url: str, suffix: str) -> str:
    """A second empty database beside ``db_url`` (SQLite: another file; PostgreSQL: another schema)."""
    if db_url.startswith("sqlite"):
        return db_url.replace(".sqlite3", f"-{suffix}.sqlite3")
    return fresh_schema(os.environ["TUTOR_TEST_DATABASE_URL"], prefix=f"tutor_{suffix}_")


def test_the_direct_schema_is_the_migrated_schema(db_url):
    walked = make_engine(db_url)
    migrate.upgrade(walked, direct=False)  # the twenty revisions, one by one
    direct = make_engine(_fresh(db_url, "direct"))
    with direct.begin() as conn:
        assert migrate.create_current(conn)
    expected, got = schema(walked), schema(direct)
    assert set(got) == set(expected)
    for table in expected:
        assert got[table] == expected[table], table
    assert got["version"] == [migrate.HEAD]
    walked.dispose()
    direct.dispose()


def test_a_new_database_is_made_directly_and_one_with_tables_is_migrated(db_url):
    engine = make_engine(db_url)
    migrate.upgrade(engine, "0002", direct=False)
    with engine.begin() as conn:
        assert not migrate.create_current(conn)  # tables there: left to alembic
        conn.execute(text("INSERT INTO learners (id, name, created_at, last_seen_at) "
                          "VALUES (1, 'Ana', '2026-01-02 10:00:00', '2026-01-03 10:00:00')"))
    migrate.upgrade(engine)
    assert migrate.current(engine) == migrate.HEAD
    with engine.connect() as conn:
        assert conn.execute(text("SELECT name FROM learners")).scalars().all() == ["Ana"]
    engine.dispose()


def test_alembic_steps_down_and_up_from_the_direct_schema(db_url):
    store = Store.open(db_url)  # a new database: made directly
    me = store.default_learner()
    store.close()
    engine = make_engine(db_url)
    migrate.downgrade(engine, "0002")
    tables = set(inspect(engine).get_table_names())
    assert "club_games" not in tables and "learners" in tables
    migrate.upgrade(engine)
    assert migrate.current(engine) == migrate.HEAD
    engine.dispose()
    store = Store.open(db_url)
    assert [p.name for p in store.learners()] == [me.name]
    store.close()


def test_a_new_install_opens_its_database_without_importing_alembic(tmp_path):
    url = f"sqlite:///{tmp_path / 'new.sqlite3'}"
    code = (f"import sys; from tutor.progress import Store, migrate; s = Store.open({url!r}); "
            "print(s.default_learner().name, migrate.current(s.engine), 'alembic' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.split() == ["Me", migrate.HEAD, "False"]
