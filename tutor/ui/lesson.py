"""The lesson player: one step at a time, with checks answered in place and a closing quiz."""

from __future__ import annotations

import streamlit as st

from ..content import (
    CardsStep,
    CheckStep,
    ExampleStep,
    MistakeStep,
    SummaryStep,
    TableStep,
    TextStep,
    check_answer,
    render_example,
)
from .data import course
from .reference import linked_sections, reference_links
from .safe import plain, query_text
from .widgets import parse_number, pick_cards, remember_done, show_card_groups, show_cards


def current_lesson_id() -> str | None:
    c = course()
    wanted = query_text("lesson")
    if wanted and c.lesson(wanted) is not None:
        return wanted
    return st.session_state.get("lesson_id") or (c.lessons[0].id if c.lessons else None)


def render() -> None:
    c = course()
    if not c.lessons:
        st.error("No lesson could be loaded. Run `tarot-tutor check` to see what is wrong.")
        return
    wanted = query_text("lesson")
    if wanted and c.lesson(wanted) is None:
        st.warning(f"There is no lesson called “{plain(wanted)}”. Here is the first one instead.")
    lesson = c.lesson(current_lesson_id())
    st.session_state["lesson_id"] = lesson.id
    st.query_params["lesson"] = lesson.id

    steps = list(lesson.steps) + list(lesson.quiz)
    n_steps = len(lesson.steps)
    key = f"step_{lesson.id}"
    i = min(st.session_state.get(key, 0), len(steps) - 1)

    st.caption(f"Lesson {lesson.number} · about {lesson.minutes} min")
    st.title(lesson.title)
    st.progress((i + 1) / len(steps), text=f"Step {i + 1} of {len(steps)}")
    step = steps[i]
    if i >= n_steps:
        st.subheader(f"Closing quiz · question {i - n_steps + 1} of {len(lesson.quiz)}")
    elif step.title:
        st.subheader(step.title)
    render_step(step, f"{lesson.id}_{i}")

    back, _, nxt = st.columns([1, 2, 1])
    if back.button("← Back", disabled=i == 0, width="stretch", key=f"back_{lesson.id}"):
        st.session_state[key] = i - 1
        st.rerun()
    if i < len(steps) - 1:
        if nxt.button("Next →", type="primary", width="stretch", key=f"next_{lesson.id}"):
            st.session_state[key] = i + 1
            st.rerun()
    else:
        remember_done("lessons", lesson.id)
        st.success(f"You finished “{lesson.title}”.")
        following = _next_lesson(lesson.id)
        if following and nxt.button("Next lesson →", type="primary", width="stretch"):
            st.session_state["lesson_id"] = following.id
            st.query_params["lesson"] = following.id
            st.rerun()
    reference_links(linked_sections(skills=lesson.skills))


def _next_lesson(lesson_id: str):
    ids = [lesson.id for lesson in course().lessons]
    pos = ids.index(lesson_id)
    return course().lessons[pos + 1] if pos + 1 < len(ids) else None


def render_step(step, key: str) -> None:
    if isinstance(step, TextStep):
        if step.callout == "house-rule":
            st.warning("**House rule, not an FFT rule.** " + step.body)
        elif step.callout == "tip":
            st.info(step.body, icon="💡")
        elif step.callout == "note":
            st.info(step.body)
        else:
            st.markdown(step.body)
    elif isinstance(step, CardsStep):
        show_cards(step.cards)
        st.markdown(step.caption)
    elif isinstance(step, TableStep):
        from .table_picture import table_img
        st.markdown(table_img(step.players, step.dealer, names=step.names), unsafe_allow_html=True)
        st.markdown(step.caption)
    elif isinstance(step, ExampleStep):
        if step.intro:
            st.markdown(step.intro)
        with st.container(border=True):
            st.markdown(render_example(step))
        if step.after:
            st.markdown(step.after)
    elif isinstance(step, MistakeStep):
        st.error(f"**Common mistake:** {step.wrong}", icon="⚠️")
        st.success(f"**The rule:** {step.right}")
        if step.why:
            st.markdown(step.why)
    elif isinstance(step, SummaryStep):
        st.markdown("**In short**")
        st.markdown("\n".join(f"- {p}" for p in step.points))
    elif isinstance(step, CheckStep):
        if step.is_generated:
            generated_check(step, key)
        else:
            fixed_check(step, key)


def generated_check(step: CheckStep, key: str) -> None:
    """A check the quiz generator makes. Its first answer counts toward the skill's mastery, like a drill
    answer, and a wrong one comes back in Replay my mistakes (regenerated from its kind and seed)."""
    from ..quiz import KINDS
    from .learner import track_answer
    from .question import question_block

    seed, params = step.quiz_seed, dict(step.params)
    fb = question_block(step.generator, seed=seed, params=params, key=key)
    track_answer(key, fb, kind=step.generator, seed=seed, params=params, skill=KINDS[step.generator].skill,
                 source="lesson")


def fixed_check(step: CheckStep, key: str) -> None:
    """A fixed question from a lesson, answered in place with immediate feedback."""
    from ..quiz.order import shuffled
    with st.container(border=True):
        st.markdown(f"**Check:** {step.question}")
        show_card_groups(step.shown_cards)
        kind = step.answer_kind
        response = None
        with st.form(f"form_{key}", border=False):
            if step.options:
                options = shuffled(step.options, key)  # key: lesson id and step; the same order every rerun
                labels = [o.text for o in options]
                picked = st.radio("Your answer", labels, index=None, key=f"{key}_radio")
                if picked is not None:
                    response = options[labels.index(picked)].value
            elif kind == "bool":
                picked = st.radio("Your answer", ["True", "False"], index=None, horizontal=True, key=f"{key}_tf")
                response = None if picked is None else picked == "True"
            elif kind in ("card", "cards"):
                response = pick_cards(step.pick_from, key=key, multi=kind == "cards")
                if kind == "card":
                    response = str(response[0]) if response else None
            else:
                typed = st.text_input("Your answer", key=f"{key}_num")
                response = parse_number(typed) if kind == "number" else typed
                if kind == "number" and typed.strip() and response is None:
                    st.warning(f"“{typed}” is not a number: type something like 42 or 40.5.")
            sent = st.form_submit_button("Check my answer")
        if sent:
            if response is None or response == []:
                st.info("Choose or type an answer first.")
                return
            right = check_answer(step, response)
            st.session_state[f"{key}_result"] = right
        result = st.session_state.get(f"{key}_result")
        if result is None:
            if step.hint:
                with st.expander("Hint"):
                    st.markdown(step.hint)
            return
        if result:
            st.success("Right!")
        else:
            st.error(f"Not quite. The answer is **{_answer_text(step)}**.")
        if step.explain:
            st.markdown(step.explain)
        if step.engine_note:
            st.caption(step.engine_note)


def _answer_text(step: CheckStep) -> str:
    if step.options:
        for o in step.options:
            if o.value == step.answer:
                return o.text
    if isinstance(step.answer, bool):
        return "true" if step.answer else "false"
    return str(step.answer)
