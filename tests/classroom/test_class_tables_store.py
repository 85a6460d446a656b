"""Tables for a class (issue 36, point 6): the teacher seats the quiz's learners at several tables at once, by hand
or shuffled, hosts them without playing, and in duplicate every table deals the same deals, so the same seat holds
the same hand everywhere and the ranking compares it across tables. A learner's class token finds their seat; nobody
joins a class's table with its code. On a SQLite file, and on PostgreSQL when TUTOR_TEST_DATABASE_URL is set."""

from __future__ import annotations

import random
from collections import Counter
from fractions import Fraction

import pytest
from processes import T0

from tutor.classroom import class_tables
from tutor.classroom.class_tables import ClassTables, checked, duplicate_deal, shuffled
from tutor.classroom.store import ClassStore
from tutor.classroom.table_records import TableError, Teaching
from tutor.engine import Deal, Phase
from tutor.engine.state import random_action


@pytest.fixture
def cs(store):
    return ClassStore(store.engine, store.where)


def _class(cs, names):
    """A quiz joined by ``names``: the quiz and each learner's (player id, class token)."""
    quiz = cs.create(title="Year 9", kinds=["count"], count=1, now=T0)
    joined = {}
    for n in names:
        _q, p = cs.join(quiz.code, n, now=T0)
        joined[n] = (p.id, p.token)
    return quiz, joined


def _play_to_end(ct, snap, tokens, rng):
    """Whoever's turn it is at the table plays a random legal action through the store with their seat token."""
    for _ in range(300):
        if snap.over:
            return snap
        d = snap.deal
        out = ct.ts.act(tokens[d.to_act], random_action(d.copy(), rng), snap.version)
        assert out.ok, out.reason
        snap = out.table
    raise AssertionError("the deal did not end")


# ---------------------------------------------------------------- seating, pure


@pytest.mark.parametrize("n,tables,size", [(1, 1, 3), (7, 2, 4), (9, 3, 3), (11, 3, 4), (13, 3, 5), (20, 5, 4)])
def test_a_shuffle_seats_every_learner_once_as_evenly_as_the_tables_go(n, tables, size):
    ids = list(range(100, 100 + n))
    for seed in range(20):
        seating = shuffled(ids, tables=tables, size=size, seed=seed)
        assert [len(t) for t in seating] == [size] * tables
        seated = [p for t in seating for p in t if p is not None]
        assert sorted(seated) == ids
        counts = [sum(p is not None for p in t) for t in seating]
        assert max(counts) - min(counts) <= 1
    assert len({tuple(map(tuple, shuffled(ids, tables=tables, size=size, seed=s))) for s in range(20)}) > 1 or n == 1


def test_a_shuffle_refuses_more_learners_than_seats_and_a_wrong_size():
    with pytest.raises(TableError, match="9 learners need more than 8 seats"):
        shuffled(list(range(9)), tables=2, size=4)
    with pytest.raises(TableError, match="3, 4 or 5 seats"):
        shuffled([1, 2], tables=1, size=6)
    with pytest.raises(TableError, match="1 to 20 tables"):
        shuffled([1], tables=0, size=3)


def test_a_seating_by_hand_is_checked_with_a_sentence_for_each_fault():
    roster = {1: "Ana", 2: "Ben", 3: "Cleo"}
    assert checked([[1, None, 2], [None, 3, None, None]], roster) == [[1, None, 2], [None, 3, None, None]]
    faults = [([[1, 1, None]], "Ana is seated twice"), ([[1, 2]], "3, 4 or 5 seats"),
              ([[1, None, None], [None, None, None]], "Table 2 has only bots"),
              ([[1, 9, None]], "Only the learners who joined"), ([], "1 to 20 tables")]
    for seating, words in faults:
        with pytest.raises(TableError, match=words):
            checked(seating, roster)
    with pytest.raises(TableError, match="same number of seats"):
        checked([[1, None, 2], [None, 3, None, None]], roster, duplicate=True)


