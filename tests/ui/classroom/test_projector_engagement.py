"""The projector's engagement features (issue 26), each optional: a timer per question (the time left on
the projector and the phones, late answers refused by the store with the server's clock), the top five
between questions (only when the teacher shows it), the podium on steps, and the lobby's name chips.

Pure parts against hand-worked cases; the store on SQLite and PostgreSQL; the pages in AppTest."""

from __future__ import annotations

import json
import os
import re
from datetime import UTC, datetime, timedelta
from html import unescape

import pytest
from class_pages import HASH, button, main_text, page

from tutor.classroom import passphrase, signin, stats
from tutor.classroom.store import ClassError, ClassStore, Reason, Tallies
from tutor.classroom.timer import check_seconds, time_left, too_late
from tutor.db import utcnow
from tutor.progress import Store
from tutor.ui.classroom import stage
from tutor.ui.classroom import teacher as teacher_page

T0 = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)
HOSTILE = ["<b>x</b>", "www.evil.com", "Zoé & <i>co</i>"]


# -- pure: the timer ----------------------------------------------------------------------------------


def test_time_left_counts_down_from_the_questions_start_and_stops_at_zero():
    at = [T0 + timedelta(seconds=s) for s in (0, 0.4, 29.5, 30, 45)]
    assert [time_left(T0, 30, t) for t in at] == [30.0, 29.6, 0.5, 0.0, 0.0]
    assert time_left(T0, None, T0) is None and time_left(None, 30, T0) is None  # no timer, or not started


def test_an_answer_is_late_only_past_the_time_and_its_two_second_grace():
    # 20 s timer: 20 s of time, 2 s for an answer already on its way; 22 s on is late
    late = [too_late(T0, 20, T0 + timedelta(seconds=s)) for s in (0, 19.9, 20, 21.9, 22, 60)]
    assert late == [False, False, False, False, True, True]
    assert not too_late(T0, None, T0 + timedelta(hours=1)) and not too_late(None, 20, T0)


@pytest.mark.parametrize("bad", [5, 9, 121, 600, -10, True, 30.5, "30"])
def test_a_timer_outside_10_to_120_whole_seconds_is_refused(bad):
    with pytest.raises(ValueError, match="10 to 120 seconds"):
        check_seconds(bad)
    assert [check_seconds(s) for s in (None, 0, 10, 45, 120)] == [None, None, 10, 45, 120]


# -- pure: the ranking --------------------------------------------------------------------------------


def tallies(rows) -> Tallies:
    """(name, score, seconds from joining to the last answer) -> the store's tallies."""
    return Tallies(tuple((name, 3, 0, float(score), T0, T0 + timedelta(seconds=sec), i)
                         for i, (name, score, sec) in enumerate(rows)), {})


CLASS = tallies([("Ann", 3, 50), ("Bob", 5, 80), ("Cleo", 5, 60), ("Dan", 2, 40), ("Eve", 2, 30), ("Fay", 2, 35),
                 ("Gus", 1, 10), ("Hal", 0.5, 5)])


def test_ranking_shares_a_place_between_equal_scores_and_lists_the_faster_first():
    # by hand: Bob and Cleo 5 (Cleo faster) share 1st; Ann 3 is 3rd; Eve, Fay, Dan 2 (in that speed order)
    # share 4th; Gus is 7th, Hal 8th
    assert [(p.place, p.name) for p in stats.ranked(CLASS)] == [
        (1, "Cleo"), (1, "Bob"), (3, "Ann"), (4, "Eve"), (4, "Fay"), (4, "Dan"), (7, "Gus"), (8, "Hal")]


