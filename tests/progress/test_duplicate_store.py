"""Duplicate tournaments in the database (issue 37, migration 0016): the set-up kept whole, each marque checked
against the one the page showed, and one tournament's marques entered from two processes at once in random order
with reloads and stale pages, ranked as the command line ranks the same marques. On a SQLite file, and on
PostgreSQL when TUTOR_TEST_DATABASE_URL is set."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from datetime import UTC, datetime

import pytest
from processes import FORK, _at_once  # noqa: E402  (the barrier-released processes)
from sqlalchemy import text

from tutor.club.duplicate import Result, pct, rank
from tutor.club.duplicate_csv import to_csv
from tutor.club.duplicate_setup import make_setup, setup_from_dict, setup_to_dict
from tutor.engine import TarotError
from tutor.progress import Store
from tutor.progress.duplicate_store import (
    DuplicateStore,
    NotPlayed,
    StaleMarque,
    TournamentClosed,
    TournamentGone,
)

T0 = datetime(2026, 12, 1, 20, 0, tzinfo=UTC)
LINES = (("Ann", "Bea"), ("Cy", "Dom"), ("Eli", "Flo"), ("Gil", "Hob"))
# 2 tables, 2 rounds, 2 étuis a round: 4 étuis, each played at both tables, 8 marques (the evening).
SETUP = make_setup(2, 2, per_round=2, seed=3, lines=LINES)
PLAYS = SETUP.plays()


@pytest.fixture
def two(store, db_url):
    """Two stores on one database, as two devices each have their own server session."""
    other = Store.open(db_url)
    yield DuplicateStore(store), DuplicateStore(other)
    other.close()


def test_the_set_up_is_kept_card_by_card():
    again = setup_from_dict(json.loads(json.dumps(setup_to_dict(SETUP))))
    assert again == SETUP and again.plays() == PLAYS
    assert again.etui(3).hand("S") == SETUP.etui(3).hand("S") and again.movement.places == SETUP.movement.places
    for broken in ({}, {**setup_to_dict(SETUP), "format": 99}, {**setup_to_dict(SETUP), "etuis": []},
                   {**setup_to_dict(SETUP), "tables": "x"}):
        with pytest.raises(TarotError, match="cannot be read"):
            setup_from_dict(broken)


def test_a_tournament_reopens_whole_with_its_marques(two):
    a, b = two
    tid = a.create(SETUP, "  Friday   duplicate ", now=T0)
    (e1, t1, _p), (e2, t2, _q) = PLAYS[:2]
    a.enter(tid, e1, t1, 56, seen=None)
    a.enter(tid, e2, t2, -52, seen=None)
    opened = b.load(tid)  # another device, another session
    assert (opened.name, opened.state, opened.version) == ("Friday duplicate", "open", 3)
    assert opened.setup == SETUP and opened.marques == {(e1, t1): 56, (e2, t2): -52}
    assert [(r.deal, r.table, r.score) for r in opened.results()] == [(e1, t1, 56), (e2, t2, -52)]
    (info,) = b.tournaments()
    assert (info.id, info.name, info.tables, info.rounds, info.entered, info.total, info.state) == (
        tid, "Friday duplicate", 2, 2, 2, 8, "open")
    assert b.load(tid + 1) is None and b.version(tid + 1) is None


def test_a_stale_entry_is_refused_and_nothing_is_written(two):
    phone, laptop = two
    tid = phone.create(SETUP, "Friday")
    e, t, _p = PLAYS[0]
    page = laptop.load(tid)  # the laptop shows no marque for étui e at table t
    fresh = phone.enter(tid, e, t, 56, seen=None)
    with pytest.raises(StaleMarque, match="entered on another device") as refused:
        laptop.enter(tid, e, t, 60, seen=page.marques.get((e, t)))
    assert (refused.value.stored, refused.value.tried) == (56, 60)
    assert laptop.load(tid).marques == {(e, t): 56} and laptop.version(tid) == fresh.version  # nothing written
    # A correction on the stale page is refused too; on the fresh one it goes through.
    corrected = phone.enter(tid, e, t, 62, seen=56)
    with pytest.raises(StaleMarque):
        laptop.enter(tid, e, t, 50, seen=56)
    assert laptop.enter(tid, e, t, None, seen=corrected.marques[e, t]).marques == {}  # taken away


def test_the_same_marque_typed_on_two_devices_is_one_row(two, store):
    phone, laptop = two
    tid = phone.create(SETUP, "Friday")
    e, t, _p = PLAYS[0]
    phone.enter(tid, e, t, 56, seen=None)
    assert laptop.enter(tid, e, t, 56, seen=None).marques == {(e, t): 56}  # not refused, not doubled
    with store.engine.connect() as conn:
        assert conn.execute(text(f"SELECT count(*) FROM duplicate_marques WHERE tournament_id = {tid}")).scalar() == 1


def test_refusals_closed_gone_and_out_of_the_movement(two):
    a, b = two
    tid = a.create(SETUP, "Friday")
    e, t, _p = PLAYS[0]
    for etui, table in ((99, t), (e, 3), (0, 0)):  # no such étui, no table 3 (two tables)
        with pytest.raises(NotPlayed):
            a.enter(tid, etui, table, 10, seen=None)
    with pytest.raises(NotPlayed):
        a.enter(tid, e, t, 10**6, seen=None)
    assert b.set_state(tid, "closed").state == "closed"
    with pytest.raises(TournamentClosed):
        a.enter(tid, e, t, 10, seen=None)
    assert a.set_state(tid, "open").state == "open" and a.enter(tid, e, t, 10, seen=None).marques == {(e, t): 10}
    assert b.delete(tid) and not b.delete(tid)
    with pytest.raises(TournamentGone):
        a.enter(tid, e, t, 12, seen=10)
    assert a.load(tid) is None and a.tournaments() == []


# -- two processes, one tournament --------------------------------------------------------------------------

def truth() -> dict:
    """The marques of the evening: seeded, with a tie on étui 1 so the topage shares notes."""
    rng = random.Random(37)
    out = {(e, t): rng.randrange(-120, 121, 2) for e, t, _p in PLAYS}
    first = sorted(k for k in out if k[0] == 1)
    out[first[1]] = out[first[0]]
    return out


def _device(i: int, url: str, tid: int, marques: dict, ready, done) -> dict:
    """One device: its table's marques (table i + 1), typed in a random order, sometimes wrong first and then
    corrected, sometimes on a page it has not reloaded for a while; it also types a marque of the other table
    now and then, as a second device at the same table would. A refused entry reloads and tries again.
    Once both tables are done (``done``, a barrier), a page left open since the start (drawn before either
    device wrote, ``ready``), showing no marque, types a wrong one for the other table: it must be refused."""
    s = Store.open(url)  # each process its own engine, as each server process has
    rng = random.Random(1000 + i)
    duplicates = DuplicateStore(s)
    stats = {"written": 0, "stale": 0, "late_refused": 0}
    page = first = duplicates.load(tid)
    ready.wait(timeout=60)

    def put(slot, value):
        nonlocal page
        for _try in range(40):
            if rng.random() < 0.4:  # a reload (F5), else the page as it was last drawn
                page = duplicates.load(tid)
            seen = page.marques.get(slot)
            if seen == value and rng.random() < 0.5:
                page = duplicates.load(tid)  # it looks done: check on a fresh page
                if page.marques.get(slot) == value:
                    return
                continue
            try:
                page = duplicates.enter(tid, *slot, value, seen=seen)
                stats["written"] += 1
                return
            except StaleMarque:
                stats["stale"] += 1
                page = duplicates.load(tid)
        raise AssertionError(f"{slot} never written")

    try:
        mine = [k for k in marques if k[1] == i + 1]
        theirs = [k for k in marques if k[1] != i + 1]
        rng.shuffle(mine)
        for slot in mine + rng.sample(theirs, 2):
            if slot in mine and rng.random() < 0.4:
                put(slot, marques[slot] + 7)  # a typo, corrected straight after
            put(slot, marques[slot])
        for slot in mine:  # the table checks its marques on a fresh page before leaving
            put(slot, marques[slot])
        done.wait(timeout=60)
        slot = rng.choice(theirs)
        assert first.marques == {}
        try:
            duplicates.enter(tid, *slot, marques[slot] + 7, seen=first.marques.get(slot))
        except StaleMarque as err:
            stats["late_refused"] += err.stored == marques[slot]
        return stats
    finally:
        s.close()


def test_two_devices_enter_one_tournament_and_rank_it_as_the_command_line(store, db_url, tmp_path):
    duplicates = DuplicateStore(store)
    tid = duplicates.create(SETUP, "Two devices")
    marques = truth()
    stats = _at_once(2, _device, db_url, tid, marques, FORK.Barrier(2), FORK.Barrier(2))
    assert all(isinstance(s, dict) for s in stats), stats
    assert [s["late_refused"] for s in stats] == [1, 1]  # the stale pages were refused, with the fresh marque
    saved = duplicates.load(tid)
    assert saved.marques == marques  # none lost, none wrong
    with store.engine.connect() as conn:
        assert conn.execute(text(f"SELECT count(*) FROM duplicate_marques WHERE tournament_id = {tid}")
                            ).scalar() == len(PLAYS)  # none doubled
    # Every write raised the version once; a refused one wrote nothing.
    assert saved.version == 1 + sum(s["written"] for s in stats)

    # The command line on the same marques, typed into a results file by hand.
    results = [Result(e, t, p, SETUP.etui(e).taker, marques[e, t]) for e, t, p in PLAYS]
    path = tmp_path / "results.csv"
    path.write_text(to_csv(results), encoding="utf-8")
    run = subprocess.run([sys.executable, "-m", "tutor", "duplicate", str(path), "--json"],
                         capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr
    cli = json.loads(run.stdout)
    ranked = rank(saved.results())
    assert list(ranked.general) == cli["general"] and list(ranked.alternate) == cli["alternate"]
    assert [(p.name, pct(p.global_), place) for p, place in zip(ranked.players, ranked.general_places)] == [
        (p["name"], p["global_pct"], p["place"]) for p in cli["players"]]
    assert list(ranked.alternate_places) == cli["alternate_places"]