def test_a_duplicate_deal_is_the_same_for_every_table_and_the_deal_passes_on():
    plan = [duplicate_deal(42, n, 4) for n in range(8)]
    assert plan == [duplicate_deal(42, n, 4) for n in range(8)]
    assert [d for _, d in plan] == [(plan[0][1] + n) % 4 for n in range(8)]
    assert len({s for s, _ in plan}) == 8  # a new deal each time
    assert duplicate_deal(43, 0, 4) != plan[0]


# ---------------------------------------------------------------- the store


def test_the_teacher_opens_tables_of_the_roster_and_hosts_them_without_a_seat(cs):
    quiz, joined = _class(cs, ["Ana", "Ben", "Cleo", "Dan", "Eve"])
    ct = ClassTables(cs)
    ids = {n: pid for n, (pid, _) in joined.items()}
    snaps = ct.open(quiz.id, [[ids["Ana"], None, ids["Ben"]], [ids["Cleo"], ids["Dan"], ids["Eve"], None]],
                    level="beginner", now=T0)
    assert [s.number for s in snaps] == [1, 2] and all(s.quiz_id == quiz.id for s in snaps)
    assert [[s.name or s.level for s in t.state.seats] for t in snaps] == [
        ["Ana", "beginner", "Ben"], ["Cleo", "Dan", "Eve", "beginner"]]
    assert not any(p.host for t in snaps for p in t.people), "the teacher is not a player"
    assert [len(t.people) for t in snaps] == [2, 3]
    assert [s.id for s in ct.tables(quiz.id)] == [s.id for s in snaps]
    with pytest.raises(TableError, match="already open"):
        ct.open(quiz.id, [[ids["Ana"], None, None]])
    with pytest.raises(TableError, match="class's table"):  # nobody sits at a class's table with its code
        ct.ts.join(snaps[0].code, "Zed", now=T0)
    assert ct.close(quiz.id) == 2 and ct.tables(quiz.id) == []
    again = ct.open(quiz.id, [[ids["Eve"], ids["Ana"], None]], now=T0)  # closed: the class can be seated again
    assert [s.name for s in again[0].state.seats] == ["Eve", "Ana", ""]


def test_a_learners_class_token_finds_their_seat_and_plays_it(cs):
    quiz, joined = _class(cs, ["Ana", "Ben", "Cleo"])
    ct = ClassTables(cs)
    (ana, ana_class), (ben, ben_class), (_cleo, cleo_class) = joined["Ana"], joined["Ben"], joined["Cleo"]
    snap = ct.open(quiz.id, [[None, ana, None, ben]], now=T0)[0]
    assert ct.seat_of(cleo_class) is None
    with pytest.raises(TableError, match="not seated you"):
        ct.seat_token(cleo_class)
    mine = ct.seat_of(ana_class)
    assert (mine.table_id, mine.number, mine.seat, mine.names) == (snap.id, 1, 1, ("", "Ana", "", "Ben"))
    first = ct.seat_token(ana_class)
    me = ct.ts.me(first)
    assert (me.table_id, me.seat, me.person.name, me.person.host) == (snap.id, 1, "Ana", False)
    second = ct.seat_token(ana_class)  # another phone: the first token stops working
    with pytest.raises(TableError):
        ct.ts.me(first)
    assert ct.ts.me(second).seat == 1
    out = ct.start(quiz.id, snap.id, snap.version, now=T0)
    assert out.ok and out.table.started
    tokens = {1: second, 3: ct.seat_token(ben_class)}
    snap = out.table
    rng = random.Random(5)
    while not snap.over and snap.deal.to_act in tokens:
        seat = snap.deal.to_act
        wrong = tokens[4 - seat]  # the other learner cannot act for this seat
        assert not ct.ts.act(wrong, random_action(snap.deal.copy(), rng), snap.version).ok
        out = ct.ts.act(tokens[seat], random_action(snap.deal.copy(), rng), snap.version)
        assert out.ok, out.reason
        snap = out.table


