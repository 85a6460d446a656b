"""The Seasons page (league table, renaming) and the impossible chelem entries refused in the app,
driven with AppTest on the test's own progress database."""

from __future__ import annotations

from datetime import UTC, date, datetime

import pytest
from apptest_helpers import app
from streamlit.testing.v1 import AppTest

from tutor.club import Game
from tutor.progress import Store
from tutor.progress.club_store import ClubStore

SEASONS, SCORESHEET, CHECK = "tutor/ui/pages/seasons.py", "tutor/ui/pages/scoresheet.py", "tutor/ui/pages/check.py"


@pytest.fixture
def clubs(_fresh_progress_db):
    s = Store.open(f"sqlite:///{_fresh_progress_db}")
    yield ClubStore(s)
    s.close()


def friday() -> Game:
    # Ann garde 56/2: +160, −80, −80; Bob petite 40/1 lost by 11: −72, +36, +36. Totals 196, −152, −44.
    g = Game.new(["Ann", "Bob", "Cleo"]).add(taker="Ann", contract="garde", points=56, oudlers=2)
    return g.add(taker="Bob", contract="petite", points=40, oudlers=1)


def saturday() -> Game:
    # Cleo garde 61/1: won by 10, (25 + 10) × 2 = 70: Cleo 3 × 70 = +210, −70 each. Totals −70, −70, 210, −70.
    return Game.new(["Ann", "Bob", "Cleo", "Dan"]).add(taker="Cleo", contract="garde", points=61, oudlers=1)


def press(at: AppTest, label: str) -> AppTest:
    next(b for b in at.button if b.label == label).click()
    at.run()
    assert not at.exception, at.exception
    return at


def table(at: AppTest) -> list[tuple]:
    df = at.dataframe[0].value
    return [(r["Rank"], r["Player"], r["Taker"], r["Success as taker"], r["Total"]) for _, r in df.iterrows()]


def test_no_saved_game_points_to_the_score_sheet():
    at = app(SEASONS)
    assert not at.exception
    assert "No saved game yet" in at.info[0].value


def test_the_league_table_over_the_chosen_games(clubs):
    fri = clubs.save(friday(), "Friday")
    sat = clubs.save(saturday(), "Saturday")
    at = app(SEASONS)
    assert not at.exception
    # Both games: Ann 196 − 70 = 126, Cleo −44 + 210 = 166, Bob −152 − 70 = −222, Dan −70.
    assert table(at) == [(1, "Cleo", 1, "100 %", 166), (2, "Ann", 1, "100 %", 126), (3, "Dan", 0, "—", -70),
                         (4, "Bob", 1, "0 %", -222)]
    at.multiselect(key="season_games").set_value([fri]).run()
    assert table(at) == [(1, "Ann", 1, "100 %", 196), (2, "Cleo", 0, "—", -44), (3, "Bob", 1, "0 %", -152)]
    at.multiselect(key="season_games").set_value([]).run()
    assert not at.dataframe and any("Choose at least one game" in c.value for c in at.caption)
    assert sat


def test_renaming_a_player_everywhere_in_a_game(clubs):
    gid = clubs.save(friday(), "Friday")
    at = app(SEASONS)
    at.selectbox(key="season_rp_game").set_value(gid).run()
    at.selectbox(key="season_rp_player").set_value("Ann").run()
    at.text_input(key="season_rp_name").set_value("Anne-Sophie")
    at = press(at, "Rename the player")
    assert "Ann is now Anne-Sophie in “Friday”" in at.success[0].value
    saved = clubs.load(gid).game
    assert saved.players == ("Anne-Sophie", "Bob", "Cleo") and saved.deals[0].taker == "Anne-Sophie"
    assert ("Anne-Sophie" in [r[1] for r in table(at)]) and saved.sheet().totals == (196, -152, -44)


