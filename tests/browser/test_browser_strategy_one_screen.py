"""Issue 38, one screen per decision, for the strategy puzzles: after a missed answer to each of the three kinds
(the best card with every hand shown, the seat's own view, the bid), the verdict, "Try again" and "Next puzzle"
are on the first screen at 1280 × 800 and at 390 × 844, in English and in French; the question is closed (the
hand's cards are pictures, not buttons; the typed check, the bid and their buttons greyed out, none gold); the
computed values (each card's or each contract's) come below the next action."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect
from streamlit_page import press, settle

from conftest import ARTIFACTS
from tutor.quiz.puzzles import address_code
from tutor.quiz.strategy_puzzles import BIDS

SIZES = {"desktop": dict(viewport={"width": 1280, "height": 800}),
         "phone": dict(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)}
# A wrong (legal) answer to each kind: Trump 18 where the Petit is best, the 7♠ where the K♠ is, Garde where
# passing is (tutor/ui/learn tests check these verdicts against the solver, the advisor and the estimator).
KINDS = {"best-card": ("petit-when-nobody-can-overtrump", "T18"),
         "seat-card": ("seat-4p-defence-28", "7S"),
         "bid": ("bid-nothing-to-take", "garde")}
WORDS = {"en": {"next": "Next puzzle →", "again": "Try again", "not": "Not the best",
                "values": {"bid": "Each contract", "card": "What each card yields"}},
         "fr": {"next": "Problème suivant →", "again": "Réessayer", "not": "Pas la meilleure",
                "values": {"bid": "Chaque contrat", "card": "Ce que rapporte chaque carte"}}}


def inside(box, size) -> bool:
    return (box is not None and box["y"] >= 0 and box["x"] >= 0 and box["y"] + box["height"] <= size["height"]
            and box["x"] + box["width"] <= size["width"])


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("size", list(SIZES))
@pytest.mark.parametrize("kind", list(KINDS))
def test_a_missed_strategy_puzzle_shows_its_verdict_and_next_on_the_first_screen(browser, server, kind, size, lang):
    pid, wrong = KINDS[kind]
    words = WORDS[lang]
    ctx = browser.new_context(**SIZES[size])
    try:
        pg = ctx.new_page()
        pg.goto(f"{server}/puzzles?puzzle={address_code(pid)}&lang={lang}")
        submit = pg.get_by_test_id("stFormSubmitButton").locator("button")
        if kind == "bid":
            choice = pg.get_by_test_id("stRadio").locator("[role=radiogroup] label").nth(BIDS.index(wrong))
            expect(choice).to_be_visible()
            expect(submit).to_have_attribute("kind", "primaryFormSubmit")  # gold while the question is open
            settle(pg)
            choice.click()
            press(pg, submit)
        else:
            table_card = pg.locator(f"button.tt-card[data-code='{wrong}']")
            expect(table_card).to_be_visible()
            settle(pg)
            table_card.click()  # one click plays the card: the answer
            settle(pg)
        verdict = pg.get_by_test_id("stAlertContentError").first
        expect(verdict).to_be_visible()
        expect(verdict).to_contain_text(words["not"])
        nxt = pg.get_by_role("button", name=words["next"])
        again = pg.locator(f".st-key-pz_{pid}_again button")
        expect(nxt).to_be_visible()
        expect(again).to_contain_text(words["again"])
        settle(pg)
        pg.evaluate("() => new Promise(done => requestAnimationFrame(() => requestAnimationFrame(done)))")
        view = pg.viewport_size
        things = (("the verdict", verdict), ("Try again", again), ("Next puzzle", nxt))
        for _ in range(40):  # the scroll into view may still be moving on a loaded machine: give it 10 s to rest
            if all(inside(loc.bounding_box(), view) for _, loc in things):
                break
            pg.wait_for_timeout(250)
        ARTIFACTS.mkdir(exist_ok=True)
        pg.screenshot(path=str(ARTIFACTS / f"strategy-verdict-{kind}-{size}-{lang}.png"))  # the first screen
        for what, loc in things:
            assert inside(loc.bounding_box(), view), f"{what} is off the first screen: {loc.bounding_box()}"
        assert nxt.get_attribute("data-testid") == "stBaseButton-primary", "Next puzzle is the primary button"
        # Closed: no card to click, the check greyed out and no longer gold, the bid greyed out.
        expect(pg.locator("button.tt-card")).to_have_count(0)
        expect(pg.locator("button.tt-answer")).to_have_count(0)
        expect(submit).to_be_disabled()
        expect(submit).to_have_attribute("kind", "secondaryFormSubmit")
        if kind == "bid":
            for radio in pg.get_by_test_id("stRadio").locator("input").all():
                expect(radio).to_be_disabled()
        else:
            expect(pg.locator(".tt-hand .tt-played").first).to_be_visible()  # the hand, to read as pictures
            expect(pg.get_by_test_id("stTextInput").locator("input")).to_be_disabled()
        # What the decision does not need comes below the next action: the computed values.
        values = pg.get_by_text(words["values"]["bid" if kind == "bid" else "card"], exact=False).first
        expect(values).to_be_attached()
        assert values.bounding_box()["y"] > nxt.bounding_box()["y"] + nxt.bounding_box()["height"]
    finally:
        ctx.close()


def test_after_try_again_a_second_answer_is_taken_and_scrolled_to(browser, server):
    """Try again opens the table again; the next card played is graded, and its verdict comes on screen too."""
    pid = KINDS["best-card"][0]
    ctx = browser.new_context(**SIZES["phone"])
    try:
        pg = ctx.new_page()
        pg.goto(f"{server}/puzzles?puzzle={address_code(pid)}")
        wrong = pg.locator("button.tt-card[data-code='T18']")
        expect(wrong).to_be_visible()
        settle(pg)
        wrong.click()
        settle(pg)
        expect(pg.get_by_test_id("stAlertContentError")).to_be_visible()
        press(pg, pg.locator(f".st-key-pz_{pid}_again button"))
        expect(pg.get_by_test_id("stAlertContentError")).to_have_count(0)
        petit = pg.locator("button.tt-card[data-code='T1']")  # the cards are buttons again
        expect(petit).to_be_visible()
        petit.scroll_into_view_if_needed()
        settle(pg)
        petit.click()
        settle(pg)
        verdict = pg.get_by_test_id("stAlertContentSuccess").first
        expect(verdict).to_contain_text("Right: The Petit (trump 1) is best.")
        nxt = pg.get_by_role("button", name=WORDS["en"]["next"])
        view = pg.viewport_size
        for _ in range(40):  # the scroll into view may still be moving on a loaded machine: give it 10 s to rest
            if inside(verdict.bounding_box(), view) and inside(nxt.bounding_box(), view):
                break
            pg.wait_for_timeout(250)
        assert inside(verdict.bounding_box(), view), f"the second verdict is off screen: {verdict.bounding_box()}"
        assert inside(nxt.bounding_box(), view), f"Next puzzle is off screen: {nxt.bounding_box()}"
        expect(pg.locator("button.tt-card")).to_have_count(0)
    finally:
        ctx.close()
