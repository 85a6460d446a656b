"""The Score sheet page (feuille de marque): keep score of a club game, deal by deal.

Everything is scored by ``tutor.club`` (the engine underneath); this page only collects entries and
shows the sheet. The game lives in the session as an immutable ``Game`` and is saved to the database
after every change (``ClubStore``, all or nothing). A refused entry changes nothing and says which
field is wrong. Views (kept in the URL, ``?view=games``) so only the one on screen is computed.

Two devices on one game (a phone entering deals, a laptop projecting the sheet): the open game is in
the address (``?game=ID``); a new deal is appended to the stored game, an edit or delete carries the
version the sheet on screen was read at and is refused when another device changed the game since;
and the sheet looks for such changes every few seconds (``_watch``, a fragment), so it follows them.
"""

from __future__ import annotations

from datetime import datetime

import streamlit as st

from ...club import (
    CsvError,
    EntryError,
    Game,
    GameError,
    dealer,
    field_words,
    first_dealer_for,
    read_csv,
    standings,
    to_csv,
)
from ...club.entry import colon
from ...engine import CHELEM_BONUS
from ...i18n import N_, _, language, ngettext
from ...i18n.typography import signed
from ...limits import CLUB_TABLE_FIX_MINUTES
from ...progress.club_store import ClubStore, clean_game_name, name_from_file
from ..common import learner as lr
from ..common.safe import plain, query_choice
from ..common.widgets import blank_sheet_download, download
from . import organiser
from .scoresheet_view import CONTRACTS, PALETTE, breakdown, chart, chart_spec, whole_sheet  # noqa: F401 (tests)
from .sheet_saving import (
    EDIT_GONE,
    EDIT_VERSION,
    EDITING,
    FIRST_DEALER,
    FLASH,
    FOLLOWED,
    GAME,
    GAME_ID,
    NAME,
    UNDO,
    VERSION,
    _commit,
    _flash,
    _from_address,
    _not_saving_notice,
    _open,
    _reload,
    _save,
    _watch,
    end_edit,
)

VIEWS = {"sheet": N_("Sheet"), "games": N_("Games"), "print": N_("Blank sheet")}
CONFIRM = "club_confirm_delete"  # id of the saved game whose Delete was pressed once
ALONE = N_("— alone (own king)")  # an option value: shown through _()
SIDES = {None: "—", "attack": N_("attack (attaque)"), "defence": N_("defence (défense)")}
# "" for no chelem, not None: a select box holding None shows Streamlit's "Choose an option" instead of "—".
CHELEMS = {"": "—", **{c: c.replace("_", " ") for c in CHELEM_BONUS}}
CHELEM_WORDS = {"announced made": N_("announced made"), "made": N_("made"), "announced failed": N_("announced failed"),
                "defence": N_("defence")}  # the chelem outcomes, as the form lists them
FORM = ("taker", "partner", "contract", "points", "oudlers", "petit_au_bout", "poignees", "chelem")
EMPTY_FORM = {"points": "", "poignees": "", "chelem": ""}  # the text boxes and "no chelem"; the rest None
def render() -> None:
    followed = st.session_state.pop(FOLLOWED, False)  # this run shows another device's change (``_watch``)
    st.title(_("Score sheet"))
    st.caption(_("Keep score of a club game (feuille de marque): every deal scored by the FFT rules."))
    organiser.hand_cookie()
    _not_saving_notice()
    _from_address()
    _pending()
    st.session_state.setdefault("club_view", query_choice("view", VIEWS, "sheet"))
    view = st.segmented_control(_("View"), list(VIEWS), format_func=lambda v: _(VIEWS[v]), key="club_view",
                                label_visibility="collapsed") or "sheet"
    if st.session_state.get(GAME) is None and view == "sheet":
        st.caption(_("No game open: start a new one or open a saved one."))
        view = "games"
    else:
        _view_in_address(view)
    {"sheet": lambda: render_sheet(followed), "games": render_games, "print": render_blank}[view]()


