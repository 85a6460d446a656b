"""Export and import one learner's progress as JSON (to move to another computer, or keep a copy).

The file holds the profile, every answer, lessons done, lesson attempts (with their checks' answers and
stars), puzzle attempts and review cards, times in UTC (ISO 8601). Import checks the whole file first
(pydantic) and writes it in one transaction, as a new profile: nothing is half imported, and no existing
progress is changed.

>>> from tutor.progress.store import AnswerRecord, Store
>>> s = Store.open("sqlite://")
>>> me = s.default_learner()
>>> _ = s.record_answer(me.id, AnswerRecord("target", "target", 3, {"players": 4}, "41", True, 1.0))
>>> data = export_learner(s, me.id)
>>> data["format"], len(data["answers"])
('tarot-tutor-progress', 1)
>>> copy = import_learner(s, data, name="Me on the laptop")
>>> s.count_answers(copy.id)
1
"""

from __future__ import annotations

import json
from datetime import datetime
from typing import Any, Literal

from pydantic import AwareDatetime, BaseModel, ConfigDict, Field, ValidationError, field_validator
from sqlalchemy import select
from sqlalchemy.exc import IntegrityError

from ..db import name_key
from ..db.progress import (
    Answer,
    Learner,
    LessonAnswer,
    LessonAttempt,
    LessonProgress,
    PuzzleRating,
    PuzzleResult,
    ReviewCard,
)
from ..engine.words import plural
from ..i18n import LANGUAGES
from ..limits import MAX_ANSWER_CHARS, MAX_JSON_DEPTH, MAX_PROGRESS_BYTES, MAX_SEED, shorten
from .db import writing
from .profile_names import name_taken
from .records import TABLE_LEVELS
from .store import LearnerInfo, Store, _guarded, clean_name

FORMAT = "tarot-tutor-progress"
VERSION = 1


class _Row(BaseModel):
    model_config = ConfigDict(extra="forbid")


class AnswerIn(_Row):
    answered_at: AwareDatetime
    skill: str = Field(max_length=40)
    kind: str = Field(max_length=40)
    seed: int | None = Field(ge=0, le=MAX_SEED)  # a seed the app could have made (and the database can hold)
    params: dict[str, Any]
    answer: str = Field(max_length=MAX_ANSWER_CHARS)
    correct: bool
    credit: float = Field(ge=0, le=1)
    seconds: float | None = Field(default=None, ge=0)
    hints_used: bool = False
    source: str = Field(default="drill", max_length=20)


class LessonIn(_Row):
    lesson_id: str = Field(max_length=80)
    finished_at: AwareDatetime


class CheckIn(_Row):
    """The answer to one check of a lesson attempt (v10)."""

    step: int = Field(ge=0, le=1000)
    again: bool = False
    answered_at: AwareDatetime
    answer: Any
    correct: bool
    fixed: bool = True

    @field_validator("answer")
    @classmethod
    def _short(cls, value):
        if len(json.dumps(value)) > MAX_ANSWER_CHARS:
            raise ValueError(f"an answer is at most {MAX_ANSWER_CHARS:,} characters")
        return value


class AttemptIn(_Row):
    """One go through a lesson (v10); optional, so files from before it still import."""

    lesson_id: str = Field(max_length=80)
    started_at: AwareDatetime
    ended_at: AwareDatetime | None = None
    status: Literal["open", "skipped", "done"] = "open"
    checks: int | None = Field(default=None, ge=0, le=1000)
    right_first: int | None = Field(default=None, ge=0, le=1000)
    stars: int | None = Field(default=None, ge=1, le=3)
    answers: list[CheckIn] = []


class PuzzleIn(_Row):
    puzzle_id: str = Field(max_length=80)
    answered_at: AwareDatetime
    solved: bool
    credit: float = Field(ge=0, le=1)
    answer: str = ""
    seconds: float | None = Field(default=None, ge=0)


