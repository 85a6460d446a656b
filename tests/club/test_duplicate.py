"""The duplicate ranking (``tutor.club.duplicate``), its CSV and ``tarot-tutor duplicate``: hand-worked
tournaments (the FFT's p.18 example, ties, a deal played once, uneven lines), properties, bad input."""

from __future__ import annotations

import json
import subprocess
import sys
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tutor.club.duplicate import DuplicateError, Player, Result, alternate_ranking, rank, topage
from tutor.club.duplicate_csv import from_csv, to_csv

HEADER = "deal,table,N,E,S,W,taker,score"
FFT = f"""{HEADER}
1,1,N1,E1,S1,W1,N,56
1,5,N5,E5,S5,W5,N,62
1,4,N4,E4,S4,W4,N,-56
1,3,N3,E3,S3,W3,N,-52
1,2,N2,E2,S2,W2,N,50
"""

# Three tables of fixed players; deal 1 (North takes) at every table, deal 2 (East) at every table, deal 3
# (South) at table 1 only. Worked by hand in the comments of test_hand_worked_tournament.
TABLES = {1: ("Ann", "Bob", "Cat", "Dan"), 2: ("Eve", "Fay", "Gus", "Hal"), 3: ("Ivy", "Jon", "Kim", "Lea")}
ROWS = [(1, 1, "N", 40), (1, 2, "N", -30), (1, 3, "N", 40), (2, 1, "E", -20), (2, 2, "E", 10), (2, 3, "E", 70),
        (3, 1, "S", 30)]


def results(rows=ROWS, tables=TABLES):
    return [Result(deal, table, tables[table], taker, score) for deal, table, taker, score in rows]


def test_the_ffts_example_comes_out_exactly():
    ranking = rank(from_csv(FFT))
    by_table = {n.result.table: n for n in ranking.notes[1]}
    # FFT p.18: tables 1, 5, 4, 3, 2 score 56, 62, -56, -52, 50 and get 75 %, 100 %, 0 %, 25 %, 50 %.
    assert {t: n.taker_note for t, n in by_table.items()} == {1: 75, 5: 100, 4: 0, 3: 25, 2: 50}
    assert {t: n.defence_note for t, n in by_table.items()} == {1: 25, 5: 0, 4: 100, 3: 75, 2: 50}
    assert ranking.player("E4").defence == 100 and ranking.player("N5").attack == 100


def test_eleven_results_step_by_ten():
    # FFT p.17: a deal played 11 times is noted 100, 90, ..., 0.
    assert sorted(topage(list(range(11))), reverse=True) == list(range(100, -1, -10))


def test_ties_share_the_notes_of_their_ranks():
    # Ranks from the worst: -10 -> 0, the two 30s -> 100/3 and 200/3 shared = 50, 60 -> 100.
    assert topage([30, -10, 30, 60]) == (50, 0, 50, 100)
    # Three equal at the top of five (step 25): ranks 2, 3, 4 -> (50 + 75 + 100) / 3 = 75.
    assert topage([5, 5, -1, 5, -8]) == (75, 75, 25, 75, 0)
    assert topage([12, 12]) == (50, 50)


def test_a_deal_played_once_gets_fifty_for_everyone():
    ranking = rank(results())
    (note,) = ranking.notes[3]
    assert note.taker_note == 50 and note.defence_note == 50
    cat = ranking.player("Cat")
    assert [(ln.deal, ln.took, ln.note) for ln in cat.route if ln.deal == 3] == [(3, True, 50)]


def test_hand_worked_tournament():
    r = rank(results())
    # Deal 1 (N): -30 -> 0, the two 40s share 50 and 100 -> 75. Deal 2 (E): -20, 10, 70 -> 0, 50, 100.
    assert [n.taker_note for n in r.notes[1]] == [75, 0, 75]
    assert [n.taker_note for n in r.notes[2]] == [0, 50, 100]
    expected = {  # name: (attack, defence, global)
        "Ann": (75, Fraction(100 + 50, 2), 75),          # 75/4 + 3/4 x 75
        "Bob": (0, Fraction(25 + 50, 2), Fraction(225, 8)),  # 0 + 3/4 x 37.5 = 28.125
        "Cat": (50, Fraction(25 + 100, 2), Fraction(475, 8)),  # 12.5 + 46.875 = 59.375
        "Dan": (None, Fraction(25 + 100 + 50, 3), Fraction(175, 3)),  # never took: global = defence
        "Eve": (0, 50, Fraction(75, 2)),
        "Fay": (50, 100, Fraction(175, 2)),
        "Gus": (None, 75, 75), "Hal": (None, 75, 75),
        "Ivy": (75, 0, Fraction(75, 4)),
        "Jon": (100, 25, Fraction(175, 4)),
        "Kim": (None, Fraction(25, 2), Fraction(25, 2)), "Lea": (None, Fraction(25, 2), Fraction(25, 2)),
    }
    assert {p.name: (p.attack, p.defence, p.global_) for p in r.players} == expected
    # Ties (Ann, Gus, Hal at 75; Kim, Lea at 12.5) are listed by name.
    assert r.general == ("Fay", "Ann", "Gus", "Hal", "Cat", "Dan", "Jon", "Eve", "Bob", "Ivy", "Kim", "Lea")
    # Firsts of line: N Ann 75, S Gus 75, E Fay 87.5, W Hal 75; seconds: Eve 37.5, Cat 59.4, Jon 43.75, Dan 58.3;
    # thirds: Ivy 18.75, Kim 12.5, Bob 28.1, Lea 12.5.
    assert r.alternate == ("Fay", "Ann", "Gus", "Hal", "Cat", "Dan", "Jon", "Eve", "Bob", "Ivy", "Kim", "Lea")
    bob = r.player("Bob")
    assert [(ln.deal, ln.marque, ln.score, ln.note) for ln in bob.route] == [(1, 40, -40, 25), (2, -20, -60, 0),
                                                                          (3, 30, -30, 50)]


