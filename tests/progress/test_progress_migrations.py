"""Schema migrations: from an empty database, from the previous version (v1) with data in it, and refusing
a database made by a newer version. On SQLite files, and on PostgreSQL when TUTOR_TEST_DATABASE_URL is set."""

from datetime import UTC, datetime

import pytest
from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext
from processes import _at_once  # the barrier-released processes
from sqlalchemy import inspect, text

from tutor.db import Base
from tutor.progress import Problem, Store, StoreError, migrate
from tutor.progress.db import make_engine


def test_from_empty_to_head_matches_the_models(db_url):
    engine = make_engine(db_url)
    assert migrate.current(engine) is None
    migrate.upgrade(engine, direct=False)  # the revisions walked (a new database is otherwise made directly)
    assert migrate.current(engine) == migrate.head()
    assert migrate.head() >= "0003"
    assert migrate.head() == migrate.HEAD, "migrate.HEAD must name the newest script in migrations/versions"
    with engine.connect() as conn:
        diff = compare_metadata(MigrationContext.configure(conn), Base.metadata)
    assert diff == []  # the migrations build exactly the tables the code uses
    engine.dispose()


def _open_and_count(i: int, url: str) -> str:
    """One app process starting: it opens the store (which migrates) and reads the learners."""
    try:
        s = Store.open(url)
    except StoreError as err:
        return f"refused: {err}"
    try:
        return f"open, {len(s.learners())} learners"
    finally:
        s.close()


def test_app_processes_starting_together_on_an_empty_database_all_open_it(db_url):
    # Several app processes (one per CPU behind a proxy) start at once on a new database: one builds the
    # tables while the others wait their turn, then find them built. Before the PostgreSQL lock, all
    # but one failed with "duplicate key ... pg_type_typname_nsp_index" and stopped saving.
    assert _at_once(4, _open_and_count, db_url) == ["open, 0 learners"] * 4
    engine = make_engine(db_url)
    assert migrate.current(engine) == migrate.HEAD
    engine.dispose()


def _fill_v1(engine) -> None:
    with engine.begin() as conn:
        conn.execute(text("INSERT INTO learners (id, name, created_at, last_seen_at) "
                          "VALUES (1, 'Ana', '2026-01-02 10:00:00', '2026-01-03 10:00:00')"))
        conn.execute(text(
            "INSERT INTO answers (learner_id, answered_at, skill, kind, seed, params, answer, correct, credit, "
            "seconds, hints_used) VALUES (1, '2026-01-03 10:00:00', 'counting', 'count', 42, "
            "'{\"players\": 4}', '5', :f, 0.0, 8.5, :f)"), {"f": False})
        conn.execute(text("INSERT INTO lesson_progress (learner_id, lesson_id, finished_at) "
                          "VALUES (1, 'the-deck', '2026-01-02 11:00:00')"))


def test_from_v1_with_progress_to_head_loses_nothing(db_url):
    engine = make_engine(db_url)
    migrate.upgrade(engine, "0001")
    assert "review_cards" not in inspect(engine).get_table_names()
    assert "source" not in {c["name"] for c in inspect(engine).get_columns("answers")}
    _fill_v1(engine)
    engine.dispose()

    store = Store.open(db_url)  # opening upgrades
    assert migrate.current(store.engine) == migrate.head()
    (ana,) = store.learners()
    assert (ana.name, ana.review_enabled) == ("Ana", False)
    (row,) = store.answers(ana.id)
    assert (row.seed, row.params, row.correct, row.seconds, row.source) == (42, {"players": 4}, False, 8.5, "drill")
    assert row.answered_at == datetime(2026, 1, 3, 10, 0, tzinfo=UTC)
    assert store.lessons_done(ana.id) == {"the-deck": datetime(2026, 1, 2, 11, 0, tzinfo=UTC)}
    indexes = {i["name"] for i in inspect(store.engine).get_indexes("answers")}
    assert "ix_answers_learner_skill_time" in indexes
    store.set_review(ana.id, True)  # the v2 feature works on the old data
    assert [c.skill for c in store.review_cards(ana.id)] == ["counting"]
    store.close()


def test_from_v2_with_progress_to_head_keeps_it_and_adds_the_club_tables(db_url):
    engine = make_engine(db_url)
    migrate.upgrade(engine, "0002")
    assert "club_games" not in inspect(engine).get_table_names()
    _fill_v1(engine)
    with engine.begin() as conn:
        conn.execute(text("UPDATE learners SET review_enabled = :t"), {"t": True})
        conn.execute(text("UPDATE answers SET source = 'review'"))
    engine.dispose()

    store = Store.open(db_url)
    assert migrate.current(store.engine) == migrate.head()
    assert {"club_games", "club_deals"} <= set(inspect(store.engine).get_table_names())
    (ana,) = store.learners()
    assert (ana.name, ana.review_enabled) == ("Ana", True)
    (row,) = store.answers(ana.id)
    assert (row.seed, row.answer, row.source) == (42, "5", "review")
    assert set(store.lessons_done(ana.id)) == {"the-deck"}
    store.close()


