"""A teacher's own question: written in the lessons' check format, checked by the lessons' checker, made a Question.

The teacher writes one check as YAML (or fills a form that writes it, ``form_source``)::

    title: Garde won by 4
    question: "A garde: the attack has 45 points with 2 oudlers. What does each defender pay?"
    answer: 58
    verify: {score_deal: {players: 4, contract: garde, taker_points: 45, oudlers: 2, ask: per_defender}}
    explain: "Won by 4: (25 + 4) x 2 = 58."

``read_own`` loads it with the content's safe loader (size, nesting and alias limits), validates it with the
lesson schema (``CheckStep``) and verifies it with the lesson checker (``verify_check``): one truth, so a
stated answer the engine disagrees with is refused with the engine's own reason. A question that passes
becomes a ``Question`` of kind ``own`` that the class quiz stores whole (``to_dict``) and grades like any
other. The teacher's words (prompt, options, explanation) are escaped once here, so every page that shows
the question shows them as typed: markup is never run, an address never becomes a link.

>>> ok = read_own('question: "How many points?"\\nverify: {card_points: "KH 2H"}\\nanswer: 5\\n')
>>> ok.problems, ok.question.answer, ok.question.prompt
((), 5.0, 'How many points?')
>>> read_own('question: "How many points?"\\nverify: {card_points: "KH 2H"}\\nanswer: 6\\n').problems
("Line 3: the stated answer 6 is wrong: the engine gives 5 for card_points 'KH 2H'",)
"""

from __future__ import annotations

import difflib
import hashlib
import re
from dataclasses import dataclass, replace

import yaml
from pydantic import ValidationError

from ..content.errors import pydantic_problems, with_yaml_hints
from ..content.schema import CheckStep
from ..content.verify import QuizContext, coerce, show, verify_check
from ..content.verify import _verify_text as verify_text
from ..content.yamlio import ContentError, LineDict, LineList, Problem, load_text
from ..engine import Card, format_cards
from ..i18n import _
from ..i18n.words import card_short
from ..limits import MAX_OWN_QUESTION_BYTES, MAX_TITLE_CHARS, shorten
from ..mdsafe import plain
from .check import _card_set, _feedback, grader
from .question import AnswerType, Choice, Question, fmt

KIND = "own"  # Question.kind of a teacher's own question
WHERE = "your question"  # the name the checker gives it; its messages start with it, and lose it here
FIELDS = ("kind", "title", "question", "options", "answer", "cards", "pool", "verify", "explain", "skill")
ANSWER_TYPES = {"choice": "One of the choices", "number": "A number", "cards": "Cards to pick"}
FALLBACK_SKILL = "overview"  # the skill of a question the engine does not check and that names none


@dataclass(frozen=True)
class OwnCheck:
    """The verdict on one question: its text as stored, the Question (None when refused), every problem, and
    what the engine checked, in a sentence."""

    source: str
    question: Question | None
    problems: tuple[str, ...]
    verdict: str = ""
    name: str = ""

    @property
    def ok(self) -> bool:
        return self.question is not None and not self.problems


def _refused(source: str, problems) -> OwnCheck:
    return OwnCheck(source, None, tuple(problems))


def _line(p: Problem) -> str:
    msg = p.message
    if msg.startswith(WHERE + ": "):
        msg = msg[len(WHERE) + 2:]
    return f"Line {p.line}: {msg}" if p.line else msg


