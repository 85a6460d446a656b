"""Issue 18, point 12, in Chromium: a name made of Markdown or HTML shows as the characters typed.

No ``<img>`` comes from a name, and the browser never asks for the URL inside it.
"""

from playwright.sync_api import expect
from streamlit_page import settle
from test_browser_scoresheet import choose, segment

TRAP = "http://127.0.0.1:9/x"
EVIL = f"![p]({TRAP})<img src=x>"  # 37 characters: a name may have 40


def watch_requests(page) -> list[str]:
    asked: list[str] = []
    page.on("request", lambda r: asked.append(r.url))
    return asked


def no_markup_from_names(page, asked) -> None:
    assert page.locator("img[src='x']").count() == 0
    assert page.locator(f"img[src='{TRAP}']").count() == 0
    assert page.locator("b", has_text="Bob").count() == 0
    assert not [u for u in asked if u.startswith("http://127.0.0.1:9/")], asked


def test_player_and_game_names_show_as_typed_on_the_score_sheet(page, server):
    asked = watch_requests(page)
    page.goto(f"{server}/scoresheet?view=games")
    expect(page.get_by_role("heading", name="Score sheet")).to_be_visible(timeout=30000)
    settle(page)
    page.get_by_label("Name of the game").fill("**Club** " + EVIL)
    for i, name in enumerate([EVIL, "<b>Bob</b>", "Cleo"], 1):
        page.get_by_label(f"Player {i}", exact=True).fill(name)
    page.get_by_role("button", name="Start the game").click()
    expect(page.get_by_role("heading", name="**Club** " + EVIL)).to_be_visible(timeout=15000)
    settle(page)
    choose(page, "Taker (preneur)", EVIL)
    choose(page, "Contract", "garde")
    page.get_by_label("Points (attack)").fill("56")
    segment(page, "Oudlers (bouts)", "2")
    page.get_by_role("button", name="Add deal").click()
    settle(page)
    expect(page.get_by_text("Deal 1 saved.")).to_be_visible(timeout=15000)
    expect(page.get_by_text(f"{EVIL} +", exact=False).first).to_be_visible()  # the scores line, as typed
    expect(page.get_by_text("<b>Bob</b>", exact=False).first).to_be_visible()
    no_markup_from_names(page, asked)


def test_a_learner_name_shows_as_typed_on_progress(page, server):
    asked = watch_requests(page)
    page.goto(f"{server}/progress?view=profile")
    expect(page.get_by_role("heading", name="Your progress", exact=True)).to_be_visible(timeout=30000)
    settle(page)
    page.get_by_label("New learner").fill(EVIL)
    page.get_by_role("button", name="Create and switch").click()
    settle(page)
    expect(page.get_by_text(f"Learner: {EVIL}", exact=False)).to_be_visible(timeout=15000)
    no_markup_from_names(page, asked)
