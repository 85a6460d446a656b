"""How a card looks, for every picture of it: the four suit colours, the suit symbols, short labels.

The app's SVG cards (``tutor.ui.common.cards``) and the printed sheets (``tutor.worksheets.pdf``) both draw
from here, so a card looks the same on screen and on paper. No Streamlit, no drawing: just the look.

>>> from tutor.engine import parse_card
>>> [card_label(parse_card(c)) for c in ("KH", "CS", "10D", "T21", "EX")]
['K♥', 'C♠', '10♦', 'trump 21', 'the Excuse']
>>> card_colour(parse_card("KH")), card_colour(parse_card("T1")) == TRUMP_COLOUR
('#c62828', True)
"""

from __future__ import annotations

from .engine.cards import RANK_CODES, Card
from .i18n import language
from .i18n.words import RANK_LETTER_FR, card_short

# A four-colour deck: every suit is told apart by colour as well as by shape.
SUIT_COLOURS = {0: "#1b1b1b", 1: "#c62828", 2: "#d35400", 3: "#1e7b34"}
SUIT_SYMBOLS = {0: "♠", 1: "♥", 2: "♦", 3: "♣"}
TRUMP_COLOUR = "#283593"
EXCUSE_COLOUR = "#6a1b9a"


def rank_label(card: Card) -> str:
    """The rank as printed in a suit card's corner: 'K', 'C' for the knight (Cavalier), '7'; a French deck's
    letters in French: 'R', 'D', 'C', 'V'.

    >>> from tutor.engine import parse_card
    >>> from tutor.i18n import using
    >>> [rank_label(parse_card(c)) for c in ("KH", "QS", "CD", "JC", "7H")]
    ['K', 'Q', 'C', 'J', '7']
    >>> with using("fr"):
    ...     [rank_label(parse_card(c)) for c in ("KH", "QS", "CD", "JC", "7H")]
    ['R', 'D', 'C', 'V', '7']
    """
    if language() == "fr":
        return RANK_LETTER_FR.get(card.rank, str(card.rank))
    if card.rank == 12:
        return "C"  # Cavalier, the knight
    return RANK_CODES.get(card.rank, str(card.rank))


def card_colour(card: Card) -> str:
    """The colour a card is drawn in: its suit's, or the trumps' or the Excuse's own."""
    if card.is_excuse:
        return EXCUSE_COLOUR
    if card.is_trump:
        return TRUMP_COLOUR
    return SUIT_COLOURS[card.kind]


def card_label(card: Card) -> str:
    """A short label for text, pills and buttons: 'K♥', 'C♠' (knight), 'trump 21', 'the Excuse' (``Card.short``:
    the name a learner reads, never the code); in French « R♥ », « 7 d’atout », « l’Excuse ».

    >>> from tutor.engine import parse_card
    >>> from tutor.i18n import using
    >>> with using("fr"):
    ...     [card_label(parse_card(c)) for c in ("KH", "CS", "T21", "T7", "EX")]
    ['R♥', 'C♠', 'le 21', '7 d’atout', 'l’Excuse']
    """
    return card_short(card)
