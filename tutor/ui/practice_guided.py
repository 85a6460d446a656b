"""Guided hands on the Practice page: a fixed deal, commentary at the right trick, decisions to find.

A guided hand opens from its link (``/practice?guided=petit-au-bout``).
"""

from __future__ import annotations

import streamlit as st

from ..engine import TarotError, parse_cards
from ..practice.guided import load_guided
from ..practice.guided_run import GuidedRun
from .cards import card_label, cards_html
from .data import PUZZLES
from .practice_parts import names_for, show_breakdown, show_earlier_tricks, show_replay, show_seats
from .safe import query_choice
from .table_component import card_table
from .table_model import bot_cards_since, play_view


@st.cache_resource(show_spinner="Loading the guided hands…")
def guided_hands():
    """Every valid guided hand (a file with a problem is left out; `tarot-tutor check` names it)."""
    return load_guided(PUZZLES / "guided")


def _run(hand) -> GuidedRun:
    runs = st.session_state.setdefault("pg_runs", {})
    if hand.id not in runs:
        runs[hand.id] = GuidedRun.start(hand)
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
        st.session_state["pg_typo"] = f"{err}. Type one card, like KH or T21."
        return
    if len(cards) != 1:
        st.session_state["pg_typo"] = "Type one card, like KH or T21."
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
    hands, problems = guided_hands()
    if not hands:
        st.error("No guided hand could be loaded. Run `tarot-tutor check puzzles/guided` to see what is wrong.")
        return
    ids = [h.id for h in hands]
    wanted = query_choice("guided", ids)
    index = ids.index(wanted) if wanted in ids else 0
    by_id = {h.id: h for h in hands}
    gid = st.selectbox("Guided hand", ids, index=index, format_func=lambda i: by_id[i].title, key=f"pg_pick_{wanted}")
    st.query_params["guided"] = gid
    hand = by_id[gid]
    run = _run(hand)
    names = names_for(hand.players, hand.seat)
    st.caption(f"{hand.players} players · {hand.summary}")
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
        st.warning(f"**Your decision.** {decision.text}", icon=":material/help:")
        ring, note = legal, "legal cards ringed: which one?"
    else:
        ring, note = {want}, "the card played in this hand is ringed"
    sizes = [len(run.deal.hand(s)) for s in range(hand.players)]
    card_table(play_view(view, names, sizes, token=f"pg_{gid}_{run.step}", ring=ring, hand_label=f"Your hand · {note}",
                         fresh=bot_cards_since(view.trick_seats, hand.seat)),
               key=f"pg_table_{gid}", on_answer=lambda card: _clicked(hand, card[0]))
    show_earlier_tricks(view.tricks, names, f"pg_{gid}")
    typo = st.session_state.pop("pg_typo", None)
    if typo:
        st.error(typo)
    with st.form("pg_play_form", border=False):
        st.text_input("…or type the card to play", key="pg_typed", placeholder="e.g. KH or T21")
        st.form_submit_button("Play the typed card", key="pg_play_go", on_click=_typed, args=(hand,))
    c1, c2 = st.columns(2)
    c1.button("Play on to the next decision", key="pg_skip", on_click=_to_decision, args=(hand,),
              disabled=decision is not None, help="Plays the cards the hand plays for you, up to your next decision.")
    c2.button("Start again", key="pg_restart", on_click=_restart, args=(hand,))


def _story(run: GuidedRun, names) -> None:
    d = run.deal
    view = d.view(run.seat)
    line = f"**{names[d.taker]}** took a **{d.contract.french}**"
    if d.called is not None:
        line += f" and called the **{d.called.name}**"
    st.markdown(line + ".")
    if view.dog:
        st.markdown("**The dog (le chien):**")
        st.markdown(cards_html(view.dog, width=40), unsafe_allow_html=True)
    if view.ecart:
        st.caption("Your écart: " + " ".join(card_label(c) for c in view.ecart))


def _comments(run: GuidedRun) -> None:
    """The box speaks of the trick on the table; earlier comments fold away, and a jump over several tricks
    says what was said in them (or that nothing was)."""
    shown = [m for m in run.revealed() if m.expect is None or m is not run.decision()]
    now = run.trick_number
    jump = st.session_state.get("pg_jump")
    if jump and jump[0] == run.hand.id and jump[2] - jump[1] > 1 and not run.finished:
        _, start, end, seen = jump
        between = [m for i, m in enumerate(run.hand.moments) if m in shown and start <= m.trick < end and i not in seen]
        span = f"Tricks {start} to {end - 1}" if end - 1 > start else f"Trick {start}"
        if between:
            st.info(f"**{span}, played for you:**\n\n" + "\n\n".join(f"**Trick {m.trick}.** {m.text}"
                                                                        for m in between), icon=":material/forum:")
        else:
            st.info(f"**{span}, played for you:** no comment on them; nothing in them changes the plan.",
                    icon=":material/forum:")
    current = [m for m in shown if m.trick == now or run.finished]
    if current and not run.finished:
        st.info("\n\n".join(f"**Trick {m.trick}.** {m.text}" for m in current), icon=":material/forum:")
    elif not run.finished:
        st.caption(f"Trick {now}: no comment on this trick.")
    earlier = [m for m in shown if m.trick < now] if not run.finished else shown
    if earlier:
        with st.expander(f"Earlier comments ({len(earlier)})"):
            for m in earlier:
                st.markdown(f"**Trick {m.trick}.** {m.text}")


def _verdict(run: GuidedRun) -> None:
    got = st.session_state.get("pg_verdict")
    if not got or got[0] != run.hand.id:
        return
    _, step, card, verdict = got
    if verdict.ok and step == run.step:
        if verdict.message:
            st.success(f"{card_label(card)}: {verdict.message}")
    elif not verdict.ok and step == run.step:
        want = run.expected()
        if verdict.kind == "wrong" and want is not None:
            # The decision's reason says why the hand's card is better than the one tried.
            st.error(f"**{card_label(card)}** is legal, but **{card_label(want)}** is better here: {verdict.message} "
                     "Try again.")
        else:
            kind = {"illegal": st.error, "wrong": st.error, "script": st.warning}[verdict.kind]
            kind(f"**{card_label(card)}** · {verdict.message} Try again.")


def _end(run: GuidedRun, names) -> None:
    st.success(f"End of the hand. Decisions missed on the way: {run.mistakes}.")
    if run.hand.end:
        st.markdown(run.hand.end)
    st.subheader("The count")
    show_breakdown(run.deal, names)
    show_replay(run.deal, names, f"pg_{run.hand.id}")
    st.button("Play it again", key="pg_again", on_click=_restart, args=(run.hand,))
