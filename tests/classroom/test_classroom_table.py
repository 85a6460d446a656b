"""A class at a real table, in the store (SQLite, and PostgreSQL when TUTOR_TEST_DATABASE_URL is set):
learners' PINs and coming back, the teacher letting a learner in, rename and remove, the teacher-paced
quiz, the teacher's signing key; the concurrent cases from separate processes; and the dashboard's
numbers against hand-counted ones."""

from __future__ import annotations

import time
from datetime import UTC, datetime, timedelta

import pytest
from processes import _at_once
from sqlalchemy import select

from tutor.classroom import roster, signin, stats
from tutor.classroom.store import ClassError, ClassStore, Reason, Tallies
from tutor.db.classroom import ClassPlayer, TeacherSignout
from tutor.progress.db import make_engine
from tutor.quiz import generate

T0 = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)


@pytest.fixture
def cs(store):
    return ClassStore(store.engine, store.where)


@pytest.fixture
def quiz(cs):
    return cs.create(title="Week 4", kinds=["count"], count=3, players=4, seed=5, now=T0)


def _row(cs, player_id):
    with cs.engine.connect() as conn:
        return conn.execute(select(ClassPlayer).where(ClassPlayer.id == player_id)).one()


def test_the_pin_is_shown_once_and_kept_only_as_a_hash(cs, quiz):
    _, ann = cs.join(quiz.code, "Ann", now=T0)
    assert len(ann.pin) == 6 and ann.pin.isdigit()
    stored = _row(cs, ann.id).pin_hash
    assert stored.startswith("scrypt$") and ann.pin not in stored
    assert cs.me(ann.token, now=T0)[1].pin == ""  # never read back


def test_coming_back_with_the_pin_gives_a_new_token_and_the_old_one_stops(cs, quiz):
    _, ann = cs.join(quiz.code, "Ann", now=T0)
    cs.answer(ann.token, 0, "3", now=T0)
    q, back = roster.rejoin_with_pin(cs, quiz.code.lower(), "  ANN ", ann.pin, session="tab-2", now=T0)
    assert back.name == "Ann" and back.token != ann.token and q.id == quiz.id
    assert [m.number for m in cs.my_answers(back.token, now=T0)] == [0]  # the same place, answers kept
    with pytest.raises(ClassError) as err:
        cs.me(ann.token, now=T0)
    assert err.value.reason is Reason.UNKNOWN


def test_a_wrong_pin_and_an_unknown_name_get_one_message_and_slow_the_session(cs, quiz):
    _, ann = cs.join(quiz.code, "Ann", now=T0)
    wrong = f"{(int(ann.pin) + 1) % 10000:04d}"
    with pytest.raises(ClassError) as a:
        roster.rejoin_with_pin(cs, quiz.code, "Ann", wrong, session="eve", now=T0)
    with pytest.raises(ClassError) as b:
        roster.rejoin_with_pin(cs, quiz.code, "Zed", ann.pin, session="mallory", now=T0)
    assert a.value.reason is b.value.reason is Reason.WRONG_PIN and str(a.value) == str(b.value)
    with pytest.raises(ClassError) as c:  # Eve's next try waits 1 s, even with the right PIN
        roster.rejoin_with_pin(cs, quiz.code, "Ann", ann.pin, session="eve", now=T0 + timedelta(seconds=0.5))
    assert c.value.reason is Reason.SLOW_DOWN_PIN and "wait 1 s" in str(c.value)
    # after the wait it goes through; a fresh session never waits for Eve
    assert roster.rejoin_with_pin(cs, quiz.code, "Ann", ann.pin, session="eve", now=T0 + timedelta(seconds=2))
    assert roster.rejoin_with_pin(cs, quiz.code, "Ann", ann.pin, session="ann", now=T0 + timedelta(seconds=2))


def _try_pin(i: int, url: str, code: str, pin: str) -> str:
    engine = make_engine(url)
    try:
        roster.rejoin_with_pin(ClassStore(engine), code, "Ann", pin, session="one-tab", now=T0)
        return "in"
    except ClassError as err:
        return err.reason.value
    finally:
        engine.dispose()


