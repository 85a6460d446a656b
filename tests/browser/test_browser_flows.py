"""The main flows in a real browser: pictures really render, clicks really answer."""

from playwright.sync_api import expect


def card_sizes(page):
    return page.eval_on_selector_all(
        "img.tt-card", "els => els.map(e => [e.naturalWidth, e.getBoundingClientRect().width])")


def test_course_to_first_lesson_and_answer_a_check(page, server):
    page.goto(server)
    expect(page.get_by_role("heading", name="Tarot Tutor")).to_be_visible(timeout=30000)
    page.get_by_role("button", name="Start here →").click()
    expect(page.get_by_role("heading", name="The deck")).to_be_visible(timeout=30000)
    page.wait_for_url("**/lesson?lesson=the-deck", timeout=15000)
    # Step forward to the first check, looking at the card pictures on the way.
    saw_cards = False
    for _ in range(8):
        if page.get_by_text("How many cards does one suit have").count():
            break
        if page.locator("img.tt-card").count():
            page.locator("img.tt-card").first.wait_for(state="visible")
            sizes = card_sizes(page)
            assert sizes and all(natural > 0 and shown > 0 for natural, shown in sizes)
            saw_cards = True
        page.get_by_role("button", name="Next →").click()
        page.wait_for_timeout(400)
    assert saw_cards, "the lesson should have shown card pictures before its first check"
    page.get_by_text("14", exact=True).click()
    page.get_by_role("button", name="Check my answer").click()
    expect(page.get_by_text("Right!")).to_be_visible(timeout=15000)


def test_phone_width_still_shows_cards(browser, server):
    ctx = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True)
    pg = ctx.new_page()
    pg.goto(server + "/check")
    expect(pg.get_by_role("heading", name="Check a deal")).to_be_visible(timeout=30000)
    pg.get_by_role("tab", name="Check a legal play").click()
    pg.get_by_role("button", name="Which cards may I play?").click()
    pg.locator("img.tt-card").first.wait_for(state="visible", timeout=15000)
    sizes = card_sizes(pg)
    assert len(sizes) == 6 and all(n > 0 and w > 0 for n, w in sizes)
    width = pg.evaluate("document.documentElement.scrollWidth")
    assert width <= 400, "no horizontal scrolling on a phone"
    from pathlib import Path
    out = Path(__file__).resolve().parents[2] / "test-artifacts"
    out.mkdir(exist_ok=True)
    pg.screenshot(path=str(out / "phone_check.png"), full_page=True)
    ctx.close()


def test_drill_legal_cards_answered_by_clicking_cards(page, server):
    import re

    from tutor.quiz import generate
    from tutor.ui.cards import card_label

    page.goto(server + "/drill")
    caption = page.get_by_text(re.compile(r"seed \d+")).first
    caption.wait_for(timeout=30000)
    seed = int(re.search(r"seed (\d+)", caption.inner_text()).group(1))
    q = generate("legal", seed, players=4, difficulty=1)
    page.locator("img.tt-card").first.wait_for(state="visible")
    assert all(n > 0 and w > 0 for n, w in card_sizes(page))
    for c in q.answer:
        page.get_by_role("button", name=card_label(c), exact=True).first.click()
        page.wait_for_timeout(150)
    page.get_by_role("button", name="Check my answer").click()
    expect(page.get_by_text("Right!").first).to_be_visible(timeout=15000)
    expect(page.get_by_text("Streak")).to_be_visible()
