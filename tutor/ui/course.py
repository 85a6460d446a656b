"""The course map: every lesson in order, what is done, what comes next, one click to continue."""

from __future__ import annotations

import streamlit as st

from .data import course


def render() -> None:
    # The title goes out before the first start's slow part (the progress store's import, the course's
    # load), so a newcomer sees the page at once.
    st.title("Tarot Tutor")
    st.markdown("Learn French tarot with the official FFT rules, one short lesson at a time. "
                "Every answer is checked by the rules engine, and every mistake is explained.")
    from .learner import mastery_note, saving_notice
    from .widgets import done

    c = course()
    saving_notice()
    finished = done("lessons")
    upcoming = next((lesson for lesson in c.lessons if lesson.id not in finished), None)
    if upcoming is not None:
        label = "Start here" if not finished else "Continue"
        with st.container(border=True):
            st.markdown(f"### {label}: lesson {upcoming.number} · {upcoming.title}")
            st.markdown(upcoming.summary)
            if st.button(f"{label} →", type="primary", key="continue"):
                _open(upcoming.id)
    elif c.lessons:
        st.success("You have finished the whole course. Keep your skills sharp in the Drill.")
    st.progress(len(finished & set(c.ids)) / max(1, len(c.lessons)),
                text=f"{len(finished & set(c.ids))} of {len(c.lessons)} lessons done")

    for lesson in c.lessons:
        mark = "✅" if lesson.id in finished else ("▶️" if upcoming is lesson else "◻️")
        with st.container(border=True):
            left, right = st.columns([5, 1], vertical_alignment="center")
            # :small[] rather than HTML: the course map then needs no raw-HTML renderer in the browser.
            left.markdown(f"{mark} **{lesson.number}. {lesson.title}**  \n{lesson.summary}  \n"
                          f":small[about {lesson.minutes} min{mastery_note(lesson.skills)}]")
            if right.button("Open", key=f"open_{lesson.id}", width="stretch"):
                _open(lesson.id)
    bad = sorted({p.path for p in c.problems})
    for path in bad:
        with st.container(border=True):
            st.error(f"**{path}** could not be loaded, so this lesson is hidden. The rest of the course works.")
            for p in c.problems_in(path)[:5]:
                st.caption(str(p))


def _open(lesson_id: str) -> None:
    st.session_state["lesson_id"] = lesson_id
    st.switch_page("tutor/ui/pages/lesson.py", query_params={"lesson": lesson_id})
