"""The course map: every lesson in order, what is done, what comes next, one click to continue."""

from __future__ import annotations

import streamlit as st

from ...i18n import N_, _, ngettext
from ...skills import STRATEGY_SKILLS
from ..common.data import check_soon, course_map

PARTS = (N_("The rules"), N_("Playing well"))
LESSON_PAGE = "tutor/ui/pages/lesson.py"


def course_part(skills) -> str:
    """The part of the course map a lesson sits in: Playing well for the strategy lessons.

    >>> course_part(["hand-judgement"]), course_part(["bidding"])
    ('Playing well', 'The rules')
    """
    return PARTS[1] if any(s in STRATEGY_SKILLS for s in skills) else PARTS[0]


def render() -> None:
    # The title goes out before the first start's slow part (the progress store's import, the course's
    # load), so a newcomer sees the page at once.
    st.title("Tarot Tutor")
    st.markdown(_("Learn French tarot with the official FFT rules, one short lesson at a time. "
                  "Every answer is checked by the rules engine, and every mistake is explained."))
    from ..common.learner import mastery, mastery_note, saving_notice
    from ..common.widgets import done

    _tidy_address()
    with st.spinner(_("Loading the course…")):
        c = course_map()  # the lessons as read on a new install: a lesson opens on the checked course
    saving_notice()
    finished = done("lessons")
    from .lesson_memory import marks
    stars, skipped = marks()  # kept in the progress store: a reload keeps them
    skipped = skipped - finished
    upcoming = next((lesson for lesson in c.lessons if lesson.id not in finished), None)
    if upcoming is not None:
        label = _("Start here") if not finished else _("Continue")
        with st.container(border=True):
            st.markdown("### " + _("{label}: lesson {number} · {title}").format(
                label=label, number=upcoming.number, title=upcoming.title))
            st.markdown(upcoming.summary)
            if st.button(_("{label} →").format(label=label), type="primary", key="continue"):
                _open(upcoming.id)
    elif c.lessons and set(c.ids) <= finished:
        st.success(_("You have finished the whole course. Keep your skills sharp in the Drill and in review."))
    from .daily import daily_panel
    daily_panel(course_done=upcoming is None)
    n_done = len(finished & set(c.ids))
    # English says "lessons" whatever the count, as before; French agrees with the lessons done.
    text = ngettext("{done} of {n} lessons done", "{done} of {n} lessons done", n_done).format(
        done=n_done, n=len(c.lessons))
    if skipped:
        text += " · " + ngettext("{n} skipped", "{n} skipped", len(skipped)).format(n=len(skipped))
    st.progress(n_done / max(1, len(c.lessons)), text=text)

    m = mastery()
    parts_shown: set[str] = set()
    for lesson in c.lessons:
        part = course_part(lesson.skills)
        if part not in parts_shown and (parts_shown or part != PARTS[0]):
            st.markdown(f"#### {_(part)}")  # the map's parts: the rules, then Playing well
        parts_shown.add(part)
        note = mastery_note(lesson.skills)
        missed = any(m[s].recent and m[s].accuracy == 0 for s in lesson.skills if s in m)
        if lesson.id in finished:
            # A lesson done with its skill's answers all wrong is not shown as a success.
            mark = ":material/replay:" if missed else ":material/check_circle:"
        else:
            mark = ":material/skip_next:" if lesson.id in skipped else (":material/play_arrow:" if upcoming is lesson else ":material/radio_button_unchecked:")  # noqa: E501
        state = {":material/check_circle:": _("done"), ":material/replay:": _("done, worth another go"),
                 ":material/skip_next:": _("skipped, not done"), ":material/play_arrow:": _("next"),
                 ":material/radio_button_unchecked:": _("to do")}.get(mark)
        earned = "★" * stars[lesson.id] + "☆" * (3 - stars[lesson.id]) if stars.get(lesson.id) else ""
        extra = " · ".join(x for x in (state, earned) if x)
        about = _("about {minutes} min").format(minutes=lesson.minutes)
        # Three elements a lesson, no columns: the map is a new session's first page, and each element is one
        # message to the browser (bench/first_page.py). :small[] rather than HTML: no raw-HTML renderer needed.
        with st.container(border=True):
            st.markdown(f"{mark} **{lesson.number}. {lesson.title}**{' · ' + extra if extra else ''}  \n"
                        f"{lesson.summary}  \n:small[{about}{note}]")
            st.page_link(LESSON_PAGE, label=_("Open"), icon=":material/arrow_forward:",
                         query_params={"lesson": lesson.id, "step": "1"})
    bad = sorted({p.path for p in c.problems})
    for path in bad:
        with st.container(border=True):
            st.error(_("**{path}** could not be loaded, so this lesson is hidden. The rest of the course works.")
                     .format(path=path))
            for p in c.problems_in(path)[:5]:
                st.caption(str(p))
    check_soon()  # on a new install: the check the lesson pages need, once this page is drawn


def _open(lesson_id: str) -> None:
    st.session_state["lesson_id"] = lesson_id
    st.switch_page(LESSON_PAGE, query_params={"lesson": lesson_id, "step": "1"})


def _tidy_address() -> None:
    """Streamlit writes a switch's parameters to the old page's address first (``/?lesson=…``), so
    Back from a lesson lands there: show the plain map's address instead (a Back rerun replaces
    the history entry, it does not add one)."""
    if "lesson" in st.query_params or "step" in st.query_params:
        for name in ("lesson", "step"):
            st.query_params.pop(name, None)
