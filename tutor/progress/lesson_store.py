"""Lesson attempts that last (migration ``0009``): each go through a lesson, the answer to each of its
checks, its score and its stars, per learner, so a reload (or the next visit) finds them again.

A check is answered once per attempt: the first answer stored is kept, a second one for the same step
and round is ignored. The newest attempt is the learner's current one; ``new_attempt`` starts another
(going through the lesson again). The course map's stars are the best of the learner's done attempts.

>>> from tutor.progress import Store
>>> s = Store.open("sqlite://")
>>> me = s.default_learner().id
>>> record_check(s, me, "the-deck", 3, "KH", False)
>>> record_check(s, me, "the-deck", 3, "QH", True)   # the same check again: the first answer stays
>>> record_check(s, me, "the-deck", 3, "QH", True, again=True)
>>> a = latest_attempt(s, me, "the-deck")
>>> a.first, a.again, a.given[(False, 3)], a.status
({3: False}, {3: True}, 'KH', 'open')
>>> end_attempt(s, me, "the-deck", status="done", checks=1, right_first=0, stars=2)
>>> lesson_marks(s, me)
({'the-deck': 2}, set())
>>> sum(n for _, n in checked_hours(s, me))   # both answers count toward the daily goal
2
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import UTC, datetime

from sqlalchemy import func, select, update
from sqlalchemy.exc import IntegrityError

from ..db import utcnow
from ..db.progress import Learner, LessonAnswer, LessonAttempt, PuzzleResult
from .db import writing
from .store import REVEALED, Store, _guarded, _hour

STATUSES = ("open", "skipped", "done")


@dataclass(frozen=True)
class Attempt:
    """One attempt as the lesson page needs it: steps (from 0) answered right or wrong, per round."""

    id: int
    status: str = "open"
    first: dict = field(default_factory=dict)  # step -> right on the first try
    again: dict = field(default_factory=dict)  # step -> right on the second chance
    given: dict = field(default_factory=dict)  # (again, step) -> the answer as given
    stars: int | None = None


def _latest_id(conn, learner_id: int, lesson_id: str) -> int | None:
    return conn.execute(select(func.max(LessonAttempt.id)).where(
        LessonAttempt.learner_id == learner_id, LessonAttempt.lesson_id == lesson_id)).scalar()


def _start(conn, learner_id: int, lesson_id: str, at: datetime) -> int:
    return conn.execute(LessonAttempt.__table__.insert().values(
        learner_id=learner_id, lesson_id=lesson_id, started_at=at, status="open")).inserted_primary_key[0]


@_guarded
def latest_attempt(store: Store, learner_id: int, lesson_id: str) -> Attempt | None:
    """The learner's newest attempt at the lesson, with its answers (None before the first)."""
    with store.engine.connect() as conn:
        attempt_id = _latest_id(conn, learner_id, lesson_id)
        if attempt_id is None:
            return None
        row = conn.execute(select(LessonAttempt.status, LessonAttempt.stars).where(
            LessonAttempt.id == attempt_id)).first()
        answers = conn.execute(select(LessonAnswer.step, LessonAnswer.again, LessonAnswer.answer,
                                      LessonAnswer.correct).where(LessonAnswer.attempt_id == attempt_id)).all()
    first = {s: bool(ok) for s, again, _, ok in answers if not again}
    again = {s: bool(ok) for s, again, _, ok in answers if again}
    given = {(bool(a), s): answer for s, a, answer, _ in answers}
    return Attempt(attempt_id, row.status, first, again, given, row.stars)


