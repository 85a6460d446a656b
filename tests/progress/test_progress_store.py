"""The progress store against a real SQLite file (and PostgreSQL when TUTOR_TEST_DATABASE_URL is set)."""

from datetime import UTC, datetime, timedelta, timezone

import pytest

from tutor.progress import AnswerRecord, StoreError

T0 = datetime(2026, 3, 1, 9, 0, tzinfo=UTC)


def rec(skill="counting", kind="count", seed=7, correct=True, credit=None, params=None, **kw):
    credit = (1.0 if correct else 0.0) if credit is None else credit
    return AnswerRecord(skill, kind, seed, params or {"players": 4, "difficulty": 1}, kw.pop("answer", "5"),
                        correct, credit, **kw)


def test_an_answer_keeps_every_field(store):
    me = store.default_learner()
    paris = timezone(timedelta(hours=1))
    at = datetime(2026, 3, 1, 0, 30, tzinfo=paris)  # 23:30 UTC the day before
    store.record_answer(me.id, rec(seed=2**40, params={"players": 5, "difficulty": 3, "ask": "partner"},
                                   answer="KH", correct=False, credit=0.5, seconds=12.5, hints_used=True,
                                   source="review"), at=at)
    (row,) = store.answers(me.id)
    assert (row.skill, row.kind, row.seed, row.answer) == ("counting", "count", 2**40, "KH")
    assert row.params == {"players": 5, "difficulty": 3, "ask": "partner"}
    assert (row.correct, row.credit, row.seconds, row.hints_used, row.source) == (False, 0.5, 12.5, True, "review")
    assert row.answered_at == datetime(2026, 2, 28, 23, 30, tzinfo=UTC)
    assert row.answered_at.tzinfo is UTC


def test_times_are_stored_as_utc_text_in_sqlite(tmp_path):
    import sqlite3

    from tutor.progress import Store
    s = Store.open(f"sqlite:///{tmp_path / 'p.sqlite3'}")
    me = s.default_learner()
    s.record_answer(me.id, rec(), at=datetime(2026, 3, 1, 10, 0, tzinfo=timezone(timedelta(hours=2))))
    s.close()
    raw = sqlite3.connect(tmp_path / "p.sqlite3").execute("SELECT answered_at FROM answers").fetchone()[0]
    assert raw.startswith("2026-03-01 08:00:00")


def test_naive_times_are_refused(store):
    me = store.default_learner()
    with pytest.raises((ValueError, StoreError)):
        store.record_answer(me.id, rec(), at=datetime(2026, 3, 1, 9, 0))


def test_profiles_pick_create_rename(store):
    me = store.default_learner()
    assert me.name == "Me" and store.default_learner().id == me.id  # not made twice
    ana = store.create_learner("  Ana   Lopez ")
    assert ana.name == "Ana Lopez"
    with pytest.raises(ValueError, match="already a learner"):
        store.create_learner("ana lopez")
    with pytest.raises(ValueError, match="Type a name"):
        store.create_learner("   ")
    with pytest.raises(ValueError, match="at most 40"):
        store.create_learner("x" * 41)
    store.rename_learner(ana.id, "Ana")
    with pytest.raises(ValueError, match="already"):
        store.rename_learner(ana.id, "ME")
    store.record_answer(me.id, rec(), at=datetime.now(UTC) + timedelta(minutes=1))
    assert [p.name for p in store.learners()] == ["Me", "Ana"]  # most recently active first
    assert store.count_answers(me.id) == 1 and store.count_answers(ana.id) == 0
    # A switch of profile makes Ana the one a new visit (or a reload) opens.
    store.touch_learner(ana.id, at=datetime.now(UTC) + timedelta(minutes=2))
    assert store.default_learner().id == ana.id and store.count_answers(ana.id) == 0


def test_recent_credits_keep_the_newest_per_skill(store):
    me = store.default_learner()
    for i, credit in enumerate([0.0, 1.0, 0.5, 1.0]):
        store.record_answer(me.id, rec(credit=credit, correct=credit == 1.0), at=T0 + timedelta(minutes=i))
    store.record_answer(me.id, rec(skill="target", kind="target", correct=False), at=T0 + timedelta(minutes=9))
    assert store.recent_credits(me.id, 2) == [("counting", 1.0), ("counting", 0.5), ("target", 0.0)]