def test_only_a_class_table_takes_the_teacher_as_its_host(cs):
    quiz, joined = _class(cs, ["Ana"])
    ct = ClassTables(cs)
    own, _token, _pin = ct.ts.open("Zoe", 3, seed=3, now=T0)  # a table of friends, not the class's
    with pytest.raises(TableError, match="Only the host"):
        ct.ts.start(Teaching(own.id), own.version)
    snap = ct.open(quiz.id, [[joined["Ana"][0], None, None]], now=T0)[0]
    other, _ = _class(cs, ["Bob"])
    with pytest.raises(TableError, match="not one of this class"):
        ct.start(other.id, snap.id, snap.version)
    assert ct.start_all(quiz.id, now=T0) == 1 and ct.start_all(quiz.id, now=T0) == 0


def _duplicate_class(cs, rng_seed=1):
    """Six learners at two tables of four in duplicate, each table with a bot; every learner's seat token."""
    names = ["Ana", "Ben", "Cleo", "Dan", "Eve", "Finn"]
    quiz, joined = _class(cs, names)
    ct = ClassTables(cs)
    ids = [joined[n][0] for n in names]
    snaps = ct.open(quiz.id, [[ids[0], ids[1], None, ids[2]], [ids[3], None, ids[4], ids[5]]], duplicate=True,
                    seed=rng_seed, now=T0)
    tokens = [{}, {}]
    for n in names:
        seat = ct.seat_of(joined[n][1])
        tokens[seat.number - 1][seat.seat] = ct.seat_token(joined[n][1])
    return quiz, ct, snaps, tokens


def test_in_duplicate_every_table_deals_the_same_deals_in_the_same_order(cs):
    quiz, ct, snaps, tokens = _duplicate_class(cs)
    a, b = snaps
    hands = [[tuple(s.deal.hand(seat)) for seat in range(4)] for s in snaps]
    assert hands[0] == hands[1] and a.deal.dealer == b.deal.dealer and a.deal.dog == b.deal.dog
    assert ct.start_all(quiz.id, now=T0) == 2
    rng = random.Random(9)
    ends = [_play_to_end(ct, s, tokens[i], rng) for i, s in enumerate(ct.tables(quiz.id))]
    assert all(e.over for e in ends)
    assert ct.next_all(quiz.id, now=T0) == 2
    a, b = ct.tables(quiz.id)
    seed, dealer = duplicate_deal(a.duplicate_seed, 1, 4)
    for s in (a, b):  # the second deal: the class's, whatever each table played before
        assert (s.state.seed, s.state.dealer, len(s.state.scores), s.started) == (seed, dealer, 1, False)
        assert len(s.history) == 1
    assert [tuple(a.deal.hand(x)) for x in range(4)] == [tuple(b.deal.hand(x)) for x in range(4)]
    assert a.history[0]["seed"] == b.history[0]["seed"] == snaps[0].state.seed


def test_without_duplicate_each_table_deals_its_own_deal(cs):
    quiz, joined = _class(cs, ["Ana", "Ben"])
    ct = ClassTables(cs)
    a, b = ct.open(quiz.id, [[joined["Ana"][0], None, None], [joined["Ben"][0], None, None]], seed=4, now=T0)
    assert a.state.seed != b.state.seed and a.duplicate_seed is None


