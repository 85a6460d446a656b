"""The Score sheet at a real table, driven with AppTest: the open game in the address, two devices on
one game (appends kept, a stale edit or delete refused with the fresh sheet shown, the sheet following
changes made elsewhere), the standings and who deals next, the picker on the last deal, the chart."""

from __future__ import annotations

import pytest
from apptest_helpers import app
from scoresheet_pages import SCORESHEET, deal, press, readme_game, start, totals

from tutor.club import Game
from tutor.progress import Store
from tutor.progress.club_store import ClubStore
from tutor.ui.club import scoresheet as sc

# Hand-worked deals for 4 players (each defender pays the same):
# garde 60 with 1 oudler: target 51, made by 9, (25 + 9) x 2 = 68 from each defender, taker +204.
CLEO = {"taker": "Cleo", "contract": "garde", "points": 60, "oudlers": 1}
# petite 40 with 1 oudler: target 51, failed by 11, 25 + 11 = 36 to each defender, taker -108.
PETITE = {"taker": "Bob", "contract": "petite", "points": 40, "oudlers": 1}
# README sheet: Ann's garde 318/-106 each, then Bob's petite 36/-108: totals (354, -214, -70, -70).
README_TOTALS = {"Ann": 354, "Bob": -214, "Cleo": -70, "Dan": -70}


@pytest.fixture
def clubs(_fresh_progress_db):
    """The saved games, as another device (the laptop) sees them: its own store on the app's database."""
    s = Store.open(f"sqlite:///{_fresh_progress_db}")
    yield ClubStore(s)
    s.close()


def errors(at) -> str:
    return " ".join(e.value for e in at.error)


def test_the_open_game_is_in_the_address_and_a_second_device_opens_it(clubs):
    at = readme_game(start(["Ann", "Bob", "Cleo", "Dan"]))
    gid = clubs.games()[0].id
    assert at.query_params["game"] == str(gid)
    second = app(SCORESHEET, game=str(gid))  # a reload, or the laptop opening the same address
    assert not second.exception and second.subheader[0].value == "Friday"
    assert totals(second) == README_TOTALS


@pytest.mark.parametrize("bad", ["abc", "-1", "0", "1.5", "99999999999999999999", "<b>7</b>", "²", "1e3"])
def test_a_malformed_game_in_the_address_says_so(clubs, bad):
    at = app(SCORESHEET, game=bad)
    assert not at.exception
    assert "is not a game number" in errors(at)
    assert "game" not in at.query_params  # dropped, so the next click does not say it again
    assert at.session_state["club_view"] == "games" and not at.get("dataframe")


def test_an_unknown_game_in_the_address_says_so(clubs):
    start(["Ann", "Bob", "Cleo"])
    at = app(SCORESHEET, game="999")
    assert not at.exception
    assert "no saved game number 999" in errors(at) and "deleted" in errors(at)
    assert not at.get("dataframe") and "game" not in at.query_params


def test_a_deal_added_on_another_device_is_kept_when_this_one_adds(clubs):
    at = readme_game(start(["Ann", "Bob", "Cleo", "Dan"]))
    gid = clubs.games()[0].id
    clubs.append(gid, CLEO)  # the laptop adds deal 3 while the phone's sheet still shows 2 deals
    at = deal(at, taker="Bob", contract="petite", points="40", oudlers=1)  # the phone's "deal 3"
    saved = clubs.load(gid).game
    assert [d.taker for d in saved.deals] == ["Ann", "Bob", "Cleo", "Bob"]
    assert any("Deal 4 saved. Deal 3 came from another device." in s.value for s in at.success)
    # 354 - 68 + 36 = 322; -214 - 68 - 108 = -390; -70 + 204 + 36 = 170; -70 - 68 + 36 = -102
    assert totals(at) == {"Ann": 322, "Bob": -390, "Cleo": 170, "Dan": -102}


def test_a_delete_on_a_stale_copy_is_refused_and_the_fresh_sheet_shown(clubs):
    at = readme_game(start(["Ann", "Bob", "Cleo", "Dan"]))
    gid = clubs.games()[0].id
    clubs.delete_deal(gid, 1, version=clubs.load(gid).version)  # another device deletes deal 1
    clubs.append(gid, CLEO)
    at.selectbox(key="club_pick").set_value(1)
    at = press(at, "Delete")  # this device still shows Ann's deal as deal 1
    assert "changed on another device" in errors(at) and "not saved" in errors(at)
    assert [d.taker for d in clubs.load(gid).game.deals] == ["Bob", "Cleo"]  # nothing more deleted
    # The fresh sheet: Bob's petite, then Cleo's garde: Ann 36 - 68, Bob -108 - 68, Cleo 36 + 204, Dan 36 - 68.
    assert totals(at) == {"Ann": -32, "Bob": -176, "Cleo": 240, "Dan": -32}
    assert at.selectbox(key="club_pick").value == 2  # back on the last deal


def test_an_edit_on_a_stale_copy_is_refused(clubs):
    at = readme_game(start(["Ann", "Bob", "Cleo", "Dan"]))
    gid = clubs.games()[0].id
    at.selectbox(key="club_pick").set_value(1)
    at = press(at, "Edit")
    clubs.replace_deal(gid, 1, PETITE, version=clubs.load(gid).version)  # the laptop changes deal 1 meanwhile
    at.text_input(key="club_points").set_value("41")
    at = press(at, "Save deal 1")
    assert "changed on another device" in errors(at)
    stored = clubs.load(gid).game
    assert stored.deals[0].taker == "Bob" and stored.deals[0].points == 40  # the laptop's edit stands
    assert totals(at) == {"Ann": 72, "Bob": -216, "Cleo": 72, "Dan": 72}  # two failed petites: 36 + 36
    assert at.session_state[sc.EDITING] is None and any(b.label == "Add deal" for b in at.button)


