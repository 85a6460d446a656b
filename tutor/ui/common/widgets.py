"""Shared pieces of the pages: card rows, card pickers, answer feedback, the progress memory."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

import streamlit as st

from ...engine import Card, TarotError, parse_cards
from ...i18n import _
from ...i18n.typography import minus
from .cards import cards_html
from .safe import TEXT_LIMIT, plain
from .text import error_text


def show_cards(cards: Iterable[Card], *, label: str | None = None, width: int = 62, dim=(), ring=()) -> None:
    cards = list(cards)
    if label:
        st.markdown(f"**{label}**")
    st.markdown(cards_html(cards, width=width, dim=dim, ring=ring), unsafe_allow_html=True)


def show_card_groups(groups: dict, width: int = 62) -> None:
    for label, cards in groups.items():
        if cards:
            show_cards(cards, label=label, width=width)


def typed_cards(key: str, *, single: bool = False, disabled: bool = False) -> list[Card]:
    """The fallback to the card table: the cards typed in any notation (an unreadable entry is shown
    and nothing is sent); ``disabled`` once the question is answered."""
    label = _("…or type the card") if single else _("…or type the cards")
    typed = st.text_input(label, key=f"{key}_typed", placeholder=_("e.g. T16 EX"),
                          help=_("Any notation works: KH, R♥, roi de cœur, 21, Excuse"), max_chars=TEXT_LIMIT,
                          disabled=disabled)
    if not typed.strip():
        return []
    try:
        return parse_cards(typed)
    except TarotError as err:
        st.warning(_("{error}. Type the cards like KH 10D T21 EX.").format(error=plain(error_text(err))))
        return []


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


def blank_sheet_download(names: Sequence[str]) -> None:
    """A download of the blank FFT score sheet; with a game's ``names`` it matches that game."""
    players = len(names)
    if not players:
        players = st.segmented_control(_("Players"), [3, 4, 5], default=4, key="blank_players") or 4

    def pdf() -> bytes:  # made only when the button is pressed
        from ...worksheets import blank_sheet_pdf  # the PDF library loads only then

        return blank_sheet_pdf(players, list(names))

    st.caption(_("An FFT-style sheet (feuille de marque) on A4 landscape, with the scoring tables, for "
                 "{names}.").format(names=", ".join(names)) if names else
        _("An FFT-style sheet (feuille de marque) on A4 landscape, with the scoring tables."))
    download(st, _("Blank score sheet, {n} players (PDF)").format(n=players), pdf,
             file_name=f"{_('score-sheet')}-{players}.pdf",
             mime="application/pdf", key="blank_dl", icon=":material/download:")


def minus_table(rows: list[dict], scores: Iterable[str], *, name: str):
    """``rows`` for ``st.dataframe`` with the true minus sign in the ``scores`` columns ("−27", as everywhere a
    learner reads a score): only what is drawn changes (pandas' Styler display values, ``minus``); the cells
    stay numbers, so the table still sorts them and aligns them right. An empty cell stays empty. ``name``
    keeps the Styler's id the same on every run (a random one would send a new table each time)."""
    if not rows:
        return rows
    import pandas as pd  # Streamlit's own dependency, loaded by st.dataframe anyway

    frame = pd.DataFrame(rows)
    shown = [c for c in scores if c in frame.columns]
    return frame.style.set_uuid(name).format(_score, subset=shown, na_rep="")


def _score(value) -> str:
    """A score cell as drawn: '−27', '36', '12.5' (a float column that holds whole numbers shows no '.0')."""
    number = float(value)
    return minus(f"{int(number)}" if number.is_integer() else f"{number:g}")
