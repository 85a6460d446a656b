"""A class quiz in a real browser: the teacher unlocks and sets a quiz, two learners (two browser
contexts, so two sessions) answer differently, and the dashboard shows the per-question statistics;
the dashboard follows the class without a click, a reload keeps the teacher signed in, and the
projector's QR code has a real size."""

import re
import time
from pathlib import Path

from playwright.sync_api import expect
from streamlit_page import press, settle

from conftest import TEACHER_HASH, TEACHER_PASSPHRASE
from tutor.classroom.passphrase import RULE


def test_the_browser_hash_is_the_passphrase_hash():
    from tutor.classroom.passphrase import verify
    assert verify(TEACHER_PASSPHRASE, TEACHER_HASH)


def _join(browser, server, code, name):
    """A learner on a phone-sized page (a context of their own: a session of their own) joins as ``name``."""
    ctx = browser.new_context(viewport={"width": 390, "height": 844})
    pg = ctx.new_page()
    pg.goto(f"{server}/class?code={code}")
    expect(pg.get_by_role("heading", name="Class quiz")).to_be_visible()
    settle(pg)
    pg.get_by_label("Your name").fill(name)
    pg.get_by_role("button", name="Join the quiz").click()
    return ctx, pg


def _learner(browser, server, code, name, answers, reload_at=None):
    ctx, pg = _join(browser, server, code, name)
    for i, a in enumerate(answers):
        expect(pg.get_by_text(f"Question {i + 1} of {len(answers)}")).to_be_visible()
        settle(pg)
        if i == reload_at:  # a reload is a new session: the address brings the learner back here
            assert "me=" in pg.url
            pg.reload()
            expect(pg.get_by_text(f"Question {i + 1} of {len(answers)}")).to_be_visible()
            expect(pg.get_by_text(f"playing as {name}")).to_be_visible()
            settle(pg)
        pg.get_by_role("textbox", name="Your answer").fill(a)
        pg.get_by_role("button", name="Send my answer").click()
    expect(pg.get_by_text("Your result:")).to_be_visible()
    return ctx, pg


def test_teacher_two_learners_and_the_dashboard(page, browser, server):
    page.goto(f"{server}/teacher")
    expect(page.get_by_role("heading", name="Teacher")).to_be_visible()
    settle(page)
    page.get_by_label("Teacher passphrase").fill("not it")
    page.get_by_role("button", name="Unlock").click()
    expect(page.get_by_text("Wrong passphrase")).to_be_visible()
    time.sleep(RULE.wait_after(1))  # the rule's own slow-down after one wrong try (wall-clock, not drawing)
    page.get_by_label("Teacher passphrase").fill(TEACHER_PASSPHRASE)
    page.get_by_role("button", name="Unlock").click()
    expect(page.get_by_text("Set a new class quiz")).to_be_visible()
    settle(page)
    expander = page.get_by_text("Set a new class quiz")
    if not page.get_by_label("Title", exact=True).is_visible():
        expander.click()
    page.get_by_label("Title", exact=True).fill("Browser class")
    page.locator("[data-testid=stMultiSelect] input").first.click()
    page.keyboard.type("count:")
    page.keyboard.press("Enter")
    page.keyboard.press("Escape")
    page.get_by_label("Questions", exact=True).fill("2")
    page.get_by_label("Questions", exact=True).press("Tab")
    page.get_by_role("button", name="Set the quiz").click()
    expect(page.get_by_text("Quiz set. Code:")).to_be_visible()
    code = re.search(r"Code: ([A-Z0-9]{6})", page.get_by_text("Quiz set. Code:").inner_text()).group(1)

    ann_ctx, ann = _learner(browser, server, code, "Ann", ["0", "0"])
    expect(ann.get_by_text("Your result: 0 right out of 2")).to_be_visible()
    expect(ann.get_by_text("explanations later")).to_be_visible()

    settle(page)
    page.get_by_role("button", name="Allow the explanations").click()
    # Wait for the teacher's run that saved it, not just for a quiet page (the click's run may not
    # have started yet), before Ann looks again.
    expect(page.get_by_role("button", name="Hide the explanations")).to_be_visible()
    settle(page)
    ann.get_by_role("button", name="Check again").click()  # Ann's page now opens the answers
    expect(ann.get_by_text("Question 1: answer and why")).to_be_visible()
    settle(ann)  # the expander is clicked on the finished page, not on one being redrawn
    ann.get_by_text("Question 1: answer and why").click()
    shown = ann.get_by_text(re.compile(r"^Answer: -?[\d.]+")).first
    expect(shown).to_be_visible()
    answer = re.search(r"Answer: (-?[\d.]+)", shown.inner_text()).group(1)
    ann_ctx.close()

    bob_ctx, bob = _learner(browser, server, code, "Bob", [answer, "99"], reload_at=1)
    expect(bob.get_by_text("Your result: 1 right out of 2")).to_be_visible()
    expect(bob.get_by_text("Ann")).to_have_count(0)  # never another learner's name or answers
    bob_ctx.close()

    page.reload()  # a new session, but the signed cookie keeps the teacher in: no passphrase in front of the class
    expect(page.get_by_text("Learners (2)")).to_be_visible()
    expect(page.get_by_label("Teacher passphrase")).to_have_count(0)
    settle(page)
    # the dashboard's tables are canvas grids: read the answers back through the CSV download
    with page.expect_download() as dl:
        page.get_by_role("button", name="Download the answers (CSV)").click()
    rows = Path(dl.value.path()).read_text(encoding="utf-8").splitlines()
    assert rows[0] == "learner,question,kind,skill,answer,correct,credit,answered_at"
    got = sorted(tuple(r.split(",")[:2] + r.split(",")[4:6]) for r in rows[1:])
    assert got == [("Ann", "1", "0", "0"), ("Ann", "2", "0", "0"), ("Bob", "1", answer, "1"), ("Bob", "2", "99", "0")]
    expect(page.get_by_text("Learners (2)")).to_be_visible()


