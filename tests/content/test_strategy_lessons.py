"""Issue 14, the strategy course: lessons 17-24, the hand count step by step, the measured numbers they quote
({measure:...} from lessons/measurements.yaml, re-measured here), and the strategy verify and example kinds."""

from __future__ import annotations

import importlib.util
import random
import shutil
import sys
from pathlib import Path

import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

import tutor.quiz  # noqa: F401 - hands the generators to the content checker, as the app does
from tutor.content import load_course, load_lesson
from tutor.content.measures import Measures, load_measures
from tutor.content.render import render_spec
from tutor.content.schema import (
    BestCardExample,
    CheckStep,
    ExampleStep,
    HandCountExample,
    MeasuredExample,
    MistakeStep,
    SummaryStep,
    TextStep,
)
from tutor.content.verify import check_answer
from tutor.engine import Contract, RuleSet, parse_cards
from tutor.engine.cards import CARDS
from tutor.skills import STRATEGY_SKILLS
from tutor.strategy import wilson
from tutor.strategy.bots.handcount import count_steps, hand_strength, threshold_text
from tutor.strategy.bots.principles import PRINCIPLES, STRATEGY_LESSONS

REPO = Path(__file__).resolve().parents[2]
LESSONS = REPO / "lessons"


def _bench():
    spec = importlib.util.spec_from_file_location("strategy_measure", REPO / "bench" / "strategy_measure.py")
    mod = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("strategy_measure", mod)  # dataclasses look their module up there
    spec.loader.exec_module(sys.modules["strategy_measure"])
    return sys.modules["strategy_measure"]


@pytest.fixture(scope="module")
def course():
    c = load_course(LESSONS)
    assert not c.problems, c.problems[:5]
    return c


# ---------------------------------------------------------------- the lessons exist, in order, with their skills

EXPECTED = {17: ("judging-a-hand", "hand-judgement"), 18: ("which-contract", "contract-choice"),
            19: ("ecart-strategy", "ecart-strategy"), 20: ("calling-a-king", "king-call"),
            21: ("attack-play", "attack-play"), 22: ("defence-play", "defence-play"),
            23: ("announcing", "announcing"), 24: ("endgames", "endgames"),
            25: ("defending-together", "defending-together"), 26: ("the-takers-trumps", "takers-trumps"),
            27: ("discards", "discards")}


def test_the_strategy_lessons_follow_the_rules_course_in_one_chain(course):
    by_number = {lesson.number: lesson for lesson in course.lessons}
    for n, (lid, skill) in EXPECTED.items():
        lesson = by_number[n]
        assert (lesson.id, lesson.skills) == (lid, [skill])
    assert [by_number[n].id for n in sorted(EXPECTED)] == list(STRATEGY_LESSONS)
    assert [by_number[n].skills[0] for n in sorted(EXPECTED)] == list(STRATEGY_SKILLS)
    assert by_number[17].prerequisites == ["at-the-club"]  # after every rules lesson
    for n in range(18, 31):  # 28-30 train the skills of 21-24 and come after 27
        assert by_number[n].prerequisites == [by_number[n - 1].id]


def _lesson_text(lesson) -> str:
    parts = []
    for s in [*lesson.steps, *lesson.quiz]:
        if isinstance(s, TextStep):
            parts.append(s.body)
        elif isinstance(s, MistakeStep):
            parts += [s.wrong, s.right, s.why or ""]
        elif isinstance(s, SummaryStep):
            parts += s.points
        elif isinstance(s, ExampleStep):
            parts += [s.intro or "", s.after or ""]
        elif isinstance(s, CheckStep):
            parts += [s.question or "", s.explain or ""]
    return "\n".join(parts).lower()


@pytest.mark.parametrize("pid", sorted(PRINCIPLES))
def test_every_principle_is_taught_by_its_lesson(course, pid):
    """A hint or review that names a principle links to its lesson: that lesson must say it, by name."""
    p = PRINCIPLES[pid]
    lesson = course.lesson(p.lesson)
    assert lesson is not None, p.lesson
    assert p.name.lower() in _lesson_text(lesson), (pid, p.name, p.lesson)


