"""Two devices on one club game in Chromium: a phone-sized context entering deals and a laptop
context showing the sheet. Each adds deals, both deals are kept, and each sheet shows the other's
deals by itself (the sheet looks for changes every few seconds), without wiping a half-filled entry."""

from __future__ import annotations

import re
from pathlib import Path

from playwright.sync_api import expect
from streamlit_page import choose as choose_in
from streamlit_page import settle
from test_browser_scoresheet import segment, start_game

ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"

def choose(pg, label: str, option: str) -> None:
    """Pick ``option`` in the select box ``label`` (opened again if the sheet's own redraw shut it)."""
    choose_in(pg, pg.get_by_test_id("stSelectbox").filter(has_text=label),
              pg.get_by_role("option", name=option, exact=True))


def fill(pg, *, taker, contract, points, oudlers) -> None:
    settle(pg)
    choose(pg, "Taker (preneur)", taker)
    choose(pg, "Contract", contract)
    pg.get_by_label("Points (attack)").fill(points)
    segment(pg, "Oudlers (bouts)", oudlers)


def standings(pg, deals: int) -> str:
    board = pg.get_by_test_id("stMarkdownContainer").filter(has_text=f"Standings after {deals} deal")
    expect(board).to_be_visible()
    return " ".join(board.inner_text().split())


def test_two_devices_on_one_game_keep_every_deal_and_follow_each_other(browser, server):
    laptop_ctx = browser.new_context(viewport={"width": 1280, "height": 900})
    phone_ctx = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    laptop, phone = laptop_ctx.new_page(), phone_ctx.new_page()
    try:
        start_game(phone, server, ["Ann", "Bob", "Cleo", "Dan"], "Two devices")
        settle(phone)
        expect(phone).to_have_url(re.compile(r"[?&]game=\d+"))  # the open game is in the address
        laptop.goto(phone.url)  # the laptop opens the same address
        expect(laptop.get_by_role("heading", name="Two devices")).to_be_visible()
        expect(laptop.get_by_text("No deal yet")).to_be_visible()

        # The phone adds deal 1; the laptop shows it without a click.
        fill(phone, taker="Ann", contract="Garde", points="49", oudlers="2")
        phone.get_by_role("button", name="Add deal").click()
        expect(phone.get_by_text("Deal 1 saved.")).to_be_visible()
        # Garde 49 with 2 oudlers: made by 8, (25 + 8) x 2 = 66 from each defender, Ann +198.
        assert "1 Ann +198" in standings(laptop, 1)

        # The laptop starts an entry; the phone's next deal arrives on the laptop and the entry stays.
        settle(laptop)
        laptop.get_by_label("Points (attack)").fill("60")
        fill(phone, taker="Bob", contract="Petite", points="40", oudlers="1")
        phone.get_by_role("button", name="Add deal").click()
        expect(phone.get_by_text("Deal 2 saved.")).to_be_visible()
        standings(laptop, 2)
        expect(laptop.get_by_label("Points (attack)")).to_have_value("60")

        # Both enter a deal at once: each is appended, neither is lost.
        fill(laptop, taker="Cleo", contract="Garde", points="60", oudlers="1")
        fill(phone, taker="Dan", contract="Garde", points="60", oudlers="1")
        phone.get_by_role("button", name="Add deal").click()
        laptop.get_by_role("button", name="Add deal").click()
        settle(phone)
        settle(laptop)
        # By hand: garde 60 with 1 oudler is made by 9, (25 + 9) x 2 = 68 from each defender, +204 to the taker;
        # the petite 40 with 1 oudler failed by 11: 36 to each defender, -108. Totals: Ann 198 + 36 - 68 - 68 = 98,
        # Bob -66 - 108 - 68 - 68 = -310, Cleo -66 + 36 + 204 - 68 = 106, Dan -66 + 36 - 68 + 204 = 106.
        want = "1 Cleo +106 1 Dan +106 3 Ann +98 4 Bob −310"  # the true minus sign, U+2212
        for pg in (laptop, phone):
            expect(pg.get_by_test_id("stMarkdownContainer").filter(has_text="Standings after 4 deals")) \
                .to_be_visible()
            assert want in standings(pg, 4)
        expect(laptop.get_by_text("Deals next (deal 5): Ann")).to_be_visible()  # Ann dealt 1 and deals 5
        assert phone.evaluate("document.documentElement.scrollWidth") <= 390, "no sideways scrolling on a phone"
    finally:
        ARTIFACTS.mkdir(exist_ok=True)
        phone.screenshot(path=str(ARTIFACTS / "phone_two_devices.png"), full_page=True)
        laptop.screenshot(path=str(ARTIFACTS / "laptop_two_devices.png"), full_page=True)
        laptop_ctx.close()
        phone_ctx.close()
