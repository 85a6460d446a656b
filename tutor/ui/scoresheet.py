"""The Score sheet page (feuille de marque): keep score of a club game, deal by deal.

Everything is scored by ``tutor.club`` (the engine underneath); this page only collects entries and
shows the sheet. The game lives in the session as an immutable ``Game`` and is saved to the database
after every change (``ClubStore``, all or nothing). A refused entry changes nothing and says which
field is wrong. Views (kept in the URL, ``?view=games``) so only the one on screen is computed.
"""

from __future__ import annotations

from datetime import datetime

import streamlit as st

from ..club import CsvError, EntryError, Game, GameError, from_csv, to_csv
from ..engine import CHELEM_BONUS, Contract
from ..progress.club_store import ClubStore
from . import learner as lr
from .safe import plain, query_choice
from .widgets import download

VIEWS = {"sheet": "Sheet", "games": "Games", "print": "Blank sheet"}
GAME, GAME_ID, NAME, EDITING, FLASH = "club_game", "club_game_id", "club_name", "club_editing", "club_flash"
UNDO = "club_undo"  # (game before, deal number): the last deal deleted, until the next change
CONFIRM = "club_confirm_delete"  # id of the saved game whose Delete was pressed once
ALONE = "— alone (own king)"
SIDES = {None: "—", "attack": "attack (attaque)", "defence": "defence (défense)"}
CHELEMS = {None: "—", **{c: c.replace("_", " ") for c in CHELEM_BONUS}}
CONTRACTS = {c.value: c.value.replace("_", " ") for c in Contract}
FORM = ("taker", "partner", "contract", "points", "oudlers", "petit_au_bout", "poignees", "chelem")
EMPTY_FORM = {"points": "", "poignees": ""}  # the text boxes; every other field is None, nothing chosen


def render() -> None:
    st.title("Score sheet")
    st.caption("Keep score of a club game (feuille de marque): every deal scored by the FFT rules.")
    _not_saving_notice()
    _pending()
    st.session_state.setdefault("club_view", query_choice("view", VIEWS, "sheet"))
    view = st.segmented_control("View", list(VIEWS), format_func=VIEWS.get, key="club_view",
                                label_visibility="collapsed") or "sheet"
    if st.session_state.get(GAME) is None and view == "sheet":
        st.caption("No game open: start a new one or open a saved one.")
        view = "games"
    {"sheet": render_sheet, "games": render_games, "print": render_blank}[view]()


def _pending() -> None:
    """Apply what the last run asked for: widgets can only be changed before they are drawn."""
    goto = st.session_state.pop("club_goto", None)
    if goto:
        st.session_state["club_view"] = goto
    if st.session_state.pop("club_clear", False):
        # Assigned, not deleted: only a value set here is sent to the browser, which otherwise keeps its own.
        st.session_state.update({f"club_{key}": EMPTY_FORM.get(key) for key in FORM})


# -- saving --------------------------------------------------------------------------------------

def _not_saving_notice() -> None:
    problem = st.session_state.get(lr.DOWN)
    if problem:
        st.warning(f"**Games are not being saved.** {problem} The sheet on screen keeps working.", icon="⚠️")
        if st.button("Try again", key="club_retry"):
            lr.retry()
            st.rerun()


def _save(game: Game, name: str) -> None:
    """Keep ``game`` in the session and write it to the database (when the database works).
    Any change ends the chance to undo a deletion: the undo would lose it."""
    st.session_state.pop(UNDO, None)
    st.session_state[GAME], st.session_state[NAME] = game, name
    gid = lr.guarded(lambda s: ClubStore(s).save(game, name, st.session_state.get(GAME_ID)), write=True)
    if gid is not None:
        st.session_state[GAME_ID] = gid


def _open() -> None:
    gid = st.session_state.get("club_saved")  # read at click time: the list may have changed since it was drawn
    try:
        saved = lr.guarded(lambda s: ClubStore(s).load(gid))
    except EntryError as err:
        st.session_state[FLASH] = ("error", f"This saved game has a deal the rules refuse: {plain(err)}")
        return
    if saved is None:
        st.session_state[FLASH] = ("error", "That game is no longer saved.")
        return
    st.session_state.update({GAME: saved.game, GAME_ID: saved.id, NAME: saved.name, EDITING: None,
                             "club_goto": "sheet", "club_clear": True})


