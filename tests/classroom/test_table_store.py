"""Tables kept in the database: every action is judged on the stored state and written only if the version read
is still the stored one, so a double tap, a stale page or two phones racing get exactly one action in; seat
tokens and PINs bring a player back; the host moves seats between deals and lets a bot stand in for a quiet
player. On a SQLite file, and on PostgreSQL when TUTOR_TEST_DATABASE_URL is set."""

from __future__ import annotations

import random
from datetime import timedelta

import pytest
from processes import T0, _at_once
from sqlalchemy import select

from tutor.classroom import tables
from tutor.classroom.tables import TableError, TableStore
from tutor.db.together import PlaySeat
from tutor.engine import Deal, Phase
from tutor.engine.state import random_action
from tutor.practice import together
from tutor.progress.db import make_engine


@pytest.fixture
def ts(store):
    return TableStore(store.engine, store.where)


def _four(ts, level="beginner", quiet=60):
    """A table of four people: Ana hosts, Ben, Cleo and Dan join; its tokens by seat."""
    snap, host, _pin = ts.open("Ana", 4, level, quiet_seconds=quiet, seed=7, now=T0)
    tokens = [host]
    for name in ("Ben", "Cleo", "Dan"):
        snap, token, _pin = ts.join(snap.code, name, now=T0)
        tokens.append(token)
    return snap, tokens


def _play_to_end(ts, snap, tokens, rng):
    """Whoever's turn it is plays a random legal action through the store, until the deal is over."""
    for _ in range(300):
        if snap.over:
            return snap
        d = snap.deal
        seat = d.to_act
        out = ts.act(tokens[seat], random_action(d.copy(), rng), snap.version)
        assert out.ok, out.reason
        snap = out.table
    raise AssertionError("the deal did not end")


def test_people_join_the_bots_seats_in_turn_and_names_are_unique_in_any_case(ts):
    snap, tokens = _four(ts)
    assert [s.name for s in snap.state.seats] == ["Ana", "Ben", "Cleo", "Dan"]
    assert [ts.me(t).seat for t in tokens] == [0, 1, 2, 3]
    assert ts.me(tokens[0]).person.host and not ts.me(tokens[1]).person.host
    with pytest.raises(TableError, match="already has the name"):
        ts.join(snap.code, "  cLEO ", now=T0)
    # a fifth person waits for a seat (there is none), the table itself is unchanged but for its version
    snap2, token, _ = ts.join(snap.code, "Eve", now=T0)
    assert ts.me(token).seat is None and [p.name for p in snap2.waiting] == ["Eve"]
    assert snap2.state.seats == snap.state.seats and snap2.version == snap.version + 1


def test_an_unknown_code_and_a_forged_or_foreign_token_open_nothing(ts):
    snap, tokens = _four(ts)
    with pytest.raises(TableError, match="no table with the code"):
        ts.find("ZZZZZZ" if snap.code != "ZZZZZZ" else "YYYYYY")
    for bad in ("", "x" * 50, tokens[1][:-3] + "abc"):
        with pytest.raises(TableError):
            ts.me(bad)
    other = TableStore(ts.engine)._signer().dumps({"t": snap.id, "n": "feed"})  # signed, but no seat has it
    with pytest.raises(TableError):
        ts.me(other)


def test_an_accepted_action_moves_the_version_and_a_double_tap_is_refused_with_the_fresh_table(ts):
    snap, tokens = _four(ts)
    out = ts.start(tokens[0], snap.version, now=T0)
    assert out.ok
    snap = out.table
    seat = snap.deal.to_act
    action = random_action(snap.deal.copy(), random.Random(1))
    first = ts.act(tokens[seat], action, snap.version)
    assert first.ok and first.table.version == snap.version + 1  # four people: no bot answers
    assert first.table.state.log == snap.state.log + (action,)
    again = ts.act(tokens[seat], action, snap.version)  # the same tap, from the same (now stale) page
    assert not again.ok and "moved on" in again.reason
    assert again.table.version == first.table.version and again.table.state == first.table.state
    # out of turn: refused, nothing changes
    other = (first.table.deal.to_act + 1) % 4
    late = ts.act(tokens[other], random_action(first.table.deal.copy(), random.Random(2)), first.table.version)
    assert not late.ok and ts.version(snap.id) == first.table.version


def test_a_whole_deal_through_the_store_scores_what_the_engine_scores_on_the_stored_log(ts):
    snap, tokens = _four(ts)
    snap = ts.start(tokens[0], snap.version).table
    snap = _play_to_end(ts, snap, tokens, random.Random(5))
    fresh = TableStore(make_engine(ts.engine.url)).table(snap.id)  # read back as another process would
    d = Deal.replay(4, fresh.state.seed, fresh.state.log, dealer=fresh.state.dealer)
    assert d.phase in (Phase.DONE, Phase.CANCELLED)
    want = (0,) * 4 if d.phase is Phase.CANCELLED else tuple(int(s) for s in d.result().seat_scores)
    after = ts.next_deal(tokens[0], fresh.version)
    assert after.ok and after.table.state.scores == (want,) and sum(want) == 0
    assert after.table.last["log"] == together.to_dict(fresh.state)["log"]
    assert not after.table.started and after.table.state.log == ()


