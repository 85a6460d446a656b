"""The stability rule of the single-dummy puzzles (issue 35, item 7): the stated answer must stay inside the
advisor's tie set on the puzzle's seed and the next two; a published file's verdicts are read from its record,
and a stale record fails with the one command that records it again (``tarot-tutor check --stability``)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tutor.cli import main
from tutor.quiz import seat_puzzles as sp
from tutor.quiz.puzzles import check_puzzle_file, read_puzzle_file

ROOT = next(p for p in Path(__file__).resolve().parents if (p / "pyproject.toml").exists())
SOURCE = ROOT / "puzzles" / "strategy-seat.yaml"
PID = "seat-3p-attack-02"  # the Petit wins the diamond trick: solution T1, the advisor's own seed 1


def _entry() -> str:
    text = SOURCE.read_text()
    i = text.index(f"- id: {PID}\n")
    return text[i:text.index("\n- id: ", i) + 1]


@pytest.fixture
def puzzle(tmp_path):
    f = tmp_path / "puzzle-seat.yaml"  # a puzzle file by its name (tarot-tutor check tells lessons from puzzles)
    f.write_text(_entry())
    puzzles, problems = read_puzzle_file(f, deep=False)
    assert not problems
    return f, puzzles[0]


def _verdict(p, seed: int, ties) -> dict:
    legal = [c.code for c in sp.seat_view(p).legal]
    options = [{"card": c, "own": 10.0 if c in ties else -50.0, "gap": 0.0 if c in ties else 60.0, "gap_ci": 5.0,
                "samples": 400} for c in legal]
    return {"ties": list(ties), "best": ties[0], "pick": ties[0], "samples": 400, "exact": False,
            "budget_ms": sp.SEAT_BUDGET_MS, "seed": seed, "options": options}


def _record(f: Path, p, ties_by_seed: dict, code: str | None = None) -> None:
    data = {}
    for seed, ties in ties_by_seed.items():
        key = sp.key_of(p.deal_json, p.seat, seed)
        if code:
            key = key.rsplit("-", 1)[0] + "-" + code
        data[key] = _verdict(p, seed, ties)
    sp.committed_path(str(f)).write_text(json.dumps(data))


def test_the_seeds_are_the_puzzles_and_the_next_two(puzzle):
    _, p = puzzle
    assert sp.STABILITY_SEEDS == 3 and sp.stability_seeds(p) == (1, 2, 3)


def test_an_answer_inside_every_recorded_tie_set_passes(puzzle):
    f, p = puzzle
    _record(f, p, {1: ["T1"], 2: ["T1", "T2"], 3: ["T1"]})
    assert check_puzzle_file(f) == []


def test_the_check_names_the_puzzle_and_the_seed_that_breaks_it(puzzle):
    f, p = puzzle
    _record(f, p, {1: ["T1"], 2: ["T1"], 3: ["T2"]})
    found = [x.message for x in check_puzzle_file(f)]
    assert found == [f"puzzle '{PID}': the answer does not hold at seed 3: T1 outside the advisor's tie set T2 "
                     "(400 sampled deals, budget 1000 ms)"]


def test_a_stale_record_fails_fast_and_says_how_to_record_it_again(puzzle, monkeypatch):
    f, p = puzzle
    _record(f, p, {1: ["T1"], 2: ["T1"], 3: ["T1"]}, code="0123456789abcdef")
    # The puzzle's own seed is computed again (as before); the other seeds are never sampled for a published file.
    calls = []
    monkeypatch.setattr(sp, "verdict_of", lambda view, seed: calls.append(seed) or _verdict(p, seed, ["T1"]))
    monkeypatch.setenv("TUTOR_CACHE_DIR", "off")
    found = [x.message for x in check_puzzle_file(f)]
    assert calls == [1]
    assert found == [f"puzzle '{PID}': its verdicts at seed 2, 3 are not recorded for this version of the advisor "
                     f"(code {sp.advisor_code_hash()}; the record has 0123456789abcdef): run "
                     f"`tarot-tutor check --stability {f}` to record them again"]


def test_check_stability_records_every_seed_and_then_the_check_passes(puzzle, monkeypatch, capsys):
    f, p = puzzle
    monkeypatch.setenv("TUTOR_CACHE_DIR", "off")
    calls = []
    monkeypatch.setattr(sp, "verdict_of", lambda view, seed: calls.append(seed) or _verdict(p, seed, ["T1"]))
    assert main(["check", "--stability", str(f)]) == 0
    out = capsys.readouterr().out
    assert f"{PID}, seed 3: ties T1" in out
    assert f"3 verdicts recorded for the advisor's code {sp.advisor_code_hash()}" in out
    data = json.loads(sp.committed_path(str(f)).read_text())
    assert sorted(v["seed"] for v in data.values()) == [1, 2, 3] == sorted(calls)
    assert all(k.endswith("-" + sp.advisor_code_hash()) for k in data)
    assert main(["check", str(f)]) == 0 and "checked 1 file: 0 problems" in capsys.readouterr().out


def test_a_draft_without_a_record_has_its_other_seeds_computed(puzzle, monkeypatch):
    f, p = puzzle
    monkeypatch.setenv("TUTOR_CACHE_DIR", "off")
    calls = []
    monkeypatch.setattr(sp, "verdict_of", lambda view, seed: calls.append(seed) or _verdict(
        p, seed, ["T1"] if seed < 3 else ["T2"]))
    found = [x.message for x in check_puzzle_file(f)]
    assert calls == [1, 2, 3] and len(found) == 1 and "does not hold at seed 3" in found[0]