@_guarded
def record_check(store: Store, learner_id: int, lesson_id: str, step: int, answer, correct: bool, *,
                 again: bool = False, fixed: bool = True, at: datetime | None = None) -> None:
    """Keep the answer to step ``step`` in the newest attempt (started now when there is none). The first
    answer of a step and round stays: a repeat, or another tab's answer a moment earlier, is ignored."""
    at = at or utcnow()
    try:
        with writing(store.engine) as conn:
            attempt_id = _latest_id(conn, learner_id, lesson_id) or _start(conn, learner_id, lesson_id, at)
            seen = conn.execute(select(LessonAnswer.step).where(
                LessonAnswer.attempt_id == attempt_id, LessonAnswer.step == step, LessonAnswer.again == again)).first()
            if seen:
                return
            conn.execute(LessonAnswer.__table__.insert().values(
                attempt_id=attempt_id, step=step, again=again, learner_id=learner_id, answered_at=at,
                answer=answer, correct=bool(correct), fixed=bool(fixed)))
            conn.execute(update(Learner).where(Learner.id == learner_id).values(last_seen_at=at))
    except IntegrityError:  # the same answer written by another tab at the same moment: the first one stays
        return


@_guarded
def end_attempt(store: Store, learner_id: int, lesson_id: str, *, status: str, checks: int, right_first: int,
                stars: int, at: datetime | None = None) -> None:
    """The newest attempt reached the lesson's end: ``done`` (with its score and stars) or ``skipped``."""
    if status not in STATUSES:
        raise ValueError(f"unknown status {status!r}")
    at = at or utcnow()
    with writing(store.engine) as conn:
        attempt_id = _latest_id(conn, learner_id, lesson_id) or _start(conn, learner_id, lesson_id, at)
        conn.execute(update(LessonAttempt).where(LessonAttempt.id == attempt_id).values(
            status=status, ended_at=at, checks=checks, right_first=right_first, stars=stars or None))


@_guarded
def new_attempt(store: Store, learner_id: int, lesson_id: str, at: datetime | None = None) -> None:
    """Go through the lesson again: a fresh attempt, with no answer yet, becomes the newest."""
    with writing(store.engine) as conn:
        _start(conn, learner_id, lesson_id, at or utcnow())


@_guarded
def lesson_marks(store: Store, learner_id: int) -> tuple[dict[str, int], set[str]]:
    """(lesson -> the best stars of its done attempts, the lessons whose newest attempt ended skipped)."""
    q = select(LessonAttempt.lesson_id, LessonAttempt.status, LessonAttempt.stars).where(
        LessonAttempt.learner_id == learner_id).order_by(LessonAttempt.id)
    stars: dict[str, int] = {}
    newest: dict[str, str] = {}
    with store.engine.connect() as conn:
        for lesson_id, status, earned in conn.execute(q):
            newest[lesson_id] = status
            if status == "done" and earned:
                stars[lesson_id] = max(stars.get(lesson_id, 0), earned)
    return stars, {lesson_id for lesson_id, status in newest.items() if status == "skipped"}


@_guarded
def checked_hours(store: Store, learner_id: int) -> list[tuple[datetime, int]]:
    """(UTC hour, answers) of the checked answers kept outside the answers table: fixed lesson checks (a
    generated one is an answer already) and answered puzzles (a solution shown is no answer). With
    ``Store.answer_hours`` they make the day's count for the daily goal."""
    counts: dict[str, int] = {}
    lessons = _hour(store.engine.dialect.name, LessonAnswer.answered_at)
    puzzles = _hour(store.engine.dialect.name, PuzzleResult.answered_at)
    with store.engine.connect() as conn:
        for hour, n in conn.execute(select(lessons, func.count()).where(
                LessonAnswer.learner_id == learner_id, LessonAnswer.fixed.is_(True)).group_by(lessons)):
            counts[hour] = counts.get(hour, 0) + n
        for hour, n in conn.execute(select(puzzles, func.count()).where(
                PuzzleResult.learner_id == learner_id, PuzzleResult.answer != REVEALED).group_by(puzzles)):
            counts[hour] = counts.get(hour, 0) + n
    return [(datetime.fromisoformat(f"{h}:00").replace(tzinfo=UTC), n) for h, n in sorted(counts.items())]
