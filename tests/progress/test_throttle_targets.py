"""Issue 29: a fresh browser session for each guess does not get past the slow-downs.

The attack runs from separate processes against one database (SQLite, and PostgreSQL when
TUTOR_TEST_DATABASE_URL is set), each guess with a new session id, through the same calls the pages
make: ``roster.rejoin_with_pin`` (a class PIN), ``Store.sign_in`` (a profile PIN) and
``passphrase.check`` (the teacher passphrase). The clock is simulated: the processes share one
counter of seconds and pass it as ``now``, so 40 seconds of guessing as fast as the server answers
take a few real seconds. The requirement is at most 20 checks in 40 s at one target; the table's
numbers give 10 (``throttle.schedule``, worked out by hand below). Then the owner still gets in.
"""

from __future__ import annotations

import secrets
from datetime import timedelta

import pytest
from processes import FORK, T0, _at_once

from tutor.classroom import passphrase, roster
from tutor.classroom.store import ClassError, ClassStore, Reason
from tutor.progress import Store
from tutor.progress.db import make_engine
from tutor.progress.throttle import POLICIES, Rule, schedule

PROCESSES = 4
SPAN = 40.0  # seconds of simulated guessing
STEP = 0.1  # simulated seconds between two guesses (all processes together): 400 guesses in 40 s
LIMIT = 20  # the requirement: at most 20 checks in 40 s at one target


def _guess_loop(clock, guess) -> tuple[int, int]:
    """Guess with a fresh session each time until the shared clock passes SPAN: (checked, refused)."""
    checked = refused = 0
    while True:
        with clock.get_lock():
            t = clock.value
            clock.value = t + STEP
        if t > SPAN:
            return checked, refused
        if guess(f"attacker-{secrets.token_hex(8)}", T0 + timedelta(seconds=t)):
            checked += 1
        else:
            refused += 1


def _class_pin_attack(i: int, url: str, code: str, pins: list[str], clock) -> tuple[int, int]:
    engine = make_engine(url)  # each process its own engine, as each server process has
    cs = ClassStore(engine)

    def guess(session, now):
        try:
            roster.rejoin_with_pin(cs, code, "Ann", pins[i], session, now=now)
        except ClassError as err:
            assert err.reason in (Reason.WRONG_PIN, Reason.SLOW_DOWN_PIN), err
            return err.reason is Reason.WRONG_PIN
        raise AssertionError("a wrong PIN got in")
    try:
        return _guess_loop(clock, guess)
    finally:
        engine.dispose()


def _profile_pin_attack(i: int, url: str, name: str, clock) -> tuple[int, int]:
    s = Store.open(url)

    def guess(session, now):
        try:
            s.sign_in(name, f"guess{i}", session, now=now)
        except ValueError as err:
            return "do not match" in str(err)
        raise AssertionError("a wrong PIN got in")
    try:
        return _guess_loop(clock, guess)
    finally:
        s.close()


def _passphrase_attack(i: int, url: str, stored: str, clock) -> tuple[int, int]:
    engine = make_engine(url)
    gate = passphrase.gate(engine)

    def guess(session, now):
        right, wait = passphrase.check(gate, session, f"guess {i}", stored, now=now)
        assert not right
        return wait == 0
    try:
        return _guess_loop(clock, guess)
    finally:
        engine.dispose()


def _run(attack, *args) -> int:
    clock = FORK.Value("d", 0.0)
    results = _at_once(PROCESSES, attack, *args, clock)
    assert all(isinstance(r, tuple) for r in results), results  # no process crashed
    checked = sum(c for c, _ in results)
    assert sum(c + r for c, r in results) == pytest.approx(SPAN / STEP, abs=PROCESSES + 1)  # all guessed
    return checked


# By hand, for the per-target rule (4 failures free, then 1, 2, 4 … s): guesses 1 to 4 go through at
# once, the 5th too and starts a 1 s wait; the 6th at 1 s (wait 2), the 7th at 3 s (wait 4), the 8th
# at 7 s (wait 8), the 9th at 15 s (wait 16), the 10th at 31 s (wait 32): the next would be at 63 s.
HAND_WORKED = 10


def test_the_schedule_of_one_target_matches_the_hand_worked_count():
    for kind in ("pin", "class_pin", "teacher"):
        assert schedule(POLICIES[kind].target, SPAN) == HAND_WORKED <= LIMIT
    assert schedule(Rule(half_life=900, first_wait=1, max_wait=300, free=1), 7.5) == 4  # at 0, 1, 3 and 7 s
    assert schedule(Rule(half_life=900, first_wait=1, max_wait=2, free=1), 10) == 6  # at 0, 1, 3, 5, 7, 9 s


@pytest.fixture
def cs(store):
    return ClassStore(store.engine, store.where)


