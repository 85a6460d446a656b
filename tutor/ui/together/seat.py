"""One seat's deal on its own phone: drawn only from the engine's ``SeatView`` of that seat, with Practice's card
table and its pieces (the bids, the king call, the dog, the écart, the poignée, the tricks); every action goes to
the store with the version this page was drawn at, so a double tap or a stale page is refused there.
"""

from __future__ import annotations

import streamlit as st

from ...classroom.tables import TableStore
from ...engine import (
    Bid,
    CallKing,
    Contract,
    DeclareChelem,
    Discard,
    Phase,
    PlayCard,
    SeatView,
    ShowPoignee,
    TarotError,
    callable_cards,
    check_discard,
    parse_cards,
    poignee_options,
    poignee_to_show,
)
from ...engine.seats import seat_label
from ...i18n import _, ngettext
from ..common.cards import card_label, cards_html
from ..common.safe import plain
from ..common.text import error_text, say
from ..practice.deal_info import auction_summary
from ..practice.practice_parts import show_earlier_tricks, show_seats
from ..table.table_component import card_table
from ..table.table_model import ecart_view, play_view, poignee_view
from ..table.table_view import show_table

MSG = "tg_msg"  # session key: (version, sentence) of the last refusal, shown on the page it is about
BIDS_A_ROW = 3


def seat_names(snap, seat: int | None, markdown: bool = True) -> list[str]:
    """What this phone calls each seat: "You" for its own, a person's name, or "Bot" and the seat (from 1). A
    person's name is as typed: made plain text for Markdown (``markdown``), as it is for the card table's data and
    the tables, which show text as it is."""
    out = []
    for s, who in enumerate(snap.state.seats):
        if s == seat:
            out.append(_("You"))
        elif who.is_bot:
            out.append(_("Bot, {seat}").format(seat=say(seat_label(s))))
        else:
            out.append(plain(who.name) if markdown else who.name)
    return out


def act(ts: TableStore, token: str, action, version: int) -> None:
    """A tap on this phone: the store judges it on the stored table at ``version``; a refusal is said."""
    try:
        out = ts.act(token, action, version)
    except Exception as err:  # a seat no longer this phone's, or the database away: said, never a traceback
        st.session_state[MSG] = (version, error_text(err))
        return
    if out.ok:
        st.session_state.pop(MSG, None)
    else:
        st.session_state[MSG] = (out.table.version, say(out.reason))


def message(version: int) -> None:
    msg = st.session_state.get(MSG)
    if msg and msg[0] == version:
        st.error(plain(msg[1]))


def draw(ts: TableStore, token: str, snap, seat: int) -> None:
    """The seat's deal: what it may see, and its actions when it is its turn."""
    d = snap.deal
    view: SeatView = d.view(seat)
    names = seat_names(snap, seat)
    v = snap.version
    mine = view.to_act == seat
    sizes = [len(d.hand(s)) for s in range(d.players)]  # counts only: every seat sees how many cards are left
    if view.phase is Phase.PLAYING:
        note = " · " + _("legal cards ringed: click one to play it") if mine else ""
        shown = play_view(view, seat_names(snap, seat, markdown=False), sizes, token=f"tg_{snap.id}_{v}",
                          hand_label=_("Your hand") + note)
        card_table(shown,
                   key="tg_card_table", on_answer=lambda cards: act(ts, token, PlayCard(seat, cards[0]), v))
        message(v)
        if mine:
            with st.form("tg_play_form", border=False), st.container(horizontal=True, vertical_alignment="bottom"):
                st.text_input(_("…or type the card to play"), key="tg_typed", placeholder=_("…or type it, e.g. KH"),
                              width=170, label_visibility="collapsed")
                st.form_submit_button(_("Play the typed card"), key="tg_play_go", on_click=_typed,
                                      args=(ts, token, "tg_typed", 1, lambda c: PlayCard(seat, c[0]), v))
        else:
            st.caption(_("Waiting for {who} to play.").format(who=names[view.to_act]))
        _announcements(ts, token, view, v, d)  # under the hand: the card to play stays on a phone's first screen
        show_earlier_tricks(view.tricks, names, "tg")
        with st.expander(_("This deal: the bids, the dog and the seats")):
            auction_summary(view, names)
            show_seats(view, names, sizes)
        return
    if view.phase is Phase.BIDDING:
        show_table(d.players, d.dealer, names=[f"{n}, {say(seat_label(s))}" for s, n in enumerate(names)],
                   bottom=seat)
    auction_summary(view, names)
    message(v)
    if not (view.phase is Phase.ECART and mine):
        st.markdown(_("**Your hand**"))
        st.markdown(cards_html(view.hand, width=54), unsafe_allow_html=True)
    if not mine:
        if view.to_act is not None:
            st.caption(_("Waiting for {who}.").format(who=names[view.to_act]))
        return
    {Phase.BIDDING: _bidding, Phase.CALLING: _calling, Phase.ECART: _ecart}[view.phase](ts, token, view, v, d)


