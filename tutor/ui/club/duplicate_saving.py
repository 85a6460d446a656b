"""The Duplicate page's tournament in the database (``tutor.progress.duplicate_store``): opened from its address
(``?t=ID``), so a reload or another device finds it; every marque written as it is typed, checked against the
one the page showed (a stale entry is refused with a sentence and the page shows the fresh state); the page
following the other devices' marques every few seconds (``watch``). Correcting a marque already stored needs
the organiser on a shared server. When the database cannot be written the tournament stays in this session
only, as before it was saved, and says so.
"""

from __future__ import annotations

import streamlit as st

from ...classroom import address
from ...engine import TarotError
from ...i18n import _, pgettext
from ...i18n.typography import signed
from ...progress.duplicate_store import (
    DuplicateStore,
    NotPlayed,
    SavedTournament,
    StaleMarque,
    TournamentClosed,
    TournamentGone,
)
from ..common import learner as lr
from ..common.safe import plain, query_int, query_text
from . import organiser

SETUP = "dup_setup"  # session key: the open tournament's Setup
# session key: {(étui, table): marque} as stored when this page last read it (or, not saved, as typed here).
# Kept apart from the number inputs, whose state Streamlit drops when another étui is shown.
MARQUES = "dup_marques"
TID, VERSION, NAME, STATE = "dup_tid", "dup_version", "dup_name", "dup_state"
FLASH = "dup_flash"  # (kind, text): the message the last entry left
FIXING = "dup_fixing"  # the (étui, table) whose correction waits for the organiser
REFRESH_SECONDS = 4  # how often an open tournament looks for marques entered on another device
TID_MAX = 2**31 - 1


def marque_key(etui: int, table: int) -> str:
    return f"dup_m_{etui}_{table}"


def adopt(saved: SavedTournament) -> None:
    """Show ``saved``, the tournament as stored: its set-up, its marques and, in the address, its id."""
    ss = st.session_state
    ss.update({SETUP: saved.setup, TID: saved.id, VERSION: saved.version, NAME: saved.name, STATE: saved.state,
               MARQUES: dict(saved.marques)})
    st.query_params["t"] = str(saved.id)


def forget() -> None:
    """No tournament open (back to the list and the set-up)."""
    for key in (SETUP, TID, VERSION, NAME, STATE, MARQUES, FIXING):
        st.session_state.pop(key, None)
    st.query_params.pop("t", None)


def create(setup, name: str) -> None:
    """Save a new tournament and open it; kept in this session only when the database cannot be written."""
    ss = st.session_state
    forget()
    tid = lr.guarded(lambda s: DuplicateStore(s).create(setup, name))
    saved = lr.guarded(lambda s: DuplicateStore(s).load(tid)) if tid is not None else None
    if saved is None:
        ss.update({SETUP: setup, MARQUES: {}, NAME: name, STATE: "open"})
        ss[FLASH] = ("warning", _("This tournament could not be saved in the database, so it lives in this browser "
                                  "tab only: a reload or another device will not find it."))
        return
    adopt(saved)


def _load(tid: int) -> SavedTournament | None:
    try:
        return lr.guarded(lambda s: DuplicateStore(s).load(tid))
    except TarotError:
        st.session_state[FLASH] = ("error", _("Tournament {n} is saved in a form this version of the app cannot "
                                              "read.").format(n=tid))
        return None


def from_address() -> None:
    """The tournament named in the address (``?t=ID``) is the one on the page; anything else in ``t`` gets a
    sentence and the list of tournaments."""
    ss = st.session_state
    raw = query_text("t", 40)
    if not raw:
        if ss.get(TID) is not None:  # back from another page, whose link had no address: put it back
            st.query_params["t"] = str(ss[TID])
            refresh()
        return
    tid = query_int("t", 1, TID_MAX)
    if tid is None:
        forget()
        ss[FLASH] = ("error", _("The address names no tournament: “{raw}” is not a tournament number. Open one "
                                "from the list below, or set up a new one.").format(raw=plain(raw)))
        return
    if tid == ss.get(TID):
        refresh()
        return
    saved = _load(tid)
    if saved is None:
        forget()
        if not ss.get(lr.DOWN) and FLASH not in ss:
            ss[FLASH] = ("error", _("There is no tournament number {n}: it may have been deleted. Open one from the "
                                    "list below, or set up a new one.").format(n=tid))
        return
    adopt(saved)


