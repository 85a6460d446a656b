"""A half-filled score form is refused, not graded (issue 38): lesson 12's closing quiz, question 1, with only the
target filled kept its first try; the whole form then grades as before."""

from apptest_helpers import app
from lesson_answers import submit_form

from tutor.quiz import generate
from tutor.ui.common.data import course

LESSON = "tutor/ui/pages/lesson.py"


def test_a_form_with_only_the_target_is_refused_and_the_first_try_is_kept(db):
    lesson = course().lesson("scoring")
    idx = len(lesson.steps)  # the closing quiz's first question
    step = lesson.quiz[0]
    assert step.is_generated and step.generator == "score"
    q = generate(step.generator, step.quiz_seed, **dict(step.params))
    key = f"scoring_{idx}"
    at = app(LESSON, lesson="scoring", step=str(idx + 1))
    at.text_input(key=f"{key}_f_target").set_value(str(q.answer["target"]))
    submit_form(at, f"qform_{key}")
    assert not at.exception
    assert any(i.value == "Fill in every step first." for i in at.info)
    assert f"{key}_feedback" not in at.session_state and not at.error and not at.warning
    assert not any("steps right" in s.value for s in [*at.error, *at.warning, *at.success])
    # Every step filled: graded, right on the first try.
    for f in q.fields:
        at.text_input(key=f"{key}_f_{f.key}").set_value(str(q.answer[f.key]))
    submit_form(at, f"qform_{key}")
    assert not at.exception and at.session_state[f"{key}_feedback"].correct
