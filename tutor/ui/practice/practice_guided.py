"""Guided hands on the Practice page: a fixed deal, commentary at the right trick, decisions to find.

A guided hand opens from its link (``/practice?guided=petit-au-bout``).
"""

from __future__ import annotations

import streamlit as st

from ...engine import TarotError, parse_cards
from ...i18n import _, language
from ...practice.guided import load_guided
from ...practice.guided_run import GuidedRun
from ..common.cards import card_label, cards_html
from ..common.data import PUZZLES
from ..common.safe import query_choice
from ..common.text import card_name, error_text
from ..table.table_component import card_table
from ..table.table_model import bot_cards_since, play_view
from .practice_parts import names_for, show_breakdown, show_earlier_tricks, show_replay, show_seats


@st.cache_resource(show_spinner=False)
def guided_hands(lang: str = "en"):
    """Every valid guided hand in ``lang`` (a file with a problem is left out; `tarot-tutor check` names it)."""
    return load_guided(PUZZLES / "guided", lang)


def _run(hand) -> GuidedRun:
    runs = st.session_state.setdefault("pg_runs", {})
    if hand.id not in runs:
        runs[hand.id] = GuidedRun.start(hand)
    runs[hand.id].hand = hand  # the same moves; its words in the language chosen now
    return runs[hand.id]


def _restart(hand) -> None:
    st.session_state.setdefault("pg_runs", {})[hand.id] = GuidedRun.start(hand)
    st.session_state.pop("pg_verdict", None)
    st.session_state.pop("pg_jump", None)


def _clicked(hand, card) -> None:
    """A card clicked on the table (or typed) in a guided hand: the run says whether it is the one."""
    st.session_state.pop("pg_jump", None)
    run = _run(hand)
    step = run.step
    verdict = run.try_card(card)
    st.session_state["pg_verdict"] = (hand.id, run.step if verdict.ok else step, card, verdict)


def _typed(hand) -> None:
    try:
        cards = parse_cards(st.session_state.get("pg_typed", ""))
    except TarotError as err:
        st.session_state["pg_typo"] = _("{error}. Type one card, like KH or T21.").format(error=error_text(err))
        return
    if len(cards) != 1:
        st.session_state["pg_typo"] = _("Type one card, like KH or T21.")
        return
    st.session_state["pg_typed"] = ""
    _clicked(hand, cards[0])


def _to_decision(hand) -> None:
    run = _run(hand)
    start = run.trick_number
    seen = {i for i, m in enumerate(hand.moments) if m in run.revealed()}
    run.play_to_decision()
    st.session_state.pop("pg_verdict", None)
    # Played through tricks start..end-1 at once: the page then tells what was said in them that the
    # learner has not read yet.
    st.session_state["pg_jump"] = (hand.id, start, run.trick_number if not run.finished else run.trick_number + 1,
                                   seen)


def render_guided() -> None:
    with st.spinner(_("Loading the guided hands…")):
        hands, problems = guided_hands(language())
    if not hands:
        st.error(_("No guided hand could be loaded. Run `tarot-tutor check puzzles/guided` to see what is wrong."))
        return
    ids = [h.id for h in hands]
    wanted = query_choice("guided", ids)
    index = ids.index(wanted) if wanted in ids else 0
    by_id = {h.id: h for h in hands}
    gid = st.selectbox(_("Guided hand"), ids, index=index, format_func=lambda i: by_id[i].title,
                       key=f"pg_pick_{wanted}")
    st.query_params["guided"] = gid
    hand = by_id[gid]
    run = _run(hand)
    names = names_for(hand.players, hand.seat)
    st.caption(_("{n} players").format(n=hand.players) + f" · {hand.summary}")
    _story(run, names)
    _comments(run)
    if run.finished:
        _end(run, names)
        return
    view = run.deal.view(hand.seat)
    show_seats(view, names, [len(run.deal.hand(s)) for s in range(hand.players)])
    _verdict(run)
    decision = run.decision()
    want = run.expected()
    legal = set(view.legal)
    if decision is not None:
        st.warning(_("**Your decision.** {text}").format(text=decision.text), icon=":material/help:")
        ring, note = legal, _("legal cards ringed: which one?")
    else:
        ring, note = {want}, _("the card played in this hand is ringed")
    sizes = [len(run.deal.hand(s)) for s in range(hand.players)]
    card_table(play_view(view, names, sizes, token=f"pg_{gid}_{run.step}", ring=ring,
                         hand_label=_("Your hand") + f" · {note}", fresh=bot_cards_since(view.trick_seats, hand.seat)),
               key=f"pg_table_{gid}", on_answer=lambda card: _clicked(hand, card[0]))
    show_earlier_tricks(view.tricks, names, f"pg_{gid}")
    typo = st.session_state.pop("pg_typo", None)
    if typo:
        st.error(typo)
    with st.form("pg_play_form", border=False):
        st.text_input(_("…or type the card to play"), key="pg_typed", placeholder=_("e.g. KH or T21"))
        st.form_submit_button(_("Play the typed card"), key="pg_play_go", on_click=_typed, args=(hand,))
    c1, c2 = st.columns(2)
    c1.button(_("Play on to the next decision"), key="pg_skip", on_click=_to_decision, args=(hand,),
              disabled=decision is not None,
              help=_("Plays the cards the hand plays for you, up to your next decision."))
    c2.button(_("Start again"), key="pg_restart", on_click=_restart, args=(hand,))


