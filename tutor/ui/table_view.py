"""The small picture of the table: the seats in play order, counter-clockwise, the dealer marked.

The positions come from ``tutor.engine.seats.table_picture`` (pure, tested); this only draws them.
"""

from __future__ import annotations

from html import escape

import streamlit as st

from ..engine.seats import TablePicture, table_picture

SIZE = 230  # pixels, square


def table_svg(pic: TablePicture) -> str:
    """An SVG of the table: a round table, each seat's name, the dealer in bold, arrows for play order."""
    c, r = SIZE / 2, SIZE / 2 - 38
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{SIZE}" height="{SIZE}" role="img" '
             f'aria-label="{escape(pic.text())}">',
             f'<circle cx="{c}" cy="{c}" r="{r - 18}" fill="#2e7d32" opacity="0.85"/>',
             f'<text x="{c}" y="{c + 4}" text-anchor="middle" font-size="11" fill="white">counter-clockwise ↺</text>']
    for spot in pic.seats:
        x, y = c + spot.x * r, c - spot.y * r  # SVG's y axis points down
        weight = "bold" if spot.dealer else "normal"
        parts.append(f'<text x="{x:.1f}" y="{y:.1f}" text-anchor="middle" font-size="12" font-weight="{weight}">'
                     f'{escape(spot.name)}</text>')
        extra = ", ".join(w for w in ("dealer" if spot.dealer else "", spot.note) if w)
        if extra:
            parts.append(f'<text x="{x:.1f}" y="{y + 13:.1f}" text-anchor="middle" font-size="10" '
                         f'fill="#555">({escape(extra)})</text>')
    parts.append("</svg>")
    return "".join(parts)


def show_table(players: int, dealer: int, *, names=None, notes: dict | None = None, bottom: int = 0) -> None:
    """Draw the table, with its text form as a caption (read by screen readers and in plain text)."""
    pic = table_picture(players, dealer, names=names, notes=notes, bottom=bottom)
    st.markdown(table_svg(pic), unsafe_allow_html=True)
    st.caption(pic.text())


def show_question_table(context: dict) -> None:
    """The table of a generated question, when the question depends on who sits where."""
    t = context.get("table")
    if not t:
        return
    notes = {}
    if t.get("taker") is not None:
        notes[t["taker"]] = "taker"
    if t.get("you") is not None:
        notes[t["you"]] = "you" + (", taker" if t.get("taker") == t["you"] else "")
    show_table(t["players"], t["dealer"], notes=notes, bottom=t.get("you") or 0)
