"""Lessons 25-27 (issue 24): defending together, the taker's trumps, discards, and their puzzles.

The solver checks every best-card answer through `tarot-tutor check` and tests/quiz/test_strategy_puzzles.py; here we
check what those do not: each check has a position of its own, the "hunt pays most with one oudler" figures
against the engine, the rule sentences the lessons quote against the engine, and the puzzle file's coverage."""

from pathlib import Path

import pytest

import tutor.quiz  # noqa: F401  (registers the generators the loader checks)
from tutor.content import CheckStep, ExampleStep, TextStep, load_course
from tutor.engine import Contract, Deal, Phase
from tutor.engine.rule_text import RULE_TEXT
from tutor.engine.scoring import score_deal
from tutor.quiz.puzzles import load_puzzles
from tutor.quiz.rules import RULES
from tutor.strategy import Position

ROOT = Path(__file__).resolve().parents[2]
NEW = ("defending-together", "the-takers-trumps", "discards")


@pytest.fixture(scope="module")
def course():
    c = load_course(ROOT / "lessons")
    assert not c.problems, c.problems[:5]
    return c


def _position(spec) -> tuple | None:
    """A best-card position, as a comparable value (None for other queries)."""
    if isinstance(spec, dict) and "best_card" in spec:
        return Position.from_mapping(spec["best_card"]["position"]).to_json()
    if isinstance(spec, dict) and "score_deal" in spec:
        s = spec["score_deal"]
        return _deal(s.get("players", 4), s["contract"], s["taker_points"], s["oudlers"])
    return None


def _deal(players, contract, points, oudlers) -> tuple:
    return int(players), str(contract), float(points), int(oudlers)


@pytest.mark.parametrize("lid", NEW)
def test_each_check_has_a_position_of_its_own(course, lid):
    """Issue 24: a check that only repeats the example on the previous screen tests reading, not understanding."""
    lesson = course.lesson(lid)
    examples = set()
    for s in lesson.steps:
        if isinstance(s, ExampleStep) and s.example.kind == "best_card":
            examples.add(Position.from_mapping(s.example.position).to_json())
        if isinstance(s, ExampleStep) and s.example.kind == "score":
            e = s.example
            examples.add(_deal(e.players, e.contract, e.taker_points, e.oudlers))
    checks = [q for q in [*lesson.checks, *lesson.quiz] if not q.is_generated]
    assert len(lesson.checks) >= 3 and all(q.verify is not None for q in checks)  # every answer is computed
    keys = [_position(q.verify) for q in checks]
    assert None not in keys
    assert len(set(keys)) == len(keys), "two checks share a position"
    assert not set(keys) & examples, "a check repeats a worked example"


@pytest.mark.parametrize("lid", NEW)
def test_the_new_lessons_show_every_position_as_card_pictures(course, lid):
    lesson = course.lesson(lid)
    best = [s for s in lesson.steps if isinstance(s, ExampleStep) and s.example.kind == "best_card"]
    assert len(best) >= 1
    for s in lesson.steps:
        if isinstance(s, ExampleStep) and s.example.kind == "best_card":
            assert "{cards:" in s._rendered  # drawn as pictures by the page
        if isinstance(s, CheckStep) and s.verify and "best_card" in s.verify:
            assert s.shown_cards and s.pick_from  # every hand shown with the question, answered by picking


def _margin(points: float, oudlers: int) -> float:
    """The margin signed from the taker's side: + made by, − failed by."""
    res = score_deal(players=4, contract="garde", taker_points=points, oudlers=oudlers)
    return res.margin if res.won else -res.margin


def test_the_petit_hunt_pays_most_with_one_oudler(course):
    """Lesson 26: catching the Petit brings 5 card points (the Petit and a low card) and one oudler more. The
    margin moves by 5 + the fall of the target: 56→51 (5), 51→41 (10), 41→36 (5), so 10, 15, 10."""
    gain = {o: _margin(50 + 5, o + 1) - _margin(50, o) for o in (0, 1, 2)}
    assert gain == {0: 10, 1: 15, 2: 10}
    # The lesson's worked pair: 47 with 1 oudler fails by 4; 52 with 2 oudlers is made by 11.
    assert (_margin(47, 1), _margin(52, 2)) == (-4, 11)
    text = "\n".join(s.body for s in course.lesson("the-takers-trumps").steps if isinstance(s, TextStep))
    assert "by 15 points when you hold one oudler, by 10 otherwise" in text


def test_the_rules_the_lessons_quote_are_the_engines_one_sentence(course):
    for rid in ("follow_suit", "must_trump", "discard", "trump_led", "ecart_trump", "target", "dog_fate"):
        assert RULES[rid] == RULE_TEXT[rid]
    bodies = "\n".join(s.body for lid in NEW for s in course.lesson(lid).steps if isinstance(s, TextStep))
    for rid in ("follow_suit", "must_trump", "discard", "trump_led", "ecart_trump", "target", "dog_shown"):
        assert RULE_TEXT[rid] in bodies, rid


@pytest.mark.parametrize("contract, shown", [(Contract.PETITE, True), (Contract.GARDE, True),
                                             (Contract.GARDE_SANS, False), (Contract.GARDE_CONTRE, False)])
def test_the_dog_is_shown_to_everyone_only_in_a_petite_or_garde(contract, shown):
    """RULE_TEXT['dog_shown'], quoted by lesson 25, against the engine."""
    assert "petite or a garde" in RULE_TEXT["dog_shown"]
    for seed in range(40):
        deal = Deal.new(4, seed=seed, dealer=0)
        if deal.phase is not Phase.BIDDING:
            continue
        deal.bid(1, contract)
        for s in (2, 3, 0):
            deal.bid(s, None)
        assert all((deal.view(s).dog == deal.dog) is shown for s in range(4))
        return
    pytest.fail("no deal without a petit sec")


def test_the_defence_puzzles_cover_both_sides_every_table_size_and_the_new_lessons():
    mine = [p for p in load_puzzles(ROOT / "puzzles", deep=True) if p.path.endswith("strategy-defence.yaml")]
    assert len(mine) >= 8
    assert {p.players for p in mine} == {3, 4, 5}
    assert {p.position.is_attack(p.position.to_play) for p in mine} == {True, False}
    assert {"defending-together", "takers-trumps", "discards"} <= {p.skill for p in mine}
    assert {"lead-for-partner", "play-the-21", "charger"} <= {p.principle for p in mine}
    assert all("every hand is shown" in p.question for p in mine)
