"""The Seasons page: each player's record across the saved games chosen, the league table, and renaming.

The numbers come from ``tutor.club.season`` (every game scored again by the engine); renames go through
``tutor.progress.club_store`` (all of a game's records in one transaction; a player renamed or merged in
every game in one transaction too). A season is a range of dates, kept in the address (``?from=`` and
``?to=``, ISO dates): a game counts when the day it was started (UTC) falls in it. Names are shown in
tables (plain text) or through ``plain``, never as Markdown or HTML.
"""

from __future__ import annotations

import contextlib
from datetime import date

import streamlit as st

from ...club import EntryError, GameError
from ...club.game import MAX_NAME as PLAYER_NAME_MAX
from ...club.season import in_season, league, player_key, rename_player
from ...i18n import _, ngettext
from ...progress.club_store import NAME_MAX, ClubStore, clean_game_name
from ..common import learner as lr
from ..common.safe import plain, query_text
from ..common.widgets import minus_table
from . import organiser
from .sheet_saving import GAME, GAME_ID, NAME

CHOSEN, FLASH, LOADED = "season_games", "season_flash", "season_loaded"
FROM, TO, RANGE = "season_from", "season_to", "season_range"  # the date range, and the one CHOSEN was made for
DATES = "season_dates"  # the range kept for the session: widget values go when another page is shown


def render() -> None:
    st.title(_("Seasons"))
    organiser.hand_cookie()
    st.caption(_("Each player's record across the saved club games you choose, and the league table. "
                 "Rename a game or a player here."))
    games = lr.guarded(lambda s: ClubStore(s).games(), default=None)
    if games is None:
        st.warning(_("The saved games cannot be read right now; the Score sheet says why, with Try again."))
        return
    if not games:
        st.info(_("No saved game yet: start one on the Score sheet, and its players appear here."))
        st.page_link("tutor/ui/pages/scoresheet.py", label=_("Open the Score sheet"), icon=":material/scoreboard:")
        return
    _flash()
    labels = {g.id: f"{g.name} · " + _("{deals} · started {day}").format(
        deals=ngettext("{n} deal", "{n} deals", g.deals).format(n=g.deals), day=f"{g.created_at:%Y-%m-%d}")
        for g in games}
    start, end = _dates()
    started = {g.id: g.created_at.date() for g in games}
    in_range = {gid: label for gid, label in labels.items() if in_season(started[gid], start, end)}
    chosen = st.session_state.get(CHOSEN)
    if st.session_state.get(RANGE) != (start, end):  # first visit, or new dates: every game of the range
        st.session_state.update({RANGE: (start, end), CHOSEN: list(in_range)})
    elif chosen is None or any(gid not in in_range for gid in chosen):  # a game was deleted
        st.session_state[CHOSEN] = [gid for gid in (chosen if chosen is not None else in_range) if gid in in_range]
    chosen = st.multiselect(_("Games in the season"), list(in_range), format_func=in_range.get, key=CHOSEN,
                            placeholder=_("Choose the games to count") if in_range else
                            _("No game started in these dates"))
    _league([g for g in games if g.id in chosen])
    st.divider()
    st.subheader(_("Rename"))
    if not organiser.signed_in():  # on a shared server the club's names are the organiser's to change
        organiser.sign_in_form(_("rename games and players"), "season")
        return
    _rename_game(games, labels)
    _rename_player(games, labels)
    names = _everyone(games)
    _rename_everywhere(games, names)
    _merge(games, names)
    organiser.sign_out_button("season_organiser_out")


def _query_date(name: str) -> date | None:
    raw = query_text(name, 10)
    try:
        return date.fromisoformat(raw) if raw else None
    except ValueError:  # an address typed by hand: that end of the range is left open
        return None


def _dates() -> tuple[date | None, date | None]:
    """The season's first and last days (None: open), from the address on a first visit, kept there after."""
    ss = st.session_state
    if FROM not in ss and TO not in ss:
        asked = (_query_date("from"), _query_date("to"))
        ss[FROM], ss[TO] = asked if any(asked) else ss.get(DATES, (None, None))
    c1, c2 = st.columns(2)
    start = c1.date_input(_("Season from"), key=FROM, format="YYYY-MM-DD", help=_("Empty: since the first game"))
    end = c2.date_input(_("to (included)"), key=TO, format="YYYY-MM-DD", help=_("Empty: up to today"))
    ss[DATES] = (start, end)
    for name, day in (("from", start), ("to", end)):
        if day is None:
            st.query_params.pop(name, None)
        else:
            st.query_params[name] = day.isoformat()
    st.caption(_("A game counts in the season when the day it was started (UTC) falls between the two dates, "
                 "both included."))
    if start and end and start > end:
        st.warning(_("The season ends before it starts: choose a “to” date after the “from” date."))
    return start, end