def test_lesson_1_explains_the_hint_count_38_under_40(course):
    """The practice hints say "counts 38, under the 40 a petite needs": lesson 1 shows that very count and
    warns that the 40 threshold is not the 41-point target with 2 oudlers."""
    lesson = course.lesson("judging-a-hand")
    examples = [s.example for s in lesson.steps if isinstance(s, ExampleStep) and s.example.kind == "hand_count"]
    assert any(hand_strength(e.cards, players=4) == 38 for e in examples)
    text = _lesson_text(lesson)
    assert "counts 38, under the 40 a petite needs" in text
    mistake = next(s for s in lesson.steps if isinstance(s, MistakeStep))
    assert "2 oudlers" in mistake.wrong + mistake.right and "41" in mistake.right


# ---------------------------------------------------------------- the hand count, step by step


def test_count_steps_worked_by_hand():
    """T21 T17 T13 T9 T6 T4 T2 KH 8H 4H QS 9S 5S 2S JD 7D 3C 6C, by hand on Chavey's scale: 7 trumps × 2 = 14,
    the 21 and the 17 (16 to 21) 2 more each, not in a run: 4, the 21 10, queen of spades 3, king of hearts 6,
    jack of diamonds 1: 38."""
    hc = count_steps(parse_cards("T21 T17 T13 T9 T6 T4 T2 KH 8H 4H QS 9S 5S 2S JD 7D 3C 6C"), players=4)
    assert [s.points for s in hc.steps if s.points] == [14, 4, 10, 3, 6, 1]
    assert hc.total == 38 and hc.contract is None
    assert threshold_text(hc.total) == "Counts 38, under the 40 a petite needs: pass."


def test_count_steps_are_not_scaled_for_3_and_5_players():
    # 3 players, by hand: 10 trumps with the Excuse 20, the 21 and the 19 2 more each 4, the 21 10, the
    # Excuse 8, the Petit (10 trumps) 9, hearts K-Q 10 + 5 long 5, king of clubs 6 = 72: a 3-player garde (71).
    three = count_steps(parse_cards("T21 T19 T15 T12 T10 T8 T6 T4 T1 EX KH QH 9H 5H 3H KC 8C 3C 2S 7S 9D 6D 4D 1D"),
                        players=3)
    assert (three.raw, three.total, three.contract) == (72, 72, Contract.GARDE)
    # 5 players: 8 trumps with the Excuse 16, the 21 and the 18 4, 21 10, Excuse 8, Petit 9, KS 6, KH QH 10,
    # no diamonds 6, one club 3 = 72: a 5-player garde sans (65).
    five = count_steps(parse_cards("T21 T18 T14 T11 T7 T4 T1 EX KH QH 8H 5H KS 4S 9C"), players=5)
    assert (five.raw, five.total, five.contract) == (72, 72, Contract.GARDE_SANS)


@settings(max_examples=200, deadline=None)
@given(st.sampled_from([3, 4, 5]), st.randoms(use_true_random=False))
def test_the_steps_add_up_to_the_count_the_bots_bid_with(players, rnd):
    size = RuleSet.for_players(players).hand_size
    hand = rnd.sample(list(CARDS), size)
    hc = count_steps(hand, players=players)
    assert sum(s.points for s in hc.steps) == hc.raw == sum(s.points for s in hc)
    assert hand_strength(hand, players=players) == hc.total == hc.raw  # not scaled: thresholds per table size
    assert all(s.label and s.label == s.label.strip() for s in hc.steps)


# ---------------------------------------------------------------- the measurements, re-measured


@pytest.fixture(scope="module")
def measured():
    data = yaml.safe_load((LESSONS / "measurements.yaml").read_text(encoding="utf-8"))
    return data, _bench()


def test_one_hand_measures_again_the_same(measured):
    """The same seed gives the same numbers: one stored hand of a small group, judged again."""
    data, bench = measured
    gid = "p3_points"
    group = bench.BY_ID[gid]
    entry = data["entries"][gid]
    assert entry["samples_per_hand"] == group.samples
    hands = bench.draw_hands(group, data["seed"])
    stored = [bench.read_hand_line(line) for line in entry["per_hand"]]
    assert [" ".join(str(c) for c in h) for h in hands] == [h["hand"] for h in stored]
    again = bench.measure_hand(group, 0, hands[0], data["seed"])
    assert again["chance"] == stored[0]["chance"]
    assert again["expected"] == pytest.approx(stored[0]["expected"])


