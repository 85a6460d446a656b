"""The course map's daily panel: today's goal, the streak of days, and review when skills are due."""

from __future__ import annotations

import math
from datetime import datetime

import streamlit as st

from ...i18n import _, ngettext
from ...progress import Store
from ...progress.lesson_store import checked_hours
from ...progress.mastery import local_day, streak
from ..common import learner as lr

DAILY_GOAL = 10  # answers a day (drill, lessons' checks, puzzles, review): about ten minutes
MINUTES_PER_SKILL = 1.5  # a review question or two per due skill


def review_offer(due: int) -> str:
    """'3 skills to review today, 5 minutes'.

    >>> review_offer(3), review_offer(1)
    ('3 skills to review today, 5 minutes', '1 skill to review today, 2 minutes')
    """
    minutes = math.ceil(due * MINUTES_PER_SKILL)
    return (ngettext("{n} skill to review today", "{n} skills to review today", due).format(n=due) + ", "
            + ngettext("{n} minute", "{n} minutes", minutes).format(n=minutes))


def today_and_streak() -> tuple[int, int]:
    """(answers today, days in a row) in the browser's time zone. Every checked answer counts: drill,
    review and generated checks (the answers table), a lesson's fixed checks and puzzles (``checked_hours``)."""
    hours = [(t, n) for t, n, _right in lr.cached("hours", Store.answer_hours, default=[])]
    hours += lr.cached("checked", checked_hours, default=[])
    other = lr.cached("activity", Store.activity_times, default=[])
    tz = lr.viewer_tz()
    today = local_day(datetime.now().astimezone(), tz)
    days = {local_day(t, tz) for t, _ in hours} | {local_day(t, tz) for t in other}
    return sum(n for t, n in hours if local_day(t, tz) == today), streak(days, today)


def daily_panel(*, course_done: bool) -> None:
    if lr.learner_id() is None:
        return
    answered, days = today_and_streak()
    with st.container(border=True):
        left, right = st.columns([3, 1], vertical_alignment="center")
        goal = min(answered, DAILY_GOAL)
        text = (ngettext("Daily goal reached: {n} answers today.", "Daily goal reached: {n} answers today.",
                         answered).format(n=answered) if answered >= DAILY_GOAL else
                ngettext("Daily goal: {n} of {goal} answers today.", "Daily goal: {n} of {goal} answers today.",
                         answered).format(n=answered, goal=DAILY_GOAL))
        left.progress(goal / DAILY_GOAL, text=text)
        in_a_row = ngettext("{n} day in a row", "{n} days in a row", days).format(n=days)
        right.markdown(f":orange-badge[:material/local_fire_department: {in_a_row}]")
        _review(course_done)


def _review(course_done: bool) -> None:
    lid = lr.learner_id()
    info = lr.guarded(Store.learner, lid)
    if info is None:
        return
    if not info.review_enabled:
        if course_done:
            st.markdown(_("You have done every lesson. **Spaced review** brings each skill back just before you "
                          "would forget it."))
            if st.button(_("Set up spaced review →"), key="home_review_setup"):
                st.switch_page("tutor/ui/pages/progress.py", query_params={"view": "review"})
        return
    from .replay import due_skills, start_review  # the quiz generators: only once review is on (most start without)
    due = due_skills()
    if not due:
        if course_done:
            st.caption(_("Nothing to review today: every skill is fresh."))
        return
    st.markdown(f"**{review_offer(len(due))}.**")
    if st.button(_("Review now →"), type="primary" if course_done else "secondary", key="home_review"):
        start_review(due)
        st.switch_page("tutor/ui/pages/progress.py", query_params={"view": "review"})
