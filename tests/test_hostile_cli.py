"""Issue 18, point 7: hostile input to the command line and the content loader.

Every case ends with one clear line on stderr and exit status 2, or, for ``check``, the problems
listed and exit status 1: never a traceback, a hang or a crash.
"""

from __future__ import annotations

import contextlib
import re
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tutor.cli import main
from tutor.content.yamlio import ContentError, load_text
from tutor.limits import MAX_CONTENT_BYTES, MAX_CSV_CELL, MAX_SHEET_BYTES

ROOT = Path(__file__).resolve().parents[1]
LESSON = (ROOT / "lessons" / "01-the-deck.yaml").read_text(encoding="utf-8")
DIGITS = "9" * 5000


def run(capsys, *args):
    status = main([str(a) for a in args])
    out, err = capsys.readouterr()
    return status, out, err


def one_clear_line(err: str) -> str:
    lines = err.strip().splitlines()
    assert len(lines) == 1, err[:2000]
    assert "Traceback" not in err and len(lines[0]) < 400, lines[0][:400]
    return lines[0]


# ---------------------------------------------------------------- legal: huge card arguments


@pytest.mark.parametrize("args", [
    ["--hand", DIGITS],
    ["--hand", "KH 3H", "--trick", DIGITS],
    ["--hand", "KH 3H", "--called", DIGITS],
    ["--hand", "KH " * 2000],
    ["--hand", "x" * 100_000],
])
def test_legal_with_a_huge_or_strange_card_is_one_line(capsys, args):
    status, out, err = run(capsys, "legal", *args)
    assert status == 2 and out == ""
    line = one_clear_line(err)
    assert "not a card" in line


# ---------------------------------------------------------------- worksheet / sheet


