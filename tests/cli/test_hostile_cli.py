"""Issue 18, point 7: hostile input to the command line and the content loader.

Every case ends with one clear line on stderr and exit status 2, or, for ``check``, the problems
listed and exit status 1: never a traceback, a hang or a crash. Issue 29 adds ``solve``, ``bid``,
``teacher-hash``, ``quiz`` and ``worksheet`` at and past the limits of ``tutor/limits.py``.
"""

from __future__ import annotations

import contextlib
import json
import re
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tutor.cli import main
from tutor.content.yamlio import ContentError, load_text
from tutor.limits import (
    MAX_BID_SAMPLES,
    MAX_CONTENT_BYTES,
    MAX_CSV_CELL,
    MAX_DRILL_QUESTIONS,
    MAX_PASSPHRASE_CHARS,
    MAX_POSITION_BYTES,
    MAX_QUESTIONS,
    MAX_SHEET_BYTES,
    MAX_TITLE_CHARS,
    MAX_YAML_DEPTH,
)

ROOT = Path(__file__).resolve().parents[2]
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


# ---------------------------------------------------------------- issue 29: solve, bid, teacher-hash, quiz, worksheet
# Each row of the issue's table, run as a user runs it: its own process, 1.5 GB of address space at most
# (the /dev/zero cases once took 13 GB) and a timeout that only guards against a hang.

POSITION = """\
players: 4
contract: petite
taker: 2
partner: null
hands: {1: QC 7C, 2: T7 T1, 3: JC 9C, 4: CS CH}
trick: {leader: 2, cards: ""}
taken: {attack_points: 27, attack_oudlers: 1, attack_tricks: 6, defence_tricks: 10}
"""
BID_HAND = "T21 T15 T12 T8 T5 T3 T1 EX KH QH 5H 2H KS 9S 4C 6C 7D 3D"
DEEP = 100_000


def _cap_memory():  # in the child, before it runs anything
    import resource
    limit = 1536 * 1024 * 1024
    resource.setrlimit(resource.RLIMIT_AS, (limit, limit))


def run_capped(args, *, stdin=None, tmp_path=None):
    """Run ``python -m tutor ARGS`` capped; ``stdin`` is bytes, or a path to redirect from (``/dev/zero``)."""
    with contextlib.ExitStack() as stack:
        source = (stack.enter_context(open(stdin, "rb")) if isinstance(stdin, str)
                  else subprocess.DEVNULL if stdin is None else None)
        proc = subprocess.run([sys.executable, "-m", "tutor", *map(str, args)], stdin=source,
                              input=stdin if isinstance(stdin, bytes) else None, capture_output=True,
                              timeout=120, preexec_fn=_cap_memory, cwd=tmp_path or ROOT)
    return proc.returncode, proc.stdout.decode(errors="replace"), proc.stderr.decode(errors="replace")


def refused(args, *, stdin=None, tmp_path=None) -> str:
    status, out, err = run_capped(args, stdin=stdin, tmp_path=tmp_path)
    assert status == 2 and out == "", (status, out[:500], err[-2000:])
    return one_clear_line(err)


def position_file(tmp_path, text, name="p.yaml") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def test_a_valid_position_is_solved_under_the_same_cap(tmp_path):
    """The cap leaves room for real work: the refusals below are the limits', not the cap's."""
    status, out, err = run_capped(["solve", position_file(tmp_path, POSITION), "--json"])
    assert status == 0, err[-2000:]
    assert json.loads(out)["best"] == ["T7"]


@pytest.mark.parametrize("where", ["file", "stdin", "json", "hands"])
def test_solve_100000_brackets(tmp_path, where):
    text = {"file": "[" * DEEP, "stdin": "[" * DEEP, "json": '{"players": 4, "hands": ' + "[" * DEEP,
            "hands": POSITION.replace("{1: QC 7C,", "{1: " + "[" * DEEP + " QC 7C,")}[where]
    if where == "stdin":
        line = refused(["solve", "-"], stdin=text.encode())
    else:
        line = refused(["solve", position_file(tmp_path, text)])
    assert f"larger than the {MAX_POSITION_BYTES // 1024} KB allowed" in line, line


