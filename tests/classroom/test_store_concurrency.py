"""A class at once, from separate processes (SQLite's locks only show across processes): every
learner gets in, names are unique whatever their case (the database says so, not Python), and the
teacher passphrase throttle cannot be raced nor walked through with fresh sessions. On a SQLite
file, and on PostgreSQL when TUTOR_TEST_DATABASE_URL is set."""

from __future__ import annotations

import contextlib
from datetime import UTC, datetime, timedelta

import pytest
from processes import T0, _at_once
from sqlalchemy import insert, text
from sqlalchemy.exc import IntegrityError

from tutor.classroom import passphrase
from tutor.classroom.store import ClassError, ClassStore, Reason
from tutor.db import name_key
from tutor.db.progress import Learner
from tutor.progress import Store
from tutor.progress.db import make_engine


def _join(i: int, url: str, code: str, names: list[str]) -> str:
    engine = make_engine(url)  # each process its own engine, as each server process has
    try:
        ClassStore(engine).join(code, names[i], now=T0)
        return "in"
    except ClassError as err:
        return err.reason.value
    except Exception as err:
        return f"error: {err}"
    finally:
        engine.dispose()


@pytest.fixture
def quiz(store):
    return ClassStore(store.engine, store.where).create(title="Week 3", kinds=["count"], count=2, players=4,
                                                        seed=5, now=T0)


def test_fifty_learners_joining_in_the_same_second_all_get_in(store, db_url, quiz):
    names = [f"Learner {i}" for i in range(50)]
    results = _at_once(50, _join, db_url, quiz.code, names)
    assert results == ["in"] * 50
    players, _ = ClassStore(store.engine).results(quiz.id)
    assert sorted(p.name for p in players) == sorted(names)


def test_the_same_name_in_any_case_joining_at_once_gets_in_once(store, db_url, quiz):
    variants = ["anna", "Anna", "ANNA", "aNNa", "AnNa", "annA", "ＡＮＮＡ", " anna "] * 8  # 64 at once
    results = _at_once(64, _join, db_url, quiz.code, variants)
    assert sorted(results) == ["in"] + ["name_taken"] * 63
    players, _ = ClassStore(store.engine).results(quiz.id)
    assert len(players) == 1 and name_key(players[0].name) == "anna"


def test_the_database_itself_refuses_a_name_differing_only_in_case(store, quiz):
    """Not only the Python check: an insert that skips it is refused by the unique index."""
    ClassStore(store.engine).join(quiz.code, "Anna", now=T0)
    from tutor.db.classroom import ClassPlayer
    with pytest.raises(IntegrityError), store.engine.begin() as conn:
        conn.execute(insert(ClassPlayer).values(quiz_id=quiz.id, name="ANNA", name_key=name_key("ANNA"),
                                                token_hash="x" * 64, joined_at=T0))
    store.create_learner("Zoé")
    with pytest.raises(IntegrityError), store.engine.begin() as conn:
        conn.execute(insert(Learner).values(name="ZOÉ", name_key=name_key("ZOÉ"), created_at=T0, last_seen_at=T0))


def _make_learner(i: int, url: str, names: list[str]) -> str:
    s = Store.open(url)
    try:
        s.create_learner(names[i], pin="4821")
        return "made"
    except ValueError:
        return "taken"
    finally:
        s.close()


def test_profiles_with_the_same_name_in_any_case_made_at_once_give_one(store, db_url):
    results = _at_once(16, _make_learner, db_url, ["Bea", "BEA", "bea", "bEa"] * 4)
    assert sorted(results) == ["made"] + ["taken"] * 15
    assert len(store.learners()) == 1


def _try_passphrase(i: int, url: str, session: str) -> float:
    engine = make_engine(url)
    try:
        return passphrase.gate(engine).begin(session, now=T0)  # one clock: however slowly they take turns
    finally:
        engine.dispose()


def test_passphrase_tries_sent_together_from_one_session_let_one_through(store, db_url):
    """The wait is checked and the try counted in one locked transaction: of 24 tries sent at the same
    moment by one session, exactly one goes ahead (the old in-memory throttle let 11 through)."""
    waits = _at_once(24, _try_passphrase, db_url, "one-tab")
    assert sum(w == 0.0 for w in waits) == 1, waits
    assert set(waits) == {0.0, 1.0}, waits  # the others wait for the one try that went ahead


def test_fresh_sessions_at_once_get_only_the_teacher_areas_free_tries(store, db_url):
    """Issue 29: the tries are counted per target (the teacher area), whatever the session: of 12
    fresh sessions trying at the same moment, the first 5 go ahead and the others wait."""
    waits = _at_once(12, lambda i, url: _try_passphrase(i, url, f"tab-{i}"), db_url)
    assert sorted(waits) == [0.0] * 5 + [1.0] * 7, waits


