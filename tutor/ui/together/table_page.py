"""Play together: a host opens a table for 3, 4 or 5 players and shares its code, link and QR code; others join
with a name; the empty seats are bots. Each phone holds one seat's token (in the session and the address, so a
reload keeps the seat; a PIN brings it to another phone) and is drawn from that seat's view only. The page looks
at the table's version every second and draws again only when it changed (another player's move).
"""

from __future__ import annotations

import contextlib

import streamlit as st

from ...classroom import address
from ...classroom.qr import join_qr_png
from ...classroom.tables import TableError, TableStore
from ...i18n import N_, _
from ...progress import StoreError
from ..common.learner import _secrets, session_key, store
from ..common.safe import plain, query_text
from ..common.text import error_text
from . import seat as seat_view
from .sheet import show_last_review, show_result, show_review, show_sheet

TOKEN = "tg_token"  # session key: this phone's seat token
ME = "seat"  # query parameter: the same token, so a reload keeps the seat
PIN = "tg_pin"  # session key: the PIN, shown once after joining
LOOK = 1  # seconds between two looks at the table's version
QUIET_LOOK = 5  # seconds between two counts of a quiet player's wait on the host's phone (the quiet time is 10 s or
# more: the host's offer comes at most this late; a count every second was a fifth of the table's looks)
LEVELS = {"beginner": N_("Beginner"), "club": N_("Club")}


def _store() -> TableStore | None:
    s = store()
    if s is None:
        st.error(_("Playing together needs the database, and it cannot be opened right now."))
        return None
    return TableStore(s.engine, s.where)


def _link(code: str) -> str:
    """The join link: ``TUTOR_PUBLIC_URL``, else this browser's address, as the class quiz's."""
    url = ""
    with contextlib.suppress(Exception):
        url = st.context.url or ""
    base = address.choose(address.configured(secrets_=_secrets()), url).base
    return f"{base}/table?code={code}"


def _remember(token: str, pin: str | None = None) -> None:
    st.session_state[TOKEN] = token
    if pin:
        st.session_state[PIN] = pin
    if st.query_params.get(ME) != token:
        st.query_params[ME] = token
    st.query_params.pop("code", None)


def _forget() -> None:
    for key in (TOKEN, PIN, seat_view.MSG):
        st.session_state.pop(key, None)
    st.query_params.pop(ME, None)


def render() -> None:
    st.title(_("Play together"))
    ts = _store()
    if ts is None:
        return
    token = st.session_state.get(TOKEN) or query_text(ME, 300)
    if not token:
        _doors(ts)
        return
    try:
        me = ts.me(token)
        snap = ts.table(me.table_id)
    except (TableError, StoreError) as err:
        st.error(plain(error_text(err)))
        st.button(_("Leave this table"), key="tg_leave_bad", on_click=_forget)
        return
    _remember(token)
    _table(ts, token, me, snap)
    _follow(ts, me.table_id, snap.version)


# ---------------------------------------------------------------- opening, joining, coming back


def _open(ts: TableStore) -> None:
    try:
        snap, token, pin = ts.open(st.session_state.get("tg_host_name", ""), st.session_state.get("tg_players", 4),
                                   st.session_state.get("tg_level", "club"),
                                   quiet_seconds=st.session_state.get("tg_quiet", 90), session=session_key())
    except (TableError, StoreError) as err:
        st.session_state["tg_door_msg"] = error_text(err)
        return
    _remember(token, pin)


def _join(ts: TableStore) -> None:
    try:
        snap, token, pin = ts.join(st.session_state.get("tg_code", ""), st.session_state.get("tg_name", ""),
                                   session=session_key())
    except (TableError, StoreError) as err:
        st.session_state["tg_door_msg"] = error_text(err)
        return
    _remember(token, pin)


def _rejoin(ts: TableStore) -> None:
    try:
        _me, token = ts.rejoin(st.session_state.get("tg_back_code", ""), st.session_state.get("tg_back_name", ""),
                               st.session_state.get("tg_back_pin", ""), session=session_key())
    except (TableError, StoreError) as err:
        st.session_state["tg_door_msg"] = error_text(err)
        return
    _remember(token)