@pytest.mark.parametrize("where", ["file", "json", "hands"])
def test_solve_brackets_under_the_size_cap_meet_the_depth_limit(capsys, tmp_path, where):
    deep = MAX_POSITION_BYTES // 3  # opened and closed, still under the size cap
    text = {"file": "[" * deep, "json": '{"players": 4, "hands": ' + "[" * deep + "]" * deep + "}",
            "hands": POSITION.replace("{1: QC 7C,", "{1: " + "[" * deep + " QC 7C,")}[where]
    status, out, err = run(capsys, "solve", position_file(tmp_path, text))
    assert status == 2 and f"nested more than {MAX_YAML_DEPTH} lists or mappings deep" in one_clear_line(err)


@pytest.mark.parametrize("args,stdin", [(["/dev/zero"], None), (["/dev/urandom"], None), (["-"], "/dev/zero"),
                                        (["-"], "/dev/urandom")])
def test_solve_from_an_endless_device(args, stdin):
    line = refused(["solve", *args], stdin=stdin)
    assert f"larger than the {MAX_POSITION_BYTES // 1024} KB allowed" in line, line


def test_solve_a_100_mb_file(tmp_path):
    path = tmp_path / "big.yaml"
    with path.open("wb") as f:
        f.write(POSITION.encode())
        f.truncate(100 * 1024 * 1024)  # sparse: 100 MB to read, none to write
    line = refused(["solve", path])
    assert f"big.yaml is larger than the {MAX_POSITION_BYTES // 1024} KB allowed" in line, line


def test_solve_an_alias_bomb_inside_hands(tmp_path):
    bomb = "\n".join("  " + line for line in alias_bomb().splitlines())
    text = POSITION.replace("hands: {1: QC 7C,", f"bomb:\n{bomb}\nhands: {{1: *a8,")
    line = refused(["solve", position_file(tmp_path, text)])
    assert "alias" in line and "100,000 values" in line, line


def test_an_alias_bomb_under_the_expansion_limit_is_never_made_into_text():
    """9**4 values pass the loader's count; the hand refuses a list of lists before str() expands it."""
    from tutor.strategy.exact.position import FIELDS, Position, PositionError
    nine = "[" + ", ".join(["*a2"] * 9) + "]"
    data = load_text(alias_bomb(3) + POSITION.replace("hands: {1: QC 7C,", f"hands: {{1: {nine},"), "p.yaml")
    with pytest.raises(PositionError, match="the hand of seat 1: give at most 78 cards"):
        Position.from_mapping({k: v for k, v in data.items() if k in FIELDS})


def test_solve_300000_cards_in_one_hand(tmp_path):
    text = POSITION.replace("{1: QC 7C,", "{1: [" + ", ".join(["QC"] * 300_000) + "],")
    assert len(text) > 900_000
    line = refused(["solve", position_file(tmp_path, text)])
    assert f"larger than the {MAX_POSITION_BYTES // 1024} KB allowed" in line, line


def test_solve_as_many_cards_as_fit_under_the_cap(capsys, tmp_path):
    text = POSITION.replace("{1: QC 7C,", "{1: [" + ", ".join(["QC"] * 15_000) + "],")
    status, _, err = run(capsys, "solve", position_file(tmp_path, text))
    assert status == 2 and "the hand of seat 1: give at most 78 cards" in one_clear_line(err)


def test_the_duplicate_card_check_is_linear():
    """300,000 cards given straight to Position: list.count made it 300,000² steps (hours)."""
    code = ("from tutor.engine import Contract, parse_card\nfrom tutor.strategy.exact.position import Position\n"
            "qc = parse_card('QC')\n"
            "try:\n    Position(4, Contract.GARDE, 0, None, ((qc,) * 300_000, (), (), ()), 0)\n"
            "except Exception as err:\n    print(err)\n")
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120,
                          preexec_fn=_cap_memory)
    assert proc.stdout.strip() == "QC is given twice: each card exists once", proc.stderr[-2000:]


@pytest.mark.parametrize("field,value,words", [
    ("taker", ".inf", "taker is a seat from 1 to 4, not inf"),
    ("leader", ".inf", "the trick's leader is a seat from 1 to 4, not inf"),
    ("attack_points", "9" * 5000, "a number of 5,000 characters"),
])
def test_solve_numbers_that_once_raised(tmp_path, field, value, words):
    text = {"taker": POSITION.replace("taker: 2", f"taker: {value}"),
            "leader": POSITION.replace("leader: 2", f"leader: {value}"),
            "attack_points": POSITION.replace("attack_points: 27", f"attack_points: {value}")}[field]
    line = refused(["solve", position_file(tmp_path, text)])
    assert words in line, line


