"""Checking an answer: tolerant reading, partial credit, and the learner's mistake named.

The generator that made a question knows why each wrong answer is wrong, so it stores that in
``question.context`` as plain data; the graders here only read it:

- ``card_notes``: card code -> {"extra": [id, message], "missing": [id, message]}, said when the
  learner picks an unwanted card or leaves out a wanted one;
- ``why_not``: choice key -> [id, message], said when that wrong choice is picked;
- ``number_mistakes``: [[value, id, message], ...], known wrong numbers;
- ``form``: per field of a score form, its known wrong values (see ``scoreform``).

``check_answer`` never raises on bad input: unreadable answers get a Feedback saying what to type.

>>> from tutor.quiz import generate
>>> q = generate("target", 3, difficulty=1)
>>> check_answer(q, q.answer).correct, check_answer(q, f"+{q.answer}").credit
(True, 1.0)
>>> check_answer(q, "lots").message
'I could not read your answer: “lots” is not a number: type something like 42, -42 or 40.5.'
"""

from __future__ import annotations

from collections.abc import Callable

from ..engine import TarotError, check_discard, check_poignee, format_cards
from ..engine.words import N_
from ..i18n import _, ngettext
from ..i18n.words import cards_text, say
from ..limits import MAX_ANSWER_CHARS, MAX_ANSWER_ITEMS
from .answers import AnswerError, read_cards, read_choice, read_number
from .question import AnswerType, Feedback, Question, answer_text, fmt
from .scoreform import grade_form
from .text import cap

Grader = Callable[[Question, object], Feedback]
GRADERS: dict[str, Grader] = {}
DEFAULT_GRADER = {AnswerType.PICK_CARDS: "cards", AnswerType.CHOICE: "choice", AnswerType.NUMBER: "number",
                  AnswerType.SCORE_FORM: "score_form"}
RIGHT = N_("Right!")


def grader(name: str):
    def wrap(fn: Grader) -> Grader:
        GRADERS[name] = fn
        return fn
    return wrap


def check_answer(question: Question, raw) -> Feedback:
    """Grade ``raw`` (text, a number, a list of cards or codes, a choice key, a dict for a form)."""
    name = question.grader or DEFAULT_GRADER[question.answer_type]
    try:
        _check_size(raw)
        return GRADERS[name](question, raw)
    except (AnswerError, TarotError) as err:
        return Feedback(False, 0.0, _("I could not read your answer: {why}").format(
            why=_sentence(say(err.args[0]) if err.args and isinstance(err.args[0], str) else str(err))),
            question.explanation)
    except (ValueError, OverflowError, TypeError, RecursionError):
        # The promise is "never raises": whatever slipped past the readers is an unreadable answer.
        return Feedback(False, 0.0, _("I could not read your answer: type cards like KH 10D T21 EX, or a number "
                                      "like 42."), question.explanation)


def _check_size(raw) -> None:
    """Refuse an answer over the limits before reading it (the readers' time grows with its length)."""
    if isinstance(raw, str):
        if len(raw) > MAX_ANSWER_CHARS:
            raise AnswerError(_("it is {n} characters long, and an answer is at most {most}").format(
                n=f"{len(raw):,}", most=f"{MAX_ANSWER_CHARS:,}"))
        return
    if isinstance(raw, dict | list | tuple | set | frozenset):
        if len(raw) > MAX_ANSWER_ITEMS:
            raise AnswerError(_("it has {n} parts, and an answer has at most {most}").format(
                n=f"{len(raw):,}", most=MAX_ANSWER_ITEMS))
        parts = [*raw.keys(), *raw.values()] if isinstance(raw, dict) else list(raw)
        if sum(len(p) if isinstance(p, str) else 0 for p in parts) > MAX_ANSWER_CHARS:
            raise AnswerError(_("it is longer than the {most} characters an answer may have").format(
                most=f"{MAX_ANSWER_CHARS:,}"))


def _feedback(q: Question, credit: float, message: str, mistakes=(), given: str = "", **kw) -> Feedback:
    correct = credit >= 1.0
    if correct:
        message = message or _(RIGHT)
    return Feedback(correct, credit, message, q.explanation, tuple(dict.fromkeys(mistakes)), given=given,
                    **kw)


def _sentence(text: str) -> str:
    text = text.strip()
    return text if text.endswith((".", "!", "?")) else text + "."


# ---------------------------------------------------------------- cards


def _card_set(q: Question, raw) -> set:
    cards = read_cards(raw)
    pool = set(q.pool)
    outside = [c for c in cards if pool and c not in pool]
    if outside:
        raise AnswerError(ngettext("{cards} is not among the cards to pick from",
                                   "{cards} are not among the cards to pick from", len(outside)).format(
            cards=cap(cards_text(outside))))
    return set(cards)


