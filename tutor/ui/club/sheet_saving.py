"""The score sheet's game in the session and in the database: its session keys, saving after every change (all or
nothing), two devices on one game (the version read, a refused stale change, the sheet that follows the other
device's deals every few seconds) and the message kept through those refreshes.
"""

from __future__ import annotations

import time

import streamlit as st

from ...club import (
    EntryError,
    Game,
    dealer_seat,
)
from ...i18n import N_, _
from ...progress.club_store import ClubStore, GameGone, SavedGame, StaleGame
from ..common import learner as lr
from ..common.safe import plain, query_int, query_text

GAME, GAME_ID, NAME, EDITING, FLASH = "club_game", "club_game_id", "club_name", "club_editing", "club_flash"
UNDO = "club_undo"  # (game before, deal number): the last deal deleted, until the next change
# Two devices on one game: the stored version this sheet was read at, the first dealer's seat (from 0),
# and a change kept on screen only because the database could not be written.
VERSION, FIRST_DEALER, UNSAVED = "club_version", "club_first_dealer", "club_unsaved"
EDIT_VERSION = "club_edit_version"  # the version the deal being edited was read at
REFRESH_SECONDS = 4  # how often an open sheet looks for deals entered on another device
# The last message shown ((kind, text, when)), kept through the refreshes another device's changes cause,
# for FLASH_SECONDS at most: "Deal 3 saved." must not vanish because the other phone saved deal 4.
SHOWN, FOLLOWED, FLASH_SECONDS = "club_flash_shown", "club_followed", 10
GAME_ID_MAX = 2**31 - 1
STALE = N_("This sheet was changed on another device since this one last showed it, so your change was not saved. "
           "The sheet now shows every deal as saved: check it and try again.")
# An edit form never outlives its deal: when another device deleted or changed it, the edit ends with this.
EDIT_GONE = N_("This sheet was changed on another device: deal {n}, which you were editing, was deleted or changed "
               "there, so your edit was not saved. The sheet now shows every deal as saved.")


# -- saving --------------------------------------------------------------------------------------


def _not_saving_notice() -> None:
    problem = st.session_state.get(lr.DOWN)
    if problem:
        st.warning(_("**Games are not being saved.** {problem} The sheet on screen keeps working.").format(
            problem=problem),
                   icon=":material/warning:")
        if st.button(_("Try again"), key="club_retry"):
            lr.retry()
            st.rerun()


def _save(game: Game, name: str) -> bool:
    """Write ``game`` whole: a new game, or over the open one at the version on screen (a CSV import,
    Undo)."""
    st.session_state[NAME] = name
    return _commit(game, None)


def _adopt(saved: SavedGame, *, mine: bool = True) -> None:
    """Show ``saved``, the game as stored: its deals, its version and, in the address, its id.

    The Edit and Delete picker goes to the last deal after a change made here; after a change seen
    from another device it stays where it was chosen if that deal is still the same one."""
    ss = st.session_state
    old, pick, deals = ss.get(GAME), ss.get("club_pick"), saved.game.deals
    kept = (not mine and old is not None and ss.get(GAME_ID) == saved.id and pick is not None
            and pick < len(old.deals) and old.deals[:pick] == deals[:pick])
    if not kept:
        ss["club_pick_last"] = len(deals) or None
    editing = ss.get(EDITING)
    if not mine and editing and old is not None and (editing > len(deals) or old.deals[:editing] != deals[:editing]):
        end_edit(_(EDIT_GONE).format(n=editing))
    ss.update({GAME: saved.game, GAME_ID: saved.id, NAME: saved.name, VERSION: saved.version,
               FIRST_DEALER: saved.first_dealer})
    ss["club_dealer_last"] = dealer_seat(len(saved.game.players), saved.first_dealer, len(deals) + 1)
    ss.pop(UNSAVED, None)
    st.query_params["game"] = str(saved.id)


def _whole(clubs: ClubStore, game: Game) -> SavedGame:
    ss = st.session_state
    gid = clubs.save(game, ss.get(NAME, _("Game")), ss.get(GAME_ID), version=ss.get(VERSION),
                     first_dealer=ss.get(FIRST_DEALER, 0))
    return clubs.load(gid)


