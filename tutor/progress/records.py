"""What the progress store keeps and hands out (an answer to record, a learner) and the pieces its methods share:
the guard that turns any database failure into a StoreError, the rows read back, an answer's move of its skill's
review card, and the backup of a corrupt file.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

from sqlalchemy import func, select, update
from sqlalchemy.exc import SQLAlchemyError

from ..db import utcnow
from ..db.progress import ReviewCard
from ..i18n import LANGUAGES
from . import review
from .db import Problem, StoreError

# The Practice tables a learner may keep (the keys of ``practice.table.LEVELS``, which a test holds equal).
TABLE_LEVELS = ("beginner", "club")


@dataclass(frozen=True)
class AnswerRecord:
    """One answer as the pages hand it in."""

    skill: str
    kind: str
    seed: int | None
    params: dict
    answer: str
    correct: bool
    credit: float
    seconds: float | None = None
    hints_used: bool = False
    source: str = "drill"  # drill, replay, review, lesson


@dataclass(frozen=True)
class LearnerInfo:
    id: int
    name: str
    created_at: datetime
    last_seen_at: datetime
    review_enabled: bool
    language: str | None = None  # the language chosen with the switch; None: the browser's (v15)
    table_level: str | None = None  # the Practice table chosen (``practice.table.LEVELS``); None: the default (v16)


def _guarded(method):
    """Turn any database failure inside ``method`` into a StoreError naming the problem."""
    @functools.wraps(method)
    def wrapper(self, *args, **kwargs):
        try:
            return method(self, *args, **kwargs)
        except StoreError:
            raise
        except (SQLAlchemyError, OSError) as exc:
            raise StoreError.from_exception(exc, self.where) from exc
        except (ValueError, TypeError) as exc:
            if not _unreadable_value(exc):
                raise  # the method's own answer (a name taken, a wrong PIN…)
            raise StoreError(Problem.CORRUPT, self.where, str(exc)[:200]) from exc
    return wrapper


def _unreadable_value(exc: BaseException) -> bool:
    """True when ``exc`` comes from reading a stored value back (a time or JSON that does not parse, text
    that is not UTF-8): the file's bytes are damaged where the structure check cannot see them."""
    if isinstance(exc, UnicodeError) or "isoformat" in str(exc):
        return True
    tb = exc.__traceback__
    while tb is not None:
        name = tb.tb_frame.f_globals.get("__name__", "")
        if name.startswith(("sqlalchemy.", "json.")):
            return True
        tb = tb.tb_next
    return False


def backup_corrupt(path: Path, now: datetime | None = None) -> Path:
    """Move a damaged SQLite file (and its -wal/-shm files) aside; returns the backup's path."""
    stamp = (now or utcnow()).strftime("%Y%m%dT%H%M%SZ")
    backup = path.with_name(f"{path.name}.corrupt-{stamp}")
    for suffix in ("", "-wal", "-shm"):
        part = Path(f"{path}{suffix}")
        if part.exists():
            part.replace(Path(f"{backup}{suffix}"))
    return backup


def _hour(dialect: str, column):
    """The column's UTC hour as 'YYYY-MM-DD HH' text, in this database's dialect."""
    if dialect == "sqlite":  # stored as 'YYYY-MM-DD HH:MM:SS.ffffff': the first 13 characters (faster than strftime)
        return func.substr(column, 1, 13)
    return func.to_char(column, "YYYY-MM-DD HH24")


def _aware(t: datetime) -> datetime:
    # func.min() loses the column type on SQLite, so the value may come back as text or naive.
    if isinstance(t, str):
        t = datetime.fromisoformat(t)
    return t if t.tzinfo else t.replace(tzinfo=UTC)


def _learner(row) -> LearnerInfo:
    r = row[0] if hasattr(row, "_mapping") and len(row) == 1 else row
    return LearnerInfo(r.id, r.name, r.created_at, r.last_seen_at, bool(r.review_enabled),
                       r.language if r.language in LANGUAGES else None,
                       r.table_level if r.table_level in TABLE_LEVELS else None)


def _review_answer(conn, learner_id: int, rec: AnswerRecord, answer_id: int, at: datetime) -> None:
    """Move the skill's FSRS card for this answer, inside the answer's transaction."""
    row = conn.execute(select(ReviewCard.card, ReviewCard.reviews).where(
        ReviewCard.learner_id == learner_id, ReviewCard.skill == rec.skill)).first()
    card = row.card if row else None
    if not review.counts(card, rec.correct, at):
        return
    rating = review.rating_for(rec.correct, rec.credit, rec.hints_used)
    new = review.schedule(card, rec.skill, rating, at)
    values = dict(card=new, due=review.due_at(new), last_rating=int(rating), last_answer_id=answer_id,
                  reviews=(row.reviews if row else 0) + 1)
    if row:
        conn.execute(update(ReviewCard).where(ReviewCard.learner_id == learner_id, ReviewCard.skill == rec.skill)
                     .values(**values))
    else:
        conn.execute(ReviewCard.__table__.insert().values(learner_id=learner_id, skill=rec.skill, **values))
