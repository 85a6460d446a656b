"""Issue 18, point 12, in Chromium: a name made of Markdown or HTML shows as the characters typed.

No ``<img>`` comes from a name, and the browser never asks for the URL inside it. Issue 29: a name
or a title that looks like an address (``www.…``, ``https://…``, ``a@b.c``) is never made a link: no
``<a>`` element comes from it. (The page puts invisible word joiners in such text: ``unlinked``.)
"""

import re

from playwright.sync_api import expect
from streamlit_page import press, settle
from test_browser_class import _join, _set_quiz
from test_browser_scoresheet import choose, segment

from conftest import TEACHER_PASSPHRASE
from tutor.ui.common.safe import unlinked

TRAP = "http://127.0.0.1:9/x"
EVIL = f"![p]({TRAP})<img src=x>"  # 37 characters: a name may have 40


def watch_requests(page) -> list[str]:
    asked: list[str] = []
    page.on("request", lambda r: asked.append(r.url))
    return asked


LINKY = ["www.evil.example", "go to https://evil.example/x", "mail me a@evil.example"]


def no_links_from_names(page) -> None:
    """No link anywhere on the page points at what a name or a title holds."""
    hrefs = page.locator("a").evaluate_all("(links) => links.map((a) => a.href)")
    assert not [h for h in hrefs if "evil.example" in h or "127.0.0.1:9" in h], hrefs


def no_markup_from_names(page, asked) -> None:
    no_links_from_names(page)
    assert page.locator("img[src='x']").count() == 0
    assert page.locator(f"img[src='{TRAP}']").count() == 0
    assert page.locator("b", has_text="Bob").count() == 0
    assert not [u for u in asked if u.startswith("http://127.0.0.1:9/")], asked


def test_player_and_game_names_show_as_typed_on_the_score_sheet(page, server):
    asked = watch_requests(page)
    page.goto(f"{server}/scoresheet?view=games")
    expect(page.get_by_role("heading", name="Score sheet")).to_be_visible()
    settle(page)
    page.get_by_label("Name of the game").fill("**Club** " + EVIL)
    for i, name in enumerate([EVIL, "<b>Bob</b>", "Cleo"], 1):
        page.get_by_label(f"Player {i}", exact=True).fill(name)
    page.get_by_role("button", name="Start the game").click()
    expect(page.get_by_role("heading", name=unlinked("**Club** " + EVIL))).to_be_visible()
    settle(page)
    choose(page, "Taker (preneur)", EVIL)
    choose(page, "Contract", "Garde")
    page.get_by_label("Points (attack)").fill("56")
    segment(page, "Oudlers (bouts)", "2")
    page.get_by_role("button", name="Add deal").click()
    settle(page)
    expect(page.get_by_text("Deal 1 saved.")).to_be_visible()
    expect(page.get_by_text(unlinked(f"{EVIL} +"), exact=False).first).to_be_visible()  # the scores line, as typed
    expect(page.get_by_text("<b>Bob</b>", exact=False).first).to_be_visible()
    no_markup_from_names(page, asked)


def test_a_learner_name_shows_as_typed_on_progress(page, server):
    asked = watch_requests(page)
    page.goto(f"{server}/progress?view=profile")
    expect(page.get_by_role("heading", name="Your progress", exact=True)).to_be_visible()
    settle(page)
    page.get_by_label("New learner").fill(EVIL)
    page.get_by_role("button", name="Create and switch").click()
    settle(page)
    expect(page.get_by_text(unlinked(f"Learner: {EVIL}"), exact=False)).to_be_visible()
    no_markup_from_names(page, asked)


def test_names_and_a_title_that_look_like_addresses_are_never_links_in_class(page, browser, server):
    page.goto(f"{server}/teacher")
    expect(page.get_by_label("Teacher passphrase")).to_be_visible()
    settle(page)
    page.get_by_label("Teacher passphrase").fill(TEACHER_PASSPHRASE)
    page.get_by_role("button", name="Unlock").click()
    expect(page.get_by_text("Set a new class quiz")).to_be_visible()
    title = "Read https://evil.example/q or www.evil.example"
    code = _set_quiz(page, title, 1)
    pupils = []
    for name in LINKY:
        ctx, pg = _join(browser, server, code, name)
        expect(pg.get_by_text(unlinked(f"playing as {name}"), exact=False)).to_be_visible()
        settle(pg)
        no_links_from_names(pg)
        pupils.append(ctx)
    asker = browser.new_context()  # a request to come back names the learner on the dashboard
    ask = asker.new_page()
    ask.goto(f"{server}/class?code={code}")
    expect(ask.get_by_role("heading", name="Class quiz")).to_be_visible()
    settle(ask)
    ask.get_by_text("Already joined, but lost the page?").click()
    expect(ask.get_by_label("Name you joined with")).to_be_visible()
    ask.get_by_label("Name you joined with").fill(LINKY[2])
    press(ask, ask.get_by_role("button", name="Ask my teacher to let me in"))  # clicks again if the click was lost
    expect(ask.get_by_text("Show them this code")).to_be_visible()

    expect(page.get_by_text("Learners (3)")).to_be_visible()  # the dashboard redraws itself
    expect(page.get_by_text(re.compile("asks to come back"))).to_be_visible()
    settle(page)
    expect(page.get_by_text(unlinked(title), exact=False).first).to_be_visible()
    no_links_from_names(page)
    page.get_by_test_id("stSidebarUserContent").get_by_text("Present", exact=True).click()  # the projector
    expect(page.get_by_text("3 joined", exact=True)).to_be_visible()
    settle(page)
    for name in LINKY:  # the lobby's chips are HTML, not Markdown: the name as typed, with no joiner
        expect(page.locator(".tt-chip").get_by_text(name, exact=True)).to_be_visible()
    no_links_from_names(page)
    for ctx in [*pupils, asker]:
        ctx.close()
