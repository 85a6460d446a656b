"""Issue 24, "Showing the play": a lesson's worked endgame shows its perfect line trick by trick on the card
table (AppTest; the browser test sees the pictures), never as one run-on list of cards."""

from __future__ import annotations

from apptest_helpers import app

from tutor.content import ExampleStep, render_example
from tutor.content.schema import BestCardExample
from tutor.strategy import Position, solve
from tutor.ui.data import course
from tutor.ui.line_model import line_steps

LESSON = "tutor/ui/pages/lesson.py"


def test_a_lesson_endgame_example_steps_through_its_perfect_line():
    lesson = course().lesson("endgames")
    index, step = next((i, s) for i, s in enumerate(lesson.steps)
                       if isinstance(s, ExampleStep) and isinstance(s.example, BestCardExample))
    pos = Position.from_mapping(step.example.position)
    steps = line_steps(pos, list(solve(pos, line=True).line))
    assert len(steps) >= 2
    text = render_example(step)
    assert "A perfect line:" not in text  # no run-on list in the example's text
    at = app(LESSON, lesson=lesson.id, step=str(index + 1))
    assert not at.exception
    captions = [c.value for c in at.caption]
    assert steps[0].words in captions and steps[1].words not in captions
    next(b for b in at.button if b.label == "Next trick →").click().run()
    captions = [c.value for c in at.caption]
    assert steps[1].words in captions and steps[0].words not in captions
    assert next(b for b in at.button if b.label == "Next trick →").disabled == (len(steps) == 2)
    next(b for b in at.button if b.label == "← Previous trick").click().run()
    assert steps[0].words in [c.value for c in at.caption]
