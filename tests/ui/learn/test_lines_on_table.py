"""Issue 24, "Showing the play": a lesson's worked endgame shows its perfect line trick by trick on the card
table (AppTest; the browser test sees the pictures), never as one run-on list of cards."""

from __future__ import annotations

from apptest_helpers import app

from tutor.content import ExampleStep, render_example
from tutor.content.schema import BestCardExample
from tutor.strategy import Position, solve
from tutor.ui.common.data import course
from tutor.ui.table.line_model import line_steps

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
    from learner_text_scan import _strings, card_codes

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


def test_a_wrong_card_in_a_lesson_best_card_check_can_be_shown_the_refutation(db):
    """Lesson 21's check (the 8 is with seat 3 now): a wrong king, then "Show me" plays the solver's line after
    it on the card table, the learner's king first."""
    from lesson_answers import answer_check

    from tutor.engine import card
    lesson = course().lesson("attack-play")
    index, step = next((i, s) for i, s in enumerate(lesson.steps)
                       if isinstance(getattr(s, "verify", None), dict) and "best_card" in s.verify)
    at = app(LESSON, lesson=lesson.id, step=str(index + 1))
    key = f"{lesson.id}_{index}"
    answer_check(at, step, key, right=False)
    assert not at.exception and any("Not quite" in e.value for e in at.error)
    given = at.session_state[f"{key}_given"]
    click = next(b for b in at.button if b.label == "Show me")
    click.click().run()
    pos = Position.from_mapping(step.verify["best_card"]["position"])
    after = pos.play(card(given))
    steps = line_steps(pos, [(pos.to_play, card(given)), *solve(after, line=True).line])
    assert steps[0].words in [c.value for c in at.caption]
    assert card(given).short in steps[0].words and card(given) not in solve(pos).best
