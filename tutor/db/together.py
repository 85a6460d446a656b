"""The tables where people play each other (migration ``0019``, issue 36): a table and the people at it; and
(``0020``) the tables a teacher opens for a class, and which learner of the class each person at them is.

``play_tables.state`` is the table's whole state (``tutor.practice.together.to_dict``: the seats, the deal's seed,
dealer and action log, the scores so far) and ``version`` its version, kept in a column too so that a write can
say "only if the version is still the one I read" (``UPDATE … WHERE version = :read``). ``last`` keeps the deal
played before (its seed, dealer and log) for each player's review while the next one is dealt.
"""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import JSON, Boolean, ForeignKey, Index, Integer, String, false
from sqlalchemy.orm import Mapped, mapped_column

from .base import Base, UTCDateTime


class PlayTable(Base):
    """One table: its join code, its size and bots, its state and version, and the host's settings."""

    __tablename__ = "play_tables"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    code: Mapped[str] = mapped_column(String(6), unique=True, nullable=False)
    host: Mapped[str] = mapped_column(String(40), nullable=False)  # the host's name, as shown
    players: Mapped[int] = mapped_column(Integer, nullable=False)
    level: Mapped[str] = mapped_column(String(16), nullable=False)  # the empty seats' bots
    state: Mapped[dict] = mapped_column(JSON, nullable=False)
    version: Mapped[int] = mapped_column(Integer, nullable=False)
    started: Mapped[bool] = mapped_column(Boolean, nullable=False, server_default=false())  # the deal is under way
    quiet_seconds: Mapped[int | None] = mapped_column(Integer)  # None: no quiet player is replaced
    last: Mapped[dict | None] = mapped_column(JSON)  # the deal played before: seed, dealer, log
    created_at: Mapped[datetime] = mapped_column(UTCDateTime, nullable=False)
    acted_at: Mapped[datetime] = mapped_column(UTCDateTime, nullable=False)  # the last accepted action


class PlaySeat(Base):
    """A person at a table: a name (unique at the table, any case), the seat they hold (None: waiting for one),
    the SHA-256 of their signed seat token and the scrypt hash of their PIN; ``stand_in``: a bot plays their
    seat for the rest of the deal."""

    __tablename__ = "play_seats"
    __table_args__ = (Index("uq_play_seats_table_name_key", "table_id", "name_key", unique=True),
                      Index("uq_play_seats_token_hash", "token_hash", unique=True))
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    table_id: Mapped[int] = mapped_column(ForeignKey("play_tables.id", ondelete="CASCADE"), nullable=False)
    name: Mapped[str] = mapped_column(String(40), nullable=False)
    name_key: Mapped[str] = mapped_column(String(160), nullable=False)
    seat: Mapped[int | None] = mapped_column(Integer)
    host: Mapped[bool] = mapped_column(Boolean, nullable=False, server_default=false())
    token_hash: Mapped[str] = mapped_column(String(64), nullable=False)
    pin_hash: Mapped[str] = mapped_column(String(200), nullable=False)
    stand_in: Mapped[bool] = mapped_column(Boolean, nullable=False, server_default=false())
    joined_at: Mapped[datetime] = mapped_column(UTCDateTime, nullable=False)


class ClassTable(Base):
    """A table a teacher opened for a class quiz (migration ``0020``, issue 36): the quiz, the table's number in
    the class, the duplicate's seed (every table deals the same deals in the same order; None: each table deals its
    own) and every deal played at it (``history``: seed, dealer, log and seats of each, for the teacher's reviews and
    the duplicate ranking)."""

    __tablename__ = "class_tables"
    table_id: Mapped[int] = mapped_column(ForeignKey("play_tables.id", ondelete="CASCADE"), primary_key=True)
    quiz_id: Mapped[int] = mapped_column(ForeignKey("class_quizzes.id", ondelete="CASCADE"), nullable=False,
                                         index=True)
    number: Mapped[int] = mapped_column(Integer, nullable=False)
    duplicate_seed: Mapped[int | None] = mapped_column(Integer)
    history: Mapped[list | None] = mapped_column(JSON)


class ClassSeat(Base):
    """The learner of a class quiz a person at a class table is: their class token finds their seat (a learner
    has one place at their class's tables)."""

    __tablename__ = "class_seats"
    __table_args__ = (Index("uq_class_seats_player_id", "player_id", unique=True),)  # one place a learner
    seat_id: Mapped[int] = mapped_column(ForeignKey("play_seats.id", ondelete="CASCADE"), primary_key=True)
    player_id: Mapped[int] = mapped_column(ForeignKey("class_players.id", ondelete="CASCADE"), nullable=False)
