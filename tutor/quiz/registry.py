"""The generators by kind, their parameters, and ``generate(kind, seed, **params)``.

A generator is a function ``(rng, params) -> Question``. Its random numbers come only from the
``random.Random`` it is given, seeded from the kind, the seed and the parameters, so the same
seed and parameters always give the same question. Parameters left out are drawn from the seed
itself, and the question records them all: ``generate(q.kind, q.seed, **q.params)`` gives ``q`` again.

>>> p = resolve_params(KINDS_SPEC["legal"], 7, {"players": 5})
>>> p.players, p.difficulty
(5, 2)
"""

from __future__ import annotations

import difflib
import random
from collections.abc import Callable
from dataclasses import dataclass, field, replace

from ..engine import TarotError
from ..i18n import N_, NP_
from .question import Question, jsonable
from .rules import skills_for

# Each kind in a few words, as the Drill lists it and the French class CSV names it (translated where shown).
KIND_LABELS = {
    "dealing": N_("Dealing"), "count": N_("Counting a pile"), "target": N_("The target"), "legal": N_("Legal cards"),
    "winner": N_("Who wins the trick"),
    "ecart": N_("The écart"), "bidding": N_("Bidding"), "poignee": NP_("drill topic", "Poignée"),
    "score": N_("Scoring a deal"),
    "five": N_("Five players"), "excuse": N_("The Excuse and the last trick"),
    # Playing well (the strategy course): graded by the solver, the bidding estimator and the principles.
    "contract": N_("What would you bid?"), "good_ecart": N_("Choose the écart"),
    "best_card": N_("Endgames: the best card"),
    "attack_card": N_("Attack: the best card"), "defence_card": N_("Defence: the best card"),
    "seat_card": N_("The best card on what you see"),
}

DIFFICULTIES = (1, 2, 3)
# Player counts drawn when none is asked for, by seed: mostly 4, like the club game.
DEFAULT_PLAYERS = (4, 3, 4, 5, 4)


@dataclass(frozen=True)
class Params:
    """The resolved parameters of one question."""

    players: int
    difficulty: int
    extra: tuple = ()  # (name, value) pairs of kind-specific options, sorted

    def get(self, name: str, default=None):
        return dict(self.extra).get(name, default)

    def as_dict(self) -> dict:
        return {"players": self.players, "difficulty": self.difficulty, **dict(self.extra)}


@dataclass(frozen=True)
class Generator:
    """One kind of question: the skill it trains, the player counts it allows and its options."""

    kind: str
    skill: str
    make: Callable[[random.Random, Params], Question]
    summary: str
    players: tuple[int, ...] = (3, 4, 5)
    options: dict = field(default_factory=dict)  # option name -> allowed values

    def __call__(self, rng: random.Random, params: Params) -> Question:
        return self.make(rng, params)


KINDS_SPEC: dict[str, Generator] = {}


def generator(kind: str, skill: str, summary: str, *, players=(3, 4, 5), options=None):
    """Decorator registering a generator function under ``kind``."""
    def wrap(fn):
        KINDS_SPEC[kind] = Generator(kind, skill, fn, summary, tuple(players), dict(options or {}))
        return fn
    return wrap


def resolve_params(gen: Generator, seed: int, params: dict) -> Params:
    """Check the parameters and fill in the missing ones from the seed."""
    params = dict(params)
    difficulty = params.pop("difficulty", None)
    players = params.pop("players", None)
    if difficulty is None:
        difficulty = DIFFICULTIES[seed % 3]
    if difficulty not in DIFFICULTIES:
        raise TarotError(f"difficulty must be 1, 2 or 3, not {difficulty!r}")
    if players is None:
        allowed = [n for n in DEFAULT_PLAYERS if n in gen.players] or list(gen.players)
        players = allowed[(seed // 3) % len(allowed)]
    try:
        players = int(players)
    except (TypeError, ValueError):
        raise TarotError(f"players must be 3, 4 or 5, not {players!r}") from None
    if players not in gen.players:
        allowed = ", ".join(map(str, gen.players[:-1])) + " or " + str(gen.players[-1]) if len(gen.players) > 1 \
            else str(gen.players[0])
        raise TarotError(f"the {gen.kind!r} quiz is for {allowed} players, not {players}")
    extra = {}
    for name, value in params.items():
        if name not in gen.options:
            known = ", ".join(["players", "difficulty", *gen.options])
            raise TarotError(f"the {gen.kind!r} quiz has no option {name!r}; options: {known}")
        if value is not None and value not in gen.options[name]:
            allowed = ", ".join(map(str, gen.options[name]))
            raise TarotError(f"{name} must be one of {allowed}, not {value!r}")
        if value is not None:
            extra[name] = value
    return Params(players, int(difficulty), tuple(sorted(extra.items())))


def generate(kind: str, seed: int, **params) -> Question:
    """A question of ``kind``; the same seed and parameters always give the same question."""
    gen = KINDS_SPEC.get(kind)
    if gen is None:
        guess = difflib.get_close_matches(str(kind), list(KINDS_SPEC), n=1)
        hint = f" (did you mean {guess[0]!r}?)" if guess else ""
        raise TarotError(f"unknown quiz kind {kind!r}{hint}; kinds: {', '.join(KINDS_SPEC)}")
    if isinstance(seed, bool):
        raise TarotError(f"a seed is a whole number, not {seed!r}")
    try:
        seed = int(seed)
    except (TypeError, ValueError):
        raise TarotError(f"a seed is a whole number, not {seed!r}") from None
    p = resolve_params(gen, seed, params)
    extra = ",".join(f"{k}={v}" for k, v in p.extra)
    rng = random.Random(f"{kind}:{seed}:{p.players}:{p.difficulty}:{extra}")
    q = gen(rng, p)
    return replace(q, kind=kind, seed=seed, params=p.as_dict(), skill=gen.skill, difficulty=p.difficulty)


def make_question(p: Params, **fields) -> Question:
    """A Question with the bookkeeping fields filled in (``generate`` sets kind, seed and skill)."""
    fields.setdefault("kind", "")
    fields.setdefault("seed", None)
    fields.setdefault("skill", "")
    ctx = fields.get("context") or {}
    deal = ctx.get("deal")
    if deal and "table" not in ctx and "seat" in fields.get("prompt", "").lower():
        # A question that names seats shows the table: seats in play order, the dealer marked.
        fields["context"] = {**ctx, "table": {"players": deal["players"], "dealer": deal["dealer"]}}
    return Question(params=p.as_dict(), difficulty=p.difficulty, **fields)


def skills_needed(q: Question) -> tuple[str, ...]:
    """The skills a learner needs for ``q``: the one it trains, then those its rules are taught under.

    >>> skills_needed(generate("bidding", 1, ask="dog", players=4))
    ('bidding', 'ecart')
    """
    return tuple(dict.fromkeys((q.skill, *skills_for(q.rules, q.params.get("players")))))


def question_key(q: Question) -> tuple:
    """What the learner sees and must answer, without the seed: two questions with the same key are the
    same question, whatever seeds made them.

    >>> question_key(generate("count", 3)) == question_key(generate("count", 3))
    True
    """
    return (q.kind, q.prompt, tuple((label, tuple(c.code for c in cards)) for label, cards in q.cards.items()),
            tuple(c.label for c in q.choices), tuple(c.code for c in q.pool), tuple(f.key for f in q.fields),
            repr(jsonable(q.answer)))
