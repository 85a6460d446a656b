"""The main flows in a real browser: pictures really render, clicks really answer."""

import re
from pathlib import Path

from playwright.sync_api import expect
from streamlit_page import settle

ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"


def card_sizes(page):
    return page.eval_on_selector_all(
        "img.tt-card", "els => els.map(e => [e.naturalWidth, e.getBoundingClientRect().width])")


def test_course_to_first_lesson_and_answer_a_check(page, server):
    page.goto(server)
    expect(page.get_by_role("heading", name="Tarot Tutor")).to_be_visible()
    # The sidebar groups the pages, learning first.
    nav = page.get_by_test_id("stSidebarNav")
    for section in ("Learn", "Look up", "Club and class"):
        expect(nav.get_by_text(section, exact=True)).to_be_visible()
    page.get_by_role("button", name="Start here →").click()
    # Lesson 0, the whole deal at a glance: its table picture really renders, and its first check answers.
    expect(page.get_by_role("heading", name="A whole deal at a glance")).to_be_visible()
    page.wait_for_url("**/lesson?lesson=a-whole-deal&step=1")
    saw_table = False
    for step in range(1, 5):
        expect(page.get_by_text(re.compile(rf"^Step {step} of \d+$"))).to_be_visible()
        settle(page)
        if page.get_by_text("Which way does play go around the table?").count():
            break
        if page.get_by_text("Four players, seen from above").count():  # the table step: wait for its picture
            page.locator("img.tt-table").first.wait_for(state="visible")
            sizes = page.eval_on_selector_all(
                "img.tt-table", "els => els.map(e => [e.naturalWidth, e.getBoundingClientRect().width])")
            assert sizes and all(natural > 0 and shown > 0 for natural, shown in sizes)
            saw_table = True
        page.get_by_role("button", name="Next →").click()
    assert saw_table, "the overview shows the table before its first check"
    page.get_by_text("Counter-clockwise: each next player sits on the right").click()
    page.get_by_role("button", name="Check my answer").click()
    expect(page.get_by_text("Right!")).to_be_visible()


def test_the_deck_lesson_shows_cards_and_answers_a_check(page, server):
    page.goto(server + "/lesson?lesson=the-deck")
    expect(page.get_by_role("heading", name="The deck")).to_be_visible()
    # Step forward to the first check, looking at the card pictures on the way.
    # Each step is read once its run has finished, so a slow machine cannot skip past the check.
    saw_cards = False
    for step in range(1, 9):
        expect(page.get_by_text(re.compile(rf"^Step {step} of \d+$"))).to_be_visible()
        settle(page)
        if page.get_by_text("How many cards does one suit have").count():
            break
        if page.locator("img.tt-card").count():
            page.locator("img.tt-card").first.wait_for(state="visible")
            sizes = card_sizes(page)
            assert sizes and all(natural > 0 and shown > 0 for natural, shown in sizes)
            saw_cards = True
        page.get_by_role("button", name="Next →").click()
    assert saw_cards, "the lesson should have shown card pictures before its first check"
    page.get_by_text("14", exact=True).click()
    page.get_by_role("button", name="Check my answer").click()
    expect(page.get_by_text("Right!")).to_be_visible()


def test_phone_width_still_shows_cards(browser, server):
    ctx = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True)
    pg = ctx.new_page()
    pg.goto(server + "/check")
    expect(pg.get_by_role("heading", name="Check a deal")).to_be_visible()
    pg.get_by_role("tab", name="Check a legal play").click()
    pg.get_by_role("button", name="Which cards may I play?").click()
    pg.locator("img.tt-card").first.wait_for(state="visible")
    sizes = card_sizes(pg)
    assert len(sizes) == 6 and all(n > 0 and w > 0 for n, w in sizes)
    width = pg.evaluate("document.documentElement.scrollWidth")
    assert width <= 400, "no horizontal scrolling on a phone"
    snap(pg, "phone_check.png")
    ctx.close()