def test_pin_guesses_sent_together_from_one_session_take_turns(cs, quiz, db_url):
    """12 processes, one browser session, all wrong at once: one is checked, the others must wait."""
    _, ann = cs.join(quiz.code, "Ann", now=T0)
    wrong = f"{(int(ann.pin) + 1) % 10000:04d}"
    results = _at_once(12, _try_pin, db_url, quiz.code, wrong)
    assert sorted(results) == ["slow_down_pin"] * 11 + ["wrong_pin"]


def test_the_teacher_lets_a_learner_back_in(cs, quiz):
    _, ann = cs.join(quiz.code, "Ann", now=T0)
    secret = roster.ask_to_rejoin(cs, quiz.code, "ann", now=T0)
    assert roster.claim(cs, secret) is None  # waiting
    (req,) = roster.requests(cs, quiz.id)
    assert (req.player_id, req.name, req.approved) == (ann.id, "Ann", False)
    assert req.code == roster.request_code(secret)  # the code on the waiting page
    roster.answer_request(cs, quiz.id, req.id, True)
    q, back = roster.claim(cs, secret, now=T0)
    assert back.id == ann.id and back.token != ann.token and roster.requests(cs, quiz.id) == []
    with pytest.raises(ClassError) as err:  # a secret works once
        roster.claim(cs, secret)
    assert err.value.reason is Reason.REFUSED


def test_a_later_request_never_replaces_an_earlier_one(cs, quiz):
    """Issue 29: Eve asking as "ann" used to replace Ann's request; now both wait, the teacher sees
    both with their times and codes, and lets in the one in front of them."""
    _, ann = cs.join(quiz.code, "Ann", now=T0)
    real = roster.ask_to_rejoin(cs, quiz.code, "Ann", now=T0)
    eve = roster.ask_to_rejoin(cs, quiz.code, "ann", now=T0 + timedelta(minutes=2))
    assert roster.claim(cs, real) is None and roster.claim(cs, eve) is None  # both still waiting
    first, second = roster.requests(cs, quiz.id)
    assert (first.player_id, second.player_id) == (ann.id, ann.id)
    assert (first.at, second.at) == (T0, T0 + timedelta(minutes=2))  # oldest first, with their times
    assert (first.code, second.code) == (roster.request_code(real), roster.request_code(eve))
    roster.answer_request(cs, quiz.id, first.id, True)  # the teacher checks the code: the real Ann
    assert roster.claim(cs, real, now=T0)[1].id == ann.id
    with pytest.raises(ClassError) as err:  # the other request for Ann is turned down with it
        roster.claim(cs, eve)
    assert err.value.reason is Reason.REFUSED and roster.requests(cs, quiz.id) == []


def test_a_request_turned_down_is_refused_and_the_others_stay(cs, quiz):
    cs.join(quiz.code, "Ann", now=T0)
    first = roster.ask_to_rejoin(cs, quiz.code, "Ann", now=T0)
    second = roster.ask_to_rejoin(cs, quiz.code, "Ann", now=T0)
    roster.answer_request(cs, quiz.id, roster.requests(cs, quiz.id)[1].id, False)
    with pytest.raises(ClassError) as err:
        roster.claim(cs, second)
    assert err.value.reason is Reason.REFUSED
    assert roster.claim(cs, first) is None and len(roster.requests(cs, quiz.id)) == 1


def test_asking_for_a_name_nobody_has_is_answered_the_same(cs, quiz):
    """"Ask to come back" does not tell whether a name is in the quiz: the request waits either way."""
    cs.join(quiz.code, "Ann", now=T0)
    secret = roster.ask_to_rejoin(cs, quiz.code, "Nobody", now=T0)
    assert roster.claim(cs, secret) is None
    (req,) = roster.requests(cs, quiz.id)
    assert (req.name, req.player_id) == ("Nobody", None)  # the teacher sees nobody has that name
    roster.answer_request(cs, quiz.id, req.id, True)  # cannot be let in: it names nobody
    assert roster.claim(cs, secret) is None
    roster.answer_request(cs, quiz.id, req.id, False)
    with pytest.raises(ClassError):
        roster.claim(cs, secret)


