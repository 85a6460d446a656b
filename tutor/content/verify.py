"""Checking a lesson's facts against the engine: every fixed answer, every example, every generator.

A fixed check states its question data under ``verify`` (one engine query, see queries.py)
and its ``answer``; the stated answer must equal what the engine computes. For instance::

    - kind: check
      question: How many points are in this pile?
      verify: {card_points: "KH 2H 3C"}
      answer: 5.5

>>> same("cards", "EX T16", ask("legal_plays", {"hand": "5S T4 T16 EX", "trick": "10H T14"}).value)
True
>>> same("number", 5.5, 5.5), same("text", "Cavalier de pique", "cavalier de pique")
(True, True)
"""

from __future__ import annotations

import difflib
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from ..engine import Card
from ..limits import short_repr, shorten
from .cardcodes import strict_card, strict_cards
from .example_words import ExampleError, fmt
from .glossary import Glossary, term_key
from .queries import QUERIES, QueryError, Result, ask
from .render import render_example
from .schema import CheckStep, ExampleStep, Lesson
from .yamlio import LineDict

__all__ = ["QUERIES", "QueryError", "QuizContext", "Result", "ask", "check_answer", "coerce", "register_generators",
           "same", "show", "verify_check", "verify_example", "verify_lesson"]


# The skill a fixed check needs, by its verify query; a callable picks it from the query's data.
# A check may name its skill instead (``skill:``), e.g. when it has no verify query.
_CONTRACT_FIELD_SKILL = {"dog": "ecart"}
_RULES_FIELD_SKILL = {"tricks": "overview", "taker_share": "scoring", "partner_share": "five-players",
                      "alone_share": "five-players",
                      "defenders": "scoring"}
_SCORE_ASK_SKILL = {"target": "target", "margin": "target", "counted_points": "target", "won": "target"}
_BONUS_SKILL = {"poignee": "poignee", "chelem": "chelem", "petit_au_bout": "petit-au-bout"}
_NEXT_DEALER_SKILL = {"all_pass": "bidding"}


def _spec_get(spec, key, default=None):
    return spec.get(key, default) if isinstance(spec, dict) else default


QUERY_SKILLS: dict[str, str | Callable] = {
    "card_points": "counting", "pair_count": "counting", "count_oudlers": "ranks", "target_points": "target",
    "card_name": "deck", "card_name_fr": "deck", "is_oudler": "ranks", "highest_card": "ranks",
    "is_trump": "deck", "deck": "deck",
    "trick_winner": "trick-winner", "legal_plays": "legal-play", "is_legal_play": "legal-play",
    "is_legal_discard": "ecart", "trumps_needed": "ecart",
    "poignee_options": "poignee", "check_poignee": "poignee", "poignee_threshold": "poignee",
    "bonus": lambda spec: next((v for k, v in _BONUS_SKILL.items() if _spec_get(spec, k) is not None), "scoring"),
    "score_deal": lambda spec: _SCORE_ASK_SKILL.get(_spec_get(spec, "ask"), "scoring"),
    "is_petit_sec": "dealing", "first_dealer": "dealing", "first_leader": "dealing",
    "rules": lambda spec: _RULES_FIELD_SKILL.get(_spec_get(spec, "field"), "dealing"),
    "contract": lambda spec: _CONTRACT_FIELD_SKILL.get(_spec_get(spec, "field"), "bidding"),
    "auction": "bidding",
    "next_dealer": lambda spec: _NEXT_DEALER_SKILL.get(_spec_get(spec, "after"), "dealing"),
    "callable": "five-players", "plays_alone": "five-players", "excuse": "excuse",
    # strategy: a best_card check names its skill (attack-play, defence-play, endgames); endgames by default
    "hand_count": "hand-judgement", "count_bid": "hand-judgement", "expected_score": "contract-choice",
    "best_card": "endgames", "king_call": "king-call", "ecart_voids": "ecart-strategy",
    "measured": "contract-choice",
    "glossary_english": None, "glossary_french": None,  # words: taught through the lesson's terms
}