def P(name, seat, g):
    return Player(name, seat, (), None, Fraction(g), Fraction(g))


def test_alternate_with_uneven_lines():
    # N has three players, S one, E two, W none: general a b c d e f; alterné by ranks of line.
    players = [P("a", "N", 90), P("b", "N", 80), P("c", "N", 70), P("d", "S", 60), P("e", "E", 50), P("f", "E", 40)]
    assert alternate_ranking(players) == ("a", "d", "e", "b", "f", "c")


def test_a_player_who_changed_orientation_ranks_in_the_line_most_played():
    tables = {1: ("Ann", "Bob", "Cat", "Dan"), 2: ("Eve", "Fay", "Gus", "Hal"), 3: ("Hal", "Jon", "Kim", "Lea")}
    rows = [(1, 1, "N", 10), (1, 2, "N", 20), (2, 1, "N", 5), (2, 2, "N", 0), (3, 1, "N", 1), (3, 3, "N", 2)]
    r = rank(results(rows, tables))
    assert r.player("Hal").seat == "W"  # West twice, North once
    # Lines: N Ann, Eve; W Dan, Hal, Lea... the alterné never lists a player twice and lists everyone.
    assert sorted(r.alternate) == sorted(r.general) and len(set(r.alternate)) == len(r.alternate)


def test_a_player_who_never_defended_ranks_by_attack():
    tables = {1: ("Ann", "Bob", "Cat", "Dan"), 2: ("Eve", "Fay", "Gus", "Hal")}
    r = rank(results([(1, 1, "N", 30), (1, 2, "N", -30)], tables))
    assert r.player("Ann").defence is None and r.player("Ann").global_ == 100
    assert r.player("Eve").global_ == 0 and r.player("Fay").global_ == 100


@pytest.mark.parametrize("rows, words", [
    ([(1, 1, "N", 1), (1, 1, "N", 2)], "deal 1 is played twice at table 1"),
    ([(1, 1, "N", 1), (2, 1, "E", 2), (2, 1, "N", 3)], "played twice at table 1"),
    ([(1, 1, "N", 1), (1, 2, "E", 2)], "the taker is North at table 1 but East at table 2"),
])
def test_inconsistent_results_are_refused(rows, words):
    tables = {1: ("Ann", "Bob", "Cat", "Dan"), 2: ("Eve", "Fay", "Gus", "Hal")}
    with pytest.raises(DuplicateError, match=words):
        rank(results(rows, tables))


def test_a_player_on_one_deal_twice_is_refused():
    tables = {1: ("Ann", "Bob", "Cat", "Dan"), 2: ("Ann", "Fay", "Gus", "Hal")}
    with pytest.raises(DuplicateError, match="Ann plays deal 1 twice"):
        rank(results([(1, 1, "N", 1), (1, 2, "N", 2)], tables))


@st.composite
def tournaments(draw):
    n_tables = draw(st.integers(1, 5))
    deals = draw(st.integers(1, 4))
    rows = []
    for deal in range(1, deals + 1):
        taker = draw(st.sampled_from("NESW"))
        for table in draw(st.lists(st.integers(1, n_tables), min_size=1, unique=True)):
            rows.append(Result(deal, table, tuple(f"{o}{table}" for o in "NESW"), taker,
                               draw(st.integers(-300, 300))))
    return rows


@settings(max_examples=200, deadline=None)
@given(tournaments(), st.randoms(use_true_random=False))
def test_topage_properties(rows, rnd):
    r = rank(rows)
    for notes in r.notes.values():
        for n in notes:
            assert 0 <= n.taker_note <= 100 and n.taker_note + n.defence_note == 100
        # a better marque never gets a worse note, an equal one the same note
        for a in notes:
            for b in notes:
                if a.result.score > b.result.score:
                    assert a.taker_note > b.taker_note
                elif a.result.score == b.result.score:
                    assert a.taker_note == b.taker_note
        if len(notes) > 1:  # the notes of a deal average 50 (the ranks are symmetric)
            assert sum(n.taker_note for n in notes) == 50 * len(notes)
    shuffled = list(rows)
    rnd.shuffle(shuffled)
    assert rank(shuffled) == r
    for p in r.players:
        assert 0 <= p.global_ <= 100