def _view_in_address(view: str) -> None:
    """The address names the view on screen: ``?view=games`` for the list, nothing for the sheet (its address is
    the game's, ``?game=ID``). Written only when it changes: each write is sent to the browser."""
    if view == "sheet":
        if "view" in st.query_params:
            st.query_params.pop("view")
    elif st.query_params.get("view") != view:
        st.query_params["view"] = view


def _pending() -> None:
    """Apply what the last run asked for: widgets can only be changed before they are drawn."""
    goto = st.session_state.pop("club_goto", None)
    if goto:
        st.session_state["club_view"] = goto
    pick = st.session_state.pop("club_pick_last", None)
    if pick:
        st.session_state["club_pick"] = pick
    if "club_dealer_last" in st.session_state:  # the dealer box starts on who deals next
        st.session_state["club_next_dealer"] = st.session_state.pop("club_dealer_last")
    if st.session_state.pop("club_clear", False):
        # Assigned, not deleted: only a value set here is sent to the browser, which otherwise keeps its own.
        st.session_state.update({f"club_{key}": EMPTY_FORM.get(key) for key in FORM})


# -- the sheet -----------------------------------------------------------------------------------

def render_sheet(followed: bool = False) -> None:
    game: Game = st.session_state[GAME]
    sheet = game.sheet()
    st.subheader(plain(st.session_state.get(NAME, _("Game"))))
    _flash(followed)
    _offer_undo()
    _standings(game, sheet)
    _deal_form(game)
    if sheet.rows:
        breakdown(sheet.players, sheet.rows[-1])
        whole_sheet(sheet)
        chart(sheet)
        _edit_delete(game)
        _downloads(game)
    else:
        st.info(_("No deal yet: enter the first one above."))
    _watch()


def _standings(game: Game, sheet) -> None:
    """The ranking (place, name, total) and who deals next, above everything: what a table asks for."""
    played = len(game.deals)
    if played:
        st.markdown("**" + ngettext("Standings after {n} deal", "Standings after {n} deals", played).format(n=played)
                    + "**\n\n" + "| {} | {} | {} |\n|---:|:---|---:|\n".format(_("Place"), _("Player"), _("Total"))
                    + "\n".join(f"| {s.place} | {plain(s.name)} | {signed(s.total)} |"
                                 for s in standings(sheet.players, sheet.totals)))
    first = st.session_state.get(FIRST_DEALER) or 0
    c1, c2 = st.columns([3, 1], vertical_alignment="center")
    c1.markdown(_("Deals next (deal {n}): **{name}**").format(n=played + 1, name=plain(dealer(game.players, first,
                                                                                               played + 1))))
    with c2.popover(_("Change"), icon=":material/swap_horiz:", help=_("Who deals next, e.g. after a deal "
                    "everyone passed (it is not on the sheet, but the deal still moves on)")):
        seat = st.selectbox(_("Who deals next?"), range(len(game.players)), format_func=lambda i: game.players[i],
                            key="club_next_dealer")
        if st.button(_("Set the dealer"), key="club_set_dealer"):
            _set_dealer(game, seat)


def _set_dealer(game: Game, seat: int) -> None:
    st.session_state[FIRST_DEALER] = first_dealer_for(len(game.players), seat, len(game.deals))
    gid = st.session_state.get(GAME_ID)
    if _commit(game, lambda clubs: clubs.set_next_dealer(gid, seat)):
        st.session_state[FLASH] = ("success", _("{name} deals next.").format(name=plain(game.players[seat])))
    st.rerun()