def test_each_group_is_the_mean_of_its_hands(measured):
    """Every group number is the mean over the stored hands, the deals made that chance's share with Wilson's
    interval; each hand is in its band."""
    data, bench = measured
    assert set(data["entries"]) == set(bench.BY_ID)
    for gid, e in data["entries"].items():
        group = bench.BY_ID[gid]
        hands = [bench.read_hand_line(line) for line in e["per_hand"]]
        assert len(hands) == e["hands"] == group.hands and e["deals"] == group.hands * group.samples
        for h in hands:
            cards = parse_cards(h["hand"])
            assert group.low <= hand_strength(cards, players=group.players) <= group.high
        for name, c in e["contracts"].items():
            chance = sum(h["chance"][name] for h in hands) / len(hands)
            assert c["chance"] == round(chance, 3) and c["made"] == round(chance * e["deals"])
            low, high = wilson(c["made"], e["deals"])
            assert (c["low"], c["high"]) == (round(low, 3), round(high, 3))
            assert c["expected"] == pytest.approx(sum(h["expected"][name] for h in hands) / len(hands), abs=0.06)


def test_a_hand_is_judged_by_the_calibrated_estimator_as_the_bid_advice_judges_it():
    """measure_hand gives the numbers ``estimate_bids`` (``tarot-tutor bid``) gives for the hand at seat 1, each
    chance the calibrated share of its deals made (the advisor's made rate), and a petite and a garde, played
    alike, the same chance."""
    from tutor.engine import Contract
    from tutor.strategy.bidding.calibration import calibrate
    from tutor.strategy.bidding.estimate import estimate_bids
    bench = _bench()
    group = bench.Group("t", 4, 40, 55.99, 1, 12)
    hand = parse_cards("T20 T18 T16 T14 T11 T8 T5 T3 EX KS QS 7S KH 9H 4H 2C 6C 8C")
    got = bench.measure_hand(group, 0, hand, 1)
    est = estimate_bids(hand, players=4, seat=0, samples=12, rng=random.Random("1/t/0"))
    for c in Contract:
        assert got["chance"][c.value] == round(calibrate(est.contracts[c].made / 12), 3)
        assert got["expected"][c.value] == round(est.contracts[c].expected, 1)
    assert got["chance"]["petite"] == got["chance"]["garde"]


def test_placeholders_read_the_file():
    m, problems = load_measures(LESSONS)
    assert not problems and m is not None
    e = m.entries["p4_garde"]
    c = e["contracts"]["garde"]
    assert m.fill("{measure:p4_garde.garde}") == f"{round(c['chance'] * 100)}%"
    assert m.fill("{measure:p4_garde.deals}") == f"{e['deals']:,}"
    best = max(e["contracts"], key=lambda k: e["contracts"][k]["expected"])
    assert m.fill("{measure:p4_garde.best}") == best.replace("_", " ")
    for bad in ("{measure:p4_garde.garde.median}", "{measure:p9_1_2.petite}", "{measure:p4_garde.chelem}"):
        with pytest.raises(KeyError):
            m.fill(bad)


def test_the_measured_query_reads_a_table():
    from tutor.content.queries import QueryError, ask
    c = {"made": 0, "chance": 0.0, "low": 0.0, "high": 0.1, "expected": 0.0}
    m = Measures({"seed": 1, "entries": {
        "a": {"what": "A", "deals": 20, "hands": 2, "contracts": {
            "petite": {**c, "chance": 0.3, "expected": 12.0}, "garde": {**c, "chance": 0.3, "expected": 24.0},
            "garde_sans": {**c, "chance": 0.1, "expected": -80.0}}},
        "b": {"what": "B", "deals": 20, "hands": 2, "contracts": {
            "petite": {**c, "chance": 0.45, "expected": -5.0}, "garde": {**c, "chance": 0.45, "expected": -10.0}}}}})
    assert ask("measured", {"group": "a", "ask": "best"}, measures=m).value == "garde"
    assert ask("measured", {"group": "b", "ask": "best"}, measures=m).value == "pass"  # nothing above 0
    assert ask("measured", {"group": "b", "contract": "petite"}, measures=m).value == "45%"
    assert ask("measured", {"groups": ["a", "b"], "contract": "petite"}, measures=m).value == "b"
    with pytest.raises(QueryError, match="no group z"):
        ask("measured", {"group": "z"}, measures=m)
    with pytest.raises(QueryError, match="measurements.yaml"):
        ask("measured", {"group": "a"})


