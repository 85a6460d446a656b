"""Card pictures drawn as SVG in code, shown through data URIs (st.html would strip inline <svg>).

The colours, symbols and labels are the card look shared with the printed sheets (``tutor.cardlook``).

Pure functions return strings, so they are cached and testable without Streamlit.

>>> from tutor.engine import parse_card
>>> svg = card_svg(parse_card("KH"))
>>> svg.startswith("<svg") and "K" in svg and "#c62828" in svg
True
>>> 'alt="king of hearts"' in card_img(parse_card("KH"))
True
"""

from __future__ import annotations

import base64
from collections.abc import Iterable
from functools import cache
from html import escape

from ...cardlook import EXCUSE_COLOUR, SUIT_COLOURS, SUIT_SYMBOLS, TRUMP_COLOUR, rank_label
from ...engine.cards import BY_CODE, Card
from ...i18n import language
from . import text

__all__ = ["card_data_uri", "card_img", "card_label", "card_name", "card_svg", "cards_html", "cards_inline",
           "with_card_pictures"]

WIDTH, HEIGHT = 70, 100


def card_svg(card: Card) -> str:
    """The SVG source of one card: readable rank and suit in the corner, a big symbol in the middle."""
    return _card_svg(card, language())  # its name (for screen readers) is in the learner's language


@cache
def _card_svg(card: Card, lang: str) -> str:
    if card.is_excuse:
        colour, corner, middle, foot = EXCUSE_COLOUR, "★", "★", "Excuse"
        face = "#f3e5f5"
    elif card.is_trump:
        colour, corner, middle, foot = TRUMP_COLOUR, str(card.rank), str(card.rank), "atout"
        face = "#e8eaf6"
    else:
        colour = SUIT_COLOURS[card.kind]
        corner = rank_label(card)
        middle = SUIT_SYMBOLS[card.kind]
        foot = SUIT_SYMBOLS[card.kind]
        face = "#ffffff"
    mid_size = 40 if len(middle) == 1 else 34
    oudler_ring = ('<circle cx="35" cy="52" r="24" fill="none" stroke="#c9a227" stroke-width="3"/>'
                   if card.is_oudler else "")
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {HEIGHT}" width="{WIDTH}" height="{HEIGHT}" '
        f'role="img" aria-label="{escape(text.card_name(card))}">'
        f'<rect x="1.5" y="1.5" width="{WIDTH - 3}" height="{HEIGHT - 3}" rx="8" fill="{face}" '
        f'stroke="{colour}" stroke-width="2.5"/>'
        f'<text x="7" y="21" font-family="Georgia,serif" font-size="18" font-weight="bold" fill="{colour}">'
        f'{escape(corner)}</text>'
        f'{oudler_ring}'
        f'<text x="35" y="{52 + mid_size * 0.35:.0f}" text-anchor="middle" font-family="Georgia,serif" '
        f'font-size="{mid_size}" font-weight="bold" fill="{colour}">{escape(middle)}</text>'
        f'<text x="35" y="93" text-anchor="middle" font-family="Georgia,serif" font-size="12" '
        f'fill="{colour}">{escape(foot)}</text>'
        "</svg>"
    )


def card_data_uri(card: Card) -> str:
    return _data_uri(card, language())


@cache
def _data_uri(card: Card, lang: str) -> str:
    return "data:image/svg+xml;base64," + base64.b64encode(card_svg(card).encode()).decode()


def card_img(card: Card, *, width: int = WIDTH, dim: bool = False, ring: bool = False) -> str:
    """An <img> tag for one card, with alt text for screen readers."""
    style = f"width:{width}px;height:auto;margin:2px;"
    if dim:
        style += "opacity:0.35;"
    if ring:
        style += "outline:3px solid #c9a227;border-radius:8px;"
    name = escape(text.card_name(card))
    return (f'<img class="tt-card" src="{card_data_uri(card)}" alt="{name}" '
            f'title="{name} ({card.code})" style="{style}">')


def cards_html(cards: Iterable[Card], *, width: int = WIDTH, dim: Iterable[Card] = (),
               ring: Iterable[Card] = ()) -> str:
    """A wrapping row of card pictures (it reflows on a phone-width window)."""
    dim, ring = set(dim), set(ring)
    imgs = "".join(card_img(c, width=width, dim=c in dim, ring=c in ring) for c in cards)
    row = "display:flex;flex-wrap:wrap;gap:2px;align-items:flex-end;margin-bottom:0.75rem"
    return f'<div class="tt-cards" style="{row}">{imgs}</div>'


INLINE_WIDTH = 40  # a card in a line of text: small enough to sit in a sentence or a table cell


def cards_inline(cards: Iterable[Card], *, width: int = INLINE_WIDTH) -> str:
    """Card pictures inside a line of text (an answer, a worked example), each with its name as alt text.

    >>> from tutor.engine import parse_cards
    >>> html = cards_inline(parse_cards("KH T21"))
    >>> html.startswith('<span class="tt-cards-inline"') and html.count("<img") == 2 and 'alt="trump 21"' in html
    True
    """
    imgs = "".join(card_img(c, width=width) for c in cards)
    return (f'<span class="tt-cards-inline" style="display:inline-flex;flex-wrap:wrap;gap:2px;'
            f'vertical-align:middle">{imgs}</span>')


def with_card_pictures(text: str, *, width: int = INLINE_WIDTH) -> str:
    """Markdown with each row-of-cards mark (``{cards:KH T21}``, from ``tutor.content.render``) drawn as pictures.
    Shown with ``unsafe_allow_html``; the text around it is the app's own.

    >>> with_card_pictures("Hand: {cards:KH}.").count("<img")
    1
    """
    from ...content.example_words import CARDS_MARK
    return CARDS_MARK.sub(lambda m: cards_inline([BY_CODE[c] for c in m.group(1).split()], width=width), text)


def card_name(card: Card) -> str:
    """A card's name as the lessons write it, capitalised for a label: the card table's accessible names.

    >>> from tutor.engine import parse_cards
    >>> [card_name(c) for c in parse_cards("KH T21 EX CS")]
    ['King of hearts', 'Trump 21', 'The Excuse', 'Knight of spades']
    """
    name = text.card_name(card)
    return name[:1].upper() + name[1:]


def card_label(card: Card) -> str:
    """A short label for text, pills and buttons: 'K♥', 'C♠' (knight), 'trump 21', 'the Excuse', in the learner's
    language (« R♥ », « 21 d'atout »); never the code."""
    return text.card_short(card)