@pytest.mark.parametrize("new, says", [
    ("#Ann", "cannot start with \\#"),  # the reason shown escaped, as typed
    ("Bob", "already plays in this game"),
    ("z" * 45, "at most 40 characters"),
])
def test_a_hostile_or_duplicate_name_is_refused_and_nothing_changes(clubs, new, says):
    gid = clubs.save(friday(), "Friday")
    at = app(SEASONS)
    at.selectbox(key="season_rp_player").set_value("Ann").run()
    at.text_input(key="season_rp_name").set_value(new)
    at = press(at, "Rename the player")
    assert at.error and says in at.error[0].value and "Nothing changed" in at.error[0].value
    assert clubs.load(gid).game == friday()


def test_a_name_with_markup_is_kept_as_typed_and_shown_as_text(clubs):
    """The rule of a new game's names: markup is allowed, and shown escaped (never drawn)."""
    gid = clubs.save(friday(), "Friday")
    at = app(SEASONS)
    at.selectbox(key="season_rp_player").set_value("Ann").run()
    at.text_input(key="season_rp_name").set_value("<img src=x>")
    at = press(at, "Rename the player")
    assert clubs.load(gid).game.players[0] == "<img src=x>"
    shown = at.success[0].value
    assert "is now \\<img src=x\\>" in shown and "<img" not in shown.replace("\\<img", "")


def test_renaming_a_game(clubs):
    gid = clubs.save(friday(), "Friday")
    at = app(SEASONS)
    at.text_input(key="season_rg_name").set_value("  Friday   league ")
    at = press(at, "Rename the game")
    assert clubs.load(gid).name == "Friday league"
    assert "Friday league" in at.success[0].value
    at.text_input(key="season_rg_name").set_value("   ")
    at = press(at, "Rename the game")
    assert "Give the game a name first" in at.error[0].value and clubs.load(gid).name == "Friday league"


def test_a_season_by_dates_counts_the_games_started_in_it_and_stays_in_the_address(clubs):
    clubs.save(friday(), "Friday", now=datetime(2026, 1, 9, 20, tzinfo=UTC))
    clubs.save(saturday(), "Saturday", now=datetime(2026, 4, 4, 20, tzinfo=UTC))
    at = app(SEASONS)
    at.date_input(key="season_from").set_value(date(2026, 4, 1)).run()
    assert not at.exception
    # Saturday only: Cleo +210, the others −70 each.
    assert table(at) == [(1, "Cleo", 1, "100 %", 210), (2, "Ann", 0, "—", -70), (2, "Bob", 0, "—", -70),
                         (2, "Dan", 0, "—", -70)]
    assert at.query_params["from"] == "2026-04-01" and "to" not in at.query_params
    at.date_input(key="season_to").set_value(date(2026, 4, 3)).run()  # a day before Saturday's
    assert at.multiselect(key="season_games").value == [] and not at.dataframe
    # The address opens the same season: the first quarter, Friday alone (both ends included).
    at = app(SEASONS, **{"from": "2026-01-01", "to": "2026-01-09"})
    assert at.date_input(key="season_from").value == date(2026, 1, 1)
    assert table(at) == [(1, "Ann", 1, "100 %", 196), (2, "Cleo", 0, "—", -44), (3, "Bob", 1, "0 %", -152)]
    at.date_input(key="season_from").set_value(date(2026, 2, 1)).run()
    assert any("ends before it starts" in w.value for w in at.warning)
    # Another page and back: the season chosen is kept for the session, and put back in the address.
    at.switch_page(SCORESHEET).run()
    at.switch_page(SEASONS).run()
    assert at.date_input(key="season_from").value == date(2026, 2, 1) and at.query_params["to"] == "2026-01-09"


