"""Reading a learner's answer tolerantly: cards in any notation, numbers with or without a sign,
choices by number, key or text. Unreadable input raises AnswerError with a sentence to show.

>>> read_number("+42"), read_number("−42"), read_number(" 40,5 "), read_number(7)
(42.0, -42.0, 40.5, 7.0)
>>> [c.code for c in read_cards("roi de cœur, 21 excuse")]
['KH', 'T21', 'EX']
>>> read_form("target: 41, result = +8; taker 318")
{'target': '41', 'result': '+8', 'taker': '318'}
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable

from ..engine import Card, TarotError, parse_card, parse_cards
from ..engine.cards import BY_CODE


class AnswerError(ValueError):
    """Input we cannot read as an answer; the message says what to type instead."""


_NUMBER = re.compile(r"^[+-]?(\d+(\.\d*)?|\.\d+)$")


def read_number(raw) -> float:
    """A number: '+42', '-42', '42', '40,5', '40.5 points'; bools are refused."""
    if isinstance(raw, bool):
        raise AnswerError("give a number, like 42 or -42")
    if isinstance(raw, int | float):
        return float(raw)
    text = str(raw).strip().replace("−", "-").replace("–", "-").replace(",", ".").replace(" ", "")
    text = re.sub(r"(?i)(points?|pts?|pt)$", "", text)
    if not _NUMBER.match(text):
        raise AnswerError(f"“{raw}” is not a number: type something like 42, -42 or 40.5")
    return float(text)


def read_cards(raw) -> list[Card]:
    """Cards from text in any notation the engine parses, or from a list of cards or codes."""
    if raw is None:
        return []
    if isinstance(raw, Card):
        return [raw]
    if isinstance(raw, dict | bytes | bool | float):
        raise AnswerError("pick cards, or type them like KH 10D T21 EX")
    if isinstance(raw, int):
        raw = str(raw)  # a bare number is a trump
    try:
        if isinstance(raw, str):
            return parse_cards(raw)
        if isinstance(raw, Iterable):
            out: list[Card] = []
            for item in raw:
                out.extend(read_cards(item) if isinstance(item, str) and " " in item.strip() else [parse_card(item)])
            return out
    except TarotError as err:
        raise AnswerError(str(err)) from None
    raise AnswerError(f"cannot read {raw!r} as cards: write them like KH, 10D, T21, EX")


def _norm(text: str) -> str:
    text = unicodedata.normalize("NFKD", str(text).strip().lower().replace("œ", "oe"))
    text = "".join(ch for ch in text if not unicodedata.combining(ch))
    return re.sub(r"[\s_\-’']+", " ", text).strip(" .")


def read_choice(raw, choices) -> str:
    """The key of the choice meant by ``raw``: its key, its number (1-based, when no key is that number),
    its label or an unambiguous start of its label, case and accents ignored.

    >>> from tutor.quiz.question import Choice
    >>> opts = (Choice("legal", "Legal"), Choice("king", "Not legal: it holds a king"))
    >>> read_choice("LEGAL", opts), read_choice(2, opts), read_choice("not legal: it holds a KING", opts)
    ('legal', 'king', 'king')
    """
    if isinstance(raw, bool):
        raw = "yes" if raw else "no"
    if isinstance(raw, Card):
        raw = raw.code
    if all(c.key in BY_CODE for c in choices):  # the choices are cards: '1' is the Petit, not choice 1
        try:
            card = parse_card(str(raw))
        except TarotError:
            card = None
        if card is not None and any(c.key == card.code for c in choices):
            return card.code
    if isinstance(raw, int) and not any(c.key == str(raw) for c in choices) and 1 <= raw <= len(choices):
        return choices[raw - 1].key
    text = _norm(raw)
    if not text:
        raise AnswerError("choose one of the answers")
    for c in choices:
        if text == _norm(c.key) or text == _norm(c.label):
            return c.key
    if text.isdigit() and 1 <= int(text) <= len(choices):
        return choices[int(text) - 1].key
    if len(text) == 1 and text.isalpha() and ord(text) - ord("a") < len(choices):
        return choices[ord(text) - ord("a")].key
    starts = [c for c in choices if _norm(c.label).startswith(text)]
    if len(starts) == 1:
        return starts[0].key
    try:  # a card answer (who wins the trick) given in any notation
        card = parse_card(str(raw))
    except TarotError:
        card = None
    if card is not None and any(c.key == card.code for c in choices):
        return card.code
    listed = "; ".join(f"{i + 1}. {c.label}" for i, c in enumerate(choices))
    raise AnswerError(f"“{raw}” is none of the answers: {listed}")


_PAIR = re.compile(r"([A-Za-z_][\w '’()+−-]*?)\s*(?:[:=]\s*|\s+(?=[+\-−]?\d))([^,;\n]+)")


def read_form(raw) -> dict:
    """Field -> raw value, from a dict or from text like 'target: 41, taker = 318'."""
    if isinstance(raw, dict):
        return {str(k).strip().lower().replace(" ", "_"): v for k, v in raw.items()}
    if isinstance(raw, str):
        pairs = _PAIR.findall(raw)
        if pairs:
            return {k.strip().lower().replace(" ", "_"): v.strip() for k, v in pairs}
    raise AnswerError("fill in the form: one number per line, e.g. target: 41")
