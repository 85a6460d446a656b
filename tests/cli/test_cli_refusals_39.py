"""Issue 39: the last tracebacks and hangs of the command line, each run as a user runs it: its own
process, 1.5 GB of address space at most, and a timeout that only guards against a hang. Each says one
clear line on standard error and exits 2."""

from __future__ import annotations

import contextlib
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = next(p for p in Path(__file__).resolve().parents if (p / "pyproject.toml").exists())
DEEP = 100_000
CELL = "a cell has more than the 1,000 characters allowed"


def _cap_memory():  # in the child, before it runs anything
    import resource
    limit = 1536 * 1024 * 1024
    resource.setrlimit(resource.RLIMIT_AS, (limit, limit))


def refused(args, *, stdin: Path | None = None, timeout: float = 120) -> tuple[str, float]:
    """The one line ``python -m tutor ARGS`` says on refusing, and the CPU seconds the child took."""
    with contextlib.ExitStack() as stack:
        source = stack.enter_context(stdin.open("rb")) if stdin else subprocess.DEVNULL
        import resource
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        proc = subprocess.run([sys.executable, "-m", "tutor", *map(str, args)], stdin=source, capture_output=True,
                              timeout=timeout, preexec_fn=_cap_memory, cwd=ROOT)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
    out, err = proc.stdout.decode(errors="replace"), proc.stderr.decode(errors="replace")
    assert proc.returncode == 2 and out == "", (proc.returncode, out[:500], err[-2000:])
    lines = err.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in err and len(lines[0]) < 400, err[:2000]
    return lines[0], (after.ru_utime + after.ru_stime) - (before.ru_utime + before.ru_stime)


def test_a_140_kb_header_line_is_a_cell_too_long(tmp_path):
    path = tmp_path / "f.csv"
    path.write_text("taker,contract," + "x" * 140_000 + "\n", encoding="utf-8")
    line, _ = refused(["sheet", path])
    assert CELL in line and "field larger" not in line


def test_deep_yaml_on_standard_input_and_a_deep_json_file(tmp_path):
    yaml = tmp_path / "deep.yaml"
    yaml.write_text("a: " + "[" * DEEP + "]" * DEEP + "\n", encoding="utf-8")
    assert CELL in refused(["sheet", "-"], stdin=yaml)[0]
    deep = tmp_path / "deep.json"
    deep.write_text("[" * DEEP + "]" * DEEP, encoding="utf-8")
    assert CELL in refused(["sheet", deep])[0]


def test_a_blank_sheet_name_past_40_characters_is_refused_before_any_work(tmp_path):
    line, cpu = refused(["blank-sheet", "--name", "x" * 100_000, "-o", tmp_path / "b.pdf"])
    assert "at most 40 characters" in line and not (tmp_path / "b.pdf").exists()
    assert cpu < 20  # laying the name out took minutes; importing the app takes a second or two
    line, _ = refused(["blank-sheet", "--name", "Ann\u202e", "-o", tmp_path / "b.pdf"])
    assert "invisible or formatting" in line


def test_check_of_a_device_says_it_is_not_a_regular_file():
    line, _ = refused(["check", "/dev/zero"])
    assert "not a regular file" in line and "no such file" not in line


def test_a_worksheet_into_a_missing_folder_is_refused_before_the_pdf_is_made():
    start = time.process_time()
    line, cpu = refused(["worksheet", "--kind", "score", "--count", "20", "-o", "/nonexistent/x.pdf"])
    assert line.removeprefix("tarot-tutor: error: ") == "/nonexistent/x.pdf: the folder /nonexistent does not exist"
    assert "Errno" not in line and time.process_time() - start < 1


@pytest.mark.parametrize("command", [["worksheet", "--kind", "score", "--count", "1"], ["blank-sheet"]])
def test_a_pdf_that_cannot_be_written_is_one_line(tmp_path, command):
    (tmp_path / "x.pdf").mkdir()  # a folder where the file should go
    line, _ = refused([*command, "-o", tmp_path / "x.pdf"])
    assert "is a directory" in line
