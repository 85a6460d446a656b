"""A strategy puzzle in Chromium: the best card is clicked on the card table (every hand shown, seats from 1),
and the feedback gives every legal card's value from the solver and the line of play, trick by trick on a
card table of pictures."""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import expect
from streamlit_page import settle

from tutor.engine import card
from tutor.ui.common.cards import card_name

ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"
PID = "petit-when-nobody-can-overtrump"  # taker in seat 3, best card: the Petit (nobody left can overtrump)


def test_best_card_puzzle_solved_by_clicking_the_table(page, server):
    page.goto(f"{server}/puzzles?puzzle={PID}")
    petit = page.get_by_role("button", name=card_name(card("T1")), exact=True)
    expect(petit).to_be_visible()
    settle(page)
    table = page.get_by_role("group", name="The table")
    expect(table.get_by_text("You (seat 3)", exact=True)).to_be_visible()
    for name in ("Seat 1", "Seat 2", "Seat 4"):
        expect(table.get_by_text(name, exact=True)).to_be_visible()
    expect(page.get_by_text("Seat 0")).to_have_count(0)
    expect(page.get_by_text("Seat 1 (defence)")).to_be_visible()  # the other hands are on the table too
    petit.click()
    expect(page.get_by_text("Right: The Petit (trump 1) is best.")).to_be_visible()
    expect(page.get_by_text("What each card yields", exact=False)).to_be_visible()
    settle(page)
    # The best line is on a card table, one trick at a time, as card pictures (issue 24), not a list of codes.
    expect(page.get_by_text("Trick 16: seat 1 J♠, seat 2 7♥, you (seat 3) trump 1, seat 4 C♠. You win it.")
           ).to_be_visible()
    knight = page.get_by_role("img", name=f"{card_name(card('CS'))}, played by Seat 4")
    expect(knight).to_be_visible()
    assert knight.locator("img").count() == 1  # a picture of the card
    page.get_by_role("button", name="Next trick →").click()
    queen = page.get_by_role("img", name=f"{card_name(card('QS'))}, played by Seat 4")
    expect(queen).to_be_visible()
    assert queen.locator("img").count() == 1
    expect(page.get_by_text("Trick 17: you (seat 3) trump 18", exact=False)).to_be_visible()
    expect(page.get_by_text("CS", exact=True)).to_have_count(0)  # no card code anywhere on the page
    settle(page)


def test_five_player_puzzle_fits_a_phone(browser, server):
    """At 390 px the whole table (five hands) and the feedback fit without sideways scrolling."""
    ctx = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    page = ctx.new_page()
    try:
        page.goto(f"{server}/puzzles?puzzle=five-players-the-petit-must-fall")
        big = page.get_by_role("button", name=card_name(card("T17")), exact=True)
        expect(big).to_be_visible()
        settle(page)
        # The cards to tap are big enough for a thumb (once answered, they are pictures: issue 38).
        boxes = page.locator("button.tt-card").evaluate_all(
            "els => els.map(e => { const r = e.getBoundingClientRect(); return [r.width, r.height]; })")
        assert boxes and all(w >= 44 and h >= 44 for w, h in boxes)
        big.tap()
        expect(page.get_by_text("Right: Trump 17 is best.", exact=False)).to_be_visible()
        expect(page.get_by_text("What each card yields", exact=False)).to_be_visible()
        settle(page)
        assert page.evaluate("document.documentElement.scrollWidth") <= 390, "the page scrolls sideways"
    finally:
        ARTIFACTS.mkdir(exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / "test_five_player_puzzle_fits_a_phone.png"), full_page=True)
        ctx.close()


SEAT_PID = "seat-4p-defence-28"  # a defender cashes the K♠ at trick 10: the 7♠ (the bots' card) is worse


def test_single_dummy_puzzle_solved_by_clicking_the_table(page, server):
    """Only the seat's own view: its hand, the trick, the dog shown; the advisor's tie set graded."""
    page.goto(f"{server}/puzzles?puzzle={SEAT_PID}")
    small = page.get_by_role("button", name=card_name(card("KS")), exact=True)
    expect(small).to_be_visible()
    settle(page)
    expect(page.get_by_text("You see only your hand and what has been played", exact=False)).to_be_visible()
    expect(page.get_by_text("Every hand is shown", exact=False)).to_have_count(0)
    table = page.get_by_role("group", name="The table")
    expect(table.get_by_text("You", exact=True)).to_be_visible()
    expect(page.get_by_text("Seat 1 (taker)")).to_have_count(0)  # no other hand lies beside the table
    expect(page.get_by_text("Seat 0")).to_have_count(0)
    small.click()
    expect(page.get_by_text(f"Right: {card_name(card('KS'))} is best.")).to_be_visible()
    settle(page)
