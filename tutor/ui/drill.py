"""The Drill: endless generated questions on the chosen skills, with instant feedback and a streak."""

from __future__ import annotations

import random

import streamlit as st

from ..quiz import KINDS
from .question import question_block

KIND_LABELS = {
    "count": "Counting a pile", "target": "The target", "legal": "Legal cards", "winner": "Who wins the trick",
    "ecart": "The écart", "bidding": "Bidding", "poignee": "Poignée", "score": "Scoring a deal",
    "five": "Five players", "excuse": "The Excuse and the last trick",
}


def _new_question(kinds: list[str]) -> None:
    rng = random.Random()
    st.session_state["drill_kind"] = rng.choice(kinds)
    st.session_state["drill_seed"] = rng.randrange(1, 10**6)
    st.session_state["drill_scored"] = False


def render() -> None:
    st.title("Drill")
    st.caption("Fresh questions on each skill, checked by the rules engine. Share a question by its seed.")
    kinds = [k for k in KIND_LABELS if k in KINDS]
    c1, c2, c3 = st.columns([3, 1, 1])
    chosen = c1.multiselect("Skills", kinds, default=st.session_state.get("drill_kinds", ["legal"]),
                            format_func=KIND_LABELS.get, key="drill_kinds")
    players = c2.selectbox("Players", (3, 4, 5), index=1, key="drill_players")
    difficulty = c3.selectbox("Difficulty", (1, 2, 3), key="drill_difficulty")
    if not chosen:
        st.info("Choose at least one skill to drill.")
        return
    wanted = st.query_params.get("seed")
    if wanted and wanted.isdigit() and st.session_state.get("drill_seed") != int(wanted):
        st.session_state["drill_seed"] = int(wanted)
        st.session_state["drill_kind"] = st.query_params.get("kind", chosen[0])
        st.session_state["drill_scored"] = False
    if st.session_state.get("drill_kind") not in chosen:
        _new_question(chosen)

    kind, seed = st.session_state["drill_kind"], st.session_state["drill_seed"]
    allowed = KINDS[kind].players
    if players not in allowed:  # e.g. the called king needs 5 players
        st.caption(f"{KIND_LABELS[kind]} questions are for {' or '.join(map(str, allowed))} players.")
        players = allowed[-1]
    streak = st.session_state.get("drill_streak", 0)
    m1, m2, m3 = st.columns(3)
    m1.metric("Streak", streak)
    m2.metric("Answered", st.session_state.get("drill_answered", 0))
    m3.metric("Right", st.session_state.get("drill_right", 0))
    st.caption(f"{KIND_LABELS[kind]} · seed **{seed}** · {players} players · difficulty {difficulty}")
    key = f"drill_{kind}_{seed}_{players}_{difficulty}"
    fb = question_block(kind, seed=seed, params={"players": players, "difficulty": difficulty}, key=key)
    if fb is not None and not st.session_state.get("drill_scored"):
        st.session_state["drill_scored"] = True
        st.session_state["drill_answered"] = st.session_state.get("drill_answered", 0) + 1
        if fb.correct:
            st.session_state["drill_right"] = st.session_state.get("drill_right", 0) + 1
            st.session_state["drill_streak"] = streak + 1
        else:
            st.session_state["drill_streak"] = 0
        st.rerun()
    if st.button("Try again with a new position →", type="primary", key="drill_next"):
        st.query_params.pop("seed", None)
        _new_question(chosen)
        st.rerun()