def test_bots_answer_in_the_same_write_and_the_deal_is_cached_per_version(ts, monkeypatch):
    snap, host, _ = ts.open("Ana", 3, "beginner", seed=11, now=T0)
    out = ts.start(host, snap.version)
    assert out.ok and tables.cached(snap.id, snap.code, out.table.version)
    assert out.table.deal.to_act in (0, None)  # the bots have played up to Ana's turn
    replays = []
    monkeypatch.setattr(together, "deal_of", lambda state: replays.append(state) or Deal.replay(
        state.players, state.seed, state.log, dealer=state.dealer))
    snap = ts.table(snap.id)
    if not snap.over:
        out = ts.act(host, random_action(snap.deal.copy(), random.Random(3)), snap.version)
        assert out.ok and replays == []  # judged and answered on the cached deal, never replayed


def test_the_host_moves_seats_between_deals_only(ts):
    snap, tokens = _four(ts)
    with pytest.raises(TableError, match="Only the host"):
        ts.to_bot(tokens[1], 2, snap.version)
    out = ts.to_bot(tokens[0], 2, snap.version)
    assert out.ok and out.table.state.seats[2].is_bot and ts.me(tokens[2]).seat is None
    with pytest.raises(TableError, match="keeps their own seat"):
        ts.to_bot(tokens[0], 0, out.table.version)
    back = ts.give_seat(tokens[0], 2, ts.me(tokens[2]).person.id, out.table.version)
    assert back.ok and back.table.state.seats[2].name == "Cleo" and ts.me(tokens[2]).seat == 2
    stale = ts.to_bot(tokens[0], 3, out.table.version)  # the host's stale page
    assert not stale.ok and stale.table.state.seats[3].name == "Dan"
    started = ts.start(tokens[0], back.table.version).table
    with pytest.raises(TableError, match="between deals"):
        ts.to_bot(tokens[0], 3, started.version)


def test_a_bot_stands_in_for_a_quiet_player_after_the_hosts_quiet_time_until_the_deal_ends(ts):
    snap, tokens = _four(ts, quiet=60)
    snap = ts.start(tokens[0], snap.version, now=T0).table
    seat = snap.deal.to_act
    if seat == 0:  # the host plays once, so that the quiet one is somebody else
        snap = ts.act(tokens[0], random_action(snap.deal.copy(), random.Random(4)), snap.version, now=T0).table
        seat = snap.deal.to_act
    with pytest.raises(TableError, match="after 60"):
        ts.stand_in(tokens[0], seat, snap.version, now=T0 + timedelta(seconds=30))
    with pytest.raises(TableError, match="turn"):
        ts.stand_in(tokens[0], (seat + 1) % 4 or 1, snap.version, now=T0 + timedelta(seconds=90))
    out = ts.stand_in(tokens[0], seat, snap.version, now=T0 + timedelta(seconds=61))
    assert out.ok and out.table.state.seats[seat].is_bot
    assert out.table.deal.to_act != seat or out.table.over  # the bot played the seat's move
    assert not ts.act(tokens[seat], random_action(out.table.deal.copy(), random.Random(0)), out.table.version).ok
    snap = _play_to_end(ts, out.table, tokens, random.Random(6))
    nxt = ts.next_deal(tokens[0], snap.version).table
    assert nxt.state.seats[seat].name == snap.person_at(seat).name  # the seat is theirs again
    assert not ts.me(tokens[seat]).person.stand_in


def test_a_pin_brings_a_player_back_and_the_old_token_stops_working(ts):
    snap, host, _ = ts.open("Ana", 4, seed=3, now=T0)
    _, token, pin = ts.join(snap.code, "Ben", now=T0)
    me, new = ts.rejoin(snap.code, "ben", pin, session="phone-2", now=T0)
    assert me.seat == 1 and me.person.name == "Ben"
    with pytest.raises(TableError):
        ts.me(token)
    wrong = "000000" if pin != "000000" else "111111"
    with pytest.raises(TableError, match="do not match"):
        ts.rejoin(snap.code, "Ben", wrong, session="phone-3", now=T0)
    with pytest.raises(TableError, match="wait"):  # the session's second wrong try waits
        ts.rejoin(snap.code, "Ben", wrong, session="phone-3", now=T0)
    with ts.engine.connect() as conn:
        rows = conn.execute(select(PlaySeat.pin_hash)).scalars().all()
    assert all(h.startswith("scrypt$") and pin not in h for h in rows)


def _race(i: int, url: str, token: str, action_text: str, version: int) -> bool:
    engine = make_engine(url)  # each process its own engine, as each server process has
    try:
        from tutor.engine.actions import parse_action
        return TableStore(engine).act(token, parse_action(action_text), version).ok
    finally:
        engine.dispose()


