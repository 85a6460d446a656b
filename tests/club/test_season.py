"""Seasons: each player's record across saved games, the league table, renaming games and players
(tutor.club.season; the store's renames on SQLite and, with TUTOR_TEST_DATABASE_URL, PostgreSQL)."""

from __future__ import annotations

from datetime import UTC, date, datetime

import pytest
from sqlalchemy import select

from tutor.club import Game
from tutor.club.game import MAX_NAME, GameError
from tutor.club.season import in_season, league, rename_everywhere, rename_player, season
from tutor.db.progress import ClubDeal
from tutor.progress.club_store import ClubStore

T0 = datetime(2026, 5, 1, 20, 0, tzinfo=UTC)


def friday() -> Game:
    # 3 players. Ann garde 56 with 2 oudlers: won by 15, (25 + 15) × 2 = 80: Ann +160, Bob −80, Cleo −80.
    # Bob petite 40 with 1 oudler: lost by 11, 25 + 11 = 36: Bob −72, Ann +36, Cleo +36.
    # Totals: Ann 196, Bob −152, Cleo −44.
    g = Game.new(["Ann", "Bob", "Cleo"]).add(taker="Ann", contract="garde", points=56, oudlers=2)
    return g.add(taker="Bob", contract="petite", points=40, oudlers=1)


def monday() -> Game:
    # 5 players. Dan with Eve, garde 51 with 1 oudler: won by 0, (25 + 0) × 2 = 50: Dan +100, Eve +50, −50 each.
    # Eve alone, petite 45 with 2 oudlers: won by 4, 29: Eve +116, −29 each.
    # Totals: ann −79, Bob −79, Cleo −79, Dan 71, Eve 166.
    g = Game.new(["ann", "Bob", "Cleo", "Dan", "Eve"])
    g = g.add(taker="Dan", partner="Eve", contract="garde", points=51, oudlers=1)
    return g.add(taker="Eve", contract="petite", points=45, oudlers=2, alone=True)


def test_the_games_as_worked_by_hand():
    assert friday().sheet().totals == (196, -152, -44)
    assert monday().sheet().totals == (-79, -79, -79, 71, 166)


def test_each_players_record_across_games():
    by_name = {p.name: p for p in season([friday(), monday()])}
    assert set(by_name) == {"Ann", "Bob", "Cleo", "Dan", "Eve"}  # "ann" on Monday is Ann
    ann, bob, cleo, dan, eve = (by_name[n] for n in ("Ann", "Bob", "Cleo", "Dan", "Eve"))
    assert (ann.games, ann.deals, ann.taker, ann.won, ann.total) == (2, 4, 1, 1, 196 - 79)
    assert (bob.games, bob.deals, bob.taker, bob.won, bob.total) == (2, 4, 1, 0, -152 - 79)
    assert (cleo.taker, cleo.success_rate, cleo.total) == (0, None, -44 - 79)
    assert (dan.games, dan.deals, dan.taker, dan.won, dan.partner, dan.total) == (1, 2, 1, 1, 0, 71)
    assert (eve.taker, eve.won, eve.partner, eve.success_rate, eve.total) == (1, 1, 1, 1.0, 166)
    assert bob.success_rate == 0.0 and ann.success_rate == 1.0
    assert ann.per_deal == pytest.approx(117 / 4)
    # Every deal's scores sum to zero, so the season's totals do too.
    assert sum(p.total for p in by_name.values()) == 0


def test_the_league_table_orders_and_ranks():
    table = league([friday(), monday()])
    assert [(p.rank, p.name, p.total) for p in table] == [
        (1, "Eve", 166), (2, "Ann", 117), (3, "Dan", 71), (4, "Cleo", -123), (5, "Bob", -231)]
    assert league([friday()])[0].name == "Ann" and league([]) == ()


def test_tied_totals_share_a_rank():
    # Cleo garde 61 with 1 oudler: won by 10, (25 + 10) × 2 = 70: Cleo +210, the three others −70 each.
    game = Game.new(["Ann", "Bob", "Cleo", "Dan"]).add(taker="Cleo", contract="garde", points=61, oudlers=1)
    table = league([game])
    assert [(p.rank, p.name, p.total) for p in table] == [(1, "Cleo", 210), (2, "Ann", -70), (2, "Bob", -70),
                                                          (2, "Dan", -70)]


