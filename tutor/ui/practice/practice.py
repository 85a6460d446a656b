"""Practice: play whole deals against bots (3, 4 or 5 players), or a guided hand with commentary.

The Table (Deal + bots) lives in ``st.session_state``; bots move only in the callbacks that follow
the learner's actions, so a rerun only draws. A deal opens from its link (``?players=4&seed=123``).
"""

from __future__ import annotations

import random

import streamlit as st

from ...engine import (
    Bid,
    CallKing,
    Contract,
    Discard,
    IllegalAction,
    Phase,
    PlayCard,
    ShowPoignee,
    TarotError,
    callable_cards,
    check_discard,
    discardable,
    parse_cards,
    poignee_options,
    poignee_to_show,
    trumps_needed,
)
from ...engine.seats import seat_label
from ...i18n import N_, _, ngettext
from ...i18n.typography import minus
from ...practice.evening import Evening
from ...practice.table import DEFAULT_LEVEL, Table, dealer_for
from ...strategy.bidding.advice import SAMPLES as BID_SAMPLES
from ..common.cards import card_label, cards_html
from ..common.safe import query_int, query_seed
from ..common.text import card_name, error_text, say
from ..common.workload import limited
from ..quiz.question import render_question, show_principle
from ..table.table_component import card_table
from ..table.table_model import bot_cards_since, ecart_view, play_view, poignee_view
from ..table.table_view import show_table
from . import level
from .deal_info import auction_summary, contract_line, evening_line  # noqa: F401 - the tests read the last two here
from .practice_parts import (
    bid_table,
    move_text,
    names_for,
    score_question,
    show_breakdown,
    show_earlier_tricks,
    show_hand_count,
    show_replay,
    show_seats,
)
from .review import _review

MODES = (N_("Play a deal"), N_("Guided hands"))
REVIEW_SAMPLES = 12  # deals per estimated card in the review (bench/review.py)


def render() -> None:
    st.title(_("Practice"))
    if "guided" in st.query_params and "pr_mode" not in st.session_state:
        st.session_state["pr_mode"] = MODES[1]
    mode = st.radio(_("Mode"), MODES, horizontal=True, key="pr_mode", label_visibility="collapsed", format_func=_)
    if mode == MODES[1]:
        from .practice_guided import render_guided
        render_guided()
        return
    table = _table()
    if table.deal.phase is Phase.PLAYING:  # the table, the hand and the next action first (issue 38)
        _body(table)
        _header(table)
        return
    _header(table)
    _deal_line(table)
    _body(table)


# ---------------------------------------------------------------- the table in the session


def _new(players: int, seed: int, dealer: int | None = None, table_level: str | None = None) -> Table:
    """A new deal, at the table chosen (``level``). On the evening's sheet the dealer passes on; another table size
    starts a new sheet."""
    evening = st.session_state.get("pr_evening")
    if evening is None or evening.players != players:
        evening = st.session_state["pr_evening"] = Evening.start(players, dealer_for(players, seed)
                                                                  if dealer is None else dealer)
    table_level = table_level or level.wanted()
    table = Table.new(players, seed, dealer=evening.dealer if dealer is None else dealer, level=table_level)
    table.advance()
    st.session_state["pr_table"] = table
    st.session_state["pr_players"] = players  # called before the radio is drawn, or from a callback
    for key in ("pr_msg", "pr_hint", "pr_breakdown", "pr_confirm_new", "pr_replayed"):
        st.session_state.pop(key, None)
    st.query_params.update(players=str(players), seed=str(seed), dealer=str(table.deal.dealer + 1))
    if table_level == DEFAULT_LEVEL:
        st.query_params.pop(level.QUERY, None)
    else:
        st.query_params[level.QUERY] = table_level  # a shared link plays against the same bots
    return table


def _next_deal(players: int) -> None:
    """The next deal of the evening: the chosen table size, a fresh seed, the next dealer."""
    _new(players, random.randrange(1, 10**6))


def _restart(table: Table) -> None:
    _new(table.players, table.deal.seed, dealer=table.deal.dealer, table_level=table.level)