def test_answers_are_counted_per_utc_hour(store):
    me = store.default_learner()
    paris = timezone(timedelta(hours=1))
    for at, credit in [(datetime(2026, 3, 1, 10, 10, tzinfo=paris), 1.0),  # 09:10 UTC
                       (datetime(2026, 3, 1, 9, 50, tzinfo=UTC), 0.5), (datetime(2026, 3, 1, 10, 5, tzinfo=UTC), 0.0),
                       (datetime(2026, 3, 2, 0, 0, tzinfo=UTC), 1.0)]:
        store.record_answer(me.id, rec(credit=credit), at=at)
    assert store.answer_hours(me.id) == [(datetime(2026, 3, 1, 9, tzinfo=UTC), 2, 1.5),
                                         (datetime(2026, 3, 1, 10, tzinfo=UTC), 1, 0.0),
                                         (datetime(2026, 3, 2, 0, tzinfo=UTC), 1, 1.0)]


def test_lessons_and_puzzles(store):
    me = store.default_learner()
    store.finish_lesson(me.id, "the-deck", at=T0)
    store.finish_lesson(me.id, "the-deck", at=T0 + timedelta(days=1))
    assert store.lessons_done(me.id) == {"the-deck": T0}
    store.record_puzzle(me.id, "p1", solved=False, credit=0.0, answer="KH", at=T0)
    store.record_puzzle(me.id, "p1", solved=True, credit=1.0, answer="QH", at=T0 + timedelta(hours=1))
    store.record_puzzle(me.id, "p1", solved=True, credit=1.0, answer="QH", at=T0 + timedelta(hours=2))
    store.record_puzzle(me.id, "p2", solved=False, credit=0.5, at=T0)
    assert store.puzzles_solved(me.id) == {"p1": T0 + timedelta(hours=1)}
    assert len(store.activity_times(me.id)) == 5


def test_a_mistake_put_right_on_the_same_question_is_fixed(store):
    me = store.default_learner()
    wrong = store.record_answer(me.id, rec(seed=1, correct=False), at=T0)
    other = store.record_answer(me.id, rec(seed=2, correct=False), at=T0)
    harder = store.record_answer(me.id, rec(seed=3, correct=False), at=T0)
    store.record_answer(me.id, rec(seed=1, correct=True), at=T0 + timedelta(minutes=1))
    store.record_answer(me.id, rec(seed=3, correct=True, params={"players": 4, "difficulty": 3}),
                        at=T0 + timedelta(minutes=1))  # another question: same seed, other params
    store.record_answer(me.id, rec(seed=2, correct=True), at=T0 - timedelta(minutes=1))  # right before, not after
    assert store.fixed_mistakes(me.id) == {wrong}
    assert [a.id for a in store.answers(me.id, wrong_only=True)] == [wrong, other, harder]


def test_review_is_opt_in_and_follows_fsrs_learning_steps(store):
    me = store.default_learner()
    store.record_answer(me.id, rec(), at=T0)
    assert store.review_cards(me.id) == []  # off: nothing scheduled
    store.set_review(me.id, True, now=T0)
    (card,) = store.review_cards(me.id)
    assert card.skill == "counting" and card.due == T0 and card.reviews == 0
    # A new FSRS card in its learning steps (1 min, 10 min): Good moves to the 10-minute step.
    store.record_answer(me.id, rec(), at=T0 + timedelta(minutes=1))
    (card,) = store.review_cards(me.id)
    assert card.due == T0 + timedelta(minutes=11) and card.reviews == 1 and card.last_rating == 3
    # A right answer before the due date is practice: the schedule stays.
    store.record_answer(me.id, rec(), at=T0 + timedelta(minutes=5))
    assert store.review_cards(me.id)[0].due == T0 + timedelta(minutes=11)
    # A wrong one is a lapse at any time: back to the first step (1 minute).
    store.record_answer(me.id, rec(correct=False), at=T0 + timedelta(minutes=6))
    (card,) = store.review_cards(me.id)
    assert card.due == T0 + timedelta(minutes=7) and card.reviews == 2 and card.last_rating == 1
    # Another skill answered while review is on gets its own card at once.
    store.record_answer(me.id, rec(skill="target", kind="target"), at=T0 + timedelta(minutes=8))
    assert {c.skill for c in store.review_cards(me.id)} == {"counting", "target"}


def test_review_graduates_to_days_after_the_learning_steps(store):
    me = store.default_learner()
    store.set_review(me.id, True, now=T0)
    at = T0
    for _ in range(3):  # Good, Good: through both learning steps into review
        store.record_answer(me.id, rec(), at=at)
        at = store.review_cards(me.id)[0].due
    card = store.review_cards(me.id)[0]
    assert card.due - T0 > timedelta(days=1)
    assert "You should remember it" in card.why(T0 + timedelta(minutes=30))
    assert "predicted recall" in card.why(card.due + timedelta(days=30))
    assert card.is_due(card.due) and not card.is_due(card.due - timedelta(seconds=1))
