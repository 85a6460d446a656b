"""The class-quiz store: create a quiz (questions frozen as a snapshot), join, answer, close, read results.

It works on the progress store's engine (same database, migrations ``0004`` and ``0005``). Learners
act only through their secret ``token``: nothing here hands one learner another learner's answers;
the results of everybody (``results``, ``tallies``) are for the teacher pages only.

The database keeps only each token's SHA-256, and a token stops working ``TOKEN_GRACE`` after its
quiz ends (deadline or closing). Names in one quiz are unique regardless of case, by a unique index
on ``name_key``. Joins are rate-limited per browser session (``JOIN_RULE``); the session that joins
is the owner of that name's PIN (``pin_gate``: others' wrong PINs never slow it down). Every write takes the
write lock at BEGIN (``writing``), so a class joining at once on SQLite waits its turn instead of
being refused.
"""

from __future__ import annotations

import math
import random
import secrets
import time
from dataclasses import replace
from datetime import datetime

from sqlalchemy import case, func, insert, select, update
from sqlalchemy.engine import Engine
from sqlalchemy.exc import IntegrityError, SQLAlchemyError

from ..db import name_key, utcnow
from ..db.classroom import ClassAnswer, ClassPlayer, ClassQuiz
from ..engine import TarotError
from ..i18n import _
from ..progress.db import Problem, StoreError, writing
from ..progress.hashing import make_hash, token_hash
from ..progress.store import clean_name
from ..progress.throttle import POLICIES, Gate
from ..quiz import KINDS, Feedback, Question, check_answer, generate
from .codes import clean_code, new_code
from .lookalike import taken_in_quiz
from .records import (
    DUPLICATE,  # noqa: F401  (importers name it from here, as before the split)
    TOKEN_GRACE,
    ClassError,
    Mark,
    Player,
    QuizInfo,
    Reason,
    Tallies,
    _aware,
    _mark,
    _player,
    _quiz,
)
from .timer import check_seconds, too_late

MAX_QUESTIONS = 50
OWN = "own"  # in a quiz's kinds: it has questions from the teacher's bank (``tutor.classroom.bank``)
PATIENCE = 60.0  # seconds a join or an answer keeps waiting for the write lock before giving up
# Five join tries freely, then 2, 4, 8 … s between tries (at most a minute); the count halves every minute.
JOIN_RULE = POLICIES["join"].session
PIN_DIGITS = 6  # a million PINs, noted down in class; the slow-downs (tutor.classroom.roster) guard them


def new_pin() -> str:
    """A PIN of PIN_DIGITS digits, drawn with ``secrets``.

    >>> len(new_pin()) == PIN_DIGITS and new_pin().isdigit()
    True
    """
    return f"{secrets.randbelow(10 ** PIN_DIGITS):0{PIN_DIGITS}d}"


def display_name(name: str) -> str:
    """A learner's display name, cleaned, or ``ClassError`` (bad input) saying what is wrong with it."""
    try:
        name = clean_name(name)
    except ValueError as err:
        raise ClassError(Reason.BAD_INPUT, detail=str(err)) from err
    if len(name) > 40:
        raise ClassError(Reason.BAD_INPUT, detail=_("A display name has at most 40 characters."))
    return name


def pin_target(quiz_id: int, name: str) -> str:
    """What class PINs are counted against: one name in one quiz (whether or not somebody has it)."""
    return f"{quiz_id}:{name_key(name)}"


def make_questions(kinds, count: int, seed: int, players: int | None, difficulty: int) -> list[Question]:
    """Question i takes the next kind in turn and the seed ``seed + i`` (the ``tarot-tutor quiz`` rule)."""
    out = []
    for i in range(count):
        kind = kinds[i % len(kinds)]
        params = {"difficulty": difficulty}
        if players is not None and players in KINDS[kind].players:
            params["players"] = players
        out.append(generate(kind, seed + i, **params))
    return out