def _story(run: GuidedRun, names) -> None:
    d = run.deal
    view = d.view(run.seat)
    line = (_("**You** took a **{contract}**") if d.taker == run.seat else
            _("**{who}** took a **{contract}**")).format(who=names[d.taker], contract=d.contract.french)
    if d.called is not None:
        line += _(" and called the **{card}**").format(card=card_name(d.called))
    st.markdown(line + ".")
    if view.dog:
        st.markdown(_("**The dog (le chien):**"))
        st.markdown(cards_html(view.dog, width=40), unsafe_allow_html=True)
    if view.ecart:
        st.caption(_("Your écart: {cards}").format(cards=" ".join(card_label(c) for c in view.ecart)))


def _comments(run: GuidedRun) -> None:
    """The box speaks of the trick on the table; earlier comments fold away, and a jump over several tricks
    says what was said in them (or that nothing was)."""
    shown = [m for m in run.revealed() if m.expect is None or m is not run.decision()]
    now = run.trick_number
    jump = st.session_state.get("pg_jump")
    if jump and jump[0] == run.hand.id and jump[2] - jump[1] > 1 and not run.finished:
        start, end, seen = jump[1:]
        between = [m for i, m in enumerate(run.hand.moments) if m in shown and start <= m.trick < end and i not in seen]
        span = (_("Tricks {first} to {last}").format(first=start, last=end - 1) if end - 1 > start else
                _("Trick {n}").format(n=start))
        if between:
            st.info(_("**{span}, played for you:**").format(span=span) + "\n\n"
                    + "\n\n".join(_trick_comment(m) for m in between), icon=":material/forum:")
        else:
            st.info(_("**{span}, played for you:** no comment on them; nothing in them changes the plan.").format(
                span=span), icon=":material/forum:")
    current = [m for m in shown if m.trick == now or run.finished]
    if current and not run.finished:
        st.info("\n\n".join(_trick_comment(m) for m in current), icon=":material/forum:")
    elif not run.finished:
        st.caption(_("Trick {n}: no comment on this trick.").format(n=now))
    earlier = [m for m in shown if m.trick < now] if not run.finished else shown
    if earlier:
        with st.expander(_("Earlier comments ({n})").format(n=len(earlier))):
            for m in earlier:
                st.markdown(_trick_comment(m))


def _trick_comment(m) -> str:
    """'**Trick 4.** The comment.'"""
    return _("**Trick {n}.** {text}").format(n=m.trick, text=m.text)


def _verdict(run: GuidedRun) -> None:
    got = st.session_state.get("pg_verdict")
    if not got or got[0] != run.hand.id:
        return
    step, card, verdict = got[1:]
    if verdict.ok and step == run.step:
        if verdict.message:
            st.success(f"{card_label(card)}: {verdict.message}")
    elif not verdict.ok and step == run.step:
        want = run.expected()
        if verdict.kind == "wrong" and want is not None:
            # The decision's reason says why the hand's card is better than the one tried.
            st.error(_("**{card}** is legal, but **{better}** is better here: {why} Try again.").format(
                card=card_label(card), better=card_label(want), why=verdict.message))
        else:
            kind = {"illegal": st.error, "wrong": st.error, "script": st.warning}[verdict.kind]
            kind(_("**{card}** · {why} Try again.").format(card=card_label(card), why=verdict.message))


def _end(run: GuidedRun, names) -> None:
    st.success(_("End of the hand. Decisions missed on the way: {n}.").format(n=run.mistakes))
    if run.hand.end:
        st.markdown(run.hand.end)
    st.subheader(_("The count"))
    show_breakdown(run.deal, names)
    show_replay(run.deal, names, f"pg_{run.hand.id}")
    st.button(_("Play it again"), key="pg_again", on_click=_restart, args=(run.hand,))