def test_csv_round_trip_with_notes():
    rows = from_csv(FFT)
    text = to_csv(rows, rank(rows))
    assert text.splitlines()[0] == HEADER + ",taker_pct,defence_pct"
    assert "1,5,N5,E5,S5,W5,N,62,100.0,0.0" in text
    assert from_csv(text) == tuple(sorted(rows, key=lambda r: r.table))


def test_csv_reads_french_words_and_semicolons():
    text = "Donne;Table;Nord;Est;Sud;Ouest;Preneur;Marque\n1;1;A;B;C;D;Ouest;+56\n"
    (r,) = from_csv(text)
    assert (r.taker, r.taker_name, r.score) == ("W", "D", 56)


# ----------------------------------------------------------------- the command line, as a user runs it

def run(tmp_path, text, *args):
    path = tmp_path / "results.csv"
    path.write_text(text, encoding="utf-8")
    return subprocess.run([sys.executable, "-m", "tutor", "duplicate", str(path), *args],
                          capture_output=True, text=True, timeout=120)


def test_cli_json_is_the_issue_format(tmp_path):
    p = run(tmp_path, FFT, "--json")
    assert p.returncode == 0, p.stderr
    data = json.loads(p.stdout)
    assert set(data) == {"deals", "players", "general", "alternate", "alternate_places"}  # places: issue 37
    assert {d["table"]: (d["score"], d["taker_pct"]) for d in data["deals"]["1"]} == {
        1: (56, 75.0), 5: (62, 100.0), 4: (-56, 0.0), 3: (-52, 25.0), 2: (50, 50.0)}
    n1 = next(p for p in data["players"] if p["name"] == "N1")
    assert n1 == {"name": "N1", "seat": "N", "attack_pct": 75.0, "defence_pct": None, "global_pct": 75.0, "place": 5}
    assert data["general"][:4] == ["E4", "N5", "S4", "W4"] and len(data["alternate"]) == 20
    # 100 % for those four, 75 % for N1 and the defenders of table 3: they share places 1 and 5 (issue 37).
    assert [p["place"] for p in data["players"]][:8] == [1, 1, 1, 1, 5, 5, 5, 5]


def test_cli_text_table(tmp_path):
    p = run(tmp_path, FFT)
    assert p.returncode == 0, p.stderr
    # Four players on 100 % share first place in the classement alterné.
    assert "Classement général" in p.stdout and "Classement alterné: 1 ex aequo E4, 1 ex aequo N5" in p.stdout
    assert "N5 (North)     +62   100.00       0.00" in p.stdout


@pytest.mark.parametrize("text, words", [
    (f"{HEADER}\n1,1,Ann,Bob,Ann,Dan,N,56\n", ":2: Ann sits in two seats at table 1"),
    (f"{HEADER}\n1,1,A,B,C,D,N,56\n1,1,E,F,G,H,N,20\n", ":3: deal 1 is played twice at table 1"),
    (f"{HEADER}\n1,1,A,B,C,D,N,fifty\n", ":2: the score 'fifty' is not a whole number"),
    (f"{HEADER}\n1,1,A,B,C,D,X,56\n", ":2: the taker 'X' is not an orientation"),
    ("deal,table,N,E,S,taker,score\n1,1,A,B,C,N,56\n", ":1: the header has no W column"),
    (f"{HEADER}\n1,1,A,B,C,D,N,99999999\n", ":2: the score 99999999 is beyond"),
    (f"{HEADER}\n0,1,A,B,C,D,N,5\n", ":2: the deal '0' is not a number"),
    (f"{HEADER}\n1,1,A,,C,D,N,5\n", ":2: the E player's name is empty"),
    ("", ":1: no results"),
])
def test_cli_bad_input_is_one_line_and_status_2(tmp_path, text, words):
    p = run(tmp_path, text)
    assert p.returncode == 2
    assert p.stdout == ""
    lines = p.stderr.strip().splitlines()
    assert len(lines) == 1 and words in lines[0] and lines[0].startswith(str(tmp_path / "results.csv"))
    assert "Traceback" not in p.stderr


def test_lesson_sixteens_topage_check_is_the_rankings_answer():
    """The course's duplicate check (lesson 16) says what the ranking computes: parse its marques from the
    question and compare its answer with 100 − the taker's note at the +30 tables."""
    import re
    from pathlib import Path

    from tutor.content import load_course

    lesson = load_course(Path(__file__).resolve().parents[2] / "lessons").lesson("at-the-club")
    check = next(s for s in lesson.steps if "duplicate deal" in getattr(s, "question", ""))
    marques = [int(m.replace("−", "-")) for m in re.findall(r"[+−]\d+", check.question.split("?")[0])]
    asked = int(re.search(r"taker wrote \+(\d+)", check.question).group(1))
    marques.remove(asked)  # the last number is the one asked about, not a sixth table
    notes = topage(marques)
    defender = 100 - notes[marques.index(asked)]
    assert float(defender) == float(check.answer) == 62.5
