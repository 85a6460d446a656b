"""Issue 24, lessons 28-30 (five players, reading the cards, the Excuse and the big contracts): the single-dummy
checks are right on every layout the question's facts allow, a hidden check shows only the player's hand, each
check has a position of its own, and the rule the lessons quote on the hidden dog holds in the engine."""

from __future__ import annotations

import itertools
from pathlib import Path

import pytest
from apptest_helpers import app

import tutor.quiz  # noqa: F401 - hands the generators to the content checker, as the app does
from tutor.content import load_course
from tutor.content.queries import QueryError, q_best_card
from tutor.content.schema import BestCardExample, CheckStep, ExampleStep
from tutor.engine import Contract, Deal, parse_cards
from tutor.engine.actions import Bid
from tutor.engine.rule_text import RULE_TEXT
from tutor.engine.views import Phase
from tutor.skills import STRATEGY_SKILLS
from tutor.strategy.bots.policy import decide
from tutor.strategy.exact.position import Position, PositionError
from tutor.strategy.exact.solver import solve
from tutor.ui.learn.course import course_part

REPO = Path(__file__).resolve().parents[2]
NEW = ("five-players-play", "reading-the-cards", "excuse-garde-sans-chelem")

# What each single-dummy question tells the learner about the hidden hands, keyed by the hand of the seat to
# play: the voids it states ("T" no trump, "S" no spade...). The hidden cards may lie in any way that fits.
VOIDS = {
    ("reading-the-cards", "T10 KS KH"): {2: "S", 3: "H"},
    ("reading-the-cards", "KS KH 2C"): {2: "H", 3: "TS", 4: "TS"},
    ("reading-the-cards", "T20 T19 KC"): {3: "T"},
    ("reading-the-cards", "T12 KH 3D"): {2: "H", 3: "T", 4: "T"},
}


@pytest.fixture(scope="module")
def course():
    c = load_course(REPO / "lessons")
    assert not c.problems, c.problems[:5]
    return c


def _checks(lesson):
    return [s for s in [*lesson.steps, *lesson.quiz] if isinstance(s, CheckStep) and not s.is_generated]


def _best_card(check):
    return check.verify.get("best_card") if isinstance(check.verify, dict) else None


def test_the_three_lessons_follow_the_strategy_course(course):
    by_id = {x.id: x for x in course.lessons}
    assert [by_id[i].number for i in NEW] == [28, 29, 30]
    assert by_id["reading-the-cards"].prerequisites == ["five-players-play"]
    assert by_id["excuse-garde-sans-chelem"].prerequisites == ["reading-the-cards"]
    first = by_id["five-players-play"].prerequisites
    assert len(first) == 1 and by_id[first[0]].number < 28
    for i in NEW:
        assert by_id[i].skills and set(by_id[i].skills) <= set(STRATEGY_SKILLS)
        assert course_part(by_id[i].skills) == "Playing well"
        assert len(_checks(by_id[i])) >= 3


def _fits(card, void: str) -> bool:
    if card.code == "EX":
        return True  # the Excuse is no trump: a void in trumps says nothing about it
    return "T" not in void if card.is_trump else card.code[-1] not in void


def _layouts(mapping: dict, seen: int, voids: dict):
    """Every way to deal the cards the seat to play cannot see among the other seats, the hand sizes kept and
    the stated voids respected."""
    hands = {int(s): parse_cards(h) for s, h in mapping["hands"].items()}
    others = [s for s in sorted(hands) if s != seen]
    pool = [c for s in others for c in hands[s]]

    def deal(i, left):
        if i == len(others):
            yield {}
            return
        s = others[i]
        for pick in itertools.combinations([c for c in left if _fits(c, voids.get(s, ""))], len(hands[s])):
            for rest in deal(i + 1, [c for c in left if c not in pick]):
                yield {s: pick, **rest}

    for lay in deal(0, pool):
        yield {**mapping, "hands": {seen: mapping["hands"][seen],
                                    **{s: " ".join(c.code for c in cs) for s, cs in lay.items()}}}


def test_fits_and_layouts_by_hand():
    assert not _fits(parse_cards("T4")[0], "T") and _fits(parse_cards("EX")[0], "T")
    assert not _fits(parse_cards("KS")[0], "HS") and _fits(parse_cards("KD")[0], "HS")
    m = {"players": 3, "hands": {1: "T21", 2: "T5 KH", 3: "2C 3C"}}
    # 4 cards in two hands of 2: 6 ways; with seat 3 out of trumps, the 5 is at seat 2: 3 ways.
    assert len(list(_layouts(m, 1, {}))) == 6
    assert [lay["hands"][2].split()[0] for lay in _layouts(m, 1, {3: "T"})] == ["T5"] * 3


def _hidden_checks(course):
    for lid in NEW:
        for check in _checks(course.lesson(lid)):
            spec = _best_card(check)
            if spec and spec.get("hidden"):
                yield lid, check, spec["position"]


def test_every_single_dummy_check_has_its_facts_listed(course):
    found = {(lid, pos["hands"][pos["trick"]["leader"]]) for lid, _, pos in _hidden_checks(course)}
    assert found == set(VOIDS)