@pytest.mark.parametrize("change,words", [
    ({"taker": float("inf")}, "taker is a seat from 1 to 4"),
    ({"taker": float("nan")}, "taker is a seat from 1 to 4"),
    ({"taker": 10**5000}, "taker is a seat from 1 to 4"),
    ({"taker": "²"}, "taker is a seat from 1 to 4"),
    ({"taker": 2.5}, "taker is a seat from 1 to 4"),
    ({"partner": -1}, "partner is a seat from 1 to 4"),
    ({"players": 4.0}, "players is 3, 4 or 5"),
    ({"players": True}, "players is 3, 4 or 5"),
    ({"contract": ["garde"] * 1000}, "contract is petite"),
    ({"contract": "garde " * 1000}, "contract is petite"),
    ({"chelem": [[["x"] * 100] * 100] * 100}, "chelem is null or announced"),
    ({"poignees": ["simple"] * 5}, "at most 4"),
    ({"poignees": [["simple"]]}, "poignees lists"),
    ({"taken": {"attack_points": 10**5000}}, "attack_points is a number from 0 to 91"),
    ({"taken": {"attack_points": "9" * 5000}}, "attack_points is a number from 0 to 91"),
    ({"taken": {"attack_points": float("inf")}}, "attack_points is a number from 0 to 91"),
    ({"taken": {"attack_points": float("nan")}}, "attack_points is a number from 0 to 91"),
    ({"taken": {"attack_points": -0.5}}, "attack_points is a number from 0 to 91"),
    ({"taken": {"attack_points": 91.5}}, "attack_points is a number from 0 to 91"),
    ({"taken": {"attack_oudlers": 4}}, "attack_oudlers is a number from 0 to 3"),
    ({"taken": {"attack_tricks": 10**400}}, "attack_tricks is a number from 0 to 18"),
    ({"taken": {"defence_tricks": 19}}, "defence_tricks is a number from 0 to 18"),
])
def test_every_number_of_a_position_is_range_checked(change, words):
    from tutor.strategy.exact.position import Position, PositionError
    data = {**load_text(POSITION, "p.yaml"), **change}
    if "taken" in change:
        data["taken"] = {**load_text(POSITION, "p.yaml")["taken"], **change["taken"]}
    if "partner" in change:
        data["players"] = 4
    with pytest.raises(PositionError) as info:
        Position.from_mapping(data)
    assert words in str(info.value) and len(str(info.value)) < 400, str(info.value)[:400]


@pytest.mark.parametrize("stdin", ["/dev/zero", "/dev/urandom"])
def test_teacher_hash_from_an_endless_device(stdin):
    status, out, err = run_capped(["teacher-hash", "--stdin"], stdin=stdin)
    line = one_clear_line(err)
    if stdin == "/dev/zero":
        assert status == 2 and f"longer than the {MAX_PASSPHRASE_CHARS:,} characters allowed" in line, line
    else:  # a random line ends at its first newline byte: refused, or (rarely) a hash made of it
        assert status in (0, 2) and "Traceback" not in err


def test_teacher_hash_prompt_from_a_file_is_refused():
    """Without --stdin, getpass falls back to reading the whole of a non-terminal standard input."""
    line = refused(["teacher-hash"], stdin="/dev/zero")
    assert "use --stdin" in line, line


def test_bid_with_the_old_maximum_of_samples():
    line = refused(["bid", "--hand", BID_HAND, "--samples", "100000"])
    assert f"--samples is between 1 and {MAX_BID_SAMPLES:,}, not 100000" in line, line


@pytest.mark.parametrize("args,words", [
    (["quiz", "--kind", "legal", "--count", "1000"], f"--count is between 1 and {MAX_QUESTIONS}, not 1000"),
    (["quiz", "--kind", "contract", "--count", str(MAX_DRILL_QUESTIONS + 1)],
     f"between 1 and {MAX_DRILL_QUESTIONS} for a strategy drill"),
    (["worksheet", "--kind", "legal", "--title", "x" * 100_000, "-o", "w.pdf"],
     f"at most {MAX_TITLE_CHARS} characters, not 100,000"),
    (["worksheet", "--kind", "legal", "--count", str(MAX_QUESTIONS + 1), "-o", "w.pdf"],
     f"1 to {MAX_QUESTIONS} questions"),
])
def test_quiz_and_worksheet_counts_and_titles(tmp_path, args, words):
    line = refused(args, tmp_path=tmp_path)
    assert words in line, line
    assert not list(tmp_path.iterdir())  # refused before any work: no PDF written