def test_an_empty_game_counts_in_nobodys_games(clubs):
    clubs.save(friday(), "Friday")
    clubs.save(Game.new(["Ann", "Bob", "Zoe"]), "Not played")
    at = app(SEASONS)
    rows = {r["Player"]: r["Games"] for _, r in at.dataframe[0].value.iterrows()}
    assert rows == {"Ann": 1, "Bob": 1, "Cleo": 1}
    assert any("over 1 game," in m.value for m in at.markdown)
    at.multiselect(key="season_games").set_value([clubs.games()[0].id]).run()  # the empty game alone
    assert not at.dataframe and any("No deal has been played" in c.value for c in at.caption)


def test_renaming_a_player_in_every_game_joins_them_in_the_league(clubs):
    eve = Game.new(["Eve", "Bob", "Cleo"]).add(taker="Eve", contract="garde", points=56, oudlers=2)  # Eve +160
    one = clubs.save(eve, "Monday")
    two = clubs.save(Game.new(["Ève", "Bob", "Dan"]).add(taker="Dan", contract="petite", points=45, oudlers=2),
                     "Tuesday")  # Dan won by 4: +58, Ève −29
    three = clubs.save(Game.new(["eve", "Ann", "Dan"]).add(taker="Ann", contract="garde", points=56, oudlers=2),
                       "Friday")  # Ann +160, eve −80
    at = app(SEASONS)
    at.selectbox(key="season_re_player").set_value("Eve")
    at.text_input(key="season_re_name").set_value("Ève")
    at = press(at, "Rename in every game")
    assert "Eve is now Ève (changed in 2 games: “Monday”, “Friday”)" in at.success[0].value
    assert [clubs.load(g).game.players[0] for g in (one, two, three)] == ["Ève", "Ève", "Ève"]
    assert clubs.load(one).game.deals[0].taker == "Ève"
    rows = {r["Player"]: (r["Games"], r["Total"]) for _, r in at.dataframe[0].value.iterrows()}
    assert rows["Ève"] == (3, 160 - 29 - 80) and "Eve" not in rows


def test_merging_two_spellings_and_refusing_two_people_of_one_game(clubs):
    one = clubs.save(friday(), "Friday")
    two = clubs.save(Game.new(["Anne", "Bob", "Dan"]).add(taker="Dan", contract="petite", points=45, oudlers=2),
                     "Tuesday")
    at = app(SEASONS)
    at.selectbox(key="season_mg_from").set_value("Ann")
    at.selectbox(key="season_mg_into").set_value("Bob")
    at = press(at, "Merge the two players")
    assert "Ann and Bob both play in “Friday”" in at.error[0].value and "Nothing changed" in at.error[0].value
    assert clubs.load(one).game == friday()
    at.selectbox(key="season_mg_into").set_value("Anne")
    at = press(at, "Merge the two players")
    assert "Ann and Anne are now one player, Anne (changed in 1 game: “Friday”)" in at.success[0].value
    assert clubs.load(one).game.players[0] == "Anne" and clubs.load(two).game.players[0] == "Anne"
    assert clubs.load(one).version == 2  # other devices showing Friday reload it
    rows = {r["Player"]: r["Games"] for _, r in at.dataframe[0].value.iterrows()}
    assert rows["Anne"] == 2 and "Ann" not in rows


# ------------------------------------------------------------------ the chelem bounds in the app


def _sheet_with(names) -> AppTest:
    at = app(SCORESHEET)
    at.text_input(key="club_new_name").set_value("Friday")
    for i, n in enumerate(names):
        at.text_input(key=f"club_new_p{i}").set_value(n)
    return press(at, "Start the game")