def _table() -> Table:
    t = st.session_state.get("pr_table")
    players, seed = query_int("players", 3, 5), query_seed()
    linked = players is not None and seed is not None
    if linked:
        dealer = query_int("dealer", 1, players)
        seat = None if dealer is None else dealer - 1
        linked_level = level.from_address() or DEFAULT_LEVEL  # a link without ?table= is the default table
        if t is None or (t.players, t.deal.seed, t.level) != (players, seed, linked_level) or \
                (seat is not None and seat != t.deal.dealer):
            st.session_state[level.KEY] = linked_level  # the link's table, before its picker is drawn
            return _new(players, seed, dealer=seat, table_level=linked_level)
    if t is None:
        return _new(4, random.randrange(1, 10**6))
    return t


def _score_deal(table: Table) -> None:
    """A finished or cancelled deal goes on the evening's sheet (once)."""
    evening = st.session_state.get("pr_evening")
    if evening is not None and evening.players == table.players and table.finished:
        st.session_state["pr_evening"] = evening.add(table.deal, seed=table.deal.seed)


def _act(action) -> None:
    """A learner action from a callback: the engine checks it, then the bots answer."""
    table: Table = st.session_state["pr_table"]
    try:
        table.act(action)
        st.session_state.pop("pr_msg", None)
    except IllegalAction as err:
        st.session_state["pr_msg"] = (len(table.deal.log), error_text(err))


def _play_card(card) -> None:
    """The learner plays ``card`` (clicked on the table or typed): a legal card is played, the bots
    answer; an illegal one is refused with the engine's reason."""
    table: Table = st.session_state["pr_table"]
    if not table.learner_to_act:
        return
    seat = table.learner
    verdict = table.deal.explain(seat, card)
    if table.deal.legal_mask(seat) & card.bit:
        _act(PlayCard(seat, card))
    else:
        st.session_state["pr_msg"] = (len(table.deal.log), _("You cannot play the {card}: {reason}").format(
            card=card_name(card), reason=say(verdict.reason)))


def _typed(key: str, then, count: int | None = None, clear: bool = True) -> None:
    """The typed fallback to the table: read the cards, then ``then(cards)``; unreadable text is kept and
    explained."""
    table: Table = st.session_state["pr_table"]
    try:
        cards = parse_cards(st.session_state.get(key, ""))
    except TarotError as err:
        st.session_state["pr_msg"] = (len(table.deal.log), _("{error}. Type cards like KH, 10D, T21 or EX.").format(
            error=error_text(err)))
        return
    if not cards or (count is not None and len(cards) != count):
        want = (_("Type one card, like KH or T21.") if count == 1 else
                ngettext("Type {n} cards, like KH or T21.", "Type {n} cards, like KH or T21.", count).format(n=count)
                if count else _("Type the cards, like KH or T21."))
        st.session_state["pr_msg"] = (len(table.deal.log), want)
        return
    if clear:  # (a field with a default value, the poignée's, is left alone)
        st.session_state[key] = ""
    then(cards[0] if count == 1 else cards)


def _hint() -> None:
    table: Table = st.session_state["pr_table"]
    # A bid or a poignée is estimated over sampled deals: up to a second or two of work.
    what = (_("Estimating your bids over {n} deals of the cards you cannot see…").format(n=BID_SAMPLES)
            if table.deal.phase is Phase.BIDDING else _("Working out the hint…"))
    with st.spinner(what):
        done, move = limited(lambda text: st.session_state.update(pr_msg=(len(table.deal.log), text)), table.hint)
        if not done:  # the server is busy: said, and nothing worked out
            return
        # The estimate behind a bid hint is kept with it: a rerun draws its table without asking again.
        advice = table.bid_advice() if move.principle == "best-expected-score" else None
        st.session_state["pr_hint"] = (len(table.deal.log), move, advice)


# ---------------------------------------------------------------- drawing


def _in_progress(table: Table) -> bool:
    """A deal the learner has begun and not finished: a new deal would throw it away."""
    return not table.finished and any(a.seat == table.learner for a in table.deal.log)


def _ask_new(table: Table, players: int) -> None:
    if _in_progress(table):
        st.session_state["pr_confirm_new"] = True
    else:
        _next_deal(players)


