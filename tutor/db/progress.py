"""The learner tables (profiles, answers, lessons and their attempts, puzzles, spaced review) and the saved club
games."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    Float,
    ForeignKey,
    Index,
    Integer,
    String,
    Text,
    UniqueConstraint,
    false,
)
from sqlalchemy.orm import Mapped, mapped_column

from .base import Base, UTCDateTime


def _learner_fk() -> Mapped[int]:
    return mapped_column(ForeignKey("learners.id", ondelete="CASCADE"), nullable=False)


class Learner(Base):
    """A profile: a name; on a shared server also a PIN (its scrypt hash) or a sign-in identity (v5); the
    language the learner chose (v15); the Practice table they chose (v16)."""

    __tablename__ = "learners"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    name: Mapped[str] = mapped_column(String(80), unique=True, nullable=False)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime, nullable=False)
    last_seen_at: Mapped[datetime] = mapped_column(UTCDateTime, nullable=False)
    review_enabled: Mapped[bool] = mapped_column(Boolean, nullable=False, server_default=false())  # v2
    name_key: Mapped[str] = mapped_column(String(160), nullable=False, server_default="")  # v5: name_key(name)
    pin_hash: Mapped[str | None] = mapped_column(String(200))  # v5
    identity: Mapped[str | None] = mapped_column(String(255))  # v5: "issuer|subject" of an OIDC sign-in
    language: Mapped[str | None] = mapped_column(String(8))  # v15: "en", "fr"; NULL: the browser's
    table_level: Mapped[str | None] = mapped_column(String(16))  # v16: "beginner", "club"; NULL: the default
    __table_args__ = (
        Index("uq_learners_name_key", "name_key", unique=True),
        Index("uq_learners_identity", "identity", unique=True),
    )


class Answer(Base):
    """One answer to a generated question: enough to regenerate it (kind, seed, params) and to grade the learner."""

    __tablename__ = "answers"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    learner_id: Mapped[int] = _learner_fk()
    answered_at: Mapped[datetime] = mapped_column(UTCDateTime, nullable=False)
    skill: Mapped[str] = mapped_column(String(40), nullable=False)
    kind: Mapped[str] = mapped_column(String(40), nullable=False)
    seed: Mapped[int | None] = mapped_column(BigInteger)
    params: Mapped[dict] = mapped_column(JSON, nullable=False)
    answer: Mapped[str] = mapped_column(Text, nullable=False)
    correct: Mapped[bool] = mapped_column(Boolean, nullable=False)
    credit: Mapped[float] = mapped_column(Float, nullable=False)
    seconds: Mapped[float | None] = mapped_column(Float)
    hints_used: Mapped[bool] = mapped_column(Boolean, nullable=False)
    source: Mapped[str] = mapped_column(String(20), nullable=False, server_default="drill")  # v2
    __table_args__ = (
        Index("ix_answers_learner_time", "learner_id", "answered_at"),
        Index("ix_answers_learner_skill_time", "learner_id", "skill", "answered_at"),  # v2
    )


class LessonProgress(Base):
    """A lesson this learner finished (one row per lesson)."""

    __tablename__ = "lesson_progress"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    learner_id: Mapped[int] = _learner_fk()
    lesson_id: Mapped[str] = mapped_column(String(80), nullable=False)
    finished_at: Mapped[datetime] = mapped_column(UTCDateTime, nullable=False)
    __table_args__ = (UniqueConstraint("learner_id", "lesson_id", name="uq_lesson_progress"),)


class LessonAttempt(Base):
    """One go through a lesson (v10). Its checks' answers are ``LessonAnswer`` rows; ``status`` is open,
    skipped (its end reached with checks unanswered) or done, with the score and the stars once ended.
    The newest attempt is the one a reload shows; another starts when the learner goes through again."""

    __tablename__ = "lesson_attempts"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    learner_id: Mapped[int] = _learner_fk()
    lesson_id: Mapped[str] = mapped_column(String(80), nullable=False)
    started_at: Mapped[datetime] = mapped_column(UTCDateTime, nullable=False)
    ended_at: Mapped[datetime | None] = mapped_column(UTCDateTime)
    status: Mapped[str] = mapped_column(String(10), nullable=False, server_default="open")
    checks: Mapped[int | None] = mapped_column(Integer)
    right_first: Mapped[int | None] = mapped_column(Integer)
    stars: Mapped[int | None] = mapped_column(Integer)
    __table_args__ = (Index("ix_lesson_attempts_learner", "learner_id", "lesson_id"),)


class LessonAnswer(Base):
    """The answer to one check of a lesson attempt (v10), once per step and round: a check is answered once
    per attempt, and once more in the second chance (``again``) when missed."""

    __tablename__ = "lesson_answers"
    attempt_id: Mapped[int] = mapped_column(ForeignKey("lesson_attempts.id", ondelete="CASCADE"), primary_key=True)
    step: Mapped[int] = mapped_column(Integer, primary_key=True)  # the step's place in the lesson, from 0
    again: Mapped[bool] = mapped_column(Boolean, primary_key=True)  # the second chance's answer
    learner_id: Mapped[int] = _learner_fk()
    answered_at: Mapped[datetime] = mapped_column(UTCDateTime, nullable=False)
    answer: Mapped[object] = mapped_column(JSON, nullable=False)
    correct: Mapped[bool] = mapped_column(Boolean, nullable=False)
    # A fixed check; a generated one is also an ``Answer`` row (mastery, Replay), so it is not counted twice.
    fixed: Mapped[bool] = mapped_column(Boolean, nullable=False)
    __table_args__ = (Index("ix_lesson_answers_learner_time", "learner_id", "answered_at"),)


class PuzzleResult(Base):
    """One attempt at a puzzle; a puzzle is solved once an attempt is right."""

    __tablename__ = "puzzle_results"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    learner_id: Mapped[int] = _learner_fk()
    puzzle_id: Mapped[str] = mapped_column(String(80), nullable=False)
    answered_at: Mapped[datetime] = mapped_column(UTCDateTime, nullable=False)
    solved: Mapped[bool] = mapped_column(Boolean, nullable=False)
    credit: Mapped[float] = mapped_column(Float, nullable=False)
    answer: Mapped[str] = mapped_column(Text, nullable=False)
    seconds: Mapped[float | None] = mapped_column(Float)
    __table_args__ = (Index("ix_puzzle_results_learner", "learner_id", "puzzle_id"),)


class PuzzleRating(Base):
    """A learner's Glicko-2 puzzle rating (v6; ``tutor.progress.rating``): one row per learner once rated."""

    __tablename__ = "puzzle_ratings"
    learner_id: Mapped[int] = mapped_column(ForeignKey("learners.id", ondelete="CASCADE"), primary_key=True)
    rating: Mapped[float] = mapped_column(Float, nullable=False)
    rd: Mapped[float] = mapped_column(Float, nullable=False)
    volatility: Mapped[float] = mapped_column(Float, nullable=False)
    rated: Mapped[int] = mapped_column(Integer, nullable=False, server_default="0")  # rated attempts
    updated_at: Mapped[datetime] = mapped_column(UTCDateTime, nullable=False)