def _deal_form(game: Game) -> None:
    editing = st.session_state.get(EDITING)
    number = editing or len(game.deals) + 1
    players = list(game.players)
    with st.form("club_deal", border=True):  # cleared by hand after a save: a refused entry keeps what was typed
        st.markdown("**" + (_("Edit deal {n}") if editing else _("Deal {n}")).format(n=number) + "**")
        c1, c2 = st.columns(2)
        c1.selectbox(_("Taker (preneur)"), players, index=None, placeholder=_("Who took?"), key="club_taker")
        if len(players) == 5:
            c2.selectbox(_("Called partner (appelé)"), [*players, ALONE], index=None, placeholder=_("Who was called?"),
                         format_func=lambda p: _(ALONE) if p == ALONE else p, key="club_partner")
        c2.selectbox(_("Contract"), list(CONTRACTS), format_func=CONTRACTS.get, index=None, placeholder=_("Which bid?"),
                     key="club_contract")
        c1, c2 = st.columns(2)
        c1.text_input(_("Points (attack)"), placeholder=_("e.g. 49 or 40.5"), key="club_points")
        c2.segmented_control(_("Oudlers (bouts)"), [0, 1, 2, 3], key="club_oudlers")
        with st.expander(_("Petit au bout, poignées, chelem")):
            st.segmented_control(_("Petit au bout"), list(SIDES)[1:], format_func=lambda s: _(SIDES[s]),
                                 key="club_petit_au_bout")
            st.text_input(_("Poignées"), placeholder=_("simple, double, triple or trumps shown, e.g. “simple 13”"),
                          key="club_poignees")
            st.selectbox(_("Chelem"), list(CHELEMS), format_func=lambda c: _(CHELEM_WORDS.get(CHELEMS[c], CHELEMS[c])),
                         key="club_chelem")
        label = _("Save deal {n}").format(n=number) if editing else _("Add deal")
        if st.form_submit_button(label, type="primary", width="stretch"):
            _submit(game, editing)
    if editing and st.button(_("Cancel the edit"), key="club_cancel"):
        st.session_state.update({EDITING: None, "club_clear": True})
        st.rerun()


def _fields() -> dict:
    """What the form holds, as ``tutor.club`` fields (its parser does the checking)."""
    ss = st.session_state
    partner = ss.get("club_partner")
    return {"taker": ss.get("club_taker"), "contract": ss.get("club_contract"), "points": ss.get("club_points"),
            "oudlers": ss.get("club_oudlers"), "petit_au_bout": ss.get("club_petit_au_bout"),
            "poignees": ss.get("club_poignees") or "", "chelem": ss.get("club_chelem") or None,
            "partner": None if partner in (None, ALONE) else partner,
            "alone": partner == ALONE}


def _submit(game: Game, editing: int | None) -> None:
    fields = _fields()
    ss = st.session_state
    if len(game.players) == 5 and ss.get("club_partner") is None:
        st.error(_("**Partner**: choose the called partner, or “alone” when the taker called their own king."))
        return
    if editing and editing > len(game.deals):  # deleted on another device since the form opened
        _reload(mine=False)
        end_edit(_(EDIT_GONE).format(n=editing))
        st.rerun()
    try:
        new = game.replace(editing, fields) if editing else game.add(fields)
    except EntryError as err:
        st.error(_("Not saved, nothing changed:") + "\n\n" + "\n".join("- " + colon(f"**{_named(f)}**", plain(m))
                                                                 for f, m in err.problems))
        return
    gid = ss.get(GAME_ID)
    if editing and not _may_change(editing):  # the window closed while the form was open
        st.error(_("Not saved: deal {n} was entered more than {minutes} minutes ago, and on this shared server "
                   "only the club's organiser can change it now.").format(n=editing, minutes=CLUB_TABLE_FIX_MINUTES))
        return
    if editing:  # checked against the version the deal was read at: refused if the sheet changed since
        version = ss.get(EDIT_VERSION, ss.get(VERSION))
        kept = _commit(new, lambda clubs: clubs.replace_deal(gid, editing, new.deals[editing - 1], version=version))
    else:  # appended to the stored game, after any deal another device added meanwhile
        kept = _commit(new, lambda clubs: clubs.append(gid, new.deals[-1]))
    if kept:
        number = editing or len(ss[GAME].deals)
        others = "" if editing or number == len(new.deals) else (
            _(" Deals {first}–{last} came from another device.").format(first=len(game.deals) + 1, last=number - 1)
            if number - len(game.deals) > 2 else _(" Deal {n} came from another device.").format(n=number - 1))
        ss.update({EDITING: None, "club_clear": True,
                   FLASH: ("success", _("Deal {n} saved.").format(n=number) + others)})
    st.rerun()