def read_own(text: str, ctx: QuizContext | None = None) -> OwnCheck:
    """Load, validate and verify one question written as YAML; never raises."""
    text = str(text or "")
    if len(text.encode("utf-8", "surrogatepass")) > MAX_OWN_QUESTION_BYTES:
        return _refused(text, [f"The question is longer than the {MAX_OWN_QUESTION_BYTES // 1024} KB one question "
                               "may be."])
    try:
        raw = load_text(text, WHERE)
    except ContentError as err:
        return _refused(text, [_line(p) for p in with_yaml_hints(err.problems)])
    if isinstance(raw, LineList) and len(raw) == 1:  # pasted from a lesson's list: "- question: ..."
        raw = raw[0]
    if not isinstance(raw, LineDict):
        return _refused(text, ["Write the question as fields, one a line: question: ..., answer: ..., and "
                               "optionally options, cards, verify and explain."])
    problems = []
    for key in raw:
        if key in ("generator", "params", "seed"):
            problems.append(_line(Problem(WHERE, raw.lines[key], f"'{key}' is for generated questions: pick "
                                          "generated kinds when you set the quiz, and write your own out in full")))
        elif key in ("hint", "terms"):
            problems.append(_line(Problem(WHERE, raw.lines[key], f"'{key}' is for lessons only: a class quiz has no "
                                          "place for it, so leave it out")))
        elif key not in FIELDS:
            guess = difflib.get_close_matches(str(key), FIELDS, n=1)
            problems.append(_line(Problem(WHERE, raw.lines.get(key, 0), f"unknown field {shorten(str(key), 40)!r}"
                                          + (f" (did you mean {guess[0]!r}?)" if guess else "")
                                          + f"; the fields are {', '.join(FIELDS[1:])}")))
    if raw.get("kind", "check") != "check":
        problems.append(_line(Problem(WHERE, raw.lines["kind"], "kind: a question is a 'check' (or leave kind out)")))
    if problems:
        return _refused(text, problems)
    try:
        step = CheckStep.model_validate(raw)
    except ValidationError as err:
        return _refused(text, [_line(p) for p in pydantic_problems(err, raw, WHERE)])
    if step.title is not None and len(step.title) > MAX_TITLE_CHARS:
        return _refused(text, [_line(Problem(WHERE, step.line_of("title"),
                                             f"title: at most {MAX_TITLE_CHARS} characters"))])
    try:
        issues = verify_check(step, ctx or QuizContext.default(), WHERE)
    except Exception as err:  # a bug in a checker: said in a sentence, never a traceback
        issues = [(step.line, f"the checker failed on this question ({type(err).__name__})")]
    if issues:
        return _refused(text, [_line(Problem(WHERE, line, msg)) for line, msg in sorted(issues)])
    q = to_question(step, text)
    if not q.explanation:  # no explanation and no engine note: "Show me why" still says something
        q = replace(q, explanation=_("The answer is {answer}.").format(answer=q.answer_text))
    return OwnCheck(text, q, (), verdict(step), name=bank_name(step))


def bank_name(step: CheckStep) -> str:
    """The question's name in the bank: its title, else the start of its prompt."""
    return step.title or shorten(" ".join(str(step.question).split()), 60)


def verdict(step: CheckStep) -> str:
    """What the engine checked, as the teacher sees it before saving."""
    if step.verify is None:
        return ("The engine cannot check this question (it has no verify block): learners get your explanation "
                "as the reason.")
    kind = step._value_kind or "number"
    answer = show(kind, sorted(step.accepted, key=str) if step.accepted else step.answer)
    return f"Verified: the engine gives {answer} for {verify_text(step.verify)}, the answer you stated."


# ---------------------------------------------------------------- the Question learners answer


def _sorted(cards) -> tuple[Card, ...]:
    return tuple(sorted(cards, key=lambda c: c.sort_key))


def to_question(step: CheckStep, source: str = "") -> Question:
    """A verified check as a Question (kind ``own``); the teacher's words escaped for Markdown."""
    kind, value_kind = step.answer_kind, step._value_kind
    stated = coerce(value_kind, step.answer)
    explanation = "\n\n".join(x for x in (plain(step.explain) if step.explain else "", step.engine_note or "") if x)
    digest = hashlib.sha256(source.encode("utf-8", "surrogatepass")).hexdigest()[:12]  # the options' shuffle
    context: dict = {"own": True}
    common = {"kind": KIND, "seed": None, "params": {"own": digest}, "skill": (step.needs or (FALLBACK_SKILL,))[0],
              "prompt": plain(step.question), "explanation": explanation, "rules": (), "title": step.title or "",
              "tags": (KIND,), "cards": {label: tuple(cards) for label, cards in step.shown_cards.items() if cards}}
    if kind == "choice":
        choices, answer = [], None
        for i, o in enumerate(step.options or ()):
            value = coerce(value_kind, o.value)
            # Not "1", "2": a learner's "2" would read as the key of one option and the label of another.
            key = value.code if isinstance(value, Card) else f"option-{i + 1}"
            choices.append(Choice(key, _label(o, value, value_kind)))
            if answer is None and (value == stated or (step.accepted and value in step.accepted)):
                answer = key
        return Question(answer_type=AnswerType.CHOICE, answer=answer, choices=tuple(choices), context=context,
                        **common)
    if kind == "bool":
        context["ordered_choices"] = True  # Yes, then No
        return Question(answer_type=AnswerType.CHOICE, answer="yes" if stated else "no",
                        choices=(Choice("yes", _("Yes")), Choice("no", _("No"))), context=context, **common)
    if kind == "number":
        return Question(answer_type=AnswerType.NUMBER, answer=float(stated), context=context, **common)
    pool = tuple(step.pick_from)
    if kind == "card":  # one card; every card the engine ties with it is right
        context["pick_one"] = True
        right = _sorted(step.accepted) if step.accepted else (stated,)
        return Question(answer_type=AnswerType.PICK_CARDS, answer=right, pool=pool, grader="own_card",
                        context=context, **common)
    return Question(answer_type=AnswerType.PICK_CARDS, answer=_sorted(stated), pool=pool, context=context, **common)