def _header(table: Table) -> None:
    d = table.deal
    c1, c2, c3 = st.columns([2, 1, 1])
    st.session_state.setdefault("pr_players", d.players)  # widget state is dropped while another page shows
    players = c1.radio(_("Players"), (3, 4, 5), horizontal=True, key="pr_players")
    c2.button(_("New deal"), type="primary", on_click=_ask_new, args=(table, players), key="pr_new")
    c3.button(_("Restart this deal"), on_click=_restart, args=(table,), key="pr_restart")
    level.choice(c1, table.level)
    if players != d.players:
        st.info(_("**{players} players from the next deal on.** This deal finishes with {now}; the next one "
                  "starts a new evening sheet for {players}.").format(players=players, now=d.players),
                icon=":material/group:")
    if st.session_state.get("pr_confirm_new"):
        with st.container(border=True):
            st.warning(_("A deal is in progress. Throw it away and deal a new one? It does not go on the sheet."))
            y, n = st.columns(2)
            y.button(_("Yes, deal a new one"), type="primary", key="pr_new_yes", on_click=_next_deal, args=(players,))
            n.button(_("No, keep playing"), key="pr_new_no",
                     on_click=lambda: st.session_state.pop("pr_confirm_new", None))


def _deal_line(table: Table) -> None:
    d = table.deal
    names = names_for(d.players, table.learner)
    at = "" if table.level == DEFAULT_LEVEL else f"&{level.QUERY}={table.level}"
    link = f"`/practice?players={d.players}&seed={d.seed}&dealer={d.dealer + 1}{at}`"
    st.caption(_("Deal **#{seed}** · {players} players · {dealer} dealt · share or replay it with "
                 "the link {link} · hints used: {hints}").format(
        seed=d.seed, players=d.players, dealer=names[d.dealer], link=link, hints=table.hints))


def _about(table: Table, view, names) -> None:
    """What a card's choice does not need, folded below the hand: the deal's line, the bids, the dog, the seats."""
    d = table.deal
    with st.expander(_("This deal: its link, the bids, the dog and the seats")):
        _deal_line(table)
        auction_summary(view, names)
        show_seats(view, names, [len(d.hand(s)) for s in range(d.players)])


def _message(table: Table) -> None:
    back = st.session_state.get("pr_replayed")
    if back is not None and back == len(table.deal.log) and table.learner_to_act:
        where = (_("**Back at the bidding**, before your bid") if table.deal.phase is Phase.BIDDING else
                 _("**Back at trick {n}**, before the card you played there").format(n=len(table.deal.tricks) + 1))
        st.info(_("{where}: the table is as it was. Play on; the review of the new ending comes when the deal is "
                  "over.").format(where=where), icon=":material/replay:")
    msg = st.session_state.get("pr_msg")
    if msg and msg[0] == len(table.deal.log):
        st.error(msg[1])
    hint = st.session_state.get("pr_hint")
    if hint and hint[0] == len(table.deal.log):
        move, advice = hint[1:]
        with st.container(border=True):
            st.info(_("**Hint: {move}.** {reason}").format(move=move_text(move.action), reason=minus(say(move.reason))),
                    icon=":material/lightbulb:")
            if advice is not None:
                st.markdown(minus(bid_table(advice)))
                show_principle(move.principle, from_start=False)
            if move.principle == "hand-count" or advice is not None:
                show_hand_count(table.view().hand, table.players)
                show_principle("hand-count", from_start=False)
            else:
                show_principle(move.principle, from_start=False)


def _body(table: Table) -> None:
    d = table.deal
    view = table.view()
    names = names_for(d.players, table.learner)
    if d.phase is Phase.CANCELLED:
        _score_deal(table)
        st.warning(say(d.cancel_reason))
        st.button(_("Deal the next hand"), type="primary", key="pr_next",
                  on_click=lambda: _new(st.session_state.get("pr_players", d.players), d.seed + 1))
        _sheet(names)
        return
    if d.phase is Phase.BIDDING:  # who deals and who speaks first depend on the seats: show the table
        show_table(d.players, d.dealer, names=[f"{n}, {say(seat_label(s))}" for s, n in enumerate(names)],
                   bottom=table.learner)
    if d.phase is Phase.PLAYING:  # the summary and the messages come after the table
        _play(table, view, names)
        return
    auction_summary(view, names)
    _message(table)
    if d.phase is Phase.DONE:
        _finished(table, names)
        return
    if not (d.phase is Phase.ECART and table.learner_to_act):  # the écart shows the hand on the table
        st.markdown(_("**Your hand**"))
        st.markdown(cards_html(view.hand, width=54), unsafe_allow_html=True)
    if not table.learner_to_act:
        return
    {Phase.BIDDING: _bidding, Phase.CALLING: _calling, Phase.ECART: _ecart}[d.phase](table, view)
    st.button(_("Hint"), key="pr_hint_btn", on_click=_hint)


