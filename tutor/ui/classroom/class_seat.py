"""On the Class page: the learner's seat at the table their teacher seated them at (issue 36, point 6). Their class
token finds it, so there is no second code to type: "Go to my table" gives this phone the seat (a new seat token;
one on another phone stops working) and opens Play together on it. The page looks every few seconds, so the seat
shows by itself once the teacher opens the tables.
"""

from __future__ import annotations

import streamlit as st

from ...classroom.class_tables import ClassTables
from ...classroom.store import ClassError, ClassStore
from ...classroom.table_records import TableError
from ...i18n import _
from ...progress import StoreError
from ..common.safe import plain
from ..common.text import error_text

TABLE_PAGE = "tutor/ui/pages/table.py"
SEAT_TOKEN = "tg_token"  # the Play together page's session key for this phone's seat (``together.table_page.TOKEN``)
SEAT_PARAM = "seat"  # and its query parameter (``together.table_page.ME``)
LOOK = 4  # seconds between two looks at whether the teacher has seated this learner


def offer(cs: ClassStore, token: str) -> None:
    """The learner's table, if the teacher has seated them: who is at it, and the way there."""
    ct = ClassTables(cs)
    try:
        placed = ct.placed(token)
        mine = ct.seat_of(token) if placed is not None else None
    except (ClassError, TableError, StoreError):
        return  # the quiz itself says what is wrong with the token or the database
    _watch(ct, token, placed)
    if mine is None:
        return
    with st.container(border=True):
        others = [n if n else _("a bot") for i, n in enumerate(mine.names) if i != mine.seat]
        if mine.seat is None:
            st.markdown(_("Your teacher has put you at **table {n}**, waiting for a seat.").format(n=mine.number))
        else:
            st.markdown(_("Your teacher has seated you at **table {n}**, seat {seat}, with {others}.").format(
                n=mine.number, seat=mine.seat + 1, others=", ".join(plain(o) for o in others)))
        if st.button(_("Go to my table"), type="primary", key="class_go_table"):
            try:
                seat_token = ct.seat_token(token)
            except (TableError, ClassError, StoreError) as err:
                st.error(plain(error_text(err)))
                return
            st.session_state[SEAT_TOKEN] = seat_token
            st.switch_page(TABLE_PAGE, query_params={SEAT_PARAM: seat_token})


def _watch(ct: ClassTables, token: str, seen) -> None:
    """One small read every few seconds: the page is drawn again when the teacher seats (or moves) this learner."""
    @st.fragment(run_every=LOOK)
    def look() -> None:
        try:
            now = ct.placed(token)
        except StoreError:
            return
        if now != seen:
            st.rerun(scope="app")
    look()
