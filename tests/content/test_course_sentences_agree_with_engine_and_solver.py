"""Issue 24, "Wrong or misleading text": each sentence the expert found wrong, held to the engine or solver."""

from __future__ import annotations

from pathlib import Path

import pytest

from tutor.content import load_course
from tutor.engine import PETIT, card
from tutor.engine.rule_text import RULE_TEXT
from tutor.engine.rules import target_points
from tutor.quiz import generate
from tutor.quiz.puzzles import load_puzzles
from tutor.strategy.bots.principles import PRINCIPLES
from tutor.strategy.exact.lines import line_tricks, petit_saved
from tutor.strategy.exact.position import Position
from tutor.strategy.exact.solver import solve

ROOT = Path(__file__).resolve().parents[2]
PUZZLES = {p.id: p for p in load_puzzles(ROOT / "puzzles")}


@pytest.fixture(scope="module")
def course():
    return load_course(ROOT / "lessons")


def test_the_excuse_in_the_last_trick_is_the_one_rule_sentence():
    """It changes side, it does not go "to the side that wins it": the puzzle quotes {rule:excuse_last_trick}."""
    raw = (ROOT / "puzzles" / "strategy-play.yaml").read_text(encoding="utf-8")
    assert "{rule:excuse_last_trick}" in raw and "side that wins it" not in raw
    assert RULE_TEXT["excuse_last_trick"] in PUZZLES["three-players-excuse-before-the-end"].explanation


def test_five_players_taker_excuse_gives_the_true_reason():
    """The 19 would win the trick (nobody can overtrump it), so the reason is to keep it for seat 2's Petit."""
    p = PUZZLES["five-players-taker-excuse"]
    pos = p.position
    line = solve(pos.play(card("T19")), line=True).line
    first = line_tricks(pos, [(pos.to_play, card("T19")), *line])[0]
    assert first.winner == pos.to_play  # the 19 wins this trick whatever the others play
    # With the Excuse, the best line catches the Petit with the 19: seat 2's Petit falls to the attack.
    best = solve(pos, line=True)
    assert best.best == (card("EX"),)
    assert petit_saved(pos, best.line) is False and petit_saved(pos, [(pos.to_play, card("T19")), *line]) is True
    assert "overtrumped" not in p.explanation and "Petit" in p.explanation and "19" in p.explanation
    cost = best.value.taker_score - best.cards[card("T19")].taker_score
    assert f"scores {cost} less" in p.explanation


def test_no_text_says_a_garde_sans_loses_the_dogs_points():
    """In a garde sans the dog's points count for the taker (only a garde contre gives them away)."""
    texts = [f.read_text(encoding="utf-8") for d in ("puzzles", "lessons") for f in (ROOT / d).rglob("*.yaml")]
    assert not [t for t in texts if "loses the dog's points" in t]
    assert "still count for you" in PUZZLES["bid-five-players-garde"].explanation


def test_the_one_oudler_hand_counts_its_trumps_as_the_engine_does():
    """Puzzle 81: four trumps and the Excuse, which is not a trump."""
    p = PUZZLES["bid-one-oudler-is-not-enough"]
    trumps = sum(1 for c in p.hand if c.is_trump)
    assert trumps == 4 and any(c.code == "EX" for c in p.hand)
    words = {3: "three", 4: "four", 5: "five", 6: "six"}
    assert f"{words[trumps]} trumps" in p.explanation and f"{words[trumps + 1]} trumps" not in p.explanation


def test_leading_from_a_long_suit_agrees_with_the_fft_signal(course):
    """A card from the ace to the 5 promises the king or the queen: the long-suit lead says so too."""
    lesson = course.lesson("defence-play")
    body = next(s.body for s in lesson.steps if getattr(s, "title", "") == "Make the taker trump")
    para = body[body.index("**Lead from your long suit**"):]
    assert "king or queen" in para and "a low card of your longest suit" not in para
    assert "king or queen" in PRINCIPLES["lead-long-suit"].says


def test_the_chelem_checks_state_the_facts_behind_their_answer(course):
    """The made chelem: all 91 points with the 3 oudlers, won by 91 - 36 = 55 (lesson 23's chelem checks)."""
    lesson = course.lesson("announcing")
    checks = [c for c in [*lesson.steps, *lesson.quiz] if "chelem" in str(getattr(c, "verify", "") or "")]
    assert len(checks) >= 2
    margin = 91 - target_points(3)
    for c in checks:
        if c.verify["expected_score"]["chelem"] == "announced":
            assert f"won by {margin}" in c.question and "3 oudlers" in c.question and "91 points" in c.question


@pytest.mark.parametrize("seed", range(40))
def test_save_the_petit_is_named_only_when_the_best_line_saves_it(seed):
    """Lesson 21's quiz: "Play the Petit on a trick your side already wins" never explains a line that throws
    the Petit under the other side's trump."""
    kind = ("attack_card", "defence_card")[seed % 2]
    q = generate(kind, seed, players=3 + seed % 3, difficulty=1 + seed % 3)
    pos = Position.from_mapping(q.context["position"])
    line = [(s, card(c)) for s, c in q.context["line"]]
    if q.context["principles"][0] in ("save-the-petit", "attack-save-the-petit"):
        assert PETIT in pos.hands[pos.to_play]
        assert petit_saved(pos, line) is not False