def _flash() -> None:
    kind, text = st.session_state.pop(FLASH, (None, ""))
    if kind:
        getattr(st, kind)(text)


# -- the sheet -----------------------------------------------------------------------------------

def render_sheet() -> None:
    game: Game = st.session_state[GAME]
    sheet = game.sheet()
    st.subheader(plain(st.session_state.get(NAME, "Game")))
    _flash()
    _offer_undo()
    _deal_form(game)
    if not sheet.rows:
        st.info("No deal yet: enter the first one above.")
        return
    last = sheet.rows[-1]
    _breakdown(sheet.players, last)
    st.markdown("**The sheet** — each deal's scores, and the running totals (Σ)")
    st.dataframe(_table(sheet), hide_index=True, width="stretch")
    bad = sheet.unbalanced()
    if bad:
        st.error(f"Rows {', '.join(map(str, bad))} do not sum to zero.")
    else:
        st.caption("✓ Every row sums to zero.")
    _chart(sheet)
    _edit_delete(game)
    download(st, "Download the sheet (CSV)", to_csv(game), file_name=_file_name("csv"), mime="text/csv",
             key="club_csv_out", icon=":material/download:")


def _deal_form(game: Game) -> None:
    editing = st.session_state.get(EDITING)
    number = editing or len(game.deals) + 1
    players = list(game.players)
    with st.form("club_deal", border=True):  # cleared by hand after a save: a refused entry keeps what was typed
        st.markdown(f"**{'Edit deal' if editing else 'Deal'} {number}**")
        c1, c2 = st.columns(2)
        c1.selectbox("Taker (preneur)", players, index=None, placeholder="Who took?", key="club_taker")
        if len(players) == 5:
            c2.selectbox("Called partner (appelé)", [*players, ALONE], index=None, placeholder="Who was called?",
                         key="club_partner")
        c2.selectbox("Contract", list(CONTRACTS), format_func=CONTRACTS.get, index=None, placeholder="Which bid?",
                     key="club_contract")
        c1, c2 = st.columns(2)
        c1.text_input("Points (attack)", placeholder="e.g. 49 or 40.5", key="club_points")
        c2.segmented_control("Oudlers (bouts)", [0, 1, 2, 3], key="club_oudlers")
        with st.expander("Petit au bout, poignées, chelem"):
            st.segmented_control("Petit au bout", list(SIDES)[1:], format_func=SIDES.get, key="club_petit_au_bout")
            st.text_input("Poignées", placeholder="simple, double, triple or trumps shown, e.g. “simple 13”",
                          key="club_poignees")
            st.selectbox("Chelem", list(CHELEMS), format_func=CHELEMS.get, key="club_chelem")
        label = f"Save deal {number}" if editing else "Add deal"
        if st.form_submit_button(label, type="primary", width="stretch"):
            _submit(game, editing)
    if editing and st.button("Cancel the edit", key="club_cancel"):
        st.session_state.update({EDITING: None, "club_clear": True})
        st.rerun()


def _fields() -> dict:
    """What the form holds, as ``tutor.club`` fields (its parser does the checking)."""
    ss = st.session_state
    partner = ss.get("club_partner")
    return {"taker": ss.get("club_taker"), "contract": ss.get("club_contract"), "points": ss.get("club_points"),
            "oudlers": ss.get("club_oudlers"), "petit_au_bout": ss.get("club_petit_au_bout"),
            "poignees": ss.get("club_poignees") or "", "chelem": ss.get("club_chelem"),
            "partner": None if partner in (None, ALONE) else partner,
            "alone": partner == ALONE}


def _submit(game: Game, editing: int | None) -> None:
    fields = _fields()
    if len(game.players) == 5 and st.session_state.get("club_partner") is None:
        st.error("**partner**: choose the called partner, or “alone” when the taker called their own king.")
        return
    try:
        new = game.replace(editing, fields) if editing else game.add(fields)
    except EntryError as err:
        st.error("Not saved, nothing changed:\n\n" + "\n".join(f"- **{f}**: {plain(m)}" for f, m in err.problems))
        return
    _save(new, st.session_state.get(NAME, "Game"))
    st.session_state.update({EDITING: None, "club_clear": True})
    st.session_state[FLASH] = ("success", f"Deal {editing or len(new.deals)} saved.")
    st.rerun()