def _course_copy(tmp_path: Path, text: str) -> Path:
    d = tmp_path / "lessons"
    d.mkdir()
    shutil.copy(LESSONS / "measurements.yaml", d / "measurements.yaml")
    (d / "01-x.yaml").write_text(text, encoding="utf-8")
    return d / "01-x.yaml"


LESSON = """id: x
title: X
summary: A lesson.
skills: [hand-judgement]
minutes: 5
steps:
  - kind: text
    body: |
      Fine: {measure:p4_petite.petite}.
      Broken: {measure:p4_petite.petitte}.
  - kind: check
    question: "Count?"
    verify: {hand_count: {cards: T21 T17 T13 T9 T6 T4 T2 KH 8H 4H QS 9S 5S 2S JD 7D 3C 6C}}
    answer: 39
  - kind: check
    question: "Lead?"
    verify:
      best_card:
        position:
          players: 4
          contract: petite
          taker: 1
          hands: {1: EX T18, 2: 4H 7C, 3: 9C 2H, 4: 6C 3H}
          trick: {leader: 1, cards: ""}
          taken: {attack_points: 40, attack_oudlers: 1, attack_tricks: 10, defence_tricks: 6}
    answer: T18
  - kind: check
    question: "Call?"
    verify: {king_call: {hand: T20 T17 T13 T9 T6 T2 EX KH 7H QC JC 9C 6C 3C 8S}}
    answer: KC
  - kind: summary
    points: [a]
quiz:
  - question: "a"
    verify: {expected_score: {contract: garde, chance: 0.6, margin: 10}}
    answer: 42
  - question: "b"
    verify: {count_bid: {cards: T21 T17 T13 T9 T6 T4 T2 KH 8H 4H QS 9S 5S 2S JD 7D 3C 6C}}
    options: [pass, petite]
    answer: pass
"""


def test_an_unknown_placeholder_is_a_problem_at_its_line(tmp_path):
    path = _course_copy(tmp_path, LESSON)
    lf = load_lesson(path)
    assert [(p.line, p.message) for p in lf.problems] == [
        (10, "unknown measurement {measure:p4_petite.petitte}: no contract 'petitte' in group p4_petite: use one of "
            "petite, garde, garde_sans, garde_contre")]


def test_the_strategy_layer_checks_stated_answers(tmp_path):
    """A stated count, best card or bid the strategy layer disagrees with is an error at the answer's line."""
    path = _course_copy(tmp_path, LESSON.replace("{measure:p4_petite.petitte}", "x"))
    msgs = {p.line: p.message for p in load_lesson(path).problems}
    assert set(msgs) == {14, 26}
    assert "the stated answer 39 is wrong: the engine gives 38 for hand_count" in msgs[14]
    assert "the stated answer T18 is wrong: the strategy layer gives EX for best_card" in msgs[26]


def test_every_tied_best_card_is_accepted(course):
    """Lesson 5's check on drawing trumps: the 19 and the king of spades tie (seat 2 must follow spades), the
    king of hearts is trumped."""
    lesson = course.lesson("attack-play")
    step = next(s for s in lesson.steps if isinstance(s, CheckStep) and s.verify and "best_card" in s.verify
                and s.answer == "T21")
    assert check_answer(step, "T21") and not check_answer(step, "T1") and not check_answer(step, "KH")
    hunt = lesson.quiz[0]  # T18 and T16 both catch seat 3's lone Petit; the king of spades is trumped by it
    assert check_answer(hunt, "T18") and check_answer(hunt, "T16") and not check_answer(hunt, "KS")