def _load(info):
    """A saved game, kept for the session until it changes (``updated_at``), or the error that stops it."""
    cache = st.session_state.setdefault(LOADED, {})
    key = (info.id, info.updated_at)
    if key not in cache:
        try:
            saved = lr.guarded(lambda s: ClubStore(s).load(info.id))
        except EntryError as err:  # a deal the engine now refuses: named, the rest of the season still counts
            saved = err
        if saved is None:  # unreadable now (not kept: it may work on the next run) or deleted meanwhile
            return None
        cache[key] = saved if isinstance(saved, EntryError) else saved.game
    return cache[key]


def _league(infos) -> None:
    if not infos:
        st.caption(_("Choose at least one game to see the league table."))
        return
    games, left_out = [], []
    for info in infos:
        game = _load(info)
        if isinstance(game, EntryError):
            left_out.append(f"{plain(info.name)} ({plain(err_text(game))})")
        elif game is not None:
            games.append(game)
    table = league(games)
    played = sum(1 for g in games if g.deals)
    if not table and not left_out:
        st.caption(_("No deal has been played in the chosen games yet: the league table starts with the first one."))
        return
    rows = [{_("Rank"): p.rank, _("Player"): p.name, _("Games"): p.games, _("Deals"): p.deals, _("Taker"): p.taker,
             _("Won as taker"): p.won,
             _("Success as taker"): "—" if p.success_rate is None else f"{round(100 * p.success_rate)} %",
             _("Total"): p.total, _("Per deal"): round(p.per_deal, 1)} for p in table]
    st.markdown(ngettext("**League table** over {n} game, highest total first",
                         "**League table** over {n} games, highest total first", played).format(n=played))
    st.dataframe(minus_table(rows, (_("Total"), _("Per deal")), name="season_league"), hide_index=True,
                 width="stretch")
    st.caption(_("Deals: deals played at the table. Taker: deals taken; success: contracts won out of those "
                 "taken. Total: the sum of each game's final total. Players with the same name (case aside) are "
                 "one player. A game with no deal yet counts in nobody's games."))
    if left_out:
        st.warning(_("Left out, since a deal no longer passes the rules' checks (open it on the Score sheet to fix "
                     "it): ") + "; ".join(left_out))


def err_text(err: Exception) -> str:
    return str(err)[:200]


def _flash() -> None:
    message = st.session_state.pop(FLASH, None)
    if message:
        st.success(message, icon=":material/check_circle:")


def _rename_game(games, labels) -> None:
    with st.form("season_rename_game"):
        st.markdown(_("**Rename a game**"))
        gid = st.selectbox(_("Game"), list(labels), format_func=labels.get, key="season_rg_game")
        new = st.text_input(_("New name"), max_chars=NAME_MAX, key="season_rg_name")
        if not st.form_submit_button(_("Rename the game"), icon=":material/edit:"):
            return
    try:
        done = lr.guarded(lambda s: ClubStore(s).rename(gid, new), default=None)
    except ValueError as err:
        st.error(_("**name**: {problem}").format(problem=plain(err)))
        return
    if done is None:
        st.error(_("Not renamed: the database cannot be written right now."))
    elif not done:
        st.error(_("Not renamed: this game is no longer saved (it was deleted)."))
    else:
        name = clean_game_name(new)
        if st.session_state.get(GAME_ID) == gid:  # the game open on the Score sheet keeps the new name
            st.session_state[NAME] = name
        st.session_state[FLASH] = _("The game is now called “{name}”.").format(name=plain(name))
        st.rerun()