def fixed_check_needs(step: CheckStep) -> tuple[str, ...]:
    """The skills a fixed check needs: its ``skill``, else the one its verify query is about.

    >>> fixed_check_needs(CheckStep(question="Q", answer=6, verify={"contract": {"name": "garde", "field": "dog"}}))
    ('ecart',)
    >>> fixed_check_needs(CheckStep(question="Q", answer=6, verify={"score_deal": {"ask": "per_defender"}}))
    ('scoring',)
    """
    if step.skill is not None:
        return (step.skill,)
    if not isinstance(step.verify, dict) or len(step.verify) != 1:
        return ()
    (name, spec), = step.verify.items()
    skill = QUERY_SKILLS.get(str(name))
    if callable(skill):
        skill = skill(spec)
    return (skill,) if skill else ()


# ---------------------------------------------------------------- comparing answers


def _what(value) -> str:
    if isinstance(value, bool):
        return (f"{str(value).lower()} (YAML reads yes, no, on and off as true and false: put them in quotes "
                "to mean words)")
    return repr(value)


def coerce(kind: str, value):
    """The stated value in the form of ``kind``; ValueError saying what to write otherwise."""
    if kind == "number":
        if isinstance(value, bool) or not isinstance(value, int | float):
            raise ValueError(f"the answer must be a number, not {_what(value)}")
        return float(value)
    if kind == "bool":
        if not isinstance(value, bool):
            raise ValueError(f"the answer must be true or false, not {value!r}")
        return value
    if kind == "card":
        if not isinstance(value, str | Card) or (isinstance(value, str) and len(value.split()) != 1):
            raise ValueError(f"the answer must be one card, not {_what(value)}")
        return strict_card(value)
    if kind == "cards":
        if not isinstance(value, str | list):
            raise ValueError(f"the answer must be card codes like \"T16 EX\", not {_what(value)}")
        return frozenset(strict_cards(value))
    if kind == "text":
        if not isinstance(value, str):
            raise ValueError(f"the answer must be text, not {_what(value)}")
        return term_key(value)
    raise ValueError(f"unknown answer kind {kind!r}")


def same(kind: str, stated, engine) -> bool:
    """True when the stated answer equals the engine's value (cards as sets, text ignoring case and accents)."""
    try:
        return coerce(kind, stated) == coerce(kind, engine)
    except ValueError:
        return False


def show(kind: str, value) -> str:
    if kind == "number" and isinstance(value, int | float) and not isinstance(value, bool):
        return fmt(value)
    if kind == "cards" and isinstance(value, list | tuple | frozenset | set):
        return " ".join(str(c) for c in value) or "no card"
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value) if kind in ("card", "cards") else repr(value)


def answer_kind_of(value, *, choice: bool = False) -> str:
    """The kind of an answer the engine does not check: text among options, card codes otherwise."""
    if isinstance(value, bool):
        return "bool"
    if isinstance(value, int | float):
        return "number"
    return "text" if choice else "cards"


def check_answer(step: CheckStep, response) -> bool:
    """Grade a learner's response to a fixed check that has been verified (``load_course`` does that).

    ``response`` is an option's value for a choice, a number, true/false, a card code or
    card codes (or Card objects).
    """
    kind = step._value_kind or answer_kind_of(step.answer, choice=step.options is not None)
    if step._words is not None and isinstance(response, str) and term_key(response) in step._words:
        return True  # a word of the translation's ``answer_words`` (or the English word itself)
    if step._accept is not None:  # any of the tied best answers is right
        try:
            return coerce(kind, str(response) if isinstance(response, Card) else response) in step._accept
        except ValueError:
            return False
    if kind == "cards" and isinstance(response, list | tuple | set | frozenset):
        response = [str(c) for c in response]
    if kind == "card" and isinstance(response, Card):
        response = str(response)
    return same(kind, response, step.answer)


# ---------------------------------------------------------------- checks and examples


# The quiz generators a generated check may name. Content sits below the quiz layer and never imports it:
# ``tutor.quiz`` hands its generators in here when it is imported (see ``register_generators``).
_GENERATORS: dict[str, str] = {}  # kind -> the skill it trains
_generate: Callable | None = None
_needs: Callable | None = None  # question -> the skills it needs
_question_key: Callable | None = None  # question -> what the learner sees and answers, seed left out


def register_generators(kinds: Mapping[str, str], generate: Callable, *, needs: Callable | None = None,
                        question_key: Callable | None = None) -> None:
    """Called by ``tutor.quiz`` on import: its kinds (kind -> skill), ``generate(kind, seed, **params)``,
    and optionally ``needs(question)`` (the skills a question needs) and ``question_key(question)`` (what
    makes two questions the same, whatever their seeds).

    Whoever loads lessons (``tarot-tutor check``, the app) imports ``tutor.quiz`` first, so the checker
    knows every kind and tries each generated check with its generator.
    """
    global _generate, _needs, _question_key
    _GENERATORS.clear()
    _GENERATORS.update(kinds)
    _generate, _needs, _question_key = generate, needs, question_key


