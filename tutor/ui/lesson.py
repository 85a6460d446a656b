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
from ..engine import TarotError, card, cards_text, parse_cards
from ..engine.words import plural
from ..progress.lesson_score import LessonScore
from .cards import cards_inline, with_card_pictures
from .data import course
from .reference import linked_sections, reference_links
from .safe import plain, query_text
from .widgets import done, parse_number, remember_done, show_card_groups, show_cards, typed_cards


def current_lesson_id() -> str | None:
    c = course()
    wanted = query_text("lesson")
    if wanted and c.lesson(wanted) is not None:
        return wanted
    return st.session_state.get("lesson_id") or (c.lessons[0].id if c.lessons else None)


# The address keeps the place: ``/lesson?lesson=bidding&step=4``, then ``step=again`` (the missed
# checks' second chance) and ``step=end`` (the score). Reload, Back and Forward read it back; only a
# click writes it, so each click is one history entry and a Back never lands on a copy of the step.
AGAIN, END = "again", "end"


def _place(n: int, lesson_id: str) -> int | str:
    raw = st.query_params.get("step")
    if raw is None:  # opened from the sidebar: where this session left the lesson
        return st.session_state.get(f"step_{lesson_id}", 0)
    if raw in (AGAIN, END):
        return raw
    return int(raw) - 1 if raw.isdigit() and 1 <= int(raw) <= n else 0


def _go(lesson_id: str, place: int | str) -> None:
    st.session_state["lesson_id"] = lesson_id
    st.session_state[f"step_{lesson_id}"] = place
    st.query_params.update(lesson=lesson_id, step=place if isinstance(place, str) else str(place + 1))
    st.rerun()


def _results(lesson_id: str) -> dict:
    """This session's answers to the lesson's checks: {"first": {n: right}, "again": {n: right}}."""
    return st.session_state.setdefault("lesson_results", {}).setdefault(lesson_id, {"first": {}, "again": {}})


def lesson_score(lesson) -> LessonScore:
    checks = [i for i, s in enumerate(_steps(lesson)) if isinstance(s, CheckStep)]
    r = _results(lesson.id)
    pos = {i: n for n, i in enumerate(checks)}
    return LessonScore(len(checks), {pos[i]: ok for i, ok in r["first"].items() if i in pos},
                       {pos[i]: ok for i, ok in r["again"].items() if i in pos})


def _steps(lesson) -> list:
    return list(lesson.steps) + list(lesson.quiz)


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
    if st.query_params.get("lesson") != lesson.id:
        st.query_params["lesson"] = lesson.id

    steps = _steps(lesson)
    n_steps = len(lesson.steps)
    place = _place(len(steps), lesson.id)
    st.session_state[f"step_{lesson.id}"] = place
    st.caption(f"Lesson {lesson.number} · about {lesson.minutes} min")
    st.title(lesson.title)
    if place == AGAIN:
        _second_chance(lesson, steps)
    elif place == END:
        _end(lesson)
    else:
        _one_step(lesson, steps, n_steps, place)
    reference_links(linked_sections(skills=lesson.skills))


def _one_step(lesson, steps, n_steps: int, i: int) -> None:
    st.progress((i + 1) / len(steps), text=f"Step {i + 1} of {len(steps)}")
    step = steps[i]
    if i >= n_steps:
        st.subheader(f"Closing quiz · question {i - n_steps + 1} of {len(lesson.quiz)}")
    elif step.title:
        st.subheader(step.title)
    result = render_step(step, f"{lesson.id}_{i}")
    if isinstance(step, CheckStep) and result is not None:
        _results(lesson.id)["first"].setdefault(i, result)
    unanswered = isinstance(step, CheckStep) and i not in _results(lesson.id)["first"]

    back, mid, nxt = st.columns([1, 2, 1])
    if back.button("← Back", disabled=i == 0, width="stretch", key=f"back_{lesson.id}"):
        _go(lesson.id, i - 1)
    if unanswered:
        mid.caption("Answer the check to count it; skipping is allowed, but the lesson is then not done.")
    last = i == len(steps) - 1
    label = ("Skip this check →" if unanswered else "Finish →" if last else "Next →")
    if nxt.button(label, type="secondary" if unanswered else "primary", width="stretch",
                  key=f"next_{lesson.id}"):
        if not last:
            _go(lesson.id, i + 1)
        _go(lesson.id, AGAIN if lesson_score(lesson).to_retry else END)


