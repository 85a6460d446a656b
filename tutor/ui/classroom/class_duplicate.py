"""Duplicate in class, learner side: play the session's deals one after the other at Practice's table, then
see each deal's result, its topage against the class so far, and the deal review.

The class page (``classroom``) joins, rejoins and keeps the token as for a quiz, and hands a duplicate
session here. The table lives in the session; each move of the learner is saved at once
(``tutor.classroom.duplicate.save``: checked against the bots), so a reload or a rejoin carries on from the
last move. The class's scores on a deal are read only once the learner has finished it.
"""

from __future__ import annotations

import streamlit as st

from ... import i18n
from ...classroom import duplicate as dup
from ...classroom import duplicate_stats as ds
from ...classroom.store import ClassError, ClassStore, QuizInfo
from ...club.duplicate import WEIGHTS
from ...engine import (
    Bid,
    CallKing,
    Contract,
    Discard,
    IllegalAction,
    Phase,
    PlayCard,
    ShowPoignee,
    callable_cards,
    poignee_options,
    poignee_to_show,
)
from ...engine.seats import seat_label
from ...i18n import _, ngettext
from ...practice.table import Table
from ..common.cards import card_label, cards_html
from ..common.safe import plain
from ..common.text import say
from ..practice.deal_info import auction_summary as _auction_summary
from ..practice.practice_parts import move_text, names_for, show_breakdown, show_earlier_tricks, show_seats
from ..practice.review import _review
from ..table.table_component import card_table
from ..table.table_model import bot_cards_since, ecart_view, play_view
from ..table.table_view import show_table

TABLE = "dc_table"  # session key: (token, deal number, Table) of the deal in play
MSG = "dc_msg"  # session key: (log length, message) after a refused move
HINT = "dc_hint"  # session key: (log length, move) of the last hint
NEXT = "dc_next"  # session key: the deal numbers whose result the learner has left for the next deal


def play(cs: ClassStore, token: str, quiz: QuizInfo) -> None:
    """The learner's page of a duplicate session (after the class page's header)."""
    plays = dup.mine(cs, token)[2]
    total = len(quiz.deals)
    done = [n for n in range(total) if n in plays and plays[n].done]
    current = next((n for n in range(total) if n not in done), None)
    last = max(done, default=None)
    # After a deal: its result, until the learner moves on (a started next deal has moved on too).
    if last is not None and (current is None or (current not in plays and last not in st.session_state.get(NEXT, ()))):
        _result(cs, token, quiz, last, plays[last], current)
        _so_far(cs, token, quiz, plays, done)
        return
    if current is None:
        return
    if not quiz.open_at(_now()):
        st.error(_("The session “{title}” has ended: no more deals can be played.").format(title=plain(quiz.title)))
        _so_far(cs, token, quiz, plays, done)
        return
    st.progress(len(done) / total, text=_("Deal {n} of {total}").format(n=current + 1, total=total))
    table = _table(token, quiz, current, plays.get(current))
    _deal(cs, table)
    _so_far(cs, token, quiz, plays, done)


def _table(token: str, quiz: QuizInfo, number: int, saved) -> Table:
    got = st.session_state.get(TABLE)
    behind = saved is not None and len(got[2].deal.log) < len(saved.log.split()) if got else False  # another tab
    if got is None or got[:2] != (token, number) or behind:
        got = (token, number, dup.table_of(quiz, number, saved))
        st.session_state[TABLE] = got
    return got[2]


def _go_next(number: int) -> None:
    st.session_state[NEXT] = (*st.session_state.get(NEXT, ()), number)


def _act(cs: ClassStore, token: str, number: int, action, *, start: bool | None = None) -> None:
    """A learner move from a callback: played at the table (the bots answer), then saved; refused moves and
    refused saves are explained, and a refused save puts the table back as the database has it."""
    table = st.session_state[TABLE][2]
    try:
        if start is not None:
            table.start_play(chelem=start)
        else:
            table.act(action)
    except IllegalAction as err:
        st.session_state[MSG] = (len(table.deal.log), str(err))
        return
    try:
        dup.save(cs, token, number, table.deal.log)
        st.session_state.pop(MSG, None)
    except ClassError as err:
        st.session_state.pop(TABLE, None)
        st.session_state[MSG] = (-1, str(err))


