"""Issue 18, points 7 and 11: CSV sheets that are damaged or hostile, and formula injection on export.

A cell that starts with ``=``, ``+``, ``-``, ``@``, a tab or a carriage return is a formula to a
spreadsheet: exports put a single quote before it (OWASP's advice), numbers such as ``-52`` stay
as they are, and imports take the quote off again.
"""

from __future__ import annotations

import contextlib
import csv
import io
import re
from datetime import UTC, datetime

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tutor.classroom import stats
from tutor.classroom.store import ClassStore
from tutor.club import CsvError, Game, from_csv, to_csv
from tutor.csvsafe import guard, unguard
from tutor.limits import MAX_CSV_CELL, MAX_SHEET_BYTES

HOSTILE_NAMES = ["=HYPERLINK(\"http://evil/x\",\"click\")", "+1+1", "-cmd", "@SUM(A1)", "=1+2", "'=already", "''+x"]


@pytest.mark.parametrize("cell,want", [
    ("=1+2", "'=1+2"), ("+SUM(A1)", "'+SUM(A1)"), ("-x", "'-x"), ("@x", "'@x"), ("\tx", "'\tx"), ("\rx", "'\rx"),
    ("-52", "-52"), ("+8", "+8"), ("-40.5", "-40.5"), ("Ann", "Ann"), ("", ""), ("'=x", "''=x"), ("'Tis", "'Tis"),
])
def test_guard(cell, want):
    assert guard(cell) == want and unguard(guard(cell)) == cell


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=30))
def test_guard_round_trips_and_never_leaves_a_formula(cell):
    out = guard(cell)
    assert unguard(out) == cell
    if out[:1] in ("=", "+", "-", "@", "\t", "\r"):
        assert re.fullmatch(r"[+-]?(\d+([.,]\d*)?|[.,]\d+)", out)  # only a number may start like a formula


def game_with(names) -> Game:
    g = Game.new(names)
    return g.add(taker=names[0], contract="garde", points=56, oudlers=2).add(taker=names[1], contract="petite",
                                                                               points=30, oudlers=1)


@pytest.mark.parametrize("name", HOSTILE_NAMES)
def test_club_export_neutralises_names_and_imports_them_back(name):
    g = game_with([name, "Bob", "Cleo", "Dan"])
    text = to_csv(g)
    for row in csv.reader(io.StringIO(text)):
        for cell in row:
            if cell[:1] in ("=", "+", "-", "@", "\t", "\r"):
                float(cell)  # a score like -52 is still a number
    assert "-" in text and any(c.lstrip("-").isdigit() and c.startswith("-") for r in csv.reader(io.StringIO(text))
                               for c in r)
    assert from_csv(text) == g


def test_a_hand_typed_sheet_with_a_guard_quote_reads_as_the_name():
    text = "taker,contract,points,oudlers,'=x,Bob,Cleo\n'=x,garde,56,1,,,\n"
    assert from_csv(text).players == ("=x", "Bob", "Cleo")


def test_class_csv_neutralises_learner_names(store):
    cs = ClassStore(store.engine, store.where)
    t0 = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)
    q = cs.create(title="Week 3", kinds=["count"], count=2, players=4, seed=5, now=t0)
    evil = "=HYPERLINK(\"http://evil/x\",\"x\")"
    _, p = cs.join(q.code, evil, now=t0)
    cs.answer(p.token, 0, "-52", now=t0)
    players, marks = cs.results(q.id)
    text = stats.to_csv(q, players, marks)
    rows = list(csv.reader(io.StringIO(text)))
    assert rows[1][0] == "'" + evil
    assert unguard(rows[1][0]) == evil
    assert rows[1][4] == "-52"  # a number stays a number


# ---------------------------------------------------------------- damaged sheets

SHEET = "taker,contract,points,oudlers,Ann,Bob,Cleo\nAnn,garde,56,1,,,\nBob,petite,40,1,,,\n"


@pytest.mark.parametrize("newline", ["\r", "\r\n", "\n"])
def test_line_ends(newline):
    assert from_csv(SHEET.replace("\n", newline)) == from_csv(SHEET)


def test_a_cell_over_the_limit_is_one_problem_with_its_line():
    for size in (MAX_CSV_CELL + 1, 140_000):
        text = SHEET.replace("Ann,garde,56,1,,,", "Ann,garde,56,1," + "x" * size + ",,")
        with pytest.raises(CsvError) as err:
            from_csv(text, "s.csv")
        assert err.value.lines() == [f"s.csv:2: a cell has more than the {MAX_CSV_CELL:,} characters allowed"]


def test_a_sheet_over_the_limit():
    with pytest.raises(CsvError, match="larger than"):
        from_csv(SHEET + "#" * MAX_SHEET_BYTES)


@settings(max_examples=150, deadline=None)
@given(st.text(alphabet="ab,;\"\r\n'=-#0123456789", max_size=200))
def test_from_csv_raises_only_csv_error(text):
    with contextlib.suppress(CsvError):  # anything else is a bug
        from_csv(SHEET.splitlines()[0] + "\n" + text)
