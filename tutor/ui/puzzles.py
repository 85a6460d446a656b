"""Puzzles: hand-written positions by theme and difficulty, solved here, with a record of solved ones."""

from __future__ import annotations

import streamlit as st

from .data import puzzles
from .question import render_question
from .widgets import done, remember_done

STARS = {1: "★☆☆", 2: "★★☆", 3: "★★★"}


def render() -> None:
    st.title("Puzzles")
    all_puzzles = puzzles()
    if not all_puzzles:
        st.error("No puzzle could be loaded. Run `tarot-tutor check puzzles` to see what is wrong.")
        return
    solved = done("puzzles")
    st.progress(len(solved) / len(all_puzzles), text=f"{len(solved)} of {len(all_puzzles)} puzzles solved")
    themes = sorted({t for p in all_puzzles for t in p.tags})
    c1, c2 = st.columns([3, 1])
    picked_themes = c1.multiselect("Themes", themes, key="pz_themes")
    level = c2.selectbox("Difficulty", ("any", 1, 2, 3), format_func=lambda v: v if v == "any" else STARS[v],
                         key="pz_level")
    shown = [p for p in all_puzzles
             if (not picked_themes or set(picked_themes) & set(p.tags)) and (level == "any" or p.difficulty == level)]
    if not shown:
        st.info("No puzzle matches these filters.")
        return
    ids = [p.id for p in shown]
    wanted = st.query_params.get("puzzle")
    index = ids.index(wanted) if wanted in ids else 0
    label = {p.id: f"{'✅ ' if p.id in solved else ''}{STARS[p.difficulty]}  {p.title}" for p in shown}
    pid = st.selectbox("Puzzle", ids, index=index, format_func=label.get, key=f"pz_pick_{wanted}")
    st.query_params["puzzle"] = pid
    puzzle = next(p for p in shown if p.id == pid)
    st.caption(f"{puzzle.players} players · " + ", ".join(puzzle.tags))
    st.subheader(puzzle.title)
    fb = render_question(puzzle.to_question(), key=f"pz_{pid}")
    if fb is not None and fb.correct and pid not in solved:
        remember_done("puzzles", pid)
        st.rerun()
    with st.expander("Show the solution"):
        q = puzzle.to_question()
        st.markdown(f"**{q.answer_text}**")
        st.markdown(puzzle.explanation or q.explanation)
