"""Issue 39: a class PIN guessed across every name of the quiz.

The names are on the projector, so an attacker spreads guesses over all of them: the per-name count
alone let 30 names × 10 checks through in 40 s. Now every try also counts against the whole quiz and
the whole server (``throttle.POLICIES["class_pin"].wider``). The attack runs from 4 processes against
one database (SQLite, and PostgreSQL when TUTOR_TEST_DATABASE_URL is set), each guess with a fresh
session, through ``roster.rejoin_with_pin`` as the page calls it; the clock is simulated (the
processes share one counter of seconds), so 40 s of guessing take a few real seconds.
"""

from __future__ import annotations

import secrets
from datetime import timedelta

import pytest
from processes import FORK, T0, _at_once  # separate processes released together, on one clock start

from tutor.classroom import roster
from tutor.classroom.store import PIN_DIGITS, ClassError, ClassStore, Reason
from tutor.db.classroom import ClassPlayer
from tutor.progress.db import make_engine, writing
from tutor.progress.hashing import make_hash
from tutor.progress.throttle import POLICIES, schedule

PROCESSES, NAMES = 4, 30
SPAN, STEP = 40.0, 0.1  # simulated seconds of guessing, and between two guesses (all processes together)
LIMIT = 20  # the issue: at most 20 PIN checks in 40 s in all for the quiz
QUIZ_RULE, SERVER_RULE = POLICIES["class_pin"].wider

# By hand, for the quiz's rule (10 tries at once, then 1, 2, 4 … s): tries 1 to 10 at 0 s (the 10th
# starts a 1 s wait), the 11th at 1 s (wait 2), the 12th at 3 s (wait 4), the 13th at 7 s, the 14th
# at 15 s, the 15th at 31 s (wait 32): the next would be at 63 s. The server's: 20 at once, then the same.
QUIZ_HAND_WORKED, SERVER_HAND_WORKED = 15, 25


def _attack(i: int, url: str, codes: list[str], names: list[str], clock) -> tuple[int, int]:
    """Guess with a fresh session each time, going round the names (and the quizzes), until the shared
    clock passes SPAN: (checked, refused)."""
    engine = make_engine(url)  # each process its own engine, as each server process has
    cs = ClassStore(engine)
    checked = refused = 0
    try:
        while True:
            with clock.get_lock():
                t, k = clock.value, int(round(clock.value / STEP))
                clock.value = t + STEP
            if t > SPAN:
                return checked, refused
            code, name = codes[k % len(codes)], names[(k // len(codes)) % len(names)]
            guess = f"{secrets.randbelow(10 ** PIN_DIGITS):0{PIN_DIGITS}d}"
            try:
                roster.rejoin_with_pin(cs, code, name, guess, f"attacker-{secrets.token_hex(8)}",
                                       now=T0 + timedelta(seconds=t))
                return -1, -1  # a random guess got in (one chance in tens of thousands): the test says so
            except ClassError as err:
                assert err.reason in (Reason.WRONG_PIN, Reason.SLOW_DOWN_PIN), err
                checked += err.reason is Reason.WRONG_PIN
                refused += err.reason is Reason.SLOW_DOWN_PIN
    finally:
        engine.dispose()


def _run(url, codes, names) -> int:
    clock = FORK.Value("d", 0.0)
    results = _at_once(PROCESSES, _attack, url, codes, names, clock)
    assert all(isinstance(r, tuple) and r[0] >= 0 for r in results), results  # no crash, no lucky guess
    assert sum(c + r for c, r in results) == pytest.approx(SPAN / STEP, abs=PROCESSES + 1)  # all guessed
    return sum(c for c, _ in results)


@pytest.fixture
def cs(store):
    return ClassStore(store.engine, store.where)


def _class(cs, title="Week 4"):
    quiz = cs.create(title=title, kinds=["count"], count=1, seed=5, now=T0)
    learners = {}
    for n in range(NAMES):
        _, learners[f"Learner {n + 1}"] = cs.join(quiz.code, f"Learner {n + 1}", now=T0, session=f"tab-{title}-{n}")
    return quiz, learners


def test_the_hand_worked_schedules():
    assert schedule(QUIZ_RULE, SPAN) == QUIZ_HAND_WORKED <= LIMIT
    assert schedule(SERVER_RULE, SPAN) == SERVER_HAND_WORKED


def test_guesses_spread_over_30_names_from_4_processes_check_at_most_15_pins_in_40_s(cs, db_url):
    quiz, learners = _class(cs)
    assert _run(db_url, [quiz.code], list(learners)) == QUIZ_HAND_WORKED

    during = T0 + timedelta(seconds=SPAN)  # the quiz is still waiting (the 15th check set 32 s)
    ann = learners["Learner 1"]
    with pytest.raises(ClassError) as err:  # a fresh session with the right PIN waits like the attacker
        roster.rejoin_with_pin(cs, quiz.code, "Learner 1", ann.pin, "new-tab", now=during)
    assert err.value.reason is Reason.SLOW_DOWN_PIN
    # the owner: the session that joined gets in with the right PIN
    _, back = roster.rejoin_with_pin(cs, quiz.code, "Learner 1", ann.pin, "tab-Week 4-0", now=during)
    assert back.id == ann.id
    # and a learner on a new device is let in by the teacher ("Ask my teacher")
    secret = roster.ask_to_rejoin(cs, quiz.code, "Learner 2", session="new-tab", now=during)
    (req,) = roster.requests(cs, quiz.id)
    roster.answer_request(cs, quiz.id, req.id, True)
    assert roster.claim(cs, secret, now=during)[1].id == learners["Learner 2"].id


def test_guesses_spread_over_several_quizzes_count_against_the_server(cs, db_url):
    classes = [_class(cs, f"Class {c}") for c in range(3)]
    checked = _run(db_url, [quiz.code for quiz, _ in classes], list(classes[0][1]))
    assert checked == SERVER_HAND_WORKED  # 3 quizzes × 15 would be 45


def test_pins_have_six_digits_and_an_older_four_digit_pin_still_works(cs):
    quiz = cs.create(title="Week 5", kinds=["count"], count=1, seed=5, now=T0)
    _, bea = cs.join(quiz.code, "Bea", now=T0, session="bea-tab")
    assert len(bea.pin) == 6 and bea.pin.isdigit()
    with writing(cs.engine) as conn:  # a learner who joined before issue 39 was given 4 digits
        conn.execute(ClassPlayer.__table__.update().where(ClassPlayer.id == bea.id).values(pin_hash=make_hash("0417")))
    _, back = roster.rejoin_with_pin(cs, quiz.code, "Bea", "0417", "other-tab", now=T0)
    assert back.id == bea.id


def test_a_learners_link_ends_with_the_class_day(cs):
    quiz = cs.create(title="Week 6", kinds=["count"], count=1, seed=5, now=T0,
                     deadline=T0 + timedelta(hours=1))  # the class ends at 10:00
    _, cleo = cs.join(quiz.code, "Cleo", now=T0, session="cleo-tab")
    assert cs.me(cleo.token, now=T0 + timedelta(hours=12))[1].id == cleo.id  # read the result that evening
    with pytest.raises(ClassError) as err:  # not the next day (it was 7 days)
        cs.me(cleo.token, now=T0 + timedelta(hours=14))
    assert err.value.reason is Reason.EXPIRED
    # and no PIN is checked (nor counted) once the links have expired
    with pytest.raises(ClassError) as err:
        roster.rejoin_with_pin(cs, quiz.code, "Cleo", cleo.pin, "cleo-tab", now=T0 + timedelta(days=2))
    assert err.value.reason is Reason.EXPIRED