def _commit(local: Game, change) -> bool:
    """Write one change to the stored game and show the game as stored; True when it was kept.

    ``change(clubs)`` does it one deal at a time (None: write ``local`` whole). ``local`` is what the
    sheet becomes when the database cannot be written: the change is kept on screen and the whole
    sheet is written by the next change that can be. A change made on a stale copy is refused."""
    ss = st.session_state
    ss.pop(UNDO, None)  # any change ends the chance to undo a deletion: the undo would lose it
    if change is None or ss.get(GAME_ID) is None or ss.get(UNSAVED):
        change = lambda clubs: _whole(clubs, local)  # noqa: E731
    try:
        saved = lr.guarded(lambda s: change(ClubStore(s)))
    except StaleGame:
        _reload()
        ss[FLASH] = ("error", _(STALE))
        if ss.get(EDITING):  # the deal being edited may have changed or moved: the edit starts again
            ss.update({EDITING: None, "club_clear": True})
        return False
    except GameGone as err:  # the game was deleted on another device: kept here as a new game
        ss[FLASH] = ("warning", _("{problem} It is saved again as a new game.").format(problem=plain(err)))
        ss.update({GAME_ID: None, VERSION: None})
        saved = lr.guarded(lambda s: _whole(ClubStore(s), local))
    if saved is None:  # not saving: the sheet on screen keeps working
        ss.update({GAME: local, UNSAVED: True})
        return True
    if ss.get(lr.DOWN):  # written after all: the database is back
        ss.pop(lr.DOWN, None)
        ss.pop(lr.DOWN_KIND, None)
    _adopt(saved)
    return True


def end_edit(why: str) -> None:
    """The edit form closes (its deal is gone or changed) with ``why`` on screen; the form is cleared."""
    st.session_state.update({EDITING: None, "club_clear": True, FLASH: ("error", why)})


def _reload(mine: bool = True) -> bool:
    """Show the game as stored now; False (and a message) when it cannot be read."""
    gid = st.session_state.get(GAME_ID)
    try:
        saved = lr.guarded(lambda s: ClubStore(s).load(gid))
    except EntryError as err:
        st.session_state[FLASH] = ("error", _("This saved game has a deal the rules refuse: {problem}").format(
            problem=plain(err)))
        return False
    if saved is None:
        return False
    _adopt(saved, mine=mine)
    return True


def _open_id(gid: int) -> None:
    """Open saved game ``gid`` on the sheet (from the list or from the address)."""
    try:
        saved = lr.guarded(lambda s: ClubStore(s).load(gid))
    except EntryError as err:
        st.session_state[FLASH] = ("error", _("This saved game has a deal the rules refuse: {problem}").format(
            problem=plain(err)))
        return
    if saved is None:
        if not st.session_state.get(lr.DOWN):
            st.session_state[FLASH] = ("error", _("There is no saved game number {n}: it may have been deleted. "
                                                  "Open one from the list below, or start a new one.").format(n=gid))
        return
    st.session_state.pop(UNDO, None)
    st.session_state.pop("club_pick", None)
    st.session_state.update({EDITING: None, "club_goto": "sheet", "club_clear": True})
    _adopt(saved)


def _open() -> None:
    _open_id(st.session_state.get("club_saved"))  # read at click time: the list may have changed since


def _from_address() -> None:
    """The game named in the address (``?game=ID``) is the one on the sheet, so a reload or a second
    device opens it; a game opened here is written into the address."""
    ss = st.session_state
    raw = query_text("game", 40)
    if not raw:
        if ss.get(GAME_ID) is not None:
            st.query_params["game"] = str(ss[GAME_ID])
        return
    gid = query_int("game", 1, GAME_ID_MAX)
    if gid is None:
        st.query_params.pop("game", None)
        ss[FLASH] = ("error", _("The address names no game: “{raw}” is not a game number. Open a game from the "
                                "list below.").format(raw=plain(raw)))
        ss["club_goto"] = "games"
    elif gid != ss.get(GAME_ID):
        _open_id(gid)
        if ss.get(GAME_ID) != gid and not ss.get(lr.DOWN):  # kept while the database is away: Try again
            st.query_params.pop("game", None)
            ss["club_goto"] = "games"


@st.fragment(run_every=REFRESH_SECONDS)
def _watch() -> None:
    """Every few seconds, one small read: when another device changed the game, show it as stored.
    Drawn last, so a click on this run is handled before; a full rerun keeps a half-filled form."""
    ss = st.session_state
    gid = ss.get(GAME_ID)
    if gid is None or ss.get(UNSAVED) or ss.get(lr.DOWN):
        return
    stored = lr.guarded(lambda s: ClubStore(s).version(gid))
    if stored is not None and stored != ss.get(VERSION) and _reload(mine=False):
        ss[FOLLOWED] = True
        st.rerun()


def _clock() -> float:
    return time.monotonic()


def _flash(followed: bool = False) -> None:
    """Show the message the last action left (“Deal 3 saved.”). A redraw for another device's change
    (``followed``) shows it again for FLASH_SECONDS; this device's next action, or time, ends it."""
    ss = st.session_state
    new = ss.pop(FLASH, None)
    if new:
        ss[SHOWN] = (*new, _clock())
    elif not (followed and SHOWN in ss and _clock() - ss[SHOWN][2] < FLASH_SECONDS):
        ss.pop(SHOWN, None)
    if SHOWN in ss:
        kind, text, _when = ss[SHOWN]
        getattr(st, kind)(text)