def _set_quiz(page, title: str, count: int) -> str:
    settle(page)
    if not page.get_by_label("Title", exact=True).is_visible():
        page.get_by_text("Set a new class quiz").click()
    page.get_by_label("Title", exact=True).fill(title)
    page.locator("[data-testid=stMultiSelect] input").first.click()
    page.keyboard.type("count:")
    page.keyboard.press("Enter")
    page.keyboard.press("Escape")
    page.get_by_role("spinbutton", name="Questions").fill(str(count))
    page.get_by_role("spinbutton", name="Questions").press("Tab")
    page.get_by_role("button", name="Set the quiz").click()
    expect(page.get_by_text("Quiz set. Code:")).to_be_visible()
    return re.search(r"Code: ([A-Z0-9]{6})", page.get_by_text("Quiz set. Code:").inner_text()).group(1)


def test_the_dashboard_follows_the_class_a_reload_keeps_the_teacher_and_the_qr_has_a_size(page, browser, server):
    page.goto(f"{server}/teacher")
    expect(page.get_by_label("Teacher passphrase")).to_be_visible()
    settle(page)
    page.get_by_label("Teacher passphrase").fill(TEACHER_PASSPHRASE)
    page.get_by_role("button", name="Unlock").click()
    expect(page.get_by_text("Set a new class quiz")).to_be_visible()
    code = _set_quiz(page, "Live class", 2)
    expect(page.get_by_text("Learners (0)")).to_be_visible()
    settle(page)

    ctx, ann = _join(browser, server, code, "Ann")
    expect(ann.get_by_text("Your PIN is")).to_be_visible()
    settle(ann)
    ann.get_by_role("textbox", name="Your answer").fill("0")
    ann.get_by_role("button", name="Send my answer").click()
    expect(ann.get_by_text("Question 2 of 2")).to_be_visible()
    ctx.close()

    # no click on the teacher's page: it redraws itself every few seconds (while a redraw runs, the old drawing
    # may still be on the page beside the new one: .first)
    expect(page.get_by_text("Learners (1)").first).to_be_visible()
    expect(page.get_by_text(re.compile(r"Question 1 · count · [01] of 1 right")).first).to_be_visible()
    expect(page.get_by_text(re.compile(r"Most common mistake|1 of 1 right")).first).to_be_visible()

    page.reload()  # in front of the class: still signed in
    expect(page.get_by_text("Learners (1)").first).to_be_visible()
    expect(page.get_by_label("Teacher passphrase")).to_have_count(0)
    settle(page)

    page.get_by_test_id("stSidebarUserContent").get_by_text("Present", exact=True).click()  # the toggle
    # The projected code is a heading read letter by letter; the set-up view's `code` may linger for a moment.
    expect(page.get_by_role("heading", name=f"Join code {' '.join(code)}")).to_be_visible()
    expect(page.get_by_text("1 joined", exact=True)).to_be_visible()
    img = page.locator("[data-testid=stImage] img").first
    expect(img).to_be_visible()
    page.wait_for_function("(el) => el.complete && el.naturalWidth > 0", arg=img.element_handle())
    natural = img.evaluate("(el) => [el.naturalWidth, el.naturalHeight]")
    box = img.bounding_box()
    assert natural[0] == natural[1] >= 250, natural  # the PNG itself
    assert box["width"] >= 200 and abs(box["width"] - box["height"]) < 2, box  # and as drawn
    main = page.locator("[data-testid=stMain]")  # nothing to click or type on the projected part
    controls = main.locator("[data-testid^=stBaseButton], input, textarea, [role=switch]").filter(visible=True)
    img.hover()  # not even the image's fullscreen button, which shows on hover
    expect(controls).to_have_count(0)
    code_box = page.get_by_text(code, exact=True).bounding_box()
    assert code_box["height"] >= 60 and code_box["x"] + code_box["width"] <= 1280, code_box  # large, on screen
    settle(page)


