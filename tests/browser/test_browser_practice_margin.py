"""Issue 38, the Practice page on a phone (390 × 844): the page keeps a side margin a thumb can rest on (Streamlit's
own 1 rem, 16 px, at this width), the card table and the hand included, with nothing cut or scrolling sideways."""

from playwright.sync_api import expect
from streamlit_page import press, settle

from conftest import ARTIFACTS

MARGIN = 12  # px: the least side margin at 390 px wide (checked by eye on the screenshot: 16 px today)


def test_the_practice_table_and_hand_keep_a_side_margin_on_a_phone(browser, server):
    ctx = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    pg = ctx.new_page()
    try:
        pg.goto(f"{server}/practice?players=4&seed=7")  # the learner passes, a bot takes, the learner plays
        press(pg, pg.get_by_role("button", name="Pass", exact=True))
        expect(pg.locator("button.tt-card img").first).to_be_visible()
        settle(pg)
        width = pg.viewport_size["width"]
        assert pg.evaluate("document.documentElement.scrollWidth") <= width, "the page scrolls sideways"
        for what, sel in (("the title", "h1"), ("the card table", ".tt-root"), ("the hand", ".tt-hand"),
                          ("a card", "button.tt-card")):
            boxes = [b for b in (el.bounding_box() for el in pg.locator(sel).all()) if b]
            assert boxes, f"{what} is not drawn"
            left, right = min(b["x"] for b in boxes), max(b["x"] + b["width"] for b in boxes)
            assert left >= MARGIN and width - right >= MARGIN, f"{what} spans {left:.0f}..{right:.0f} of {width} px"
        ARTIFACTS.mkdir(exist_ok=True)
        pg.screenshot(path=str(ARTIFACTS / "practice-margin-phone.png"))
    finally:
        ctx.close()
