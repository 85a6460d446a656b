"""The class-quiz tables (migrations ``0004`` to ``0013``): quizzes, the learners who joined one, their
answers, requests to come back, and the server's own secrets (the key signing the teacher's sign-in,
and the sign-ins ended by "Lock the teacher area"); and (``0011``) each learner's play of each deal of a
duplicate class session; and (``0013``) the teacher's own questions."""

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
    true,
)
from sqlalchemy.orm import Mapped, mapped_column

from .base import Base, UTCDateTime


class ClassQuiz(Base):
    """A quiz a teacher set: its settings and the questions as a snapshot (``Question.to_dict()`` each)."""

    __tablename__ = "class_quizzes"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    code: Mapped[str] = mapped_column(String(6), unique=True, nullable=False)
    title: Mapped[str] = mapped_column(String(80), nullable=False)
    kinds: Mapped[list] = mapped_column(JSON, nullable=False)
    players: Mapped[int | None] = mapped_column(Integer)
    difficulty: Mapped[int] = mapped_column(Integer, nullable=False)
    seed: Mapped[int] = mapped_column(BigInteger, nullable=False)
    questions: Mapped[list] = mapped_column(JSON, nullable=False)  # the snapshot: never regenerated
    created_at: Mapped[datetime] = mapped_column(UTCDateTime, nullable=False)
    deadline: Mapped[datetime | None] = mapped_column(UTCDateTime)
    closed: Mapped[bool] = mapped_column(Boolean, nullable=False, server_default=false())
    closed_at: Mapped[datetime | None] = mapped_column(UTCDateTime)  # v5: learners' tokens expire after it
    explanations: Mapped[bool] = mapped_column(Boolean, nullable=False, server_default=false())
    # v6: teacher-paced mode. ``current`` is the question the class is on (0-based; -1 before the
    # start, len(questions) once the teacher has ended it); ``podium`` shows the top three at the end.
    paced: Mapped[bool] = mapped_column(Boolean, nullable=False, server_default=false())
    current: Mapped[int] = mapped_column(Integer, nullable=False, server_default="-1")
    podium: Mapped[bool] = mapped_column(Boolean, nullable=False, server_default=true())
    # v13: engagement, each optional. ``timer``: seconds to answer each question (None: no timer), counted
    # from ``question_at``, when the class's question last changed; ``leaderboard``: the teacher may show
    # the top five between questions.
    timer: Mapped[int | None] = mapped_column(Integer)
    question_at: Mapped[datetime | None] = mapped_column(UTCDateTime)
    leaderboard: Mapped[bool] = mapped_column(Boolean, nullable=False, server_default=false())
    # v18: what the teacher put on the projector (0-based questions, None for none), so every projector window
    # shows it: the question whose answer is on show, the question after which the top five is on show.
    revealed: Mapped[int | None] = mapped_column(Integer)
    top_after: Mapped[int | None] = mapped_column(Integer)


class ClassPlayer(Base):
    """A learner in one quiz: a display name and a secret token, kept only as its SHA-256 (only its
    holder sees these answers). ``name_key`` keeps names unique regardless of case (v5)."""

    __tablename__ = "class_players"
    __table_args__ = (UniqueConstraint("quiz_id", "name", name="uq_class_players_quiz_name"),
                      Index("uq_class_players_quiz_name_key", "quiz_id", "name_key", unique=True),
                      Index("uq_class_players_token_hash", "token_hash", unique=True))
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    quiz_id: Mapped[int] = mapped_column(ForeignKey("class_quizzes.id", ondelete="CASCADE"), nullable=False)
    name: Mapped[str] = mapped_column(String(40), nullable=False)
    name_key: Mapped[str] = mapped_column(String(160), nullable=False, server_default="")  # v5
    token_hash: Mapped[str] = mapped_column(String(64), nullable=False, server_default="")  # v5 (was the token)
    joined_at: Mapped[datetime] = mapped_column(UTCDateTime, nullable=False)
    finished_at: Mapped[datetime | None] = mapped_column(UTCDateTime)
    # v6: coming back without the address. The PIN shown at joining, kept as a salted scrypt hash; or a
    # request to rejoin (the SHA-256 of the waiting browser's secret) that the teacher approves.
    # The request columns are unused since v9: every request is a row of ``class_rejoins``.
    pin_hash: Mapped[str | None] = mapped_column(String(200))
    rejoin_hash: Mapped[str | None] = mapped_column(String(64))
    rejoin_at: Mapped[datetime | None] = mapped_column(UTCDateTime)
    rejoin_ok: Mapped[bool] = mapped_column(Boolean, nullable=False, server_default=false())