def test_downgrade_from_head_to_v2_drops_only_the_club_tables(db_url):
    engine = make_engine(db_url)
    migrate.upgrade(engine)
    _fill_v1(engine)
    migrate.downgrade(engine, "0002")
    tables = set(inspect(engine).get_table_names())
    assert "club_games" not in tables and "club_deals" not in tables
    with engine.connect() as conn:
        assert conn.execute(text("SELECT count(*) FROM answers")).scalar() == 1
    migrate.upgrade(engine)
    assert migrate.current(engine) == migrate.head()
    engine.dispose()


def test_downgrade_to_v1_and_back(db_url):
    engine = make_engine(db_url)
    migrate.upgrade(engine)
    migrate.downgrade(engine, "0001")
    assert "review_cards" not in inspect(engine).get_table_names()
    _fill_v1(engine)
    migrate.upgrade(engine)
    assert migrate.current(engine) == migrate.head()
    engine.dispose()


def test_a_database_from_a_newer_version_is_left_alone(db_url):
    engine = make_engine(db_url)
    migrate.upgrade(engine)
    with engine.begin() as conn:
        conn.execute(text("UPDATE alembic_version SET version_num = '0099'"))
    engine.dispose()
    with pytest.raises(StoreError) as err:
        Store.open(db_url)
    assert err.value.problem is Problem.TOO_NEW
    assert "newer Tarot Tutor" in str(err.value)
    engine = make_engine(db_url)
    assert migrate.current(engine) == "0099"
    engine.dispose()


def test_migrations_ship_inside_the_package():
    from pathlib import Path

    import tutor.progress
    versions = Path(tutor.progress.__file__).parent / "migrations" / "versions"
    shipped = sorted(p.name for p in versions.glob("0*.py"))
    assert {"0001_initial.py", "0002_review.py", "0003_club.py"} <= set(shipped)
    assert (versions / "__init__.py").exists()  # so setuptools packs them with the package


def test_opening_an_up_to_date_database_does_not_import_alembic(tmp_path):
    """Alembic is loaded only to migrate, which keeps it off the app's cold start."""
    import subprocess
    import sys

    url = f"sqlite:///{tmp_path / 'p.sqlite3'}"
    Store.open(url).close()  # made and migrated here, in the test process
    code = (f"import sys; from tutor.progress import Store; s = Store.open({url!r}); "
            "print(s.default_learner().name, 'alembic' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.split() == ["Me", "False"]


def test_from_v4_names_differing_in_case_and_class_tokens_survive(db_url):
    """0005: names already differing only in case keep working (their keys are made distinct), and a
    learner's class link from before keeps working (the token is hashed in place)."""
    engine = make_engine(db_url)
    migrate.upgrade(engine, "0004")
    _fill_v1(engine)
    with engine.begin() as conn:
        conn.execute(text("INSERT INTO learners (id, name, created_at, last_seen_at) "
                          "VALUES (2, 'ANA', '2026-01-02 10:00:00', '2026-01-03 10:00:00')"))
        conn.execute(text(
            "INSERT INTO class_quizzes (id, code, title, kinds, difficulty, seed, questions, created_at) "
            "VALUES (1, 'ABCDEF', 'Old', '[\"count\"]', 1, 5, '[]', '2026-01-02 10:00:00')"))
        for pid, name, token in ((1, "Bo", "old-token-bo"), (2, "bo", "old-token-bo-2")):
            conn.execute(text("INSERT INTO class_players (id, quiz_id, name, token, joined_at) "
                              "VALUES (:i, 1, :n, :t, '2026-01-02 10:00:00')"), {"i": pid, "n": name, "t": token})
    engine.dispose()

    store = Store.open(db_url)
    assert migrate.current(store.engine) == migrate.HEAD
    assert sorted(p.name for p in store.learners()) == ["ANA", "Ana"]
    with pytest.raises(ValueError, match="already a learner"):
        store.create_learner("aNa")
    from tutor.classroom.store import ClassStore
    cs = ClassStore(store.engine)
    assert cs.me("old-token-bo")[1].name == "Bo" and cs.me("old-token-bo-2")[1].name == "bo"
    with store.engine.connect() as conn:
        assert conn.execute(text("SELECT count(*) FROM class_players WHERE token_hash LIKE 'old%'")).scalar() == 0
    store.close()
    engine = make_engine(db_url)
    migrate.downgrade(engine, "0004")  # and back: the tables of v4 again (old links cannot come back)
    assert "throttles" not in inspect(engine).get_table_names()
    migrate.upgrade(engine)
    engine.dispose()