def _deal(cs: ClassStore, table: Table) -> None:
    token, number = st.session_state[TABLE][:2]
    d = table.deal
    view = table.view()
    names = names_for(d.players, table.learner)
    st.caption((_("{players} players · you dealt · everyone in the class holds these cards in your seat, "
                  "against the same bots. Each move is saved as you make it and cannot be taken back.")
                if d.dealer == table.learner else
                _("{players} players · {dealer} dealt · everyone in the class holds these cards in your seat, "
                  "against the same bots. Each move is saved as you make it and cannot be taken back.")).format(
        players=d.players, dealer=names[d.dealer]))
    msg = st.session_state.get(MSG)
    if msg and msg[0] in (-1, len(d.log)):
        st.error(msg[1])
    hint = st.session_state.get(HINT)
    if hint and hint[0] == (token, number, len(d.log)):
        st.info(_("**Hint: {move}.** {reason}").format(move=move_text(hint[1].action), reason=say(hint[1].reason)),
                icon=":material/lightbulb:")
    if d.phase is Phase.BIDDING:
        show_table(d.players, d.dealer, names=[f"{n}, {seat_label(s)}" for s, n in enumerate(names)])
    _auction_summary(view, names)
    if d.phase is Phase.PLAYING:
        _playing(cs, token, number, table, view, names)
        return
    if not (d.phase is Phase.ECART and table.learner_to_act):
        st.markdown(_("**Your hand**"))
        st.markdown(cards_html(view.hand, width=54), unsafe_allow_html=True)
    if not table.learner_to_act:
        return
    if d.phase is Phase.BIDDING:
        highest = max((b for _, b in view.bids if b is not None), default=None)
        options = [None] + [c for c in Contract if (highest is None or c > highest) and view.seat not in view.barred]
        st.markdown(_("**Your bid** (only the bids still open are offered):"))
        for col, c in zip(st.columns(len(options)), options):
            col.button(_("Pass") if c is None else c.french.capitalize(), key=f"dc_bid_{c.value if c else 'pass'}",
                       on_click=_act, args=(cs, token, number, Bid(table.learner, c)), width="stretch")
    elif d.phase is Phase.CALLING:
        st.markdown(_("**Call a king.** Whoever holds it is your secret partner."))
        options = callable_cards(list(view.hand))
        for col, c in zip(st.columns(len(options)), options):
            col.button(_("Call {card}").format(card=card_label(c)), key=f"dc_call_{c}", on_click=_act,
                       args=(cs, token, number, CallKing(table.learner, c)))
    elif d.phase is Phase.ECART:
        size = d.rules.dog_size
        st.markdown(_("**Your écart:** pick {n} cards to put aside (no king, no oudler; a trump only if you "
                      "must).").format(n=size))
        card_table(ecart_view(list(view.hand), size, token=f"dc_ecart_{number}_{len(d.log)}"), key="dc_ecart_table",
                   on_answer=lambda cards: _act(cs, token, number, _ecart(table, cards)))
        _typed("dc_ecart_typed", _("…or type them"), _("Put the typed cards aside"),
               lambda cards: _act(cs, token, number, _ecart(table, cards)))
    _hint_button(table, token, number)


def _ecart(table: Table, cards) -> Discard:
    """The écart, its cards in one order: two learners who chose the same cards made the same écart."""
    return Discard(table.learner, tuple(sorted(cards, key=lambda c: c.index)))


def _typed(key: str, label: str, button: str, then) -> None:
    """The typed fallback to the card table (as on the Practice page)."""
    from ...engine import TarotError, parse_cards

    def go() -> None:
        try:
            cards = parse_cards(st.session_state.get(key, ""))
        except TarotError as err:
            st.session_state[MSG] = (-1, _("{problem}. Type cards like KH, 10D, T21 or EX.").format(problem=err))
            return
        st.session_state[key] = ""
        if cards:
            then(cards)
    with st.form(f"{key}_form", border=False):
        st.text_input(label, key=key, placeholder=_("e.g. KH or T21"))
        st.form_submit_button(button, on_click=go)


def _hint_button(table: Table, token: str, number: int) -> None:
    def hint() -> None:
        with st.spinner(_("Working out the hint…")):
            st.session_state[HINT] = ((token, number, len(table.deal.log)), table.hint())
    st.button(_("Hint"), key="dc_hint_btn", on_click=hint)


def _playing(cs, token: str, number: int, table: Table, view, names) -> None:
    d = table.deal
    show_seats(view, names, [len(d.hand(s)) for s in range(d.players)])
    if table.awaiting_start:
        st.markdown(_("**Before the first card:** you may announce a chelem (every trick). You then lead the first "
                      "trick; it earns 400 if made and costs 200 if not."))
        c1, c2 = st.columns(2)
        c1.button(_("Play without announcing"), type="primary", key="dc_start", on_click=_act,
                  args=(cs, token, number, None), kwargs={"start": False})
        c2.button(_("Announce a chelem"), key="dc_chelem", on_click=_act, args=(cs, token, number, None),
                  kwargs={"start": True})
        return
    mine = table.learner_to_act
    first = not view.tricks and view.seat not in view.trick_seats
    levels = poignee_options(list(view.hand), players=d.players) if mine and first else ()
    if levels and not any(s == view.seat for s, _ in view.poignees):
        level = levels[-1]
        best = poignee_to_show(list(view.hand), level, players=d.players)
        st.button(_("Show a poignée: {cards}").format(cards=", ".join(card_label(c) for c in best)), key="dc_poignee",
                  on_click=_act,
                  args=(cs, token, number, ShowPoignee(table.learner, tuple(best))),
                  help=_("Before your first card; or just play a card to keep it hidden."))
    sizes = [len(d.hand(s)) for s in range(d.players)]
    note = _(" · legal cards ringed: click one to play it") if mine else ""
    card_table(play_view(view, names, sizes, token=f"dc_{number}_{len(d.log)}", hand_label=_("Your hand") + note,
                         fresh=bot_cards_since(view.trick_seats, table.learner)),
               key="dc_card_table", on_answer=lambda cards: _act(cs, token, number, PlayCard(table.learner, cards[0])))
    show_earlier_tricks(view.tricks, names, "dc")
    if mine:
        _typed("dc_typed", _("…or type the card to play"), _("Play the typed card"),
               lambda cards: _act(cs, token, number, PlayCard(table.learner, cards[0])))
        _hint_button(table, token, number)


