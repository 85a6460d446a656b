"""The class pages under AppTest, for the class tests: the teacher unlocked, a quiz set, a learner joined, buttons
and the page's text.
"""

import os
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from tutor.classroom import passphrase
from tutor.classroom.store import ClassStore
from tutor.progress import Store

APP = str(Path(__file__).resolve().parents[2] / "streamlit_app.py")

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


def set_paced_quiz(at, title="Paced", count=2) -> str:
    at.text_input[0].input(title)
    at.multiselect[0].select("count")
    at.number_input[0].set_value(count)
    next(c for c in at.checkbox if c.label == "Teacher-paced").check()
    button(at, "Set the quiz").click()
    at.run()
    assert not at.exception and not at.error, [e.value for e in at.error]
    return at.code[0].value.rsplit("=", 1)[1]


def present(at) -> AppTest:
    at.sidebar.toggle(key="teacher_present").set_value(True)
    return at.run()


def main_text(at) -> str:
    return " ".join(m.value for m in at.main.markdown)


def _id_of(at, name):
    s = Store.open(os.environ["TUTOR_DATABASE_URL"])
    try:
        from sqlalchemy import select

        from tutor.db.classroom import ClassPlayer
        with s.engine.connect() as conn:
            return conn.execute(select(ClassPlayer.id).where(ClassPlayer.name == name)).scalar_one()
    finally:
        s.close()


def snapshot(code):
    s = Store.open(os.environ["TUTOR_DATABASE_URL"])
    try:
        return ClassStore(s.engine).find(code)
    finally:
        s.close()
