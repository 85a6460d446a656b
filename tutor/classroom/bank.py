"""The teacher's bank of their own questions (``own_questions``, migration ``0013``).

Each question is kept as the YAML the teacher wrote (the lessons' check format, at most
``MAX_OWN_QUESTION_BYTES``) and the Question it made. Nothing enters the bank without passing the
lessons' checker first (``tutor.quiz.own.read_own``): a question whose stated answer the engine
disagrees with is refused with the engine's reason (``BankError``). A class quiz copies the Question
into its snapshot (``ClassStore.create(own=...)``), so editing or deleting a bank question later never
changes a quiz already set.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import delete, func, insert, select, update
from sqlalchemy.engine import Engine
from sqlalchemy.exc import SQLAlchemyError

from ..content.verify import QuizContext
from ..db import utcnow
from ..db.classroom import OwnQuestion
from ..i18n import _
from ..limits import MAX_OWN_QUESTIONS
from ..progress.db import StoreError, writing
from ..quiz import Question
from ..quiz.own import OwnCheck, read_own


class BankError(Exception):
    """A question the bank refuses, with every reason (one sentence each)."""

    def __init__(self, problems):
        self.problems = tuple(problems)
        super().__init__(" ".join(self.problems))


@dataclass(frozen=True)
class OwnEntry:
    id: int
    name: str
    source: str
    question: Question
    created_at: datetime
    updated_at: datetime


def _entry(row) -> OwnEntry:
    return OwnEntry(row.id, row.name, row.source, Question.from_dict(row.question), row.created_at, row.updated_at)


class QuestionBank:
    """The teacher's questions on ``engine`` (an opened progress store's engine, migrated to 0013)."""

    def __init__(self, engine: Engine, where: str = "the database"):
        self.engine, self.where = engine, where

    def _db(self, fn, *args):
        try:
            return fn(*args)
        except (BankError, StoreError):
            raise
        except SQLAlchemyError as exc:
            raise StoreError.from_exception(exc, self.where) from exc

    def entries(self) -> list[OwnEntry]:
        """Every question, oldest first (the order the teacher wrote them)."""
        def run():
            with self.engine.connect() as conn:
                return [_entry(r) for r in conn.execute(select(OwnQuestion).order_by(OwnQuestion.id))]
        return self._db(run)

    def get(self, entry_id: int) -> OwnEntry | None:
        def run():
            with self.engine.connect() as conn:
                row = conn.execute(select(OwnQuestion).where(OwnQuestion.id == int(entry_id))).one_or_none()
                return None if row is None else _entry(row)
        return self._db(run)

    def save(self, text: str, *, ctx: QuizContext | None = None, entry_id: int | None = None,
             now: datetime | None = None) -> OwnEntry:
        """Check ``text`` and add it (or, with ``entry_id``, put it in place of that question); BankError with
        the checker's reasons when it is refused."""
        checked: OwnCheck = read_own(text, ctx)
        if not checked.ok:
            raise BankError(checked.problems)
        now = now or utcnow()
        values = {"name": checked.name[:100], "source": checked.source, "question": checked.question.to_dict(),
                  "updated_at": now}

        def run():
            with writing(self.engine) as conn:
                if entry_id is not None:
                    done = conn.execute(update(OwnQuestion).where(OwnQuestion.id == int(entry_id)).values(**values))
                    if not done.rowcount:
                        raise BankError([_("That question is no longer in your bank (deleted in another tab?).")])
                    qid = int(entry_id)
                else:
                    count = conn.execute(select(func.count()).select_from(OwnQuestion)).scalar()
                    if count >= MAX_OWN_QUESTIONS:
                        raise BankError([_("Your bank holds at most {n} questions: delete one first.").format(
                            n=MAX_OWN_QUESTIONS)])
                    qid = conn.execute(insert(OwnQuestion).values(created_at=now, **values)).inserted_primary_key[0]
                return _entry(conn.execute(select(OwnQuestion).where(OwnQuestion.id == qid)).one())
        return self._db(run)

    def delete(self, entry_id: int) -> bool:
        """Remove a question; True when there was one. Quizzes already set keep their copy."""
        def run():
            with writing(self.engine) as conn:
                return bool(conn.execute(delete(OwnQuestion).where(OwnQuestion.id == int(entry_id))).rowcount)
        return self._db(run)
