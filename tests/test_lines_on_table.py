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


STRATEGY_LESSONS = ("judging-a-hand", "which-contract", "ecart-strategy", "calling-a-king", "attack-play",
                    "defence-play", "announcing", "endgames")


def test_strategy_lessons_show_hands_as_card_pictures_never_codes():
    """Lessons 17-24: every hand of a worked example is a row of card pictures (``{cards:…}``), and no prose,
    question or explanation writes a card code (``T19 KS KH``)."""
    from test_learner_words import _strings, card_codes

    from tutor.content import plain_cards
    rows = 0
    for lid in STRATEGY_LESSONS:
        lesson = course().lesson(lid)
        texts = _strings(lesson.model_dump(), skip={"verify", "example", "cards", "pool", "answer", "accepted"})
        bad = [(lid, card_codes(t), t[:80]) for t in texts if card_codes(t)]
        assert not bad, bad[:3]
        for step in lesson.steps:
            if isinstance(step, ExampleStep):
                text = render_example(step)
                assert not card_codes(text), (lid, step.line, card_codes(text))
                if isinstance(step.example, BestCardExample):
                    hands = [ln for ln in text.splitlines() if ln.startswith("- Seat")]
                    assert hands and all("{cards:" in ln for ln in hands), (lid, step.line)
                    rows += len(hands)
                assert plain_cards(text)  # the same text in words, for screen readers and exports
    assert rows >= 12
