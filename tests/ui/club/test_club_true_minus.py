"""Issue 38, one minus sign: every negative score the score sheet and the duplicate pages draw uses the true minus
sign U+2212 ("−214", as the lessons and the drills write it), while the cells stay numbers, the CSV exports keep
the hyphen-minus ("-214", for spreadsheets) and a marque's input keeps its number."""

from __future__ import annotations

import re

import pytest
from apptest_helpers import app, drawn
from duplicate_pages import enter_marques
from scoresheet_pages import SCORESHEET, readme_game, start, totals

from tutor.club.duplicate_setup import make_setup
from tutor.progress import Store
from tutor.progress.club_store import ClubStore
from tutor.progress.duplicate_store import DuplicateStore
from tutor.ui.club import scoresheet as sc
from tutor.ui.club.duplicate import SETUP, marque_key

MINUS = "\u2212"
HYPHEN_SIGN = re.compile(r"(?<![\w\-])-\d")  # "-27" as a sign; "2026-12-02" or "garde-sans" are not


@pytest.fixture
def clubs(_fresh_progress_db):
    s = Store.open(f"sqlite:///{_fresh_progress_db}")
    yield ClubStore(s)
    s.close()


@pytest.fixture
def duplicates(_fresh_progress_db):
    s = Store.open(f"sqlite:///{_fresh_progress_db}")
    yield DuplicateStore(s)
    s.close()


def test_the_score_sheet_draws_its_negative_scores_with_the_true_minus(clubs, monkeypatch):
    offered = []
    real = sc.to_csv
    monkeypatch.setattr(sc, "to_csv", lambda g, *a, **k: offered.append(real(g, *a, **k)) or offered[-1])
    at = readme_game(start(["Ann", "Bob", "Cleo", "Dan"]))
    # The README's sheet, by hand: deal 1 Ann +318, the others -106 each; deal 2 Bob -108, the others +36 each.
    assert totals(at) == {"Ann": 354, "Bob": -214, "Cleo": -70, "Dan": -70}  # still numbers underneath
    shown = drawn(at.dataframe[0])
    assert list(shown["Bob"]) == ["−106", "−108", ""]  # the Total row has no per-deal cell
    assert list(shown["Bob Σ"]) == ["−106", "−214", "−214"]
    assert list(shown["Ann"]) == ["318", "36", ""] and list(shown["Ann Σ"]) == ["318", "354", "354"]
    assert list(shown["Cleo Σ"]) == ["−106", "−70", "−70"]
    # The standings and the last deal's breakdown: no hyphen-minus sign left in what the page writes.
    board = next(m.value for m in at.markdown if "Standings after 2 deals" in m.value)
    assert "| 4 | Bob | −214 |" in board
    breakdown = next(m.value for m in at.markdown if m.value.startswith("- ") and "Contract" in m.value)
    assert MINUS in breakdown, breakdown  # a petite failed by 1: "lost: −27"-like lines
    for m in at.markdown:
        assert not HYPHEN_SIGN.search(m.value), m.value
    # The chart's tooltip writes a total with d3's "d" format, whose minus is U+2212.
    tooltip = sc.chart_spec(at.session_state["club_game"].sheet())["layer"][0]["encoding"]["tooltip"]
    assert next(t for t in tooltip if t["field"] == "total")["format"] == "d"
    # The CSV downloads keep the hyphen-minus, for spreadsheets and for reading back.
    assert len(offered) >= 2 and all("-108" in c for c in offered[-2:])  # the English CSV and the French one
    assert not any(MINUS in c for c in offered)


def test_the_duplicate_ranking_draws_negative_marques_and_scores_with_the_true_minus():
    at = app("tutor/ui/pages/duplicate.py")
    at.number_input(key="dup_tables").set_value(2)
    at.number_input(key="dup_rounds").set_value(2)
    at.number_input(key="dup_per_round").set_value(1)
    at.number_input(key="dup_seed").set_value(3)
    for o, names in {"N": "Ann, Bea", "E": "Cy, Dom", "S": "Eli, Flo", "W": "Gil, Hob"}.items():
        at.text_input(key=f"dup_names_{o}").set_value(names)
    next(b for b in at.button if b.label == "Prepare the étuis and the movement").click().run()
    setup = at.session_state[SETUP]
    enter_marques(at, setup, {1: [56, -20], 2: [10, 30]})
    assert not at.exception
    t2 = sorted(t for e, t, _ in setup.plays() if e == 1)[1]
    at.selectbox(key="dup_etui").set_value(1)
    at.run()
    assert at.number_input(key=marque_key(1, t2)).value == -20  # the input keeps its number
    topage, shown = at.dataframe[0].value, drawn(at.dataframe[0])
    assert -20 in list(topage["Marque"]) and "−20" in list(shown["Marque"])
    assert list(shown["Marque"]) == [str(v).replace("-", MINUS) for v in topage["Marque"]]
    # Each player's feuille de route: the marque and the own score, negative ones with the true minus.
    negatives = 0
    for name in list(at.dataframe[1].value["Player"]):
        at.selectbox(key="dup_route_player").set_value(name)
        at.run()
        route, shown = at.dataframe[3].value, drawn(at.dataframe[3])
        for column in ("Marque", "Own score"):
            assert list(shown[column]) == [str(v).replace("-", MINUS) for v in route[column]], (name, column)
            negatives += sum(v < 0 for v in route[column])
    assert negatives > 0  # the -20 marque is somebody's, so some route shows a negative


def test_a_saved_negative_marque_is_said_with_the_true_minus(duplicates):
    setup = make_setup(2, 2, per_round=1, seed=3, lines=(("Ann", "Bea"), ("Cy", "Dom"), ("Eli", "Flo"),
                                                         ("Gil", "Hob")))
    tid = duplicates.create(setup, "Friday")
    t1 = sorted(t for e, t, _ in setup.plays() if e == 1)[0]
    at = app("tutor/ui/pages/duplicate.py", t=str(tid))
    at.number_input(key=marque_key(1, t1)).set_value(-20)
    at.run()
    assert not at.exception
    assert f"Étui 1, table {t1}: −20 saved." in " ".join(s.value for s in at.success)
    assert duplicates.load(tid).marques == {(1, t1): -20}
    assert at.number_input(key=marque_key(1, t1)).value == -20


def test_the_score_sheets_page_opens_a_saved_game_with_the_true_minus(clubs):
    at = readme_game(start(["Ann", "Bob", "Cleo", "Dan"]))
    gid = clubs.games()[0].id
    again = app(SCORESHEET, game=str(gid))  # another device opens the saved game
    assert list(drawn(again.dataframe[0])["Bob Σ"]) == list(drawn(at.dataframe[0])["Bob Σ"]) == [
        "−106", "−214", "−214"]
