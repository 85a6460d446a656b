"""The values a quiz deals in: a Question (what to ask, what is right, why) and the Feedback on an answer.

Both are frozen; ``to_dict()`` gives plain JSON-able data (cards as their codes).

>>> from tutor.engine import parse_cards
>>> q = Question(kind="count", seed=1, params={"difficulty": 1}, skill="counting",
...              prompt="How many points?", answer_type=AnswerType.NUMBER, answer=5.0,
...              explanation="`KH` 4.5 + `2H` 0.5 = 5.", rules=("card_points",),
...              cards={"Pile": tuple(parse_cards("KH 2H"))})
>>> q.to_dict()["cards"], q.to_dict()["answer"]
({'Pile': ['KH', '2H']}, 5)
>>> q.answer_text
'5'
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field
from typing import Any

from ..engine import Card, card
from ..i18n.words import cards_text, points


class AnswerType(enum.Enum):
    """How the learner answers."""

    PICK_CARDS = "pick_cards"  # pick cards from ``pool`` (a set: order does not matter)
    CHOICE = "choice"  # one of ``choices``
    NUMBER = "number"  # a number, sign allowed
    SCORE_FORM = "score_form"  # one number per field of ``fields``


@dataclass(frozen=True)
class Choice:
    """One option of a CHOICE question: a stable ``key`` and the ``label`` shown."""

    key: str
    label: str


@dataclass(frozen=True)
class FormField:
    """One line of a score breakdown form."""

    key: str
    label: str
    hint: str = ""


@dataclass(frozen=True)
class Question:
    """One quiz question, generated from a seed or made from a puzzle.

    ``answer`` is computed by the engine: a tuple of Cards (PICK_CARDS), a choice key (CHOICE),
    a number (NUMBER) or a dict field -> number (SCORE_FORM). ``rules`` are the ids of the rules
    that decide it (see ``tutor.quiz.rules.RULES``). ``context`` holds JSON-able data the checker
    uses to name mistakes (the position, the score parameters) and, for positions taken from a
    deal, ``deal``: how to replay that deal (``tutor.quiz.positions.replay``).
    """

    kind: str
    seed: int | None
    params: dict
    skill: str
    prompt: str
    answer_type: AnswerType
    answer: Any
    explanation: str
    rules: tuple[str, ...]
    cards: dict[str, tuple[Card, ...]] = field(default_factory=dict)
    choices: tuple[Choice, ...] = ()
    pool: tuple[Card, ...] = ()
    fields: tuple[FormField, ...] = ()
    grader: str = ""  # which checker grades it; empty: the default for the answer type
    context: dict = field(default_factory=dict)
    difficulty: int = 1
    title: str = ""
    tags: tuple[str, ...] = ()

    @property
    def answer_text(self) -> str:
        """The correct answer as a learner would write it."""
        return answer_text(self, self.answer)

    def choice(self, key: str) -> Choice | None:
        return next((c for c in self.choices if c.key == key), None)

    def to_dict(self) -> dict:
        return {
            "kind": self.kind, "seed": self.seed, "params": dict(self.params), "skill": self.skill,
            "title": self.title, "tags": list(self.tags), "difficulty": self.difficulty,
            "prompt": self.prompt,
            "cards": {label: [c.code for c in cards] for label, cards in self.cards.items()},
            "answer_type": self.answer_type.value,
            "choices": [{"key": c.key, "label": c.label} for c in self.choices],
            "pool": [c.code for c in self.pool],
            "fields": [{"key": f.key, "label": f.label, "hint": f.hint} for f in self.fields],
            "answer": jsonable(self.answer), "answer_text": self.answer_text,
            "explanation": self.explanation, "rules": list(self.rules), "grader": self.grader,
            "context": jsonable(self.context),
        }

    @classmethod
    def from_dict(cls, d: dict) -> Question:
        """The Question ``to_dict`` wrote, e.g. read back from a stored class-quiz snapshot.

        >>> from tutor.quiz import generate
        >>> q = generate("score", 3, players=4)
        >>> Question.from_dict(q.to_dict()).to_dict() == q.to_dict()
        True
        """
        t = AnswerType(d["answer_type"])
        answer = d["answer"]
        if t is AnswerType.PICK_CARDS:  # the other types are already JSON values: a key, a number, a dict
            answer = tuple(card(c) for c in answer)
        return cls(
            kind=d["kind"], seed=d["seed"], params=dict(d["params"]), skill=d["skill"], prompt=d["prompt"],
            answer_type=t, answer=answer, explanation=d["explanation"], rules=tuple(d["rules"]),
            cards={label: tuple(card(c) for c in codes) for label, codes in d["cards"].items()},
            choices=tuple(Choice(c["key"], c["label"]) for c in d["choices"]),
            pool=tuple(card(c) for c in d["pool"]),
            fields=tuple(FormField(f["key"], f["label"], f.get("hint", "")) for f in d["fields"]),
            grader=d.get("grader", ""), context=dict(d.get("context") or {}),
            difficulty=int(d.get("difficulty", 1)), title=d.get("title", ""), tags=tuple(d.get("tags", ())))


@dataclass(frozen=True)
class Feedback:
    """The verdict on one answer.

    ``credit`` runs from 0 to 1 (partial credit for card sets and score forms); ``message`` says
    what was right or names the mistake; ``mistakes`` are the ids of the known mistakes found;
    ``fields`` (score forms) says which fields were right.
    """

    correct: bool
    credit: float
    message: str
    explanation: str = ""
    mistakes: tuple[str, ...] = ()
    fields: dict = field(default_factory=dict)
    given: str = ""  # the answer as understood, in canonical notation

    def to_dict(self) -> dict:
        return {"correct": self.correct, "credit": self.credit, "message": self.message,
                "explanation": self.explanation, "mistakes": list(self.mistakes),
                "fields": dict(self.fields), "given": self.given}


fmt = points  # the quiz's short name for points in the learner's language


def signed(x: float) -> str:
    """'+20', '-20', '+0'."""
    return ("+" if x >= 0 else "") + fmt(x)


def jsonable(value):
    """Cards become codes, enums their values, tuples lists; whole floats become ints."""
    if isinstance(value, Card):
        return value.code
    if isinstance(value, enum.Enum):
        return value.value
    if isinstance(value, dict):
        return {str(k): jsonable(v) for k, v in value.items()}
    if isinstance(value, list | tuple | set | frozenset):
        return [jsonable(v) for v in value]
    if isinstance(value, float) and value.is_integer():
        return int(value)
    return value


def answer_text(question: Question, answer) -> str:
    """An answer of ``question`` as text: the cards' names (K♥, trump 21), a choice label, a number, or
    field = value pairs."""
    kind = question.answer_type
    if kind is AnswerType.PICK_CARDS:
        return cards_text(answer)
    if kind is AnswerType.CHOICE:
        c = question.choice(answer)
        return c.label if c else str(answer)
    if kind is AnswerType.NUMBER:
        return fmt(answer)
    labels = {f.key: f.label for f in question.fields}
    return "; ".join(f"{labels.get(k, k)}: {signed(v) if k in SIGNED_FIELDS else fmt(v)}" for k, v in answer.items())


# Score-form fields whose sign carries meaning: every step, from the taker's side, and each player's score.
SIGNED_FIELDS = frozenset({"result", "contract", "petit_au_bout", "poignee", "chelem", "per_defender", "taker",
                           "partner", "defender"})