class CardIn(_Row):
    skill: str = Field(max_length=40)
    card: dict[str, Any]
    due: AwareDatetime
    last_rating: int | None = None
    reviews: int = 0


class RatingIn(_Row):
    """The puzzle rating (v6); optional, so files from before it still import."""

    rating: float = Field(ge=-2000, le=5000)
    rd: float = Field(ge=0, le=350)
    volatility: float = Field(gt=0, le=1)
    rated: int = Field(ge=0)
    updated_at: AwareDatetime


class LearnerIn(_Row):
    name: str
    created_at: AwareDatetime
    review_enabled: bool = False
    language: Literal["en", "fr"] | None = None  # v15; written only when chosen, so older apps read the file
    table_level: Literal["beginner", "club"] | None = None  # v16, the same way


class ProgressFile(_Row):
    format: Literal["tarot-tutor-progress"]
    version: Literal[1]
    exported_at: AwareDatetime
    learner: LearnerIn
    answers: list[AnswerIn] = []
    lessons: list[LessonIn] = []
    lesson_attempts: list[AttemptIn] = []
    puzzles: list[PuzzleIn] = []
    review_cards: list[CardIn] = []
    puzzle_rating: RatingIn | None = None


def _rows(conn, model, learner_id: int, skip=("id", "learner_id", "last_answer_id")) -> list[dict]:
    cols = [c for c in model.__table__.columns if c.name not in skip]
    rows = conn.execute(select(*cols).where(model.__table__.c.learner_id == learner_id))
    return [{k: (v.isoformat() if isinstance(v, datetime) else v) for k, v in r._mapping.items()} for r in rows]


@_guarded
def _export(store: Store, learner_id: int) -> dict:
    with store.engine.connect() as conn:
        who = conn.execute(select(Learner).where(Learner.id == learner_id)).one()
        return {
            "format": FORMAT, "version": VERSION, "exported_at": datetime.now().astimezone().isoformat(),
            "learner": {"name": who.name, "created_at": who.created_at.isoformat(),
                        "review_enabled": bool(who.review_enabled),
                        **({"language": who.language} if who.language in LANGUAGES else {}),
                        **({"table_level": who.table_level} if who.table_level in TABLE_LEVELS else {})},
            "answers": _rows(conn, Answer, learner_id), "lessons": _rows(conn, LessonProgress, learner_id),
            "puzzles": _rows(conn, PuzzleResult, learner_id), "review_cards": _rows(conn, ReviewCard, learner_id),
            "puzzle_rating": next(iter(_rows(conn, PuzzleRating, learner_id)), None),
            "lesson_attempts": _attempts(conn, learner_id),
        }


def _attempts(conn, learner_id: int) -> list[dict]:
    """The learner's lesson attempts, oldest first, each with its checks' answers."""
    answers: dict[int, list[dict]] = {}
    for r in conn.execute(select(LessonAnswer).where(LessonAnswer.learner_id == learner_id)
                          .order_by(LessonAnswer.attempt_id, LessonAnswer.step, LessonAnswer.again)):
        answers.setdefault(r.attempt_id, []).append({
            "step": r.step, "again": bool(r.again), "answered_at": r.answered_at.isoformat(), "answer": r.answer,
            "correct": bool(r.correct), "fixed": bool(r.fixed)})
    attempts = conn.execute(select(LessonAttempt).where(LessonAttempt.learner_id == learner_id)
                            .order_by(LessonAttempt.id))
    return [{"lesson_id": a.lesson_id, "started_at": a.started_at.isoformat(),
             "ended_at": a.ended_at.isoformat() if a.ended_at else None, "status": a.status, "checks": a.checks,
             "right_first": a.right_first, "stars": a.stars, "answers": answers.get(a.id, [])} for a in attempts]


def export_learner(store: Store, learner_id: int) -> dict:
    """One learner's progress as plain JSON-able data."""
    return _export(store, learner_id)