def test_a_flood_of_requests_stops_at_the_cap(cs, quiz, monkeypatch):
    monkeypatch.setattr(roster, "MAX_WAITING", 3)
    for i in range(3):
        roster.ask_to_rejoin(cs, quiz.code, f"Name {i}", now=T0)
    with pytest.raises(ClassError) as err:
        roster.ask_to_rejoin(cs, quiz.code, "Ann", now=T0)
    assert err.value.reason is Reason.TOO_MANY_REQUESTS
    assert roster.turn_down_all(cs, quiz.id) == 3 and roster.requests(cs, quiz.id) == []  # the teacher clears it
    assert roster.claim(cs, roster.ask_to_rejoin(cs, quiz.code, "Ann", now=T0)) is None  # and asking works again


def test_rename_keeps_names_unique_in_any_case_and_remove_takes_the_answers(cs, quiz):
    _, ann = cs.join(quiz.code, "Ann", now=T0)
    _, bob = cs.join(quiz.code, "Bob", now=T0)
    cs.answer(bob.token, 0, "3", now=T0)
    with pytest.raises(ClassError) as err:
        roster.rename(cs, quiz.id, ann.id, "BOB")
    assert err.value.reason is Reason.NAME_TAKEN
    assert roster.rename(cs, quiz.id, ann.id, "  Anna   L. ") == "Anna L."
    assert roster.rename(cs, quiz.id, bob.id, "bob") == "bob"  # a learner's own name in another case is fine
    roster.remove(cs, quiz.id, bob.id)
    players, marks = cs.results(quiz.id)
    assert [p.name for p in players] == ["Anna L."] and marks == []
    with pytest.raises(ClassError):
        cs.me(bob.token, now=T0)


def test_a_paced_quiz_takes_answers_only_to_the_question_the_class_is_on(cs):
    q = cs.create(title="Paced", kinds=["count"], count=2, seed=5, now=T0, paced=True)
    assert (q.paced, q.current, q.started) == (True, -1, False)
    _, ann = cs.join(q.code, "Ann", now=T0)
    with pytest.raises(ClassError) as err:
        cs.answer(ann.token, 0, "3", now=T0)
    assert err.value.reason is Reason.NOT_NOW
    assert cs.move(q.id, 0).current == 0
    cs.answer(ann.token, 0, "3", now=T0)
    with pytest.raises(ClassError):
        cs.answer(ann.token, 1, "3", now=T0)
    assert cs.move(q.id, 99).current == 2 and cs.quiz(q.id).finished  # clamped: the end
    assert cs.move(q.id, -5).current == -1


def test_the_pace_a_learner_follows_is_the_teachers(cs):
    q = cs.create(title="Paced", kinds=["count"], count=2, seed=5, now=T0, paced=True)
    _, ann = cs.join(q.code, "Ann", now=T0)
    assert cs.pace(ann.token) == (-1, False)
    cs.move(q.id, 1)
    assert cs.pace(ann.token) == (1, False)
    cs.set_flags(q.id, closed=True)
    assert cs.pace(ann.token) == (1, True)
    quiz, _ = cs.me(ann.token, now=T0)
    assert cs.pace(ann.token) == (quiz.current, quiz.closed)  # what the page compares it with
    assert cs.pace("not a token") is None


def _answer(i: int, url: str, tokens: list[str], answer: str) -> str:
    engine = make_engine(url)
    try:
        ClassStore(engine).answer(tokens[i], 0, answer, now=T0)
        return "saved"
    except ClassError as err:
        return err.reason.value
    finally:
        engine.dispose()


def test_a_whole_class_answering_the_teachers_question_at_once(cs, db_url):
    q = cs.create(title="Paced", kinds=["count"], count=2, seed=5, now=T0, paced=True)
    tokens = [cs.join(q.code, f"L{i}", now=T0)[1].token for i in range(30)]
    cs.move(q.id, 0)
    right = q.questions[0].answer_text
    results = _at_once(30, _answer, db_url, tokens, right)
    assert results == ["saved"] * 30
    t = cs.tallies(q.id)
    assert t.questions[0] == (30, 30) and t.given == ((0, right, True, 30),)


def _key(i: int, url: str) -> str:
    engine = make_engine(url)
    try:
        return signin.signing_key(engine)
    finally:
        engine.dispose()


def test_processes_starting_together_agree_on_one_signing_key(store, db_url):
    keys = _at_once(8, _key, db_url)
    assert len(set(keys)) == 1 and len(keys[0]) == 64
    assert signin.signing_key(store.engine) == keys[0]  # kept in the database
    token = signin.make_token(keys[0], "h")
    assert signin.check_token(token, signin.signing_key(store.engine), "h", hours=8)
    new = signin.rotate(store.engine)
    assert new != keys[0] and not signin.check_token(token, new, "h", hours=8)