def _breakdown(players, row) -> None:
    with st.container(border=True):
        e, s = row.entry, row.score
        result = "made" if s.won else "failed"
        st.markdown(f"**Deal {row.number}**: {plain(e.taker)} · {CONTRACTS[e.contract.value]} · {e.points:g} points "
                    f"with {e.oudlers} oudler(s) · {result} by {s.margin}")
        st.markdown("\n".join(f"- {step.text}" for step in s.steps))
        st.markdown(" · ".join(f"{plain(p)} **{v:+d}**" for p, v in zip(players, row.scores)))


def _table(sheet) -> list[dict]:
    """One row per deal: the players' scores and totals first (what a phone shows without scrolling), then the entry."""
    rows = []
    for r in sheet.rows:
        e = r.entry
        row: dict = {"#": r.number}
        for p, score, total in zip(sheet.players, r.scores, r.totals):
            row[p] = score
            row[f"{p} Σ"] = total
        row["sum 0"] = "✓" if r.balanced else "✗"
        row.update({"taker": e.taker, "contract": CONTRACTS[e.contract.value], "points": f"{e.points:g}",
                    "oudlers": e.oudlers})
        if len(sheet.players) == 5:
            row["partner"] = "alone" if e.alone else (e.partner or "")
        row["extras"] = " ".join(x for x in (e.petit_au_bout and f"petit:{e.petit_au_bout}",
                                             " ".join(e.poignees), e.chelem and f"chelem:{e.chelem}") if x)
        rows.append(row)
    return rows


def _chart(sheet) -> None:
    # A hand-written Vega-Lite spec: st.line_chart would run altair's schema checks on every rerun.
    values = [{"deal": 0, "player": p, "total": 0} for p in sheet.players]
    values += [{"deal": r.number, "player": p, "total": t} for r in sheet.rows for p, t in zip(sheet.players, r.totals)]
    st.vega_lite_chart({
        "data": {"values": values}, "height": 220,
        "mark": {"type": "line", "point": True},
        "encoding": {"x": {"field": "deal", "type": "quantitative", "axis": {"tickMinStep": 1}},
                     "y": {"field": "total", "type": "quantitative"},
                     "color": {"field": "player", "type": "nominal", "sort": list(sheet.players)},
                     "tooltip": [{"field": "player"}, {"field": "deal"}, {"field": "total"}]},
    }, width="stretch")


def _edit_delete(game: Game) -> None:
    c1, c2, c3 = st.columns([2, 1, 1], vertical_alignment="bottom")
    number = c1.selectbox("Deal to change", range(len(game.deals), 0, -1), key="club_pick")
    c2.button("Edit", key="club_edit", on_click=_start_edit, args=(game, number), width="stretch")
    if c3.button("Delete", key="club_delete", width="stretch"):
        _save(game.delete(number), st.session_state.get(NAME, "Game"))
        st.session_state.update({EDITING: None, "club_clear": True, UNDO: (game, number)})
        st.session_state[FLASH] = ("success", f"Deal {number} deleted; the deals after it moved up and "
                                              "every total was recomputed.")
        st.rerun()


def _offer_undo() -> None:
    """A deal deleted by mistake comes back with one click, until the next change to the game."""
    undo = st.session_state.get(UNDO)
    if undo and st.button(f"Undo: put deal {undo[1]} back", key="club_undo_btn", icon=":material/undo:"):
        _save(undo[0], st.session_state.get(NAME, "Game"))
        st.session_state[FLASH] = ("success", f"Deal {undo[1]} is back, and every total was recomputed.")
        st.rerun()


def _start_edit(game: Game, number: int) -> None:
    """Fill the form with deal ``number`` (a callback: widget values can only be set before they are drawn)."""
    e = game.deals[number - 1]
    st.session_state.update({
        EDITING: number, "club_taker": e.taker, "club_contract": e.contract.value, "club_points": f"{e.points:g}",
        "club_oudlers": e.oudlers, "club_petit_au_bout": e.petit_au_bout, "club_poignees": " ".join(e.poignees),
        "club_chelem": e.chelem, "club_partner": ALONE if e.alone else e.partner})


def _file_name(ext: str) -> str:
    name = "".join(c if c.isalnum() else "-" for c in st.session_state.get(NAME, "game")).strip("-") or "game"
    return f"tarot-{name.lower()}.{ext}"


# -- games: new, open, import --------------------------------------------------------------------

