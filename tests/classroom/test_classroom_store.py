"""Class quizzes in the store: codes, joining, answering from the snapshot, closing, deadlines, results.
On a SQLite file, and on PostgreSQL when TUTOR_TEST_DATABASE_URL is set."""

import json
import threading
from datetime import UTC, datetime, timedelta

import pytest
from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext

from tutor.classroom import stats
from tutor.classroom.codes import ALPHABET, clean_code
from tutor.classroom.store import ClassError, ClassStore, Reason
from tutor.db import Base
from tutor.progress import migrate
from tutor.progress.db import make_engine
from tutor.quiz import generate
from tutor.quiz.question import Question
from tutor.quiz.registry import KINDS_SPEC

T0 = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)


@pytest.fixture
def cs(store):
    return ClassStore(store.engine, store.where)


def quiz(cs, **kw):
    args = {"title": "Week 3", "kinds": ["count", "winner"], "count": 4, "players": 4, "seed": 5, "now": T0}
    return cs.create(**(args | kw))


def test_codes_have_no_ambiguous_characters_and_are_unique(cs):
    assert not set("0O1IL") & set(ALPHABET)
    codes = {quiz(cs).code for _ in range(30)}
    assert len(codes) == 30 and all(len(c) == 6 and set(c) <= set(ALPHABET) for c in codes)
    assert clean_code(" 8k7-hxn") == "8K7HXN" and clean_code("8K7HX0") is None and clean_code("") is None


def test_the_migration_builds_exactly_the_class_tables(db_url):
    engine = make_engine(db_url)
    migrate.upgrade(engine, direct=False)  # the revisions, not the direct schema
    assert migrate.current(engine) == migrate.HEAD
    with engine.connect() as conn:
        diff = compare_metadata(MigrationContext.configure(conn), Base.metadata)
    assert [d for d in diff if "class_" in repr(d)] == []
    engine.dispose()


def test_downgrading_to_0003_drops_only_the_class_tables(db_url):
    from sqlalchemy import inspect
    engine = make_engine(db_url)
    migrate.upgrade(engine)
    migrate.downgrade(engine, "0003")
    tables = set(inspect(engine).get_table_names())
    assert not {t for t in tables if t.startswith("class_")} and {"answers", "club_games"} <= tables
    migrate.upgrade(engine)
    assert {"class_quizzes", "class_players", "class_answers"} <= set(inspect(engine).get_table_names())
    engine.dispose()


def test_the_questions_are_the_seeded_ones_stored_whole(cs):
    q = quiz(cs)
    want = [generate("count", 5, players=4, difficulty=1), generate("winner", 6, players=4, difficulty=1),
            generate("count", 7, players=4, difficulty=1), generate("winner", 8, players=4, difficulty=1)]
    assert [x.to_dict() for x in q.questions] == [w.to_dict() for w in want]
    assert cs.find(q.code).questions == q.questions


def test_a_question_survives_json_for_every_kind():
    for kind in KINDS_SPEC:
        for seed in range(5):
            q = generate(kind, seed)
            back = Question.from_dict(json.loads(json.dumps(q.to_dict())))
            assert back.to_dict() == q.to_dict() and back.answer == q.answer


def test_a_later_generator_change_never_changes_a_class_quiz(cs, monkeypatch):
    q = quiz(cs, kinds=["count"], count=2)
    right = [x.answer_text for x in q.questions]
    gen = KINDS_SPEC["count"]

    def new_version(rng, params):  # a later release whose count questions differ
        raise AssertionError("a class quiz never runs its generator again")
    monkeypatch.setitem(KINDS_SPEC, "count", gen.__class__(gen.kind, gen.skill, new_version, gen.summary,
                                                           gen.players, gen.options))
    with pytest.raises(AssertionError):
        generate("count", 5, players=4)  # the generator really is replaced
    again = cs.find(q.code)
    assert [x.answer_text for x in again.questions] == right
    _, me = cs.join(q.code, "Ann", now=T0)
    assert cs.answer(me.token, 0, right[0], now=T0).correct  # graded from the snapshot, no generator run