@pytest.mark.parametrize("contract, points, oudlers, chelem, field, says", [
    ("garde", "50", 3, "announced_made", "Chelem", "87 points with 2 oudlers or 91 with 3, not 50"),
    ("petite", "60", 2, "made", "Chelem", "keeps at most the Excuse"),
    ("garde", "0", 0, None, "Points", "holds its écart"),
    ("petite", "0", 0, "defence", "Chelem", "keeps only its écart"),
])
def test_the_score_sheet_refuses_what_a_chelem_makes_impossible(clubs, contract, points, oudlers, chelem, field,
                                                                 says):
    at = _sheet_with(["Ann", "Bob", "Cleo", "Dan"])
    at.selectbox(key="club_taker").set_value("Ann")
    at.selectbox(key="club_contract").set_value(contract)
    at.text_input(key="club_points").set_value(points)
    at.segmented_control(key="club_oudlers").set_value(oudlers)
    at.selectbox(key="club_chelem").set_value(chelem)
    at = press(at, "Add deal")
    assert at.error and f"**{field}**" in at.error[0].value and says in at.error[0].value
    assert clubs.load(clubs.games()[0].id).game.deals == ()  # nothing saved


def test_check_a_deal_refuses_an_impossible_chelem_with_the_reason():
    at = app(CHECK)
    at.number_input[0].set_value(50.0)
    at.selectbox[2].set_value(3)  # oudlers
    next(s for s in at.selectbox if s.label == "Chelem").set_value("announced_made")
    at.button[0].click().run()
    assert not at.exception
    assert "keeps at most the Excuse" in at.error[0].value and not at.success


def test_a_game_open_on_the_score_sheet_follows_a_rename(clubs):
    # The sheet open in this session is saved after every change: it must not put the old name back.
    at = _sheet_with(["Ann", "Bob", "Cleo"])
    at.selectbox(key="club_taker").set_value("Ann")
    at.selectbox(key="club_contract").set_value("garde")
    at.text_input(key="club_points").set_value("56")
    at.segmented_control(key="club_oudlers").set_value(2)
    at = press(at, "Add deal")
    gid = clubs.games()[0].id
    at.switch_page(SEASONS).run()
    at.selectbox(key="season_rp_player").set_value("Ann").run()
    at.text_input(key="season_rp_name").set_value("Annie")
    at = press(at, "Rename the player")
    at.switch_page(SCORESHEET).run()
    at.selectbox(key="club_taker").set_value("Annie")
    at.selectbox(key="club_contract").set_value("petite")
    at.text_input(key="club_points").set_value("40")
    at.segmented_control(key="club_oudlers").set_value(1)
    at = press(at, "Add deal")
    game = clubs.load(gid).game
    assert game.players == ("Annie", "Bob", "Cleo") and [d.taker for d in game.deals] == ["Annie", "Annie"]


def test_a_game_saved_before_the_chelem_check_is_left_out_and_named(clubs):
    # A deal saved before the check ("garde 50 with 3 oudlers, chelem announced and made") no longer loads.
    from sqlalchemy import update

    from tutor.db.progress import ClubDeal
    old = clubs.save(friday(), "Old Friday")
    clubs.save(saturday(), "Saturday")
    with clubs.store.engine.begin() as conn:
        conn.execute(update(ClubDeal).where(ClubDeal.game_id == old, ClubDeal.number == 1)
                     .values(points=50.0, oudlers=3, chelem="announced_made"))
    at = app(SEASONS)
    assert not at.exception
    assert "Old Friday" in at.warning[0].value and "keeps at most the Excuse" in at.warning[0].value
    assert table(at) == [(1, "Cleo", 1, "100 %", 210), (2, "Ann", 0, "—", -70), (2, "Bob", 0, "—", -70),
                         (2, "Dan", 0, "—", -70)]


def test_the_league_table_draws_negative_totals_with_the_true_minus(clubs):
    from apptest_helpers import drawn
    clubs.save(friday(), "Friday")
    clubs.save(saturday(), "Saturday")
    at = app(SEASONS)
    shown = drawn(at.dataframe[0])
    # By hand (above): Bob −152 − 70 = −222 over 3 deals, −74 a deal; Dan −70 in 1 deal. Still numbers underneath.
    assert list(shown["Total"]) == ["166", "126", "\u221270", "\u2212222"]
    assert list(shown["Per deal"])[2:] == ["\u221270", "\u221274"]
    assert table(at)[3][4] == -222