def test_fresh_sessions_from_many_processes_check_a_class_pin_at_most_10_times_in_40_s(cs, db_url):
    quiz = cs.create(title="Week 4", kinds=["count"], count=1, seed=5, now=T0)
    _, ann = cs.join(quiz.code, "Ann", now=T0, session="ann-tab")
    wrong = [f"{(int(ann.pin) + k) % 10000:04d}" for k in range(1, PROCESSES + 1)]
    assert _run(_class_pin_attack, db_url, quiz.code, wrong) == HAND_WORKED

    during = T0 + timedelta(seconds=SPAN)  # the name is still waiting (the 10th guess set 32 s)
    with pytest.raises(ClassError) as err:  # a fresh session with the right PIN waits like the attacker
        roster.rejoin_with_pin(cs, quiz.code, "Ann", ann.pin, "new-tab", now=during)
    assert err.value.reason is Reason.SLOW_DOWN_PIN
    # the owner: the session that joined gets in with the right PIN
    _, back = roster.rejoin_with_pin(cs, quiz.code, "Ann", ann.pin, "ann-tab", now=during)
    assert back.id == ann.id
    # and a learner on a new device is let in by the teacher
    secret = roster.ask_to_rejoin(cs, quiz.code, "Ann", session="new-tab", now=during)
    (req,) = roster.requests(cs, quiz.id)
    roster.answer_request(cs, quiz.id, req.id, True)
    assert roster.claim(cs, secret, now=during)[1].id == ann.id


def test_fresh_sessions_from_many_processes_check_a_profile_pin_at_most_10_times_in_40_s(store, db_url):
    bea = store.create_learner("Bea", pin="4821", session="bea-tab")
    assert _run(_profile_pin_attack, db_url, "bea") == HAND_WORKED

    during = T0 + timedelta(seconds=SPAN)
    with pytest.raises(ValueError, match="wait"):
        store.sign_in("Bea", "4821", "new-tab", now=during)
    assert store.sign_in("BEA", "4821", "bea-tab", now=during).id == bea.id  # the owner's own session
    with pytest.raises(ValueError, match="wait"):  # a right PIN from the owner does not open the door to others
        store.sign_in("Bea", "4821", "new-tab", now=during + timedelta(seconds=1))
    assert store.sign_in("Bea", "4821", "new-tab", now=during + timedelta(minutes=6)).id == bea.id  # waits are capped


def test_fresh_sessions_from_many_processes_check_the_passphrase_at_most_10_times_in_40_s(store, db_url):
    stored = passphrase.make_hash("correct horse", salt=bytes(16))
    gate = passphrase.gate(store.engine)
    assert passphrase.check(gate, "teacher-tab", "correct horse", stored, now=T0) == (True, 0.0)
    assert _run(_passphrase_attack, db_url, stored) == HAND_WORKED

    during = T0 + timedelta(seconds=SPAN)
    right, wait = passphrase.check(gate, "new-tab", "correct horse", stored, now=during)
    assert not right and wait > 0
    assert passphrase.check(gate, "teacher-tab", "correct horse", stored, now=during) == (True, 0.0)
    assert passphrase.check(gate, "new-tab", "correct horse", stored, now=during + timedelta(minutes=2)) == (True, 0.0)


def test_a_few_failures_at_a_name_do_not_slow_anybody_else(cs):
    """Four mistyped PINs are free: a learner who mistypes does not lock their classmates' way back."""
    quiz = cs.create(title="Week 4", kinds=["count"], count=1, seed=5, now=T0)
    _, ann = cs.join(quiz.code, "Ann", now=T0)
    wrong = f"{(int(ann.pin) + 1) % 10000:04d}"
    for k in range(4):
        with pytest.raises(ClassError, match="do not match"):
            roster.rejoin_with_pin(cs, quiz.code, "Ann", wrong, f"tab-{k}", now=T0)
    assert roster.rejoin_with_pin(cs, quiz.code, "Ann", ann.pin, "tab-9", now=T0)[1].id == ann.id
    with pytest.raises(ClassError, match="do not match"):  # the right one took its try back: one more is free
        roster.rejoin_with_pin(cs, quiz.code, "Ann", wrong, "tab-5", now=T0)
    with pytest.raises(ClassError) as err:
        roster.rejoin_with_pin(cs, quiz.code, "Ann", ann.pin, "tab-10", now=T0)
    assert err.value.reason is Reason.SLOW_DOWN_PIN and "wait 1 s" in str(err.value)  # past it, the name waits
    # another name of the same quiz is not slowed by Ann's
    _, bob = cs.join(quiz.code, "Bob", now=T0)
    assert roster.rejoin_with_pin(cs, quiz.code, "Bob", bob.pin, "tab-11", now=T0)[1].id == bob.id