@dataclass
class QuizContext:
    """What a check is verified with: the glossary and the quiz generators (kind -> skill, and generate)."""

    glossary: Glossary | None = None
    kinds: dict[str, str] = field(default_factory=dict)
    generate: Callable | None = None
    needs: Callable | None = None  # question -> the skills it needs (tutor.quiz.skills_needed)
    question_key: Callable | None = None  # question -> its identity without the seed (tutor.quiz.question_key)
    measures: Any = None  # the measured numbers (tutor.content.measures.Measures), for {measure:...}

    @classmethod
    def default(cls, glossary: Glossary | None = None) -> QuizContext:
        """The glossary and the generators ``tutor.quiz`` registered (none until it is imported)."""
        return cls(glossary=glossary, kinds=dict(_GENERATORS), generate=_generate, needs=_needs,
                   question_key=_question_key)


Issue = tuple[int, str]  # (line, message)


def verify_check(step: CheckStep, ctx: QuizContext, where: str) -> list[Issue]:
    """Every problem of one check (fixed or generated); fills step.answer_kind and step.engine_note."""
    if step.generator is not None:
        return _verify_generated(step, ctx, where)
    step._needs = fixed_check_needs(step)
    out: list[Issue] = []
    if step.question is None:
        out.append((step.line, f"{where}: missing field 'question' (or name a quiz 'generator')"))
    if step.params or step.seed is not None:
        key = "params" if step.params else "seed"
        out.append((step.line_of(key), f"{where}: '{key}' is only for generated checks (with 'generator')"))
    if step.answer is None:
        out.append((step.line, f"{where}: missing field 'answer'"))
        return out
    result = None
    if step.verify is not None:
        result, issue = _run_verify(step, ctx)
        if issue:
            out.append((issue[0], f"{where}: {issue[1]}"))
            return out
    elif step.explain is None:
        out.append((step.line, f"{where}: the engine cannot check this answer, so add 'explain' "
                               "(or a 'verify' query)"))
    kind = result.kind if result else answer_kind_of(step.answer, choice=step.options is not None)
    step._value_kind = kind
    if step.options is not None:
        step._answer_kind = "choice"
        out += _check_options(step, kind, where)
    elif kind == "text":
        out.append((step.line_of("answer"), f"{where}: a text answer needs 'options' to choose from"))
        return out
    else:
        step._answer_kind = kind
    try:
        stated = coerce(kind, step.answer)
    except ValueError as err:
        out.append((step.line_of("answer"), f"{where}: {err}"))
        return out
    if result is not None:
        step._engine_note = result.note
        step._shown = {k: list(v) for k, v in result.shown.items() if v}
        if result.accept is not None:  # several answers tie (the solver's best cards): any of them is right
            step._accept = frozenset(coerce(kind, v) for v in result.accept)
            if stated not in step._accept:
                best = show("cards", sorted(step._accept, key=str))
                out.append((step.line_of("answer"), f"{where}: the stated answer {show(kind, step.answer)} is wrong: "
                                                    f"the strategy layer gives {best} for {_verify_text(step.verify)}"))
        elif stated != coerce(kind, result.value):
            what = _verify_text(step.verify)
            out.append((step.line_of("answer"), f"{where}: the stated answer {show(kind, step.answer)} is wrong: "
                                                f"the engine gives {show(kind, result.value)} for {what}"))
    if step._answer_kind in ("card", "cards"):
        pool = list(step.pool) if step.pool is not None else (result.pool if result else None)
        if pool is None:
            out.append((step.line, f"{where}: a card answer needs 'pool', the cards to pick from"))
        else:
            step._pool = list(pool)
            extra = (stated if kind == "cards" else {stated}) - set(pool)
            if extra:
                out.append((step.line_of("answer"), f"{where}: the answer {' '.join(map(str, extra))} is not "
                                                    "among the cards to pick from"))
    elif step.pool is not None:
        out.append((step.line_of("pool"), f"{where}: 'pool' is only for card answers"))
    return out


