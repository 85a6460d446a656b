"""Small Markdown helpers shared by the generators (cards in back-quoted codes, which the app may draw).

>>> from tutor.engine import parse_cards
>>> md(parse_cards("KH T21"))
'`KH` `T21`'
>>> plural(1, "oudler"), plural(3, "oudler")
('1 oudler', '3 oudlers')
"""

from __future__ import annotations

from collections.abc import Iterable

from ..engine import Card, Contract
from ..engine.state import Trick


def md(cards: Iterable[Card]) -> str:
    cards = list(cards)
    return " ".join(f"`{c.code}`" for c in cards) if cards else "(none)"


def plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def contract_name(c: Contract) -> str:
    """'a **garde** (×2)'."""
    return f"a **{c.french}** (×{c.multiplier})"


def trick_lines(cards: Iterable[Card], seats: Iterable[int], name) -> str:
    """'seat 1 (the taker) led `10H`, seat 2 played `T14`' with ``name(seat)`` for the seats."""
    parts = []
    for i, (c, s) in enumerate(zip(cards, seats)):
        verb = "led" if i == 0 else "played"
        parts.append(f"{name(s)} {verb} `{c.code}`")
    return ", ".join(parts)


def trick_text(trick: Trick, name) -> str:
    return trick_lines(trick.cards, trick.seats, name)
