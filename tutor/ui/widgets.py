"""Shared pieces of the pages: card rows, card pickers, answer feedback, the progress memory."""

from __future__ import annotations

from collections.abc import Iterable

import streamlit as st

from ..engine import Card, TarotError, parse_cards
from .cards import card_label, cards_html
from .safe import TEXT_LIMIT, plain


def show_cards(cards: Iterable[Card], *, label: str | None = None, width: int = 62, dim=(), ring=()) -> None:
    cards = list(cards)
    if label:
        st.markdown(f"**{label}**")
    st.markdown(cards_html(cards, width=width, dim=dim, ring=ring), unsafe_allow_html=True)


def show_card_groups(groups: dict, width: int = 62) -> None:
    for label, cards in groups.items():
        if cards:
            show_cards(cards, label=label, width=width)


def pick_cards(options: list[Card], *, key: str, multi: bool = True, label: str = "Pick the cards") -> list[Card]:
    """Pick by clicking card pills; a typed list of codes is accepted as a fallback."""
    chosen = st.pills(label, options, selection_mode="multi" if multi else "single",
                      format_func=card_label, key=f"{key}_pills")
    if chosen is None:
        chosen = []
    elif not isinstance(chosen, list):
        chosen = [chosen]
    typed = st.text_input("…or type them", key=f"{key}_typed", placeholder="e.g. T16 EX",
                          help="Any notation works: KH, R♥, roi de cœur, 21, Excuse", max_chars=TEXT_LIMIT)
    if typed.strip():
        try:
            chosen = parse_cards(typed)
        except TarotError as err:
            st.warning(f"{plain(err)}. Your clicked cards are used instead.")
    return chosen


def remember_done(kind: str, key: str) -> None:
    """Remember that this learner finished ``key`` (lessons, puzzles): saved in the progress store."""
    from .learner import remember_done as save
    save(kind, key)


def done(kind: str) -> set:
    """What this learner finished: the progress store's record plus this session's (a copy)."""
    from .learner import done as load
    return set(load(kind))


def parse_number(text: str) -> float | None:
    """Tolerant number input: '+42', '-42', '42', '40,5', ' 40.5 '."""
    t = str(text).strip().replace(",", ".").replace("−", "-").replace(" ", "")
    if t.startswith("+"):
        t = t[1:]
    try:
        return float(t)
    except ValueError:
        return None


def download(target, label: str, data, **kwargs) -> None:
    """A download button that never reruns the page when pressed (``target``: ``st`` or a column).

    A download changes nothing on the page, and the rerun would race the browser: it could drop the
    file just made (above all a callable's, made at the click) before the browser fetched it, seen as
    a 404 and a download that never starts."""
    target.download_button(label, data, on_click="ignore", **kwargs)