def test_the_top_five_shows_five_names_and_counts_the_rest_of_a_tie():
    b = stats.leaders(CLASS)
    assert [(p.place, p.name, p.score) for p in b.places] == [
        (1, "Cleo", 5), (1, "Bob", 5), (3, "Ann", 3), (4, "Eve", 2), (4, "Fay", 2)]
    assert b.more == 1  # Dan, also 4th with 2 points
    small = stats.leaders(tallies([("Ann", 1, 5), ("Bob", 2, 5)]))
    assert [p.name for p in small.places] == ["Bob", "Ann"] and small.more == 0
    assert stats.leaders(tallies([])) == stats.Board((), 0)


def test_the_podium_steps_a_tie_for_first_leaves_second_empty():
    first, second, third = stats.steps(CLASS)
    assert (first.place, [p.name for p in first.learners], first.score) == (1, ["Cleo", "Bob"], 5)
    assert (second.place, second.learners, second.score) == (2, (), None)  # two firsts: nobody is 2nd
    assert (third.place, [p.name for p in third.learners], third.score) == (3, ["Ann"], 3)
    five = stats.steps(tallies([(n, 4, i) for i, n in enumerate("ABCDE")]), most=3)
    assert [p.name for p in five[0].learners] == ["A", "B", "C"] and five[0].more == 2
    assert five[1].learners == () and five[2].learners == ()


# -- pure: the HTML the room sees ---------------------------------------------------------------------


def shown_steps(body: str) -> list[tuple[str, list[str], str]]:
    """(label, names, score) of each podium step, left to right, as the HTML shows them."""
    out = []
    for who, label in re.findall(r'<div class="tt-step[^"]*"><div class="tt-who">(.*?)</div>'
                                 r'<div class="tt-block tt-block-\d"[^>]*>(\w+)</div></div>', body):
        names = [unescape(n) for n in re.findall(r'tt-pname">(.*?)</div>', who)]
        score = re.findall(r'tt-pscore">(.*?)</div>', who)
        out.append((label, names, score[0] if score else ""))
    return out


def test_the_podium_stands_second_first_third_with_medals_and_scores():
    body = stage.podium(stats.steps(tallies([("Ann", 3, 9), ("Bob", 2.5, 9), ("Cleo", 1, 9), ("Dan", 0, 9)])))
    assert shown_steps(body) == [("2nd", ["Bob"], "2.5 points"), ("1st", ["Ann"], "3 points"),
                                 ("3rd", ["Cleo"], "1 point")]
    assert body.count("tt-medal tt-") == 3 and "tt-gold" in body and "tt-silver" in body and "tt-bronze" in body
    heights = dict(re.findall(r"\.tt-block-(\d) \{ height: ([\d.]+)rem", stage.CSS))
    assert float(heights["1"]) > float(heights["2"]) > float(heights["3"])  # steps of different heights


def test_hostile_names_stay_text_in_the_chips_the_top_five_and_the_podium():
    t = tallies([(n, 3 - i, 9) for i, n in enumerate(HOSTILE)])
    for body in (stage.lobby(HOSTILE), stage.board(stats.leaders(t)), stage.podium(stats.steps(t))):
        assert "<b>" not in body and "<i>" not in body and "<a" not in body
        assert "&lt;b&gt;x&lt;/b&gt;" in body and "www.evil.com" in body and "Zoé &amp; &lt;i&gt;co&lt;/i&gt;" in body
    assert [n for _, names, _ in shown_steps(stage.podium(stats.steps(t))) for n in names] == [
        "www.evil.com", "<b>x</b>", "Zoé & <i>co</i>"]  # 2nd, 1st, 3rd


def test_the_lobby_counts_the_names_and_the_top_five_says_who_is_left_out():
    assert '<div class="tt-count">3 joined</div>' in stage.lobby(["Ann", "Bob", "Cleo"])
    assert "Nobody has joined yet." in stage.lobby([])
    assert "tt-many" in stage.chips([f"L{i}" for i in range(30)]) and "tt-many" not in stage.chips(["Ann"])
    body = stage.board(stats.leaders(CLASS))
    assert re.findall(r'tt-name">(.*?)<', body) == ["Cleo", "Bob", "Ann", "Eve", "Fay"]
    assert "and 1 more with 2 points" in body


