"""The Worksheets page: printable question sheets with their answer keys, and the blank score sheet.

PDFs are made only when a button is pressed (``tutor.worksheets``, about 1 s for 20 questions) and
kept in the session, so reruns of the page cost nothing. The same choices as
``tarot-tutor worksheet`` give the same sheet (question *i* has the seed ``seed + i``).
"""

from __future__ import annotations

import random

import streamlit as st

from ...engine import TarotError
from ...i18n import _, language
from ...quiz import KINDS
from ...worksheets import answers_pdf, make_worksheet, worksheet_pdf
from ...worksheets.worksheet import PRINTABLE
from ..common.widgets import blank_sheet_download, download

PDFS = "ws_pdfs"  # session key: (choices, worksheet bytes, answer key bytes) of the last sheet made
ANY = "any"


def _kind_label(kind: str) -> str:
    """The kind of question in words, as the worksheet's heading says it (never its code name)."""
    return _(KINDS[kind].summary)


def render() -> None:
    st.title(_("Worksheets"))
    st.caption(_("Print questions for a class or a club night; the answer key, with worked explanations, "
                 "is a separate PDF."))
    render_worksheet_form()
    st.divider()
    st.subheader(_("Blank score sheet"))
    blank_sheet_download(())


def render_worksheet_form() -> None:
    st.session_state.setdefault("ws_seed", random.randrange(1, 10_000))
    with st.form("ws_form", border=True):
        st.multiselect(_("Kinds of question"), list(PRINTABLE), default=["score", "legal"], format_func=_kind_label,
                       key="ws_kinds", placeholder=_("Choose options"))
        c1, c2 = st.columns(2)
        c1.number_input(_("Questions"), min_value=1, max_value=60, value=20, step=1, key="ws_count")
        c2.number_input(_("Seed (same seed, same sheet)"), min_value=0, max_value=10**9, step=1, key="ws_seed")
        c1, c2 = st.columns(2)
        c1.segmented_control(_("Players"), [ANY, 3, 4, 5], default=ANY, key="ws_players", format_func=_any)
        c2.segmented_control(_("Difficulty"), [ANY, 1, 2, 3], default=ANY, key="ws_difficulty", format_func=_any)
        pressed = st.form_submit_button(_("Make the PDFs"), type="primary", icon=":material/print:")
    if pressed:
        _make()
    made = st.session_state.get(PDFS)
    if made and made[0].get("language", "en") == language():  # a sheet made in the other language is not offered
        choices, sheet, key = made
        st.success(_("{n} questions ({kinds}), seed {seed}.").format(
            n=choices["count"], kinds=", ".join(choices["kinds"]), seed=choices["seed"]))
        stem = f"worksheet-{'-'.join(choices['kinds'])}-{choices['seed']}"
        c1, c2 = st.columns(2)
        download(c1, _("Worksheet (PDF)"), sheet, file_name=f"{stem}.pdf", mime="application/pdf",
                 key="ws_dl_sheet", icon=":material/download:", width="stretch")
        download(c2, _("Answer key (PDF)"), key, file_name=f"{stem}-answers.pdf", mime="application/pdf",
                 key="ws_dl_key", icon=":material/download:", width="stretch")


def _make() -> None:
    ss = st.session_state
    kinds = list(ss.get("ws_kinds") or [])
    if not kinds:
        st.error(_("**kinds**: choose at least one kind of question."))
        return
    players = None if ss.get("ws_players") in (None, ANY) else int(ss["ws_players"])
    difficulty = None if ss.get("ws_difficulty") in (None, ANY) else int(ss["ws_difficulty"])
    choices = {"kinds": kinds, "count": int(ss["ws_count"]), "seed": int(ss["ws_seed"]), "players": players,
               "difficulty": difficulty, "language": language()}
    try:
        with st.spinner(_("Making {n} questions and their answer key…").format(n=choices["count"])):
            ws = make_worksheet(kinds, choices["count"], choices["seed"], players=players, difficulty=difficulty)
            ss[PDFS] = (choices, worksheet_pdf(ws), answers_pdf(ws))
    except TarotError as err:  # e.g. a kind that has no 3-player version
        st.error(_("No worksheet made: {problem}").format(problem=err))


def _any(value) -> str:
    return _("any") if value == ANY else str(value)
