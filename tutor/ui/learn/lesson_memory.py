"""The lesson page's memory: the current attempt's answers, read from the progress store once per session
and lesson and written through on every answer (``tutor.progress.lesson_store``). A guest, or a session
whose database cannot be read, keeps them in the session only.
"""

from __future__ import annotations

import streamlit as st

from ...db import utcnow
from ...engine import Card
from ...progress import lesson_store as ls
from ..common import learner as lr

# Starts with "progress_cache", so a switch of learner forgets it with the other reads (learner._forget_reads).
KEY = "progress_cache_lessons"
# This session's stars and skipped lessons, per learner: a guest's only record, and the course map's while
# the database cannot be written.
SEEN = "lesson_marks_seen"


def _fresh() -> dict:
    return {"status": "open", "first": {}, "again": {}, "given": {}, "stars": None}


def attempt(lesson_id: str) -> dict:
    """The current attempt: {"status", "first": {step: right}, "again": {step: right}, "given": {(again,
    step): answer}, "stars"}; steps count from 0 over the lesson's steps and closing quiz."""
    lid = lr.learner_id()
    box = st.session_state.setdefault(KEY, {})
    if (lid, lesson_id) not in box:
        stored = lr.guarded(ls.latest_attempt, lid, lesson_id) if lid is not None else None
        state = _fresh()
        if stored is not None:
            state.update(status=stored.status, first=dict(stored.first), again=dict(stored.again),
                         given=dict(stored.given), stars=stored.stars)
        box[(lid, lesson_id)] = state
    return box[(lid, lesson_id)]


def stored_form(answer):
    """An answer as JSON keeps it: cards as their codes.

    >>> from tutor.engine import card
    >>> stored_form([card("KH"), card("T21")]), stored_form(42.0), stored_form({"taker": "-42"})
    (['KH', 'T21'], 42.0, {'taker': '-42'})
    """
    if isinstance(answer, Card):
        return answer.code
    if isinstance(answer, list | tuple):
        return [stored_form(a) for a in answer]
    if isinstance(answer, dict):
        return {str(k): stored_form(v) for k, v in answer.items()}
    return answer


def record(lesson_id: str, step: int, answer, correct: bool, *, again: bool = False, fixed: bool = True) -> None:
    """Keep the first answer to a check in this attempt (a later one for the same step and round is ignored)."""
    state = attempt(lesson_id)
    which = state["again" if again else "first"]
    if step in which:
        return
    which[step] = bool(correct)
    state["given"][(again, step)] = answer = stored_form(answer)
    lid = lr.learner_id()
    if lid is not None:
        lr.guarded(ls.record_check, lid, lesson_id, step, answer, bool(correct), again=again, fixed=fixed,
                   at=utcnow(), write=True)
        lr._bump()


def end(lesson_id: str, score) -> None:
    """The lesson's end was reached: the attempt is done (its stars kept) or skipped; written once."""
    state = attempt(lesson_id)
    stars = score.stars or None
    if (state["status"], state["stars"]) == (score.status, stars):
        return
    state.update(status=score.status, stars=stars)
    lid = lr.learner_id()
    best, skipped = st.session_state.setdefault(SEEN, {}).setdefault(lid, ({}, set()))
    if score.done:
        best[lesson_id] = max(best.get(lesson_id, 0), score.stars)
    (skipped.discard if score.done else skipped.add)(lesson_id)
    if lid is None:
        return
    lr.guarded(ls.end_attempt, lid, lesson_id, status=score.status, checks=score.checks,
               right_first=score.right_first, stars=score.stars, at=utcnow(), write=True)
    lr._bump()


def restart(lesson_id: str) -> None:
    """Go through the lesson again: a new attempt, its checks unanswered (the stars earned stay on the map)."""
    lid = lr.learner_id()
    st.session_state.setdefault(KEY, {})[(lid, lesson_id)] = _fresh()
    if lid is not None:
        lr.guarded(ls.new_attempt, lid, lesson_id, at=utcnow(), write=True)
        lr._bump()


def marks() -> tuple[dict[str, int], set[str]]:
    """(lesson -> best stars, lessons skipped) for the course map: the store's with this session's."""
    best, skipped = st.session_state.get(SEEN, {}).get(lr.learner_id(), ({}, set()))
    stored_best, stored_skipped = lr.cached("lesson_marks", ls.lesson_marks, default=({}, set()))
    stars = {k: max(best.get(k, 0), stored_best.get(k, 0)) for k in {*best, *stored_best}}
    return stars, (stored_skipped - set(best)) | skipped