def _rename_player(games, labels) -> None:
    st.markdown(_("**Rename a player** in one game: their seat and every deal they took or partnered"))
    gid = st.selectbox(_("Game"), list(labels), format_func=labels.get, key="season_rp_game")
    info = next(g for g in games if g.id == gid)
    c1, c2 = st.columns(2)
    old = c1.selectbox(_("Player"), info.players, key="season_rp_player")
    new = c2.text_input(_("New name"), max_chars=PLAYER_NAME_MAX + 20, key="season_rp_name",
                        help=_("At most {n} characters, not another player's name").format(n=PLAYER_NAME_MAX))
    if not st.button(_("Rename the player"), icon=":material/badge:", key="season_rp_go"):
        return
    try:
        renamed = lr.guarded(lambda s: ClubStore(s).rename_player(gid, old, new), default=None)
    except (GameError, ValueError) as err:
        st.error(_("**new name**: {problem}. Nothing changed.").format(problem=plain(err)))
        return
    if renamed is None:
        st.error(_("Not renamed: the database cannot be written right now."))
        return
    open_game = st.session_state.get(GAME)
    if st.session_state.get(GAME_ID) == gid and open_game is not None:  # keep the open sheet in step
        with contextlib.suppress(GameError):  # the open sheet no longer has that player: left as it is
            st.session_state[GAME] = rename_player(open_game, old, renamed)
    st.session_state[FLASH] = _("{old} is now {new} in “{game}”.").format(old=plain(old), new=plain(renamed),
                                                                      game=plain(info.name))
    st.rerun()


def _everyone(games) -> list[str]:
    """Every player of every saved game, once (case and spacing aside, as first written), in name order."""
    names: dict[str, str] = {}
    for info in sorted(games, key=lambda g: g.created_at):
        for p in info.players:
            names.setdefault(player_key(p), p)
    return sorted(names.values(), key=str.casefold)


def _across(old: str, new: str) -> tuple | None:
    """Rename ``old`` to ``new`` in every saved game; the store's answer, or None after an error shown."""
    try:
        done = lr.guarded(lambda s: ClubStore(s).rename_player_everywhere(old, new), default=None)
    except (GameError, ValueError) as err:
        st.error(_("{problem}. Nothing changed.").format(problem=plain(err)))
        return None
    if done is None:
        st.error(_("Not renamed: the database cannot be written right now."))
        return None
    open_game = st.session_state.get(GAME)
    if open_game is not None:  # the game open on the Score sheet keeps the new name
        with contextlib.suppress(GameError):
            st.session_state[GAME] = rename_player(open_game, old, done.name)
    return done


def _rename_everywhere(games, names) -> None:
    st.markdown(_("**Rename a player in every game**: every saved game where the name appears (case and spacing "
                  "aside), in one go"))
    c1, c2 = st.columns(2)
    old = c1.selectbox(_("Name to change"), names, key="season_re_player")
    new = c2.text_input(_("Change it to"), max_chars=PLAYER_NAME_MAX + 20, key="season_re_name",
                        help=_("At most {n} characters").format(n=PLAYER_NAME_MAX))
    if st.button(_("Rename in every game"), icon=":material/badge:", key="season_re_go"):
        done = _across(old, new)
        if done is not None:
            st.session_state[FLASH] = _said(_("{old} is now {new}").format(old=plain(old), new=plain(done.name)),
                                            done.games)
            st.rerun()


def _merge(games, names) -> None:
    st.markdown(_("**Merge two players**: two spellings of one person (“Eve” and “Ève”) become one player in "
                  "every game. Refused when both names play in the same game."))
    c1, c2 = st.columns(2)
    old = c1.selectbox(_("Merge"), names, key="season_mg_from")
    into = c2.selectbox(_("into"), names, index=min(1, len(names) - 1), key="season_mg_into")
    if st.button(_("Merge the two players"), icon=":material/merge:", key="season_mg_go"):
        if player_key(old) == player_key(into):
            st.error(_("Choose two different players: a player cannot be merged into themselves."))
            return
        done = _across(old, into)
        if done is not None:
            st.session_state[FLASH] = _said(_("{old} and {into} are now one player, {name}").format(
                old=plain(old), into=plain(into), name=plain(done.name)), done.games)
            st.rerun()


def _said(what: str, games: tuple[str, ...]) -> str:
    if not games:
        return _("{what}: no game needed a change.").format(what=what)
    return ngettext("{what} (changed in {n} game: {games}).", "{what} (changed in {n} games: {games}).",
                    len(games)).format(what=what, n=len(games), games=", ".join(f"“{plain(g)}”" for g in games))
