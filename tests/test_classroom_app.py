"""The class flow in AppTest: the teacher unlocks and sets a quiz, two learners answer differently,
the dashboard shows the right statistics; and the doors a learner must not get through."""

import os
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from tutor.classroom import passphrase
from tutor.classroom.store import ClassStore
from tutor.progress import Store

APP = str(Path(__file__).resolve().parents[1] / "streamlit_app.py")

PASS = "tarot for year nine"
HASH = passphrase.make_hash(PASS, salt=b"0123456789abcdef")


@pytest.fixture(autouse=True)
def _teacher_hash(monkeypatch):
    monkeypatch.setenv(passphrase.ENV_VAR, HASH)  # each test has a fresh database, so no slow-down yet


def page(name: str, **query) -> AppTest:
    at = AppTest.from_file(APP, default_timeout=60)
    at.run()
    at.switch_page(f"tutor/ui/pages/{name}.py")
    for k, v in query.items():
        at.query_params[k] = v
    return at.run()


def button(at, label):
    return next(b for b in at.button if b.label == label)


def unlocked_teacher() -> AppTest:
    at = page("teacher")
    at.text_input[0].input(PASS)
    button(at, "Unlock").click()
    at.run()
    assert not at.exception and not at.error
    return at


def set_quiz(at, title="Counting 1", count=3) -> str:
    at.text_input[0].input(title)
    at.multiselect[0].select("count")
    at.number_input[0].set_value(count)
    button(at, "Set the quiz").click()
    at.run()
    assert not at.exception and not at.error, [e.value for e in at.error]
    link = at.code[0].value
    assert "/class?code=" in link
    return link.rsplit("=", 1)[1]


def snapshot(code):
    s = Store.open(os.environ["TUTOR_DATABASE_URL"])
    try:
        return ClassStore(s.engine).find(code)
    finally:
        s.close()


def learner(code, name, answers) -> AppTest:
    at = page("class_quiz", code=code)
    assert at.text_input[0].value == code  # the ?code= link fills it in
    at.text_input[1].input(name)
    button(at, "Join the quiz").click()
    at.run()
    for n, a in enumerate(answers):
        assert not at.exception and not at.error, [e.value for e in at.error]
        at.text_input(key=f"class_{code}_{n}_number").input(a)
        button(at, "Send my answer").click()
        at.run()
    return at


def test_whole_class_flow_two_learners_and_the_dashboard():
    teacher = unlocked_teacher()
    code = set_quiz(teacher)
    quiz = snapshot(code)
    right = [q.answer_text for q in quiz.questions]
    wrong = [str(int(float(r)) + 1) for r in right]

    ann = learner(code, "Ann", right)
    assert "Your result: 3 right out of 3" in ann.subheader[0].value
    assert any("explanations later" in i.value for i in ann.info)
    bob = learner(code, "Bob", [right[0], wrong[1], wrong[2]])
    assert "Your result: 1 right out of 3" in bob.subheader[0].value
    # a learner's page shows only their own answers
    text = " ".join(m.value for m in bob.markdown)
    assert "Ann" not in text and not bob.dataframe

    teacher.run()
    assert "Learners (2)" in [h.value for h in teacher.subheader]
    people, per_q, picks, skills = (d.value for d in teacher.dataframe)
    assert list(people["learner"]) == ["Ann", "Bob"]
    assert list(people["right"]) == ["3/3", "1/3"] and list(people["score"]) == ["3", "1"]
    assert list(people["Q1"]) == ["right", "right"] and list(people["Q2"]) == ["right", "wrong"]
    cells = [str(v) for col in people.columns for v in people[col]]
    assert not any(c in ("None", "nan", "") for c in cells), cells  # never an empty or "None" cell
    assert list(per_q["% right"]) == ["100", "50", "50"]
    assert list(per_q["most common mistake"]) == ["—", f"{wrong[1]} ×1", f"{wrong[2]} ×1"]
    assert list(picks["answer"]) == [right[0]] and list(picks["learners"]) == [2]  # question 1: both right
    assert list(skills["% right"]) == ["66.7"]  # 4 right of 6: one decimal, not 66.66666
    # question 2 in full: its text, the right answer, how the class answered and the mistake named
    teacher.selectbox(key=f"teacher_question_{quiz.id}").set_value(2).run()
    md = " ".join(m.value for m in teacher.markdown)
    assert quiz.questions[1].prompt in md and f"**Right answer:** {right[1]}" in md
    picks = teacher.dataframe[2].value
    assert dict(zip(picks["answer"], picks["learners"], strict=True)) == {right[1]: 1, wrong[1]: 1}
    assert dict(zip(picks["answer"], picks["right"], strict=True)) == {right[1]: "yes", wrong[1]: "no"}
    mistake = teacher.warning[0].value
    assert f"Most common mistake:** {wrong[1]} (1 learner)" in mistake and f"answer is {right[1]}" in mistake

    button(teacher, "Allow the explanations").click()
    teacher.run()
    bob.run()  # Bob's page now opens the explanations
    assert any("answer and why" in e.label for e in bob.expander)


def test_closing_the_quiz_stops_answers_with_a_clear_message():
    teacher = unlocked_teacher()
    code = set_quiz(teacher, count=2)
    ann = learner(code, "Ann", [])
    button(teacher, "Close the quiz").click()
    teacher.run()
    ann.text_input(key=f"class_{code}_0_number").input("3")
    button(ann, "Send my answer").click()
    ann.run()
    assert "is closed" in ann.error[0].value
    late = page("class_quiz", code=code)
    late.text_input[1].input("Cleo")
    button(late, "Join the quiz").click()
    late.run()
    assert "is closed" in late.error[0].value