def _label(option, value, value_kind: str) -> str:
    if option.label is not None:
        return plain(option.label)
    if isinstance(value, Card):
        return card_short(value)
    if value_kind == "bool":
        return _("Yes") if value else _("No")
    if value_kind == "number":
        return fmt(value)
    return plain(option.text)


@grader("own_card")
def grade_own_card(q: Question, raw):
    """One card, right when it is the stated card or one the engine ties with it."""
    cards = sorted(_card_set(q, raw), key=lambda c: c.sort_key)
    if len(cards) != 1:
        return _feedback(q, 0.0, _("Choose one card."), ["one_card"], format_cards(cards))
    c = cards[0]
    if c in q.answer:
        return _feedback(q, 1.0, _("Right!"), given=c.code)
    names = _(" or ").join(card_short(x) for x in q.answer)
    return _feedback(q, 0.0, _("Not right: the answer is {answer}.").format(answer=names), ["wrong_card"], c.code)


# ---------------------------------------------------------------- the form writes the YAML


_NUMBER = re.compile(r"^[+-]?(\d+(\.\d*)?|\.\d+)$")


def scalar(text: str):
    """A typed value as the check format reads it: a number, true or false, else the text.

    >>> scalar(" 58 "), scalar("-2.5"), scalar("True"), scalar("Garde")
    (58, -2.5, True, 'Garde')
    """
    t = str(text).strip()
    if _NUMBER.match(t) and len(t) <= 30:
        number = float(t)
        return int(number) if number.is_integer() and "." not in t else number
    if t.lower() in ("true", "false"):
        return t.lower() == "true"
    return t


def _plain_data(value):
    """The loader's LineDict and LineList as plain dicts and lists (the YAML writer knows only those)."""
    if isinstance(value, dict):
        return {k: _plain_data(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_plain_data(v) for v in value]
    return value


def form_source(*, prompt: str, answer_type: str, answer: str, choices: str = "", explain: str = "",
                cards: str = "", pool: str = "", verify: str = "", title: str = "") -> tuple[str, tuple[str, ...]]:
    """The form's fields written as the question's YAML, and any problem found on the way (the verify block's)."""
    data: dict = {}
    if title.strip():
        data["title"] = " ".join(title.split())
    data["question"] = prompt.strip()
    if answer_type == "choice":
        data["options"] = [scalar(line) for line in choices.splitlines() if line.strip()]
    data["answer"] = answer.strip() if answer_type == "cards" else scalar(answer)
    for key, value in (("cards", cards), ("pool", pool)):
        if value.strip():
            data[key] = " ".join(value.split())
    if verify.strip():
        try:
            block = load_text(verify, "the verify block")
        except ContentError as err:
            return "", tuple(f"Verify block, {_line(p)[0].lower()}{_line(p)[1:]}" for p in err.problems)
        data["verify"] = _plain_data(block)
    if explain.strip():
        data["explain"] = explain.strip()
    return yaml.safe_dump(data, sort_keys=False, allow_unicode=True, width=110), ()


__all__ = ["ANSWER_TYPES", "KIND", "OwnCheck", "form_source", "read_own", "scalar", "to_question"]