def parse_file(raw: bytes | str | dict) -> ProgressFile:
    """Read an exported file; ValueError with one clear sentence when it is not one.

    Its size and nesting are checked before anything else (``tutor.limits``).
    """
    if isinstance(raw, bytes | str) and len(raw) > MAX_PROGRESS_BYTES:
        raise ValueError(f"This file is larger than the {MAX_PROGRESS_BYTES // 2**20} MB a progress file may be.")
    try:
        data = raw if isinstance(raw, dict) else json.loads(raw)
    except RecursionError:  # the json parser stops itself near 1,000 levels
        data = None
    except (ValueError, UnicodeDecodeError) as exc:
        raise ValueError(f"This is not a JSON file ({shorten(str(exc), 120)}).") from None
    if data is None or _depth(data) > MAX_JSON_DEPTH:
        raise ValueError(f"This is not a Tarot Tutor progress file: it is nested more than {MAX_JSON_DEPTH} "
                         "levels deep. Nothing was imported.")
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise ValueError("This is not a Tarot Tutor progress file (its “format” is missing or different).")
    try:
        return ProgressFile.model_validate(data)
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(p) for p in first["loc"])
        raise ValueError(f"The progress file has a problem at {where}: {first['msg']} "
                         f"({plural(exc.error_count(), 'problem')} in all). Nothing was imported.") from None


def _depth(data) -> int:
    """How deeply lists and mappings nest in ``data`` (an explicit stack: no recursion)."""
    deepest, stack = 0, [(data, 1)]
    while stack:
        value, level = stack.pop()
        if isinstance(value, dict | list):
            deepest = max(deepest, level)
            if level > MAX_JSON_DEPTH:
                break
            stack.extend((v, level + 1) for v in (value.values() if isinstance(value, dict) else value))
    return deepest


@_guarded
def _import(store: Store, pf: ProgressFile, name: str) -> LearnerInfo:
    name = clean_name(name)
    taken = ValueError(f"There is already a learner called “{name}”: import under another name.")
    try:
        with writing(store.engine) as conn:
            if name_taken(conn, name):  # in any case, or a name that looks the same
                raise taken
            last = max([pf.learner.created_at, *(a.answered_at for a in pf.answers)])
            new_id = conn.execute(Learner.__table__.insert().values(
                name=name, name_key=name_key(name), created_at=pf.learner.created_at, last_seen_at=last,
                review_enabled=pf.learner.review_enabled, language=pf.learner.language,
                table_level=pf.learner.table_level)).inserted_primary_key[0]
            for model, rows in ((Answer, pf.answers), (LessonProgress, pf.lessons), (PuzzleResult, pf.puzzles),
                                (ReviewCard, pf.review_cards)):
                if rows:
                    conn.execute(model.__table__.insert(), [{**r.model_dump(), "learner_id": new_id} for r in rows])
            for a in pf.lesson_attempts:  # in order: the newest attempt stays the newest
                attempt_id = conn.execute(LessonAttempt.__table__.insert().values(
                    **a.model_dump(exclude={"answers"}), learner_id=new_id)).inserted_primary_key[0]
                if a.answers:
                    conn.execute(LessonAnswer.__table__.insert(), [
                        {**c.model_dump(), "attempt_id": attempt_id, "learner_id": new_id} for c in a.answers])
            if pf.puzzle_rating is not None:
                conn.execute(PuzzleRating.__table__.insert().values(**pf.puzzle_rating.model_dump(), learner_id=new_id))
    except IntegrityError:  # the same name (in any case) made at the same moment by another session
        raise taken from None
    return LearnerInfo(new_id, name, pf.learner.created_at, last, pf.learner.review_enabled, pf.learner.language,
                       pf.learner.table_level)


def import_learner(store: Store, raw: bytes | str | dict, name: str | None = None) -> LearnerInfo:
    """Add the progress in ``raw`` as a new profile (``name``, else the name in the file)."""
    pf = parse_file(raw)
    return _import(store, pf, name or pf.learner.name)