def test_drill_legal_cards_answered_by_clicking_cards(page, server):
    from tutor.quiz import generate
    from tutor.ui.common.cards import card_name

    page.goto(server + "/drill")
    caption = page.get_by_text(re.compile(r"seed \d+")).first
    caption.wait_for()
    seed = int(re.search(r"seed (\d+)", caption.inner_text()).group(1))
    q = generate("legal", seed, players=4, difficulty=1)
    page.locator("button.tt-card img").first.wait_for(state="visible")
    assert all(n > 0 and w > 0 for n, w in table_card_sizes(page))
    settle(page)
    for c in q.answer:  # the card pictures on the table are what is clicked
        page.get_by_role("button", name=card_name(c), exact=True).click()
    page.get_by_role("button", name="Check my answer").click()
    expect(page.get_by_text("Right!").first).to_be_visible()
    expect(page.get_by_text("Streak 1")).to_be_visible()
    # The explanation links to the rule in the reference.
    page.get_by_text("Show me why").click()
    snap(page, "drill_answered.png")
    page.get_by_role("link", name="Read the rule: Playing a trick").click()
    expect(page.get_by_role("heading", name="Playing a trick")).to_be_visible()
    assert "section=playing-a-trick" in page.url


def table_card_sizes(page):
    """The card table's pictures (inside its shadow root, which Playwright's CSS locators pierce)."""
    return page.locator("button.tt-card img").evaluate_all(
        "els => els.map(e => [e.naturalWidth, e.getBoundingClientRect().width])")


def snap(pg, name: str) -> None:
    """A screenshot of the whole page: Streamlit scrolls inside its main block, so grow the window first."""
    size = pg.viewport_size
    height = pg.evaluate("document.querySelector('[data-testid=stMain]')?.scrollHeight || 0")
    tall = max(size["height"], min(height + 40, 8000))
    pg.set_viewport_size({"width": size["width"], "height": tall})
    pg.wait_for_function("h => window.innerHeight === h", arg=tall)  # the page has the new size
    settle(pg)
    pg.evaluate("() => new Promise(done => requestAnimationFrame(() => requestAnimationFrame(done)))")  # drawn
    ARTIFACTS.mkdir(exist_ok=True)
    pg.screenshot(path=str(ARTIFACTS / name))
    pg.set_viewport_size(size)


def phone(browser):
    return browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)


def test_phone_course_map_shows_where_to_start(browser, server):
    ctx = phone(browser)
    pg = ctx.new_page()
    pg.goto(server)
    start = pg.get_by_role("button", name="Start here →")
    start.wait_for()
    box = start.bounding_box()
    assert box and box["y"] + box["height"] <= 844, "the way in is on the first screen of a phone"
    assert pg.evaluate("document.documentElement.scrollWidth") <= 390
    snap(pg, "phone_course.png")
    ctx.close()


def test_phone_drill_answered_by_tapping_cards(browser, server):
    from tutor.quiz import generate
    from tutor.ui.common.cards import card_name

    seed = next(s for s in range(50) if 2 <= len(generate("legal", s, players=4, difficulty=2).answer) <= 6)
    q = generate("legal", seed, players=4, difficulty=2)
    ctx = phone(browser)
    pg = ctx.new_page()
    pg.goto(f"{server}/drill?kind=legal&seed={seed}&players=4&difficulty=2")
    pg.get_by_text(f"seed {seed}").first.wait_for()
    pg.locator("button.tt-card img").first.wait_for(state="visible")
    assert all(n > 0 and w > 0 for n, w in table_card_sizes(pg))
    assert pg.evaluate("document.documentElement.scrollWidth") <= 390, "no sideways scrolling on a phone"
    settle(pg)
    for c in q.answer:
        pg.get_by_role("button", name=card_name(c), exact=True).tap()
    pg.get_by_role("button", name="Check my answer").tap()
    expect(pg.get_by_text("Right!").first).to_be_visible()
    snap(pg, "phone_drill.png")
    ctx.close()
