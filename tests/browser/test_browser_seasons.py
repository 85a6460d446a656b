"""Seasons in a real browser: a saved game's players in the league table, a player renamed, and the page
at phone width (no sideways scrolling)."""

from playwright.sync_api import expect
from streamlit_page import choose, settle
from test_browser_scoresheet import enter, start_game


def _open_seasons(pg, server):
    pg.goto(f"{server}/seasons")
    expect(pg.get_by_role("heading", name="Seasons")).to_be_visible()
    settle(pg)


def pick_player(page, name: str) -> None:
    """Choose ``name`` in the Player list of "Rename a player" (the list is what the saved game seats)."""
    choose(page, page.get_by_test_id("stSelectbox").filter(has_text="Player"),
           page.get_by_role("option", name=name, exact=True))


def test_league_table_and_a_player_renamed(page, server):
    start_game(page, server, ["Sasha", "Yann", "Zelie"], "Season night")
    # Garde 56 with 2 oudlers: won by 15, (25 + 15) x 2 = 80: Sasha +160, Yann and Zelie -80.
    enter(page, taker="Sasha", contract="Garde", points="56", oudlers="2")
    expect(page.get_by_text("Sasha +160 · Yann \u221280 · Zelie \u221280")).to_be_visible()
    _open_seasons(page, server)
    grid = page.get_by_test_id("stDataFrame")
    expect(grid).to_be_visible()
    expect(page.get_by_text("League table", exact=True)).to_be_visible()
    # Rename Yann in that game (the newest game is listed first, so it is the one chosen).
    pick_player(page, "Yann")
    settle(page)
    page.get_by_label("New name", exact=True).last.fill("Yannick")
    page.get_by_role("button", name="Rename the player").click()
    expect(page.get_by_text("Yann is now Yannick in “Season night”.")).to_be_visible()
    # The saved game now seats Yannick: the player list of that game offers the new name, not the old one.
    settle(page)
    pick_player(page, "Yannick")


def test_seasons_fits_a_phone(browser, server):
    ctx = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    pg = ctx.new_page()
    start_game(pg, server, ["Pia", "Quinn", "Rita"], "Phone season")
    enter(pg, taker="Pia", contract="Garde", points="56", oudlers="2")
    expect(pg.get_by_text("Pia +160 · Quinn \u221280 · Rita \u221280")).to_be_visible()
    _open_seasons(pg, server)
    expect(pg.get_by_test_id("stDataFrame")).to_be_visible()
    assert pg.evaluate("document.documentElement.scrollWidth") <= 390, "no sideways scrolling on a phone"
    ctx.close()
