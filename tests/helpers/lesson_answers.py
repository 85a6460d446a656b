"""Answering a lesson's checks through its widgets in AppTest (right or wrong), for the lesson-flow tests."""

from __future__ import annotations

from tutor.content import CheckStep
from tutor.content.verify import check_answer
from tutor.quiz import generate
from tutor.quiz.question import AnswerType
from tutor.ui.quiz.question import answered_by_table


def submit_form(at, form: str) -> None:
    key = next(b.key for b in at.button if b.key and b.key.startswith(f"FormSubmitter:{form}-"))
    at.button(key=key).click().run()


def _wrong_option(step: CheckStep):
    return next(o for o in step.options if o.value != step.answer)


def answer_check(at, step: CheckStep, key: str, *, right: bool = True) -> None:
    """Give the right (or a wrong) answer to the check drawn with widget key ``key``."""
    if step.is_generated:
        q = generate(step.generator, step.quiz_seed, **dict(step.params))
        if q.answer_type is AnswerType.PICK_CARDS:
            best = list(q.answer)[:1] if q.context.get("pick_one") else list(q.answer)  # any tied best card
            cards = best if right else [c for c in q.pool if c not in q.answer][:1] or list(q.pool)[:1]
            at.text_input(key=f"{key}_typed").set_value(" ".join(c.code for c in cards))
        elif q.answer_type is AnswerType.CHOICE:
            pick = q.answer if right else next(c.key for c in q.choices if c.key != q.answer)
            if answered_by_table(q):  # a choice among cards: the card is typed (or clicked on the table)
                at.text_input(key=f"{key}_typed").set_value(pick)
            else:
                at.radio(key=f"{key}_choice").set_value(q.choice(pick).label)
        elif q.answer_type is AnswerType.NUMBER:
            at.text_input(key=f"{key}_number").set_value(f"{q.answer if right else q.answer + 1000:g}")
        else:
            for f in q.fields:
                at.text_input(key=f"{key}_f_{f.key}").set_value(str(q.answer[f.key] if right else 9999))
        submit_form(at, f"qform_{key}")
        return
    if step.options:
        option = next(o for o in step.options if o.value == step.answer) if right else _wrong_option(step)
        at.radio(key=f"{key}_radio").set_value(option.text)
    elif step.answer_kind == "bool":
        at.radio(key=f"{key}_tf").set_value("Yes" if step.answer == right else "No")
    elif step.answer_kind in ("card", "cards"):
        # A wrong card from those on offer (for a best-card check, one the solver does not rate best).
        wrong = None
        if step.answer_kind == "card":
            wrong = next((c for c in step.pick_from if not check_answer(step, c.code)), None)
        at.text_input(key=f"{key}_typed").set_value(str(step.answer) if right else (wrong.code if wrong else "2C"))
    else:
        at.text_input(key=f"{key}_num").set_value(str(step.answer) if right else "9999")
    submit_form(at, f"form_{key}")


def next_button(at):
    """The lesson's forward button, whatever it says (Next, Skip this check, Finish)."""
    return next(b for b in at.button if b.key and b.key.startswith("next_") and not b.key.startswith("next_lesson"))


def play_lesson(at, lesson, *, wrong=(), answer=True) -> None:
    """Step through ``lesson`` from its first step, answering every check (wrongly for the step numbers in
    ``wrong``; not at all when ``answer`` is false), then through the second chance, right, to the end."""
    steps = list(lesson.steps) + list(lesson.quiz)
    for i, step in enumerate(steps):
        assert at.query_params.get("step", "1") == str(i + 1) or i == 0, (lesson.id, i, dict(at.query_params))
        if answer and isinstance(step, CheckStep):
            answer_check(at, step, f"{lesson.id}_{i}", right=i not in wrong)
            assert not at.exception, (lesson.id, i, at.exception)
        next_button(at).click().run()
        assert not at.exception, (lesson.id, i, at.exception)
    if at.query_params.get("step") == "again":
        for i in sorted(set(wrong)):
            answer_check(at, steps[i], f"{lesson.id}_{i}_again")
        at.button(key=f"score_{lesson.id}").click().run()
