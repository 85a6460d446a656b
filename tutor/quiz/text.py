"""Small Markdown helpers shared by the generators. Cards are written as a learner names them (K♥, trump 21,
the Excuse), never as codes: codes are only for typing an answer.

>>> from tutor.engine import parse_cards
>>> md(parse_cards("KH T21"))
'K♥, trump 21'
>>> plural(1, "oudler"), plural(3, "oudler")
('1 oudler', '3 oudlers')
"""

from __future__ import annotations

from collections.abc import Iterable

from ..engine import Card, Contract
from ..engine.views import Trick
from ..engine.words import plural as _plural
from ..i18n import _, language
from ..i18n.words import card_name, card_short, cards_text, say


def plural(n, word: str, many: str | None = None) -> str:
    """'3 oudlers' / « 3 bouts »: a counted word in the learner's language (the generators import it from here)."""
    return say(_plural(n, word, many))


def md(cards: Iterable[Card]) -> str:
    """Cards in running text: 'K♥, trump 21, the Excuse' (``cards_text``)."""
    return cards_text(cards)


def named(c: Card) -> str:
    """A card with its full name, for a choice: 'K♥ (king of hearts)', 'trump 21', 'the Excuse'.

    >>> from tutor.engine import card
    >>> named(card("KH")), named(card("T21")), named(card("T1"))
    ('K♥ (king of hearts)', 'trump 21', 'trump 1 (the Petit)')
    """
    if language() != "en":
        return card_short(c) if c.is_trump or c.is_excuse else f"{card_short(c)} ({card_name(c)})"
    if c.is_trump:
        return "trump 1 (the Petit)" if c.rank == 1 else c.short
    return c.short if c.is_excuse else f"{c.short} ({c.name})"


def cap(text: str) -> str:
    """The first letter capitalised, for a card name that starts a sentence ('The Excuse wins')."""
    return text[:1].upper() + text[1:]


def contract_name(c: Contract) -> str:
    """'a **garde** (×2)'."""
    return _("a **{contract}** (×{multiplier})").format(contract=c.french, multiplier=c.multiplier)


def trick_lines(cards: Iterable[Card], seats: Iterable[int], name) -> str:
    """'seat 1 (the taker) led 10♥, seat 2 played trump 14' with ``name(seat)`` for the seats."""
    parts = []
    for i, (c, s) in enumerate(zip(cards, seats)):
        text = _("{seat} led {card}") if i == 0 else _("{seat} played {card}")
        parts.append(text.format(seat=name(s), card=card_short(c)))
    return ", ".join(parts)


def trick_text(trick: Trick, name) -> str:
    return trick_lines(trick.cards, trick.seats, name)
