"""``tarot-tutor solve`` and ``tarot-tutor bid``: the stable formats, and one clear line for bad input."""

from __future__ import annotations

import io
import json
import subprocess
import sys

import pytest

from tutor.cli import main

POSITION = """\
players: 4
contract: petite
taker: 2
partner: null
hands:
  1: QC 7C
  2: T7 T1
  3: JC 9C
  4: CS CH
trick: {leader: 2, cards: ""}
taken: {attack_points: 27, attack_oudlers: 1, attack_tricks: 6, defence_tricks: 10}
poignees: []
chelem: null
"""
HAND = "T21 T15 T12 T8 T5 T3 T1 EX KH QH 5H 2H KS 9S 4C 6C 7D 3D"


def write(tmp_path, text, name="p.yaml"):
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return str(path)


def test_solve_json_is_the_issue_format(tmp_path, capsys):
    assert main(["solve", write(tmp_path, POSITION), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    # T7 first keeps the Petit for the last trick: petit au bout, 10 × 1 for each of 3 defenders.
    assert data == {"to_play": 2, "cards": {"T7": {"taker_score": 111, "attack_points": 43.0},
                                            "T1": {"taker_score": 81, "attack_points": 43.0}},
                    "best": ["T7"], "exact": True}


def test_solve_text_names_seats_from_one_and_contracts_in_words(tmp_path, capsys):
    assert main(["solve", write(tmp_path, POSITION), "--line"]) == 0
    out = capsys.readouterr().out
    assert "Petite; seat 2 to play (taker, attack)" in out
    assert "T7  taker scores +111, attack makes 43 points  best" in out
    assert "A perfect line: seat 2 T7, seat 3 JC" in out
    assert "petite" not in out and "seat 0" not in out


def test_solve_reads_json_from_standard_input(monkeypatch, capsys):
    import yaml
    monkeypatch.setattr(sys, "stdin", io.StringIO(json.dumps(yaml.safe_load(POSITION))))
    assert main(["solve", "-", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["best"] == ["T7"]


BAD = {
    "a card given twice": (POSITION.replace("4: CS CH", "4: CS QC"), "QC is given twice"),
    "a card missing from a hand": (POSITION.replace("4: CS CH", "4: CS"), "seat 4 holds 1 card,"),
    "hand sizes that do not fit the trick": (POSITION.replace('leader: 2, cards: ""', 'leader: 1, cards: "5C"'),
                                              "must hold"),
    "a trick that cannot happen": (  # seat 1 plays a heart on a club lead while holding the QC
        POSITION.replace("1: QC 7C", "1: QC").replace("3: JC 9C", "3: JC").replace("4: CS CH", "4: CH")
        .replace('leader: 2, cards: ""', 'leader: 3, cards: "9C CS 7H"'),
        "the trick cannot happen: seat 1 played 7H"),
    "points that do not fit": (POSITION.replace("attack_points: 27", "attack_points: 80"), "taken:"),
    "oudlers that do not fit": (POSITION.replace("attack_oudlers: 1", "attack_oudlers: 3"), "attack_oudlers"),
    "tricks that do not fit": (POSITION.replace("defence_tricks: 10", "defence_tricks: 9"), "must be 16"),
    "not YAML": ("players: [4\n", "not valid YAML"),
    "not a position": ("- 1\n- 2\n", "a position is a mapping"),
    "a bad card": (POSITION.replace("CS CH", "CS CZ"), "not a card"),
}


@pytest.mark.parametrize("case", sorted(BAD))
def test_solve_bad_input_is_one_line_and_status_2(tmp_path, capsys, case):
    text, message = BAD[case]
    assert main(["solve", write(tmp_path, text)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("tarot-tutor: error: ") and message in err and err.count("\n") == 1


def test_solve_beyond_the_exact_range_refuses_unless_estimate(tmp_path, capsys):
    import random

    from strategy_helpers import play_to, random_deal

    from tutor.strategy.exact.position import Position
    from tutor.strategy.exact.solver import EXACT_CARDS
    rng = random.Random(5)
    text = Position.from_deal(play_to(random_deal(4, rng), 7, rng)).dump()
    path = write(tmp_path, text)
    assert main(["solve", path]) == 2
    assert f"exact up to {EXACT_CARDS[4]}" in capsys.readouterr().err
    assert main(["solve", path, "--estimate", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["exact"] is False


def test_solve_as_a_user_runs_it_never_prints_a_traceback(tmp_path):
    r = subprocess.run([sys.executable, "-m", "tutor", "solve", write(tmp_path, "players: 4\n")],
                       capture_output=True, text=True, timeout=60)
    assert r.returncode == 2 and "Traceback" not in r.stderr and "needs 'contract'" in r.stderr


def test_bid_json_is_stable_and_seeded(capsys):
    args = ["bid", "--players", "4", "--hand", HAND, "--samples", "6", "--seed", "3", "--json"]
    assert main(args) == 0
    first = capsys.readouterr().out
    assert main(args) == 0
    assert capsys.readouterr().out == first
    data = json.loads(first)
    assert list(data["contracts"]) == ["petite", "garde", "garde_sans", "garde_contre"]
    assert set(data["contracts"]["garde"]) == {"chance", "low", "high", "expected"}
    assert data["samples"] == 6 and data["seed"] == 3 and data["advice"] in (*data["contracts"], "pass")


def test_bid_text_speaks_to_players(capsys):
    assert main(["bid", "--players", "4", "--hand", HAND, "--samples", "4", "--seat", "3"]) == 0
    out = capsys.readouterr().out
    assert "seat 3" in out and "Garde sans" in out and "garde_sans" not in out and "Advice:" in out


@pytest.mark.parametrize("args, message", [
    (["--hand", "T21 T15"], "a hand has 18 cards"),
    (["--hand", HAND, "--seat", "5"], "--seat is 1 to 4"),
    (["--hand", HAND, "--samples", "0"], "--samples"),
    (["--hand", HAND.replace("3D", "3Z")], "not a card"),
])
def test_bid_bad_input(capsys, args, message):
    assert main(["bid", "--players", "4", *args]) == 2
    err = capsys.readouterr().err
    assert message in err and err.count("\n") == 1