def refresh() -> None:
    """Read the open tournament again when another device changed it (one small read when none did)."""
    ss = st.session_state
    tid = ss.get(TID)
    if tid is None:
        return
    stored = lr.guarded(lambda s: DuplicateStore(s).version(tid))
    if stored is None:
        if not ss.get(lr.DOWN):  # deleted on another device
            forget()
            ss[FLASH] = ("warning", _("This tournament was deleted on another device."))
        return
    if stored != ss.get(VERSION):
        saved = _load(tid)
        if saved is not None:
            adopt(saved)


def enter(etui: int, table: int) -> None:
    """The number input's callback: write its marque, checked against the one this page showed."""
    ss = st.session_state
    key = marque_key(etui, table)
    typed = ss.get(key)
    typed = None if typed is None else int(typed)
    marques = ss.setdefault(MARQUES, {})
    seen = marques.get((etui, table))
    ss.pop(FIXING, None)
    if typed == seen:
        return
    tid = ss.get(TID)
    if tid is None:  # not saved: this session only
        if typed is None:
            marques.pop((etui, table), None)
        else:
            marques[etui, table] = typed
        return
    if seen is not None and organiser.needed() and not organiser.signed_in():
        ss[key] = seen
        ss[FIXING] = (etui, table)
        return
    try:
        saved = lr.guarded(lambda s: DuplicateStore(s).enter(tid, etui, table, typed, seen=seen))
    except StaleMarque as err:
        ss[FLASH] = ("error", _stale(err))
        saved = _load(tid)
    except TournamentClosed:
        ss[FLASH] = ("error", _("This tournament is closed: its marques can no longer change. The organiser can "
                                "open it again."))
        saved = _load(tid)
    except TournamentGone:
        forget()
        ss[FLASH] = ("error", _("This tournament was deleted on another device, so the marque was not saved."))
        return
    except TarotError:  # a stored set-up this app cannot read
        ss[FLASH] = ("error", _("Tournament {n} is saved in a form this version of the app cannot read.").format(n=tid))
        return
    except NotPlayed:
        ss[FLASH] = ("error", _("Table {table} does not play étui {etui} in this tournament.").format(
            table=table, etui=etui))
        saved = _load(tid)
    else:
        if saved is not None:
            ss[FLASH] = ("success", _("Étui {etui}, table {table}: marque taken away.").format(etui=etui, table=table)
                         if typed is None else _("Étui {etui}, table {table}: {marque} saved.").format(
                             etui=etui, table=table, marque=signed(typed)))
    if saved is None:  # the database is away: the page keeps what is stored, and says so
        ss[key] = seen
        if not ss.get(FLASH) or ss[FLASH][0] == "success":
            ss[FLASH] = ("error", _("The marque was not saved: the database cannot be reached. Type it again "
                                    "once it is back."))
        return
    adopt(saved)


def _stale(err: StaleMarque) -> str:
    now = pgettext("marque", "none") if err.stored is None else signed(err.stored)
    return _("Another device changed the marque of étui {etui} at table {table} since this page showed it: it is "
             "now {now}, so yours was not saved. The page shows every marque as stored: check it and correct it if "
             "needed.").format(etui=err.etui, table=err.table, now=now)


def fixing_notice() -> None:
    """Why a correction was not made, and the organiser's form, under the marques."""
    fixing = st.session_state.get(FIXING)
    if fixing:
        etui, table = fixing
        organiser.sign_in_form(_("correct a marque already entered (étui {etui}, table {table})").format(
            etui=etui, table=table), "dup_fix", duplicate=True)


def flash() -> None:
    shown = st.session_state.pop(FLASH, None)
    if shown:
        getattr(st, shown[0])(shown[1])


def link(tid: int) -> str:
    """The tournament's address for another device: the server's public address when it is set."""
    base = address.configured(secrets_=lr._secrets())
    path = f"/duplicate?t={tid}"
    return base.rstrip("/") + path if address.is_web_address(base) else path


@st.fragment(run_every=REFRESH_SECONDS)
def watch() -> None:
    """Every few seconds, one small read: when another device entered a marque, the page is drawn again."""
    ss = st.session_state
    tid = ss.get(TID)
    if tid is None or ss.get(lr.DOWN):
        return
    stored = lr.guarded(lambda s: DuplicateStore(s).version(tid))
    if stored != ss.get(VERSION):
        st.rerun()
