"""Issue 12, point 15: multiple-choice options are shown in an order drawn from a seed, so the right
answer's place is spread over the options and the same for the same seed."""

from __future__ import annotations

from collections import Counter

from tutor.content import load_course
from tutor.quiz import generate
from tutor.quiz.order import question_salt, shuffled
from tutor.quiz.question import AnswerType


def test_the_same_salt_gives_the_same_order_and_every_option_once():
    items = list("abcdef")
    assert shuffled(items, "x/1") == shuffled(items, "x/1")
    assert sorted(shuffled(items, "x/1")) == items
    assert len({tuple(shuffled(items, f"x/{i}")) for i in range(30)}) > 10


def test_right_answers_of_the_fixed_checks_are_spread_over_the_places():
    course = load_course("lessons")
    places = []
    written_first = 0
    for lesson in course.lessons:
        for i, step in enumerate([*lesson.steps, *lesson.quiz]):
            if getattr(step, "options", None) and step.answer is not None:
                values = [o.value for o in step.options]
                written_first += values[0] == step.answer
                shown = [o.value for o in shuffled(step.options, f"{lesson.id}_{i}")]  # the lesson page's key
                places.append((shown.index(step.answer), len(shown)))
    assert len(places) >= 30
    first = sum(1 for p, _ in places if p == 0)
    # As written, the right answer came first about half the time; shown, about 1 time in n.
    expected = sum(1 / n for _, n in places)
    assert written_first >= len(places) // 3
    assert first < written_first and abs(first - expected) < 0.25 * len(places)
    assert len({p for p, _ in places}) >= 3


def test_right_answers_of_generated_choices_are_spread_and_stable():
    places = Counter()
    for seed in range(60):
        q = generate("bidding", seed, players=4, difficulty=1, ask="dog")
        assert q.answer_type is AnswerType.CHOICE
        order = [c.key for c in shuffled(q.choices, question_salt(q))]
        again = generate("bidding", seed, players=4, difficulty=1, ask="dog")
        assert order == [c.key for c in shuffled(again.choices, question_salt(again))]
        places[order.index(q.answer)] += 1
    assert len(places) == 3 and min(places.values()) >= 8