def test_the_sheet_follows_a_deal_entered_elsewhere_without_a_click(clubs):
    at = readme_game(start(["Ann", "Bob", "Cleo", "Dan"]))
    clubs.append(clubs.games()[0].id, CLEO)
    at.run()  # what the refresh does every few seconds (the fragment runs with the page here)
    assert not at.exception
    assert totals(at) == {"Ann": 286, "Bob": -282, "Cleo": 134, "Dan": -138}  # 354 - 68, -214 - 68, -70 + 204 …
    # (A half-filled entry surviving the refresh is checked in the browser: AppTest drops unsent form values.)
    assert at.selectbox(key="club_pick").value == 3  # it was on the last deal: it follows it


def test_the_picker_starts_on_the_last_deal_and_delete_removes_that_one(clubs):
    at = readme_game(start(["Ann", "Bob", "Cleo", "Dan"]))
    assert at.selectbox(key="club_pick").value == 2
    at = deal(at, **{k: str(v) if k == "points" else v for k, v in CLEO.items()})
    assert at.selectbox(key="club_pick").value == 3
    at = press(at, "Delete")
    assert [d.taker for d in clubs.load(clubs.games()[0].id).game.deals] == ["Ann", "Bob"]
    assert totals(at) == README_TOTALS and at.selectbox(key="club_pick").value == 2
    reopened = app(SCORESHEET, game=str(clubs.games()[0].id))
    assert reopened.selectbox(key="club_pick").value == 2


def test_standings_and_who_deals_next(clubs):
    at = start(["Ann", "Bob", "Cleo", "Dan"])
    assert any("Deals next (deal 1): **Ann**" in m.value for m in at.markdown)  # Player 1 deals first by default
    at = readme_game(at)
    board = next(m.value for m in at.markdown if "Standings after 2 deals" in m.value)
    rows = [line for line in board.splitlines() if line.startswith("| ") and "Place" not in line]
    # Ann 354 first, Cleo and Dan level on -70 share 2nd (seat order), Bob -214 is 4th.
    assert rows == ["| 1 | Ann | +354 |", "| 2 | Cleo | −70 |", "| 2 | Dan | −70 |", "| 4 | Bob | −214 |"]  # U+2212
    assert board.index("Standings") < board.index("| 1 |")
    assert any("Deals next (deal 3): **Cleo**" in m.value for m in at.markdown)  # Ann dealt 1, Bob 2
    assert at.selectbox(key="club_next_dealer").value == 2  # the box starts on Cleo (seat 3, index 2)
    at.selectbox(key="club_next_dealer").set_value(3)  # everyone passed on Cleo's deal: Dan deals
    at = press(at, "Set the dealer")
    assert any("Deals next (deal 3): **Dan**" in m.value for m in at.markdown)
    assert at.selectbox(key="club_next_dealer").value == 3
    assert clubs.load(clubs.games()[0].id).first_dealer == 1  # Bob would have dealt deal 1 for Dan to deal 3


def test_the_first_dealer_is_chosen_with_the_players(clubs):
    at = sc_start_with_dealer(["Ann", "Bob", "Cleo"], 2)
    assert any("Deals next (deal 1): **Cleo**" in m.value for m in at.markdown)
    at = sc_start_with_dealer(["Ann", "Bob", "Cleo"], 4)
    assert "**Who deals first**" in errors(at)


def sc_start_with_dealer(names, seat):
    at = app(SCORESHEET, view="games")
    for i, n in enumerate(names):
        at.text_input(key=f"club_new_p{i}").set_value(n)
    at.selectbox(key="club_new_dealer").set_value(seat)
    return press(at, "Start the game")


def test_the_whole_sheet_is_shown_with_a_totals_row(clubs, monkeypatch):
    heights = []
    real = sc.st.dataframe
    monkeypatch.setattr(sc.st, "dataframe", lambda *a, **k: heights.append(k.get("height")) or real(*a, **k))
    g = Game.new(["Ann", "Bob", "Cleo"])
    for _ in range(14):  # more than the 10 rows a default table shows
        g = g.add(taker="Ann", contract="garde", points=56, oudlers=2)  # +160 each time
    gid = clubs.save(g, "Long night")
    at = app(SCORESHEET, game=str(gid))
    assert heights == ["content"]  # as tall as the sheet: not 10 rows in a scrolling box
    df = at.dataframe[0].value
    assert len(df) == 15 and list(df["#"])[-1] == "Total"
    assert totals(at) == {"Ann": 14 * 160, "Bob": -14 * 80, "Cleo": -14 * 80}


def test_the_chart_has_a_distinct_safe_colour_and_a_label_per_player():
    g = Game.new(["Ann", "Bob", "Cleo", "Dan", "Eve"])
    g = g.add(taker="Ann", partner="Bob", contract="garde", points=49, oudlers=2)
    spec = sc.chart_spec(g.sheet())
    lines, labels = spec["layer"]
    scale = lines["encoding"]["color"]["scale"]
    assert scale["domain"] == ["Ann", "Bob", "Cleo", "Dan", "Eve"]
    assert len(set(scale["range"])) == 5 and set(scale["range"]) <= set(sc.PALETTE)
    # Garde made by 8 with 5 players: 66 per defender x 3 = 198, split 132 / 66; Cleo, Dan, Eve level on -66.
    assert sorted((v["label"], v["total"]) for v in labels["data"]["values"]) == [
        ("Ann", 132), ("Bob", 66), ("Cleo, Dan, Eve", -66)]
    assert labels["mark"]["type"] == "text"
