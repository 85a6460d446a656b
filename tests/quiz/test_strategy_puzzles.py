"""Strategy puzzles: every best-card puzzle's stated cards are exactly the solver's best cards, every bid
puzzle's bid has the estimator's best expected score with a clear margin; broken files name file and line."""

import re
from pathlib import Path

import pytest

from tutor.cli import main
from tutor.quiz import strategy_puzzles as sp
from tutor.quiz.puzzles import check_puzzle_file, load_puzzles
from tutor.skills import STRATEGY_SKILLS
from tutor.strategy import solve, value
from tutor.strategy.bots.principles import PRINCIPLES

ROOT = Path(__file__).resolve().parents[2]
PUZZLES = ROOT / "puzzles"
FIXTURES = ROOT / "tests" / "fixtures" / "puzzles" / "strategy"
# read without the search (collection stays quick); each puzzle below is then solved or estimated in its own test,
# so a puzzle the solver or the estimator disagrees with fails there
STRATEGY = [p for p in load_puzzles(PUZZLES) if p.kind in sp.STRATEGY_KINDS]
BEST = [p for p in STRATEGY if p.kind == "best-card"]
BIDS = [p for p in STRATEGY if p.kind == "bid"]


def test_at_least_thirty_strategy_puzzles_with_every_field():
    assert len(STRATEGY) >= 30 and len(BEST) >= 24 and len(BIDS) >= 6
    for p in STRATEGY:
        assert p.title and p.question and p.explanation and p.tags
        assert "strategy" in p.tags
        assert p.skill in STRATEGY_SKILLS and p.principle in PRINCIPLES
        assert p.difficulty in (1, 2, 3)
    assert {p.players for p in BEST} == {3, 4, 5}
    assert {p.difficulty for p in STRATEGY} == {1, 2, 3}


def test_the_themes_of_the_course_are_covered():
    tags = {t for p in STRATEGY for t in p.tags}
    assert {"hunt-the-petit", "save-the-petit", "petit-au-bout", "excuse-timing", "charger", "called-king",
            "bidding"} <= tags
    principles = {p.principle for p in BEST}
    assert {"hunt-the-petit", "save-the-petit", "excuse-timing", "charger", "count-tricks"} <= principles
    # The called king: 5-player positions say who the partner is, and some ask the partner to play.
    five = [p for p in BEST if p.players == 5]
    assert five and all(p.position.partner is not None for p in five)
    assert any(p.position.to_play == p.position.partner for p in five)
    # Both sides get puzzles.
    sides = {p.position.is_attack(p.position.to_play) for p in BEST}
    assert sides == {True, False}


@pytest.mark.parametrize("puzzle", BEST, ids=lambda p: p.id)
def test_best_card_solution_is_every_best_card(puzzle):
    """Each legal card's child position is solved on its own; the best of those is the stated set."""
    pos = puzzle.position
    maximise = pos.is_attack(pos.to_play)
    scores = {c.code: value(pos.play(c)).taker_score if pos.play(c).cards_left else None for c in pos.legal()}
    if None in scores.values():  # the last card of the deal: the root solve says it
        scores = {c.code: v.taker_score for c, v in solve(pos).cards.items()}
    top = max(scores.values()) if maximise else min(scores.values())
    assert set(puzzle.solution) == {c for c, s in scores.items() if s == top}
    assert len(puzzle.solution) < len(scores), "a puzzle where every card is best asks nothing"
    assert sp.verify_best_card(puzzle) == []


@pytest.mark.parametrize("puzzle", BIDS, ids=lambda p: p.id)
def test_bid_solution_has_the_best_expected_score_by_a_clear_margin(puzzle, tmp_path):
    cache = sp.BidCache(tmp_path / "bids.json")  # empty: the estimator itself, once
    values = sp.bid_values(puzzle, cache)
    stated = puzzle.solution[0]
    others = [v["expected"] for b, v in values.items() if b != stated]
    assert values[stated]["expected"] >= max(others) + 20
    assert sp.verify_bid(puzzle, cache) == []


def test_the_bid_cache_is_keyed_by_content(tmp_path, monkeypatch):
    cache = sp.BidCache(tmp_path / "bids.json")
    p = BIDS[0]
    first = sp.bid_values(p, cache)
    assert (tmp_path / "bids.json").is_file()

    def no_estimate(*a, **k):
        raise AssertionError("the estimator ran again")
    monkeypatch.setattr(sp, "estimate_bids", no_estimate)
    assert sp.bid_values(p, sp.BidCache(tmp_path / "bids.json")) == first  # read back from the file
    from dataclasses import replace
    with pytest.raises(AssertionError):  # another seed is another key
        sp.bid_values(replace(p, seed=p.seed + 1), cache)