def test_an_empty_game_counts_in_nobodys_games():
    # Friday (2 deals) and an empty game with Ann, Bob and a newcomer: Ann played 1 game, not 2, and Zoe none.
    empty = Game.new(["Ann", "Bob", "Zoe"])
    by_name = {p.name: p for p in season([friday(), empty])}
    assert set(by_name) == {"Ann", "Bob", "Cleo"}
    assert (by_name["Ann"].games, by_name["Ann"].deals, by_name["Ann"].total) == (1, 2, 196)
    assert league([empty]) == ()


def test_renaming_a_player_renames_every_record_and_keeps_the_scores():
    g = monday()
    renamed = rename_player(g, "EVE", "Évelyne")
    assert renamed.players == ("ann", "Bob", "Cleo", "Dan", "Évelyne")
    assert renamed.deals[0].partner == "Évelyne" and renamed.deals[1].taker == "Évelyne"
    assert renamed.sheet().totals == g.sheet().totals
    assert rename_player(g, "ann", "Ann").players[0] == "Ann"  # a change of case is allowed


@pytest.mark.parametrize("new, message", [
    ("x" * (MAX_NAME + 1), f"at most {MAX_NAME} characters"),
    ("   ", "cannot be empty"),
    ("bob", "'Bob' already plays in this game"),
    ("Taker", "it is a column of the sheet"),
    ("line\x00break", "one line of plain text"),
])
def test_hostile_names_are_refused_with_a_sentence(new, message):
    with pytest.raises(GameError, match=message.replace("(", r"\(")):
        rename_player(friday(), "Ann", new)


def test_a_rename_follows_the_rule_of_a_new_game():
    """One rule for every name: what a new game accepts, a rename accepts (shown escaped), and the reverse."""
    for name in ("<b>Zoé</b>", "Zoé & Co", "T21"):
        assert rename_player(friday(), "Ann", name).players[0] == name
        assert Game.new([name, "Bob", "Cleo"]).players[0] == name
    for name in ("Taker", "#Zoé", "x" * (MAX_NAME + 1)):
        with pytest.raises(GameError):
            rename_player(friday(), "Ann", name)
        with pytest.raises(GameError):
            Game.new([name, "Bob", "Cleo"])


def test_rename_everywhere_changes_every_game_the_player_is_in_and_no_other():
    eve = Game.new(["Eve", "Bob", "Cleo"]).add(taker="Eve", contract="garde", points=56, oudlers=2)
    accented = Game.new(["Ève", "Dan", "Fay"]).add(taker="Dan", contract="petite", points=45, oudlers=2)
    spaced = monday()  # "Eve" with Dan as partner: taker of deal 2, partner in deal 1
    changed = rename_everywhere({1: eve, 2: accented, 3: spaced, 4: friday()}, " eve ", "Ève")
    assert set(changed) == {1, 3}  # game 2 already says Ève, Friday has no Eve
    assert changed[1].players[0] == "Ève" and changed[1].deals[0].taker == "Ève"
    assert changed[3].players[4] == "Ève"
    assert changed[3].deals[0].partner == "Ève" and changed[3].deals[1].taker == "Ève"
    assert changed[3].sheet().totals == spaced.sheet().totals
    # Merged: one player of three games in the league table, her totals added up: +160 as taker on the
    # first, −29 as a defender in Dan's petite won by 4, and Monday's 166.
    merged = league([changed[1], accented, changed[3]])
    assert [(p.name, p.games, p.total) for p in merged if p.name == "Ève"] == [("Ève", 3, 160 - 29 + 166)]


def test_rename_everywhere_refuses_two_players_of_one_game():
    with pytest.raises(GameError, match="Ann and Bob both play in “Friday”: they are two players"):
        rename_everywhere({1: friday(), 2: monday()}, "Ann", "Bob", label=lambda k: "“Friday”")
    with pytest.raises(GameError, match="no saved game has a player called 'Zed'"):
        rename_everywhere({1: friday()}, "Zed", "Zoe")
    with pytest.raises(GameError, match="it is a column of the sheet"):
        rename_everywhere({1: friday()}, "Ann", "Preneur")


@pytest.mark.parametrize("day, inside", [
    (date(2026, 1, 1), True), (date(2026, 3, 31), True), (date(2025, 12, 31), False), (date(2026, 4, 1), False)])
