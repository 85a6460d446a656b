"""The score and legal commands, run as a user would (a subprocess) and in-process."""

import json
import subprocess
import sys

import pytest

from tutor.cli import main


def run(*args):
    return subprocess.run([sys.executable, "-m", "tutor", *args], capture_output=True, text=True, timeout=60)


def test_score_prints_the_breakdown_and_every_share():
    r = run("score", "--players", "4", "--contract", "garde", "--points", "43", "--oudlers", "2",
            "--petit-au-bout", "attack")
    assert r.returncode == 0, r.stderr
    assert "(25 + 2) × 2 (garde) = 54" in r.stdout
    assert "taker +222" in r.stdout and "each defender -74" in r.stdout


def test_score_json(capsys):
    assert main(["score", "--players", "5", "--contract", "petite", "--points", "50.5", "--oudlers", "2",
                 "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert (data["taker"], data["partner"], data["defender"]) == (70, 35, -35)
    assert data["steps"][0]["key"] == "points"


def test_legal_lists_legal_cards_and_reasons(capsys):
    assert main(["legal", "--hand", "5S T4 T16 EX", "--trick", "10H T14"]) == 0
    out = capsys.readouterr().out
    assert out.splitlines()[0] == "Legal: T16 EX"
    assert "5S: You have no hearts" in out
    assert "T4: " in out and "overtrump" in out


def test_legal_json_and_first_lead(capsys):
    assert main(["legal", "--hand", "KH 3H 2S", "--called", "KH", "--first-trick", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["legal"] == ["KH", "2S"]
    assert {v["card"]: v["rule"] for v in data["verdicts"]}["3H"] == "first_lead_called_suit"


@pytest.mark.parametrize("args,words", [
    (["legal", "--hand", "KH QX"], "not a card: 'QX'"),
    (["legal", "--hand", ""], "empty"),
    (["legal", "--hand", "KH", "--trick", "KH"], "both in the hand and in the trick"),
    (["legal", "--hand", "KH KH 2H", "--trick", "3H"], "KH appears twice in the hand"),
    (["legal", "--hand", "KH", "--trick", "3H 3H"], "3H appears twice in the trick"),
    (["legal", "--hand", "KH", "--trick", "2C 3C 4C 5C 6C"], "at most 4 cards"),
    (["legal", "--hand", "KH 3H", "--called", "T5", "--first-trick"], "the called card is a king"),
    (["score", "--contract", "garde", "--points", "40", "--oudlers", "2", "--chelem", "made"], "every trick"),
    (["score", "--players", "4", "--contract", "garde", "--points", "40.5", "--oudlers", "2"], "always whole"),
    (["score", "--contract", "garde", "--points", "abc", "--oudlers", "2"], "number"),
    (["score", "--contract", "garde", "--points", "95", "--oudlers", "2"], "between 0 and 91"),
    (["score", "--contract", "grande", "--points", "40", "--oudlers", "2"], "unknown contract"),
    (["score", "--players", "6", "--contract", "garde", "--points", "40", "--oudlers", "2"], "invalid choice"),
])
def test_bad_input_is_one_line_and_exit_2(args, words):
    r = run(*args)
    assert r.returncode == 2
    assert words in r.stderr
    assert "Traceback" not in r.stderr
    assert len(r.stderr.strip().splitlines()) == 1


def test_a_reader_that_stops_early_gets_no_broken_pipe_noise():
    """`tarot-tutor quiz ... | head -2`: the command stops quietly when the pipe closes."""
    proc = subprocess.Popen([sys.executable, "-m", "tutor", "quiz", "--kind", "legal", "--count", "100",
                             "--seed", "1", "--answers"], stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    first = proc.stdout.readline()
    proc.stdout.close()  # the reader leaves, like head
    err = proc.stderr.read().decode()
    proc.wait(60)
    assert first.startswith(b"#1  legal")
    assert err == ""
    assert proc.returncode == 141
