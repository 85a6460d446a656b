"""What the class store hands out: a quiz (QuizInfo), a player, a mark, the tallies of a question, and the refusals
with their reason and their words (ClassError); and the database rows read back as them.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

from ..i18n import N_, _
from ..quiz import Question
from .timer import time_left

DUPLICATE = "duplicate"  # the kinds of a duplicate class session (``tutor.classroom.duplicate``)
TOKEN_GRACE = timedelta(hours=12)  # a learner reads their result until the end of the class day, no longer


class Reason(enum.Enum):
    UNKNOWN = "unknown"
    CLOSED = "closed"
    PAST_DEADLINE = "past_deadline"
    NAME_TAKEN = "name_taken"
    BAD_INPUT = "bad_input"
    ANSWERED = "answered"
    SLOW_DOWN = "slow_down"
    EXPIRED = "expired"
    SLOW_DOWN_PIN = "slow_down_pin"
    NOT_NOW = "not_now"
    REFUSED = "refused"
    WRONG_PIN = "wrong_pin"
    TOO_MANY_REQUESTS = "too_many_requests"
    TIME_UP = "time_up"


MESSAGES = {
    Reason.UNKNOWN: N_("There is no class quiz with the code “{code}”. Check the code with your teacher "
                    "(it has 6 letters and digits, never 0, O, 1, I or L)."),
    Reason.CLOSED: N_("The quiz “{title}” is closed: your teacher is not taking answers any more."),
    Reason.PAST_DEADLINE: N_("The quiz “{title}” ended at {deadline} (UTC): answers are no longer taken."),
    Reason.NAME_TAKEN: N_("Someone in this quiz is already called “{name}”. Add an initial or pick another name."),
    Reason.BAD_INPUT: "{detail}",
    Reason.ANSWERED: N_("Question {number} is already answered: an answer cannot be changed."),
    Reason.SLOW_DOWN: N_("Too many tries to join from this browser: wait {wait} s, then check the code with "
                      "your teacher and try again."),
    Reason.EXPIRED: N_("The quiz “{title}” has ended and its links work only until the end of that class day, so this "
                    "link no longer opens it."),
    Reason.NOT_NOW: N_("Your teacher leads this quiz: the class is on {where}, so question {number} cannot be "
                    "answered now."),
    Reason.WRONG_PIN: N_("That name and PIN do not match. Check the PIN you were shown when you joined, or ask "
                      "your teacher to let you back in."),
    Reason.REFUSED: N_("This request to come back is no longer waiting (your teacher turned it down, or let in "
                    "another request for this name). Ask your teacher, then ask again."),
    Reason.SLOW_DOWN_PIN: N_("Too many wrong PINs for this name or from this browser: wait {wait} s, or ask your "
                          "teacher to let you back in."),
    Reason.TIME_UP: N_("Time is up for question {number}: answers are no longer taken. The next question comes "
                    "here when your teacher moves on."),
    Reason.TOO_MANY_REQUESTS: N_("Too many requests to come back are waiting in this quiz. Tell your teacher, who "
                              "can turn them down on the dashboard."),
}


class ClassError(Exception):
    """Why a class-quiz action was refused, with a sentence for the page."""

    def __init__(self, reason: Reason, **facts):
        self.reason = reason
        super().__init__(_(MESSAGES[reason]).format(**facts))  # in the language of the page


@dataclass(frozen=True)
class QuizInfo:
    id: int
    code: str
    title: str
    kinds: tuple[str, ...]
    players: int | None
    difficulty: int
    seed: int
    questions: tuple[Question, ...]
    created_at: datetime
    deadline: datetime | None
    closed: bool
    explanations: bool
    closed_at: datetime | None = None
    paced: bool = False  # the teacher moves the class from question to question
    current: int = -1  # paced: the question the class is on; -1 before the start, len(questions) at the end
    podium: bool = True  # paced: the top three are shown at the end
    deals: tuple = ()  # a duplicate session's deals (``tutor.classroom.duplicate``); no questions then
    timer: int | None = None  # paced: seconds to answer each question (``tutor.classroom.timer``); None: no timer
    question_at: datetime | None = None  # paced: when the class's question last changed (the timer's start)
    leaderboard: bool = False  # paced: the teacher may show the top five between questions
    revealed: int | None = None  # paced: the question whose answer the projector shows (moving on clears it)
    top_after: int | None = None  # paced: the question after which the projector shows the top five

    def time_left(self, now: datetime) -> float | None:
        """Seconds left on the class's question; None without a timer or outside a question."""
        if not (self.paced and 0 <= self.current < len(self.questions)):
            return None
        return time_left(self.question_at, self.timer, now)

    @property
    def duplicate(self) -> bool:
        """A duplicate class session: everyone plays the same deals (``tutor.classroom.duplicate``)."""
        return tuple(self.kinds) == (DUPLICATE,)

    @property
    def started(self) -> bool:
        return not self.paced or self.current >= 0

    @property
    def finished(self) -> bool:
        """A paced quiz the teacher has taken past its last question."""
        return self.paced and self.current >= len(self.questions)

    def open_at(self, now: datetime) -> bool:
        return not self.closed and (self.deadline is None or now < self.deadline)

    def ended_at(self) -> datetime | None:
        """When the quiz stopped taking answers (its deadline or its closing), None while it is open-ended."""
        ends = [t for t in (self.deadline, self.closed_at if self.closed else None) if t is not None]
        return min(ends) if ends else None

    def token_expired(self, now: datetime) -> bool:
        ended = self.ended_at()
        return ended is not None and now >= ended + TOKEN_GRACE