def test_lesson_21_closing_quiz_names_save_the_petit_only_for_a_saved_petit(course):
    """The expert's case: its "why" said "Play the Petit on a trick your side already wins" over a line that
    throws the Petit under an opponent's trump (seed 19438 before the fix)."""
    for step in course.lesson("attack-play").quiz:
        if step.generator != "attack_card":
            continue
        q = generate(step.generator, step.quiz_seed if step.seed is None else step.seed, **(step.params or {}))
        pos = Position.from_mapping(q.context["position"])
        saved = petit_saved(pos, [(s, card(c)) for s, c in q.context["line"]])
        if "save-the-petit" in q.context["principles"][0]:
            assert saved is not False


CARD = __import__("re").compile(r"\b(?:T\d{1,2}|EX|(?:[1-9]|10|[JCQK])[SHDC])\b")
SCORE_KEYS = ("players", "contract", "taker_points", "oudlers", "alone")


def _situation(spec) -> tuple:
    """What a learner sees of an example or a check's situation: a position (who holds what), a hand and its
    écart, a hand, or a score's facts."""
    if isinstance(spec, dict) and isinstance(spec.get("position"), dict):
        spec = spec["position"]
    if not isinstance(spec, dict):
        return ("other", str(spec))
    if isinstance(spec.get("hands"), dict):
        return ("position", frozenset((str(s), frozenset(CARD.findall(str(h)))) for s, h in spec["hands"].items()),
                str(spec.get("trick")))
    if "discard" in spec:  # an écart: the same hand with another écart is a new situation
        return ("ecart", frozenset(CARD.findall(str(spec.get("hand")))), frozenset(CARD.findall(str(spec["discard"]))))
    for key in ("taker_hand", "hand", "cards"):
        if key in spec:
            return ("hand", frozenset(CARD.findall(str(spec[key]))))
    if "taker_points" in spec:
        return ("score", tuple(spec.get(k) for k in SCORE_KEYS))
    return ("other", str(spec))


def _inner(verify: dict):
    (name, spec), = verify.items()
    return spec.get("position", spec) if isinstance(spec, dict) else spec


@pytest.mark.parametrize("lesson_id", ["judging-a-hand", "which-contract", "ecart-strategy", "calling-a-king",
                                       "attack-play", "defence-play", "announcing", "endgames"])
def test_no_strategy_check_repeats_an_example_of_its_lesson(course, lesson_id):
    """A check that only repeats an example already shown tests reading, not understanding: each check (and each
    closing quiz question) has a situation of its own. (A check may come first and the example then work out its
    answer.)"""
    from tutor.content import ExampleStep
    lesson = course.lesson(lesson_id)
    examples = {}
    for step in lesson.steps:
        if isinstance(step, ExampleStep):
            d = step.example.model_dump()
            d.pop("kind", None)
            found = _situation(d)
            if found[0] != "other":
                examples[found] = step.line
    repeats = []
    for check in [*lesson.steps, *lesson.quiz]:
        verify = getattr(check, "verify", None)
        if isinstance(verify, dict) and verify:
            found = _situation(_inner(verify))
            if found in examples and examples[found] < check.line:  # an example shown before the check
                repeats.append((check.line, examples[found]))
    assert not repeats, f"checks at lines {repeats} repeat the example at that line"


NUMBER_WORDS = {w: i for i, w in enumerate(("zero", "one", "two", "three", "four", "five", "six", "seven", "eight",
                                            "nine", "ten", "eleven", "twelve", "thirteen", "fourteen", "fifteen"))}


def test_every_trump_count_in_a_bid_puzzle_is_the_hand_s():
    """"N trumps" counts the hand's trumps (the Excuse is not one); "N more trumps" those beside the Petit and
    the 21 it names. The bid puzzles once counted the Excuse as a trump ("two oudlers and nine trumps")."""
    import re
    seen = 0
    for p in PUZZLES.values():
        if p.kind != "bid":
            continue
        trumps = [c for c in p.hand if c.is_trump]
        oudler_trumps = sum(1 for c in trumps if c.rank in (1, 21))
        for text in (p.title, p.question, p.explanation or ""):
            for word, more in re.findall(r"\b(\w+) (more )?trumps\b", text.lower()):
                n = NUMBER_WORDS.get(word, int(word) if word.isdigit() else None)
                if n is None:
                    continue
                seen += 1
                assert n == (len(trumps) - oudler_trumps if more else len(trumps)), (p.id, text)
    assert seen >= 6


FRACTIONS = {"a third": 1 / 3, "a quarter": 1 / 4, "half": 1 / 2}


def test_every_chance_a_bid_puzzle_states_in_words_is_the_estimator_s():
    """"made about four deals in five", "fails about one deal in five": each within 8 points of the seeded
    estimator's (calibrated) chance of the contract the puzzle names, so a new calibration cannot leave the
    words behind."""
    import re

    import yaml

    from tutor.quiz.strategy_puzzles import bid_values, parse_strategy
    seen = 0
    path = ROOT / "puzzles" / "strategy-bidding.yaml"
    for entry in yaml.safe_load(path.read_text(encoding="utf-8")):
        text = " ".join(entry.get("explanation", "").split())
        p, _ = parse_strategy(entry, str(path), 0)
        values = bid_values(p)
        named = "petite" if "A petite would be made" in text else p.solution[0]
        for verb, a, b in re.findall(r"(made|fails) (?:only )?about (\w+) deals? in (\w+)", text):
            said = NUMBER_WORDS[a] / NUMBER_WORDS[b]
            chance = values[named]["chance"]
            got = chance if verb == "made" else 1 - chance
            assert abs(got - said) <= 0.08, (p.id, f"{a} in {b}", round(got, 2))
            seen += 1
    assert seen >= 3
