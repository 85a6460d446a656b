"""Strict card notation for content files: canonical codes only (``KH``, ``CS``, ``10D``, ``T21``, ``EX``).

The engine's parser is lenient on purpose (it reads what learners type); lesson and puzzle
files use the one notation of RULES.md, so a typo is caught instead of guessed.

>>> [str(c) for c in strict_cards("KH 10D, T21 EX")]
['KH', '10D', 'T21', 'EX']
>>> strict_cards("KH kd")
Traceback (most recent call last):
...
ValueError: not a card code: 'kd' (did you mean KD?)
>>> strict_cards("T22")
Traceback (most recent call last):
...
ValueError: not a card code: 'T22' (write rank then suit, like KH, CS, 10D, 1C, T21, EX)
"""

from __future__ import annotations

import re

from ..engine import Card, TarotError, parse_card
from ..engine.cards import BY_CODE

_SPLIT = re.compile(r"[,\s]+")
HINT = "write rank then suit, like KH, CS, 10D, 1C, T21, EX"


def strict_card(token) -> Card:
    """One canonical card code; ValueError naming the token (and a guess) otherwise."""
    if isinstance(token, Card):
        return token
    text = str(token).strip()
    if text in BY_CODE:
        return BY_CODE[text]
    try:
        guess = parse_card(text)
    except TarotError:
        raise ValueError(f"not a card code: {text!r} ({HINT})") from None
    raise ValueError(f"not a card code: {text!r} (did you mean {guess}?)")


def strict_cards(value, *, unique: bool = True) -> list[Card]:
    """Cards from a string ("KH 2H") or a list; canonical codes only, each card at most once."""
    if value is None:
        return []
    if isinstance(value, str):
        tokens = [t for t in _SPLIT.split(value) if t]
    elif isinstance(value, list | tuple):
        tokens = []
        for item in value:
            if isinstance(item, Card):
                tokens.append(item)
            else:
                tokens.extend(t for t in _SPLIT.split(str(item)) if t)
    else:
        raise ValueError(f"cards must be written as text like \"KH 2H T21\", not {value!r}")
    cards = [strict_card(t) for t in tokens]
    if unique:
        seen: set[Card] = set()
        for c in cards:
            if c in seen:
                raise ValueError(f"{c} appears twice: a deck holds each card once")
            seen.add(c)
    return cards


def codes(cards) -> str:
    """Canonical codes separated by spaces."""
    return " ".join(str(c) for c in cards)