def _named(field: str) -> str:
    """A field as a refusal names it: in words, as the form labels it ("Petit au bout", never its code name)."""
    words = field_words(field)
    return words[:1].upper() + words[1:]


def _may_change(number: int) -> bool:
    """On a shared server, a deal may be corrected or deleted by the table for a few minutes after it was
    entered (``CLUB_TABLE_FIX_MINUTES``), and after that by the organiser only; elsewhere, always."""
    gid = st.session_state.get(GAME_ID)
    if gid is None or not organiser.needed() or organiser.signed_in():
        return True
    entered = lr.guarded(lambda s: ClubStore(s).entered(gid), default={})
    return organiser.recent(entered.get(number))


def _edit_delete(game: Game) -> None:
    c1, c2, c3 = st.columns([2, 1, 1], vertical_alignment="bottom")
    number = c1.selectbox(_("Deal to change"), range(len(game.deals), 0, -1), key="club_pick")
    allowed = _may_change(number)
    c2.button(_("Edit"), key="club_edit", on_click=_start_edit, args=(game,), width="stretch", disabled=not allowed)
    if not allowed:
        organiser.sign_in_form(_("change or delete a deal entered more than {minutes} minutes ago (deal {n})").format(
            minutes=CLUB_TABLE_FIX_MINUTES, n=number), "deal")
    if c3.button(_("Delete"), key="club_delete", width="stretch", disabled=not allowed) and _may_change(number):
        gid, version = st.session_state.get(GAME_ID), st.session_state.get(VERSION)
        if _commit(game.delete(number), lambda clubs: clubs.delete_deal(gid, number, version=version)):
            st.session_state.update({EDITING: None, "club_clear": True, UNDO: (game, number)})
            st.session_state[FLASH] = ("success", _("Deal {n} deleted; the deals after it moved up and every total "
                                                    "was recomputed.").format(n=number))
        st.rerun()


def _offer_undo() -> None:
    """A deal deleted by mistake comes back with one click, until the next change to the game."""
    undo = st.session_state.get(UNDO)
    if undo and st.button(_("Undo: put deal {n} back").format(n=undo[1]), key="club_undo_btn", icon=":material/undo:"):
        if _save(undo[0], st.session_state.get(NAME, _("Game"))):
            st.session_state[FLASH] = ("success", _("Deal {n} is back, and every total was recomputed.").format(
                n=undo[1]))
        st.rerun()


def _start_edit(game: Game) -> None:
    """Fill the form with the picked deal (a callback: widget values can only be set before they are
    drawn; the pick is read now, at click time, not when the button was drawn)."""
    number = st.session_state.get("club_pick")
    if not number or number > len(game.deals) or not _may_change(number):
        return
    e = game.deals[number - 1]
    st.session_state.update({
        EDITING: number, EDIT_VERSION: st.session_state.get(VERSION),
        "club_taker": e.taker, "club_contract": e.contract.value, "club_points": f"{e.points:g}",
        "club_oudlers": e.oudlers, "club_petit_au_bout": e.petit_au_bout, "club_poignees": " ".join(e.poignees),
        "club_chelem": e.chelem or "", "club_partner": ALONE if e.alone else e.partner})


def _file_name(ext: str, suffix: str = "") -> str:
    name = "".join(c if c.isalnum() else "-" for c in st.session_state.get(NAME, "game")).strip("-") or "game"
    return f"tarot-{name.lower()}{suffix}.{ext}"


