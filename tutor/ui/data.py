"""Cached content for the app: parsed once per process, not on every rerun."""

from __future__ import annotations

from pathlib import Path

import streamlit as st

ROOT = Path(__file__).resolve().parents[2]
LESSONS = ROOT / "lessons"
PUZZLES = ROOT / "puzzles"


@st.cache_resource(show_spinner=False)  # the pages show a spinner in the learner's language
def course():
    """The course: lessons in order, plus a problem list for any bad file (which never stops the rest)."""
    from .. import quiz  # noqa: F401  (importing it hands the generators that lessons name to the checker)
    from ..content.lessons import load_course
    return load_course(LESSONS)


def glossary() -> list[dict]:
    """Glossary rows as dicts (french, english, definition, lesson)."""
    g = course().glossary
    if g is None:
        return []
    return [{"french": t.french, "english": t.english, "definition": t.definition, "lesson": t.lesson}
            for t in g.terms]


@st.cache_resource(show_spinner=False)
def puzzles():
    """Every valid puzzle (a puzzle with a problem is left out; `tarot-tutor check` names it)."""
    from ..quiz.puzzles import load_puzzles
    return load_puzzles(PUZZLES)
