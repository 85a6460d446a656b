"""Renaming a learner on the class roster renames them at their class table too (issue 36): their place, the
table's seats mid-deal (a new version, so every page redraws the name), the deals already played (so the
duplicate ranking and the teacher's reviews go on naming one learner), and nobody else."""

from __future__ import annotations

import random

import pytest
from processes import T0

from tutor.classroom import class_tables
from tutor.classroom import roster as roster_ops
from tutor.classroom.class_tables import ClassTables
from tutor.classroom.store import ClassError, ClassStore
from tutor.engine.state import random_action


@pytest.fixture
def cs(store):
    return ClassStore(store.engine, store.where)


def _seated(cs):
    quiz = cs.create(title="Year 9", kinds=["count"], count=1, now=T0)
    ids, tokens = {}, {}
    for n in ("Ana", "Ben", "Cleo"):
        _q, p = cs.join(quiz.code, n, now=T0)
        ids[n], tokens[n] = p.id, p.token
    ct = ClassTables(cs)
    snap = ct.open(quiz.id, [[ids["Ana"], ids["Ben"], None, ids["Cleo"]]], now=T0)[0]
    return quiz, ct, snap, ids, tokens


def _play(ct, snap, seat_tokens, rng, moves=None):
    for _ in range(moves or 300):
        if snap.over:
            break
        out = ct.ts.act(seat_tokens[snap.deal.to_act], random_action(snap.deal.copy(), rng), snap.version)
        assert out.ok, out.reason
        snap = out.table
    return snap


def test_a_rename_mid_deal_reaches_the_table_its_seat_and_its_history(cs):
    quiz, ct, snap, ids, tokens = _seated(cs)
    seat_tokens = {0: ct.seat_token(tokens["Ana"]), 1: ct.seat_token(tokens["Ben"]), 3: ct.seat_token(tokens["Cleo"])}
    snap = ct.start(quiz.id, snap.id, snap.version, now=T0).table
    rng = random.Random(4)
    # a first deal played to its end (bots in seat 3 answer by themselves), then the next one begun
    seat_tokens[2] = None
    snap = _play(ct, snap, seat_tokens, rng)
    for _ in range(30):  # the next deal begun: three moves in, and not passed out (all four passing ends it)
        snap = ct.next_deal(quiz.id, snap.id, snap.version, now=T0).table
        if not snap.started:
            snap = ct.start(quiz.id, snap.id, snap.version, now=T0).table
        snap = _play(ct, snap, seat_tokens, rng, moves=3)
        if not snap.over and snap.deal.to_act is not None:
            break
    assert not snap.over and snap.deal.to_act is not None
    before, log = snap.version, snap.state.log
    assert roster_ops.rename(cs, quiz.id, ids["Ben"], "  Benjamin ") == "Benjamin"
    after = ct.ts.table(snap.id)
    assert [s.name for s in after.state.seats] == ["Ana", "Benjamin", "", "Cleo"]
    assert after.version == before + 1 and after.state.log == log, "the same deal, a new version"
    assert ct.ts.me(seat_tokens[1]).person.name == "Benjamin"
    assert ct.seat_of(tokens["Ana"]).names == ("Ana", "Benjamin", "", "Cleo")
    assert after.history and {tuple(h["seats"]) for h in after.history} == {("Ana", "Benjamin", "", "Cleo")}
    who = {w for (w, _deal) in class_tables.results([after])}
    assert "Ben" not in who and "Benjamin" in who
    # a stale page's action is refused with the fresh table; a fresh one goes on
    d = after.deal
    assert not ct.ts.act(seat_tokens[d.to_act], random_action(d.copy(), rng), before).ok
    assert ct.ts.act(seat_tokens[d.to_act], random_action(d.copy(), rng), after.version).ok


def test_a_rename_to_a_name_taken_in_the_class_changes_nothing_anywhere(cs):
    quiz, ct, snap, ids, _tokens = _seated(cs)
    with pytest.raises(ClassError):
        roster_ops.rename(cs, quiz.id, ids["Ben"], "ana")
    again = ct.ts.table(snap.id)
    assert [s.name for s in again.state.seats] == ["Ana", "Ben", "", "Cleo"] and again.version == snap.version


def test_a_learner_not_seated_is_renamed_without_touching_any_table(cs):
    quiz, ct, snap, _ids, _tokens = _seated(cs)
    _q, dan = cs.join(quiz.code, "Dan", now=T0)
    roster_ops.rename(cs, quiz.id, dan.id, "Daniel")
    again = ct.ts.table(snap.id)
    assert again.version == snap.version and [s.name for s in again.state.seats] == ["Ana", "Ben", "", "Cleo"]