@pytest.mark.parametrize("args,words", [
    (["bid", "--hand", BID_HAND, "--samples", str(MAX_BID_SAMPLES + 1)], f"1 and {MAX_BID_SAMPLES:,}"),
    (["bid", "--hand", BID_HAND, "--samples", "4", "--seed", "-1"], "--seed is between 0 and 2,147,483,647"),
    (["bid", "--hand", BID_HAND, "--seat", "9" * 5000], "invalid int value"),
    (["quiz", "--kind", "legal", "--seed", str(2**31)], "--seed is between 0 and 2,147,483,647"),
    (["worksheet", "--kind", "legal", "--seed", "-5", "-o", "w.pdf"], "--seed is between 0"),
])
def test_every_number_on_the_command_line_is_range_checked(capsys, tmp_path, monkeypatch, args, words):
    monkeypatch.chdir(tmp_path)
    try:
        status = main(args)
    except SystemExit as stop:  # argparse's own errors
        status = stop.code
    err = capsys.readouterr().err
    assert status == 2 and words in one_clear_line(err), err[:400]


# ---------------------------------------------------------------- hypothesis: solve, bid, teacher-hash

HOSTILE_VALUES = st.one_of(
    st.sampled_from([".inf", "-.inf", ".nan", "9" * 5000, "1e400", "1.0e+400", "-1", "0", "²", "~", "null", "[]",
                     "{}", "&a [*a]", "'x'", "!!binary aGk=", "!!python/object:os.system", "[" * 60, "- - -"]),
    st.text(alphabet="0123456789.-+e[]{}&*!|>'\" :,", max_size=30), st.integers(-10**40, 10**40).map(str))
POSITION_SLOTS = ["taker: 2", "partner: null", "1: QC 7C", "QC 7C", "leader: 2", 'cards: ""', "attack_points: 27",
                  "attack_oudlers: 1", "attack_tricks: 6", "defence_tricks: 10", "players: 4", "contract: petite"]


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(slot=st.sampled_from(POSITION_SLOTS), value=HOSTILE_VALUES)
def test_solve_any_value_in_any_field(capsys, tmp_path_factory, slot, value):
    key = slot.partition(":")[0] if ":" in slot else None
    text = POSITION.replace(slot, f"{key}: {value}" if key else value, 1)
    path = tmp_path_factory.mktemp("solve") / "p.yaml"
    path.write_text(text, encoding="utf-8")
    assert run_quietly(capsys, ["solve", str(path), "--json"]) in (0, 2)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.binary(max_size=300) | st.text(alphabet=YAML_ALPHABET, max_size=300).map(str.encode))
def test_solve_any_file(capsys, tmp_path_factory, data):
    path = tmp_path_factory.mktemp("solve") / "p.yaml"
    path.write_bytes(data)
    assert run_quietly(capsys, ["solve", str(path)]) in (0, 2)


def _few_samples(text: str) -> bool:
    """Not a valid count above 3: with a valid hand, a real count of 1,000 would take seconds each time."""
    from tutor.limits import parse_int
    return parse_int(text, 4, MAX_BID_SAMPLES) is None


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(hand=st.one_of(st.just(BID_HAND), ARG_TEXT), players=ARG_TEXT, seat=ARG_TEXT,
       samples=ARG_TEXT.filter(_few_samples), seed=ARG_TEXT)
def test_bid_any_arguments(capsys, hand, players, seat, samples, seed):
    argv = ["bid", "--hand", hand, "--players", players, "--seat", seat, "--samples", samples, "--seed", seed]
    assert run_quietly(capsys, argv) in (0, 2)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.binary(max_size=200) | st.text(max_size=60).map(str.encode)
       | st.sampled_from([b"\0" * 10_000, b"x" * (MAX_PASSPHRASE_CHARS + 1) + b"\n", b"\xff\xfe phrase\n"]))
def test_teacher_hash_any_standard_input(capsys, monkeypatch, data):
    import io
    with monkeypatch.context() as m:
        m.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(data), encoding="utf-8"))
        status = run_quietly(capsys, ["teacher-hash", "--stdin"])
    line = data.split(b"\n")[0].rstrip(b"\r")
    try:
        typed = line.decode("utf-8")
    except UnicodeDecodeError:
        typed = None
    ok = typed is not None and 8 <= len(typed) <= MAX_PASSPHRASE_CHARS
    assert status == (0 if ok else 2), (status, data[:100])
