"""Issue 38, one screen per decision: after the bidding, the card table (with the learner's hand) and the next
action are on the first screen, on a phone (390 × 844) and on a laptop (1280 × 800), in English and French."""

import pytest
from playwright.sync_api import expect
from streamlit_page import press, settle

from conftest import ARTIFACTS

SEED = 7  # 4 players: the learner passes, a bot takes, and the learner plays to the first trick
SIZES = {"phone": (390, 844), "laptop": (1280, 800)}
WORDS = {"en": {"pass": "Pass", "hint": "Hint", "typed": "Play the typed card", "deal": "This deal"},
         "fr": {"pass": "Passe", "hint": "Indice", "typed": "Jouer la carte tapée", "deal": "Cette donne"}}

TOP = ("() => { window.scrollTo(0, 0); "
       "document.querySelectorAll('*').forEach(e => { if (e.scrollTop) e.scrollTop = 0; }); }")


def _bottom(locator) -> float:
    box = locator.bounding_box()
    assert box is not None, f"{locator} is not drawn"
    return box["y"] + box["height"]


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("size", list(SIZES))
def test_the_table_and_the_next_action_fit_the_first_screen(browser, server, size, lang):
    width, height = SIZES[size]
    words = WORDS[lang]
    ctx = browser.new_context(viewport={"width": width, "height": height})
    pg = ctx.new_page()
    try:
        pg.goto(f"{server}/practice?players=4&seed={SEED}&lang={lang}")
        press(pg, pg.get_by_role("button", name=words["pass"], exact=True))
        hand = pg.locator(".tt-hand")
        expect(hand).to_be_visible()
        expect(pg.locator("button.tt-card img").first).to_be_visible()
        settle(pg)
        pg.evaluate(TOP)  # the page as it opens: the click on the bid had scrolled Streamlit's main pane
        ARTIFACTS.mkdir(exist_ok=True)
        pg.screenshot(path=str(ARTIFACTS / f"practice-one-screen-{size}-{lang}.png"))
        for what, el in [("the card table", pg.locator(".tt-root")), ("the hand", hand),
                         ("the hint button", pg.get_by_role("button", name=words["hint"], exact=True)),
                         ("the typed card's button", pg.get_by_role("button", name=words["typed"], exact=True))]:
            bottom = _bottom(el)
            assert bottom <= height, f"{what} ends at {bottom:.0f} px, below the {height} px screen"
        # What the decision does not need is folded away, below the hand: the deal's line, bids and seats.
        about = pg.get_by_text(words["deal"], exact=False).first
        expect(about).to_be_attached()
        assert about.bounding_box()["y"] > _bottom(hand)
    finally:
        ctx.close()
