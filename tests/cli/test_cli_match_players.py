"""``tarot-tutor match --seat/--others``, as a user runs it: a subprocess with a timeout, a few boards."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = next(p for p in Path(__file__).resolve().parents if (p / "pyproject.toml").exists())
PROGRAM = f"cmd:{sys.executable} {ROOT / 'tests' / 'fixtures' / 'seat_program.py'}"


def tarot(*args: str, timeout: float = 240) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "tutor", "match", *args], capture_output=True, text=True,
                          timeout=timeout, cwd=ROOT, env={"PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"})


def test_a_program_measured_against_the_bots_with_json_and_running_figures():
    """--json: one JSON object on standard output, and one JSON line of the figures so far on standard error
    after each board (the program's own standard error passes through around them)."""
    proc = tarot("--players", "3", "--boards", "2", "--seed", "3", "--seat", f"{PROGRAM} --seed 4", "--json")
    assert proc.returncode == 0, proc.stderr
    out = json.loads(proc.stdout)
    assert out["deals"] == 6 and out["faults"]["seat"]["illegal"] == 0 and out["faults"]["seat"]["decisions"] > 40
    running = [json.loads(line)["so_far"] for line in proc.stderr.splitlines() if line.startswith("{")]
    assert [r["boards"] for r in running] == [1, 2] and running[-1] == {k: out[k] for k in running[-1]}
    assert "seat program started" in proc.stderr


def test_the_text_output_counts_the_programs_faults(tmp_path):
    log = tmp_path / "program.log"
    proc = tarot("--players", "3", "--boards", "1", "--seed", "10", "--seat", f"{PROGRAM} --mode bad",
                 "--time-limit", "1", "--program-log", str(log))
    assert proc.returncode == 0, proc.stderr
    assert "each board played by 'bots' in every seat" in proc.stdout
    assert "decisions, 1 late, 4 malformed, 1 illegal, 0 after it stopped" in proc.stdout
    assert "seat program started in mode bad" in log.read_text("utf-8")  # saved, not shown
    assert "seat program started" not in proc.stderr


def test_record_resumes_to_the_same_figures(tmp_path):
    """Two boards recorded, then three asked with the same file: the figures of three boards played at once."""
    path = tmp_path / "m.jsonl"
    args = ("--players", "3", "--seed", "2", "--seat", "reference", "--others", "bots", "--json")
    first = tarot(*args, "--boards", "2", "--record", str(path))
    assert first.returncode == 0, first.stderr
    assert len(path.read_text().splitlines()) == 2
    resumed = tarot(*args, "--boards", "3", "--record", str(path))
    whole = tarot(*args, "--boards", "3")
    assert resumed.returncode == whole.returncode == 0
    assert json.loads(resumed.stdout) == json.loads(whole.stdout)
    assert len(path.read_text().splitlines()) == 3


def test_the_advisor_default_is_unchanged_and_bad_names_are_one_line():
    """No --seat or --others: the advisor against the bots, as before (same header, same figures as naming
    them); an unknown player, a program that cannot start or a bad time limit: one line, exit 2."""
    plain = tarot("--players", "3", "--boards", "1", "--budget", "2")
    named = tarot("--players", "3", "--boards", "1", "--budget", "2", "--seat", "advisor", "--others", "bots")
    assert plain.returncode == 0 and plain.stdout == named.stdout
    assert "the advisor's budget 2 ms a decision; each board played by the bots" in plain.stdout
    for bad in (["--seat", "robot"], ["--others", "cmd:"], ["--seat", "cmd:/no/such/program"],
                ["--time-limit", "0"], ["--time-limit", "nan"], ["--record", "/no/such/dir/m.jsonl"]):
        proc = tarot("--players", "3", "--boards", "1", "--budget", "2", *bad, timeout=60)
        assert proc.returncode == 2, (bad, proc.stderr)
        assert len(proc.stderr.strip().splitlines()) == 1 and "Traceback" not in proc.stderr, bad
