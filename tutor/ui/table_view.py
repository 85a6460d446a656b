"""The table picture beside a question or a practice deal: seats in play order, counter-clockwise, the dealer marked.

The seats' names and words come from ``tutor.engine.seats.table_picture`` (pure, tested); the drawing is
the course's one table picture, ``tutor.ui.table_picture`` (also used by the lessons' table step).
"""

from __future__ import annotations

import streamlit as st

from ..engine.seats import table_picture
from .table_picture import table_img


def show_table(players: int, dealer: int, *, names=None, notes: dict | None = None) -> None:
    """Draw the table, with its text form as a caption (read by screen readers, and in plain text)."""
    pic = table_picture(players, dealer, names=names, notes=notes)
    # The drawing marks the dealer itself; the other notes ("you", "taker") go with the names.
    labels = [f"{s.name} ({s.note})" if s.note else s.name for s in pic.seats]
    st.markdown(table_img(players, dealer, names=labels), unsafe_allow_html=True)
    st.caption(pic.text())


def show_question_table(context: dict) -> None:
    """The table of a generated question or puzzle, when it depends on who sits where."""
    t = context.get("table")
    if not t:
        return
    notes = {}
    if t.get("taker") is not None:
        notes[t["taker"]] = "taker"
    if t.get("you") is not None:
        notes[t["you"]] = "you" + (", taker" if t.get("taker") == t["you"] else "")
    show_table(t["players"], t["dealer"], notes=notes)