class ClassAnswer(Base):
    """One answer: at most one per learner and question (the unique key makes a double submit harmless)."""

    __tablename__ = "class_answers"
    __table_args__ = (UniqueConstraint("player_id", "number", name="uq_class_answers_player_number"),)
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    player_id: Mapped[int] = mapped_column(ForeignKey("class_players.id", ondelete="CASCADE"), nullable=False)
    number: Mapped[int] = mapped_column(Integer, nullable=False)  # 0-based index in the snapshot
    answer: Mapped[str] = mapped_column(Text, nullable=False)  # as understood, canonical notation
    correct: Mapped[bool] = mapped_column(Boolean, nullable=False)
    credit: Mapped[float] = mapped_column(Float, nullable=False)
    answered_at: Mapped[datetime] = mapped_column(UTCDateTime, nullable=False)


class ServerSecret(Base):
    """A secret the server makes for itself (v6), e.g. the key that signs the teacher's session token.
    Made once with ``secrets`` on first use; never written in the code or shown on a page."""

    __tablename__ = "server_secrets"
    name: Mapped[str] = mapped_column(String(40), primary_key=True)
    value: Mapped[str] = mapped_column(String(200), nullable=False)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime, nullable=False)


class ClassDeal(Base):
    """One learner's play of one deal of a duplicate class session (v11): the deal's log as one line of
    action codes, saved after each of their moves (a reload carries on from it), and once the deal is
    over their own score and whether their seat took. At most one row per learner and deal."""

    __tablename__ = "class_deals"
    __table_args__ = (UniqueConstraint("player_id", "number", name="uq_class_deals_player_number"),)
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    player_id: Mapped[int] = mapped_column(ForeignKey("class_players.id", ondelete="CASCADE"), nullable=False)
    number: Mapped[int] = mapped_column(Integer, nullable=False)  # 0-based index in the session's deals
    log: Mapped[str] = mapped_column(Text, nullable=False, server_default="")
    done: Mapped[bool] = mapped_column(Boolean, nullable=False, server_default=false())
    score: Mapped[int | None] = mapped_column(Integer)  # the learner's own score, once done
    took: Mapped[bool | None] = mapped_column(Boolean)  # the learner's seat took (attack), once done
    updated_at: Mapped[datetime] = mapped_column(UTCDateTime, nullable=False)


class ClassRejoin(Base):
    """A request to come back to a quiz under a name (v9). Every request is kept: a later one for the
    same name never replaces an earlier one, and the teacher sees them all. ``player_id`` is None when
    nobody has that name (the asker is told the same either way). ``secret_hash`` is the SHA-256 of
    the secret the waiting browser keeps; a request turned down is deleted."""

    __tablename__ = "class_rejoins"
    __table_args__ = (Index("uq_class_rejoins_secret_hash", "secret_hash", unique=True),
                      Index("ix_class_rejoins_quiz", "quiz_id"))
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    quiz_id: Mapped[int] = mapped_column(ForeignKey("class_quizzes.id", ondelete="CASCADE"), nullable=False)
    player_id: Mapped[int | None] = mapped_column(ForeignKey("class_players.id", ondelete="CASCADE"))
    name: Mapped[str] = mapped_column(String(40), nullable=False)
    secret_hash: Mapped[str] = mapped_column(String(64), nullable=False)
    at: Mapped[datetime] = mapped_column(UTCDateTime, nullable=False)
    approved: Mapped[bool] = mapped_column(Boolean, nullable=False, server_default=false())


class TeacherSignout(Base):
    """A teacher sign-in ended by "Lock the teacher area" (v9): the token's id, refused until it would
    have expired anyway (``until``)."""

    __tablename__ = "teacher_signouts"
    token_id: Mapped[str] = mapped_column(String(40), primary_key=True)
    until: Mapped[datetime] = mapped_column(UTCDateTime, nullable=False)


class OwnQuestion(Base):
    """A question the teacher wrote (v13), in their bank: its YAML in the lessons' check format as it was
    checked (``tutor.quiz.own``), and the Question it made (``Question.to_dict()``), which a quiz copies."""

    __tablename__ = "own_questions"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    name: Mapped[str] = mapped_column(String(100), nullable=False)
    source: Mapped[str] = mapped_column(Text, nullable=False)  # at most tutor.limits.MAX_OWN_QUESTION_BYTES
    question: Mapped[dict] = mapped_column(JSON, nullable=False)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime, nullable=False)
    updated_at: Mapped[datetime] = mapped_column(UTCDateTime, nullable=False)