def test_a_teacher_paced_quiz_learners_follow_without_a_click_to_the_podium(page, browser, server):
    page.goto(f"{server}/teacher")
    locked, open_ = page.get_by_label("Teacher passphrase"), page.get_by_text("Set a new class quiz")
    expect(locked.or_(open_)).to_be_visible()
    settle(page)
    if locked.count():  # run alone; after the other tests their cookie already signs the teacher in
        page.get_by_label("Teacher passphrase").fill(TEACHER_PASSPHRASE)
        page.get_by_role("button", name="Unlock").click()
    expect(page.get_by_text("Set a new class quiz")).to_be_visible()
    settle(page)
    if not page.get_by_label("Title", exact=True).is_visible():
        page.get_by_text("Set a new class quiz").click()
    page.get_by_text("Teacher-paced").click()
    code = _set_quiz(page, "Paced class", 2)
    settle(page)

    ctx, ann = _join(browser, server, code, "Ann")
    expect(ann.get_by_text("will start the quiz")).to_be_visible()

    press(page, page.get_by_role("button", name="Start the quiz"))
    # Ann's page moves to question 1 by itself
    expect(ann.get_by_text("Question 1 of 2")).to_be_visible()
    settle(ann)
    ann.get_by_role("textbox", name="Your answer").fill("0")
    ann.get_by_role("button", name="Send my answer").click()
    expect(ann.get_by_text("Answer to question 1 saved")).to_be_visible()

    settle(page)
    page.get_by_test_id("stSidebarUserContent").get_by_text("Present", exact=True).click()
    expect(page.get_by_role("heading", name="Question 1 of 2")).to_be_visible()
    expect(page.get_by_text("1 of 1")).to_be_visible()
    settle(page)
    press(page, page.get_by_role("button", name="Next question"))  # in the sidebar, while presenting
    expect(page.get_by_role("heading", name="Question 2 of 2")).to_be_visible()
    expect(ann.get_by_text("Question 2 of 2")).to_be_visible()  # no click on Ann's page
    settle(ann)
    ann.get_by_role("textbox", name="Your answer").fill("0")
    ann.get_by_role("button", name="Send my answer").click()
    expect(ann.get_by_text("Answer to question 2 saved")).to_be_visible()
    settle(page)
    press(page, page.get_by_role("button", name="Show the results"))
    expect(page.get_by_role("heading", name="1st")).to_be_visible()
    expect(page.locator("[data-testid=stMain]").get_by_text("Ann", exact=True)).to_be_visible()
    expect(ann.get_by_text("Your result: 0 right out of 2")).to_be_visible()
    ann.screenshot(path=str(Path(__file__).resolve().parents[2] / "test-artifacts" / "paced-learner.png"))
    ctx.close()
    settle(page)