@grader("cards")
def grade_cards(q: Question, raw) -> Feedback:
    """An exact set of cards; credit is the overlap (right picks over all cards involved)."""
    given = _card_set(q, raw)
    want = set(q.answer)
    shown = format_cards(sorted(given, key=lambda c: c.sort_key))
    if given == want:
        return _feedback(q, 1.0, _(RIGHT), given=shown)
    notes = q.context.get("card_notes", {})
    extra = sorted(given - want, key=lambda c: c.sort_key)
    missing = sorted(want - given, key=lambda c: c.sort_key)
    groups: dict[tuple[str, str, str], list] = {}
    for side, cards in (("extra", extra), ("missing", missing)):
        for c in cards:
            default = ("extra_card", N_("it is not one of them")) if side == "extra" else (
                "missing_card", N_("it is one of them too"))
            mid, msg = notes.get(c.code, {}).get(side) or default
            groups.setdefault((side, mid, msg), []).append(c)
    lines, ids = [], []
    for (side, mid, msg), cards in groups.items():
        names = cards_text(cards)
        lines.append(_("{cards}: {why}").format(cards=cap(names), why=_sentence(_(msg))) if side == "extra"
                     else _("You left out {cards}: {why}").format(cards=names, why=_sentence(_(msg))))
        ids.append(mid)
    credit = len(given & want) / len(given | want) if given | want else 1.0
    head = _("Not quite.") if credit else _("Not right.")
    return _feedback(q, credit, head + "\n\n" + "\n".join(f"- {line}" for line in lines), ids, shown)


@grader("ecart")
def grade_ecart(q: Question, raw) -> Feedback:
    """Any legal écart is right; otherwise every broken rule is named."""
    given = read_cards(raw)
    ctx = q.context
    verdict = check_discard(ctx["hand"], given, players=ctx["players"])
    shown = format_cards(given)
    if verdict.legal:
        note = _(RIGHT)
        if verdict.shown:
            note += " " + ngettext("The trump {cards} must be shown.", "The trumps {cards} must be shown.",
                                   len(verdict.shown)).format(cards=cards_text(verdict.shown))
        return _feedback(q, 1.0, note, given=shown)
    ids = [f"ecart_{r}" for r in verdict.rules]
    return _feedback(q, 0.0, _("Not a legal écart: {reasons}").format(
        reasons=" ".join(say(r) for r in verdict.reasons)), ids, shown)


@grader("poignee_show")
def grade_poignee_show(q: Question, raw) -> Feedback:
    """Any legal show of the asked level is right."""
    given = read_cards(raw)
    ctx = q.context
    verdict = check_poignee(ctx["hand"], given, players=ctx["players"])
    shown = format_cards(given)
    if verdict.legal and verdict.level == ctx["level"]:
        return _feedback(q, 1.0, _(RIGHT), given=shown)
    if verdict.legal:
        msg = _("That is a legal {level} poignée, but the question asks for a {asked} one: show exactly {need} "
                "trumps.").format(level=verdict.level, asked=ctx["level"], need=ctx["need"])
        return _feedback(q, 0.5, msg, ["poignee_level"], shown)
    ids = ["poignee_excuse" if "Excuse" in r else "poignee_exact" if "exactly" in r else "poignee_cards"
           for r in verdict.reasons]
    return _feedback(q, 0.0, _("Not a legal show: {reasons}").format(
        reasons=" ".join(say(r) for r in verdict.reasons)), ids, shown)


# ---------------------------------------------------------------- one choice, one number


@grader("choice")
def grade_choice(q: Question, raw) -> Feedback:
    key = read_choice(raw, q.choices)
    label = q.choice(key).label
    if key == q.answer:
        return _feedback(q, 1.0, _(RIGHT), given=label)
    mid, msg = q.context.get("why_not", {}).get(key) or ("wrong_choice", "")
    text = _("Not right: the answer is “{answer}”.").format(answer=answer_text(q, q.answer))
    if msg:
        text = _("Not right: {why} The answer is “{answer}”.").format(why=_sentence(msg),
                                                                    answer=answer_text(q, q.answer))
    return _feedback(q, 0.0, text, [mid], label)


@grader("number")
def grade_number(q: Question, raw) -> Feedback:
    value = read_number(raw)
    want = float(q.answer)
    if abs(value - want) < 1e-9:
        return _feedback(q, 1.0, _(RIGHT), given=fmt(value))
    for known, mid, msg in q.context.get("number_mistakes", []):
        if abs(value - float(known)) < 1e-9:
            return _feedback(q, 0.0, _("Not right: {why} The answer is {answer}.").format(
                why=_sentence(msg), answer=fmt(want)), [mid], fmt(value))
    if want and abs(value + want) < 1e-9:
        return _feedback(q, 0.0, _("Not right: the sign is wrong. The answer is {answer}.").format(
            answer=fmt(want)), ["sign"], fmt(value))
    return _feedback(q, 0.0, _("Not right: the answer is {answer}.").format(answer=fmt(want)), ["wrong_number"],
                     fmt(value))


@grader("score_form")
def grade_score_form(q: Question, raw) -> Feedback:
    credit, message, ids, marks, given = grade_form(q, raw)
    return _feedback(q, credit, message, ids, given, fields=marks)

