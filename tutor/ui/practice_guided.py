"""Guided hands on the Practice page: a fixed deal, commentary at the right trick, decisions to find.

A guided hand opens from its link (``/practice?guided=petit-au-bout``).
"""

from __future__ import annotations

import streamlit as st

from ..practice.guided import load_guided
from ..practice.guided_run import GuidedRun
from .cards import card_label, cards_html
from .data import PUZZLES
from .practice_parts import names_for, show_breakdown, show_last_trick, show_replay, show_seats, show_trick
from .safe import query_choice


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


def _clicked(hand, key: str) -> None:
    card = st.session_state.get(key)
    if card is None:
        return
    run = _run(hand)
    step = run.step
    verdict = run.try_card(card)
    st.session_state["pg_verdict"] = (hand.id, run.step if verdict.ok else step, card, verdict)


def _to_decision(hand) -> None:
    _run(hand).play_to_decision()
    st.session_state.pop("pg_verdict", None)


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
    c1, c2 = st.columns(2)
    with c1:
        show_trick(view.trick, view.trick_seats, names, label=f"Trick {run.trick_number}")
    with c2:
        show_last_trick(view.tricks, names, f"pg_{gid}")
    _verdict(run)
    decision = run.decision()
    want = run.expected()
    legal = set(view.legal)
    if decision is not None:
        st.warning(f"**Your decision.** {decision.text}", icon=":material/help:")
        ring, note = legal, "legal cards ringed: which one?"
    else:
        ring, note = {want}, "the card played in this hand is ringed"
    st.markdown(f"**Your hand** · {note}")
    st.markdown(cards_html(view.hand, width=54, ring=ring, dim=[c for c in view.hand if c not in legal]),
                unsafe_allow_html=True)
    key = f"pg_card_{gid}_{run.step}"
    st.pills("Play a card", view.hand, format_func=card_label, key=key, on_change=_clicked, args=(hand, key),
             label_visibility="collapsed")
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
    shown = [m for m in run.revealed() if m.expect is None or m is not run.decision()]
    if not shown:
        return
    latest, earlier = shown[-1], shown[:-1]
    st.info(f"**Trick {latest.trick}.** {latest.text}", icon=":material/forum:")
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
