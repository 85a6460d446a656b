"""Two devices on one saved club sheet (migration 0007): adding appends, an edit or delete made on a
stale copy is refused, and nothing entered elsewhere is lost. Two stores at once in one process, and
separate processes released together (SQLite's locks only show across processes). On a SQLite file,
and on PostgreSQL when TUTOR_TEST_DATABASE_URL is set."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from processes import _at_once  # noqa: E402  (the barrier-released processes)
from sqlalchemy import text

from tutor.club import EntryError, Game, dealer
from tutor.progress import Store, migrate
from tutor.progress.club_store import ClubStore, StaleGame
from tutor.progress.db import make_engine

T0 = datetime(2026, 5, 1, 20, 0, tzinfo=UTC)
PLAYERS = ["Ann", "Bob", "Cleo", "Dan"]
# Two deals worked by hand (4 players, each defender pays the same):
# garde 49 with 2 oudlers: target 41, made by 8, (25 + 8) x 2 = 66 from each defender, taker +198.
GARDE = {"taker": "Ann", "contract": "garde", "points": 49, "oudlers": 2}
# petite 40 with 1 oudler: target 51, failed by 11, 25 + 11 = 36 to each defender, taker -108.
PETITE = {"taker": "Bob", "contract": "petite", "points": 40, "oudlers": 1}
# garde 60 with 1 oudler: target 51, made by 9, (25 + 9) x 2 = 68 from each defender, taker +204.
CLEO = {"taker": "Cleo", "contract": "garde", "points": 60, "oudlers": 1}


@pytest.fixture
def two(store, db_url):
    """Two stores on one database, as a phone and a laptop each have their own server session."""
    other = Store.open(db_url)
    yield ClubStore(store), ClubStore(other)
    other.close()


def test_every_write_raises_the_version(two):
    a, _ = two
    gid = a.save(Game.new(PLAYERS), "Friday", now=T0)
    assert a.load(gid).version == 1 and a.version(gid) == 1
    v = [a.append(gid, GARDE).version, a.append(gid, PETITE).version]
    v.append(a.replace_deal(gid, 2, CLEO, version=v[-1]).version)
    v.append(a.delete_deal(gid, 1, version=v[-1]).version)
    v.append(a.set_next_dealer(gid, 2).version)
    v.append(a.version(gid) + 0)
    assert v == [2, 3, 4, 5, 6, 6]
    assert a.version(gid + 99) is None


def test_two_devices_each_adding_deal_two_keep_both(two):
    phone, laptop = two
    gid = phone.save(Game.new(PLAYERS).add(GARDE), "Friday", now=T0)
    seen_by_laptop = laptop.load(gid)  # both show deal 1
    phone.append(gid, PETITE)  # the phone's deal 2
    after = laptop.append(gid, CLEO)  # the laptop, not having seen it, adds "deal 2" too
    assert [d.taker for d in after.game.deals] == ["Ann", "Bob", "Cleo"]
    assert phone.load(gid).game == after.game and after.version == seen_by_laptop.version + 2
    # Totals by hand: Ann 198 + 36 - 68 = 166; Bob -66 - 108 - 68 = -242; Cleo -66 + 36 + 204 = 174; Dan -66 + 36 - 68.
    assert after.game.sheet().totals == (166, -242, 174, -98)


@pytest.mark.parametrize("change", ["edit", "delete", "save"])
def test_a_change_made_on_a_stale_copy_is_refused_and_writes_nothing(two, change):
    phone, laptop = two
    gid = phone.save(Game.new(PLAYERS).add(GARDE).add(PETITE), "Friday", now=T0)
    stale = laptop.load(gid)
    fresh = phone.append(gid, CLEO)  # the phone adds deal 3 meanwhile
    with pytest.raises(StaleGame, match="changed on another device"):
        if change == "edit":
            laptop.replace_deal(gid, 2, {**PETITE, "points": 52}, version=stale.version)
        elif change == "delete":
            laptop.delete_deal(gid, 2, version=stale.version)
        else:
            laptop.save(stale.game.delete(2), "Friday", game_id=gid, version=stale.version)
    now = phone.load(gid)
    assert (now.game, now.version) == (fresh.game, fresh.version)  # Cleo's deal 3 is still there
    # On the fresh copy the same change goes through.
    done = laptop.delete_deal(gid, 2, version=now.version)
    assert [d.taker for d in done.game.deals] == ["Ann", "Cleo"]


def test_delete_moves_the_later_deals_up(two):
    a, _ = two
    gid = a.save(Game.new(PLAYERS).add(GARDE).add(PETITE).add(CLEO).add(PETITE), "Friday", now=T0)
    saved = a.delete_deal(gid, 2, version=1)
    assert [d.taker for d in saved.game.deals] == ["Ann", "Cleo", "Bob"]
    assert a.load(gid).game == saved.game  # the stored numbers are 1, 2, 3 again
    saved = a.delete_deal(gid, 1, version=saved.version)
    assert [d.taker for d in saved.game.deals] == ["Cleo", "Bob"]
    with pytest.raises(ValueError, match="no deal 3"):
        a.delete_deal(gid, 3, version=saved.version)
    assert a.load(gid).version == saved.version  # the refused delete wrote nothing


def test_an_edit_replaces_one_deal_and_a_refused_entry_writes_nothing(two):
    a, _ = two
    gid = a.save(Game.new(PLAYERS).add(GARDE).add(PETITE), "Friday", now=T0)
    saved = a.replace_deal(gid, 1, {**GARDE, "points": 41}, version=1)
    # garde 41 with 2 oudlers: made by 0, 25 x 2 = 50 each, +150; then the petite: 150 + 36 = 186.
    assert saved.game.sheet().totals == (186, -158, -14, -14)
    with pytest.raises(EntryError):
        a.replace_deal(gid, 1, {**GARDE, "points": 95}, version=saved.version)
    with pytest.raises(EntryError):
        a.append(gid, {**GARDE, "oudlers": 4})
    assert a.load(gid) == saved


def test_a_deleted_game_refuses_appends_and_edits(two):
    phone, laptop = two
    gid = phone.save(Game.new(PLAYERS).add(GARDE), "Friday", now=T0)
    assert laptop.delete(gid)
    for write in (lambda: phone.append(gid, PETITE), lambda: phone.delete_deal(gid, 1, version=1),
                  lambda: phone.replace_deal(gid, 1, PETITE, version=1)):
        with pytest.raises(ValueError, match="no longer saved"):
            write()


def test_who_deals_next(two):
    a, _ = two
    gid = a.save(Game.new(PLAYERS), "Friday", now=T0, first_dealer=2)  # Cleo deals deal 1
    saved = a.append(a.append(gid, GARDE).id, PETITE)
    assert saved.first_dealer == 2 and dealer(PLAYERS, saved.first_dealer, 3) == "Ann"  # Cleo, Dan, then Ann
    saved = a.set_next_dealer(gid, 1)  # everyone passed on Ann's deal: Bob deals next
    assert dealer(PLAYERS, saved.first_dealer, len(saved.game.deals) + 1) == "Bob"
    saved = a.append(gid, CLEO)  # deal 3, dealt by Bob: Cleo deals deal 4
    assert dealer(PLAYERS, saved.first_dealer, 3) == "Bob" and dealer(PLAYERS, saved.first_dealer, 4) == "Cleo"


def test_a_game_saved_before_versions_opens_at_version_one(db_url):
    engine = make_engine(db_url)
    migrate.upgrade(engine, "0005")
    with engine.begin() as conn:
        conn.execute(text("INSERT INTO club_games (id, name, players, created_at, updated_at) VALUES "
                          "(7, 'Old', '[\"Ann\", \"Bob\", \"Cleo\"]', '2026-01-02 20:00:00', '2026-01-02 20:00:00')"))
    engine.dispose()
    s = Store.open(db_url)
    try:
        clubs = ClubStore(s)
        old = clubs.load(7)
        assert (old.version, old.first_dealer, old.game.players) == (1, 0, ("Ann", "Bob", "Cleo"))
        assert clubs.append(7, {"taker": "Ann", "contract": "garde", "points": 56, "oudlers": 2}).version == 2
    finally:
        s.close()


# -- separate processes ---------------------------------------------------------------------------

def _append(i: int, url: str, gid: int) -> str:
    s = Store.open(url)  # each process its own engine, as each server process has
    try:
        taker = PLAYERS[i % 4]
        return str(ClubStore(s).append(gid, {"taker": taker, "contract": "garde", "points": 41 + i,
                                             "oudlers": 2}).version)
    except Exception as err:
        return f"error: {type(err).__name__}: {err}"
    finally:
        s.close()


def test_deals_added_from_many_processes_at_once_are_all_kept(store, db_url):
    clubs = ClubStore(store)
    gid = clubs.save(Game.new(PLAYERS), "Busy night", now=T0)
    results = _at_once(12, _append, db_url, gid)
    assert sorted(int(r) for r in results) == list(range(2, 14)), results  # each write its own version
    saved = clubs.load(gid)
    assert saved.version == 13
    assert sorted(d.points for d in saved.game.deals) == [41.0 + i for i in range(12)]  # none lost
    with store.engine.connect() as conn:
        numbers = conn.execute(text(f"SELECT number FROM club_deals WHERE game_id = {gid} ORDER BY number"))
        assert [n for (n,) in numbers] == list(range(1, 13))


def _delete_first(i: int, url: str, gid: int) -> str:
    s = Store.open(url)
    try:
        ClubStore(s).delete_deal(gid, 1, version=1)  # every process holds the same copy, at version 1
        return "deleted"
    except StaleGame:
        return "stale"
    except Exception as err:
        return f"error: {type(err).__name__}: {err}"
    finally:
        s.close()


def test_deletes_sent_together_on_one_copy_remove_one_deal(store, db_url):
    clubs = ClubStore(store)
    gid = clubs.save(Game.new(PLAYERS).add(GARDE).add(PETITE).add(CLEO), "Friday", now=T0)
    results = _at_once(8, _delete_first, db_url, gid)
    assert sorted(results) == ["deleted"] + ["stale"] * 7
    assert [d.taker for d in clubs.load(gid).game.deals] == ["Bob", "Cleo"]


def _rename_everywhere(i: int, url: str, gids: list[int]) -> str:
    """Process ``i`` renames player ``i`` in every game, one after the other (the last process appends)."""
    s = Store.open(url)
    try:
        clubs = ClubStore(s)
        for gid in gids:
            if i == len(PLAYERS):  # as the sheet does: the names of the game just read (a rename may
                for _ in range(20):  # come in between: then the engine refuses the deal, and it is read again)
                    try:
                        clubs.append(gid, {**GARDE, "taker": clubs.load(gid).game.players[0]})
                        break
                    except EntryError:
                        continue
            else:
                clubs.rename_player(gid, PLAYERS[i], PLAYERS[i] + "2")
        return "done"
    except Exception as err:
        return f"error: {type(err).__name__}: {err}"
    finally:
        s.close()


def test_renames_sent_together_in_one_game_keep_every_name_and_deal(store, db_url):
    """Issue 29: a rename read the players before locking the game, so on PostgreSQL two at once wrote
    back each other's old names and the deals then named a player the game no longer had."""
    clubs = ClubStore(store)
    sheet = Game.new(PLAYERS).add(GARDE).add(PETITE).add(CLEO).add({**PETITE, "taker": "Dan"})
    gids = [clubs.save(sheet, f"Night {n}", now=T0) for n in range(12)]
    results = _at_once(len(PLAYERS) + 1, _rename_everywhere, db_url, gids)
    assert results == ["done"] * (len(PLAYERS) + 1), results
    for gid in gids:
        saved = clubs.load(gid)  # loads: every deal names a player of the game
        assert saved.game.players == tuple(p + "2" for p in PLAYERS)
        takers = [d.taker for d in saved.game.deals]
        assert takers[:4] == ["Ann2", "Bob2", "Cleo2", "Dan2"]
        assert len(takers) == 5 and takers[4] in saved.game.players
        assert saved.version == 1 + len(PLAYERS) + 1  # every write raised it once