def test_a_missed_best_card_check_names_every_tied_card(course):
    from tutor.ui.learn.lesson import _answer_text
    hunt = next(q for q in course.lesson("attack-play").quiz if q.answer == "T18")  # the 18 and 16 tie
    assert _answer_text(hunt) == "trump 16 or trump 18"  # by name, never the codes
    excuse = next(s for s in course.lesson("attack-play").steps if isinstance(s, CheckStep) and s.answer == "EX")
    assert _answer_text(excuse) == "the Excuse"


# ---------------------------------------------------------------- the example kinds


def test_hand_count_example_shows_the_steps_and_the_verdict():
    text = render_spec(HandCountExample(kind="hand_count",
                                        cards="T21 T17 T13 T9 T6 T4 T2 KH 8H 4H QS 9S 5S 2S JD 7D 3C 6C"))
    assert "| 7 trumps, 2 points each | 14 |" in text and "| **Total** | **38** |" in text
    assert "Counts 38, under the 40 a petite needs: pass." in text


def test_best_card_example_lists_every_card_with_the_solver_value():
    pos = {"players": 4, "contract": "petite", "taker": 1, "hands": {1: "EX T18", 2: "4H 7C", 3: "9C 2H", 4: "6C 3H"},
           "trick": {"leader": 1, "cards": ""},
           "taken": {"attack_points": 40, "attack_oudlers": 1, "attack_tricks": 10, "defence_tricks": 6}}
    text = render_spec(BestCardExample(kind="best_card", position=pos))
    # Worked by hand. The Excuse now: it stays with the attack (a 0.5 card goes back), the 18 wins the last
    # trick (2 points): 40 + 4.5 + 2 - 0.5 = 46 with 2 oudlers, target 41, won by 5: 3 × (25 + 5) = +90.
    # The 18 first (2 points), the Excuse last changes camp: 42 with 1 oudler, target 51, lost by 9: -102.
    assert "| the Excuse | +90 | 46 | best |" in text and "| trump 18 | −102 | 42 |  |" in text  # a true minus
    assert "**Best for the attack (the highest taker score): the Excuse.**" in text


def test_measured_example_needs_the_file_and_names_the_groups():
    m = Measures({"seed": 1, "entries": {"g": {"what": "some hands", "hands": 1, "deals": 10, "contracts": {
        "petite": {"made": 5, "chance": 0.5, "low": 0.237, "high": 0.763, "expected": 3.0}}}}})
    spec = MeasuredExample(kind="measured", groups=["g"], contracts=["petite"])
    spec._measures = m
    text = render_spec(spec)
    # In words, as a list (a wide table overflows a phone): 5 of 10 deals made, mean +3.
    assert "**some hands** (10 deals)" in text and "- made: petite about 5 deals in 10 (50%)" in text
    assert "- the taker's average score: petite +3" in text and "|" not in text
    spec.groups = ["nope"]
    with pytest.raises(ValueError, match="no group nope"):
        render_spec(spec)


# ---------------------------------------------------------------- the lessons play in the app


def test_the_course_map_shows_the_playing_well_part():
    from apptest_helpers import app
    at = app()
    heads = [m.value for m in at.markdown]
    assert "#### Playing well" in heads
    first = next(i for i, m in enumerate(heads) if "Judging a hand" in m)
    assert heads.index("#### Playing well") < first  # the heading comes before lesson 17
    assert not any("At the club" in m for m in heads[heads.index("#### Playing well"):])


@pytest.mark.parametrize("lid", STRATEGY_LESSONS)
def test_each_strategy_lesson_plays_through_in_the_lesson_page(lid):
    from apptest_helpers import app
    from lesson_answers import play_lesson

    from tutor.ui.common import data

    lesson = data.course().lesson(lid)
    at = app("tutor/ui/pages/lesson.py", lesson=lid, step="1")
    assert at.title[0].value == lesson.title
    first_card_check = next((i for i, s in enumerate([*lesson.steps, *lesson.quiz])
                             if isinstance(s, CheckStep) and s.answer_kind == "card"), None)
    wrong = {first_card_check} if first_card_check is not None else set()
    play_lesson(at, lesson, wrong=wrong)
    assert not at.exception
    checks = sum(1 for s in [*lesson.steps, *lesson.quiz] if s.kind == "check")
    right = checks - len(wrong)
    assert any(s.value.startswith(f"You finished “{lesson.title}”: **{right} of {checks} right, first try")
               for s in at.success), [s.value for s in at.success]