def render_games() -> None:
    _flash()
    with st.form("club_new", border=True):
        st.markdown("**New game**: 3, 4 or 5 players, in seat order (leave the last names empty for fewer)")
        st.text_input("Name of the game", value=f"Club night {datetime.now():%Y-%m-%d}", key="club_new_name")
        cols = st.columns(5)
        for i, col in enumerate(cols):
            col.text_input(f"Player {i + 1}", key=f"club_new_p{i}")
        if st.form_submit_button("Start the game", type="primary"):
            names = [st.session_state.get(f"club_new_p{i}", "").strip() for i in range(5)]
            _start([n for n in names if n], st.session_state.get("club_new_name", ""))
    _saved_games()
    _import()


def _start(names: list[str], name: str) -> None:
    try:
        game = Game.new(names)
    except GameError as err:
        st.error(f"**players**: {plain(err)}")
        return
    name = " ".join(name.split()) or "Club night"
    st.session_state.update({GAME_ID: None, EDITING: None})
    _save(game, name)
    st.session_state.update({"club_goto": "sheet", "club_clear": True})
    st.rerun()


def _saved_games() -> None:
    games = lr.guarded(lambda s: ClubStore(s).games(), default=[])
    st.markdown("**Saved games**")
    if not games:
        st.caption("No saved game yet.")
        return
    labels = {g.id: f"{g.name} · {', '.join(g.players)} · {g.deals} deal(s) · {g.updated_at:%Y-%m-%d %H:%M} UTC"
              for g in games}
    c1, c2, c3 = st.columns([4, 1, 1], vertical_alignment="bottom")
    gid = c1.selectbox("Game", list(labels), format_func=labels.get, key="club_saved")
    c2.button("Open", key="club_open", on_click=_open, width="stretch", type="primary")
    if c3.button("Delete", key="club_delete_game", width="stretch"):
        st.session_state[CONFIRM] = gid
    if st.session_state.get(CONFIRM) == gid:  # a game is gone for everyone on this database: ask first
        _confirm_delete(gid, labels[gid])


def _confirm_delete(gid: int, label: str) -> None:
    with st.container(border=True):
        st.warning(f"Delete **{plain(label)}** for everyone who uses this database? This cannot be undone.")
        yes, no = st.columns(2)
        if yes.button("Yes, delete it", key="club_delete_yes", type="primary", width="stretch"):
            lr.guarded(lambda s: ClubStore(s).delete(gid), write=True)
            if st.session_state.get(GAME_ID) == gid:
                st.session_state.update({GAME: None, GAME_ID: None})
            st.session_state.pop(CONFIRM, None)
            st.session_state[FLASH] = ("success", "Game deleted.")
            st.rerun()
        if no.button("Keep it", key="club_delete_no", width="stretch"):
            st.session_state.pop(CONFIRM, None)
            st.rerun()


def _import() -> None:
    with st.form("club_import", border=True, clear_on_submit=True):
        st.markdown("**Import a sheet (CSV)**, in the format of the README and of the CSV download")
        upload = st.file_uploader("CSV file", type=["csv", "txt"], key="club_csv_in")
        if st.form_submit_button("Import as a new game"):
            if upload is None:
                st.error("Choose a CSV file first.")
                return
            _import_csv(upload.getvalue(), upload.name)


def _import_csv(data: bytes, filename: str) -> None:
    try:
        game = from_csv(data.decode("utf-8-sig"), source=filename)
    except UnicodeDecodeError:
        st.error(f"{plain(filename)} is not a UTF-8 text file: save it from the spreadsheet as CSV UTF-8.")
        return
    except (CsvError, GameError) as err:
        lines = err.lines() if isinstance(err, CsvError) else [str(err)]
        st.error("Not imported, nothing saved:\n\n" + "\n".join(f"- {plain(line)}" for line in lines))
        return
    st.session_state.update({GAME_ID: None, EDITING: None})
    _save(game, filename.rsplit(".", 1)[0] or "Imported game")
    st.session_state[FLASH] = ("success", f"Imported {len(game.deals)} deal(s) from {plain(filename)}.")
    st.session_state.update({"club_goto": "sheet", "club_clear": True})
    st.rerun()


# -- printing --------------------------------------------------------------------------------------

def render_blank() -> None:
    from .worksheets import blank_sheet_download
    game = st.session_state.get(GAME)
    blank_sheet_download(game.players if game else ())