@pytest.mark.parametrize("key", sorted(VOIDS))
def test_single_dummy_answer_is_best_on_every_layout_the_facts_allow(course, key):
    """Every card the check accepts (the solver's best on the true layout) is best on each layout of the hidden
    cards that fits what the question says: the answer needs only what the seat can see."""
    lid, hand = key
    check, pos = next((c, p) for i, c, p in _hidden_checks(course) if (i, p["hands"][p["trick"]["leader"]]) == key)
    seen = pos["trick"]["leader"]
    assert not pos["trick"]["cards"]  # the seat to play leads: no trick card could rule a layout out
    voids = VOIDS[key]
    true = Position.from_mapping(pos)
    for s, void in voids.items():  # the true layout fits the stated facts
        assert all(_fits(c, void) for c in true.hands[s - 1]), (s, void)
    accepted = set(solve(true).best)
    assert parse_cards(check.answer)[0] in accepted
    n = 0
    for layout in _layouts(pos, seen, voids):
        best = set(solve(Position.from_mapping(layout)).best)
        assert accepted <= best, (layout["hands"], [c.code for c in accepted], [c.code for c in best])
        n += 1
    assert n >= 1


HIDDEN_SPEC = {"players": 3, "contract": "garde", "taker": 1, "hands": {1: "T10 KS KH", 2: "T8 QH 5H", 3: "T6 QS 4S"},
               "trick": {"leader": 1, "cards": ""},
               "taken": {"attack_points": 36, "attack_oudlers": 2, "attack_tricks": 12, "defence_tricks": 9}}


def test_a_hidden_best_card_check_shows_only_your_hand():
    shown = q_best_card({"position": HIDDEN_SPEC, "hidden": True}).shown
    assert list(shown) == ["Your hand"] and [c.code for c in shown["Your hand"]] == ["T10", "KS", "KH"]
    assert set(q_best_card({"position": HIDDEN_SPEC}).shown) == {"Your hand", "Seat 2's hand", "Seat 3's hand"}
    with pytest.raises(QueryError):
        q_best_card({"position": HIDDEN_SPEC, "hidden": "maybe"})


def _position_key(mapping) -> tuple:
    return tuple(sorted((int(s), h) for s, h in mapping["hands"].items())), mapping["trick"]["cards"]


@pytest.mark.parametrize("lid", NEW)
def test_each_check_has_a_position_of_its_own(course, lid):
    """No check repeats a worked example of its lesson: it asks about a position the learner has not seen solved."""
    lesson = course.lesson(lid)
    examples = {_position_key(s.example.position) for s in lesson.steps
                if isinstance(s, ExampleStep) and isinstance(s.example, BestCardExample)}
    keys = [_position_key(_best_card(c)["position"]) for c in _checks(lesson) if _best_card(c)]
    assert len(keys) >= 3 and len(set(keys)) == len(keys)
    assert not set(keys) & examples


@pytest.mark.parametrize("contract", [Contract.GARDE_SANS, Contract.GARDE_CONTRE])
def test_the_hidden_dog_counts_as_the_rule_says(contract):
    """RULE_TEXT['dog_hidden'], which lesson 30 quotes: the dog counts for the taker in a garde sans and for the
    defence in a garde contre, as the engine's count of a deal played out says."""
    text = RULE_TEXT["dog_hidden"]
    assert "garde sans its cards count for the taker" in text and "garde contre for the defence" in text
    for seed in range(3):
        deal = Deal.new(4, seed=seed)
        first = deal.to_act
        for i in range(4):  # the first to speak takes the contract, the others pass
            deal.apply(Bid((first + i) % 4, contract if i == 0 else None))
        assert deal.contract is contract and not deal.ecart
        while deal.phase is not Phase.DONE:
            deal.apply(decide(deal.view(deal.to_act)).action)
        pile = set(deal.attack_pile()[0])
        dog = set(deal.dog)
        assert len(dog) == 6
        assert dog <= pile if contract is Contract.GARDE_SANS else not dog & pile


def test_the_reading_lesson_check_on_the_page_hides_the_other_hands(course):
    """Lesson 29's first check, as the lesson page shows it: your hand only, no other seat's cards."""
    lesson = course.lesson("reading-the-cards")
    step = next(i for i, s in enumerate(lesson.steps, 1) if isinstance(s, CheckStep) and _best_card(s))
    at = app("tutor/ui/pages/lesson.py", lesson="reading-the-cards", step=str(step))
    assert not at.exception
    text = " ".join(str(m.value) for m in at.markdown)
    assert "Counting, you find two trumps still out" in text
    assert "Seat 2's hand" not in text and "Seat 3's hand" not in text


def test_position_errors_are_not_silently_skipped():
    """A layout is the true cards moved between hidden hands: each is a valid position (same cards, same taken)."""
    pos = {**HIDDEN_SPEC}
    for layout in _layouts(pos, 1, {}):
        try:
            Position.from_mapping(layout)
        except PositionError as err:  # pragma: no cover - would mean the enumeration is wrong
            pytest.fail(str(err))


@pytest.mark.parametrize("lid", NEW)
def test_the_first_worked_example_shows_card_pictures(course, lid):
    """Each new lesson's first worked example on the lesson page: the hands as card pictures, no card codes."""
    lesson = course.lesson(lid)
    step = next(i for i, s in enumerate(lesson.steps, 1) if isinstance(s, ExampleStep))
    at = app("tutor/ui/pages/lesson.py", lesson=lid, step=str(step))
    assert not at.exception
    shown = [str(m.value) for m in at.markdown]
    assert any("<img" in v and "{cards:" not in v for v in shown)
    assert not any(code in v for v in shown for code in (" T21 ", " KD ", " EX "))