def _second_chance(lesson, steps) -> None:
    """The checks missed on the first try, once more, before the score."""
    checks = [i for i, s in enumerate(steps) if isinstance(s, CheckStep)]
    missed = [checks[n] for n in lesson_score(lesson).to_retry]
    r = _results(lesson.id)
    tried = st.session_state.setdefault("lesson_again", {}).setdefault(lesson.id, [])
    for i in missed:
        if i not in tried:
            tried.append(i)
    st.subheader("Second chance")
    st.markdown("The checks you missed come back once. Your first-try score stays, but putting them right "
                "earns a better mark.")
    for i in tried:
        result = render_step(steps[i], f"{lesson.id}_{i}_again")
        if result is not None:
            r["again"].setdefault(i, result)
    waiting = [i for i in tried if i not in r["again"]]
    if st.button("See my score →", type="primary", key=f"score_{lesson.id}", disabled=bool(waiting)):
        _go(lesson.id, END)
    if waiting:
        st.caption(f"{plural(len(waiting), 'check')} still to answer here.")


def _end(lesson) -> None:
    score = lesson_score(lesson)
    if score.done:
        remember_done("lessons", lesson.id)
        st.session_state.setdefault("lesson_stars", {})[lesson.id] = score.stars
        st.session_state.setdefault("lessons_skipped", set()).discard(lesson.id)
        st.success(f"You finished “{lesson.title}”: **{score.text}**.")
        st.markdown(f"## {score.stars_text}")
        again = score.again
        if again:
            st.caption(f"Second chance: {sum(again.values())} of {len(again)} put right.")
    elif not score.first and lesson.id in done("lessons"):  # e.g. the score page reloaded in a new session
        st.success(f"You have finished “{lesson.title}” before. Go through it again to earn its stars anew.")
    else:
        st.session_state.setdefault("lessons_skipped", set()).add(lesson.id)
        left = len(score.unanswered)
        st.warning(f"You skipped {left} of {score.checks} checks, so “{lesson.title}” is marked **skipped**, not "
                   "done. Answer them to finish it.")
        steps = _steps(lesson)
        first = [i for i, s in enumerate(steps) if isinstance(s, CheckStep)][score.unanswered[0]]
        if st.button("Answer the skipped checks →", type="primary", key=f"unskip_{lesson.id}"):
            _go(lesson.id, first)
    following = _next_lesson(lesson.id)
    if following and st.button(f"Next lesson: {following.title} →", type="primary" if score.done else "secondary",
                                key=f"next_lesson_{lesson.id}"):
        _go(following.id, 0)
    if st.button("Back to the course map", key=f"map_{lesson.id}"):
        st.switch_page("tutor/ui/pages/course.py")


def _next_lesson(lesson_id: str):
    ids = [lesson.id for lesson in course().lessons]
    pos = ids.index(lesson_id)
    return course().lessons[pos + 1] if pos + 1 < len(ids) else None


def render_step(step, key: str) -> bool | None:
    """Show one step; for a check, return whether its answer was right (None before an answer)."""
    if isinstance(step, TextStep):
        if step.callout == "house-rule":
            st.warning("**House rule, not an FFT rule.** " + step.body)
        elif step.callout == "tip":
            st.info(step.body, icon=":material/lightbulb:")
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
            st.markdown(with_card_pictures(render_example(step)), unsafe_allow_html=True)
        if step.after:
            st.markdown(step.after)
    elif isinstance(step, MistakeStep):
        st.error(f"**Common mistake:** {step.wrong}", icon=":material/warning:")
        st.success(f"**The rule:** {step.right}")
        if step.why:
            st.markdown(step.why)
    elif isinstance(step, SummaryStep):
        st.markdown("**In short**")
        st.markdown("\n".join(f"- {p}" for p in step.points))
    elif isinstance(step, CheckStep):
        if step.is_generated:
            return generated_check(step, key)
        return fixed_check(step, key)
    return None


def generated_check(step: CheckStep, key: str) -> bool | None:
    """A check the quiz generator makes. Its first answer counts toward the skill's mastery, like a drill
    answer, and a wrong one comes back in Replay my mistakes (regenerated from its kind and seed)."""
    from ..quiz import KINDS
    from .learner import track_answer
    from .question import question_block

    seed, params = step.quiz_seed, dict(step.params)
    fb = question_block(step.generator, seed=seed, params=params, key=key)
    track_answer(key, fb, kind=step.generator, seed=seed, params=params, skill=KINDS[step.generator].skill,
                 source="lesson")
    return None if fb is None else bool(fb.correct)


