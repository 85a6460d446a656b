"""Tables for a class in Chromium: a learner's Class page is open when the teacher seats the class and opens the
tables; the seat appears on it by itself, "Go to my table" opens Play together on that seat (no code to type, on a
390 px phone), and the teacher's dashboard starts the table and follows it."""

from __future__ import annotations

from playwright.sync_api import expect
from streamlit_page import press, settle, streamlit_server

from conftest import ARTIFACTS, TEACHER_HASH, TEACHER_PASSPHRASE, failing_on_log_problems
from tutor.classroom.class_tables import ClassTables
from tutor.classroom.store import ClassStore
from tutor.progress import Store


def test_the_teacher_opens_the_tables_and_a_learner_reaches_her_seat_from_the_class_page(browser, tmp_path):
    url = f"sqlite:///{tmp_path / 'class-tables.sqlite3'}"
    store = Store.open(url)
    cs = ClassStore(store.engine)
    quiz = cs.create(title="Tables", kinds=["count"], count=1)
    tokens = {name: cs.join(quiz.code, name)[1].token for name in ("Ana", "Ben")}
    ct = ClassTables(cs)

    log_path = ARTIFACTS / "streamlit-together-class.log"
    env = {"TUTOR_DATABASE_URL": url, "TUTOR_TEACHER_PASSPHRASE_HASH": TEACHER_HASH}
    with streamlit_server(env, log_path) as server, failing_on_log_problems(log_path):
        teacher_ctx = browser.new_context(viewport={"width": 1280, "height": 900})
        phone_ctx = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
        try:
            ana = phone_ctx.new_page()
            ana.goto(f"{server}/class?code={quiz.code}&me={tokens['Ana']}")
            expect(ana.get_by_text("playing as Ana")).to_be_visible()
            settle(ana)

            teacher = teacher_ctx.new_page()
            teacher.goto(f"{server}/teacher")
            settle(teacher)
            teacher.get_by_label("Teacher passphrase").fill(TEACHER_PASSPHRASE)
            teacher.get_by_role("button", name="Unlock").click()
            expect(teacher.get_by_role("heading", name="Tables for this class")).to_be_visible()
            settle(teacher)
            teacher.locator("[data-testid=stRadio]").filter(has_text="Seats at each table") \
                .get_by_text("3", exact=True).click()
            settle(teacher)
            press(teacher, teacher.get_by_role("button", name="Open the tables"))
            expect(teacher.get_by_text("deal 1 · waiting for you to start it")).to_be_visible()
            settle(teacher)

            seated = ana.get_by_text("Your teacher has seated you at")
            expect(seated).to_be_visible()  # by itself: the Class page looks every few seconds
            expect(seated).to_contain_text("seat 1, with Ben, a bot")
            settle(ana)
            press(ana, ana.get_by_role("button", name="Go to my table"))
            expect(ana.get_by_text("of your class · you are")).to_be_visible()
            assert "/table?seat=" in ana.url
            expect(ana.get_by_text("Waiting for your teacher to start the deal.")).to_be_visible()
            settle(ana)

            press(teacher, teacher.get_by_role("button", name="Start every table"))
            expect(teacher.get_by_text("waiting for you to start it")).to_have_count(0)
            expect(ana.get_by_text("Waiting for your teacher to start the deal.")).to_have_count(0)
            expect(ana.get_by_text("Your hand").first).to_be_visible()  # her seat's deal, by itself
            settle(ana)
            assert ana.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
            settle(teacher)
        finally:
            teacher_ctx.close()
            phone_ctx.close()
    snap = ct.tables(quiz.id)[0]
    assert snap.started and [s.name for s in snap.state.seats] == ["Ana", "Ben", ""]
    store.close()
