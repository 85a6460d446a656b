"""Practice: play whole deals against bots (3, 4 or 5 players), or a guided hand with commentary.

The Table (Deal + bots) lives in ``st.session_state``; bots move only in the callbacks that follow
the learner's actions, so a rerun only draws. A deal opens from its link (``?players=4&seed=123``).
"""

from __future__ import annotations

import random

import streamlit as st

from ..engine import (
    Bid,
    CallKing,
    Contract,
    Discard,
    DogFate,
    IllegalAction,
    Phase,
    PlayCard,
    ShowPoignee,
    callable_cards,
    check_discard,
    discardable,
    poignee_options,
    poignee_to_show,
    trumps_needed,
)
from ..practice.table import Table
from .cards import card_label, cards_html
from .practice_parts import (
    move_text,
    names_for,
    score_question,
    show_breakdown,
    show_last_trick,
    show_replay,
    show_seats,
)
from .practice_parts import show_trick as draw_trick
from .question import render_question
from .safe import query_int, query_seed

MODES = ("Play a deal", "Guided hands")


def render() -> None:
    st.title("Practice")
    if "guided" in st.query_params and "pr_mode" not in st.session_state:
        st.session_state["pr_mode"] = MODES[1]
    mode = st.radio("Mode", MODES, horizontal=True, key="pr_mode", label_visibility="collapsed")
    if mode == MODES[1]:
        from .practice_guided import render_guided
        render_guided()
        return
    table = _table()
    _header(table)
    _body(table)


# ---------------------------------------------------------------- the table in the session


def _new(players: int, seed: int) -> Table:
    table = Table.new(players, seed)
    table.advance()
    st.session_state["pr_table"] = table
    st.session_state["pr_players"] = players  # called before the radio is drawn, or from a callback
    st.session_state.pop("pr_msg", None)
    st.session_state.pop("pr_hint", None)
    st.session_state.pop("pr_breakdown", None)
    st.query_params.update(players=str(players), seed=str(seed))
    return table


def _table() -> Table:
    t = st.session_state.get("pr_table")
    players, seed = query_int("players", 3, 5), query_seed()
    linked = players is not None and seed is not None
    if linked and (t is None or (t.players, t.deal.seed) != (players, seed)):
        return _new(players, seed)
    if t is None:
        return _new(4, random.randrange(1, 10**6))
    return t


def _act(action) -> None:
    """A learner action from a callback: the engine checks it, then the bots answer."""
    table: Table = st.session_state["pr_table"]
    try:
        table.act(action)
        st.session_state.pop("pr_msg", None)
    except IllegalAction as err:
        st.session_state["pr_msg"] = (len(table.deal.log), str(err))


def _card_clicked(key: str) -> None:
    table: Table = st.session_state["pr_table"]
    card = st.session_state.get(key)
    if card is None:
        return
    seat = table.learner
    verdict = table.deal.explain(seat, card)
    if table.deal.legal_mask(seat) & card.bit:
        _act(PlayCard(seat, card))
    else:
        st.session_state["pr_msg"] = (len(table.deal.log), f"You cannot play the {card.name}: {verdict.reason}")


def _hint() -> None:
    table: Table = st.session_state["pr_table"]
    st.session_state["pr_hint"] = (len(table.deal.log), table.hint())


# ---------------------------------------------------------------- drawing


def _header(table: Table) -> None:
    d = table.deal
    names = names_for(d.players, table.learner)
    c1, c2, c3 = st.columns([2, 1, 1])
    st.session_state.setdefault("pr_players", d.players)  # widget state is dropped while another page shows
    players = c1.radio("Players", (3, 4, 5), horizontal=True, key="pr_players")
    c2.button("New deal", type="primary", on_click=lambda: _new(players, random.randrange(1, 10**6)), key="pr_new")
    c3.button("Restart this deal", on_click=lambda: _new(d.players, d.seed), key="pr_restart")
    st.caption(f"Deal **#{d.seed}** · {d.players} players · {names[d.dealer]} dealt · share or replay it with "
               f"the link `/practice?players={d.players}&seed={d.seed}` · hints used: {table.hints}")


