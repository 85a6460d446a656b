"""The teacher page's "Tables for this class" (issue 36, point 6): the learners who joined the chosen quiz are
seated at tables of 3, 4 or 5, by hand (a choice per seat) or shuffled, and the tables opened at once, hosted by the
teacher (who does not play: every seat is a learner or a bot); in duplicate every table deals the same deals.

Then the dashboard, redrawn by itself every few seconds: each table's deal, phase and whose turn it is, its running
totals, the host's buttons (start, next deal, a bot for a quiet learner); in duplicate the class ranking, which
compares each seat with the same seat at the other tables (it held the same hand); and, on request, any learner's
own review of any finished deal, the same review the table page shows that learner.
"""

from __future__ import annotations

from collections.abc import Sequence

import streamlit as st

from ...classroom import class_sheet
from ...classroom import class_tables as ct_ops
from ...classroom.class_tables import ClassTables
from ...classroom.duplicate_stats import pct
from ...classroom.store import ClassStore, QuizInfo
from ...classroom.table_records import Outcome, Snapshot, TableError
from ...engine import Phase
from ...i18n import N_, _, language, ngettext, number
from ...practice import together
from ...practice.table import Table
from ...progress import StoreError
from ..common.safe import plain
from ..common.text import error_text
from ..common.widgets import download
from ..practice.review import _review

REFRESH = 3  # seconds between two redraws of the tables' dashboard
MSG = "ct_msg"  # session key: the last refusal, said once
REVIEW = "ct_review"  # session key: (table id, deal, seat) of the review on show
FINISHED = "ct_finished"  # session key: the deals finished when the reviews were last drawn
LEVELS = {"beginner": N_("Beginner"), "club": N_("Club")}
PHASES = {Phase.BIDDING: N_("bidding: {who} to speak"), Phase.CALLING: N_("{who} calls a king"),
          Phase.ECART: N_("{who} makes the écart"), Phase.PLAYING: N_("trick {trick}: {who} to play")}


def section(cs: ClassStore, quiz: QuizInfo) -> None:
    st.subheader(_("Tables for this class"))
    ct = ClassTables(cs)
    msg = st.session_state.pop(MSG, None)
    if msg:
        st.error(plain(msg))
    try:
        ids = ct.ids(quiz.id)
        if not ids:
            _seating(ct, quiz)
            return
        _dashboard(ct, quiz.id)
        _reviews(ct, quiz.id)
    except StoreError as err:
        st.error(plain(err))


# ---------------------------------------------------------------- seating the class


def _key(t: int, s: int) -> str:
    return f"ct_seat_{t}_{s}"


def _fill(seating: Sequence[Sequence[int | None]]) -> None:
    for t, table in enumerate(seating):
        for s, who in enumerate(table):
            st.session_state[_key(t, s)] = who


def _shuffle(ids: list[int], tables: int, size: int) -> None:
    try:
        _fill(ct_ops.shuffled(ids, tables=tables, size=size))
    except TableError as err:
        st.session_state[MSG] = error_text(err)


