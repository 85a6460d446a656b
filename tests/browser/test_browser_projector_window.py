"""Issue 37: the presenter's controls were on the projected image. In a real browser the presenter window opens
the clean projector window (a second tab of the same browser, so signed in too): the projected view only, no
sidebar and no button on it, following the presenter's Start and Show the answer by itself, the same after F5."""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import expect
from streamlit_page import press, settle
from test_browser_class import _set_quiz

from conftest import TEACHER_PASSPHRASE

ROOT = Path(__file__).resolve().parents[2]
# The buttons, toggles, inputs and links a viewer of the window can see (Streamlit keeps hidden ones in the page;
# its "Skip to main content" link, an in-page anchor, shows only to a keyboard's focus).
VISIBLE_CONTROLS = """() => [...document.querySelectorAll('button, input, select, [role=switch], a[href]')]
  .filter(el => el.offsetParent !== null && el.getBoundingClientRect().width > 1
                && getComputedStyle(el).opacity !== '0' && !el.matches('a[href^="#"]'))
  .map(el => el.innerText || el.name || el.getAttribute('data-testid') || el.tagName)"""


def test_the_projector_window_has_no_controls_and_follows_the_presenter(browser, server):
    ctx = browser.new_context(viewport={"width": 1920, "height": 1080})
    presenter = ctx.new_page()
    try:
        presenter.goto(f"{server}/teacher")
        locked, open_ = presenter.get_by_label("Teacher passphrase"), presenter.get_by_text("Set a new class quiz")
        expect(locked.or_(open_)).to_be_visible()
        settle(presenter)
        if locked.count():
            locked.fill(TEACHER_PASSPHRASE)
            presenter.get_by_role("button", name="Unlock").click()
        expect(presenter.get_by_text("Set a new class quiz")).to_be_visible()
        settle(presenter)
        if not presenter.get_by_label("Title", exact=True).is_visible():
            presenter.get_by_text("Set a new class quiz").click()
        presenter.get_by_text("Teacher-paced").click()
        code = _set_quiz(presenter, "Two windows", 2)
        settle(presenter)
        presenter.get_by_test_id("stSidebarUserContent").get_by_text("Present", exact=True).click()
        expect(presenter.get_by_role("heading", name=f"Join code {' '.join(code)}")).to_be_visible()
        settle(presenter)
        with ctx.expect_page() as opened:
            presenter.get_by_role("link", name="Open the projector window").click()
        screen = opened.value
        expect(screen.get_by_role("heading", name=f"Join code {' '.join(code)}")).to_be_visible()
        settle(screen)
        assert "screen=" in screen.url
        expect(screen.get_by_test_id("stSidebar")).to_be_hidden()
        assert screen.evaluate(VISIBLE_CONTROLS) == []

        press(presenter, presenter.get_by_role("button", name="Start the quiz"))
        expect(screen.get_by_role("heading", name="Question 1 of 2")).to_be_visible()  # no click on the screen
        press(presenter, presenter.get_by_role("button", name="Show the answer"))
        expect(screen.get_by_text("Right answer")).to_be_visible()
        settle(screen)
        assert screen.evaluate(VISIBLE_CONTROLS) == []

        screen.reload()  # F5 on the projector window: the same view, still without controls
        expect(screen.get_by_text("Right answer")).to_be_visible()
        expect(screen.get_by_role("heading", name="Question 1 of 2")).to_be_visible()
        settle(screen)
        expect(screen.get_by_test_id("stSidebar")).to_be_hidden()
        assert screen.evaluate(VISIBLE_CONTROLS) == []
        screen.screenshot(path=str(ROOT / "test-artifacts" / "projector-window.png"))
        presenter.screenshot(path=str(ROOT / "test-artifacts" / "presenter-window.png"))
        settle(presenter)
    finally:
        ctx.close()