# ---------------------------------------------------------------- after a deal


def _result(cs: ClassStore, token: str, quiz: QuizInfo, number: int, mine, nxt: int | None) -> None:
    total = len(quiz.deals)
    scores = dup.class_scores(cs, token, number)
    note = ds.note_of(mine.score, scores)
    role = _("in attack (your seat took)") if mine.took else _("in defence (your seat did not take)")
    pct = i18n.number(ds.pct(note))
    st.subheader(_("Deal {n} of {total}: your score {score}, {pct} %").format(n=number + 1, total=total,
                                                                            score=f"{mine.score:+d}", pct=pct))
    others = len(scores) - 1
    st.markdown(_("You played this deal **{role}**. ").format(role=role)
                + (ngettext("Compared with the {n} other learner who has finished it so far: **{pct} %**.",
                            "Compared with the {n} other learners who have finished it so far: **{pct} %**.",
                            others).format(n=others, pct=pct) if others else
                   _("Nobody else has finished it yet: a deal played once gets **50 %** until others finish it.")))
    st.caption(_("How it is computed (the FFT's topage): everyone held your seat, so your score is compared with "
                 "the class's scores on this deal. The best gets 100 %, the worst 0 %, the others evenly between by "
                 "rank, and equal scores share their notes. Your global % is {attack} of your mean note in attack "
                 "+ {defence} of your mean note in defence.").format(
        attack=f"{WEIGHTS['attack'].numerator}/{WEIGHTS['attack'].denominator}",
        defence=f"{WEIGHTS['defence'].numerator}/{WEIGHTS['defence'].denominator}"))
    spread = ds.spread(scores)
    if spread["results"] > 1:
        st.markdown(_("**The class so far:** {n} results, from {lowest} to {highest} (middle {median}).").format(
            n=spread["results"], lowest=f"{spread['lowest']:+d}", highest=f"{spread['highest']:+d}",
            median=signed(spread["median"])))
    table = dup.table_of(quiz, number, mine)
    names = names_for(table.players, table.learner)
    if table.deal.phase is Phase.DONE:
        with st.expander(_("The full breakdown of the deal")):
            show_breakdown(table.deal, names)
    else:
        st.info(_("Everyone passed: the deal was not played, and it scores 0."))
    if nxt is not None:
        st.button(_("Next deal ({n} of {total})").format(n=nxt + 1, total=total), type="primary",
                  key=f"dc_next_{number}",
                  on_click=_start_next, args=(cs, token, quiz, nxt, number))
    else:
        st.success(_("You have played every deal of the session. Your teacher will go through them with the class."))
    if table.deal.phase is Phase.DONE:
        _review(table, replay=False)


def _start_next(cs: ClassStore, token: str, quiz: QuizInfo, nxt: int, number: int) -> None:
    """Open the next deal: the bots' moves before the learner's first bid are saved, so a reload carries on."""
    _go_next(number)
    table = dup.table_of(quiz, nxt, None)
    try:
        dup.save(cs, token, nxt, table.deal.log)
    except ClassError as err:
        st.session_state[MSG] = (-1, str(err))


def _so_far(cs: ClassStore, token: str, quiz: QuizInfo, plays: dict, done: list[int]) -> None:
    """The learner's deals so far: score, note against the class so far, attack or defence, and the global %."""
    if not done:
        return
    rows, att, dfc = [], [], []
    for n in done:
        p = plays[n]
        note = ds.note_of(p.score, dup.class_scores(cs, token, n))
        (att if p.took else dfc).append(note)
        rows.append({_("deal"): n + 1, _("your score"): p.score, _("note %"): ds.pct(note),
                     _("played in"): _("attack") if p.took else _("defence")})
    from fractions import Fraction

    from ...club.duplicate import global_pct
    a = sum(att, Fraction(0)) / len(att) if att else None
    d = sum(dfc, Fraction(0)) / len(dfc) if dfc else None
    with st.expander(_("Your deals so far: global {pct} %").format(pct=i18n.number(ds.pct(global_pct(a, d)))),
                     expanded=False):
        st.dataframe(rows, hide_index=True, width="stretch")
        st.caption(_("The notes change as more of the class finishes each deal."))


def signed(x) -> str:
    """A signed number as the language writes it: +3.5 in English, +3,5 in French."""
    return ("+" if x >= 0 else "") + i18n.number(x)


def _now():
    from ...db import utcnow
    return utcnow()
