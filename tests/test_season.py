"""Seasons: each player's record across saved games, the league table, renaming games and players
(tutor.club.season; the store's renames on SQLite and, with TUTOR_TEST_DATABASE_URL, PostgreSQL)."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from sqlalchemy import select

from tutor.club import Game
from tutor.club.game import MAX_NAME, GameError
from tutor.club.season import league, rename_player, season
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
    # A game with no deals: every total 0, every player ranked 1.
    table = league([Game.new(["Ann", "Bob", "Cleo"])])
    assert [p.rank for p in table] == [1, 1, 1] and all(p.deals == 0 and p.per_deal == 0 for p in table)


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