def _seating(ct: ClassTables, quiz: QuizInfo) -> None:
    roster = ct.roster(quiz.id)
    if not roster:
        st.caption(_("Nobody has joined this quiz yet: the learners join with its code, then you seat them here at "
                     "tables where they play each other."))
        return
    ids = list(roster)
    st.caption(ngettext("{n} learner has joined this quiz. Seat them at tables of 3, 4 or 5, by hand or shuffled; "
                        "the empty seats are bots. You host the tables from here and do not play.",
                        "{n} learners have joined this quiz. Seat them at tables of 3, 4 or 5, by hand or shuffled; "
                        "the empty seats are bots. You host the tables from here and do not play.",
                        len(ids)).format(n=len(ids)))
    c1, c2 = st.columns(2)
    size = c1.radio(_("Seats at each table"), ct_ops.SIZES, index=1, horizontal=True, key="ct_size")
    tables = int(c2.number_input(_("Tables"), min_value=1, max_value=ct_ops.MAX_TABLES,
                                 value=min(ct_ops.MAX_TABLES, ct_ops.tables_needed(len(ids), size)), key="ct_tables"))
    shape = (tables, size, tuple(ids))
    if st.session_state.get("ct_shape") != shape:  # a new shape: the learners in order, changed by hand below
        st.session_state["ct_shape"] = shape
        if len(ids) <= tables * size:
            _fill(ct_ops.in_order(ids, tables=tables, size=size))
    if len(ids) > tables * size:
        st.warning(_("{n} learners need more than {seats} seats: add a table.").format(n=len(ids), seats=tables * size))
    st.button(_("Shuffle"), key="ct_shuffle", on_click=_shuffle, args=(ids, tables, size),
              help=_("Every learner at a table chosen at random, the tables as even as they go"))
    options = [None, *ids]
    for t in range(tables):
        cols = st.columns(size)
        for s in range(size):
            if st.session_state.get(_key(t, s), None) not in options:
                st.session_state[_key(t, s)] = None
            cols[s].selectbox(_("Table {n}, seat {seat}").format(n=t + 1, seat=s + 1), options, key=_key(t, s),
                              format_func=lambda p: _("Bot") if p is None else roster[p])
    seated = {st.session_state.get(_key(t, s)) for t in range(tables) for s in range(size)} - {None}
    left = [roster[p] for p in ids if p not in seated]
    if left:
        st.caption(_("Not seated: {names}").format(names=", ".join(plain(n) for n in left)))
    d1, d2, d3 = st.columns(3)
    d1.radio(_("Bots in the empty seats"), list(LEVELS), horizontal=True, key="ct_level",
             format_func=lambda k: _(LEVELS[k]), index=1)
    d2.number_input(_("Let a bot stand in for a quiet player after (seconds)"), min_value=10, max_value=3600,
                    value=90, step=10, key="ct_quiet")
    d3.toggle(_("Duplicate"), key="ct_duplicate",
              help=_("Every table plays the same deals in the same order, and the class ranking compares each seat "
                     "with the same seat at the other tables, which held the same hand"))
    st.button(_("Open the tables"), type="primary", key="ct_open", on_click=_open, args=(ct, quiz.id, tables, size))


def _open(ct: ClassTables, quiz_id: int, tables: int, size: int) -> None:
    seating = [[st.session_state.get(_key(t, s)) for s in range(size)] for t in range(tables)]
    try:
        ct.open(quiz_id, seating, level=st.session_state.get("ct_level", "club"),
                duplicate=bool(st.session_state.get("ct_duplicate")),
                quiet_seconds=st.session_state.get("ct_quiet", 90))
    except (TableError, StoreError) as err:
        st.session_state[MSG] = error_text(err)


# ---------------------------------------------------------------- the dashboard


def seat_names(snap: Snapshot) -> list[str]:
    """Each seat's name for the teacher: the learner's, or "Bot" and the seat (from 1)."""
    return [s.name if not s.is_bot else _("Bot, seat {seat}").format(seat=i + 1)
            for i, s in enumerate(snap.state.seats)]


def status(snap: Snapshot) -> str:
    """Where the table is, in words: its deal, and the phase and whose turn it is."""
    names = seat_names(snap)
    deal = _("deal {n}").format(n=len(snap.state.scores) + 1)
    d = snap.deal
    if not snap.started:
        where = _("waiting for you to start it")
    elif d.phase is Phase.CANCELLED:
        where = _("everyone passed: deal the next hand")
    elif d.phase is Phase.DONE:
        where = _("over: deal the next hand")
    else:
        who = names[d.to_act] if d.to_act is not None else "?"
        where = _(PHASES[d.phase]).format(who=plain(who), trick=len(d.tricks) + 1)
    return f"{deal} · {where}"


def _do(fn, *args) -> None:
    try:
        out = fn(*args)
    except (TableError, StoreError) as err:
        st.session_state[MSG] = error_text(err)
        return
    if isinstance(out, Outcome) and not out.ok:
        st.session_state[MSG] = error_text(TableError(out.reason))


def _close(ct: ClassTables, quiz_id: int) -> None:
    if not st.session_state.get("ct_close_sure"):
        st.session_state[MSG] = _("Tick “Yes, close them” first: the tables' deals and scores go with them.")
        return
    _do(ct.close, quiz_id)
    for key in ("ct_close_sure", REVIEW):
        st.session_state.pop(key, None)


def finished_count(snaps: Sequence[Snapshot]) -> int:
    """How many deals the tables have finished: when it grows, the reviews below the dashboard are drawn again."""
    return sum(len(s.history) + (s.started and s.over) for s in snaps)


