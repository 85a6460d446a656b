"""Issue 38, one screen per decision: after a wrong drill answer the verdict and "Next question" are on the first
screen at 1280 × 800 and at 390 × 844, in English and in French, and the question is closed (no check button on
the table, the typed check greyed out, the hand's cards no longer buttons)."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect
from streamlit_page import press, settle

from conftest import ARTIFACTS
from tutor.quiz import generate

SEED = 1
URL = f"/drill?kind=legal&seed={SEED}&players=4&difficulty=1"
SIZES = {"desktop": dict(viewport={"width": 1280, "height": 800}),
         "phone": dict(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)}


def inside(box, size) -> bool:
    return (box is not None and box["y"] >= 0 and box["x"] >= 0 and box["y"] + box["height"] <= size["height"]
            and box["x"] + box["width"] <= size["width"])


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("size", list(SIZES))
def test_a_wrong_answer_shows_its_verdict_and_next_on_the_first_screen(browser, server, size, lang):
    q = generate("legal", SEED, players=4, difficulty=1)
    wrong = next(c for c in q.pool if c not in q.answer)  # one card the rules do not allow: a wrong answer
    ctx = browser.new_context(**SIZES[size])
    try:
        pg = ctx.new_page()
        pg.goto(server + URL + ("&lang=fr" if lang == "fr" else ""))
        table_card = pg.locator(f"button.tt-card[data-code='{wrong.code}']")
        expect(table_card).to_be_visible()
        settle(pg)
        table_card.click()
        press(pg, pg.locator("button.tt-answer"))
        verdict = pg.get_by_test_id("stAlertContentError").first
        expect(verdict).to_be_visible()
        expect(verdict).to_contain_text("Ce n’est pas juste." if lang == "fr" else "Not right.")
        nxt = pg.locator(".st-key-drill_next button")
        expect(nxt).to_contain_text("Question suivante" if lang == "fr" else "Next question")
        settle(pg)
        pg.evaluate("() => new Promise(done => requestAnimationFrame(() => requestAnimationFrame(done)))")
        view = pg.viewport_size
        for _ in range(40):  # the scroll into view may still be moving on a loaded machine: give it 10 s to rest
            if inside(verdict.bounding_box(), view) and inside(nxt.bounding_box(), view):
                break
            pg.wait_for_timeout(250)
        assert inside(verdict.bounding_box(), view), f"the verdict is off the first screen: {verdict.bounding_box()}"
        assert inside(nxt.bounding_box(), view), f"Next question is off the first screen: {nxt.bounding_box()}"
        assert nxt.get_attribute("data-testid") == "stBaseButton-primary", "Next question is the primary button"
        # Closed: the table's check button is gone, its cards are pictures, the typed check is greyed out.
        expect(pg.locator("button.tt-answer")).to_have_count(0)
        expect(pg.locator("button.tt-card")).to_have_count(0)
        expect(pg.get_by_test_id("stFormSubmitButton").locator("button")).to_be_disabled()
        ARTIFACTS.mkdir(exist_ok=True)
        pg.screenshot(path=str(ARTIFACTS / f"verdict-{size}-{lang}.png"))  # the first screen only
        hand = pg.locator(".tt-hand .tt-played")  # the position is still there to read, as pictures
        expect(hand).to_have_count(len(q.pool))
        hand.last.scroll_into_view_if_needed()
        pg.screenshot(path=str(ARTIFACTS / f"verdict-{size}-{lang}-table.png"))
    finally:
        ctx.close()


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("size", list(SIZES))
def test_a_missed_puzzle_shows_its_verdict_and_next_puzzle_on_the_first_screen(browser, server, size, lang):
    from tutor.quiz.order import shown_choices
    from tutor.quiz.puzzles import address_code
    from tutor.ui.common.data import puzzles

    puzzle = next(p for p in puzzles() if p.to_question().answer_type.value == "choice")
    q = puzzle.to_question()
    wrong = next(i for i, c in enumerate(shown_choices(q)) if c.key != q.answer)
    ctx = browser.new_context(**SIZES[size])
    try:
        pg = ctx.new_page()
        pg.goto(f"{server}/puzzles?puzzle={address_code(puzzle.id)}" + ("&lang=fr" if lang == "fr" else ""))
        choice = pg.get_by_test_id("stRadio").locator("[role=radiogroup] label").nth(wrong)
        expect(choice).to_be_visible()
        settle(pg)
        choice.click()
        press(pg, pg.get_by_test_id("stFormSubmitButton").locator("button"))
        settle(pg)  # the page runs once more after a first answer (the list then names the puzzle by its title)
        verdict = pg.get_by_test_id("stAlertContentError").first
        expect(verdict).to_be_visible()
        nxt = pg.get_by_role("button", name="Problème suivant →" if lang == "fr" else "Next puzzle →")
        again = pg.locator(f".st-key-pz_{puzzle.id}_again button")
        expect(nxt).to_contain_text("Problème suivant" if lang == "fr" else "Next puzzle")
        expect(again).to_contain_text("Réessayer" if lang == "fr" else "Try again")
        settle(pg)
        pg.evaluate("() => new Promise(done => requestAnimationFrame(() => requestAnimationFrame(done)))")
        view = pg.viewport_size
        for what, loc in (("the verdict", verdict), ("Next puzzle", nxt), ("Try again", again)):
            assert inside(loc.bounding_box(), view), f"{what} is off the first screen: {loc.bounding_box()}"
        assert nxt.get_attribute("data-testid") == "stBaseButton-primary"
        expect(pg.get_by_test_id("stRadio").locator("input").first).to_be_disabled()
        expect(pg.get_by_test_id("stFormSubmitButton").locator("button")).to_be_disabled()
        ARTIFACTS.mkdir(exist_ok=True)
        pg.screenshot(path=str(ARTIFACTS / f"puzzle-verdict-{size}-{lang}.png"))
    finally:
        ctx.close()