def test_the_duplicate_ranking_compares_the_same_seat_across_the_tables(cs):
    quiz, ct, snaps, tokens = _duplicate_class(cs, rng_seed=2)
    ct.start_all(quiz.id, now=T0)
    rng = random.Random(3)
    for i, s in enumerate(ct.tables(quiz.id)):
        _play_to_end(ct, s, tokens[i], rng)
    a, b = ct.tables(quiz.id)
    found = class_tables.results([a, b])
    assert len(found) == 8  # four seats at two tables, one deal
    da, db = a.deal, b.deal
    assert Deal.replay(4, a.state.seed, a.state.log, dealer=a.state.dealer).phase in (Phase.DONE, Phase.CANCELLED)
    names_a = [s.name or ("bot", 1, i) for i, s in enumerate(a.state.seats)]
    names_b = [s.name or ("bot", 2, i) for i, s in enumerate(b.state.seats)]

    def score(d, seat):
        return 0 if d.phase is Phase.CANCELLED else int(d.result().seat_scores[seat])
    for seat in range(4):
        assert found[(names_a[seat], (0, seat))][0] == score(da, seat)
        assert found[(names_b[seat], (0, seat))][0] == score(db, seat)
    standing = {s.name: s for s in class_tables.ranking([a, b], lambda n, seat: f"Bot {n}.{seat + 1}")}
    assert set(standing) == {"Ana", "Ben", "Cleo", "Dan", "Eve", "Finn", "Bot 1.3", "Bot 2.2"}
    for seat in range(4):  # each seat's note: 100 % for the better score of the two, 0 for the worse, 50 when equal
        x = names_a[seat] if isinstance(names_a[seat], str) else f"Bot 1.{seat + 1}"
        y = names_b[seat] if isinstance(names_b[seat], str) else f"Bot 2.{seat + 1}"
        sx, sy = score(da, seat), score(db, seat)
        want = (Fraction(100), Fraction(0)) if sx > sy else (Fraction(0), Fraction(100)) if sx < sy else \
            (Fraction(50), Fraction(50))
        assert (standing[x].global_, standing[y].global_) == want
        assert standing[x].deals == standing[y].deals == 1
    roles = Counter((s.attack is not None) for s in standing.values())
    taken = [d for d in (da, db) if d.phase is Phase.DONE]
    assert roles[True] == sum(sum(d.camp(x) == "attack" for x in range(4)) for d in taken)


def test_between_deals_the_teacher_moves_a_learner_to_a_bot_and_back_and_seats_a_late_learner(cs):
    quiz, joined = _class(cs, ["Ana", "Ben"])
    ct = ClassTables(cs)
    ana, ben = joined["Ana"][0], joined["Ben"][0]
    snap = ct.open(quiz.id, [[ana, None, None]], now=T0)[0]
    assert ct.unseated(quiz.id) == {ben: "Ben"}
    assert ct.placed(joined["Ben"][1]) is None and ct.placed(joined["Ana"][1]) == (snap.id, 0)
    _q, late = cs.join(quiz.code, "Cleo", now=T0)  # joined after the tables opened
    assert ct.unseated(quiz.id) == {ben: "Ben", late.id: "Cleo"}
    out = ct.seat_learner(quiz.id, snap.id, 2, late.id, snap.version, now=T0)
    assert out.ok and [s.name for s in out.table.state.seats] == ["Ana", "", "Cleo"]
    assert ct.seat_of(late.token).seat == 2 and ct.ts.me(ct.seat_token(late.token)).seat == 2
    with pytest.raises(TableError, match="without a place"):  # one place a learner
        ct.seat_learner(quiz.id, snap.id, 1, late.id, out.table.version, now=T0)
    with pytest.raises(TableError, match="Only a bot's seat"):
        ct.seat_learner(quiz.id, snap.id, 0, ben, out.table.version, now=T0)
    stale = ct.seat_learner(quiz.id, snap.id, 1, ben, snap.version, now=T0)  # the page drawn before Cleo sat
    assert not stale.ok and "moved on" in str(stale.reason)
    out = ct.to_bot(quiz.id, snap.id, 0, out.table.version, now=T0)  # Ana waits at her table for a seat
    assert out.ok and out.table.state.seats[0].is_bot
    assert ct.placed(joined["Ana"][1]) == (snap.id, None) and ana not in ct.unseated(quiz.id)
    waiting = next(p for p in out.table.people if p.name == "Ana")
    out = ct.give_seat(quiz.id, snap.id, 1, waiting.id, out.table.version, now=T0)
    assert out.ok and [s.name for s in out.table.state.seats] == ["", "Ana", "Cleo"]
    assert ct.seat_of(joined["Ana"][1]).seat == 1
    started = ct.start(quiz.id, snap.id, out.table.version, now=T0).table
    with pytest.raises(TableError, match="only between deals"):
        ct.seat_learner(quiz.id, snap.id, 0, ben, started.version, now=T0)
