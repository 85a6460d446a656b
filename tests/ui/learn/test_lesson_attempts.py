"""Progress that lasts (issue 27): a lesson's answers, score and stars are kept in the progress database per
learner, a reload mid-lesson or after the end finds them, each check is answered once per attempt, and the
daily goal counts lesson checks. Store tests run on SQLite and PostgreSQL (``store`` fixture)."""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta

from apptest_helpers import app
from lesson_answers import answer_check, next_button

from tutor.content import CheckStep
from tutor.progress import lesson_store as ls
from tutor.progress.store import REVEALED
from tutor.ui.common.data import course

LESSON = "tutor/ui/pages/lesson.py"
COURSE = "tutor/ui/pages/course.py"
AT = datetime(2026, 3, 4, 10, 15, tzinfo=UTC)


def steps_of(lesson) -> list:
    return [*lesson.steps, *lesson.quiz]


def checks_of(lesson) -> list[int]:
    return [i for i, s in enumerate(steps_of(lesson)) if isinstance(s, CheckStep)]


def map_card(at, title: str) -> str:
    return next(m.value for m in at.markdown if f". {title}**" in m.value)


# ---------------------------------------------------------------- the store (SQLite and PostgreSQL)


def test_a_check_is_kept_once_per_attempt_and_round(store):
    me = store.default_learner().id
    assert ls.latest_attempt(store, me, "ranks") is None
    ls.record_check(store, me, "ranks", 4, ["KH", "T21"], False, at=AT)
    ls.record_check(store, me, "ranks", 4, ["QH"], True, at=AT)  # a second answer: ignored
    ls.record_check(store, me, "ranks", 7, 40.5, True, at=AT)
    ls.record_check(store, me, "ranks", 4, ["QH"], True, again=True, at=AT)
    a = ls.latest_attempt(store, me, "ranks")
    assert (a.status, a.first, a.again) == ("open", {4: False, 7: True}, {4: True})
    assert a.given == {(False, 4): ["KH", "T21"], (False, 7): 40.5, (True, 4): ["QH"]}
    # Another learner's attempt at the same lesson is theirs alone.
    other = store.create_learner("Zoé").id
    ls.record_check(store, other, "ranks", 4, "x", True, at=AT)
    assert ls.latest_attempt(store, me, "ranks").first == {4: False, 7: True}
    assert ls.latest_attempt(store, other, "ranks").first == {4: True}


def test_the_end_the_stars_and_a_new_attempt(store):
    me = store.default_learner().id
    ls.record_check(store, me, "ranks", 4, "a", True, at=AT)
    ls.end_attempt(store, me, "ranks", status="skipped", checks=2, right_first=1, stars=0, at=AT)
    ls.end_attempt(store, me, "bidding", status="skipped", checks=3, right_first=0, stars=0, at=AT)  # no answer yet
    assert ls.lesson_marks(store, me) == ({}, {"ranks", "bidding"})
    ls.record_check(store, me, "ranks", 7, "b", False, at=AT)  # the skipped check, answered later
    ls.end_attempt(store, me, "ranks", status="done", checks=2, right_first=1, stars=2, at=AT)
    assert ls.latest_attempt(store, me, "ranks").stars == 2
    assert ls.lesson_marks(store, me) == ({"ranks": 2}, {"bidding"})
    # Going through again: a fresh attempt; the map keeps the best stars of the done ones.
    ls.new_attempt(store, me, "ranks", at=AT)
    fresh = ls.latest_attempt(store, me, "ranks")
    assert (fresh.status, fresh.first, fresh.again) == ("open", {}, {})
    ls.end_attempt(store, me, "ranks", status="done", checks=2, right_first=0, stars=1, at=AT)
    assert ls.lesson_marks(store, me)[0] == {"ranks": 2}
    ls.new_attempt(store, me, "ranks", at=AT)
    ls.end_attempt(store, me, "ranks", status="done", checks=2, right_first=2, stars=3, at=AT)
    assert ls.lesson_marks(store, me)[0] == {"ranks": 3}


