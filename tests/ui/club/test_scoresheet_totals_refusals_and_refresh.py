"""The score sheet's small fixes (issue 26), driven with AppTest: the Total row's per-deal cells are blank,
every refusal names its field in words (never a code name like ``petit_au_bout``), the address follows the
view on screen, and "Deal N saved." survives the refresh another device's deal causes."""

from __future__ import annotations

import re

import pandas as pd
import pytest
from apptest_helpers import app, refresh
from scoresheet_pages import SCORESHEET, deal, press, readme_game, start, totals

from tutor.club import FIELDS, EntryError, Game, from_csv, make_entry
from tutor.club.csvio import CsvError
from tutor.progress import Store
from tutor.progress.club_store import ClubStore
from tutor.ui.club import sheet_saving

CODE_NAME = re.compile(r"\b[a-z]+_[a-z_]+\b")  # petit_au_bout, garde_sans, announced_made …
FOUR = ["Ann", "Bob", "Cleo", "Dan"]
# README sheet: Ann's garde 318/-106 each, then Bob's petite 36/-108: totals (354, -214, -70, -70).
README_TOTALS = {"Ann": 354, "Bob": -214, "Cleo": -70, "Dan": -70}


@pytest.fixture
def clubs(_fresh_progress_db):
    s = Store.open(f"sqlite:///{_fresh_progress_db}")
    yield ClubStore(s)
    s.close()


def successes(at) -> list[str]:
    return [s.value for s in at.success]


# -- 1. the Total row ---------------------------------------------------------------------------------

def test_the_total_rows_per_deal_cells_are_blank_not_none(clubs):
    at = readme_game(start(FOUR))
    table = at.dataframe[0]
    foot = table.value.iloc[-1]
    assert foot["#"] == "Total" and totals(at) == README_TOTALS
    # A deal's score has no total: those cells hold nothing, and the table draws nothing there (not "None").
    assert all(pd.isna(foot[p]) for p in FOUR)
    assert table.proto.HasField("placeholder") and table.proto.placeholder == ""


# -- 2. refusals in words -----------------------------------------------------------------------------

# (fields typed in the form, the field the refusal must name, in words). 4 players: Ann, Bob, Cleo, Dan.
BAD_FORMS = [
    ({"points": "95"}, "Points"),
    ({"points": "forty"}, "Points"),
    ({"points": ""}, "Points"),
    ({"points": "10", "oudlers": 3}, "Points"),
    ({"petit": "attack", "oudlers": 0, "points": "60"}, "Petit au bout"),  # the Petit is an oudler
    ({"petit": "defence", "oudlers": 3, "points": "60"}, "Petit au bout"),
    ({"poignees": "quadruple"}, "Poignées"),
    ({"poignees": "9"}, "Poignées"),  # with 4 players a poignée shows 10, 13 or 15 trumps
    ({"poignees": "triple triple"}, "Poignées"),  # 30 trumps: the deck has 22
    ({"chelem": "made", "points": "50"}, "Chelem"),  # every trick leaves the defence at most the Excuse
    ({"chelem": "defence", "petit": "attack"}, "Chelem"),
    ({"chelem": "announced_made", "points": "60"}, "Chelem"),
]


def test_no_refusal_on_the_sheet_names_a_field_by_its_code_name(clubs):
    at = deal(start(FOUR), taker="Ann", contract="garde", points="56", oudlers=2)
    for fields, named in BAD_FORMS:
        entry = {"taker": "Bob", "contract": "garde_sans", "points": "50", "oudlers": 1, **fields}
        at = deal(at, **entry)
        refusal = " ".join(e.value for e in at.error)
        assert f"**{named}**" in refusal and "nothing changed" in refusal, (fields, refusal)
        assert not CODE_NAME.search(refusal), (fields, refusal)
    assert len(clubs.load(clubs.games()[0].id).game.deals) == 1  # every one refused


def test_five_players_without_a_partner_is_refused_in_words(clubs):
    at = deal(start(["Ann", "Bob", "Cleo", "Dan", "Eve"]), taker="Ann", contract="garde", points="49", oudlers=2)
    assert "**Partner**" in at.error[0].value and not CODE_NAME.search(at.error[0].value)


# Bad CSV cells, each refused on its line naming the field in words (4 players).
BAD_CELLS = [
    ({"contract": "gardee"}, "contract: unknown contract"),
    ({"chelem": "sorta"}, "chelem: one of announced made"),
    ({"petit_au_bout": "maybe"}, "petit au bout: 'attack'"),
    ({"petit_au_bout": "defence", "oudlers": "3", "points": "60"}, "petit au bout: the defence took the Petit"),
    ({"poignees": "quadruple"}, "poignées: a poignée is simple"),
    ({"alone": "perhaps"}, "alone: yes or no"),
    ({"alone": "yes"}, "alone: only a 5-player taker"),
    ({"oudlers": "4"}, "oudlers: there are only 3"),
    ({"chelem": "announced_made", "points": "50"}, "chelem: "),
]


def _csv(cells: dict) -> str:
    row = {"taker": "Ann", "partner": "", "contract": "garde", "points": "56", "oudlers": "2", "petit_au_bout": "",
           "poignees": "", "chelem": "", "alone": "", **cells}
    return ",".join(FIELDS) + ",Ann,Bob,Cleo,Dan\n" + ",".join(row[f] for f in FIELDS) + ",,,,\n"


