"""The lesson player: one step at a time, with checks answered in place and a closing quiz."""

from __future__ import annotations

import re

import streamlit as st

from ...content import (
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
from ...content.render import best_card_line
from ...content.schema import BestCardExample
from ...engine import TarotError, card, parse_cards
from ...i18n import N_, _, language, ngettext, number
from ...progress.lesson_score import LessonScore
from ..common.cards import cards_inline, with_card_pictures
from ..common.data import course
from ..common.safe import plain, query_int, query_text
from ..common.text import card_short, cards_text
from ..common.widgets import done, parse_number, remember_done, show_card_groups, show_cards, typed_cards
from ..quiz.reference import linked_sections, reference_links
from ..table.line_stepper import show_line, show_me
from . import lesson_memory as memory


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
    step = query_int("step", 1, n)  # "²" and 5,000 nines read as absent: the first step
    return 0 if step is None else step - 1


def _go(lesson_id: str, place: int | str) -> None:
    st.session_state["lesson_id"] = lesson_id
    st.session_state[f"step_{lesson_id}"] = place
    st.query_params.update(lesson=lesson_id, step=place if isinstance(place, str) else str(place + 1))
    st.rerun()


def _results(lesson_id: str) -> dict:
    """The current attempt's answers to the lesson's checks: {"first": {n: right}, "again": {n: right}, …},
    kept in the progress store (``lesson_memory``), so a reload finds them."""
    return memory.attempt(lesson_id)


def _go_again(lesson_id: str) -> None:
    """Go through the lesson again: a new attempt, its checks asked afresh (this session's copies of the old
    answers and of the widgets' values are dropped)."""
    memory.restart(lesson_id)
    mine = re.compile(rf"^(form_)?{re.escape(lesson_id)}_\d+(_again)?(_|$)")
    for k in [k for k in st.session_state if isinstance(k, str) and mine.match(k)]:
        del st.session_state[k]
    _go(lesson_id, 0)


def _done_notice(lesson) -> None:
    """Above each step of a finished attempt: its answers are shown as given, and a new go can start."""
    r = _results(lesson.id)
    if r["status"] != "done":
        return
    left, right = st.columns([3, 1], vertical_alignment="center")
    stars = "★" * (r["stars"] or 0) + "☆" * (3 - (r["stars"] or 0))
    left.info(_("You finished this lesson ({stars}). Your answers are kept as you gave them.").format(stars=stars),
              icon=":material/task_alt:")
    if right.button(_("Go through it again"), key=f"again_{lesson.id}", width="stretch"):
        _go_again(lesson.id)


def lesson_score(lesson) -> LessonScore:
    checks = [i for i, s in enumerate(_steps(lesson)) if isinstance(s, CheckStep)]
    r = _results(lesson.id)
    pos = {i: n for n, i in enumerate(checks)}
    return LessonScore(len(checks), {pos[i]: ok for i, ok in r["first"].items() if i in pos},
                       {pos[i]: ok for i, ok in r["again"].items() if i in pos})


def _steps(lesson) -> list:
    return list(lesson.steps) + list(lesson.quiz)


def render() -> None:
    with st.spinner(_("Loading the course…")):
        c = course()
    if not c.lessons:
        st.error(_("No lesson could be loaded. Run `tarot-tutor check` to see what is wrong."))
        return
    wanted = query_text("lesson")
    if wanted and c.lesson(wanted) is None:
        st.warning(_("There is no lesson called “{name}”. Here is the first one instead.").format(name=plain(wanted)))
    lesson = c.lesson(current_lesson_id())
    st.session_state["lesson_id"] = lesson.id
    if st.query_params.get("lesson") != lesson.id:
        st.query_params["lesson"] = lesson.id

    steps = _steps(lesson)
    n_steps = len(lesson.steps)
    place = _place(len(steps), lesson.id)
    st.session_state[f"step_{lesson.id}"] = place
    st.caption(_("Lesson {number} · about {minutes} min").format(number=lesson.number, minutes=lesson.minutes))
    st.title(lesson.title)
    if place == AGAIN:
        _second_chance(lesson, steps)
    elif place == END:
        _end(lesson)
    else:
        _one_step(lesson, steps, n_steps, place)
    reference_links(linked_sections(skills=lesson.skills))


def _one_step(lesson, steps, n_steps: int, i: int) -> None:
    st.progress((i + 1) / len(steps), text=_("Step {n} of {total}").format(n=i + 1, total=len(steps)))
    step = steps[i]
    _done_notice(lesson)
    if i >= n_steps:
        st.subheader(_("Closing quiz · question {n} of {total}").format(n=i - n_steps + 1, total=len(lesson.quiz)))
    elif step.title:
        st.subheader(step.title)
    render_step(step, f"{lesson.id}_{i}", place=(lesson.id, i, False))
    unanswered = isinstance(step, CheckStep) and i not in _results(lesson.id)["first"]

    back, mid, nxt = st.columns([1, 2, 1])
    if back.button(_("← Back"), disabled=i == 0, width="stretch", key=f"back_{lesson.id}"):
        _go(lesson.id, i - 1)
    if unanswered:
        mid.caption(_("Answer the check to count it; skipping is allowed, but the lesson is then not done."))
    last = i == len(steps) - 1
    label = (_("Skip this check →") if unanswered else _("Finish →") if last else _("Next →"))
    if nxt.button(label, type="secondary" if unanswered else "primary", width="stretch",
                  key=f"next_{lesson.id}"):
        if not last:
            _go(lesson.id, i + 1)
        _go(lesson.id, AGAIN if lesson_score(lesson).to_retry else END)


def _second_chance(lesson, steps) -> None:
    """The checks missed on the first try, once more, before the score."""
    r = _results(lesson.id)
    # Every check missed on the first try: those answered again stay shown with their verdict.
    tried = sorted(i for i, ok in r["first"].items() if ok is False and i < len(steps)
                   and isinstance(steps[i], CheckStep))
    st.subheader(_("Second chance"))
    st.markdown(_("The checks you missed come back once. Your first-try score stays, but putting them right "
                  "earns a better mark."))
    for i in tried:
        render_step(steps[i], f"{lesson.id}_{i}_again", place=(lesson.id, i, True))
    waiting = [i for i in tried if i not in r["again"]]
    if st.button(_("See my score →"), type="primary", key=f"score_{lesson.id}", disabled=bool(waiting)):
        _go(lesson.id, END)
    if waiting:
        st.caption(ngettext("{n} check still to answer here.", "{n} checks still to answer here.",
                            len(waiting)).format(n=len(waiting)))


def _end(lesson) -> None:
    score = lesson_score(lesson)
    if score.done:
        remember_done("lessons", lesson.id)
        memory.end(lesson.id, score)
        right_first = _("{right} of {checks} right, first try").format(right=score.right_first, checks=score.checks)
        st.success(_("You finished “{title}”: **{score}**.").format(title=lesson.title, score=right_first))
        st.markdown(f"## {score.stars_text}")
        again = score.again
        if again:
            st.caption(_("Second chance: {right} of {n} put right.").format(right=sum(again.values()), n=len(again)))
        # The course map's line is the skill's mastery, from other answers: say what each number counts.
        st.caption(ngettext("This score counts the lesson's {n} check, each on its first try. The course map counts "
                            "your recent answers on the lesson's skills, in the Drill and in the lessons' questions.",
                            "This score counts the lesson's {n} checks, each on its first try. The course map counts "
                            "your recent answers on the lesson's skills, in the Drill and in the lessons' questions.",
                            score.checks).format(n=score.checks))
        if st.button(_("Go through it again"), key=f"again_{lesson.id}"):
            _go_again(lesson.id)
    elif not score.first and lesson.id in done("lessons"):  # finished before any attempt was kept, or begun anew
        st.success(_("You have finished “{title}” before. Go through it again to earn its stars anew.")
                   .format(title=lesson.title))
    else:
        memory.end(lesson.id, score)
        left = len(score.unanswered)
        st.warning(ngettext("You skipped {n} of {checks} checks, so “{title}” is marked **skipped**, not done. "
                            "Answer them to finish it.",
                            "You skipped {n} of {checks} checks, so “{title}” is marked **skipped**, not done. "
                            "Answer them to finish it.", left).format(n=left, checks=score.checks, title=lesson.title))
        steps = _steps(lesson)
        first = [i for i, s in enumerate(steps) if isinstance(s, CheckStep)][score.unanswered[0]]
        if st.button(_("Answer the skipped checks →"), type="primary", key=f"unskip_{lesson.id}"):
            _go(lesson.id, first)
    following = _next_lesson(lesson.id)
    if following and st.button(_("Next lesson: {title} →").format(title=following.title),
                                type="primary" if score.done else "secondary", key=f"next_lesson_{lesson.id}"):
        _go(following.id, 0)
    if st.button(_("Back to the course map"), key=f"map_{lesson.id}"):
        st.switch_page("tutor/ui/pages/course.py")


def _next_lesson(lesson_id: str):
    ids = [lesson.id for lesson in course().lessons]
    pos = ids.index(lesson_id)
    return course().lessons[pos + 1] if pos + 1 < len(ids) else None


def render_step(step, key: str, place: tuple[str, int, bool] | None = None) -> bool | None:
    """Show one step; for a check, return whether its answer was right (None before an answer). ``place``
    (lesson id, step number, second chance): a check there is answered once, and its answer kept."""
    if isinstance(step, TextStep):
        if step.callout == "house-rule":
            st.warning(_("**House rule, not an FFT rule.**") + " " + step.body)
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
        from ..table.table_picture import table_img
        st.markdown(table_img(step.players, step.dealer, names=step.names), unsafe_allow_html=True)
        st.markdown(step.caption)
    elif isinstance(step, ExampleStep):
        if step.intro:
            st.markdown(step.intro)
        with st.container(border=True):
            st.markdown(with_card_pictures(render_example(step)), unsafe_allow_html=True)
            if isinstance(step.example, BestCardExample) and (found := best_card_line(step.example)):
                show_line(*found, key=f"{key}_line", title=_("A perfect line"))  # trick by trick on the table
        if step.after:
            st.markdown(step.after)
    elif isinstance(step, MistakeStep):
        st.error(_("**Common mistake:** {wrong}").format(wrong=step.wrong), icon=":material/warning:")
        st.success(_("**The rule:** {right}").format(right=step.right))
        if step.why:
            st.markdown(step.why)
    elif isinstance(step, SummaryStep):
        st.markdown(_("**In short**"))
        st.markdown("\n".join(f"- {p}" for p in step.points))
    elif isinstance(step, CheckStep):
        if step.is_generated:
            return generated_check(step, key, place)
        return fixed_check(step, key, place)
    return None


def _kept(place, *, result: str, given: str) -> bool:
    """Bring back an answer the attempt keeps (after a reload) into this session; True when answered."""
    if place is None:
        return False
    lesson_id, i, again = place
    r = _results(lesson_id)
    if i not in r["again" if again else "first"]:
        return False
    if result not in st.session_state:
        st.session_state[result] = r["again" if again else "first"][i]
        st.session_state[given] = r["given"].get((again, i))
    return True


def _keep(place, answer, right: bool, *, fixed: bool) -> None:
    """Keep a check's first answer in the attempt; then draw the page again, which shows the answer with
    its verdict in place of the form (drawn before the answer came)."""
    if place is None:
        return
    lesson_id, i, again = place
    if i not in _results(lesson_id)["again" if again else "first"]:
        memory.record(lesson_id, i, answer, right, again=again, fixed=fixed)
        st.rerun()


def generated_check(step: CheckStep, key: str, place=None) -> bool | None:
    """A check the quiz generator makes. Its first answer counts toward the skill's mastery, like a drill
    answer, and a wrong one comes back in Replay my mistakes (regenerated from its kind and seed)."""
    from ...quiz import KINDS, check_answer
    from ..common.learner import track_answer
    from ..quiz.question import load_question, question_block

    seed, params = step.quiz_seed, dict(step.params)
    if _kept(place, result=f"{key}_right", given=f"{key}_given") and \
            f"{key}_feedback" not in st.session_state:  # answered before a reload: its feedback, not a new answer
        st.session_state[f"{key}_feedback"] = check_answer(load_question(step.generator, seed, params),
                                                           st.session_state[f"{key}_given"])
        st.session_state[f"{key}_saved"] = True
    # Saved and kept before the verdict is drawn (graded in the callback): a run cut short after it (a quick
    # "Next", a page closed) loses nothing.
    graded = st.session_state.get(f"{key}_feedback")
    track_answer(key, graded, kind=step.generator, seed=seed, params=params, skill=KINDS[step.generator].skill,
                 source="lesson")
    if graded is not None:
        _keep(place, st.session_state.get(f"{key}_given"), graded.correct, fixed=False)
    fb = question_block(step.generator, seed=seed, params=params, key=key, once=place is not None)
    return None if fb is None else bool(fb.correct)


def fixed_check(step: CheckStep, key: str, place=None) -> bool | None:
    """A fixed question from a lesson, answered in place with immediate feedback (once, with ``place``: the
    answer is then shown with its verdict, in place of the form)."""
    from ...quiz.order import shuffled
    answered = _kept(place, result=f"{key}_result", given=f"{key}_given")
    with st.container(border=True):
        st.markdown(_("**Check:** {question}").format(question=step.question))
        kind = step.answer_kind
        on_table = kind in ("card", "cards") and not step.options and bool(step.pick_from)
        clicked = None
        if answered:
            show_card_groups(step.shown_cards)
            st.markdown(_("Your answer: **{answer}**").format(
                answer=_given_text(step, st.session_state.get(f"{key}_given"))))
            return _verdict(step, key)
        if on_table:  # the cards are clicked on the card table: one answer, one rerun
            from ..table.question_views import check_view
            from ..table.table_component import card_table
            clicked = card_table(check_view(step.shown_cards, step.pick_from, single=kind == "card", token=key),
                                 key=f"{key}_table")
        else:
            show_card_groups(step.shown_cards)
        response = None
        with st.form(f"form_{key}", border=False):
            if step.options:
                options = shuffled(step.options, key)  # key: lesson id and step; the same order every rerun
                labels = [o.text for o in options]
                picked = st.radio(_("Your answer"), labels, index=None, key=f"{key}_radio")
                if picked is not None:
                    response = options[labels.index(picked)].value
            elif kind == "bool":
                picked = st.radio(_("Your answer"), [N_("Yes"), N_("No")], index=None, horizontal=True,
                                  format_func=_, key=f"{key}_tf")
                response = None if picked is None else picked == "Yes"
            elif on_table:
                response = typed_cards(key, single=kind == "card")
                if kind == "card":
                    response = str(response[0]) if response else None
            else:
                typed = st.text_input(_("Your answer"), key=f"{key}_num")
                response = parse_number(typed) if kind == "number" else typed
                if kind == "number" and typed.strip() and response is None:
                    st.warning(_("“{typed}” is not a number: type something like 42 or 40.5.").format(typed=typed))
            sent = st.form_submit_button(_("Check what I typed") if on_table else _("Check my answer"))
        if clicked is not None:
            sent, response = True, (clicked[0].code if kind == "card" else list(clicked))
        if sent:
            if response is None or response == []:
                st.info(_("Choose or type an answer first."))
                return None
            right = check_answer(step, response)
            st.session_state[f"{key}_result"] = right
            st.session_state[f"{key}_given"] = response
            _keep(place, response, right, fixed=True)
        if st.session_state.get(f"{key}_result") is None:
            if step.hint:
                with st.expander(_("Hint")):
                    st.markdown(step.hint)
            return None
        return _verdict(step, key)


def _verdict(step: CheckStep, key: str) -> bool:
    """Right, or not quite with the known slip and the answer; then the step's explanation."""
    result = bool(st.session_state.get(f"{key}_result"))
    if result:
        st.success(_("Right!"))
    else:
        slip = slip_for_check(step, st.session_state.get(f"{key}_given"))
        why = f" {slip}" if slip else ""
        cards = _answer_cards(step)
        if cards:  # the answer in pictures, its names as their alt text
            st.error(_("Not quite.") + why)
            st.markdown(_("**Answer:** {cards}").format(cards=cards_inline(cards, width=48)), unsafe_allow_html=True)
        else:
            st.error(_("Not quite.") + why + " " + _("The answer is **{answer}**.").format(answer=_answer_text(step)))
    if step.explain:
        st.markdown(step.explain)
    if step.engine_note:
        st.caption(step.engine_note)
    if not result:
        _refutation(step, key)
    return result


def _refutation(step: CheckStep, key: str) -> None:
    """A wrong card in a best-card check: "Show me" plays the solver's line after it on the card table."""
    spec = step.verify.get("best_card") if isinstance(step.verify, dict) else None
    if not isinstance(spec, dict) or not isinstance(spec.get("position"), dict):
        return
    from ...strategy import Position
    pos = Position.from_mapping(spec["position"])
    given = st.session_state.get(f"{key}_given")
    mine = next((c for c in pos.legal() if isinstance(given, str) and c.code == given.strip()), None)
    if mine is not None:
        show_me(pos, mine, key=f"{key}_refute")


def _given_text(step: CheckStep, given) -> str:
    """The learner's answer as they gave it, in words: the option's text, yes or no, the cards, the number."""
    if step.options:
        return next((o.text for o in step.options if o.value == given), str(given))
    if isinstance(given, bool):
        return _("yes") if given else _("no")
    if isinstance(given, list):
        try:  # card codes as typed or clicked: said by name
            return cards_text(c if not isinstance(c, str) else card(c) for c in given)
        except (TarotError, ValueError):
            return " ".join(str(c) for c in given)
    if isinstance(given, str) and _answer_cards(step):
        try:
            return card_short(card(given))
        except (TarotError, ValueError):
            return given
    if isinstance(given, float) and given.is_integer():
        return str(int(given))
    return _shown_number(given)


def _answer_text(step: CheckStep) -> str:
    if step.options:
        for o in step.options:
            if o.value == step.answer:
                return o.text
    if isinstance(step.answer, bool):
        return _("yes") if step.answer else _("no")
    cards = _answer_cards(step)
    if cards:  # by name; tied best cards: each one is right
        if step.accepted and len(step.accepted) > 1:
            return _(" or ").join(card_short(c) for c in cards)
        return cards_text(cards)
    return _shown_number(step.answer)


def _shown_number(value) -> str:
    """A number as the learner's language writes it (40,5 in French); anything else as it is."""
    if isinstance(value, float) and language() != "en":
        return number(value)
    return str(value)


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
    from ...content.schema import ScoreParams
    from ...engine import score_deal
    from ...quiz.slips import diagnose
    try:
        s = score_deal(**ScoreParams.model_validate({k: v for k, v in spec.items() if k != "ask"}).score_args())
    except Exception:  # the content checker reports a bad spec; feedback just goes without a diagnosis
        return None
    found = diagnose(spec.get("ask", "taker"), s, float(given))
    return f"{found[0].upper()}{found[1:]}." if found else None