def test_sign_in_hours_come_from_the_configuration_within_bounds():
    assert signin.hours({}) == 8
    assert signin.hours({signin.HOURS_VAR: "2"}) == 2
    assert signin.hours({signin.HOURS_VAR: "9999"}) == 8 and signin.hours({signin.HOURS_VAR: "²"}) == 8
    assert signin.hours({}, {signin.HOURS_VAR: "24"}) == 24


# -- the dashboard's numbers, counted by hand ----------------------------------------------------------


def test_how_the_class_picked_cards_counted_per_card():
    q = generate("legal", 18)  # the only legal card: trump 1, from a pool of 10
    assert [c.code for c in q.answer] == ["T1"]
    given = [("T1", True, 3), ("T1 9H", False, 2), ("QS", False, 1)]
    picks = {p.label: (p.count, p.right) for p in stats.picks(q, given)}
    assert picks["T1"] == (5, True) and picks["9H"] == (2, False) and picks["QS"] == (1, False)
    assert picks["3H"] == (0, False) and len(picks) == 10  # every card of the pool, picked or not
    m = stats.mistake(q, given)
    assert (m.answer, m.count) == ("T1 9H", 2) and "9♥" in m.why


def test_the_most_common_wrong_answer_is_named_by_its_known_slip():
    q = generate("count", 0)  # 5 points; 7.5 is the slip "each low card is worth 0.5…"
    m = stats.mistake(q, [("5", True, 4), ("7.5", False, 3), ("6", False, 1)])
    assert (m.answer, m.count) == ("7.5", 3)
    assert "each low card is worth 0.5" in m.why and "The answer is 5" in m.why
    assert stats.mistake(q, [("5", True, 2)]) is None  # nobody wrong: no mistake to name


def test_per_learner_results_have_no_empty_cells_and_one_decimal():
    q = ClassStoreFree.quiz(3)
    t = Tallies(learners=(("Ann", 3, 2, 2 + 1 / 3, T0, T0 + timedelta(seconds=100 / 3), 1),
                          ("Bob", 0, 0, 0.0, T0, None, 2)), questions={})
    grid = {(1, 0): 1.0, (1, 1): 1.0, (1, 2): 1 / 3}
    rows = stats.learner_table(q, t, grid)
    assert rows[0] == {"learner": "Ann", "score": "2.3", "right": "2/3", "answered": "3/3", "time": "33 s",
                       "Q1": "right", "Q2": "right", "Q3": "part (0.3)"}
    assert rows[1] == {"learner": "Bob", "score": "0", "right": "0/3", "answered": "0/3", "time": "—",
                       "Q1": "—", "Q2": "—", "Q3": "—"}


class ClassStoreFree:
    """A quiz snapshot without a database, for the pure dashboard functions."""

    @staticmethod
    def quiz(count: int):
        from tutor.classroom.store import QuizInfo, make_questions
        qs = tuple(make_questions(["count"], count, 5, 4, 1))
        return QuizInfo(1, "ABCDEF", "T", ("count",), 4, 1, 5, qs, T0, None, False, False)


def test_locking_ends_the_token_for_every_copy_of_it(store):
    """Issue 29: a teacher cookie replayed after "Lock the teacher area" used to still work."""
    key = signin.signing_key(store.engine)
    locked, other = signin.make_token(key, "h"), signin.make_token(key, "h")
    assert signin.valid(store.engine, locked, "h", hours=8) and signin.valid(store.engine, other, "h", hours=8)
    assert signin.end(store.engine, locked, "h", hours=8)
    assert not signin.valid(store.engine, locked, "h", hours=8)  # the copy in an attacker's hands too
    assert signin.valid(store.engine, other, "h", hours=8)  # another sign-in (another browser) is not ended
    assert not signin.end(store.engine, "not a token", "h", hours=8)
    # an ended token is forgotten once it would have expired anyway
    later = signin.make_token(key, "h")
    assert signin.end(store.engine, later, "h", hours=8, now=time.time() + 9 * 3600) is False  # expired by then
    signin.end(store.engine, other, "h", hours=8)
    with store.engine.connect() as conn:
        assert len(conn.execute(select(TeacherSignout.token_id)).all()) == 2