def _message(table: Table) -> None:
    msg = st.session_state.get("pr_msg")
    if msg and msg[0] == len(table.deal.log):
        st.error(msg[1])
    hint = st.session_state.get("pr_hint")
    if hint and hint[0] == len(table.deal.log):
        move = hint[1]
        st.info(f"**Hint: {move_text(move.action)}.** {move.reason}", icon=":material/lightbulb:")


def _body(table: Table) -> None:
    d = table.deal
    view = table.view()
    names = names_for(d.players, table.learner)
    if d.phase is Phase.CANCELLED:
        st.warning(d.cancel_reason)
        st.button("Deal the next hand", type="primary", key="pr_next",
                  on_click=lambda: _new(d.players, d.seed + 1))
        return
    _auction_summary(view, names)
    _message(table)
    if d.phase is Phase.DONE:
        _finished(table, names)
        return
    if d.phase is Phase.PLAYING:
        _play(table, view, names)
        return
    st.markdown("**Your hand**")
    st.markdown(cards_html(view.hand, width=54), unsafe_allow_html=True)
    if not table.learner_to_act:
        return
    {Phase.BIDDING: _bidding, Phase.CALLING: _calling, Phase.ECART: _ecart}[d.phase](table, view)
    st.button("Hint", key="pr_hint_btn", on_click=_hint)


def _auction_summary(view, names) -> None:
    if view.bids:
        said = ", ".join(f"{names[s]}: {b.french if b else 'pass'}" for s, b in view.bids)
        st.markdown(f"**Bids:** {said}")
    if view.contract is None:
        return
    line = f"**{names[view.taker]}** plays a **{view.contract.french}** (×{view.contract.multiplier})"
    if view.called is not None:
        line += f", calling the **{view.called.name}**"
        if view.partner is not None and view.partner != view.taker:
            line += f": {names[view.partner]} is the partner"
    st.markdown(line + ".")
    if view.contract.dog is DogFate.TAKER_EXCHANGES and view.dog:
        st.markdown("**The dog (le chien), shown to everyone:**")
        st.markdown(cards_html(view.dog, width=40), unsafe_allow_html=True)
    elif view.contract.dog is not DogFate.TAKER_EXCHANGES:
        st.caption(f"The dog is {view.contract.dog.value}.")
    if view.ecart_trumps:
        st.caption("Trumps in the écart, shown to all: " + " ".join(card_label(c) for c in view.ecart_trumps))


def _bidding(table: Table, view) -> None:
    highest = max((b for _, b in view.bids if b is not None), default=None)
    options = [None] + [c for c in Contract if highest is None or c > highest]
    st.markdown("**Your bid** (only the bids still open are offered):")
    cols = st.columns(len(options))
    for col, c in zip(cols, options):
        col.button("Pass" if c is None else c.french.capitalize(), key=f"pr_bid_{c.value if c else 'pass'}",
                   on_click=_act, args=(Bid(table.learner, c),), width="stretch")


def _calling(table: Table, view) -> None:
    st.markdown("**Call a king.** Whoever holds it is your secret partner (a card of your own: you play alone).")
    options = callable_cards(list(view.hand))
    cols = st.columns(len(options))
    for col, c in zip(cols, options):
        col.button(f"Call {card_label(c)}", key=f"pr_call_{c}", on_click=_act, args=(CallKing(table.learner, c),))


