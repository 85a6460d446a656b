"""More than one machine: two `streamlit run` processes on two ports against ONE PostgreSQL database, as
behind a load-balancing proxy. A teacher-paced class quiz with a learner on each process, run by a teacher
on the first (the dashboard sees both learners' answers, and both learners' pages follow the teacher's
question), the teacher's signed cookie opening the Teacher page on the second process too; and one club
score sheet kept by two devices, one on each process: both add deals, nothing is lost, each sees the
other's deals by itself.

Runs when TUTOR_TEST_DATABASE_URL names a PostgreSQL database (fails without it when
TUTOR_REQUIRE_POSTGRES=1, like the other PostgreSQL tests); the processes share a schema of their own."""

from __future__ import annotations

import contextlib
import re
from pathlib import Path

import pytest
from playwright.sync_api import expect
from postgres_schema import postgres_or_skip
from streamlit_page import follows, press, settle, streamlit_server
from test_browser_class import _join, _set_quiz
from test_browser_scoresheet import start_game
from test_browser_scoresheet_live import fill, standings

from conftest import TEACHER_HASH, TEACHER_PASSPHRASE, problems_in

pytestmark = pytest.mark.long  # the module shares its two servers: all of it early in the run

ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = ROOT / "test-artifacts"
LOGS = (ARTIFACTS / "streamlit-process-a.log", ARTIFACTS / "streamlit-process-b.log")




@pytest.fixture(scope="module")
def two():
    """(url of process A, url of process B): the same configuration, as every process behind a proxy has
    (the database, a shared server, the teacher's passphrase hash); the signing key is in the database."""
    env = {"TUTOR_DATABASE_URL": postgres_or_skip("tutor_twoproc_", "the two-process test"), "TUTOR_SHARED_SERVER": "1",
           "TUTOR_TEACHER_PASSPHRASE_HASH": TEACHER_HASH}
    fmt = ("--logger.messageFormat", "%(asctime)s %(levelname)s %(name)s: %(message)s")
    with contextlib.ExitStack() as stack:
        urls = [stack.enter_context(streamlit_server(env, log, f"streamlit process {name}", extra_args=fmt))
                for log, name in zip(LOGS, "AB", strict=True)]
        yield tuple(urls)


@pytest.fixture(autouse=True)
def _no_warnings_in_either_log(request):
    """A warning or a traceback in either process's log during the test is a bug."""
    if "two" not in request.fixturenames:
        yield
        return
    request.getfixturevalue("two")
    starts = [p.stat().st_size for p in LOGS]
    yield
    found = []
    for path, start in zip(LOGS, starts, strict=True):
        with open(path, "rb") as f:
            f.seek(start)
            found += [f"{path.name}: {line}" for line in problems_in(f.read().decode(errors="replace"))]
    if found:
        pytest.fail("a Streamlit process logged a warning or an exception (a bug):\n" + "\n".join(found[:20]),
                    pytrace=False)


def _answer(pg, question: int, answer: str) -> None:
    expect(pg.get_by_text(f"Question {question} of 2")).to_be_visible()
    settle(pg)
    pg.get_by_role("textbox", name="Your answer").fill(answer)
    pg.get_by_role("button", name="Send my answer").click()
    expect(pg.get_by_text(f"Answer to question {question} saved")).to_be_visible()