def _verify_text(verify) -> str:
    (name, spec), = verify.items()
    if isinstance(spec, dict):
        inner = ", ".join(f"{k}: {v}" for k, v in spec.items())
        return f"{name} {{{inner}}}"
    return f"{name} {spec!r}"


def _run_verify(step: CheckStep, ctx: QuizContext) -> tuple[Result | None, Issue | None]:
    v = step.verify
    line = step.line_of("verify")
    if not isinstance(v, dict) or len(v) != 1:
        return None, (line, "verify must be one engine query, like {card_points: \"KH 2H\"}; "
                            f"queries: {', '.join(QUERIES)}")
    (name, spec), = v.items()
    if isinstance(v, LineDict):
        line = v.lines.get(name, line)
    try:
        return ask(str(name), spec, ctx.glossary, ctx.measures), None
    except QueryError as err:
        if err.key and isinstance(spec, LineDict) and err.key in spec.lines:
            line = spec.lines[err.key]
        return None, (line, f"verify: {err}")


def _check_options(step: CheckStep, kind: str, where: str) -> list[Issue]:
    out: list[Issue] = []
    opts = step.options or []
    if len(opts) < 2:
        out.append((step.line_of("options"), f"{where}: give at least 2 options"))
    values = []
    for o in opts:
        try:
            values.append(coerce(kind, o.value))
        except ValueError as err:
            out.append((o.line or step.line_of("options"), f"{where}: option {o.value!r}: {err}"))
    if len(set(values)) != len(values):
        out.append((step.line_of("options"), f"{where}: two options have the same value"))
    try:
        stated = coerce(kind, step.answer)
    except ValueError:
        return out  # reported by the caller
    if values and stated not in values:
        out.append((step.line_of("answer"), f"{where}: the answer {show(kind, step.answer)} is not one of the options"))
    return out


def _verify_generated(step: CheckStep, ctx: QuizContext, where: str) -> list[Issue]:
    out: list[Issue] = []
    name = step.generator
    for key in ("answer", "options", "verify", "pool"):
        if getattr(step, key) is not None:
            out.append((step.line_of(key), f"{where}: a generated check has no '{key}': the generator "
                                           f"'{name}' makes the question and its answer"))
    if not ctx.kinds:
        out.append((step.line_of("generator"), f"{where}: no quiz generators are known, so generator {name!r} "
                                               "cannot be checked (import tutor.quiz before loading lessons)"))
        return out
    if name not in ctx.kinds:
        guess = difflib.get_close_matches(str(name), list(ctx.kinds), n=1)
        out.append((step.line_of("generator"), f"{where}: unknown quiz generator {name!r}"
                                               + (f" (did you mean {guess[0]!r}?)" if guess else "")
                                               + f"; use one of {', '.join(ctx.kinds)}"))
        return out
    skill = ctx.kinds.get(name)
    step._needs = (step.skill,) if step.skill else ((skill,) if skill else ())
    if ctx.generate is not None:
        seed = step.quiz_seed
        try:
            q = ctx.generate(name, seed, **step.params)
        except Exception as err:  # another module's code: report, never crash the check
            line = step.line_of("params") if step.params else step.line_of("generator")
            out.append((line, f"{where}: generator {name!r} fails with seed {seed} and params "
                              f"{short_repr(dict(step.params))}: {type(err).__name__}: "
                              f"{shorten(str(err), 200)}"))
            return out
        step._question = q
        if ctx.needs is not None and not step.skill:
            step._needs = tuple(ctx.needs(q))
    return out


def verify_example(step: ExampleStep, where: str) -> list[Issue]:
    """Compute an example with the engine; a situation it rejects is a problem on its line."""
    try:
        render_example(step)
    except ExampleError as err:
        spec = step.example
        line = spec.line_of(err.key) if err.key else (spec.line or step.line_of("example"))
        return [(line, f"{where}: {err}")]
    return []


def verify_lesson(lesson: Lesson, ctx: QuizContext) -> list[Issue]:
    """Engine checks of every step and quiz question of a lesson."""
    out: list[Issue] = []
    for i, step in enumerate(lesson.steps):
        where = f"step {i + 1} ({step.kind})"
        if isinstance(step, CheckStep):
            out += verify_check(step, ctx, where)
        elif isinstance(step, ExampleStep):
            out += verify_example(step, where)
    for i, q in enumerate(lesson.quiz):
        out += verify_check(q, ctx, f"quiz question {i + 1}")
    return out
