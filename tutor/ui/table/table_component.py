"""The card table on screen: a Streamlit custom component (v2) with inline HTML, CSS and JavaScript.

No build step and no network: ``static/card_table.js`` and ``static/card_table.css`` are plain files read
once and handed to ``st.components.v2.component`` as strings. The browser keeps the selection; only the
answer comes back, as the trigger value ``answer`` (one rerun per answer). What to draw and what an answer
means are pure functions in ``table_model``; this module only mounts the component.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import streamlit as st

from ...engine import Card
from .table_model import TableView, read_answer

STATIC = Path(__file__).parent / "static"
HTML = '<div class="tt-root"></div>'
CSS = (STATIC / "card_table.css").read_text(encoding="utf-8")
JS = (STATIC / "card_table.js").read_text(encoding="utf-8")

_mount = st.components.v2.component("tarot_tutor.card_table", html=HTML, css=CSS, js=JS)


def card_table(table: TableView, *, key: str,
               on_answer: Callable[[tuple[Card, ...]], None] | None = None) -> tuple[Card, ...] | None:
    """Draw ``table``; return the learner's answer (the cards chosen) on the run it arrives, else None.

    With ``on_answer``, the answer is handled in a callback instead, before the page is drawn again (a
    practice move: the bots answer and the page shows the new position in the same run), and None is
    returned. An answer that does not fit this table (an old page's) is ignored."""
    def _callback() -> None:
        value = (st.session_state.get(key) or {}).get("answer")
        cards = read_answer(value, table)
        if cards is not None and on_answer is not None:
            on_answer(cards)

    # In a list: Streamlit scans each top-level value of a dict for a dataframe (``is_dataframe_like``), about a
    # tenth of a card table's run on a Play together phone; a list is sent as JSON as it is (the script unwraps it).
    result = _mount(key=key, data=[table.to_data()], on_answer_change=_callback)
    if on_answer is not None:
        return None
    return read_answer(result.get("answer"), table)