def test_one_paced_class_on_two_processes(two, browser):
    a, b = two
    teacher_ctx = browser.new_context(viewport={"width": 1280, "height": 900})
    teacher = teacher_ctx.new_page()
    learners = []
    try:
        teacher.goto(f"{a}/teacher")
        expect(teacher.get_by_label("Teacher passphrase")).to_be_visible()
        settle(teacher)
        teacher.get_by_label("Teacher passphrase").fill(TEACHER_PASSPHRASE)
        teacher.get_by_role("button", name="Unlock").click()
        expect(teacher.get_by_text("Set a new class quiz")).to_be_visible()
        teacher.wait_for_function("document.cookie.includes('tutor_teacher=')")

        # The cookie signed by process A opens the Teacher page of process B (a cookie is per host, not per
        # port): the signing key is one row of the shared database, not a secret of each process.
        other = teacher_ctx.new_page()
        other.goto(f"{b}/teacher")
        expect(other.get_by_text("Set a new class quiz")).to_be_visible()
        expect(other.get_by_label("Teacher passphrase")).to_have_count(0)
        settle(other)
        other.close()

        settle(teacher)
        if not teacher.get_by_label("Title", exact=True).is_visible():
            teacher.get_by_text("Set a new class quiz").click()
        teacher.get_by_text("Teacher-paced").click()
        code = _set_quiz(teacher, "Two processes", 2)
        right = teacher.get_by_text(re.compile(r"^Right answer: "))
        expect(right).to_be_visible()
        answer1 = right.inner_text().removeprefix("Right answer: ").strip()

        ann_ctx, ann = _join(browser, a, code, "Ann")  # Ann's phone reached process A,
        bob_ctx, bob = _join(browser, b, code, "Bob")  # Bob's process B
        learners = [ann_ctx, bob_ctx]
        for pg in (ann, bob):
            expect(pg.get_by_text("will start the quiz")).to_be_visible()
        expect(teacher.get_by_text("Learners (2)").first).to_be_visible()  # Bob, joined on B

        settle(teacher)
        press(teacher, teacher.get_by_role("button", name="Start the quiz"))
        # 99 is never a pile's count (91 points in all): Ann is wrong, Bob gives the dashboard's answer.
        _answer(ann, 1, "99")
        _answer(bob, 1, answer1)
        expect(teacher.get_by_text("Question 1 · count · 1 of 2 right")).to_be_visible()

        settle(teacher)
        press(teacher, teacher.get_by_role("button", name="Next question"))
        _answer(bob, 2, "97")  # both pages moved to question 2 by themselves
        _answer(ann, 2, "98")
        settle(teacher)
        press(teacher, teacher.get_by_role("button", name="Show the results"))
        follows(ann, ann.get_by_text("Your result: 0 right out of 2"))  # each phone moves on by itself
        follows(bob, bob.get_by_text("Your result: 1 right out of 2"))

        settle(teacher)
        with teacher.expect_download() as dl:
            teacher.get_by_role("button", name="Download the answers (CSV)").click()
        rows = Path(dl.value.path()).read_text(encoding="utf-8").splitlines()
        got = sorted(tuple(r.split(",")[:2] + r.split(",")[4:6]) for r in rows[1:])
        assert got == [("Ann", "1", "99", "0"), ("Ann", "2", "98", "0"),
                       ("Bob", "1", answer1, "1"), ("Bob", "2", "97", "0")]
        for pg in (ann, bob):
            settle(pg)
        settle(teacher)
    finally:
        ARTIFACTS.mkdir(exist_ok=True)
        teacher.screenshot(path=str(ARTIFACTS / "two_processes_teacher.png"), full_page=True)
        for ctx in learners:
            ctx.close()
        teacher_ctx.close()


def test_one_score_sheet_kept_from_two_processes(two, browser):
    a, b = two
    phone_ctx = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    laptop_ctx = browser.new_context(viewport={"width": 1280, "height": 900})
    phone, laptop = phone_ctx.new_page(), laptop_ctx.new_page()
    try:
        start_game(phone, a, ["Ann", "Bob", "Cleo", "Dan"], "Two processes")  # the phone reached process A
        settle(phone)
        expect(phone).to_have_url(re.compile(r"[?&]game=\d+"))
        laptop.goto(phone.url.replace(a, b))  # the same game's address, on process B
        expect(laptop.get_by_role("heading", name="Two processes")).to_be_visible()
        expect(laptop.get_by_text("No deal yet")).to_be_visible()

        fill(phone, taker="Ann", contract="Garde", points="49", oudlers="2")
        phone.get_by_role("button", name="Add deal").click()
        expect(phone.get_by_text("Deal 1 saved.")).to_be_visible()
        # Garde 49 with 2 oudlers: made by 8, (25 + 8) x 2 = 66 from each defender, Ann +198.
        assert "1 Ann +198" in standings(laptop, 1)

        fill(laptop, taker="Bob", contract="Petite", points="40", oudlers="1")
        laptop.get_by_role("button", name="Add deal").click()
        expect(laptop.get_by_text("Deal 2 saved.")).to_be_visible()
        standings(phone, 2)

        # Both enter a deal at once, each on its own process: each is appended, neither is lost.
        fill(laptop, taker="Cleo", contract="Garde", points="60", oudlers="1")
        fill(phone, taker="Dan", contract="Garde", points="60", oudlers="1")
        phone.get_by_role("button", name="Add deal").click()
        laptop.get_by_role("button", name="Add deal").click()
        settle(phone)
        settle(laptop)
        # By hand: garde 60 with 1 oudler is made by 9, (25 + 9) x 2 = 68 from each defender, +204 to the taker;
        # the petite 40 with 1 oudler failed by 11: 36 to each defender, -108. Totals: Ann 198 + 36 - 68 - 68 = 98,
        # Bob -66 - 108 - 68 - 68 = -310, Cleo -66 + 36 + 204 - 68 = 106, Dan -66 + 36 - 68 + 204 = 106.
        for pg in (laptop, phone):
            assert "1 Cleo +106 1 Dan +106 3 Ann +98 4 Bob \u2212310" in standings(pg, 4)
        settle(phone)
        settle(laptop)
    finally:
        ARTIFACTS.mkdir(exist_ok=True)
        phone.screenshot(path=str(ARTIFACTS / "two_processes_phone.png"), full_page=True)
        laptop.screenshot(path=str(ARTIFACTS / "two_processes_laptop.png"), full_page=True)
        phone_ctx.close()
        laptop_ctx.close()