def _doors(ts: TableStore) -> None:
    msg = st.session_state.pop("tg_door_msg", None)
    if msg:
        st.error(plain(msg))
    code = query_text("code", 12)
    if code and "tg_code" not in st.session_state:
        st.session_state["tg_code"] = code
    join, host = st.tabs([_("Join a table"), _("Open a table")])
    with join, st.form("tg_join_form"):
        st.text_input(_("Table code"), key="tg_code", max_chars=12)
        st.text_input(_("Your name"), key="tg_name", max_chars=40)
        st.form_submit_button(_("Sit at the table"), type="primary", on_click=_join, args=(ts,))
    with join, st.expander(_("Come back with your PIN")), st.form("tg_back_form", border=False):
        st.text_input(_("Table code"), key="tg_back_code", max_chars=12)
        st.text_input(_("Your name"), key="tg_back_name", max_chars=40)
        st.text_input(_("Your PIN"), key="tg_back_pin", max_chars=12, type="password")
        st.form_submit_button(_("Come back"), on_click=_rejoin, args=(ts,))
    with host, st.form("tg_open_form"):
        st.text_input(_("Your name"), key="tg_host_name", max_chars=40)
        st.radio(_("Players"), (3, 4, 5), index=1, horizontal=True, key="tg_players")
        st.radio(_("Bots in the empty seats"), list(LEVELS), horizontal=True, key="tg_level",
                 format_func=lambda k: _(LEVELS[k]), index=1)
        st.number_input(_("Let a bot stand in for a quiet player after (seconds)"), min_value=10, max_value=3600,
                        value=90, step=10, key="tg_quiet")
        st.form_submit_button(_("Open the table"), type="primary", on_click=_open, args=(ts,))


# ---------------------------------------------------------------- the table


def _table(ts: TableStore, token: str, me, snap) -> None:
    seat = me.seat if not me.person.stand_in else None
    names = seat_view.seat_names(snap, me.seat, markdown=False)  # for the sheet's tables (its lines make them plain)
    _header(snap, me)
    in_play = snap.started and not snap.over  # then the host's tools go below the play: on a phone the card first
    if not in_play:
        _pin_box()
    if me.person.host and not in_play:
        _host_tools(ts, token, snap)
    if not snap.started:
        st.info(_("Start the deal when everyone is seated; the empty seats are bots.") if me.person.host else
                _("Waiting for your teacher to start the deal.") if snap.quiz_id is not None else
                _("Waiting for {host} to start the deal.").format(host=plain(snap.host)))
        show_last_review(snap, me.person.name, snap.level)
    elif seat is None:
        st.info(_("You are waiting for a seat: the host can give you one between deals.") if me.seat is None else
                _("A bot plays your seat until this deal ends."))
        if snap.over:
            show_result(snap, names)
    elif snap.over:
        show_result(snap, names)
        show_review(snap, seat, snap.level)
    else:
        seat_view.draw(ts, token, snap, seat)
    if in_play:  # the PIN under the hand: on a phone the table and the hand stay on the first screen
        _pin_box()
    if me.person.host and in_play:
        _host_tools(ts, token, snap)
    show_sheet(snap, names, seat)
    if snap.quiz_id is not None:  # a class's table: the Class page brings the seat back (no PIN)
        st.page_link("tutor/ui/pages/class_quiz.py", label=_("Back to the class quiz"), icon=":material/groups:")
        return
    st.button(_("Leave this table on this phone"), key="tg_leave", on_click=_forget,
              help=_("Your seat stays yours: come back with your name and PIN."))


def _header(snap, me) -> None:
    if snap.quiz_id is not None:  # a class's table: its number in the class, no code to share
        st.markdown(_("**Table {n}** of your class · you are **{name}**").format(n=snap.number,
                                                                              name=plain(me.person.name)))
        return
    st.markdown(_("**Table {code}** · you are **{name}**").format(code=snap.code, name=plain(me.person.name)))