BIDS_A_ROW = 3
def _bidding(table: Table, view) -> None:
    highest = max((b for _, b in view.bids if b is not None), default=None)
    options = [None] + [c for c in Contract if (highest is None or c > highest) and view.seat not in view.barred]
    st.markdown(_("**Your bid** (only the bids still open are offered):"))
    # At most three a row: five side by side cut "Garde contre le chien" even on a laptop's screen.
    for row in range(0, len(options), BIDS_A_ROW):
        for col, c in zip(st.columns(BIDS_A_ROW), options[row:row + BIDS_A_ROW]):
            col.button(_("Pass") if c is None else c.french.capitalize(), key=f"pr_bid_{c.value if c else 'pass'}",
                       on_click=_act, args=(Bid(table.learner, c),), width="stretch")


def _calling(table: Table, view) -> None:
    st.markdown(_("**Call a king.** Whoever holds it is your secret partner (a card of your own: you play alone)."))
    options = callable_cards(list(view.hand))
    cols = st.columns(len(options))
    for col, c in zip(cols, options):
        col.button(_("Call {card}").format(card=card_label(c)), key=f"pr_call_{c}", on_click=_act,
                   args=(CallKing(table.learner, c),))


def _ecart(table: Table, view) -> None:
    hand = list(view.hand)
    size = table.deal.rules.dog_size
    st.markdown(_("**Your écart:** pick {n} cards to put aside (no king, no oudler; a trump only if you must).")
                .format(n=size))
    need = trumps_needed(hand, size)
    if need:
        st.info(ngettext("Only {free} of your cards may go to the écart freely, so {n} trump must go too: the lowest "
                         "ones do least harm, and they are shown to everyone.",
                         "Only {free} of your cards may go to the écart freely, so {n} trumps must go too: the lowest "
                         "ones do least harm, and they are shown to everyone.", need).format(
            free=len(discardable(hand)), n=need))
    card_table(ecart_view(hand, size, token=f"pr_ecart_{table.deal.seed}_{len(table.deal.log)}"),
               key="pr_ecart_table", on_answer=_discard)
    with st.form("pr_ecart_form", border=False):
        st.text_input(_("…or type them"), key="pr_ecart_typed", placeholder=_("e.g. 2S 3S 4D 5D 6C 7C"))
        st.form_submit_button(_("Put the typed cards aside"), key="pr_ecart_go",
                              on_click=_typed, args=("pr_ecart_typed", _discard, size))


def _discard(cards) -> None:
    """The écart chosen on the table (or typed): checked by the engine, which says why it is refused."""
    table: Table = st.session_state["pr_table"]
    hand = list(table.view().hand)
    verdict = check_discard(hand, list(cards), players=table.players)
    if not verdict:
        st.session_state["pr_msg"] = (len(table.deal.log), " ".join(say(r) for r in verdict.reasons))
    else:
        _act(Discard(table.learner, tuple(cards)))


def _announcements(table: Table, view) -> None:
    if table.awaiting_start:
        st.markdown(_("**Before the first card:** you may announce a chelem (every trick). You then lead the first "
                      "trick; it earns 400 if made and costs 200 if not."))
        c1, c2 = st.columns(2)
        c1.button(_("Play without announcing"), type="primary", key="pr_start", on_click=table.start_play)
        c2.button(_("Announce a chelem"), key="pr_chelem", on_click=lambda: table.start_play(chelem=True))
        return
    first = not view.tricks and view.seat not in view.trick_seats
    if not (table.learner_to_act and first) or any(s == view.seat for s, _ in view.poignees):
        return
    levels = poignee_options(list(view.hand), players=table.players)
    if not levels:
        return
    with st.container(border=True):
        need = table.deal.rules.poignee_thresholds
        level = st.radio(_("Your hand qualifies for a poignée"), levels, horizontal=True, key="pr_poignee_level",
                         format_func=lambda lv: _("{level} ({n} trumps)").format(level=lv, n=need[lv]))
        trumps = [c for c in view.hand if c.is_trump or c.is_excuse]
        # The lowest trumps that make the count: the high ones stay hidden (lesson 23).
        best = poignee_to_show(list(view.hand), level, players=table.players, lowest=True)
        card_table(poignee_view(trumps, need[level], best, token=f"pr_poignee_{table.deal.seed}_{level}"),
                   key=f"pr_poignee_table_{level}", on_answer=_show_poignee)
        st.caption(_("Show it before your first card; its bonus goes to whichever side wins the deal. "
                     "Or just play a card to keep it hidden."))
        with st.form(f"pr_poignee_form_{level}", border=False):
            st.text_input(_("…or type the trumps to show"), " ".join(c.code for c in best), key=f"pr_poignee_{level}")
            st.form_submit_button(_("Show the typed trumps"), key="pr_poignee_go",
                                  on_click=_typed, args=(f"pr_poignee_{level}", _show_poignee, None, False))