def test_checked_hours_count_fixed_checks_and_answered_puzzles(store):
    me = store.default_learner().id
    ls.record_check(store, me, "ranks", 4, "a", True, at=AT)
    ls.record_check(store, me, "ranks", 4, "b", True, again=True, at=AT + timedelta(minutes=5))
    ls.record_check(store, me, "ranks", 7, "c", False, at=AT + timedelta(hours=1))
    ls.record_check(store, me, "card-values", 14, "5", True, fixed=False, at=AT)  # generated: an answer row already
    store.record_puzzle(me, "p1", solved=True, credit=1.0, answer="T1", at=AT)
    store.record_puzzle(me, "p2", solved=False, credit=0.0, answer=REVEALED, at=AT)  # shown, not answered
    hour = AT.replace(minute=0)
    assert ls.checked_hours(store, me) == [(hour, 3), (hour + timedelta(hours=1), 1)]


# ---------------------------------------------------------------- the lesson page (AppTest)


def _answer_and_next(at, lesson, i: int, *, right: bool) -> None:
    answer_check(at, steps_of(lesson)[i], f"{lesson.id}_{i}", right=right)
    assert not at.exception
    next_button(at).click().run()


def test_a_reload_mid_lesson_keeps_every_answer_and_the_score_says_so(db):
    """The issue's case: lesson 0, two wrong answers, a reload at step 13, then Finish."""
    lesson = course().lessons[0]
    checks = checks_of(lesson)
    last = len(steps_of(lesson)) - 1
    assert checks[-1] == last and len(checks) == 5
    wrong = {checks[0], checks[2]}
    at = app(LESSON, lesson=lesson.id, step="1")
    for i in range(last):
        if i in checks:
            _answer_and_next(at, lesson, i, right=i not in wrong)
        else:
            next_button(at).click().run()
    assert at.query_params["step"] == str(last + 1)

    at = app(LESSON, lesson=lesson.id, step=str(last + 1))  # the reload
    _answer_and_next(at, lesson, last, right=True)  # "Finish"
    assert at.query_params["step"] == "again"  # both misses from before the reload come back
    forms = sorted(b.key.rsplit("-", 1)[0] for b in at.button if b.key and b.key.startswith("FormSubmitter"))
    assert forms == sorted(f"FormSubmitter:form_{lesson.id}_{i}_again" for i in wrong)
    first, second = sorted(wrong)
    answer_check(at, steps_of(lesson)[first], f"{lesson.id}_{first}_again")
    at = app(LESSON, lesson=lesson.id, step="again")  # a reload in the second chance: one left to answer
    forms = [b.key.rsplit("-", 1)[0] for b in at.button if b.key and b.key.startswith("FormSubmitter")]
    assert forms == [f"FormSubmitter:form_{lesson.id}_{second}_again"]
    assert any(s.value == "Right!" for s in at.success)  # the one answered before the reload, with its verdict
    answer_check(at, steps_of(lesson)[second], f"{lesson.id}_{second}_again")
    at.button(key=f"score_{lesson.id}").click().run()
    # 3 of 5 right on the first try (under two thirds: one star), every miss put right: two stars.
    assert any(s.value.startswith(f"You finished “{lesson.title}”: **3 of 5 right, first try**") for s in at.success)
    assert any(m.value == "## ★★☆" for m in at.markdown)
    assert not at.warning  # nothing skipped
    assert list(db.lessons_done(db.default_learner().id)) == [lesson.id]

    # A reload after the end: the same score and stars, and each check shows the answer given.
    at = app(LESSON, lesson=lesson.id, step="end")
    assert any("**3 of 5 right, first try**" in s.value for s in at.success)
    assert any(m.value == "## ★★☆" for m in at.markdown)
    at = app(LESSON, lesson=lesson.id, step=str(checks[0] + 1))
    assert any("You finished this lesson (★★☆)" in i.value for i in at.info)
    assert any(e.value.startswith("Not quite.") for e in at.error)  # the first try's wrong answer, kept
    assert any(m.value.startswith("Your answer: **") for m in at.markdown)
    assert not any(b.key and b.key.startswith("FormSubmitter") for b in at.button)
    # The course map, in another session, has the tick and the stars.
    card = map_card(app(), lesson.title)
    assert card.startswith(":material/check_circle:") and "★★☆" in card