class ReviewCard(Base):
    """The FSRS card of one skill for one learner (v2): ``card`` is ``fsrs.Card.to_dict()``."""

    __tablename__ = "review_cards"
    learner_id: Mapped[int] = mapped_column(ForeignKey("learners.id", ondelete="CASCADE"), primary_key=True)
    skill: Mapped[str] = mapped_column(String(40), primary_key=True)
    card: Mapped[dict] = mapped_column(JSON, nullable=False)
    due: Mapped[datetime] = mapped_column(UTCDateTime, nullable=False)
    last_rating: Mapped[int | None] = mapped_column(Integer)
    last_answer_id: Mapped[int | None] = mapped_column(Integer)
    reviews: Mapped[int] = mapped_column(Integer, nullable=False, server_default="0")


class ClubGame(Base):
    """A saved club score sheet (v3): its name and players in seat order; the deals are ``ClubDeal`` rows."""

    __tablename__ = "club_games"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    name: Mapped[str] = mapped_column(String(120), nullable=False)
    players: Mapped[list] = mapped_column(JSON, nullable=False)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime, nullable=False)
    updated_at: Mapped[datetime] = mapped_column(UTCDateTime, nullable=False)
    # v6: raised by every write, checked by every edit or delete (two devices on one sheet).
    version: Mapped[int] = mapped_column(Integer, nullable=False, server_default="1")
    first_dealer: Mapped[int] = mapped_column(Integer, nullable=False, server_default="0")  # v6: seat from 0
    __table_args__ = (Index("ix_club_games_updated", "updated_at"),)


class ClubDeal(Base):
    """One deal of a saved game, as written on the sheet (``tutor.club.DealEntry.to_row``); scores are recomputed."""

    __tablename__ = "club_deals"
    game_id: Mapped[int] = mapped_column(ForeignKey("club_games.id", ondelete="CASCADE"), primary_key=True)
    number: Mapped[int] = mapped_column(Integer, primary_key=True)
    taker: Mapped[str] = mapped_column(String(40), nullable=False)
    partner: Mapped[str | None] = mapped_column(String(40))
    contract: Mapped[str] = mapped_column(String(20), nullable=False)
    points: Mapped[float] = mapped_column(Float, nullable=False)
    oudlers: Mapped[int] = mapped_column(Integer, nullable=False)
    petit_au_bout: Mapped[str | None] = mapped_column(String(10))
    poignees: Mapped[list] = mapped_column(JSON, nullable=False)
    chelem: Mapped[str | None] = mapped_column(String(20))
    alone: Mapped[bool] = mapped_column(Boolean, nullable=False, server_default=false())
    entered_at: Mapped[datetime | None] = mapped_column(UTCDateTime)  # v12: None for deals saved before


class Throttle(Base):
    """A slow-down counter (v5): failed passphrase or PIN tries, join attempts, per browser session or per
    target. ``score`` decays with time (halving every few minutes) and ``until`` is when the next try is
    allowed; an owner's mark (``…:owner:…``) keeps in ``until`` how long its session skips the target's wait."""

    __tablename__ = "throttles"
    key: Mapped[str] = mapped_column(String(200), primary_key=True)
    score: Mapped[float] = mapped_column(Float, nullable=False)
    at: Mapped[datetime] = mapped_column(UTCDateTime, nullable=False)  # when score was last updated
    until: Mapped[datetime] = mapped_column(UTCDateTime, nullable=False)
