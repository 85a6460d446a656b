"""Saved club sheets (migration 0003) on a real SQLite file, and on PostgreSQL when TUTOR_TEST_DATABASE_URL is set."""

from datetime import UTC, datetime, timedelta

import pytest
from sqlalchemy import func, select, text

from tutor.club import DealEntry, EntryError, Game
from tutor.db.progress import ClubDeal
from tutor.engine import Contract
from tutor.progress import club_store
from tutor.progress.club_store import ClubStore

T0 = datetime(2026, 5, 1, 20, 0, tzinfo=UTC)


@pytest.fixture
def clubs(store):
    return ClubStore(store)


def four() -> Game:
    # The README's worked sheet: 318/-106 then 36/-108, totals by hand (354, -214, -70, -70).
    g = Game.new(["Ann", "Bob", "Cleo", "Dan"])
    g = g.add(taker="Ann", contract="garde", points=49, oudlers=2, petit_au_bout="attack", poignees="simple")
    return g.add(taker="Bob", contract="petite", points=40, oudlers=1)


def five() -> Game:
    g = Game.new(["Ann", "Bob", "Chloé", "Dan", "Eve"])
    g = g.add(taker="Ann", partner="Bob", contract="garde", points=49, oudlers=2, petit_au_bout="attack",
              poignees="simple")
    g = g.add(taker="Chloé", contract="petite", points=40.5, oudlers=1, alone=True)
    return g.add(taker="Eve", partner="Dan", contract="garde_sans", points=91, oudlers=3, chelem="made",
                 poignees="double")


def test_a_game_comes_back_exactly(clubs):
    gid = clubs.save(five(), "Friday club", now=T0)
    saved = clubs.load(gid)
    assert saved.game == five()  # every field, with 40.5 points, the partner, alone, poignées, chelem
    assert (saved.name, saved.created_at, saved.updated_at) == ("Friday club", T0, T0)
    assert saved.game.deals[1].points == 40.5 and saved.game.deals[1].alone is True
    assert saved.game.deals[2].contract is Contract.GARDE_SANS and saved.game.deals[2].chelem == "made"


def test_totals_are_recomputed_on_load(clubs):
    saved = clubs.load(clubs.save(four(), "Club"))
    assert saved.game.sheet().totals == (354, -214, -70, -70)
    assert saved.game.sheet().unbalanced() == []


def test_the_list_shows_every_game_newest_first_with_its_deal_count(clubs):
    a = clubs.save(four(), "Monday", now=T0)
    b = clubs.save(Game.new(["X", "Y", "Z"]), "Empty", now=T0 + timedelta(hours=1))
    c = clubs.save(five(), "Friday", now=T0 + timedelta(hours=2))
    assert [(i.id, i.name, i.deals, len(i.players)) for i in clubs.games()] == [
        (c, "Friday", 3, 5), (b, "Empty", 0, 3), (a, "Monday", 2, 4)]
    clubs.save(four().delete(1), "Monday", game_id=a, now=T0 + timedelta(hours=3), version=1)
    assert [(i.id, i.deals) for i in clubs.games()] == [(a, 1), (c, 3), (b, 0)]


def test_saving_over_a_game_replaces_its_deals_and_keeps_the_others(clubs, store):
    a = clubs.save(four(), "A")
    b = clubs.save(five(), "B")
    edited = four().edit(1, points=41).delete(2)
    assert clubs.save(edited, "A, fixed", game_id=a, version=1) == a
    assert clubs.load(a).game == edited and clubs.load(a).name == "A, fixed"
    assert clubs.load(a).game.sheet().totals == (270, -90, -90, -90)  # garde made by 0: 25x2 + petit 20 + poignée 20
    assert clubs.load(b).game == five()
    with store.engine.connect() as conn:
        assert conn.execute(select(func.count()).select_from(ClubDeal)).scalar() == 1 + 3


def test_a_deal_the_engine_refuses_is_never_written(clubs, store):
    a = clubs.save(four(), "A")
    bad = Game(four().players, (*four().deals, DealEntry("Ann", Contract.GARDE, 95.0, 1)))  # built around the checks
    with pytest.raises(EntryError) as err:
        clubs.save(bad, "A", game_id=a, version=1)
    assert err.value.problems[0][0] == "deal 3: points"
    with pytest.raises(EntryError):
        clubs.save(bad, "New")
    assert clubs.load(a).game == four() and [i.name for i in clubs.games()] == ["A"]


def test_a_failure_half_way_leaves_the_previous_version_whole(clubs, monkeypatch):
    a = clubs.save(four(), "A", now=T0)
    calls = []
    real = club_store._stored

    def fail_on_second(row):
        calls.append(row)
        if len(calls) == 2:
            raise RuntimeError("disk pulled out")
        return real(row)

    monkeypatch.setattr(club_store, "_stored", fail_on_second)
    with pytest.raises(RuntimeError):
        clubs.save(four().add(taker="Cleo", contract="garde", points=60, oudlers=1), "renamed", game_id=a, version=1)
    saved = clubs.load(a)  # the game row was updated and the deals deleted inside the failed transaction
    assert (saved.name, saved.game, saved.updated_at, saved.version) == ("A", four(), T0, 1)


def test_saving_over_a_deleted_game_is_refused(clubs):
    a = clubs.save(four(), "A")
    assert clubs.delete(a) is True
    with pytest.raises(ValueError, match="no longer saved"):
        clubs.save(four(), "A", game_id=a, version=1)
    assert clubs.games() == [] and clubs.load(a) is None


def test_delete_removes_the_deals_too(clubs, store):
    a, b = clubs.save(four(), "A"), clubs.save(five(), "B")
    assert clubs.delete(a) is True and clubs.delete(a) is False
    assert [i.id for i in clubs.games()] == [b]
    with store.engine.connect() as conn:
        assert conn.execute(select(ClubDeal.game_id).distinct()).scalars().all() == [b]


def test_names_are_checked(clubs):
    with pytest.raises(ValueError, match="name first"):
        clubs.save(four(), "   ")
    with pytest.raises(ValueError, match="at most 120"):
        clubs.save(four(), "x" * 121)
    a = clubs.save(four(), " Club   night ")
    clubs.rename(a, "Tuesday")
    assert [i.name for i in clubs.games()] == ["Tuesday"]
    assert clubs.games()[0].players == ("Ann", "Bob", "Cleo", "Dan")


def test_a_stored_deal_the_engine_now_refuses_is_named_on_load(clubs, store):
    a = clubs.save(four(), "A")
    with store.engine.begin() as conn:
        conn.execute(text("UPDATE club_deals SET oudlers = 4 WHERE number = 2"))
    with pytest.raises(EntryError) as err:
        clubs.load(a)
    assert err.value.problems[0][0] == "deal 2: oudlers"