def test_join_answer_and_results(cs):
    q = quiz(cs)
    _, ann = cs.join(q.code.lower(), "Ann", now=T0)
    _, bob = cs.join(q.code, "Bob", now=T0)
    for i, x in enumerate(q.questions):
        given = x.answer_text if x.choices == () else x.answer
        cs.answer(ann.token, i, given, now=T0 + timedelta(seconds=10 * (i + 1)))
    wrong = "3" if q.questions[0].answer != 3 else "4"
    cs.answer(bob.token, 0, wrong, now=T0 + timedelta(seconds=5))
    with pytest.raises(ClassError) as err:
        cs.answer(bob.token, 0, str(q.questions[0].answer), now=T0)
    assert err.value.reason is Reason.ANSWERED
    players, marks = cs.results(q.id)
    rows = {r.name: r for r in stats.learners(players, marks)}
    assert (rows["Ann"].right, rows["Ann"].answered, rows["Ann"].seconds) == (4, 4, 40.0)
    assert (rows["Bob"].right, rows["Bob"].answered, rows["Bob"].seconds) == (0, 1, 5.0)
    q1 = stats.questions(q, marks)[0]
    assert (q1.answered, q1.percent_right, q1.wrong) == (2, 50.0, ((wrong, 1),))
    assert [m.player_id for m in cs.my_answers(bob.token)] == [bob.id]  # only Bob's own
    assert cs.me(ann.token)[1].finished_at == T0 + timedelta(seconds=40)
    csv_text = stats.to_csv(q, players, marks)
    assert csv_text.splitlines()[0] == ",".join(stats.CSV_COLUMNS) and len(csv_text.splitlines()) == 6


def test_clear_messages_unknown_closed_deadline_name_taken_unreadable(cs):
    with pytest.raises(ClassError, match="no class quiz with the code “ABCDEF”") as err:
        cs.join("ABCDEF", "Ann")
    assert err.value.reason is Reason.UNKNOWN
    q = quiz(cs, deadline=T0 + timedelta(hours=1))
    _, ann = cs.join(q.code, "Ann", now=T0)
    with pytest.raises(ClassError, match="already called “ann”"):
        cs.join(q.code, "ann", now=T0)
    with pytest.raises(ClassError, match="not a number"):
        cs.answer(ann.token, 0, "lots", now=T0)
    assert cs.my_answers(ann.token, now=T0) == []  # nothing saved
    with pytest.raises(ClassError, match="ended at 2026-03-02 10:00") as err:
        cs.answer(ann.token, 0, "4", now=T0 + timedelta(hours=2))
    assert err.value.reason is Reason.PAST_DEADLINE
    cs.set_flags(q.id, closed=True)
    with pytest.raises(ClassError, match="is closed") as err:
        cs.join(q.code, "Cleo", now=T0)
    cs.set_flags(q.id, closed=False)
    assert cs.join(q.code, "Cleo", now=T0)[1].name == "Cleo"  # reopened


def test_bad_settings_are_refused(cs):
    for kw, msg in [({"title": " "}, "title"), ({"kinds": []}, "at least one kind"), ({"count": 0}, "1 to 50"),
                    ({"kinds": ["nope"]}, "Unknown kind"), ({"deadline": T0 - timedelta(minutes=1)}, "future")]:
        with pytest.raises(ClassError, match=msg):
            quiz(cs, **kw)
    assert cs.quizzes() == []


def test_a_token_that_is_not_one_sees_nothing(cs):
    quiz(cs)
    with pytest.raises(ClassError):
        cs.my_answers("guess")


def test_fifty_learners_answering_at_once_lose_nothing(cs):
    q = quiz(cs, kinds=["count"], count=1)
    tokens = [cs.join(q.code, f"L{i}", now=T0)[1].token for i in range(50)]
    start, errors = threading.Barrier(50), []

    def submit(i, token):
        start.wait()
        try:
            cs.answer(token, 0, str(i % 7), now=T0 + timedelta(seconds=1))
        except Exception as exc:  # collected: the assertion below names it
            errors.append(exc)
    threads = [threading.Thread(target=submit, args=(i, t)) for i, t in enumerate(tokens)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == []
    players, marks = cs.results(q.id)
    assert len(marks) == 50 and len({m.player_id for m in marks}) == 50
    assert sorted(m.answer for m in marks) == sorted(str(i % 7) for i in range(50))


def test_the_teacher_hash_command_makes_a_hash_that_verifies(capsys, monkeypatch):
    import io

    from tutor.classroom.passphrase import verify
    from tutor.cli import main
    monkeypatch.setattr("sys.stdin", io.StringIO("long enough phrase\n"))
    assert main(["teacher-hash", "--stdin"]) == 0
    made = capsys.readouterr().out.strip()
    assert verify("long enough phrase", made) and not verify("long enough phrasE", made)
    monkeypatch.setattr("sys.stdin", io.StringIO("short\n"))
    assert main(["teacher-hash", "--stdin"]) == 2
    assert "at least 8 characters" in capsys.readouterr().err
