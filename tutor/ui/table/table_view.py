"""The table picture beside a question or a practice deal: seats in play order, counter-clockwise, the dealer
and the taker marked, the learner ("you") at the bottom.

The seats' places, names and words come from ``tutor.engine.seats`` (pure, tested): the one seat geometry,
shared with the card table. A question drawn on the card table with its seats shows only that table (the
picture would repeat it); every other question that turns on the seats shows the drawing,
``tutor.ui.table.table_picture`` (also used by the lessons' table step).
"""

from __future__ import annotations

import streamlit as st

from ...engine.seats import table_picture
from ...i18n import _
from ..common.text import say
from .table_picture import table_img


def show_table(players: int, dealer: int, *, names=None, notes: dict | None = None, bottom: int = 0,
               drawn: bool = True) -> None:
    """Draw the table (``bottom``, the learner, at the bottom), with its text form as a caption (read by screen
    readers, and in plain text). ``drawn=False``: the card table already draws the seats; only the words."""
    pic = table_picture(players, dealer, names=names, notes=notes, bottom=bottom)
    if drawn:
        # The drawing marks the dealer itself; the other notes ("you", "taker") go with the names.
        # The names in the learner's language ("Joueur 3"), as the caption says them.
        labels = [f"{say(s.name)} ({s.note})" if s.note else say(s.name) for s in pic.seats]
        st.markdown(table_img(players, dealer, names=labels, bottom=bottom), unsafe_allow_html=True)
    st.caption(say(pic.text()))


def question_table(context: dict) -> dict | None:
    """What the table picture of a question shows: players, dealer, the learner at the bottom, the notes.

    >>> question_table({"table": {"players": 4, "dealer": 3, "you": 2, "taker": 0}})
    {'players': 4, 'dealer': 3, 'bottom': 2, 'notes': {0: 'taker', 2: 'you'}}
    >>> question_table({}) is None
    True
    """
    t = context.get("table")
    if not t:
        return None
    notes = {}
    if t.get("taker") is not None:
        notes[t["taker"]] = _("taker")
    if t.get("you") is not None:
        notes[t["you"]] = _("you, taker") if t.get("taker") == t["you"] else _("you")
    return {"players": t["players"], "dealer": t["dealer"], "bottom": t.get("you") or 0, "notes": notes}


def show_question_table(context: dict, *, drawn: bool = True) -> None:
    """The table of a generated question or puzzle, when it depends on who sits where (``drawn=False``: the card
    table shows the seats, so only its words)."""
    t = question_table(context)
    if t is not None:
        show_table(t["players"], t["dealer"], notes=t["notes"], bottom=t["bottom"], drawn=drawn)