def _dashboard(ct: ClassTables, quiz_id: int) -> None:
    whole = {"page": True}  # this first run draws the whole page; the board's later runs (its timer) only itself

    @st.fragment(run_every=REFRESH)
    def board() -> None:
        try:
            snaps = ct.tables(quiz_id)
        except StoreError as err:
            st.error(plain(err))
            return
        if not whole.pop("page", False) and (not snaps or finished_count(snaps) != st.session_state.get(FINISHED)):
            st.rerun(scope="app")  # a deal ended (its reviews are below, outside the board) or the tables closed
        if not snaps:
            return
        duplicate = snaps[0].duplicate_seed is not None
        st.caption(_("Duplicate: every table plays the same deals in the same order.") if duplicate else
                   _("Each table deals its own deals."))
        b1, b2 = st.columns(2)
        if any(not s.started for s in snaps):
            b1.button(_("Start every table"), type="primary", key="ct_start_all", on_click=_do,
                      args=(ct.start_all, quiz_id))
        if any(s.started and s.over for s in snaps):
            b2.button(_("Deal the next hand at every finished table"), key="ct_next_all", on_click=_do,
                      args=(ct.next_all, quiz_id))
        unseated = ct.unseated(quiz_id) if any(not s.started for s in snaps) else {}
        for snap in snaps:
            _table_box(ct, quiz_id, snap, unseated)
        if duplicate:
            _ranking(snaps)
    board()
    french = language() == "fr"  # French Excel: ";", French headers and a byte-order mark

    def csv_file() -> str:  # every deal is read only when the teacher asks for the file
        try:
            return class_sheet.to_csv(ct.tables(quiz_id), french=french)
        except StoreError as err:
            return _("error") + f"\n{err}\n"
    download(st, _("Download the tables' sheet (CSV)"), csv_file, key="ct_csv", mime="text/csv",
             file_name="tables-classe.csv" if french else "class-tables.csv",
             help=_("Every deal played at every table: the contract, each seat's score and its running total"))
    with st.expander(_("Close the tables")):
        st.caption(_("Closing deletes the tables, their deals and their scores: download the tables' sheet "
                     "first to keep them."))
        st.checkbox(_("Yes, close them"), key="ct_close_sure")
        st.button(_("Close the tables"), key="ct_close", on_click=_close, args=(ct, quiz_id),
                  help=_("The tables, their deals and their scores are deleted; you may then seat the class again"))


def _table_box(ct: ClassTables, quiz_id: int, snap: Snapshot, unseated: dict[int, str]) -> None:
    names = seat_names(snap)
    totals = together.totals(snap.state)
    now = together.deal_scores(snap.state, snap.deal) if snap.started and snap.over else None
    with st.container(border=True):
        st.markdown(_("**Table {n}** · {status}").format(n=snap.number, status=status(snap)))
        rows = [{_("seat"): i + 1, _("player"): names[i], _("total"): totals[i],
                 **({_("this deal"): now[i]} if now is not None else {})} for i in range(len(names))]
        st.dataframe(rows, hide_index=True, width="stretch")
        waiting = [p.name for p in snap.people if p.seat is None]
        if waiting:
            st.caption(_("Waiting for a seat: {names}").format(names=", ".join(plain(n) for n in waiting)))
        if not snap.started:
            st.button(_("Start the deal"), key=f"ct_start_{snap.id}", on_click=_do,
                      args=(ct.start, quiz_id, snap.id, snap.version))
            _seat_changes(ct, quiz_id, snap, names, unseated)
        elif snap.over:
            st.button(_("Deal the next hand"), key=f"ct_next_{snap.id}", on_click=_do,
                      args=(ct.next_deal, quiz_id, snap.id, snap.version))
        else:
            _quiet(ct, quiz_id, snap, names)


def _seat_changes(ct: ClassTables, quiz_id: int, snap: Snapshot, names: list[str], unseated: dict[int, str]) -> None:
    """Between deals: a learner's seat to a bot (they wait at the table), a bot's seat to a learner waiting there or
    to one with no place at the class's tables (who joined late, or was left out)."""
    waiting = {("here", p.id): p.name for p in snap.people if p.seat is None}
    offered = waiting | {("new", pid): name for pid, name in unseated.items()}
    with st.expander(_("Change the seats before this deal")):
        for s, who in enumerate(snap.state.seats):
            c1, c2, c3 = st.columns([2, 2, 1], vertical_alignment="bottom")
            c1.markdown(_("Seat {n}: {who}").format(n=s + 1, who=plain(names[s])))
            if not who.is_bot:
                c3.button(_("Give to a bot"), key=f"ct_to_bot_{snap.id}_{s}", on_click=_do,
                          args=(ct.to_bot, quiz_id, snap.id, s, snap.version))
            elif offered:
                key = f"ct_give_pick_{snap.id}_{s}"
                if st.session_state.get(key) not in offered:
                    st.session_state.pop(key, None)
                c2.selectbox(_("Give to"), list(offered), key=key, format_func=lambda o: offered[o])
                c3.button(_("Give the seat"), key=f"ct_give_{snap.id}_{s}", on_click=_give,
                          args=(ct, quiz_id, snap.id, s, snap.version, key))