def _show_poignee(cards) -> None:
    """The trumps chosen on the table (or typed): the engine checks the poignée and says why not."""
    table: Table = st.session_state["pr_table"]
    _act(ShowPoignee(table.learner, tuple(cards)))


def _play(table: Table, view, names) -> None:
    d = table.deal
    _announcements(table, view)
    if table.awaiting_start:
        _message(table)
        _about(table, view, names)
        return
    mine = table.learner_to_act
    sizes = [len(d.hand(s)) for s in range(d.players)]
    note = " · " + _("legal cards ringed: click one to play it") if mine else ""
    card_table(play_view(view, names, sizes, token=f"pr_{d.seed}_{len(d.log)}", hand_label=_("Your hand") + note,
                         fresh=bot_cards_since(view.trick_seats, table.learner)),
               key="pr_card_table", on_answer=lambda cards: _play_card(cards[0]))
    _message(table)  # a refused card's reason and the hint, under the hand they are about
    if mine:  # one row (wrapped on a phone), so the hand and these fit the first screen
        with st.container(horizontal=True, vertical_alignment="bottom"):
            st.button(_("Hint"), key="pr_hint_btn", on_click=_hint)
            with st.form("pr_play_form", border=False), st.container(horizontal=True, vertical_alignment="bottom"):
                st.text_input(_("…or type the card to play"), key="pr_typed", placeholder=_("…or type it, e.g. KH"),
                              width=170, label_visibility="collapsed")  # the placeholder says it
                st.form_submit_button(_("Play the typed card"), key="pr_play_go",
                                      on_click=_typed, args=("pr_typed", _play_card, 1))
    show_earlier_tricks(view.tricks, names, "pr")
    _about(table, view, names)


def _finished(table: Table, names) -> None:
    d = table.deal
    st.success(ngettext("The deal is over: {n} tricks played. Score it yourself first.",
                        "The deal is over: {n} tricks played. Score it yourself first.", len(d.tricks)).format(
        n=len(d.tricks)))
    fb = render_question(score_question(d), key=f"pr_score_{d.players}_{d.seed}")
    if fb is not None or st.session_state.get("pr_breakdown"):
        st.subheader(_("The full breakdown"))
        show_breakdown(d, names)
    else:
        st.button(_("Skip: show me the breakdown"), key="pr_breakdown_btn",
                  on_click=lambda: st.session_state.update(pr_breakdown=True))
    _score_deal(table)
    show_replay(d, names, "pr")
    _review(table)
    _sheet(names)
    st.button(_("Next deal"), type="primary", key="pr_next_deal", on_click=_next_deal,
              args=(st.session_state.get("pr_players", d.players),))


def _sheet(names) -> None:
    """The evening's running score, like a club sheet: each deal, then the running totals (Σ)."""
    evening = st.session_state.get("pr_evening")
    if evening is None or not evening.rows:
        return
    st.subheader(_("Tonight's sheet"))
    running = evening.running()
    rows = []
    for n, (r, totals) in enumerate(zip(evening.rows, running), start=1):
        rows.append({_("deal"): n, _("dealer"): names[r.dealer],
                     _("taker"): names[r.taker] if r.taker is not None else "—", _("contract"): r.contract,
                     **{names[i]: r.scores[i] for i in range(evening.players)},
                     **{f"Σ {names[i]}": totals[i] for i in range(evening.players)}})
    st.dataframe(rows, hide_index=True, width="stretch")
    lead = max(range(evening.players), key=lambda i: evening.totals[i])
    n = len(evening.rows)
    st.caption(evening_line(n, names, lead, evening.totals[lead], evening.dealer))
