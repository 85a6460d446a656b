"""Two devices on one duplicate tournament in Chromium (issue 37): the arbiter's laptop sets it up, a phone at
table 2 opens its address and enters that table's marques by table; the laptop shows them without a reload,
with the ranking, and a reload of the phone keeps everything."""

from __future__ import annotations

import re

from playwright.sync_api import expect
from streamlit_page import choose, settle

LINES = {"North": "Ann, Bea", "East": "Cy, Dom", "South": "Eli, Flo", "West": "Gil, Hob"}


def number(pg, label: str, value: str) -> None:
    pg.get_by_label(label, exact=True).fill(value)


def test_a_phone_enters_its_tables_marques_and_the_laptop_follows(browser, server):
    laptop_ctx = browser.new_context(viewport={"width": 1280, "height": 900})
    phone_ctx = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    laptop, phone = laptop_ctx.new_page(), phone_ctx.new_page()
    try:
        laptop.goto(f"{server}/duplicate")
        expect(laptop.get_by_role("heading", name="Duplicate", exact=True)).to_be_visible()
        settle(laptop)
        laptop.get_by_label("Name of the tournament").fill("Two devices")
        number(laptop, "Tables", "2")
        number(laptop, "Rounds", "2")
        number(laptop, "Étuis a round", "1")
        for line, names in LINES.items():
            laptop.get_by_label(f"{line} players").fill(names)
        laptop.get_by_role("button", name="Prepare the étuis and the movement").click()
        expect(laptop.get_by_text("2 tables, 2 rounds, 2 étuis")).to_be_visible()
        settle(laptop)
        expect(laptop).to_have_url(re.compile(r"[?&]t=\d+"))

        phone.goto(laptop.url)  # the address the laptop shows
        expect(phone.get_by_role("heading", name="Two devices")).to_be_visible()
        expect(phone.get_by_text("0 of 4 results entered.")).to_be_visible()
        settle(phone)
        phone.get_by_test_id("stButtonGroup").get_by_text("By table", exact=True).click()
        settle(phone)
        choose(phone, phone.get_by_test_id("stSelectbox").filter(has_text="Table"),
               phone.get_by_role("option", name="Table 2", exact=True))
        settle(phone)
        fields = phone.get_by_test_id("stNumberInput").filter(has_text="Round ")
        expect(fields).to_have_count(2)
        for i, marque in enumerate(("56", "-20")):
            field = fields.nth(i).locator("input")
            field.fill(marque)
            field.press("Enter")
            expect(phone.get_by_text(f"{i + 1} of 4 results entered.")).to_be_visible()
            settle(phone)

        # The laptop follows by itself (it looks every few seconds): the count and the ranking.
        expect(laptop.get_by_text("2 of 4 results entered.")).to_be_visible()
        expect(laptop.get_by_text("Classement général")).to_be_visible()

        phone.reload()  # F5 on the phone: the same table's marques, still there
        expect(phone.get_by_text("2 of 4 results entered.")).to_be_visible()
    finally:
        laptop_ctx.close()
        phone_ctx.close()