class ClassStore:
    """Class quizzes on ``engine`` (an engine of an opened ``tutor.progress.Store``: migrated to 0004)."""

    def __init__(self, engine: Engine, where: str = "the database"):
        self.engine, self.where = engine, where

    def _db(self, fn, *args):
        try:
            return fn(*args)
        except (ClassError, StoreError):
            raise
        except SQLAlchemyError as exc:
            raise StoreError.from_exception(exc, self.where) from exc

    def _patient(self, fn, *args):
        """``_db`` for the writes a whole class makes at once (joining, answering): a lock that outlasts
        the busy timeout (a loaded server, 200 learners) is waited out, up to PATIENCE seconds in all."""
        deadline = time.monotonic() + PATIENCE
        while True:
            try:
                return self._db(fn, *args)
            except StoreError as err:
                if err.problem is not Problem.LOCKED or time.monotonic() > deadline:
                    raise
                time.sleep(random.uniform(0.02, 0.2))  # spread the retries out

    # -- teacher -----------------------------------------------------------------------------------

    def create(self, *, title: str, kinds, count: int, difficulty: int = 1, players: int | None = None,
               deadline: datetime | None = None, seed: int | None = None, now: datetime | None = None,
               paced: bool = False, own=(), mix: bool = False, timer: int | None = None,
               leaderboard: bool = False, podium: bool = True) -> QuizInfo:
        """A new quiz with a fresh code; the questions are generated now and stored as they are.

        ``own``: the teacher's own questions (``tutor.classroom.bank``), stored whole like the generated ones:
        first and in the order given, or (``mix``) mixed among the generated ones in an order drawn from the seed.
        ``timer`` (seconds per question) and ``leaderboard`` (the top five between questions) need ``paced``.
        """
        now = now or utcnow()
        title = " ".join(str(title or "").split())[:80]
        kinds = [k for k in dict.fromkeys(kinds or ())]
        own = list(own or ())
        unknown = [k for k in kinds if k not in KINDS]
        made = int(count) if kinds else 0
        problems = [
            (not title, "Give the quiz a title."),
            (not kinds and not own, "Pick at least one kind of question, or questions of your own."),
            (bool(unknown), _("Unknown kind of question: {kinds}.").format(kinds=", ".join(unknown))),
            (bool(kinds) and not 1 <= int(count) <= MAX_QUESTIONS,
             _("A quiz has 1 to {n} questions.").format(n=MAX_QUESTIONS)),
            (made + len(own) > MAX_QUESTIONS, _("A quiz has at most {n} questions: {own} of your own and {made} "
                                                "generated make {total}.").format(n=MAX_QUESTIONS, own=len(own),
                                                                                  made=made, total=made + len(own))),
            (not all(isinstance(q, Question) for q in own), _("Your own questions must come from your bank.")),
            (int(difficulty) not in (1, 2, 3), _("The difficulty is 1, 2 or 3.")),
            (players not in (None, 3, 4, 5), _("The number of players is 3, 4 or 5.")),
            (deadline is not None and (deadline.tzinfo is None or deadline <= now),
             _("The deadline must be in the future.")),
            (bool(timer) and not paced, _("A timer per question needs a teacher-paced quiz.")),
            (bool(leaderboard) and not paced, _("The top five between questions needs a teacher-paced quiz.")),
        ]
        for bad, detail in problems:
            if bad:
                raise ClassError(Reason.BAD_INPUT, detail=detail)
        try:
            timer = check_seconds(timer)
        except ValueError as err:
            raise ClassError(Reason.BAD_INPUT, detail=str(err)) from err
        seed = secrets.randbelow(10**6) if seed is None else int(seed)
        try:
            questions = make_questions(kinds, made, seed, players, int(difficulty)) if kinds else []
        except TarotError as err:
            raise ClassError(Reason.BAD_INPUT, detail=str(err)) from err
        questions = own + questions
        if mix:
            random.Random(seed).shuffle(questions)
        snapshot = [q.to_dict() for q in questions]
        kinds = kinds + ([OWN] if own else [])
        return self.insert_quiz(title=title, kinds=kinds, players=players, difficulty=int(difficulty), seed=seed,
                                questions=snapshot, created_at=now, deadline=deadline, paced=bool(paced),
                                timer=timer, leaderboard=bool(leaderboard), podium=bool(podium))

    def insert_quiz(self, **values) -> QuizInfo:
        """Store a new quiz (``values`` are its columns) under a fresh code: a quiz, or a duplicate session."""
        def run():
            for _try in range(20):  # a clash among ~890 million codes is rare; try another
                try:
                    with writing(self.engine) as conn:
                        res = conn.execute(insert(ClassQuiz).values(
                            code=new_code(), **({"closed": False, "explanations": False, "current": -1,
                                                 "podium": True} | values)))
                        qid = res.inserted_primary_key[0]
                        row = conn.execute(select(ClassQuiz).where(ClassQuiz.id == qid)).one()
                        return _quiz(row)
                except IntegrityError:
                    continue
            raise StoreError.from_exception(RuntimeError("no free quiz code"), self.where)
        return self._db(run)

    def quizzes(self) -> list[QuizInfo]:
        def run():
            with self.engine.connect() as conn:
                return [_quiz(r) for r in conn.execute(select(ClassQuiz).order_by(ClassQuiz.id.desc()))]
        return self._db(run)

    def set_flags(self, quiz_id: int, *, closed: bool | None = None, explanations: bool | None = None,
                  podium: bool | None = None, leaderboard: bool | None = None) -> None:
        values = {k: v for k, v in (("closed", closed), ("explanations", explanations), ("podium", podium),
                                    ("leaderboard", leaderboard)) if v is not None}
        if closed is not None:
            values["closed_at"] = utcnow() if closed else None
        def run():
            with writing(self.engine) as conn:
                conn.execute(update(ClassQuiz).where(ClassQuiz.id == quiz_id).values(**values))
        self._db(run)

    def results(self, quiz_id: int) -> tuple[list[Player], list[Mark]]:
        """Every learner and every answer of one quiz: for the teacher's dashboard only."""
        def run():
            with self.engine.connect() as conn:
                players = [_player(r) for r in conn.execute(
                    select(ClassPlayer).where(ClassPlayer.quiz_id == quiz_id).order_by(ClassPlayer.id))]
                marks = [_mark(r) for r in conn.execute(
                    select(ClassAnswer).join(ClassPlayer, ClassAnswer.player_id == ClassPlayer.id)
                    .where(ClassPlayer.quiz_id == quiz_id).order_by(ClassAnswer.player_id, ClassAnswer.number))]
            return players, marks
        return self._db(run)

    def tallies(self, quiz_id: int) -> Tallies:
        """The dashboard's numbers, counted in SQL: its cost grows with learners and questions, not with
        learners times answers."""
        right = func.sum(case((ClassAnswer.correct, 1), else_=0))
        per_learner = (select(ClassPlayer.name, func.count(ClassAnswer.id), right, func.sum(ClassAnswer.credit),
                              ClassPlayer.joined_at, func.max(ClassAnswer.answered_at), ClassPlayer.id)
                       .select_from(ClassPlayer).outerjoin(ClassAnswer, ClassAnswer.player_id == ClassPlayer.id)
                       .where(ClassPlayer.quiz_id == quiz_id)
                       .group_by(ClassPlayer.id, ClassPlayer.name, ClassPlayer.joined_at).order_by(ClassPlayer.id))
        of_quiz = (select(ClassAnswer.number).select_from(ClassAnswer)
                   .join(ClassPlayer, ClassAnswer.player_id == ClassPlayer.id).where(ClassPlayer.quiz_id == quiz_id))
        per_question = (of_quiz.add_columns(func.count(), right).group_by(ClassAnswer.number))
        given = (of_quiz.add_columns(ClassAnswer.answer, ClassAnswer.correct, func.count())
                 .group_by(ClassAnswer.number, ClassAnswer.answer, ClassAnswer.correct))

        def run():
            with self.engine.connect() as conn:
                learners = tuple((name, n, int(r or 0), float(c or 0.0), _aware(joined), _aware(last), pid)
                                 for name, n, r, c, joined, last, pid in conn.execute(per_learner))
                questions = {num: (n, int(r or 0)) for num, n, r in conn.execute(per_question)}
                answers = tuple((num, ans, bool(ok), n) for num, ans, ok, n in conn.execute(given))
            return Tallies(learners, questions, answers)
        return self._db(run)

    def grid(self, quiz_id: int) -> dict[tuple[int, int], float]:
        """(learner id, question number) -> credit, for the per-learner results (one narrow row per answer)."""
        def run():
            with self.engine.connect() as conn:
                return {(pid, num): float(credit) for pid, num, credit in conn.execute(
                    select(ClassAnswer.player_id, ClassAnswer.number, ClassAnswer.credit)
                    .join(ClassPlayer, ClassAnswer.player_id == ClassPlayer.id).where(ClassPlayer.quiz_id == quiz_id))}
        return self._db(run)

    # -- teacher-paced mode ------------------------------------------------------------------------

    def move(self, quiz_id: int, to: int, now: datetime | None = None) -> QuizInfo:
        """Put the class on question ``to`` (0-based), clamped to -1 (not started) .. len (ended); its
        timer (if any) starts ``now``, also when going back to a question."""
        now = now or utcnow()
        def run():
            with writing(self.engine) as conn:
                row = conn.execute(select(ClassQuiz).where(ClassQuiz.id == quiz_id)).one()
                where = max(-1, min(int(to), len(row.questions)))
                conn.execute(update(ClassQuiz).where(ClassQuiz.id == quiz_id).values(
                    current=where, question_at=now, revealed=None, top_after=None))  # a new question: nothing on show
                return _quiz(conn.execute(select(ClassQuiz).where(ClassQuiz.id == quiz_id)).one())
        return self._db(run)

    def show(self, quiz_id: int, *, revealed: int | None, top_after: int | None) -> None:
        """What the projector shows, for every window on the quiz: the answer of question ``revealed``, the top
        five after question ``top_after`` (0-based; None for none)."""
        def run():
            with writing(self.engine) as conn:
                conn.execute(update(ClassQuiz).where(ClassQuiz.id == quiz_id).values(revealed=revealed,
                                                                                     top_after=top_after))
        self._db(run)

    def quiz(self, quiz_id: int) -> QuizInfo:
        def run():
            with self.engine.connect() as conn:
                return _quiz(conn.execute(select(ClassQuiz).where(ClassQuiz.id == quiz_id)).one())
        return self._db(run)

    # -- learner -----------------------------------------------------------------------------------

    def find(self, code: str) -> QuizInfo:
        """The quiz with this code (typed loosely); ClassError UNKNOWN when there is none."""
        cleaned = clean_code(code)
        def run():
            if cleaned is None:
                return None
            with self.engine.connect() as conn:
                return conn.execute(select(ClassQuiz).where(ClassQuiz.code == cleaned)).one_or_none()
        row = self._db(run)
        if row is None:
            raise ClassError(Reason.UNKNOWN, code=str(code or "").strip()[:12])
        return _quiz(row)

    def _require_open(self, quiz: QuizInfo, now: datetime) -> None:
        if quiz.closed:
            raise ClassError(Reason.CLOSED, title=quiz.title)
        if quiz.deadline is not None and now >= quiz.deadline:
            raise ClassError(Reason.PAST_DEADLINE, title=quiz.title, deadline=f"{quiz.deadline:%Y-%m-%d %H:%M}")

    def join_gate(self) -> Gate:
        return Gate(self.engine, "join", where=self.where)

    def pin_gate(self) -> Gate:
        """Class PINs, counted per browser session and per quiz and name (``pin_target``)."""
        return Gate(self.engine, "class_pin", where=self.where)

    def join(self, code: str, name: str, now: datetime | None = None,
             session: str | None = None) -> tuple[QuizInfo, Player]:
        """Join a quiz under a display name; ``session`` (the browser session) is rate-limited."""
        now = now or utcnow()
        gate = self.join_gate()

        def slow_down(wait: float) -> ClassError:
            return ClassError(Reason.SLOW_DOWN, wait=math.ceil(wait))
        try:
            quiz = self.find(code)
            self._require_open(quiz, now)
            name = display_name(name)
        except ClassError:
            # A refused try counts too (a tab guessing codes), and a slowed-down tab learns nothing else.
            if session is not None and (wait := self._patient(gate.begin, session, None, now)) > 0:
                raise slow_down(wait) from None
            raise
        token = secrets.token_urlsafe(24)
        pin = new_pin()
        pin_hashed = make_hash(pin)  # scrypt before the write lock: the lock is held only for the insert
        def run():
            try:
                with writing(self.engine) as conn:  # the try is counted in the same transaction as the join
                    if session is not None and (wait := gate.begin_in(conn, session, None, now)) > 0:
                        raise slow_down(wait)
                    if taken_in_quiz(conn, quiz.id, name):  # in any case, or looking the same
                        raise ClassError(Reason.NAME_TAKEN, name=name)
                    conn.execute(insert(ClassPlayer).values(quiz_id=quiz.id, name=name, name_key=name_key(name),
                                                            token_hash=token_hash(token), joined_at=now,
                                                            pin_hash=pin_hashed))
                    if session is not None:
                        self.pin_gate().trust_in(conn, session, pin_target(quiz.id, name), now)
            except IntegrityError as exc:  # the unique name_key: the same name, any case, at the same moment
                raise ClassError(Reason.NAME_TAKEN, name=name) from exc
        self._patient(run)
        return quiz, replace(self.me(token, now=now)[1], pin=pin)

    def me(self, token: str, now: datetime | None = None) -> tuple[QuizInfo, Player]:
        """The quiz and learner a token belongs to (ClassError UNKNOWN for a token that is not one,
        EXPIRED once its quiz ended more than TOKEN_GRACE ago)."""
        def run():
            with self.engine.connect() as conn:
                player = conn.execute(select(ClassPlayer).where(
                    ClassPlayer.token_hash == token_hash(token))).one_or_none()
                quiz = None if player is None else conn.execute(
                    select(ClassQuiz).where(ClassQuiz.id == player.quiz_id)).one()
            return player, quiz
        player, quiz = self._db(run)
        if player is None:
            raise ClassError(Reason.UNKNOWN, code="?")
        info = _quiz(quiz)
        if info.token_expired(now or utcnow()):
            raise ClassError(Reason.EXPIRED, title=info.title, days=TOKEN_GRACE.days)
        return info, _player(player, str(token))

    def pace(self, token: str) -> tuple[int, bool] | None:
        """(current question, closed) of the quiz a token belongs to, or None for a token that is not one."""
        seen = self.watch(token)
        return None if seen is None else seen[:2]

    def watch(self, token: str) -> tuple[int, bool, str, datetime | None] | None:
        """(current question, closed, the learner's name, when the question started) for a token, or None for
        a token that is not one: the one small read a paced learner's page repeats every few seconds (``me``
        rebuilds the questions), so it follows the teacher's pace, a rename, and a timer started again (Back
        then Next to the same question within one look)."""
        def run():
            with self.engine.connect() as conn:
                return conn.execute(select(ClassQuiz.current, ClassQuiz.closed, ClassPlayer.name,
                                           ClassQuiz.question_at).join(
                    ClassPlayer, ClassPlayer.quiz_id == ClassQuiz.id).where(
                    ClassPlayer.token_hash == token_hash(token))).one_or_none()
        row = self._db(run)
        return None if row is None else (row.current, bool(row.closed), row.name, row.question_at)

    def my_answers(self, token: str, now: datetime | None = None) -> list[Mark]:
        """This learner's own answers, and nobody else's."""
        player = self.me(token, now=now)[1]
        def run():
            with self.engine.connect() as conn:
                return [_mark(r) for r in conn.execute(
                    select(ClassAnswer).where(ClassAnswer.player_id == player.id).order_by(ClassAnswer.number))]
        return self._db(run)

    def answer(self, token: str, number: int, raw, now: datetime | None = None) -> Feedback:
        """Grade ``raw`` against the stored snapshot and save it. An unreadable answer is not saved
        (ClassError BAD_INPUT with the reason); a second answer to a question is refused."""
        now = now or utcnow()
        quiz, player = self.me(token, now=now)
        self._require_open(quiz, now)
        if not 0 <= int(number) < len(quiz.questions):
            raise ClassError(Reason.BAD_INPUT, detail=_("This quiz has no question {n}.").format(n=int(number) + 1))
        if quiz.paced and int(number) != quiz.current:
            where = (_("the start") if quiz.current < 0 else _("the results") if quiz.finished
                     else _("question {n}").format(n=quiz.current + 1))
            raise ClassError(Reason.NOT_NOW, where=where, number=int(number) + 1)
        if quiz.paced and too_late(quiz.question_at, quiz.timer, now):  # the server's clock, not the page's
            raise ClassError(Reason.TIME_UP, number=int(number) + 1)
        fb = check_answer(quiz.questions[number], raw)
        if not fb.given and not fb.correct:  # the checker could not read it: nothing to save
            raise ClassError(Reason.BAD_INPUT, detail=fb.message)
        def run():
            try:
                with writing(self.engine) as conn:
                    conn.execute(insert(ClassAnswer).values(
                        player_id=player.id, number=int(number), answer=fb.given, correct=fb.correct,
                        credit=float(fb.credit), answered_at=now))
                    if self._count(conn, player.id) == len(quiz.questions):
                        conn.execute(update(ClassPlayer).where(ClassPlayer.id == player.id).values(finished_at=now))
            except IntegrityError as exc:
                raise ClassError(Reason.ANSWERED, number=int(number) + 1) from exc
        self._patient(run)
        return fb

    @staticmethod
    def _count(conn, player_id: int) -> int:
        return conn.execute(select(func.count()).select_from(ClassAnswer)
                            .where(ClassAnswer.player_id == player_id)).scalar()
