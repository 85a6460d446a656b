"""The Duplicate page's saved tournaments: the list to open one from, and the open one's heading (its name, its
address for the other devices, its state). Anyone may set up a tournament and enter marques; on a shared server
deleting a tournament, closing or opening it again and correcting a stored marque need the club's organiser
(``organiser``), as deleting a game and old corrections do on the score sheet.
"""

from __future__ import annotations

import streamlit as st

from ...i18n import _
from ...progress.duplicate_store import DuplicateStore, TournamentGone
from ..common import learner as lr
from ..common.safe import plain
from . import duplicate_saving as saving
from . import organiser

CONFIRM = "dup_confirm_delete"  # id of the tournament whose Delete was pressed once


def _state(state: str) -> str:
    return _("closed") if state == "closed" else _("open")


def render_list() -> None:
    """Every saved tournament, the most recently changed first, to open or delete."""
    found = lr.guarded(lambda s: DuplicateStore(s).tournaments(), default=[])
    st.subheader(_("Saved tournaments"))
    if not found:
        st.caption(_("No saved tournament yet."))
        return
    labels = {t.id: " · ".join((t.name, _("{tables} tables, {rounds} rounds").format(tables=t.tables, rounds=t.rounds),
                                _("marques: {n} of {total}").format(n=t.entered, total=t.total), _state(t.state),
                                f"{t.updated_at:%Y-%m-%d %H:%M} UTC"))
              for t in found}
    c1, c2, c3 = st.columns([4, 1, 1], vertical_alignment="bottom")
    tid = c1.selectbox(_("Tournament"), list(labels), format_func=labels.get, key="dup_saved")
    if c2.button(_("Open"), key="dup_open", width="stretch", type="primary"):
        st.query_params["t"] = str(tid)
        st.rerun()
    if c3.button(_("Delete"), key="dup_delete", width="stretch"):
        st.session_state[CONFIRM] = tid
    if st.session_state.get(CONFIRM) == tid:
        _confirm_delete(tid, labels[tid])


def _confirm_delete(tid: int, label: str) -> None:
    with st.container(border=True):
        if not organiser.signed_in():
            organiser.sign_in_form(_("delete a tournament"), "dup_delete", duplicate=True)
            if st.button(_("Keep the tournament"), key="dup_delete_no"):
                st.session_state.pop(CONFIRM, None)
                st.rerun()
            return
        st.warning(_("Delete **{name}** and all its marques for everyone who uses this database? This cannot be "
                     "undone.").format(name=plain(label)))
        yes, no = st.columns(2)
        if yes.button(_("Yes, delete the tournament"), key="dup_delete_yes", type="primary", width="stretch"):
            lr.guarded(lambda s: DuplicateStore(s).delete(tid))
            st.session_state.pop(CONFIRM, None)
            st.session_state[saving.FLASH] = ("success", _("Tournament deleted."))
            st.rerun()
        if no.button(_("Keep the tournament"), key="dup_delete_no", width="stretch"):
            st.session_state.pop(CONFIRM, None)
            st.rerun()


def render_header() -> None:
    """The open tournament: its name and state, its address for the other devices, and the way back."""
    ss = st.session_state
    tid = ss.get(saving.TID)
    c1, c2 = st.columns([4, 1], vertical_alignment="bottom")
    c1.subheader(plain(ss.get(saving.NAME) or _("Duplicate")))
    if c2.button(_("Other tournaments"), key="dup_back", width="stretch", icon=":material/list:"):
        saving.forget()
        st.rerun()
    if tid is None:
        return
    st.caption(_("Saved as tournament {n}, {state}. Open it on another device at {link}: every table can enter "
                 "its marques there, and the page follows them.").format(n=tid, state=_state(ss.get(saving.STATE)),
                                                                         link=f"`{saving.link(tid)}`"))
    if organiser.needed():
        st.caption(_("Shared server: anyone can enter a marque; correcting one already entered, closing the "
                     "tournament and deleting it need the club's organiser."))
    if organiser.signed_in():
        closed = ss.get(saving.STATE) == "closed"
        label = _("Open the tournament again") if closed else _("Close the tournament")
        if st.button(label, key="dup_state_button", icon=":material/lock:"):
            try:
                saved = lr.guarded(lambda s: DuplicateStore(s).set_state(tid, "open" if closed else "closed"))
            except TournamentGone:
                saving.forget()
                ss[saving.FLASH] = ("warning", _("This tournament was deleted on another device."))
                saved = None
            if saved is not None:
                saving.adopt(saved)
            st.rerun()
        organiser.sign_out_button("dup_organiser_out")