def test_the_timer_html_shows_whole_seconds_left_and_a_bar_that_runs_down_over_them():
    body = stage.timer(12.5, 30)
    assert '<div class="tt-timer-n">13 s</div>' in body and "width: 41.7%; animation-duration: 12.5s" in body
    assert "Time is up" in stage.timer(0.0, 30) and "tt-timer-bar" not in stage.timer(0.0, 30)


# -- the store -----------------------------------------------------------------------------------------


@pytest.fixture
def cs(store):
    return ClassStore(store.engine, store.where)


def timed(cs, **kw):
    args = {"title": "Timed", "kinds": ["count"], "count": 2, "seed": 5, "now": T0, "paced": True, "timer": 20}
    return cs.create(**(args | kw))


def test_the_settings_are_stored_with_the_quiz(cs):
    q = timed(cs, leaderboard=True, podium=False)
    back = cs.quiz(q.id)
    assert (back.timer, back.leaderboard, back.podium) == (20, True, False)
    plain_quiz = cs.create(title="Plain", kinds=["count"], count=1, paced=True, now=T0)
    assert (plain_quiz.timer, plain_quiz.leaderboard, plain_quiz.podium) == (None, False, True)


@pytest.mark.parametrize(("kw", "words"), [
    ({"timer": 5}, "10 to 120 seconds"), ({"timer": 121}, "10 to 120 seconds"),
    ({"paced": False}, "A timer per question needs a teacher-paced quiz"),
    ({"paced": False, "timer": None, "leaderboard": True}, "top five between questions needs a teacher-paced"),
])
def test_settings_a_quiz_cannot_have_are_refused_with_a_sentence(cs, kw, words):
    with pytest.raises(ClassError, match=words) as err:
        timed(cs, **kw)
    assert err.value.reason is Reason.BAD_INPUT


def test_an_answer_after_the_time_is_refused_by_the_store_and_going_back_restarts_the_clock(cs):
    q = timed(cs)
    ann = cs.join(q.code, "Ann", now=T0)[1]
    bob = cs.join(q.code, "Bob", now=T0)[1]
    cs.move(q.id, 0, now=T0)
    assert cs.quiz(q.id).question_at == T0 and cs.quiz(q.id).time_left(T0 + timedelta(seconds=5)) == 15.0
    cs.answer(ann.token, 0, q.questions[0].answer, now=T0 + timedelta(seconds=21))  # within the grace
    with pytest.raises(ClassError) as err:
        cs.answer(bob.token, 0, q.questions[0].answer, now=T0 + timedelta(seconds=22))
    assert err.value.reason is Reason.TIME_UP
    assert str(err.value) == ("Time is up for question 1: answers are no longer taken. The next question comes here "
                              "when your teacher moves on.")
    assert cs.tallies(q.id).questions == {0: (1, 1)}  # Bob's late answer was not saved
    later = T0 + timedelta(minutes=5)
    cs.move(q.id, 1, now=later)
    cs.move(q.id, 0, now=later + timedelta(seconds=1))  # back to question 1: a fresh 20 s
    cs.answer(bob.token, 0, q.questions[0].answer, now=later + timedelta(seconds=15))
    assert cs.tallies(q.id).questions == {0: (2, 2)}


def test_a_learners_page_sees_the_clock_start_again_on_back_then_next(cs):
    """Back then Next within one of the phone's looks leaves the question number as it was: the start time the
    page watches changes, so its countdown is drawn again from the new start."""
    q = timed(cs)
    ann = cs.join(q.code, "Ann", now=T0)[1]
    cs.move(q.id, 0, now=T0)
    before = cs.watch(ann.token)
    cs.move(q.id, 1, now=T0 + timedelta(seconds=1))
    cs.move(q.id, 0, now=T0 + timedelta(seconds=2))
    after = cs.watch(ann.token)
    assert before[:3] == after[:3] == (0, False, "Ann")
    assert (before[3], after[3]) == (T0, T0 + timedelta(seconds=2))