def _downloads(game: Game) -> None:
    """The sheet as CSV, twice: the documented English columns, and the French export (``;``, French words,
    a byte-order mark) that French Excel opens in columns. Both carry the game's name and first dealer, so
    importing either gives the whole game back."""
    ss = st.session_state
    name, first = ss.get(NAME, _("Game")), ss.get(FIRST_DEALER) or 0
    c1, c2 = st.columns(2)
    if language() == "fr":  # the French export first: the one a French club opens in Excel
        download(c1, _("Download the sheet (CSV)"), to_csv(game, name, first, french=True),
                 file_name=_file_name("csv"), mime="text/csv", key="club_csv_fr", icon=":material/download:",
                 help=_("French headers and words (Preneur, Garde sans le chien), columns separated by “;”, accents "
                        "kept: French Excel opens it in columns. It imports back like the other one."))
        download(c2, _("Download the sheet in English (CSV)"), to_csv(game, name, first),
                 file_name=_file_name("csv", "-en"), mime="text/csv", key="club_csv_out", icon=":material/download:",
                 help=_("The documented English columns, separated by commas. It imports back like the other one."))
        return
    download(c1, "Download the sheet (CSV)", to_csv(game, name, first), file_name=_file_name("csv"),
             mime="text/csv", key="club_csv_out", icon=":material/download:")
    download(c2, "Download for French Excel (CSV en français)", to_csv(game, name, first, french=True),
             file_name=_file_name("csv", "-fr"), mime="text/csv", key="club_csv_fr", icon=":material/download:",
             help="French headers and words (Preneur, Garde sans le chien), columns separated by “;”, accents "
                  "kept: French Excel opens it in columns. It imports back like the other one.")


# -- games: new, open, import --------------------------------------------------------------------

def render_games() -> None:
    _flash()
    with st.form("club_new", border=True):
        st.markdown(_("**New game**: 3, 4 or 5 players, in seat order (leave the last names empty for fewer)"))
        st.text_input(_("Name of the game"), value=_("Club night {day}").format(day=f"{datetime.now():%Y-%m-%d}"),
                      key="club_new_name")
        cols = st.columns(5)
        for i, col in enumerate(cols):
            col.text_input(_("Player {n}").format(n=i + 1), key=f"club_new_p{i}")
        st.selectbox(_("Who deals first"), range(5), format_func=lambda i: _("Player {n}").format(n=i + 1),
                     key="club_new_dealer")
        if st.form_submit_button(_("Start the game"), type="primary"):
            names = [st.session_state.get(f"club_new_p{i}", "").strip() for i in range(5)]
            _start([n for n in names if n], st.session_state.get("club_new_name", ""),
                   st.session_state.get("club_new_dealer") or 0)
    _saved_games()
    _import()
    if organiser.needed():
        st.caption(_("Shared server: anyone can start a game and add deals; the table can correct a deal for "
                     "{minutes} minutes after entering it. Deleting a game, older corrections and renaming (on "
                     "Seasons) need the club's organiser.").format(minutes=CLUB_TABLE_FIX_MINUTES))
        organiser.sign_out_button("club_organiser_out")


def _start(names: list[str], name: str, first_dealer: int = 0) -> None:
    try:
        game = Game.new(names)
    except GameError as err:
        st.error(_("**Players**: {problem}").format(problem=plain(err)))
        return
    if first_dealer >= len(names):
        st.error(_("**Who deals first**: there are {n} players; choose one of players 1 to {n}.").format(n=len(names)))
        return
    name = " ".join(name.split()) or _("Club night")
    st.session_state.update({GAME_ID: None, VERSION: None, FIRST_DEALER: first_dealer, EDITING: None})
    _save(game, name)
    st.session_state.update({"club_goto": "sheet", "club_clear": True})
    st.rerun()