def _pin_box() -> None:
    """The PIN, shown once after opening or joining until "Got it": above the rest before the deal (there is
    nothing else to do yet), under the hand during it."""
    pin = st.session_state.get(PIN)
    if pin:
        with st.container(border=True):
            st.markdown(_("Your PIN is **{pin}**: note it down. With your name and the table's code it brings your "
                          "seat back on another phone.").format(pin=pin))
            st.button(_("Got it"), key="tg_pin_ok", on_click=lambda: st.session_state.pop(PIN, None))


def _host_tools(ts: TableStore, token: str, snap) -> None:
    v = snap.version
    with st.expander(_("Host: the code, the seats and the deal"), expanded=not snap.started):
        link = _link(snap.code)
        st.markdown(_("Others join at **{link}** with the code **{code}**.").format(link=link, code=snap.code))
        st.image(join_qr_png(link), width=200)
        for s, who in enumerate(snap.state.seats):
            person = snap.person_at(s)
            line = plain(who.name) if not who.is_bot else _("Bot ({level})").format(level=_(LEVELS[who.level]))
            c1, c2 = st.columns([2, 1])
            c1.markdown(_("Seat {n}: {who}").format(n=s + 1, who=line))
            if not snap.started and person is not None and not person.host:
                c2.button(_("Give to a bot"), key=f"tg_to_bot_{s}", on_click=_host_do,
                          args=(ts.to_bot, token, s, v))
            elif not snap.started and who.is_bot and snap.waiting:
                pick = c2.selectbox(_("Give to"), [p.id for p in snap.waiting], key=f"tg_give_pick_{s}",
                                    format_func=lambda i: next(p.name for p in snap.waiting if p.id == i))
                c2.button(_("Give the seat"), key=f"tg_give_{s}", on_click=_host_do,
                          args=(lambda t, seat, version, pid=pick: ts.give_seat(t, seat, pid, version), token, s, v))
        if snap.waiting:
            st.caption(_("Waiting for a seat: {names}").format(names=", ".join(plain(p.name) for p in snap.waiting)))
        if not snap.started:
            st.button(_("Start the deal"), type="primary", key="tg_start", on_click=_host_do,
                      args=(lambda t, _s, version: ts.start(t, version), token, None, v))
        elif snap.over:
            st.button(_("Deal the next hand"), type="primary", key="tg_next", on_click=_host_do,
                      args=(lambda t, _s, version: ts.next_deal(t, version), token, None, v))
        else:
            _quiet(ts, token, snap)


def _quiet(ts: TableStore, token: str, snap) -> None:
    if snap.quiet_seconds is not None:
        _quiet_look(ts, token, snap)


@st.fragment(run_every=QUIET_LOOK)
def _quiet_look(ts: TableStore, token: str, snap) -> None:
    """The player whose turn it is, quiet past the host's time: a bot may play their seat until the deal ends
    (counted every few seconds on the host's phone, on the table as this page drew it: a move since then changes
    its version, and ``_follow`` draws the whole page again, this part with it)."""
    if not snap.started or snap.over:
        return
    to_act = snap.deal.to_act
    person = None if to_act is None else snap.person_at(to_act)
    if person is None or person.host or person.stand_in or snap.quiet_seconds is None:
        return
    waited = ts.quiet_for(snap)
    if waited >= snap.quiet_seconds:
        st.button(_("Let a bot play for {name} until this deal ends").format(name=plain(person.name)),
                  key="tg_stand_in", on_click=_host_do, args=(ts.stand_in, token, to_act, snap.version))
    else:
        st.caption(_("{name} has had {n} seconds; a bot may stand in after {quiet}.").format(
            name=plain(person.name), n=int(waited), quiet=snap.quiet_seconds))


def _host_do(fn, token: str, seat, version: int) -> None:
    try:
        out = fn(token, seat, version)
    except (TableError, StoreError) as err:
        st.session_state[seat_view.MSG] = (version, error_text(err))
        return
    if not out.ok:
        st.session_state[seat_view.MSG] = (out.table.version, error_text(TableError(out.reason)))


# ---------------------------------------------------------------- other players' moves


@st.fragment(run_every=LOOK)
def _follow(ts: TableStore, table_id: int, seen: int) -> None:
    """One small read a second: the whole page is drawn again only when the table's version changed."""
    try:
        now = ts.version(table_id)
    except StoreError:
        return
    if now != seen:
        st.rerun(scope="app")