def test_worksheet_to_an_empty_file_name(capsys, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    status, _, err = run(capsys, "worksheet", "--kind", "legal", "-o", "")
    assert status == 2
    assert "output" in one_clear_line(err)


SHEET = "taker,contract,points,oudlers,Ann,Bob,Cleo\nAnn,garde,56,1,,,\nBob,petite,40,1,,,\n"


def test_sheet_with_old_mac_line_ends_is_read(capsys, tmp_path):
    path = tmp_path / "mac.csv"
    path.write_bytes(SHEET.replace("\n", "\r").encode())
    status, out, err = run(capsys, "sheet", path)
    assert status == 0, err
    assert "2 deals; every row sums to zero." in out
    plain = tmp_path / "plain.csv"
    plain.write_text(SHEET)
    assert run(capsys, "sheet", plain)[1] == out


def test_sheet_with_mixed_line_ends_is_read(capsys, tmp_path):
    path = tmp_path / "mixed.csv"
    path.write_bytes(b"taker,contract,points,oudlers,Ann,Bob,Cleo\r\nAnn,garde,56,1,,,\rBob,petite,40,1,,,\n")
    status, out, err = run(capsys, "sheet", path)
    assert status == 0, err and "2 deals" in out


def test_sheet_with_a_huge_cell(capsys, tmp_path):
    path = tmp_path / "big.csv"
    path.write_text("taker,contract,points,oudlers,Ann,Bob,Cleo\nAnn,garde,56,1," + "x" * 140_000 + ",,\n")
    status, out, err = run(capsys, "sheet", path)
    assert status == 2 and out == ""
    line = one_clear_line(err)
    assert re.search(rf"big\.csv:2: .*{MAX_CSV_CELL:,}", line), line


def test_sheet_from_dev_zero_stops_at_the_cap(capsys):
    status, out, err = run(capsys, "sheet", "/dev/zero")
    assert status == 2 and out == ""
    assert f"{MAX_SHEET_BYTES // 1024:,} KB" in one_clear_line(err)


def test_sheet_too_large(capsys, tmp_path):
    path = tmp_path / "huge.csv"
    path.write_text(SHEET + "#" * (MAX_SHEET_BYTES + 10))
    status, _, err = run(capsys, "sheet", path)
    assert status == 2 and "larger than" in one_clear_line(err)


# ---------------------------------------------------------------- check: damaged lesson files


def lesson_dir(tmp_path: Path, text: str, name: str = "01-the-deck.yaml") -> Path:
    d = tmp_path / "lessons"
    d.mkdir(exist_ok=True)
    (d / name).write_text(text, encoding="utf-8")
    return d / name


def check_problems(capsys, path) -> list[str]:
    status, out, err = run(capsys, "check", path)
    assert status == 1, (status, out[:2000], err[:2000])
    assert err == "" and "Traceback" not in out
    lines = out.strip().splitlines()
    assert re.fullmatch(r"checked 1 file: [1-9]\d* problems?", lines[-1]), lines[-1]
    assert all(len(line) < 500 for line in lines), max(lines, key=len)[:500]
    return lines[:-1]


def test_minutes_of_5000_digits(capsys, tmp_path):
    path = lesson_dir(tmp_path, re.sub(r"(?m)^minutes: \d+", "minutes: " + DIGITS, LESSON))
    problems = check_problems(capsys, path)
    assert any("minutes" in p or "number" in p for p in problems), problems


def test_nesting_1000_deep(capsys, tmp_path):
    path = lesson_dir(tmp_path, LESSON + "extra: " + "[" * 1000 + "]" * 1000 + "\n")
    problems = check_problems(capsys, path)
    assert any("nested" in p for p in problems), problems


def test_nesting_100000_deep_does_not_kill_the_process(tmp_path):
    """libyaml's composer recursed until the C stack ran out: a segmentation fault, in the app too."""
    path = lesson_dir(tmp_path, "id: deep\nextra: " + "[" * 100_000 + "]" * 100_000 + "\n")
    proc = subprocess.run([sys.executable, "-m", "tutor", "check", str(path)], capture_output=True, text=True,
                          timeout=120, cwd=tmp_path)
    assert proc.returncode == 1, (proc.returncode, proc.stderr[-2000:])
    assert "nested" in proc.stdout and "Traceback" not in proc.stderr


def test_nesting_by_indentation(capsys, tmp_path):
    """Block nesting (each item one indent deeper) counts like brackets."""
    path = lesson_dir(tmp_path, LESSON + "extra:\n" + "".join("  " * (i + 1) + "-\n" for i in range(100)))
    problems = check_problems(capsys, path)
    assert any("nested" in p for p in problems), problems


def alias_bomb(levels: int = 9) -> str:
    lines = ['a0: &a0 ["lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol"]']
    for i in range(1, levels):
        lines.append(f"a{i}: &a{i} [" + ", ".join([f"*a{i - 1}"] * 9) + "]")
    return "\n".join(lines) + "\n"


def test_billion_laughs_in_params(capsys, tmp_path):
    bomb = "\n".join("  " + line for line in alias_bomb().splitlines())
    text = LESSON.replace("steps:", f"bomb:\n{bomb}\nsteps:", 1)
    path = lesson_dir(tmp_path, text)
    problems = check_problems(capsys, path)
    assert any("alias" in p for p in problems), problems


def test_a_bomb_that_gets_past_the_size_check_is_never_printed_whole(capsys, tmp_path):
    """Generator params with shared structure under the expansion limit: the message quotes them briefly."""
    source = ROOT / "lessons" / "03-card-values.yaml"
    text = source.read_text(encoding="utf-8")
    bomb = "\n".join("      " + line for line in alias_bomb(4).splitlines())  # 9**4 values expanded
    text = text.replace("  - generator: count\n", f"  - generator: count\n    params:\n{bomb}\n", 1)
    problems = check_problems(capsys, lesson_dir(tmp_path, text, source.name))
    assert any("generator 'count' fails" in p for p in problems), problems


@pytest.mark.parametrize("name", ["bad.YAML", "bad.txt", "bad.Yml"])
def test_a_broken_file_with_another_suffix_is_checked(capsys, tmp_path, name):
    path = lesson_dir(tmp_path, "id: [unclosed\n", name)
    problems = check_problems(capsys, path)
    assert any("invalid YAML" in p for p in problems), problems


def test_a_huge_content_file(capsys, tmp_path):
    path = lesson_dir(tmp_path, LESSON + "#" * MAX_CONTENT_BYTES)
    problems = check_problems(capsys, path)
    assert any("larger than" in p for p in problems), problems


# ---------------------------------------------------------------- the loader the app uses


@pytest.mark.parametrize("text,words", [
    ("a: " + "[" * 1000 + "]" * 1000, "nested"),
    ("a: " + "{x: " * 500 + "1" + "}" * 500, "nested"),
    (alias_bomb(), "alias"),
    ("minutes: " + DIGITS, "number"),
    ("x" * (MAX_CONTENT_BYTES + 1), "larger than"),
    ("a: [" * 200, "nested"),  # broken and deep: the slow parser is never asked to recurse
])
def test_load_text_refuses_before_parsing(text, words):
    with pytest.raises(ContentError) as info:
        load_text(text, "x.yaml")
    message = str(info.value)
    assert words in message and len(message) < 500, message[:500]


def test_load_text_still_reads_anchors_and_lines():
    doc = load_text("a: &x [1, 2]\nb: *x\nc:\n  - d: 3\n", "x.yaml")
    assert doc["b"] == [1, 2] and doc["c"][0].line == 4


# ---------------------------------------------------------------- hypothesis: any argument, any file

ARG_TEXT = st.one_of(st.text(max_size=40), st.text(alphabet="0123456789²-+., TtKkHhSsEeXx", max_size=60),
                     st.sampled_from(["9" * 5000, "", "-", "--", "²", "1e400", "nan", "-1"]))


def run_quietly(capsys, argv) -> int:
    try:
        status = main(argv)
    except SystemExit as stop:  # argparse's own usage errors (exit 2)
        status = stop.code
    capsys.readouterr()
    return status


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(hand=ARG_TEXT, trick=ARG_TEXT, called=st.one_of(st.none(), ARG_TEXT), first=st.booleans())
def test_legal_any_arguments(capsys, hand, trick, called, first):
    argv = ["legal", "--hand", hand, "--trick", trick, *(["--called", called] if called is not None else []),
            *(["--first-trick"] if first else [])]
    assert run_quietly(capsys, argv) in (0, 2)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(players=ARG_TEXT, contract=ARG_TEXT, points=ARG_TEXT, oudlers=ARG_TEXT)
def test_score_any_arguments(capsys, players, contract, points, oudlers):
    argv = ["score", "--players", players, "--contract", contract, "--points", points, "--oudlers", oudlers]
    assert run_quietly(capsys, argv) in (0, 2)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(kind=st.sampled_from(["legal", "count", "score", "nope"]), seed=ARG_TEXT, count=ARG_TEXT, option=ARG_TEXT)
def test_quiz_any_arguments(capsys, kind, seed, count, option):
    argv = ["quiz", "--kind", kind, "--seed", seed, "--count", count, "--option", option]
    assert run_quietly(capsys, argv) in (0, 2)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.binary(max_size=400) | st.text(alphabet="taker,contract,points,oudlers,AnBb\r\n\"';=-#0123456789",
                                                 max_size=300).map(str.encode))
