"""A line of play shown trick by trick on the card table, with Previous / Next trick (issue 24).

Used for the solver's perfect line (best-card puzzles, the drills' "Show me why", lesson examples) and for
"Show me", the refutation after a wrong best-card answer (the solver's line after the learner's card, as
chess puzzle sites play it). The table is drawn read-only (mode "view"); the trick in words sits under it.
"""

from __future__ import annotations

import streamlit as st

from ..engine import Card
from .line_model import line_steps
from .table_component import card_table


def show_line(position, line: list[tuple[int, Card]], *, key: str, title: str, you: int | None = None) -> None:
    """``line`` (seats from 0) from ``position``, one trick at a time, starting at its first trick."""
    steps = line_steps(position, line, you=you)
    if not steps:
        return
    at_key = f"{key}_at"
    at = min(max(int(st.session_state.get(at_key, 0)), 0), len(steps) - 1)
    step = steps[at]
    st.markdown(f"**{title}** · trick {at + 1} of {len(steps)} of this line")
    card_table(step.view, key=f"{key}_table")
    st.caption(step.words)
    left, right = st.columns(2)
    left.button("← Previous trick", key=f"{key}_prev", disabled=at == 0, width="stretch",
                on_click=st.session_state.__setitem__, args=(at_key, at - 1))
    right.button("Next trick →", key=f"{key}_next", disabled=at == len(steps) - 1, width="stretch",
                 on_click=st.session_state.__setitem__, args=(at_key, at + 1))


__all__ = ["show_line"]