def _give(ct: ClassTables, quiz_id: int, table_id: int, seat: int, version: int, key: str) -> None:
    picked = st.session_state.get(key)
    if picked is None:
        return
    where, pid = picked
    if where == "here":
        _do(ct.give_seat, quiz_id, table_id, seat, pid, version)
    else:
        _do(ct.seat_learner, quiz_id, table_id, seat, pid, version)


def _quiet(ct: ClassTables, quiz_id: int, snap: Snapshot, names: list[str]) -> None:
    """The learner whose turn it is, quiet past the table's time: a bot may play their seat until the deal ends."""
    seat = snap.deal.to_act
    person = None if seat is None else snap.person_at(seat)
    if person is None or person.stand_in or snap.quiet_seconds is None:
        return
    waited = ct.ts.quiet_for(snap)
    if waited >= snap.quiet_seconds:
        st.button(_("Let a bot play for {name} until this deal ends").format(name=plain(person.name)),
                  key=f"ct_stand_in_{snap.id}", on_click=_do, args=(ct.stand_in, quiz_id, snap.id, seat, snap.version))


def _p(x) -> str:
    return "—" if x is None else number(pct(x))


def _ranking(snaps: list[Snapshot]) -> None:
    st.markdown(_("**Class ranking (duplicate)**"))
    standings = ct_ops.ranking(snaps, lambda n, seat: _("Bot, table {n}, seat {seat}").format(n=n, seat=seat + 1))
    if not standings:
        st.caption(_("No deal finished yet."))
        return
    st.dataframe([{_("place"): i, _("player"): s.name, _("deals"): s.deals, _("attack %"): _p(s.attack),
                   _("defence %"): _p(s.defence), _("global %"): _p(s.global_)}
                  for i, s in enumerate(standings, start=1)], hide_index=True, width="stretch")
    st.caption(_("Each deal's score at a seat is topped among the same seat at every table, which held the same hand: "
                 "the best 100 %, the worst 0 %, the others evenly between, ties shared; a deal finished at one table "
                 "alone gives 50 %. A deal counts in attack for the taker's side, else in defence; global % = ¼ "
                 "attack + ¾ defence, as the FFT ranks a duplicate (only one of them measured: that one)."))


# ---------------------------------------------------------------- the learners' reviews


def _reviews(ct: ClassTables, quiz_id: int) -> None:
    """Any learner's own review of any finished deal: what that seat could see, the table page's same review."""
    snaps = ct.tables(quiz_id)
    st.session_state[FINISHED] = finished_count(snaps)
    finished = {}
    for snap in snaps:
        for n, (d, names) in enumerate(ct_ops.played(snap)):
            if d.phase is not Phase.DONE:
                continue
            for seat, name in enumerate(names):
                if name:
                    finished[(snap.id, n, seat)] = (snap, d, name)
    st.markdown(_("**The learners' reviews**"))
    if not finished:
        st.caption(_("Each learner's review of their own play comes here once a deal is over."))
        return
    keys = list(finished)
    if st.session_state.get("ct_review_pick") not in finished:
        st.session_state["ct_review_pick"] = keys[0]
    c1, c2 = st.columns([3, 1], vertical_alignment="bottom")
    c1.selectbox(_("Whose review"), keys, key="ct_review_pick",
                 format_func=lambda k: _("Table {n} · deal {deal} · {name}").format(
                     n=finished[k][0].number, deal=k[1] + 1, name=finished[k][2]))
    if c2.button(_("Show the review"), key="ct_review_go"):
        st.session_state[REVIEW] = st.session_state["ct_review_pick"]
    shown = st.session_state.get(REVIEW)
    if shown not in finished:
        return
    snap, d, name = finished[shown]
    st.markdown(_("**{name}**, table {n}, deal {deal}: their review, on what their seat could see.").format(
        name=plain(name), n=snap.number, deal=shown[1] + 1))
    _review(Table(d.copy(), learner=shown[2], level=snap.level), replay=False)
