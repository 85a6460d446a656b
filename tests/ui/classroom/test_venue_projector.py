"""The projector at a real class (issue 26): a reload (F5) keeps presenting, with no answer and no
score on show; the options of a choice question are projected; the answer shows only when the teacher
presses Show the answer, and moving on hides it."""

from __future__ import annotations

import os

import pytest
from class_pages import HASH, button, main_text, page, present

from tutor.classroom import passphrase, signin
from tutor.classroom.store import ClassStore
from tutor.progress import Store
from tutor.quiz.order import shown_choices
from tutor.ui.classroom import teacher as teacher_page
from tutor.ui.common.safe import plain


@pytest.fixture(autouse=True)
def _teacher_hash(monkeypatch):
    monkeypatch.setenv(passphrase.ENV_VAR, HASH)


@pytest.fixture
def class_store():
    s = Store.open(os.environ["TUTOR_DATABASE_URL"])
    yield ClassStore(s.engine), s
    s.close()


@pytest.fixture
def cookie(monkeypatch, class_store):
    """The teacher's browser holds a valid sign-in cookie (AppTest sends none: the page is handed it)."""
    token = signin.make_token(signin.signing_key(class_store[1].engine), HASH)
    monkeypatch.setattr(teacher_page, "_cookie", lambda: token)


def paced_quiz(cs: ClassStore, kinds=("poignee",), count=2):
    quiz = cs.create(title="Poignées", kinds=list(kinds), count=count, difficulty=1, paced=True)
    ann, bob = cs.join(quiz.code, "Ann")[1], cs.join(quiz.code, "Bob")[1]
    return quiz, ann, bob


def test_a_reload_while_presenting_keeps_the_projector_and_shows_no_answer_nor_score(class_store, cookie):
    cs, _ = class_store
    quiz, ann, bob = paced_quiz(cs)
    cs.move(quiz.id, 0)
    q = quiz.questions[0]
    wrong = next(c.key for c in q.choices if c.key != q.answer)
    cs.answer(ann.token, 0, q.answer)
    cs.answer(bob.token, 0, wrong)
    at = page("teacher")
    present(at)
    assert at.query_params["present"] == [str(quiz.id)] or at.query_params["present"] == str(quiz.id)

    again = page("teacher", present=str(quiz.id))  # F5: a new session, the same address
    assert not again.exception and again.sidebar.toggle(key="teacher_present").value is True
    md = main_text(again)
    assert "Question 1 of 2" in md and q.prompt in md and "**2 of 2** have answered" in md
    assert "Right answer" not in md and "right answer" not in md
    assert not again.main.dataframe and not again.main.subheader  # no "Learners (2)" table, no scores
    assert "Ann" not in md and "Bob" not in md

    off = page("teacher")  # the address without ?present=: the teacher's own dashboard
    assert off.sidebar.toggle(key="teacher_present").value is False and off.main.dataframe


def test_turning_present_off_takes_it_out_of_the_address(class_store, cookie):
    cs, _ = class_store
    quiz, *_ = paced_quiz(cs)
    at = page("teacher", present=str(quiz.id))
    assert at.sidebar.toggle(key="teacher_present").value is True
    at.sidebar.toggle(key="teacher_present").set_value(False).run()
    assert "present" not in at.query_params and at.main.dataframe


@pytest.mark.parametrize("junk", ["0", "-1", "abc", "99999", "²"])
def test_a_junk_present_parameter_opens_the_page_as_usual(class_store, cookie, junk):
    cs, _ = class_store
    paced_quiz(cs)
    at = page("teacher", present=junk)
    assert not at.exception and not at.error
    if junk == "99999":  # a quiz that is not there: the projector shows the quiz that is
        assert "Join code" in " ".join(h.proto.body for h in at.main.get("html"))