@dataclass(frozen=True)
class Player:
    id: int
    quiz_id: int
    name: str
    token: str
    joined_at: datetime
    finished_at: datetime | None
    pin: str = ""  # shown once, when the learner joins (the database keeps its hash)


@dataclass(frozen=True)
class Mark:
    """One saved answer."""

    player_id: int
    number: int
    answer: str
    correct: bool
    credit: float
    answered_at: datetime


def _quiz(row) -> QuizInfo:
    dup = list(row.kinds) == [DUPLICATE]  # its snapshot lists deals, not questions
    return QuizInfo(row.id, row.code, row.title, tuple(row.kinds), row.players, row.difficulty, row.seed,
                    () if dup else tuple(Question.from_dict(d) for d in row.questions), row.created_at,
                    row.deadline, row.closed, row.explanations, row.closed_at, row.paced, row.current, row.podium,
                    tuple(row.questions) if dup else (), timer=row.timer, question_at=row.question_at,
                    leaderboard=row.leaderboard, revealed=row.revealed, top_after=row.top_after)


def _player(row, token: str = "") -> Player:
    """A learner; the token is known only to whoever holds it (the database keeps its hash)."""
    return Player(row.id, row.quiz_id, row.name, token, row.joined_at, row.finished_at)


@dataclass(frozen=True)
class Tallies:
    """One quiz's results counted by the database, for the dashboard (a few rows per learner and question)."""

    learners: tuple[tuple, ...]  # (name, answered, right, score, joined_at, last answer or None, id), in join order
    questions: dict  # number -> (answered, right)
    given: tuple[tuple[int, str, bool, int], ...] = ()  # (number, answer, correct, count) of every distinct answer

    @property
    def wrong(self) -> tuple[tuple[int, str, int], ...]:
        """(number, answer, count) of the wrong answers."""
        return tuple((num, ans, n) for num, ans, ok, n in self.given if not ok)


def _aware(t):
    # max() over a datetime column comes back as text or naive on SQLite.
    if t is None:
        return None
    if isinstance(t, str):
        t = datetime.fromisoformat(t)
    return t if t.tzinfo else t.replace(tzinfo=UTC)


def _mark(row) -> Mark:
    return Mark(row.player_id, row.number, row.answer, row.correct, row.credit, row.answered_at)
