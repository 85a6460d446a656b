"""A strategy puzzle in Chromium: the best card is clicked on the card table (every hand shown, seats from 1),
and the feedback gives every legal card's value from the solver and the line of play."""

from __future__ import annotations

from playwright.sync_api import expect
from streamlit_page import settle

from tutor.engine import card
from tutor.ui.cards import card_name

PID = "petit-when-nobody-can-overtrump"  # taker in seat 3, best card: the Petit (nobody left can overtrump)


def test_best_card_puzzle_solved_by_clicking_the_table(page, server):
    page.goto(f"{server}/puzzles?puzzle={PID}")
    petit = page.get_by_role("button", name=card_name(card("T1")), exact=True)
    expect(petit).to_be_visible(timeout=30000)
    settle(page)
    table = page.get_by_role("group", name="The table")
    expect(table.get_by_text("You (seat 3)", exact=True)).to_be_visible()
    for name in ("Seat 1", "Seat 2", "Seat 4"):
        expect(table.get_by_text(name, exact=True)).to_be_visible()
    expect(page.get_by_text("Seat 0")).to_have_count(0)
    expect(page.get_by_text("Seat 1 (defence)")).to_be_visible()  # the other hands are on the table too
    petit.click()
    expect(page.get_by_text("Right: The Petit (trump 1) is best.")).to_be_visible(timeout=30000)
    expect(page.get_by_text("What each card yields", exact=False)).to_be_visible(timeout=30000)
    expect(page.get_by_text("seat 3 T1, seat 4 CS (seat 3 wins)", exact=False)).to_be_visible()
    settle(page)