def test_a_season_includes_both_of_its_end_dates(day, inside):
    assert in_season(day, date(2026, 1, 1), date(2026, 3, 31)) is inside
    assert in_season(day, None, None) and in_season(day, day, None) and in_season(day, None, day)


def test_an_unknown_player_is_named():
    with pytest.raises(GameError, match="no player called 'Zed'"):
        rename_player(friday(), "Zed", "Zoe")


# ------------------------------------------------------------------ in the store (SQLite and PostgreSQL)


@pytest.fixture
def clubs(store):
    return ClubStore(store)


def test_store_renames_a_player_in_every_record(clubs):
    gid = clubs.save(monday(), "Monday", now=T0)
    other = clubs.save(friday(), "Friday", now=T0)
    assert clubs.rename_player(gid, "eve", "Évelyne") == "Évelyne"
    saved = clubs.load(gid)
    assert saved.game.players == ("ann", "Bob", "Cleo", "Dan", "Évelyne")
    assert saved.game == rename_player(monday(), "Eve", "Évelyne")
    assert saved.game.sheet().totals == (-79, -79, -79, 71, 166)
    with clubs.store.engine.connect() as conn:
        names = conn.execute(select(ClubDeal.taker, ClubDeal.partner).where(ClubDeal.game_id == gid)
                             .order_by(ClubDeal.number)).all()
    assert [tuple(r) for r in names] == [("Dan", "Évelyne"), ("Évelyne", None)]
    assert clubs.load(other).game == friday()  # another game's players are not touched


def test_store_refuses_a_bad_name_and_writes_nothing(clubs):
    gid = clubs.save(friday(), "Friday", now=T0)
    for bad in ("Bob", "y" * 500, ""):
        with pytest.raises(GameError):
            clubs.rename_player(gid, "Ann", bad)
    assert clubs.load(gid).game == friday()
    with pytest.raises(GameError, match="no player called"):
        clubs.rename_player(gid, "Nobody", "Zoe")
    with pytest.raises(ValueError, match="no longer saved"):
        clubs.rename_player(gid + 99, "Ann", "Zoe")


def test_store_renames_a_game(clubs):
    gid = clubs.save(friday(), "Friday", now=T0)
    assert clubs.rename(gid, "  Friday   league  ")
    assert clubs.load(gid).name == "Friday league"
    with pytest.raises(ValueError, match="at most"):
        clubs.rename(gid, "z" * 1000)
    assert clubs.load(gid).name == "Friday league"
    assert not clubs.rename(gid + 99, "Ghost")


def test_store_renames_a_player_in_every_game_in_one_go(clubs):
    eve = Game.new(["Eve", "Bob", "Cleo"]).add(taker="Eve", contract="garde", points=56, oudlers=2)
    first = clubs.save(eve, "First", now=T0)
    second = clubs.save(monday(), "Monday", now=T0)
    third = clubs.save(friday(), "Friday", now=T0)
    before = {gid: clubs.load(gid).version for gid in (first, second, third)}
    done = clubs.rename_player_everywhere("EVE", "Ève")
    assert done.name == "Ève" and set(done.games) == {"First", "Monday"}
    assert clubs.load(first).game.players == ("Ève", "Bob", "Cleo") and clubs.load(first).game.deals[0].taker == "Ève"
    assert clubs.load(second).game == rename_player(monday(), "Eve", "Ève")
    with clubs.store.engine.connect() as conn:
        names = conn.execute(select(ClubDeal.taker, ClubDeal.partner).where(ClubDeal.game_id == second)
                             .order_by(ClubDeal.number)).all()
    assert [tuple(r) for r in names] == [("Dan", "Ève"), ("Ève", None)]
    after = {gid: clubs.load(gid).version for gid in (first, second, third)}
    assert after == {first: before[first] + 1, second: before[second] + 1, third: before[third]}
    assert clubs.load(third).game == friday()


def test_store_merge_refused_where_both_play_writes_nothing(clubs):
    a = clubs.save(friday(), "Friday", now=T0)
    b = clubs.save(monday(), "Monday", now=T0)
    with pytest.raises(GameError, match="Ann and Bob both play in “Friday”"):
        clubs.rename_player_everywhere("Ann", "Bob")
    assert clubs.load(a).game == friday() and clubs.load(b).game == monday()  # Monday not renamed either
    assert clubs.load(b).version == 1
    with pytest.raises(GameError, match="no saved game has a player called"):
        clubs.rename_player_everywhere("Nobody", "Zoe")
