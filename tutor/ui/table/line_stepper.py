"""A line of play shown trick by trick on the card table, with Previous / Next trick (issue 24).

Used for the solver's perfect line (best-card puzzles, the drills' "Show me why", lesson examples) and for
"Show me", the refutation after a wrong best-card answer (the solver's line after the learner's card, as
chess puzzle sites play it). The table is drawn read-only (mode "view"); the trick in words sits under it.
"""

from __future__ import annotations

import streamlit as st

from ...engine import Card
from ...i18n import _
from ..common.workload import limited
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
    st.markdown(f"**{title}** · " + _("trick {n} of {total} of this line").format(n=at + 1, total=len(steps)))
    card_table(step.view, key=f"{key}_table")
    st.caption(step.words)
    left, right = st.columns(2)
    left.button(_("← Previous trick"), key=f"{key}_prev", disabled=at == 0, width="stretch",
                on_click=st.session_state.__setitem__, args=(at_key, at - 1))
    right.button(_("Next trick →"), key=f"{key}_next", disabled=at == len(steps) - 1, width="stretch",
                 on_click=st.session_state.__setitem__, args=(at_key, at + 1))


@st.cache_data(show_spinner=False, max_entries=512)
def refutation(position_text: str, code: str) -> list[tuple[int, str]]:
    """The solver's line after ``code`` is played (seats from 0, codes), the card itself first."""
    from ...engine import card
    from ...strategy import Position, solve
    pos = Position.parse(position_text)
    after = pos.play(card(code))
    rest = [] if after.cards_left == 0 else limited(st.warning, lambda: [(seat, c.code) for seat, c in solve(
        after, line=True).line], stop=True)[1]
    return [(pos.to_play, code), *rest]


def show_me(position, mine: Card, *, key: str) -> None:
    """After a wrong card: a "Show me" button, then the refutation (what perfect play does after the learner's
    card) trick by trick on the table."""
    from ...engine import card
    from ..common.cards import card_name
    shown = f"{key}_shown"
    if not st.session_state.get(shown):
        st.button(_("Show me"), key=f"{key}_btn", on_click=st.session_state.__setitem__, args=(shown, True),
                  help=_("Play out what happens after your card, with perfect play"))
        return
    with st.spinner(_("Playing out the deal after your card…")):
        line = refutation(position.dump(), mine.code)
    show_line(position, [(s, card(c)) for s, c in line], key=key,
              title=_("After your {card}, with perfect play").format(card=card_name(mine)))


__all__ = ["refutation", "show_line", "show_me"]