@pytest.mark.parametrize("cells, says", BAD_CELLS)
def test_a_csv_refusal_names_the_field_in_words(cells, says):
    with pytest.raises(CsvError) as err:
        from_csv(_csv(cells), source="club.csv")
    (line,) = err.value.lines()
    assert line.startswith(f"club.csv:2: {says}"), line
    assert not CODE_NAME.search(line.removeprefix("club.csv:2: ")), line


def test_a_csv_import_on_the_page_names_fields_in_words(clubs):
    at = app(SCORESHEET, view="games")
    bad = _csv({"petit_au_bout": "maybe"}) + "Bob,,garde,56,2,,quadruple,,,,,,\n"
    at.file_uploader(key="club_csv_in").set_value(("bad.csv", bad.encode(), "text/csv"))
    at = press(at, "Import as a new game")
    refusal = at.error[0].value
    assert "petit au bout" in refusal and "poignées" in refusal and not CODE_NAME.search(refusal)
    assert clubs.games() == []


def test_an_entry_error_names_every_field_in_words():
    bad = {"taker": "Zed", "contract": "grande", "points": "x", "oudlers": "5", "petit_au_bout": "maybe",
           "poignees": "ten", "chelem": "sorta", "alone": "perhaps"}
    with pytest.raises(EntryError) as err:
        make_entry(FOUR, bad)
    assert [f for f, _ in err.value.problems] == ["taker", "contract", "points", "oudlers", "petit_au_bout",
                                                  "poignees", "chelem", "alone"]  # the codes, for programs
    text = str(err.value)
    assert "petit au bout: " in text and "poignées: " in text and not CODE_NAME.search(text), text
    # A stored game's bad deal is named with its number, in words too.
    with pytest.raises(EntryError) as stored:
        Game.from_rows(FOUR, [{"taker": "Ann", "contract": "garde", "points": 56, "oudlers": 2},
                              {"taker": "Ann", "contract": "garde", "points": 56, "oudlers": 2, "poignees": "ten"}])
    assert str(stored.value).startswith("deal 2: poignées: ")


# -- 4. the address follows the view --------------------------------------------------------------------

def test_opening_a_saved_game_puts_the_sheet_in_the_address(clubs):
    gid = clubs.save(Game.new(FOUR).add(taker="Ann", contract="garde", points=56, oudlers=2), "Friday")
    at = app(SCORESHEET, view="games")
    assert at.query_params.get("view") == "games"
    at.selectbox(key="club_saved").set_value(gid)
    at = press(at, "Open")
    assert at.subheader[0].value == "Friday"
    assert at.query_params.get("game") == str(gid) and "view" not in at.query_params
    at.segmented_control(key="club_view").set_value("games")  # back to the list: the address says so
    at.run()
    assert at.query_params.get("view") == "games" and at.query_params.get("game") == str(gid)


def test_starting_a_game_from_the_list_puts_the_sheet_in_the_address(clubs):
    at = app(SCORESHEET, view="games")
    for i, n in enumerate(["Ann", "Bob", "Cleo"]):
        at.text_input(key=f"club_new_p{i}").set_value(n)
    at = press(at, "Start the game")
    assert at.query_params.get("game") == str(clubs.games()[0].id) and "view" not in at.query_params


# -- 5. "Deal N saved." outlives another device's refresh ----------------------------------------------

def _two_devices(clubs):
    """Phone A has just saved deal 2 of the README sheet; laptop B has the same game open."""
    a = readme_game(start(FOUR))
    gid = clubs.games()[0].id
    b = app(SCORESHEET, game=str(gid))
    assert totals(b) == README_TOTALS
    return a, b


def test_the_confirmation_stays_when_another_devices_deal_refreshes_the_sheet(clubs):
    a, b = _two_devices(clubs)
    assert "Deal 2 saved." in successes(a)
    b = deal(b, taker="Cleo", contract="garde", points="60", oudlers=1)  # garde made by 9: +204, -68 each
    assert "Deal 3 saved." in successes(b)
    a = refresh(a)  # A's sheet looks for changes and redraws the whole page with B's deal
    assert not a.exception
    assert totals(a) == {"Ann": 286, "Bob": -282, "Cleo": 134, "Dan": -138}
    assert "Deal 2 saved." in successes(a)
    a.run()  # A's next action of their own ends it
    assert "Deal 2 saved." not in successes(a)


def test_the_confirmation_goes_after_some_seconds_even_with_refreshes(clubs, monkeypatch):
    a, b = _two_devices(clubs)
    later = sheet_saving._clock() + sheet_saving.FLASH_SECONDS + 1
    monkeypatch.setattr(sheet_saving, "_clock", lambda: later)
    deal(b, taker="Cleo", contract="garde", points="60", oudlers=1)
    a = refresh(a)
    assert totals(a)["Cleo"] == 134 and not successes(a)


def test_the_refresh_without_a_change_draws_nothing_new(clubs):
    a, _b = _two_devices(clubs)
    a = refresh(a)  # nobody changed the game: the fragment redraws only itself, and keeps the page as it was
    assert not a.exception and not a.get("dataframe")
