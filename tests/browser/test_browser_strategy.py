"""The strategy drills in a real browser, at 1280 px and at 390 px: the best card clicked on the card table
(the other hands beside it), the écart chosen on the table, and a bid chosen; each feedback table fits the
window (no sideways scrolling)."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import expect
from streamlit_page import settle

from tutor.quiz import generate
from tutor.ui.common.cards import card_name

WIDTHS = {"desktop": 1280, "phone": 390}
ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"


@pytest.fixture(params=list(WIDTHS))
def pg(browser, request):
    width = WIDTHS[request.param]
    phone = width < 500
    ctx = browser.new_context(viewport={"width": width, "height": 844 if phone else 900}, is_mobile=phone,
                              has_touch=phone)
    page = ctx.new_page()
    page.phone = phone
    yield page
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{request.node.name}.png"), full_page=True)
    ctx.close()


def press(page, locator) -> None:
    if page.phone:
        locator.tap()
    else:
        locator.click()


def card(page, c):
    return page.get_by_role("button", name=card_name(c), exact=True).first


def no_sideways_scroll(page) -> None:
    assert page.evaluate("document.documentElement.scrollWidth") <= page.viewport_size["width"], \
        "the page scrolls sideways"


def test_best_card_clicked_on_the_table(pg, server):
    q = generate("best_card", 3, players=4, difficulty=1)
    pg.goto(f"{server}/drill?kind=best_card&seed=3&players=4&difficulty=1")
    expect(card(pg, q.answer[0])).to_be_visible()
    settle(pg)
    # Every hand is shown: the other seats' hands lie beside the table.
    for label in q.cards:
        if label.startswith("Seat"):
            expect(pg.get_by_text(label, exact=False).first).to_be_visible()
    press(pg, card(pg, q.answer[0]))
    press(pg, pg.get_by_role("button", name="Check my answer", exact=True))
    expect(pg.get_by_text("Right!").first).to_be_visible()
    expect(pg.get_by_role("table").first).to_be_visible()
    no_sideways_scroll(pg)


def test_ecart_chosen_on_the_table(pg, server):
    q = generate("good_ecart", 6, players=4, difficulty=1)
    pg.goto(f"{server}/drill?kind=good_ecart&seed=6&players=4&difficulty=1")
    expect(pg.locator(".tt-count")).to_have_text(f"0 of {len(q.answer)} chosen")
    settle(pg)
    for c in q.answer:
        press(pg, card(pg, c))
    press(pg, pg.get_by_role("button", name="Put these aside", exact=True))
    expect(pg.get_by_text("Right!").first).to_be_visible()
    expect(pg.get_by_role("table").first).to_be_visible()
    no_sideways_scroll(pg)


def test_a_bid_chosen_and_the_estimate_table_fits(pg, server):
    pg.goto(f"{server}/drill?kind=contract&seed=7&players=4&difficulty=1")
    expect(pg.get_by_text("What would you bid?").first).to_be_visible()
    settle(pg)
    pg.get_by_text("Pass", exact=True).first.click()
    press(pg, pg.get_by_role("button", name="Check my answer", exact=True))
    expect(pg.get_by_text("Estimated from").first).to_be_visible()
    expect(pg.get_by_role("table").first).to_be_visible()
    no_sideways_scroll(pg)