def test_without_a_timer_a_late_answer_is_taken(cs):
    q = timed(cs, timer=None)
    ann = cs.join(q.code, "Ann", now=T0)[1]
    cs.move(q.id, 0, now=T0)
    assert cs.quiz(q.id).time_left(T0) is None
    cs.answer(ann.token, 0, q.questions[0].answer, now=T0 + timedelta(hours=1))


# -- the pages (AppTest) -------------------------------------------------------------------------------


@pytest.fixture
def teacher_cs(monkeypatch):
    """The app's own database, and the teacher's browser signed in (AppTest sends no cookie)."""
    monkeypatch.setenv(passphrase.ENV_VAR, HASH)
    s = Store.open(os.environ["TUTOR_DATABASE_URL"])
    token = signin.make_token(signin.signing_key(s.engine), HASH)
    monkeypatch.setattr(teacher_page, "_cookie", lambda: token)
    yield ClassStore(s.engine)
    s.close()


def html_of(at) -> str:
    return " ".join(h.proto.body for h in at.main.get("html"))


def test_the_form_stores_the_timer_the_top_five_and_the_podium_and_leaves_them_off_by_default(teacher_cs):
    at = page("teacher")
    for title, timer, top, podium in (("With all", 30, True, False), ("Plain", None, False, True)):
        at.text_input[0].input(title)
        at.multiselect[0].select("count")
        next(c for c in at.checkbox if c.label == "Teacher-paced").check()
        next(s for s in at.selectbox if s.label == "Timer per question").set_value(timer)
        next(c for c in at.checkbox if c.label == "Top five between questions").set_value(top)
        next(c for c in at.checkbox if c.label == "Podium at the end").set_value(podium)
        button(at, "Set the quiz").click()
        at.run()
        assert not at.exception and not at.error, [e.value for e in at.error]
    got = {q.title: (q.timer, q.leaderboard, q.podium) for q in teacher_cs.quizzes()}
    assert got == {"With all": (30, True, False), "Plain": (None, False, True)}
    assert "· teacher-paced · podium ·" in main_text(at)  # the quiz on show: Plain, as set
    at.sidebar.selectbox(key="teacher_pick").set_value(max(q.id for q in teacher_cs.quizzes()) - 1).run()
    assert "· teacher-paced · timer 30 s · top five ·" in main_text(at)


def test_a_timer_on_a_self_paced_quiz_is_refused_on_the_page(teacher_cs):
    at = page("teacher")
    at.text_input[0].input("Homework")
    at.multiselect[0].select("count")
    next(s for s in at.selectbox if s.label == "Timer per question").set_value(20)
    button(at, "Set the quiz").click()
    at.run()
    assert [e.value for e in at.error] == ["A timer per question needs a teacher-paced quiz."]
    assert teacher_cs.quizzes() == []


def test_the_projector_shows_the_time_left_only_with_a_timer(teacher_cs):
    with_timer = teacher_cs.create(title="Timed", kinds=["count"], count=2, paced=True, timer=60)
    teacher_cs.move(with_timer.id, 0)
    at = page("teacher", present=str(with_timer.id))
    body = html_of(at)
    left = int(re.search(r'aria-label="(\d+) seconds left"', body).group(1))
    assert 55 <= left <= 60 and "Question 1 of 2" in main_text(at)  # 60 s, minus this run's few seconds
    assert any("Timer: 60 s a question" in c.value for c in at.sidebar.caption)

    teacher_cs.move(with_timer.id, 1, now=utcnow() - timedelta(seconds=90))  # question 2 ran out of time
    at = page("teacher", present=str(with_timer.id))
    assert "Time is up" in html_of(at) and "Question 2 of 2" in main_text(at)
    assert any(b.label == "Show the results" for b in at.sidebar.button)  # the teacher moves on as usual

    untimed = teacher_cs.create(title="Untimed", kinds=["count"], count=1, paced=True)
    teacher_cs.move(untimed.id, 0)
    at = page("teacher", present=str(untimed.id))
    assert "tt-timer" not in html_of(at) and "Question 1 of 1" in main_text(at)


