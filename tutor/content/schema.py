"""The lesson format, as pydantic models: what a lesson file may contain, field by field.

A lesson is a mapping with ``id``, ``title``, ``summary``, ``skills``, ``prerequisites``,
``minutes``, ``steps`` and ``quiz``. Each step has a ``kind``: ``text``, ``cards``,
``example``, ``check``, ``mistake`` or ``summary``. Every model remembers the YAML line it
came from (``.line`` and ``.line_of(key)``), so later checks can name the line too.

>>> from .yamlio import load_text
>>> raw = load_text("kind: cards\\ncards: KH CS\\ncaption: Two court cards\\n")
>>> step = CardsStep.model_validate(raw)
>>> [str(c) for c in step.cards], step.line, step.line_of("caption")
(['KH', 'CS'], 1, 3)
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import (
    BeforeValidator,
    Field,
    PrivateAttr,
    field_validator,
    model_validator,
)

from ..engine import Card
from ..i18n.words import say
from .nodes import (
    Cards,
    ChelemOutcome,
    ContractName,
    Node,
    OneCard,
    OneLine,
    Players,
    PoigneeLevel,
    Side,
    SkillId,
    Slug,
    Text,
)

STEP_KINDS = ("text", "cards", "table", "example", "check", "mistake", "summary")
EXAMPLE_KINDS = ("trick", "pile", "score", "legal", "discard", "poignee", "auction", "dealer", "call",
                 "petit_sec", "rules", "sheet", "hand_count", "count_scale", "best_card", "measured")
CALLOUTS = ("note", "tip", "house-rule")
# ---------------------------------------------------------------- examples (the engine computes the result)


class TrickExample(Node):
    """A trick, in the order played; the engine says who wins and why."""

    kind: Literal["trick"]
    cards: Cards = Field(min_length=2, max_length=5)
    excuse_wins: bool = False  # the last trick of a chelem


class PileExample(Node):
    """A pile of cards to count, by half points and in pairs; ``target`` adds oudlers and the target."""

    kind: Literal["pile"]
    cards: Cards = Field(min_length=1)
    target: bool = False


class ScoreParams(Node):
    """The situation of one scored deal (``score_deal``'s arguments)."""

    players: Players = 4
    contract: ContractName
    taker_points: float
    oudlers: int = Field(ge=0, le=3)
    petit_au_bout: Side | None = None
    poignees: list[PoigneeLevel] = []
    chelem: ChelemOutcome | None = None
    alone: bool = False

    def score_args(self) -> dict:
        return {"players": self.players, "contract": self.contract, "taker_points": self.taker_points,
                "oudlers": self.oudlers, "petit_au_bout": self.petit_au_bout, "poignees": list(self.poignees),
                "chelem": self.chelem, "alone": self.alone}


class ScoreExample(ScoreParams):
    """A deal to score, step by step."""

    kind: Literal["score"]


class LegalExample(Node):
    """A hand and a trick so far: which cards may be played, and why not the others."""

    kind: Literal["legal"]
    hand: Cards = Field(min_length=1)
    trick: Cards = ()
    called_king: OneCard | None = None  # 5 players, with first_trick
    first_trick: bool = False


class DiscardExample(Node):
    """The taker's hand with the dog in it, and a proposed écart."""

    kind: Literal["discard"]
    players: Players = 4
    hand: Cards
    discard: Cards


class PoigneeExample(Node):
    """A hand: which poignées it may show (and, with ``shown``, whether that show is correct)."""

    kind: Literal["poignee"]
    players: Players = 4
    hand: Cards
    shown: Cards | None = None


class AuctionExample(Node):
    """The bids of one auction, in speaking order from the dealer's right ('pass' or a contract)."""

    kind: Literal["auction"]
    players: Players = 4
    names: list[OneLine] | None = None  # seat names in playing order, seat 0 first
    dealer: int = Field(default=0, ge=0, le=4)
    bids: list[Literal["pass", "petite", "garde", "garde_sans", "garde_contre"]] = Field(min_length=1)


class DealerExample(Node):
    """The draw for the first dealer: one entry per player, e.g. '5H' (or 'EX 3C' when the Excuse is redrawn)."""

    kind: Literal["dealer"]
    names: list[OneLine] | None = None
    draws: list[Cards] = Field(min_length=3, max_length=5)


class CallExample(Node):
    """5 players: the taker calls a card; who is the partner?"""

    kind: Literal["call"]
    taker_hand: Cards
    called: OneCard
    dog: Cards = ()


class PetitSecExample(Node):
    """A hand: must the deal be cancelled for a Petit sec?"""

    kind: Literal["petit_sec"]
    hand: Cards = Field(min_length=1)


class RulesExample(Node):
    """A table of the engine's facts per player count."""

    kind: Literal["rules"]
    players: list[Players] = [3, 4, 5]
    show: list[Literal["cards", "poignee", "shares"]] = ["cards"]


class SheetDeal(ScoreParams):
    """One line of a score sheet: who took (and who partnered) and the deal's situation."""

    taker: OneLine
    partner: OneLine | None = None


class SheetExample(Node):
    """A club score sheet: names in seat order, then deals; the engine fills the scores and totals."""

    kind: Literal["sheet"]
    names: list[OneLine] = Field(min_length=3, max_length=5)
    deals: list[SheetDeal] = Field(min_length=1)


class HandCountExample(Node):
    """A hand: its count step by step (``tutor.strategy.bots.handcount.count_steps``) and the contract it reaches."""

    kind: Literal["hand_count"]
    cards: Cards = Field(min_length=15, max_length=24)
    players: Players | None = None  # left out: from the hand's size


class CountScaleExample(Node):
    """The points of the hand count and the bidding thresholds, as a table (from tutor.strategy.bots.handcount)."""

    kind: Literal["count_scale"]


class BestCardExample(Node):
    """An endgame where every card is known (the ``tarot-tutor solve`` format): the solver values each card."""

    kind: Literal["best_card"]
    position: dict[Any, Any]
    show_line: bool = True  # show a perfect line of play after the best card


class MeasuredExample(Node):
    """Measured groups of hands (lessons/measurements.yaml): each contract's success rate and mean score."""

    kind: Literal["measured"]
    groups: list[str] = Field(min_length=1, max_length=10)
    contracts: list[ContractName] = ["petite", "garde", "garde_sans", "garde_contre"]
    _measures: Any = PrivateAttr(default=None)  # set by the loader from the lessons' measurements file


Example = Annotated[
    TrickExample | PileExample | ScoreExample | LegalExample | DiscardExample | PoigneeExample | AuctionExample
    | DealerExample | CallExample | PetitSecExample | RulesExample | SheetExample | HandCountExample
    | CountScaleExample | BestCardExample | MeasuredExample,
    Field(discriminator="kind"),
]


# ---------------------------------------------------------------- steps


class StepBase(Node):
    """Fields every step may have: a title, and glossary terms it introduces."""

    title: OneLine | None = None
    terms: list[str] = []


class TextStep(StepBase):
    """Markdown. ``callout: house-rule`` marks a variant that is not an FFT rule."""

    kind: Literal["text"]
    body: Text
    callout: Literal["note", "tip", "house-rule"] | None = None


class CardsStep(StepBase):
    """Cards shown as pictures, with a caption."""

    kind: Literal["cards"]
    cards: Cards = Field(min_length=1)
    caption: Text


class TableStep(StepBase):
    """A picture of the table: the seats in play order (counter-clockwise), the dealer marked."""

    kind: Literal["table"]
    players: Players = 4
    dealer: int = Field(default=0, ge=0, le=4)  # the engine's seat index: 0 is seat 1
    names: list[OneLine] | None = None  # one per seat, in play order
    caption: Text

    @model_validator(mode="after")
    def _fits(self):
        if self.dealer >= self.players:
            raise ValueError(f"dealer: there is no seat {self.dealer + 1} at a {self.players}-player table")
        if self.names is not None and len(self.names) != self.players:
            raise ValueError(f"names: give {self.players} names, one per seat, not {len(self.names)}")
        return self


class ExampleStep(StepBase):
    """A worked situation; the engine computes the result (see render.render_example)."""

    kind: Literal["example"]
    intro: Text | None = None
    example: Example
    after: Text | None = None  # a comment shown under the result
    _rendered: str | None = PrivateAttr(default=None)


class Option(Node):
    """A choice: the value that is compared with the answer, and the label shown (defaults to the value)."""

    value: bool | int | float | str
    label: Text | None = None

    @property
    def text(self) -> str:
        return self.label if self.label is not None else _show(self.value)


def _option(value):
    if isinstance(value, dict):
        return value
    return {"value": value}


def _show(value) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


class CheckStep(StepBase):
    """An inline question: either fixed (``question`` + ``answer``, checked against the engine through
    ``verify``) or drawn from a quiz generator (``generator`` + ``params`` + ``seed``)."""

    kind: Literal["check"] = "check"
    question: Text | None = None
    options: list[Annotated[Option, BeforeValidator(_option)]] | None = None
    answer: bool | int | float | str | None = None
    cards: Cards | None = None  # cards shown with the question (verified checks show their own data)
    pool: Cards | None = None  # the cards to pick from, for card answers
    verify: Any = None  # {engine_query: situation}, see verify.QUERIES
    explain: Text | None = None
    hint: Text | None = None
    generator: str | None = None
    params: dict[str, Any] = {}
    seed: int | None = None  # left out: derived from the lesson id and the check's place (see quiz_seed)
    skill: SkillId | None = None  # the skill the question needs; left out: worked out from verify or generator
    # Filled in by the checker: the answer kind and the engine's explanation.
    _answer_kind: str | None = PrivateAttr(default=None)
    _value_kind: str | None = PrivateAttr(default=None)
    _engine_note: str | None = PrivateAttr(default=None)
    _shown: dict | None = PrivateAttr(default=None)
    _pool: list | None = PrivateAttr(default=None)
    _accept: frozenset | None = PrivateAttr(default=None)  # every right answer when several tie
    _seed: int | None = PrivateAttr(default=None)  # set by the loader for generated checks
    _question: Any = PrivateAttr(default=None)  # the generated question, once verified
    _needs: tuple = PrivateAttr(default=())  # the skills the question needs, once verified
    _words: frozenset | None = PrivateAttr(default=None)  # a typed word answer in the learner's language

    @property
    def is_generated(self) -> bool:
        return self.generator is not None

    @property
    def quiz_seed(self) -> int:
        """The seed of a generated check: ``seed`` when pinned, else one derived from the lesson id and
        the check's place (``derive_seed``), so no two checks of the course share a seed by accident."""
        if self.seed is not None:
            return self.seed
        return self._seed if self._seed is not None else 0

    @property
    def needs(self) -> tuple[str, ...]:
        """The skills this check needs (tutor.skills ids), known once the check is verified."""
        return self._needs

    @property
    def answer_kind(self) -> str | None:
        """'choice', 'number', 'bool', 'card' or 'cards' for fixed checks; None for generated ones."""
        return self._answer_kind

    @property
    def shown_cards(self) -> dict[str, list[Card]]:
        """Cards to show with the question, by label ("Your hand", "Trick so far", "Pile"...).

        Taken from the verified question data, so what is shown is what the engine checked;
        ``cards`` adds a row for checks without ``verify``.
        """
        out = dict(self._shown or {})
        if self.cards:
            out.setdefault("Cards", list(self.cards))
        return {say(label): cards for label, cards in out.items()}  # labels in the learner's language

    @property
    def pick_from(self) -> list[Card]:
        """For card answers: the cards the learner picks from (``pool``, or the hand or trick of the question)."""
        return list(self._pool or [])

    @property
    def accepted(self) -> frozenset | None:
        """Every right answer when several tie (the solver's best cards), once verified; else None."""
        return self._accept

    @property
    def engine_note(self) -> str | None:
        """The engine's own explanation of the answer (e.g. why a card is illegal), when it has one."""
        return self._engine_note


class MistakeStep(StepBase):
    """A 'common mistake' callout: what people wrongly believe, and the rule."""

    kind: Literal["mistake"]
    wrong: Text
    right: Text
    why: Text | None = None


class SummaryStep(StepBase):
    """The lesson's key points."""

    kind: Literal["summary"]
    points: list[Text] = Field(min_length=1)


Step = Annotated[
    TextStep | CardsStep | TableStep | ExampleStep | CheckStep | MistakeStep | SummaryStep,
    Field(discriminator="kind"),
]


class Lesson(Node):
    """One lesson file."""

    id: Slug
    title: OneLine
    summary: OneLine
    skills: list[SkillId] = Field(min_length=1)
    prerequisites: list[Slug] = []
    minutes: int = Field(ge=1, le=90)
    terms: list[str] = []
    steps: list[Step] = Field(min_length=1)
    quiz: list[CheckStep] = Field(min_length=2, max_length=8)
    _path: str = PrivateAttr(default="")
    _number: int | None = PrivateAttr(default=None)

    @field_validator("skills", "prerequisites")
    @classmethod
    def _no_repeats(cls, value: list[str]) -> list[str]:
        seen = set()
        for v in value:
            if v in seen:
                raise ValueError(f"{v!r} is listed twice")
            seen.add(v)
        return value

    @property
    def path(self) -> str:
        return self._path

    @property
    def number(self) -> int | None:
        """The number from the file name (``03-values.yaml`` -> 3), or None."""
        return self._number

    @property
    def checks(self) -> list[CheckStep]:
        """The inline checks (not the final quiz)."""
        return [s for s in self.steps if isinstance(s, CheckStep)]

    @property
    def all_terms(self) -> list[str]:
        """Glossary terms of the lesson and of its steps, in order, without repeats."""
        out: list[str] = []
        for t in [*self.terms, *(t for s in self.steps for t in s.terms), *(t for q in self.quiz for t in q.terms)]:
            if t not in out:
                out.append(t)
        return out


# Field names per model, for "did you mean" hints on unknown fields.
def all_field_names() -> set[str]:
    models = [Lesson, TextStep, CardsStep, TableStep, ExampleStep, CheckStep, MistakeStep, SummaryStep, Option,
              TrickExample, PileExample, ScoreExample, LegalExample, DiscardExample, PoigneeExample,
              AuctionExample, DealerExample, CallExample, PetitSecExample, RulesExample, SheetExample, SheetDeal,
              HandCountExample, CountScaleExample, BestCardExample, MeasuredExample]
    return {name for m in models for name in m.model_fields}