def test_two_processes_sharing_the_bid_cache_file_keep_both_estimates(tmp_path):
    # Two app processes on one machine each opened the cache file before either wrote: the later write
    # must not wipe the estimate the other process saved (each then reads the file whole, never half).
    path = tmp_path / "bids.json"
    first, second = sp.BidCache(path), sp.BidCache(path)
    first.put("a", {"pass": {"chance": None, "expected": 0.0}})
    second.put("b", {"garde": {"chance": 0.5, "expected": 12.0}})
    assert set(sp.BidCache(path).data) == {"a", "b"}
    assert [p.name for p in tmp_path.iterdir()] == ["bids.json"]  # no temporary file left behind


# ---------------------------------------------------------------- broken puzzles


def problems(name):
    return [(p.line, p.message) for p in check_puzzle_file(FIXTURES / name, cache=None)]


def test_a_card_that_is_not_best_and_a_missing_tie():
    assert problems("not-best.yaml") == [
        (17, "puzzle 'petit-too-early': T1 is not best: it gives the taker -117 (attack 42 points), the best card "
             "T19 gives +117 (attack 55 points)"),
        (35, "puzzle 'one-of-two': the solver's best cards are T19 T14: T14 ties at +117 (attack 55 points) and "
             "must be listed too (every tie counts)"),
    ]


def test_a_position_outside_the_exact_range():
    assert problems("outside-range.yaml") == [
        (9, "puzzle 'too-deep': position: 28 cards left is outside the solver's exact range (at most 24 with 4 "
            "players): a puzzle must be solved exactly")]


def test_bad_codes_illegal_cards_unknown_principles_and_impossible_positions():
    found = problems("bad-codes.yaml")
    assert [line for line, _ in found] == [17, 35, 44, 63]
    assert found[0][1].startswith("puzzle 'no-such-card': solution: not a card code: 'T22'")
    assert found[1][1] == "puzzle 'not-in-the-hand': KC is not a legal card for seat 3 here; legal: T19 T14 T1"
    assert found[2][1].startswith("puzzle 'unknown-principle': unknown principle 'always-trump'; principles: ")
    assert found[3][1] == ("puzzle 'impossible-taken': position: taken: 15 tricks are over (with 3 left), so "
                           "attack_tricks + defence_tricks must be 15, not 17")


def test_a_bid_that_is_not_best():
    found = problems("wrong-bid.yaml")
    assert found[0][0] == 14
    assert found[0][1].startswith("puzzle 'greedy-garde': Garde is not the best bid: its expected score is -")
    # Passing is valued by play (the seat defends whoever takes), not 0.
    assert re.search(r"Pass gives [-+]\d+\.\d \(20 deals, seed 1; tolerance 0\)", found[0][1]), found[0][1]
    assert found[1] == (28, "puzzle 'no-such-bid': a bid puzzle's solution is one of pass, petite, garde, "
                            "garde_sans, garde_contre, not 'grande'")


def test_a_tolerance_accepts_a_near_tie(tmp_path):
    p = next(p for p in BIDS if p.solution == ("pass",))
    values = sp.bid_values(p)
    runner_up = max((b for b in values if b != "pass"), key=lambda b: values[b]["expected"])
    from dataclasses import replace
    wrong = replace(p, solution=(runner_up,))
    assert sp.verify_bid(wrong)  # not best
    assert sp.verify_bid(replace(wrong, tolerance=-values[runner_up]["expected"] + 1)) == []


def test_the_app_loads_without_the_search_and_check_finds_the_rest():
    quick = {p.id for p in load_puzzles(FIXTURES)}  # schema, position and legal cards only
    assert {"petit-too-early", "one-of-two", "greedy-garde"} <= quick
    assert not {"no-such-card", "not-in-the-hand", "too-deep", "impossible-taken", "no-such-bid"} & quick
    assert {p.id for p in load_puzzles(FIXTURES, deep=True)} == set()


def test_check_command_reports_file_and_line(capsys):
    assert main(["check", str(FIXTURES / "not-best.yaml")]) == 1
    out = capsys.readouterr().out
    assert "not-best.yaml:17: puzzle 'petit-too-early': T1 is not best" in out
    assert "checked 1 file: 2 problems" in out