def timer_of(at) -> dict:
    """The data of the learner's countdown (the class timer component), sent in a list."""
    def walk(node):
        yield node
        for child in getattr(node, "children", {}).values():
            yield from walk(child)
    timers = [n for n in walk(at._tree) if getattr(n, "type", "") == "bidi_component"
              and n.proto.component_name == "tarot_tutor.class_timer"]
    assert len(timers) == 1, f"{len(timers)} timers on the page"
    return json.loads(timers[0].proto.json)[0]


def test_the_learners_countdown_speaks_french_with_its_plurals(teacher_cs):
    q = teacher_cs.create(title="Chrono", kinds=["count"], count=1, paced=True, timer=20)
    ann = page("class_quiz", code=q.code, lang="fr")
    ann.text_input[1].input("Ann")
    next(b for b in ann.button if b.label == "Rejoindre le quiz").click()
    ann.run()
    teacher_cs.move(q.id, 0)
    ann.run()
    clock = timer_of(ann)
    # French says the singular for 0 and 1 (the catalogue's Plural-Forms: n > 1)
    assert (clock["zero"], clock["one"], clock["other"], clock["up"]) == (
        "{n} seconde restante", "{n} seconde restante", "{n} secondes restantes", "Le temps est écoulé")
    assert 15 <= clock["left"] <= 20


def learner_on(code: str, name: str):
    at = page("class_quiz", code=code)
    at.text_input[1].input(name)
    button(at, "Join the quiz").click()
    return at.run()


def test_the_learners_page_shows_the_time_left_then_refuses_to_take_an_answer(teacher_cs):
    q = teacher_cs.create(title="Timed", kinds=["count"], count=1, paced=True, timer=45)
    ann = learner_on(q.code, "Ann")
    teacher_cs.move(q.id, 0)
    ann.run()
    clock = timer_of(ann)  # the phone counts down by itself, from what the page sent
    assert 40 <= clock["left"] <= 45 and 100 * 40 / 45 <= clock["width"] <= 100  # 45 s, minus this run's few
    assert (clock["zero"], clock["one"], clock["other"], clock["up"]) == (
        "{n} seconds left", "{n} second left", "{n} seconds left", "Time is up")
    assert clock["token"] == f"{q.id}-0" and ann.text_input(key=f"class_{q.code}_0_number")
    assert "tt-timer" not in html_of(ann) and not ann.exception  # no redraw a second from the server

    teacher_cs.move(q.id, 0, now=utcnow() - timedelta(seconds=60))  # the same question, its time gone
    ann.run()
    assert [w.value for w in ann.warning if "Time is up for question 1" in w.value]
    assert not [t for t in ann.text_input if t.key == f"class_{q.code}_0_number"]  # no form to send
    token = ann.query_params["me"]
    token = token[0] if isinstance(token, list) else token
    with pytest.raises(ClassError) as err:  # and a request made by hand is refused all the same
        teacher_cs.answer(token, 0, q.questions[0].answer)
    assert err.value.reason is Reason.TIME_UP


def answer_in_turn(cs, q, names):
    """The learners join together and answer question 1 in turn, 2 s apart: the first and the third
    right, the second wrong (so the first and the third tie, the first being faster)."""
    start = utcnow()
    players = [cs.join(q.code, n, now=start)[1] for n in names]
    cs.move(q.id, 0, now=start)
    first = q.questions[0]
    wrong = next(c.key for c in first.choices if c.key != first.answer)
    for i, (p, a) in enumerate(zip(players, (first.answer, wrong, first.answer), strict=True)):
        cs.answer(p.token, 0, a, now=start + timedelta(seconds=2 * (i + 1)))