def test_going_through_again_asks_afresh_and_the_map_keeps_the_best_stars(db):
    lesson = course().lessons[0]
    checks = checks_of(lesson)
    me = db.default_learner().id
    for n, i in enumerate(checks):  # a first attempt, done with two stars (4 of 5, the miss put right)
        ls.record_check(db, me, lesson.id, i, "x", n != 0)
    ls.record_check(db, me, lesson.id, checks[0], "x", True, again=True)
    ls.end_attempt(db, me, lesson.id, status="done", checks=5, right_first=4, stars=2)
    db.finish_lesson(me, lesson.id)
    at = app(LESSON, lesson=lesson.id, step=str(checks[0] + 1))
    at.button(key=f"again_{lesson.id}").click().run()
    assert at.query_params["step"] == "1"
    for i in range(len(steps_of(lesson))):
        if i in checks:
            assert any((b.key or "").startswith(f"FormSubmitter:form_{lesson.id}_{i}-") for b in at.button)
            _answer_and_next(at, lesson, i, right=i != checks[1])  # one miss, then put right
        else:
            next_button(at).click().run()
    answer_check(at, steps_of(lesson)[checks[1]], f"{lesson.id}_{checks[1]}_again")
    at.button(key=f"score_{lesson.id}").click().run()
    assert any(m.value == "## ★★☆" for m in at.markdown)
    assert ls.latest_attempt(db, me, lesson.id).first == {i: i != checks[1] for i in checks}
    assert "★★☆" in map_card(app(), lesson.title)


def test_skipped_is_kept_too(db):
    lesson = course().lesson("the-deck")
    at = app(LESSON, lesson=lesson.id, step="end")
    assert any("You skipped 9 of 9 checks" in w.value for w in at.warning)
    card = map_card(app(), lesson.title)  # another session
    assert card.startswith(":material/skip_next:") and "skipped, not done" in card


# ---------------------------------------------------------------- the daily goal


def test_the_daily_goal_counts_lesson_checks(db):
    deck = course().lesson("the-deck")
    for i in checks_of(deck)[:3]:
        at = app(LESSON, lesson=deck.id, step=str(i + 1))
        answer_check(at, steps_of(deck)[i], f"{deck.id}_{i}", right=i != checks_of(deck)[1])
    values = course().lesson("card-values")
    generated = next(i for i in checks_of(values) if steps_of(values)[i].is_generated)
    at = app(LESSON, lesson=values.id, step=str(generated + 1))
    answer_check(at, steps_of(values)[generated], f"{values.id}_{generated}")
    assert not at.exception
    # Three fixed checks (one wrong) and one generated check (counted once, though kept in both tables).
    assert len(db.answers(db.default_learner().id)) == 1
    at = app()
    assert any("Daily goal: 4 of 10 answers today" in p.proto.text for p in at.get("progress"))


# ---------------------------------------------------------------- export and import


def test_lesson_attempts_move_with_an_exported_profile(store):
    from tutor.progress.transfer import export_learner, import_learner

    me = store.default_learner().id
    ls.record_check(store, me, "ranks", 4, ["KH", "T21"], False, at=AT)
    ls.record_check(store, me, "ranks", 4, ["QH"], True, again=True, at=AT)
    ls.end_attempt(store, me, "ranks", status="done", checks=1, right_first=0, stars=2, at=AT)
    ls.new_attempt(store, me, "ranks", at=AT)
    ls.record_check(store, me, "ranks", 4, ["QH"], True, at=AT)  # a second go, still open
    ls.end_attempt(store, me, "bidding", status="skipped", checks=3, right_first=0, stars=0, at=AT)
    copy = import_learner(store, json.dumps(export_learner(store, me)), name="Me elsewhere").id
    assert ls.lesson_marks(store, copy) == ({"ranks": 2}, {"bidding"})
    newest = ls.latest_attempt(store, copy, "ranks")
    assert (newest.status, newest.first, newest.given) == ("open", {4: True}, {(False, 4): ["QH"]})
    assert ls.checked_hours(store, copy) == ls.checked_hours(store, me)
    # A file from before lesson attempts still imports.
    data = export_learner(store, me)
    del data["lesson_attempts"]
    older = import_learner(store, data, name="Me before").id
    assert ls.lesson_marks(store, older) == ({}, set())