def test_a_class_duplicate_session_on_two_processes(two, browser):
    """Issue 37: the class duplicate session end to end on two processes: the teacher sets it on A, Ann (on A)
    passes, Cy (on B) takes a garde contre and plays every card, and the teacher's ranking on A compares them."""
    from test_browser_class_duplicate import PLAYERS, SEED, play_garde_contre
    from test_browser_class_duplicate import _join as join_duplicate

    from tutor.classroom.duplicate_stats import note_of, pct
    from tutor.practice.class_deals import pick_deals

    a, b = two
    seed = pick_deals(PLAYERS, 4, SEED)[0].seed
    teacher_ctx = browser.new_context(viewport={"width": 1280, "height": 900})
    teacher = teacher_ctx.new_page()
    learners = []
    try:
        teacher.goto(f"{a}/teacher")
        expect(teacher.get_by_label("Teacher passphrase")).to_be_visible()
        settle(teacher)
        teacher.get_by_label("Teacher passphrase").fill(TEACHER_PASSPHRASE)
        teacher.get_by_role("button", name="Unlock").click()
        expander = teacher.get_by_text("Set a duplicate class session")
        expect(expander).to_be_visible()
        settle(teacher)
        expander.click()
        teacher.get_by_label("Session title").fill("Duplicate on two processes")
        teacher.get_by_test_id("stRadio").filter(has_text="Players at the table").get_by_text(
            str(PLAYERS), exact=True).click()
        teacher.get_by_role("spinbutton", name="Seed (0: new deals)").fill(str(SEED))
        teacher.get_by_role("spinbutton", name="Seed (0: new deals)").press("Tab")
        teacher.get_by_role("button", name="Set the duplicate session").click()
        done = teacher.get_by_text("Duplicate session set. Code:")
        expect(done).to_be_visible()
        code = re.search(r"Code: ([A-Z0-9]{6})", done.inner_text()).group(1)

        ann_ctx, ann = join_duplicate(browser, a, code, "Ann")  # Ann's page reached process A
        learners.append(ann_ctx)
        ann.get_by_role("button", name="Pass", exact=True).click()
        expect(ann.get_by_role("heading", name=re.compile(r"Deal 1 of 4: your score \+0"))).to_be_visible()

        cy_ctx, cy = join_duplicate(browser, b, code, "Cy")  # Cy's process B
        learners.append(cy_ctx)
        score = play_garde_contre(cy, seed)
        note = note_of(score, [score, 0])
        expect(cy.get_by_role("heading", name=f"Deal 1 of 4: your score {score:+d}, {pct(note):g} %")).to_be_visible()

        # The teacher's dashboard on A follows Cy's deal, played on B, without a click.
        expect(teacher.get_by_text("Learners (2)").first).to_be_visible()
        expect(teacher.get_by_text("Results: 2, from", exact=False)).to_be_visible()
        settle(teacher)
        with teacher.expect_download() as dl:
            teacher.get_by_role("button", name="Download the ranking (CSV)").click()
        rows = [r.split(",") for r in Path(dl.value.path()).read_text(encoding="utf-8").splitlines()[1:]]
        cy_note, ann_note = pct(note), pct(note_of(0, [score, 0]))
        assert {r[1]: (r[3], r[4], r[5]) for r in rows} == {"Cy": (f"{cy_note}", "", f"{cy_note}"),
                                                           "Ann": ("", f"{ann_note}", f"{ann_note}")}
        for pg in (ann, cy):
            settle(pg)
        settle(teacher)
    finally:
        ARTIFACTS.mkdir(exist_ok=True)
        teacher.screenshot(path=str(ARTIFACTS / "two_processes_duplicate_teacher.png"), full_page=True)
        for ctx in learners:
            ctx.close()
        teacher_ctx.close()