def _bidding(ts, token, view: SeatView, v: int, d) -> None:
    highest = max((b for _, b in view.bids if b is not None), default=None)
    options = [None] + [c for c in Contract if (highest is None or c > highest) and view.seat not in view.barred]
    st.markdown(_("**Your bid** (only the bids still open are offered):"))
    for row in range(0, len(options), BIDS_A_ROW):
        for col, c in zip(st.columns(BIDS_A_ROW), options[row:row + BIDS_A_ROW]):
            col.button(_("Pass") if c is None else c.french.capitalize(), key=f"tg_bid_{c.value if c else 'pass'}",
                       on_click=act, args=(ts, token, Bid(view.seat, c), v), width="stretch")


def _calling(ts, token, view: SeatView, v: int, d) -> None:
    st.markdown(_("**Call a king.** Whoever holds it is your secret partner (a card of your own: you play alone)."))
    options = callable_cards(list(view.hand))
    for col, c in zip(st.columns(len(options)), options):
        col.button(_("Call {card}").format(card=card_label(c)), key=f"tg_call_{c}", on_click=act,
                   args=(ts, token, CallKing(view.seat, c), v))


def _ecart(ts, token, view: SeatView, v: int, d) -> None:
    hand, size = list(view.hand), d.rules.dog_size
    st.markdown(_("**Your écart:** pick {n} cards to put aside (no king, no oudler; a trump only if you must).")
                .format(n=size))

    def discard(cards) -> None:
        verdict = check_discard(hand, list(cards), players=d.players)
        if not verdict:
            st.session_state[MSG] = (v, " ".join(say(r) for r in verdict.reasons))
        else:
            act(ts, token, Discard(view.seat, tuple(cards)), v)
    card_table(ecart_view(hand, size, token=f"tg_ecart_{v}"), key="tg_ecart_table", on_answer=discard)
    with st.form("tg_ecart_form", border=False):
        st.text_input(_("…or type them"), key="tg_ecart_typed", placeholder=_("e.g. 2S 3S 4D 5D 6C 7C"))
        st.form_submit_button(_("Put the typed cards aside"), key="tg_ecart_go", on_click=_typed,
                              args=(ts, token, "tg_ecart_typed", size, None, v, discard))


def _typed(ts, token, key: str, count: int, make, v: int, then=None) -> None:
    """The typed fallback to the card table: the cards read, then played (``make``) or handed on (``then``)."""
    text = st.session_state.get(key, "")
    st.session_state[key] = ""
    try:
        cards = parse_cards(text)
    except TarotError as err:
        st.session_state[MSG] = (v, _("{error}. Type cards like KH, 10D, T21 or EX.").format(error=error_text(err)))
        return
    if len(cards) != count:
        st.session_state[MSG] = (v, ngettext("Type {n} cards, like KH or T21.", "Type {n} cards, like KH or T21.",
                                             count).format(n=count) if count != 1 else
                                 _("Type one card, like KH or T21."))
        return
    if then is not None:
        then(cards)
    else:
        act(ts, token, make(cards), v)


def _announcements(ts, token, view: SeatView, v: int, d) -> None:
    """Before the taker's first card: a chelem may be announced; before anyone's first card, a poignée shown."""
    if view.to_act != view.seat:
        return
    if view.taker == view.seat and not view.tricks and not view.trick and not view.chelem_announced:
        st.button(_("Announce a chelem"), key="tg_chelem", on_click=act, args=(ts, token, DeclareChelem(view.seat), v),
                  help=_("Every trick: 400 if made, 200 lost if not. You then lead the first trick. Or just play "
                         "a card."))
    first = not view.tricks and view.seat not in view.trick_seats
    if not first or any(s == view.seat for s, _ in view.poignees):
        return
    levels = poignee_options(list(view.hand), players=view.players)
    if not levels:
        return
    need = d.rules.poignee_thresholds
    with st.expander(_("Your hand qualifies for a poignée")):
        level = st.radio(_("Your hand qualifies for a poignée"), levels, horizontal=True, key="tg_poignee_level",
                         format_func=lambda lv: _("{level} ({n} trumps)").format(level=lv, n=need[lv]),
                         label_visibility="collapsed")
        trumps = [c for c in view.hand if c.is_trump or c.is_excuse]
        best = poignee_to_show(list(view.hand), level, players=view.players, lowest=True)
        card_table(poignee_view(trumps, need[level], best, token=f"tg_poignee_{v}_{level}"),
                   key=f"tg_poignee_table_{level}",
                   on_answer=lambda cards: act(ts, token, ShowPoignee(view.seat, tuple(cards)), v))
        st.caption(_("Show it before your first card; its bonus goes to whichever side wins the deal. "
                     "Or just play a card to keep it hidden."))
        with st.form(f"tg_poignee_form_{level}", border=False):
            st.text_input(_("…or type the trumps to show"), " ".join(c.code for c in best), key=f"tg_poignee_{level}")
            st.form_submit_button(_("Show the typed trumps"), key="tg_poignee_go", on_click=_typed,
                                  args=(ts, token, f"tg_poignee_{level}", need[level],
                                        lambda cards: ShowPoignee(view.seat, tuple(cards)), v))
