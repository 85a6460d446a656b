"""What a move changes on a seat's page, redrawn alone: the seat's part of the deal (the card table, the trick,
whose turn, the seat's action) is a fragment (``seat_part``), and the page's one-second look (``follow``) reads the
table's version only. When it changed, the look reruns that fragment alone, not the page; the fragment reads the
new table and asks for the whole page only when the rest of the page shows the change (the deal starts or ends, a
seat changes hands, a bot stands in, a deal goes on the sheet). A tap inside the fragment reruns it alone too.

A look that sees nothing new costs one small read (no replay, no signing key): on four phones, 77 moves drew the
four whole pages again 308 times (about 47 ms each) before; now each phone redraws its seat's part only.
"""

from __future__ import annotations

from collections.abc import Callable

import streamlit as st

from ...classroom.tables import TableError, TableStore
from ...progress import StoreError
from ..common.safe import plain
from ..common.text import error_text

LOOK = 1  # seconds between two looks at the table's version
KEY = "tg_live"  # the fragment's key (``st.fragment(key=…)``)
DRAWN = "tg_drawn"  # session key: the version the page shows (its seat's part, when it has one)
SHOWN = "tg_shown"  # session key: what the rest of the page shows of the table (``page_key``)
FRESH = "tg_fresh"  # session key: the table the whole page has just read, handed to the fragment in the same run
ON = "tg_live_on"  # session key: the page's last whole run drew the fragment
LATEST = "tg_latest"  # session key: the latest table the fragment drew (the host's quiet count reads it)


def page_key(snap) -> tuple:
    """What the page outside the seat's part shows of the table: when it changes, the whole page is drawn."""
    return (snap.started, snap.over, len(snap.state.scores), snap.people, tuple(snap.state.seats))


def start_page(snap) -> None:
    """At the top of each whole run: the version and the table as this run draws them."""
    st.session_state[DRAWN] = snap.version
    st.session_state[SHOWN] = page_key(snap)
    st.session_state[LATEST] = snap
    st.session_state[ON] = False


def latest(snap):
    """The newest table this page drew (its seat's part may be newer than the rest of the page)."""
    got = st.session_state.get(LATEST)
    return got if got is not None and got.id == snap.id and got.version >= snap.version else snap


def seat_part(ts: TableStore, table_id: int, snap, draw: Callable) -> None:
    """The seat's part of the page, drawn by ``draw(snap)``: in the whole page's run from the table it read, in
    the fragment's own runs (a look that saw a new version, a tap on the part) from the table read again."""
    st.session_state[FRESH] = snap
    st.session_state[ON] = True
    _part(ts, table_id, draw)


@st.fragment(key=KEY)
def _part(ts: TableStore, table_id: int, draw: Callable) -> None:
    snap = st.session_state.pop(FRESH, None)
    if snap is None:  # the fragment's own run: the table now
        try:
            snap = ts.table(table_id)
        except (TableError, StoreError) as err:
            st.error(plain(error_text(err)))
            return
        if page_key(snap) != st.session_state.get(SHOWN):
            st.rerun(scope="app")
    st.session_state[DRAWN] = snap.version
    st.session_state[LATEST] = snap
    draw(snap)


@st.fragment(run_every=LOOK)
def follow(ts: TableStore, table_id: int) -> None:
    """One small read a second; when the version moved, the seat's part is drawn again (or the whole page, when
    this page has no seat's part: before the deal, after it, waiting for a seat)."""
    try:
        now = ts.version(table_id)
    except StoreError:
        return
    if now == st.session_state.get(DRAWN):
        return
    if st.session_state.get(ON):
        _rerun_part()
    st.rerun(scope="app")


def _rerun_part() -> None:
    """``st.rerun(scope=KEY)`` from the look's own run. Streamlit 1.67 takes a fragment's key only in a widget's
    callback, since a call from a run's body ends that run; here the run ended is the look's, which draws nothing,
    so nothing is lost. The same request ``st.rerun`` makes, asked the same way (a request, then an element, the
    point where the runner acts on it). Nothing happens (and the caller reruns the page) in a whole run, or if
    Streamlit's inside changed."""
    try:
        from streamlit.runtime.scriptrunner_utils.script_requests import RerunData
        from streamlit.runtime.scriptrunner_utils.script_run_context import get_script_run_ctx
        ctx = get_script_run_ctx()
        if ctx is None or ctx.script_requests is None or not ctx.fragment_ids_this_run:
            return
        ids = ctx.fragment_storage.resolve_target(KEY)
        asked = RerunData(query_string=ctx.query_string, page_script_hash=ctx.page_script_hash,
                          fragment_id_queue=ids, is_fragment_scoped_rerun=True,
                          cached_message_hashes=ctx.cached_message_hashes, context_info=ctx.context_info)
    except (ImportError, AttributeError, TypeError, st.errors.StreamlitAPIException):
        return
    if ctx.script_requests.request_rerun(asked):
        st.empty()  # the runner takes the request here and ends this run