def test_the_throttle_lives_in_the_database_and_decays(store):
    gate = passphrase.gate(store.engine)
    gate.succeeded("teacher", now=T0)  # the teacher unlocked from this session once
    waits = [gate.begin(f"guesser-{n}", now=T0) for n in range(12)]  # twelve fresh tabs each guess once
    assert waits[:5] == [0.0] * 5 and all(w > 0 for w in waits[5:])
    t = T0 + timedelta(seconds=0.5)
    # another process, or after a restart: the count is in the database
    fresh = passphrase.gate(make_engine(store.engine.url.render_as_string(hide_password=False)))
    assert fresh.begin("guesser-13", now=t) == pytest.approx(0.5)  # the 5th failure's 1 s wait
    assert fresh.begin("teacher", now=t) == 0.0  # the real teacher's session is not held up
    fresh.succeeded("teacher", now=t)
    assert fresh.begin("teacher", now=t) == 0.0  # a wrong try from it…
    assert fresh.begin("teacher", now=t) == 1.0  # …slows its own next one down
    later = t + timedelta(hours=1)  # failures decay (half every 10 minutes): anybody may try again
    assert gate.begin("guesser-0", now=later) == 0.0


def test_joins_are_rate_limited_per_session(store, quiz):
    cs = ClassStore(store.engine)
    refused = []
    for i in range(20):  # a tab guessing codes
        try:
            cs.join(f"ABCD{i:02d}"[:6].replace("0", "Z").replace("1", "Y"), "Eve", now=T0, session="guesser")
        except ClassError as err:
            refused.append(err.reason)
    assert refused[:5] == [Reason.UNKNOWN] * 5 and set(refused[5:]) == {Reason.SLOW_DOWN}
    with pytest.raises(ClassError, match="wait 2 s"):
        cs.join(quiz.code, "Eve", now=T0, session="guesser")
    assert cs.join(quiz.code, "Eve", now=T0, session="another-tab")[1].name == "Eve"  # other sessions are not slowed
    assert cs.join(quiz.code, "Fay", now=T0 + timedelta(minutes=10), session="guesser")[1].name == "Fay"


def test_tokens_are_stored_hashed_and_expire_with_the_quiz(store):
    import hashlib
    cs = ClassStore(store.engine)
    q = cs.create(title="Week 4", kinds=["count"], count=1, players=4, seed=1, now=T0,
                  deadline=T0 + timedelta(hours=1))
    _, ann = cs.join(q.code, "Ann", now=T0)
    with store.engine.connect() as conn:
        stored = [tuple(r) for r in conn.execute(text("SELECT * FROM class_players"))]
    assert not any(ann.token in str(v) for row in stored for v in row)  # the token itself is nowhere
    assert hashlib.sha256(ann.token.encode()).hexdigest() in stored[0]
    assert cs.me(ann.token, now=T0 + timedelta(hours=12))[1].name == "Ann"  # readable to the end of the class day
    with pytest.raises(ClassError) as err:
        cs.me(ann.token, now=T0 + timedelta(hours=13))
    assert err.value.reason is Reason.EXPIRED and "end of that class day" in str(err.value)
    open_ended = cs.create(title="Open", kinds=["count"], count=1, players=4, seed=1, now=T0)
    _, bo = cs.join(open_ended.code, "Bo", now=T0)
    cs.set_flags(open_ended.id, closed=True)  # closing starts the clock
    now = datetime.now(UTC)
    assert cs.me(bo.token, now=now)[1].name == "Bo"
    with pytest.raises(ClassError, match="has ended"):
        cs.me(bo.token, now=now + timedelta(days=8))
    cs.set_flags(open_ended.id, closed=False)  # reopened: the link works again
    assert cs.me(bo.token, now=now + timedelta(days=8))[1].name == "Bo"


def test_the_dashboard_counted_in_sql_matches_the_answers_one_by_one(store):
    """``tallies`` (GROUP BY in the database) gives the same rows as the pure functions over every answer."""
    import random

    from tutor.classroom import stats
    cs = ClassStore(store.engine)
    q = cs.create(title="Mixed", kinds=["count", "winner"], count=4, players=4, seed=3, now=T0)
    rng = random.Random(7)
    for i in range(30):
        _, p = cs.join(q.code, f"L{i}", now=T0)
        for n, question in enumerate(q.questions):
            if rng.random() < 0.8:
                right = question.answer_text if question.choices == () else question.answer
                given = right if rng.random() < 0.6 else rng.choice(["3", "4", "5", "x"])
                with contextlib.suppress(ClassError):  # an unreadable guess is not saved, as in the app
                    cs.answer(p.token, n, given, now=T0 + timedelta(seconds=rng.randrange(1, 600)))
    cs.join(q.code, "Late", now=T0)  # joined, answered nothing
    players, marks = cs.results(q.id)
    t = cs.tallies(q.id)
    assert stats.learners_from(t) == stats.learners(players, marks)
    assert stats.questions_from(q, t) == stats.questions(q, marks)
    assert stats.skills_from(q, t) == stats.skills(q, marks)
    assert sum(r.answered for r in stats.learners_from(t)) == len(marks) > 50