def test_sheet_any_file(capsys, tmp_path_factory, data):
    path = tmp_path_factory.mktemp("sheet") / "s.csv"
    path.write_bytes(data)
    assert run_quietly(capsys, ["sheet", str(path)]) in (0, 2)


YAML_ALPHABET = "ab: -[]{}&*!|>'\"\n#0123456789,.?%@`\t"


@settings(max_examples=200, deadline=None)
@given(text=st.text(alphabet=YAML_ALPHABET, max_size=200) | st.text(max_size=100))
def test_the_loader_raises_only_content_error(text):
    with contextlib.suppress(ContentError):
        load_text(text, "x.yaml")


@settings(max_examples=30, deadline=None)
@given(depth=st.integers(1, 3000), opener=st.sampled_from(["[", "{a: ", "- "]))
def test_the_loader_refuses_any_deep_nesting(depth, opener):
    closer = {"[": "]", "{a: ": "}", "- ": ""}[opener]
    text = ("x: " + opener * depth + "1" + closer * depth) if opener != "- " else \
        "x:\n" + "".join("  " * i + "-\n" for i in range(1, depth + 1))
    try:
        load_text(text, "x.yaml")
    except ContentError as err:
        assert depth >= 39 or "invalid YAML" in str(err), str(err)[:300]