def test_the_top_five_shows_only_when_the_teacher_shows_it_after_the_answer(teacher_cs):
    q = teacher_cs.create(title="Board", kinds=["poignee"], count=2, paced=True, leaderboard=True)
    answer_in_turn(teacher_cs, q, ("Ann", "Bob", "<b>x</b>"))
    at = page("teacher", present=str(q.id))
    assert not [b for b in at.sidebar.button if b.label == "Show the top five"]  # not before the answer
    button(at, "Show the answer").click()
    at.run()
    assert "tt-board" not in html_of(at) and "Ann" not in main_text(at)  # the answer, still no names
    button(at, "Show the top five").click()
    at.run()
    body = html_of(at)
    assert '<div class="tt-title" role="heading" aria-level="2">Top five after question 1</div><ol class="tt-board"' \
        in body  # one element: the heading never shows alone (issue 37)
    assert [unescape(n) for n in re.findall(r'tt-name">(.*?)<', body)] == ["Ann", "<b>x</b>", "Bob"]
    assert re.findall(r'tt-score">(.*?)<', body) == ["1 point", "1 point", "0 points"]
    assert "<b>x</b>" not in body
    button(at, "Back to the question").click()
    at.run()
    assert "tt-board" not in html_of(at) and "Question 1 of 2" in main_text(at)
    button(at, "Show the top five").click()
    at.run()
    button(at, "Next question").click()  # moving on hides it
    at.run()
    assert "tt-board" not in html_of(at) and "Question 2 of 2" in main_text(at)
    assert not [b for b in at.sidebar.button if b.label == "Show the top five"]


def test_without_the_top_five_there_is_no_button_to_show_it(teacher_cs):
    q = teacher_cs.create(title="No board", kinds=["count"], count=1, paced=True)
    teacher_cs.move(q.id, 0)
    at = page("teacher", present=str(q.id))
    button(at, "Show the answer").click()
    at.run()
    assert not [b for b in at.sidebar.button if b.label == "Show the top five"] and "tt-board" not in html_of(at)


def test_the_podium_at_the_end_on_steps_and_a_thank_you_without_it(teacher_cs):
    q = teacher_cs.create(title="End", kinds=["poignee"], count=1, paced=True)
    answer_in_turn(teacher_cs, q, ("Ann", "Bob", "www.evil.com"))
    teacher_cs.move(q.id, 1)
    at = page("teacher", present=str(q.id))
    # by hand: Ann and www.evil.com 1 point share 1st (listed by who answered first); Bob 0 is 3rd
    assert shown_steps(html_of(at)) == [("2nd", [], ""), ("1st", ["Ann", "www.evil.com"], "1 point"),
                                        ("3rd", ["Bob"], "0 points")]
    at.sidebar.toggle(key=f"teacher_podium_{q.id}_side").set_value(False).run()
    assert "tt-podium" not in html_of(at) and "Thank you! 3 learners took part." in main_text(at)


def test_the_lobby_shows_the_names_as_chips_with_the_count(teacher_cs):
    q = teacher_cs.create(title="Lobby", kinds=["count"], count=1, paced=True)
    for n in HOSTILE:
        teacher_cs.join(q.code, n)
    at = page("teacher", present=str(q.id))
    body = html_of(at)
    assert '<div class="tt-count">3 joined</div>' in body
    assert [unescape(n) for n in re.findall(r'<li class="tt-chip">(.*?)</li>', body)] == HOSTILE
    styles = " ".join(h.proto.body for h in at.get("html"))
    assert ".tt-chip { font-size: 2.25rem" in styles and ".tt-chips.tt-many .tt-chip { font-size: 1.75rem" in styles
    assert not at.main.button and not at.main.toggle  # still nothing to click on the projected part