@pytest.mark.parametrize("same", [True, False])
def test_two_processes_racing_on_one_table_get_exactly_one_action_in(ts, db_url, same):
    snap, tokens = _four(ts)
    snap = ts.start(tokens[0], snap.version).table
    seat = snap.deal.to_act
    rng = random.Random(8)
    one = random_action(snap.deal.copy(), rng)
    # the same tap twice (a double tap on two app processes), or two different legal moves of the seat
    other = one if same else next((a for a in (random_action(snap.deal.copy(), rng) for _ in range(50))
                                   if a != one), one)
    results = _at_once(2, lambda i, *a: _race(i, *a[i]), *[(db_url, tokens[seat], str(a), snap.version)
                                                          for a in (one, other)])
    assert sorted(results) == [False, True]
    after = ts.table(snap.id)
    assert after.version == snap.version + 1 and len(after.state.log) == len(snap.state.log) + 1
    assert after.state.log[-1] == (one if results[0] else other)


def test_random_taps_stale_pages_and_double_taps_never_lose_nor_double_an_action(tmp_path):
    """Four people tapping at random: each tap comes from a page drawn at the current version or an older one,
    some twice. A tap is accepted exactly when its page is current and the engine finds it legal for that
    seat's turn; the stored log is the accepted taps in order, and the deal scores as the engine scores it."""
    from hypothesis import HealthCheck, given, settings
    from hypothesis import strategies as hs

    from tutor.progress import Store
    s = Store.open(f"sqlite:///{tmp_path / 'taps.sqlite3'}")
    ts = TableStore(s.engine)

    @settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                    HealthCheck.function_scoped_fixture])
    @given(hs.integers(0, 10**6), hs.lists(hs.tuples(hs.integers(0, 3), hs.integers(0, 2), hs.booleans()),
                                           min_size=300, max_size=300))
    def run(seed, taps):
        snap, tokens = _four_at(ts, seed)
        snap = ts.start(tokens[0], snap.version).table
        pages = [snap] * 4  # the version each phone last drew
        accepted, refused_stale = [], [0]
        rng = random.Random(seed)
        for who, age, double in taps:
            if snap.over:
                break
            page = pages[who] if age else snap  # a stale page, or a fresh one
            d = page.deal
            action = random_action(d.copy(), rng) if d.phase not in (Phase.DONE, Phase.CANCELLED) else None
            if action is None or action.seat != who:
                pages[who] = snap
                continue
            current = page.version == snap.version
            for _tap in range(2 if double else 1):
                out = ts.act(tokens[who], action, page.version)
                assert out.ok == (current and _tap == 0), (current, _tap, out.reason)
                refused_stale[0] += not out.ok
                if out.ok:
                    accepted.append(action)
                snap = out.table
            pages[who] = snap
        stored = ts.table(snap.id)
        seen.append((len(accepted), refused_stale[0]))
        assert stored.state.log == tuple(accepted)
        assert stored.version == 3 + 1 + len(accepted)  # three joins, the start, then one step a move
        d = Deal.replay(4, stored.state.seed, stored.state.log, dealer=stored.state.dealer)
        assert d.phase is stored.deal.phase and [str(a) for a in d.log] == [str(a) for a in accepted]
    seen = []
    run()
    assert sum(a for a, _ in seen) > 20 and sum(r for _, r in seen) > 5  # taps were accepted, and refused
    s.close()


def _four_at(ts, seed):
    snap, host, _pin = ts.open("Ana", 4, "club", seed=seed, now=T0)
    tokens = [host] + [ts.join(snap.code, n, now=T0)[1] for n in ("Ben", "Cleo", "Dan")]
    return ts.table(snap.id), tokens


def test_the_teachers_sign_out_everywhere_keeps_every_seat_and_an_older_token_is_still_read(ts):
    """The seat tokens have their own key: "Sign out everywhere" (a new teacher key) ends the teacher's sign-ins,
    not the players' seats. A token signed with the teacher's key (before the tables had their own) is still read
    until that key changes."""
    from itsdangerous import URLSafeTimedSerializer

    from tutor.classroom import signin

    snap, tokens = _four(ts)
    teacher = signin.make_token(signin.signing_key(ts.engine), "h")
    assert signin.signing_key(ts.engine, tables.SEAT_KEY) != signin.signing_key(ts.engine)
    older = URLSafeTimedSerializer(signin.signing_key(ts.engine), salt=tables.SALT).dumps({"t": snap.id, "n": "old"})
    with ts.engine.begin() as conn:  # the seat of Dan, as a token of the older kind had it
        conn.execute(PlaySeat.__table__.update().where(PlaySeat.token_hash == tables.token_hash(tokens[3]))
                     .values(token_hash=tables.token_hash(older)))
    assert ts.me(older).seat == 3
    new = signin.rotate(ts.engine)
    assert not signin.check_token(teacher, new, "h", hours=8)  # the teacher is signed out
    assert [ts.me(t).seat for t in tokens[:3]] == [0, 1, 2]  # every player keeps their seat
    with pytest.raises(TableError):
        ts.me(older)  # the older token was the teacher's key's: it ends with it
