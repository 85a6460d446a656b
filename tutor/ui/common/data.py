"""Cached content for the app: parsed once per process, not on every rerun."""

from __future__ import annotations

import threading
from concurrent.futures import Future
from pathlib import Path

import streamlit as st

ROOT = Path(__file__).resolve().parents[3]
LESSONS = ROOT / "lessons"
PUZZLES = ROOT / "puzzles"


def course():
    """The course in the learner's language: lessons in order, plus a problem list for any bad file (which never
    stops the rest). One cached course per language (French lessons are the English ones with French words).
    Checked against the engine: a page that opens a lesson waits for the check if it is still running."""
    from ...i18n import language
    return _check(language()).result()


def course_map():
    """The course for the map of lessons (their titles, summaries, skills, minutes): the checked course when this
    process or an earlier one (from the disk) has it; else, on a new install or after an update, the lessons as
    read (a fifth of a second, where the check against the engine takes several seconds). The page then calls
    ``check_soon`` as its last step."""
    from ...i18n import language
    check = _check(language())
    return check.result() if check.done() else _course_as_read(language())


def check_soon() -> None:
    """Start checking the course a moment from now, in a thread, unless it is checked or being checked: called at
    the end of a run, so the page is on the learner's screen first. Kept on disk for the next processes."""
    from ...i18n import language
    _check(language()).start_soon()


class _Check:
    """The course check of one language, run once per process: at once by ``result()``, or in a thread shortly
    after a run (``start_soon``); whoever comes second waits for the same result."""

    DELAY = 1.0  # s after the map's run: its page is sent before the check takes the interpreter

    def __init__(self, lang: str, kept, key: str):
        self.lang, self.key = lang, key
        self.future: Future = Future()
        self.started = kept is not None
        self.lock = threading.Lock()
        if kept is not None:
            self.future.set_result(kept)

    def done(self) -> bool:
        return self.future.done()

    def _claim(self) -> tuple[bool, Future]:
        """(whether this caller runs the check, the future its result comes in), read together under the lock."""
        with self.lock:
            claimed, self.started = not self.started, True
            return claimed, self.future

    def start_soon(self) -> None:
        if not self.started:
            timer = threading.Timer(self.DELAY, self._run_if_free)
            timer.daemon = True
            timer.start()

    def _run_if_free(self) -> None:
        claimed, future = self._claim()
        if claimed:
            self._run(future)

    def result(self):
        claimed, future = self._claim()
        if claimed:
            self._run(future)
        return future.result()  # this call's future: a failed check's waiters get its error, never a fresh one's wait

    def _run(self, future: Future) -> None:
        from .kept_course import keep
        try:
            course = _load_course(self.lang)
        except BaseException as err:  # the waiting pages show it, as any error of the load; the next call tries again
            with self.lock:
                self.future, self.started = Future(), False
            future.set_exception(err)
            return
        keep(LESSONS, self.lang, self.key, course)
        future.set_result(course)


@st.cache_resource(show_spinner=False)  # the pages show a spinner in the learner's language
def _check(lang: str) -> _Check:
    from .kept_course import read_kept
    return _Check(lang, *read_kept(LESSONS, lang))  # checked once, then kept between processes


@st.cache_resource(show_spinner=False)
def _course_as_read(lang: str):
    from ...content.lessons import load_course
    return load_course(LESSONS, lang=lang, verify=False)


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


def _clear() -> None:
    _check.clear()
    _course_as_read.clear()


course.clear = _clear  # tests empty the cache with data.course.clear()


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
