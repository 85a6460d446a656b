"""A picture of the table: the seats in play order, counter-clockwise, the dealer marked.

Drawn as SVG in code and shown through a data URI, like the cards (``st.html`` strips inline
``<svg>``). Pure functions: cached and testable without Streamlit. Seen from above, the first seat
sits at the bottom and each next seat in play order sits to the right of the one before, so play goes
counter-clockwise (to the right).

>>> svg = table_svg(4, 2)
>>> svg.startswith("<svg") and "Seat 3" in svg and "dealer" in svg and "Seat 0" not in svg
True
>>> table_img(4, 2).startswith('<img class="tt-table" src="data:image/svg+xml;base64,')
True
"""

from __future__ import annotations

import base64
from functools import cache
from html import escape

from ...engine.seats import seat_spots as unit_spots
from ...i18n import _, language

SIZE = 260
PAD = 120  # room each side for a side seat's label ("Seat 4 (you, taker)"), written outward from the table
RADIUS = SIZE / 2 - 62  # the green table


def seat_spots(players: int, bottom: int = 0) -> list[tuple[float, float]]:
    """(x, y) of each seat in play order, in SVG coordinates: ``bottom`` (the learner) at the bottom, then
    counter-clockwise; the engine's one seat geometry (``tutor.engine.seats.seat_spots``), scaled.

    >>> [(round(x), round(y)) for x, y in seat_spots(4)]
    [(130, 222), (222, 130), (130, 38), (38, 130)]
    >>> [(round(x), round(y)) for x, y in seat_spots(4, bottom=1)][1]
    (130, 222)
    """
    c, r = SIZE / 2, SIZE / 2 - 38
    return [(c + r * x, c - r * y) for x, y in unit_spots(players, bottom=bottom)]  # SVG's y points down


def describe(players: int, dealer: int, names=None) -> str:
    """The picture in words (its alt text): 'Play goes counter-clockwise: Seat 1, Seat 2 (dealer), …'."""
    names = names or [_("Seat {n}").format(n=s + 1) for s in range(players)]
    dealer_note = " " + _("(dealer)")
    order = ", ".join(n + (dealer_note if s == dealer else "") for s, n in enumerate(names))
    first = names[(dealer + 1) % players]
    return _("Play goes counter-clockwise: {order}. {first}, on the dealer's right, speaks first.").format(
        order=order, first=first)


def table_svg(players: int, dealer: int, names: tuple[str, ...] | None = None, bottom: int = 0) -> str:
    return _table_svg(players, dealer, names, bottom, language())  # its words are in the learner's language


@cache
def _table_svg(players: int, dealer: int, names: tuple[str, ...] | None, bottom: int, lang: str) -> str:
    names = list(names or [_("Seat {n}").format(n=s + 1) for s in range(players)])
    turning, dealer_word = escape(_("counter-clockwise")), escape(_("dealer"))
    c = SIZE / 2
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="{-PAD} 0 {SIZE + 2 * PAD} {SIZE}" '
             f'width="{SIZE + 2 * PAD}" height="{SIZE}" role="img" '
             f'aria-label="{escape(describe(players, dealer, names))}">',
             f'<circle cx="{c}" cy="{c}" r="{RADIUS}" fill="#2e7d32"/>',
             f'<text x="{c}" y="{c - 4}" text-anchor="middle" font-family="sans-serif" font-size="26" '
             'fill="#ffffff">↺</text>',
             f'<text x="{c}" y="{c + 16}" text-anchor="middle" font-family="sans-serif" font-size="11" '
             f'fill="#ffffff">{turning}</text>']
    for s, (x, y) in enumerate(seat_spots(players, bottom)):
        dealer_seat = s == dealer
        # A seat beside the table is written away from it, so a long name never runs over the green.
        side = "end" if x < c - 20 else "start" if x > c + 20 else "middle"
        if side != "middle":
            x = c + (RADIUS + 8) * (1 if side == "start" else -1)
        parts.append(f'<text x="{x:.1f}" y="{y:.1f}" text-anchor="{side}" font-family="sans-serif" '
                     f'font-size="14" font-weight="{"bold" if dealer_seat else "normal"}" fill="#1b1b1b">'
                     f'{escape(names[s])}</text>')
        if dealer_seat:
            parts.append(f'<text x="{x:.1f}" y="{y + 16:.1f}" text-anchor="{side}" font-family="sans-serif" '
                         f'font-size="12" fill="#c62828">{dealer_word}</text>')
    parts.append("</svg>")
    return "".join(parts)


def table_img(players: int, dealer: int, *, names=None, bottom: int = 0) -> str:
    """An <img> of the table, ``bottom`` (the learner) at the bottom, with the picture in words as its alt text."""
    key = tuple(names) if names else None
    uri = "data:image/svg+xml;base64," + base64.b64encode(table_svg(players, dealer, key, bottom).encode()).decode()
    alt = escape(describe(players, dealer, names))
    return (f'<img class="tt-table" src="{uri}" alt="{alt}" title="{alt}" '
            f'style="width:{SIZE + 2 * PAD}px;max-width:100%;height:auto;margin-bottom:0.5rem">')
