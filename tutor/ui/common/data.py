"""Cached content for the app: parsed once per process, not on every rerun."""

from __future__ import annotations

from pathlib import Path

import streamlit as st

ROOT = Path(__file__).resolve().parents[3]
LESSONS = ROOT / "lessons"
PUZZLES = ROOT / "puzzles"


def course():
    """The course in the learner's language: lessons in order, plus a problem list for any bad file (which never
    stops the rest). One cached course per language (French lessons are the English ones with French words)."""
    from ...i18n import language
    return _course(language())


@st.cache_resource(show_spinner=False)  # the pages show a spinner in the learner's language
def _course(lang: str):
    from .kept_course import kept_course
    return kept_course(LESSONS, lang, lambda: _load_course(lang))  # checked once, then kept between processes


def _load_course(lang: str):
    from ... import quiz  # noqa: F401  (importing it hands the generators that lessons name to the checker)
    from ...content.lessons import checks_with_places, load_course
    c = load_course(LESSONS, lang=lang)
    # The generated questions the check made served its course rules (no question asked twice); the lesson page
    # makes its own. Kept, they would make the course read back from the disk import every generator first.
    for lesson in c.lessons:
        for _where, step in checks_with_places(lesson):
            step._question = None
    return c


course.clear = _course.clear  # tests empty the cache with data.course.clear()


def glossary() -> list[dict]:
    """Glossary rows as dicts (french, english, definition, lesson)."""
    g = course().glossary
    if g is None:
        return []
    return [{"french": t.french, "english": t.english, "definition": t.definition, "lesson": t.lesson}
            for t in g.terms]


def puzzles():
    """Every valid puzzle, in the learner's language (a puzzle with a problem is left out; `tarot-tutor check`
    names it)."""
    from ...i18n import language
    return _puzzles(language())


@st.cache_resource(show_spinner=False)
def _puzzles(lang: str):
    from ...quiz.puzzles import load_puzzles
    return load_puzzles(PUZZLES, lang=lang)


puzzles.clear = _puzzles.clear
