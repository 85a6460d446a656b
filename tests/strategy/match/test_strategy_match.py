"""The duplicate match: reproducible, with the keys promised, gains taken seat by seat on the same board."""

from __future__ import annotations

import json

from tutor.cli import main
from tutor.strategy.match.boards import board_seed, play_board, run_match, seat_score, summary

KEYS = {"boards", "deals", "gain_per_deal", "ci95"}


def test_a_seeded_match_is_reproducible_and_has_the_keys(capsys):
    args = ["match", "--players", "3", "--boards", "2", "--seed", "4", "--budget", "2", "--json"]
    assert main(args) == 0
    first = capsys.readouterr()
    assert main(args) == 0
    second = capsys.readouterr()
    assert first.out == second.out and first.err == second.err  # with --json, the running figures as JSON lines
    assert [json.loads(line)["so_far"]["boards"] for line in first.err.splitlines()] == [1, 2]
    out = json.loads(first.out)
    assert set(out) == KEYS | {"as_taker", "as_defender"}
    assert set(out["as_taker"]) == KEYS and set(out["as_defender"]) == KEYS
    assert out["boards"] == 2 and out["deals"] == 2 * 3
    lo, hi = out["ci95"]
    assert lo <= out["gain_per_deal"] <= hi
    assert out["as_taker"]["deals"] + out["as_defender"]["deals"] <= out["deals"]


def test_the_gain_is_the_difference_in_the_same_seat():
    """Board 0 of seed 4, checked by hand: each seat's gain is its score with the advisor there minus its
    score in the all-bots deal of the same board."""
    players, budget = 3, 2
    s = board_seed(4, 0)
    reference = play_board(players, s)
    gains = []
    for seat in range(players):
        mine = play_board(players, s, advisor_seat=seat, budget_ms=budget)
        assert mine.dealt == reference.dealt  # the same cards: a duplicate board
        gains.append(seat_score(mine, seat) - seat_score(reference, seat))
    one = run_match(players, 1, 4, budget_ms=budget)
    assert one["deals"] == players
    assert one["gain_per_deal"] == round(sum(gains) / players, 2)


def test_boards_played_in_several_processes_give_the_same_match():
    """Each board is seeded on its own, so playing boards in two processes changes nothing (board order kept)."""
    seen = []
    one = run_match(3, 3, 7, budget_ms=2)
    two = run_match(3, 3, 7, budget_ms=2, jobs=2, partial=seen.append)
    assert one == two and [p["boards"] for p in seen] == [1, 2, 3]


def test_a_stopped_match_goes_on_from_the_boards_it_kept():
    """Boards already played are not played again: a match of 3 boards, stopped after 2, gives the same figures
    as one run whole; the kept boards are the ones ``on_board`` was handed."""
    kept: dict = {}
    run_match(3, 2, 7, budget_ms=2, on_board=lambda b, rows: kept.update({b: rows}))
    assert sorted(kept) == [0, 1] and all(len(r) == 3 for r in kept.values())
    played = []
    again = run_match(3, 3, 7, budget_ms=2, done=kept, on_board=lambda b, rows: played.append(b))
    assert played == [2] and again == run_match(3, 3, 7, budget_ms=2)


def test_summary_of_no_deal():
    assert summary([]) == {"boards": 0, "deals": 0, "gain_per_deal": 0.0, "ci95": [0.0, 0.0]}


def test_hostile_input_is_one_line_and_exit_2(capsys):
    for bad in (["--boards", "0"], ["--boards", "99999999"], ["--budget", "0"], ["--budget", "x"],
                ["--players", "6"], ["--seed", "-1"]):
        try:
            code = main(["match", *bad])
        except SystemExit as exit_:  # argparse's own errors (a word for a number, a table size)
            code = exit_.code
        assert code == 2
        err = capsys.readouterr().err.strip()
        assert err.count("\n") == 0 and "error" in err and "Traceback" not in err