def test_the_options_are_projected_and_the_answer_waits_for_the_teacher(class_store, cookie):
    cs, _ = class_store
    quiz, ann, bob = paced_quiz(cs)
    cs.move(quiz.id, 0)
    q = quiz.questions[0]
    wrong = next(c for c in q.choices if c.key != q.answer)
    cs.answer(ann.token, 0, q.answer)
    cs.answer(bob.token, 0, wrong.key)
    at = page("teacher", present=str(quiz.id))
    md = [m.value for m in at.main.markdown]
    letters = "ABCDEFGHIJ"
    options = [f"**{letters[n]}.** {plain(c.label)}" for n, c in enumerate(shown_choices(q))]
    # every option, lettered in the order the phones list them (two columns: A C | B D)
    assert sorted(m for m in md if m[:2] == "**" and m[3:6] == ".**") == sorted(options)
    assert not [m for m in md if "learner" in m or "right answer" in m]

    button(at, "Show the answer").click()
    at.run()
    md = [m.value for m in at.main.markdown]
    right_n = [c.key for c in shown_choices(q)].index(q.answer)
    wrong_n = [c.key for c in shown_choices(q)].index(wrong.key)
    assert f"{options[right_n]} · 1 learner · **right answer**" in md  # Ann
    assert f"{options[wrong_n]} · 1 learner" in md  # Bob
    others = [n for n in range(len(options)) if n not in (right_n, wrong_n)]
    assert all(f"{options[n]} · 0 learners" in md for n in others)

    button(at, "Next question").click()  # moving on hides the answer of the next question
    at.run()
    md = main_text(at)
    assert "Question 2 of 2" in md and "right answer" not in md and "learner" not in md.replace("learners", "")
    assert any(b.label == "Show the answer" for b in at.sidebar.button)


def test_a_number_question_shows_how_to_answer_then_the_right_answer_when_asked(class_store, cookie):
    cs, _ = class_store
    quiz, *_ = paced_quiz(cs, kinds=("count",), count=1)
    cs.move(quiz.id, 0)
    at = page("teacher", present=str(quiz.id))
    assert "Answer on your phone: a number." in [c.value for c in at.main.caption]
    assert "Right answer" not in main_text(at)
    button(at, "Show the answer").click()
    at.run()
    assert f"**Right answer:** {plain(quiz.questions[0].answer_text)}" in [m.value for m in at.main.markdown]
    button(at, "Hide the answer").click()
    at.run()
    assert "Right answer" not in main_text(at)


def test_a_reload_keeps_what_is_on_show_and_moving_on_hides_it(class_store, cookie):
    # Issue 37: what the teacher put on show is kept with the quiz (a second, clean projector window shows it
    # too), so a reload shows what the room already saw, never more; the next question hides it.
    cs, _ = class_store
    quiz, *_ = paced_quiz(cs, kinds=("count",), count=2)
    cs.move(quiz.id, 0)
    assert "Right answer" not in main_text(page("teacher", present=str(quiz.id)))  # F5 reveals nothing
    at = page("teacher", present=str(quiz.id))
    button(at, "Show the answer").click()
    at.run()
    assert "Right answer" in main_text(at)
    assert "Right answer" in main_text(page("teacher", present=str(quiz.id)))
    button(at, "Next question").click()
    at.run()
    assert "Question 2 of 2" in main_text(at) and "Right answer" not in main_text(at)
    assert "Right answer" not in main_text(page("teacher", present=str(quiz.id)))


def test_the_lobby_shows_the_joined_names_in_the_large_names_block(class_store, cookie):
    cs, _ = class_store
    quiz, *_ = paced_quiz(cs)
    at = page("teacher", present=str(quiz.id))
    styles = " ".join(h.proto.body for h in at.get("html"))  # a style-only block goes outside the main part
    assert ".tt-chip { font-size: 2.25rem" in styles  # 36 px (test_projector_engagement.py: the chips)
    names = " ".join(h.proto.body for h in at.main.get("html"))
    assert '<div class="tt-count">2 joined</div>' in names
    assert '<li class="tt-chip">Ann</li><li class="tt-chip">Bob</li>' in names