def fixed_check(step: CheckStep, key: str) -> bool | None:
    """A fixed question from a lesson, answered in place with immediate feedback."""
    from ..quiz.order import shuffled
    with st.container(border=True):
        st.markdown(f"**Check:** {step.question}")
        kind = step.answer_kind
        on_table = kind in ("card", "cards") and not step.options and bool(step.pick_from)
        clicked = None
        if on_table:  # the cards are clicked on the card table: one answer, one rerun
            from .table_component import card_table
            from .table_model import check_view
            clicked = card_table(check_view(step.shown_cards, step.pick_from, single=kind == "card", token=key),
                                 key=f"{key}_table")
        else:
            show_card_groups(step.shown_cards)
        response = None
        with st.form(f"form_{key}", border=False):
            if step.options:
                options = shuffled(step.options, key)  # key: lesson id and step; the same order every rerun
                labels = [o.text for o in options]
                picked = st.radio("Your answer", labels, index=None, key=f"{key}_radio")
                if picked is not None:
                    response = options[labels.index(picked)].value
            elif kind == "bool":
                picked = st.radio("Your answer", ["Yes", "No"], index=None, horizontal=True, key=f"{key}_tf")
                response = None if picked is None else picked == "Yes"
            elif on_table:
                response = typed_cards(key, single=kind == "card")
                if kind == "card":
                    response = str(response[0]) if response else None
            else:
                typed = st.text_input("Your answer", key=f"{key}_num")
                response = parse_number(typed) if kind == "number" else typed
                if kind == "number" and typed.strip() and response is None:
                    st.warning(f"“{typed}” is not a number: type something like 42 or 40.5.")
            sent = st.form_submit_button("Check what I typed" if on_table else "Check my answer")
        if clicked is not None:
            sent, response = True, (clicked[0].code if kind == "card" else list(clicked))
        if sent:
            if response is None or response == []:
                st.info("Choose or type an answer first.")
                return None
            right = check_answer(step, response)
            st.session_state[f"{key}_result"] = right
            st.session_state[f"{key}_given"] = response
        result = st.session_state.get(f"{key}_result")
        if result is None:
            if step.hint:
                with st.expander("Hint"):
                    st.markdown(step.hint)
            return None
        if result:
            st.success("Right!")
        else:
            slip = slip_for_check(step, st.session_state.get(f"{key}_given"))
            why = f" {slip}" if slip else ""
            cards = _answer_cards(step)
            if cards:  # the answer in pictures, its names as their alt text
                st.error(f"Not quite.{why}")
                st.markdown(f"**Answer:** {cards_inline(cards, width=48)}", unsafe_allow_html=True)
            else:
                st.error(f"Not quite.{why} The answer is **{_answer_text(step)}**.")
        if step.explain:
            st.markdown(step.explain)
        if step.engine_note:
            st.caption(step.engine_note)
    return result


def _answer_text(step: CheckStep) -> str:
    if step.options:
        for o in step.options:
            if o.value == step.answer:
                return o.text
    if isinstance(step.answer, bool):
        return "yes" if step.answer else "no"
    cards = _answer_cards(step)
    if cards:  # by name; tied best cards: each one is right
        return " or ".join(c.short for c in cards) if step.accepted and len(step.accepted) > 1 else cards_text(cards)
    return str(step.answer)


def _answer_cards(step: CheckStep):
    """A card answer of a fixed check, as cards to draw (each tie when several are right); else None."""
    if step.options or step.answer_kind not in ("card", "cards"):
        return None
    try:
        if step.accepted and len(step.accepted) > 1:
            return [card(str(c)) for c in sorted(map(str, step.accepted))]
        return parse_cards(str(step.answer))
    except TarotError:
        return None


def slip_for_check(step: CheckStep, given) -> str | None:
    """Name the known slip behind a wrong number in a scoring check (``verify: {score_deal: …}``)."""
    spec = step.verify.get("score_deal") if isinstance(step.verify, dict) else None
    if not isinstance(spec, dict) or not isinstance(given, int | float) or isinstance(given, bool):
        return None
    from ..content.schema import ScoreParams
    from ..engine import score_deal
    from ..quiz.slips import diagnose
    try:
        s = score_deal(**ScoreParams.model_validate({k: v for k, v in spec.items() if k != "ask"}).score_args())
    except Exception:  # the content checker reports a bad spec; feedback just goes without a diagnosis
        return None
    found = diagnose(spec.get("ask", "taker"), s, float(given))
    return f"{found[0].upper()}{found[1:]}." if found else None