def test_an_unknown_code_gets_a_clear_message():
    at = page("class_quiz", code="ZZZZZZ")
    at.text_input[1].input("Ann")
    button(at, "Join the quiz").click()
    at.run()
    assert "no class quiz with the code “ZZZZZZ”" in at.error[0].value


def test_a_wrong_passphrase_is_refused_and_slows_the_next_try():
    at = page("teacher")
    at.text_input[0].input("guess")
    button(at, "Unlock").click()
    at.run()
    assert "Wrong passphrase" in at.error[0].value
    assert not at.dataframe and not any(b.label == "Set the quiz" for b in at.button)
    at.text_input[0].input(PASS)  # even the right one must wait now
    button(at, "Unlock").click()
    at.run()
    assert "wait" in at.error[0].value and not any(b.label == "Set the quiz" for b in at.button)
    other = page("teacher")  # another session that has not failed is never locked out by this one
    other.text_input[0].input(PASS)
    button(other, "Unlock").click()
    other.run()
    assert not other.error and any(b.label == "Set the quiz" for b in other.button)


def test_without_a_configured_passphrase_the_teacher_area_stays_locked(monkeypatch):
    monkeypatch.delenv(passphrase.ENV_VAR)
    at = page("teacher")
    assert "TUTOR_TEACHER_PASSPHRASE_HASH" in at.warning[0].value
    assert not at.text_input and not at.dataframe


def test_a_learner_session_never_reaches_the_dashboard():
    teacher = unlocked_teacher()
    code = set_quiz(teacher, count=1)
    ann = learner(code, "Ann", ["3"])
    ann.switch_page("tutor/ui/pages/teacher.py")  # the learner's own session opens the Teacher page
    ann.run()
    assert not ann.dataframe and any(b.label == "Unlock" for b in ann.button)
    ann.switch_page("tutor/ui/pages/class_quiz.py")
    ann.query_params["code"] = code
    ann.run()
    assert "Bob" not in " ".join(m.value for m in ann.markdown)


def test_a_reload_comes_back_to_the_same_place_through_the_address():
    """A reload is a new session: the token in the address (?me=) brings the learner back, mid-quiz."""
    teacher = unlocked_teacher()
    code = set_quiz(teacher, count=3)
    right = [q.answer_text for q in snapshot(code).questions]
    ann = learner(code, "Ann", right[:1])
    token = ann.query_params["me"]
    assert ann.query_params["code"] == code and len(token) >= 24

    again = page("class_quiz", code=code, me=token)  # a fresh session, as after a reload
    assert not again.exception and not again.error
    assert [t.key for t in again.text_input] == [f"class_{code}_1_number"]  # question 2 waits
    assert "playing as Ann" in again.caption[0].value
    again.text_input(key=f"class_{code}_1_number").input(right[1])
    button(again, "Send my answer").click()
    again.run()
    assert [m.correct for m in snapshot_marks(code, token)] == [True, True]

    # "Not you?" leaves on this device: the join form is back and the address forgets the token.
    button(again, "Not you?").click()
    again.run()
    assert "me" not in again.query_params
    assert [b.label for b in again.button if b.label == "Join the quiz"]


def test_a_broken_token_in_the_address_gets_a_message_and_the_join_form():
    code = set_quiz(unlocked_teacher(), count=1)
    at = page("class_quiz", code=code, me="not-a-token")
    assert not at.exception
    assert "Join again with the code" in at.warning[0].value
    assert at.text_input[0].value == code
    assert "me" not in at.query_params


def snapshot_marks(code, token):
    s = Store.open(os.environ["TUTOR_DATABASE_URL"])
    try:
        return ClassStore(s.engine).my_answers(token)
    finally:
        s.close()


def test_a_locked_database_on_the_class_page_offers_try_again(monkeypatch, _fresh_progress_db):
    """The message says “press Try again”: the button is there, and after the lock it joins."""
    import sqlite3
    monkeypatch.setattr("tutor.progress.db.BUSY_TIMEOUT_MS", 100)
    monkeypatch.setattr("tutor.classroom.store.PATIENCE", 0.3)
    teacher = unlocked_teacher()
    code = set_quiz(teacher, count=2)
    at = page("class_quiz", code=code)
    other = sqlite3.connect(_fresh_progress_db, isolation_level=None)
    other.execute("BEGIN EXCLUSIVE")
    try:
        at.text_input[1].input("Ann")
        button(at, "Join the quiz").click()
        at.run()
        assert not at.exception
        assert "locked" in at.error[0].value and "Try again" in at.error[0].value
        assert any(b.label == "Try again" for b in at.button)
    finally:
        other.execute("ROLLBACK")
        other.close()
    button(at, "Try again").click()
    at.run()
    assert not at.error
    at.text_input[1].input("Ann")
    button(at, "Join the quiz").click()
    at.run()
    assert "Question 1 of 2" in at.get("progress")[0].proto.text


def test_a_tab_guessing_codes_is_slowed_down():
    at = page("class_quiz")
    messages = []
    for i in range(12):  # the waits double (2, 4, 8 … s): however slow each run, one of them comes in time
        at.text_input[0].input(f"ZZZZZ{i % 8 + 2}")
        at.text_input[1].input("Eve")
        button(at, "Join the quiz").click()
        at.run()
        messages.append(at.error[0].value)
        if "Too many tries" in messages[-1]:
            break
    assert all("no class quiz" in m for m in messages[:5])
    assert "Too many tries to join from this browser" in messages[-1]