def _saved_games() -> None:
    games = lr.guarded(lambda s: ClubStore(s).games(), default=[])
    st.markdown(_("**Saved games**"))
    if not games:
        st.caption(_("No saved game yet."))
        return
    labels = {g.id: f"{g.name} · {', '.join(g.players)} · "
              + ngettext("{n} deal", "{n} deals", g.deals).format(n=g.deals) + f" · {g.updated_at:%Y-%m-%d %H:%M} UTC"
              for g in games}
    c1, c2, c3 = st.columns([4, 1, 1], vertical_alignment="bottom")
    gid = c1.selectbox(_("Game"), list(labels), format_func=labels.get, key="club_saved")
    c2.button(_("Open"), key="club_open", on_click=_open, width="stretch", type="primary")
    if c3.button(_("Delete"), key="club_delete_game", width="stretch"):
        st.session_state[CONFIRM] = gid
    if st.session_state.get(CONFIRM) == gid:  # a game is gone for everyone on this database: ask first
        _confirm_delete(gid, labels[gid])


def _confirm_delete(gid: int, label: str) -> None:
    with st.container(border=True):
        if not organiser.signed_in():
            organiser.sign_in_form(_("delete a game"), "delete_game")
            if st.button(_("Keep it"), key="club_delete_no"):
                st.session_state.pop(CONFIRM, None)
                st.rerun()
            return
        st.warning(_("Delete **{game}** for everyone who uses this database? This cannot be undone.").format(
            game=plain(label)))
        yes, no = st.columns(2)
        if yes.button(_("Yes, delete it"), key="club_delete_yes", type="primary", width="stretch"):
            lr.guarded(lambda s: ClubStore(s).delete(gid), write=True)
            if st.session_state.get(GAME_ID) == gid:
                st.session_state.update({GAME: None, GAME_ID: None, VERSION: None})
                st.query_params.pop("game", None)
            st.session_state.pop(CONFIRM, None)
            st.session_state[FLASH] = ("success", _("Game deleted."))
            st.rerun()
        if no.button(_("Keep it"), key="club_delete_no", width="stretch"):
            st.session_state.pop(CONFIRM, None)
            st.rerun()


def _import() -> None:
    with st.form("club_import", border=True, clear_on_submit=True):
        st.markdown(_("**Import a sheet (CSV)**, in the format of the README and of either CSV download"))
        upload = st.file_uploader(_("CSV file"), type=["csv", "txt"], key="club_csv_in")
        if st.form_submit_button(_("Import as a new game")):
            if upload is None:
                st.error(_("Choose a CSV file first."))
                return
            _import_csv(upload.getvalue(), upload.name)


def _import_csv(data: bytes, filename: str) -> None:
    try:
        game, name, first_dealer = read_csv(data.decode("utf-8-sig"), source=filename)
    except UnicodeDecodeError:
        st.error(_("{file} is not a UTF-8 text file: save it from the spreadsheet as CSV UTF-8.").format(
            file=plain(filename)))
        return
    except (CsvError, GameError) as err:
        lines = err.lines() if isinstance(err, CsvError) else [str(err)]
        st.error(_("Not imported, nothing saved:") + "\n\n" + "\n".join(f"- {plain(line)}" for line in lines))
        return
    try:  # the name the file keeps (our export writes it), else its file name
        name = clean_game_name(name) if name else name_from_file(filename)
    except ValueError:
        name = name_from_file(filename)
    st.session_state.update({GAME_ID: None, VERSION: None, FIRST_DEALER: first_dealer or 0, EDITING: None})
    _save(game, name)
    st.session_state[FLASH] = ("success", ngettext("Imported {n} deal from {file}.", "Imported {n} deals from {file}.",
                                                   len(game.deals)).format(n=len(game.deals), file=plain(filename)))
    st.session_state.update({"club_goto": "sheet", "club_clear": True})
    st.rerun()


# -- printing --------------------------------------------------------------------------------------

def render_blank() -> None:
    game = st.session_state.get(GAME)
    blank_sheet_download(game.players if game else ())
