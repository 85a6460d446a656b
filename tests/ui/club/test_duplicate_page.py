"""The Duplicate page, driven with AppTest: set up, PDFs offered, marques entered étui by étui, the ranking shown."""

from __future__ import annotations

from apptest_helpers import app
from duplicate_pages import enter_marques

from tutor.club.duplicate import Result, pct, rank
from tutor.ui.club.duplicate import SETUP

PAGE = "tutor/ui/pages/duplicate.py"
LINES = {"N": "Ann, Bea", "E": "Cy, Dom", "S": "Eli, Flo", "W": "Gil, Hob"}


def press(at, label):
    next(b for b in at.button if b.label == label).click()
    at.run()
    assert not at.exception, at.exception
    return at


def set_up(tables=2, rounds=2, per_round=1, lines=LINES):
    at = app(PAGE)
    at.number_input(key="dup_tables").set_value(tables)
    at.number_input(key="dup_rounds").set_value(rounds)
    at.number_input(key="dup_per_round").set_value(per_round)
    at.number_input(key="dup_seed").set_value(3)
    for o, names in lines.items():
        at.text_input(key=f"dup_names_{o}").set_value(names)
    return press(at, "Prepare the étuis and the movement")


def test_a_two_table_tournament_from_set_up_to_ranking():
    at = set_up()
    assert any("2 tables, 2 rounds, 2 étuis" in s.value for s in at.success)
    setup = at.session_state[SETUP]
    assert {n for line in setup.lines for n in line} == {"Ann", "Bea", "Cy", "Dom", "Eli", "Flo", "Gil", "Hob"}
    press(at, "Make the PDFs")
    labels = {d.proto.label for d in at.get("download_button")}
    assert {"Diagrams (PDF)", "Fiches ambulantes (PDF)", "Movement cards (PDF)"} <= labels

    # Étui 1 at both tables: 56 and -20; étui 2 at both tables: 10 and 30.
    marques = {1: [56, -20], 2: [10, 30]}
    enter_marques(at, setup, marques)
    assert not at.exception
    topage = at.dataframe[0].value
    by_row = {(r["Étui"], r["Table"]): r["Taker %"] for _, r in topage.iterrows()}
    t1, t2 = sorted(t for e, t, _ in setup.plays() if e == 1)
    u1, u2 = sorted(t for e, t, _ in setup.plays() if e == 2)
    assert by_row == {(1, t1): 100.0, (1, t2): 0.0, (2, u1): 0.0, (2, u2): 100.0}  # the better marque tops

    expected = rank([Result(e, t, p, setup.etui(e).taker, marques[e][sorted(
        x for f, x, _ in setup.plays() if f == e).index(t)]) for e, t, p in setup.plays()])
    general = at.dataframe[1].value
    assert list(general["Player"]) == list(expected.general)
    assert list(general["Global %"]) == [pct(p.global_) for p in expected.players]
    assert list(at.dataframe[2].value["Player"]) == list(expected.alternate)
    labels = {d.proto.label for d in at.get("download_button")}
    assert "Results (CSV)" in labels

    at.selectbox(key="dup_route_player").set_value("Ann")
    at.run()
    route = at.dataframe[3].value
    assert len(route) == 2 and set(route["Étui"]) == {1, 2}


def test_wrong_number_of_names_is_one_clear_message():
    at = set_up(lines={"N": "Ann, Bea, Cy"})
    assert any("3 names for 2 tables" in e.value for e in at.error)
    assert SETUP not in at.session_state


def test_more_rounds_than_tables_is_refused():
    at = set_up(tables=2, rounds=3)
    assert any("2 to 2 rounds" in e.value for e in at.error)
