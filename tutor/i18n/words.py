"""The engine's sentences and the cards, said in the learner's language.

The engine builds its sentences as ``Text`` (``tutor.engine.words``): English, plus the message id and its
parameters. ``say`` translates one, its parameters too (a card by its French name, a number with a decimal
comma). Card names follow French usage: « Roi de pique », « Dame de cœur », « 7 d’atout », « le Petit »,
« le 21 », « l’Excuse »; short forms as the corners print them (R♥, D♠, C♦, V♣).

>>> from tutor.engine import card, parse_cards
>>> from tutor.i18n import using
>>> with using("fr"):
...     [card_short(card(c)) for c in ("KH", "QS", "CD", "JC", "T7", "T1", "T21", "EX")]
['R♥', 'D♠', 'C♦', 'V♣', '7 d’atout', 'le Petit', 'le 21', 'l’Excuse']
>>> with using("fr"):
...     [french(card(c)).the_name for c in ("QH", "1S", "KC", "T7", "EX")]
['la Dame de cœur', 'l’As de pique', 'le Roi de trèfle', 'le 7 d’atout', 'l’Excuse']
>>> with using("fr"):
...     cards_text(parse_cards("KH T21 EX")), cards_text([])
('R♥, le 21, l’Excuse', '(aucune)')
>>> cards_text(parse_cards("KH T21 EX"))
'K♥, trump 21, the Excuse'
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from ..engine.cards import EXCUSE_KIND, SUITS, TRUMP_KIND, Card, points_text
from ..engine.words import Text
from . import _, language, ngettext, npgettext, number, pgettext

RANK_FR = {1: "As", 11: "Valet", 12: "Cavalier", 13: "Dame", 14: "Roi"}
RANK_LETTER_FR = {11: "V", 12: "C", 13: "D", 14: "R"}
_FEMININE = {13}
_DECIMAL = re.compile(r"^([+\-−]?\d+)\.(\d+)$")


class FrenchCard:
    """A card's French names, for the ``{card.name}`` fields of a French sentence.

    ``name`` (« Roi de cœur », « 7 d’atout », « le Petit »), ``the_name`` with its article (« la Dame de cœur »),
    ``de_name`` after « de » (« du Roi de cœur », « de l’Excuse »), ``a_name`` after « à » (« au Roi de cœur »),
    ``short`` as in a list (« R♥ », « 7 d’atout »). Anything else is the card's own attribute.
    """

    def __init__(self, card: Card):
        self.card = card

    def __getattr__(self, attr):
        return getattr(self.card, attr)

    def __format__(self, spec: str) -> str:
        return format(self.short, spec)

    def __str__(self) -> str:
        return self.short

    @property
    def short(self) -> str:
        c = self.card
        if c.kind == EXCUSE_KIND or c.kind == TRUMP_KIND:
            return self.name
        return RANK_LETTER_FR.get(c.rank, str(c.rank)) + SUITS[c.kind].symbol

    @property
    def name(self) -> str:
        c = self.card
        if c.kind == EXCUSE_KIND:
            return "l’Excuse"
        if c.kind == TRUMP_KIND:
            return {1: "le Petit", 21: "le 21"}.get(c.rank, f"{c.rank} d’atout")
        return f"{RANK_FR.get(c.rank, str(c.rank))} de {SUITS[c.kind].french}"

    @property
    def long(self) -> str:
        return self.name

    @property
    def the_name(self) -> str:
        c, name = self.card, self.name
        if name.startswith(("le ", "l’")):
            return name
        if c.kind < TRUMP_KIND and c.rank == 1:
            return "l’" + name
        return ("la " if c.kind < TRUMP_KIND and c.rank in _FEMININE else "le ") + name

    @property
    def de_name(self) -> str:
        the = self.the_name
        return "du " + the[3:] if the.startswith("le ") else "de " + the

    @property
    def a_name(self) -> str:
        the = self.the_name
        return "au " + the[3:] if the.startswith("le ") else "à " + the


def french(card: Card) -> FrenchCard:
    return FrenchCard(card)


def card_short(card: Card) -> str:
    """The card in running text, in the current language: 'K♥' / 'R♥', 'trump 7' / « 7 d’atout »."""
    return FrenchCard(card).short if language() == "fr" else card.short


def card_name(card: Card) -> str:
    """The card's full name in the current language: 'king of hearts' / « Roi de cœur »."""
    return FrenchCard(card).name if language() == "fr" else card.name


def the_card(card: Card) -> str:
    """The card's name with its article: 'the king of hearts' / « le Roi de cœur »."""
    return FrenchCard(card).the_name if language() == "fr" else card.the_name


def cards_text(cards: Iterable[Card]) -> str:
    """Cards in running text: 'K♥, trump 21, the Excuse' / « R♥, le 21, l’Excuse »; '(none)' for none."""
    cards = list(cards)
    return ", ".join(card_short(c) for c in cards) if cards else _("(none)")


def _param(value):
    if isinstance(value, Text):
        return say(value)
    if language() == "en":
        return value
    if isinstance(value, Card):
        return FrenchCard(value)
    if isinstance(value, bool):
        return value
    if isinstance(value, float):
        return number(value)
    if isinstance(value, str):
        m = _DECIMAL.match(value)
        return f"{m.group(1)},{m.group(2)}" if m else value
    if isinstance(value, list | tuple):
        return type(value)(_param(v) for v in value)
    return value


def say(value) -> str:
    """``value`` in the current language: a ``Text`` from its message and parameters, a marked string by its
    translation, anything else as it is. A French message that does not fit its parameters shows the English.

    >>> from tutor.engine.words import N_, Text, plural
    >>> from tutor.engine import card
    >>> from tutor.i18n import using
    >>> t = Text(N_("You do not hold {card.the_name}."), card=card("QH"))
    >>> say(t), say(plural(2, "deal"))
    ('You do not hold the queen of hearts.', '2 deals')
    >>> with using("fr"):
    ...     say(t), say(plural(2, "deal")), say(plural(1, "deal"))
    ('Vous n’avez pas la Dame de cœur.', '2 donnes', '1 donne')
    """
    if isinstance(value, Text):
        if value.context is not None:
            template = npgettext(value.context, value.msgid, value.plural, value.n) if value.plural is not None \
                else pgettext(value.context, value.msgid)
        else:
            template = ngettext(value.msgid, value.plural, value.n) if value.plural is not None else _(value.msgid)
        if language() == "en" and template in (value.msgid, value.plural):
            return str(value)
        try:
            out = template.format(**{k: _param(v) for k, v in value.params.items()})
        except (KeyError, IndexError, AttributeError, ValueError):
            return str(value)
        return out[:1].lower() + out[1:] if getattr(value, "lower_first", False) else out
    if isinstance(value, str):
        return _(value) if value else value
    return str(value)


def points(x: float) -> str:
    """Points as a person writes them: '4', '4.5' (the engine's ``points_text``); '4,5' in French.

    >>> from tutor.i18n import using
    >>> points(41.0), points(2.5)
    ('41', '2.5')
    >>> with using("fr"):
    ...     points(-2.5)
    '-2,5'
    """
    text = points_text(x)
    return text if language() == "en" else text.replace(".", ",")