# ---------------------------------------------------------------- how the numbers and examples read

_CHANCE = __import__("re").compile(r"\{measure:(\w+\.\w+)\}")


def _prose_fields(raw: dict):
    """(where, text) for every field a learner reads as prose: not options, answers or verify queries."""
    for part in ("steps", "quiz"):
        for i, step in enumerate(raw.get(part) or []):
            fields = [step.get(k) for k in ("body", "intro", "after", "wrong", "right", "why", "question", "explain")]
            fields += list(step.get("points") or [])
            for text in fields:
                if isinstance(text, str):
                    yield f"{part} {i + 1}", text


@pytest.mark.parametrize("lid", STRATEGY_LESSONS)
def test_every_measured_chance_in_prose_is_said_in_words(lid):
    """A learner reads "about 3 deals in 10", not a bare 29%: each chance quoted in prose comes with its
    words (`.words`), and the deal-level interval (too narrow: the deals of one hand are alike) is not quoted."""
    path = next(LESSONS.glob(f"*-{lid}.yaml"))
    raw = yaml.safe_load(path.read_text(encoding="utf-8"))
    for where, text in _prose_fields(raw):
        for ref in _CHANCE.findall(text):
            if ref.startswith("fact.") or ref.split(".")[1] in ("deals", "hands", "best"):
                continue
            assert f"{{measure:{ref}.words}}" in text, (path.name, where, ref)
        assert ".interval}" not in text, (path.name, where)


@pytest.mark.parametrize("lid", STRATEGY_LESSONS)
def test_no_example_table_is_too_wide_for_a_phone(course, lid):
    """A 390 px phone shows four narrow columns at most: wider tables (the old measured grid) overflowed."""
    from tutor.content.render import render_example
    for step in course.lesson(lid).steps:
        if isinstance(step, ExampleStep):
            for line in render_example(step).splitlines():
                if line.startswith("|"):
                    assert line.count("|") - 1 <= 4, (lid, line)


def test_the_bidding_hint_never_rounds_a_count_across_a_threshold():
    """The hint shows the count as the lesson does (a scaled 40.8 used to be shown as "counts 41, under the 41 a
    petite needs"); counts are whole numbers now, compared with the table's own thresholds."""
    import dataclasses

    from tutor.engine import Deal
    from tutor.practice import decide
    # By hand, 5 players: 5 trumps with the Excuse 10, the 21 2 more, the 21 10, the Excuse 8, king of spades 6,
    # queen of hearts 3, jack of diamonds 1, a singleton club with 5 trumps 3 = 43, over the bots' 5-player garde (31).
    hand = tuple(parse_cards("T21 T9 T4 T3 EX KS 4S 2S QH 5H 7H JD 3D 6D 8C"))
    assert hand_strength(hand, players=5) == 43
    deal = Deal.new(5, seed=1, dealer=0)
    view = dataclasses.replace(deal.view(deal.to_act), hand=hand)
    why = decide(view).reason
    assert "counts 43, and these bots, playing as they do, bid a garde from a count of 31 with 5 players" in why, why


def test_the_words_beside_a_measured_score_agree_with_its_sign():
    """"loses {…}", "gains {…}", "{…}: a loss": a re-measurement can turn a small figure's sign, so the words
    that say it are held to the number, in every English lesson (a garde sans once read "+50.8: a loss")."""
    import re

    measures, _ = load_measures(LESSONS)
    ref = r"\{measure:([\w.]+\.expected)\}"
    checked = 0
    for path in sorted(LESSONS.glob("[0-9]*.yaml")):
        text = " ".join(path.read_text(encoding="utf-8").split())
        for rule, want in ((r"\bloses (?:a little )?" + ref, -1), (r"\bgains (?:a little )?\(?" + ref, 1),
                           (ref + r"\s*: a loss", -1)):
            for m in re.finditer(rule, text):
                got = float(measures.value(m.group(1)).replace("\u2212", "-").replace("+", ""))
                assert got * want > 0, (path.name, m.group(0), got)
                checked += 1
    assert checked >= 4