def _ecart(table: Table, view) -> None:
    hand = list(view.hand)
    size = table.deal.rules.dog_size
    st.markdown(f"**Your écart:** pick {size} cards to put aside (no king, no oudler; a trump only if you must).")
    need = trumps_needed(hand, size)
    if need:
        st.info(f"Only {len(discardable(hand))} of your cards may go to the écart freely, so {need} trump(s) must "
                "go too: the lowest ones do least harm, and they are shown to everyone.")
    key = f"pr_ecart_{len(table.deal.log)}"
    picked = st.pills("Écart", hand, selection_mode="multi", format_func=card_label, key=key) or []
    st.caption(f"{len(picked)} of {size} picked")
    if st.button("Put these aside", type="primary", key="pr_ecart_go"):
        verdict = check_discard(hand, picked, players=table.players)
        if not verdict:
            st.error(" ".join(verdict.reasons))
        else:
            _act(Discard(table.learner, tuple(picked)))
            st.rerun()


def _announcements(table: Table, view) -> None:
    if table.awaiting_start:
        st.markdown("**Before the first card:** you may announce a chelem (every trick). You then lead the first "
                    "trick; it earns 400 if made and costs 200 if not.")
        c1, c2 = st.columns(2)
        c1.button("Play without announcing", type="primary", key="pr_start", on_click=table.start_play)
        c2.button("Announce a chelem", key="pr_chelem", on_click=lambda: table.start_play(chelem=True))
        return
    first = not view.tricks and view.seat not in view.trick_seats
    if not (table.learner_to_act and first) or any(s == view.seat for s, _ in view.poignees):
        return
    levels = poignee_options(list(view.hand), players=table.players)
    if not levels:
        return
    with st.container(border=True):
        need = table.deal.rules.poignee_thresholds
        level = st.radio("Your hand qualifies for a poignée", levels, horizontal=True, key="pr_poignee_level",
                         format_func=lambda lv: f"{lv} ({need[lv]} trumps)")
        trumps = [c for c in view.hand if c.is_trump or c.is_excuse]
        shown = st.multiselect("Trumps to show", trumps, default=poignee_to_show(list(view.hand), level,
                               players=table.players), format_func=card_label, key=f"pr_poignee_{level}")
        st.caption("Show it before your first card; its bonus goes to whichever side wins the deal. "
                   "Or just play a card to keep it hidden.")
        if st.button("Show the poignée", key="pr_poignee_go"):
            _act(ShowPoignee(table.learner, tuple(shown)))
            st.rerun()


def _play(table: Table, view, names) -> None:
    d = table.deal
    show_seats(view, names, [len(d.hand(s)) for s in range(d.players)])
    _announcements(table, view)
    if table.awaiting_start:
        return
    c1, c2 = st.columns(2)
    with c1:
        draw_trick(view.trick, view.trick_seats, names, label=f"Trick {len(view.tricks) + 1}")
    with c2:
        show_last_trick(view.tricks, names, "pr")
    legal = set(view.legal)
    mine = table.learner_to_act
    st.markdown("**Your hand**" + (" · legal cards ringed, click one to play it" if mine else ""))
    st.markdown(cards_html(view.hand, width=54, ring=legal if mine else (),
                           dim=[c for c in view.hand if c not in legal] if mine else ()), unsafe_allow_html=True)
    if mine:
        key = f"pr_card_{len(d.log)}"
        st.pills("Play a card", view.hand, format_func=card_label, key=key, on_change=_card_clicked, args=(key,),
                 label_visibility="collapsed")
        st.button("Hint", key="pr_hint_btn", on_click=_hint)


def _finished(table: Table, names) -> None:
    d = table.deal
    st.success(f"The deal is over: {len(d.tricks)} tricks played. Score it yourself first.")
    fb = render_question(score_question(d), key=f"pr_score_{d.players}_{d.seed}")
    if fb is not None or st.session_state.get("pr_breakdown"):
        st.subheader("The full breakdown")
        show_breakdown(d, names)
    else:
        st.button("Skip: show me the breakdown", key="pr_breakdown_btn",
                  on_click=lambda: st.session_state.update(pr_breakdown=True))
    show_replay(d, names, "pr")
    st.button("Next deal", type="primary", key="pr_next_deal",
              on_click=lambda: _new(d.players, random.randrange(1, 10**6)))
