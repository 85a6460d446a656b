"""Issue 37: ties share a place in both classements ("1 ex aequo"), in the pure layer, so the page and
``tarot-tutor duplicate`` show them alike. Two tournaments worked by hand."""

from __future__ import annotations

import json
import subprocess
import sys

from tutor.club.duplicate import Result, place_label, rank, shared_places
from tutor.club.duplicate_csv import to_csv
from tutor.i18n import using

# One étui (North takes) at two tables: 50 tops (North 100 %, its defenders 0 %), -20 is bottom (North 0 %,
# its defenders 100 %). Nobody both took and defended, so each global % is the one part measured:
# a, f, g, h on 100 %; b, c, d, e on 0 %.
TWO = [Result(1, 1, ("a", "b", "c", "d"), "N", 50), Result(1, 2, ("e", "f", "g", "h"), "N", -20)]
# Three tables, marques 40, 40, -20: the two 40s share 100 and 50 (75 % each), -20 gets 0 %. Takers a, e on
# 75 %, i on 0 %; the defenders of tables 1 and 2 on 25 %, those of table 3 (j, k, l) on 100 %.
THREE = [Result(1, 1, ("a", "b", "c", "d"), "N", 40), Result(1, 2, ("e", "f", "g", "h"), "N", 40),
         Result(1, 3, ("i", "j", "k", "l"), "N", -20)]


def test_four_players_on_100_percent_share_first_place():
    r = rank(TWO)
    assert r.general == ("a", "f", "g", "h", "b", "c", "d", "e")  # inside a tie, by name
    assert r.general_places == (1, 1, 1, 1, 5, 5, 5, 5)
    assert [r.general_place(n) for n in ("a", "h", "b")] == ["1 ex aequo", "1 ex aequo", "5 ex aequo"]
    # Alterné: the firsts of the lines N, S, E, W are a, g, f, h (all 100 %), the seconds e, c, b, d (0 %).
    assert r.alternate == ("a", "f", "g", "h", "b", "c", "d", "e")
    assert r.alternate_places == (1, 1, 1, 1, 5, 5, 5, 5)


def test_a_partial_tie_skips_the_places_it_takes():
    r = rank(THREE)
    # j, k, l 100 %; a, e 75 %; b, c, d, f, g, h 25 %; i 0 %.
    assert r.general == ("j", "k", "l", "a", "e", "b", "c", "d", "f", "g", "h", "i")
    assert r.general_places == (1, 1, 1, 4, 4, 6, 6, 6, 6, 6, 6, 12)
    assert r.general_place("i") == "12" and r.general_place("e") == "4 ex aequo"
    # Lines: N a, e, i; E j, b, f; S k, c, g; W l, d, h. Firsts: j, k, l (100) then a (75): 1, 1, 1, 4.
    # Seconds: e (75) then b, c, d (25): 5, 6, 6, 6. Thirds: f, g, h (25) then i (0): 9, 9, 9, 12.
    assert r.alternate == ("j", "k", "l", "a", "e", "b", "c", "d", "f", "g", "h", "i")
    assert r.alternate_places == (1, 1, 1, 4, 5, 6, 6, 6, 9, 9, 9, 12)
    assert r.alternate_place("a") == "4" and r.alternate_place("f") == "9 ex aequo"


def test_places_without_ties_are_one_to_n():
    assert shared_places([90, 80, 70]) == (1, 2, 3) and shared_places([]) == ()
    assert place_label(3, False) == "3"
    with using("fr"):
        assert place_label(1, True) == "1 ex aequo"


def test_the_command_line_shows_the_shared_places(tmp_path):
    path = tmp_path / "results.csv"
    path.write_text(to_csv(TWO), encoding="utf-8")
    run = subprocess.run([sys.executable, "-m", "tutor", "--lang", "en", "duplicate", str(path)],
                         capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr
    general = [line.split()[:4] for line in run.stdout.splitlines() if "ex aequo" in line and "alterné" not in line]
    assert general[:2] == [["1", "ex", "aequo", "a"], ["1", "ex", "aequo", "f"]] and len(general) == 8, run.stdout
    assert "Classement alterné: 1 ex aequo a, 1 ex aequo f, 1 ex aequo g, 1 ex aequo h, 5 ex aequo b" in run.stdout
    as_json = json.loads(subprocess.run([sys.executable, "-m", "tutor", "duplicate", str(path), "--json"],
                                        capture_output=True, text=True, timeout=120, check=True).stdout)
    assert [p["place"] for p in as_json["players"]] == [1, 1, 1, 1, 5, 5, 5, 5]
    assert as_json["alternate_places"] == [1, 1, 1, 1, 5, 5, 5, 5]
