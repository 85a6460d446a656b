"""A shared server in a real browser: two people in two browser contexts each make a profile with a
PIN; neither sees the other's name or progress, and answers go only into their own."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import expect
from streamlit_page import settle, streamlit_server

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def shared(tmp_path_factory):
    """`streamlit run` with TUTOR_SHARED_SERVER=1 on its own database file; yields (url, database path)."""
    db = tmp_path_factory.mktemp("shared") / "shared.sqlite3"
    env = {"TUTOR_SHARED_SERVER": "1", "TUTOR_DATABASE_URL": f"sqlite:///{db}"}
    with streamlit_server(env, ROOT / "test-artifacts" / "streamlit-shared-server.log", "shared streamlit") as url:
        yield url, db


def _make_profile(pg, url: str, name: str, pin: str) -> None:
    pg.goto(f"{url}/progress?view=profile")
    expect(pg.get_by_text("New here")).to_be_visible()
    settle(pg)
    pg.get_by_label("Pick a name").fill(name)
    pg.get_by_label("Pick a PIN").fill(pin)
    pg.get_by_label("The same PIN again").fill(pin)
    pg.get_by_role("button", name="Make my profile").click()
    expect(pg.get_by_text(f"Signed in as {name}")).to_be_visible()
    settle(pg)


def _answer_one_drill_question(pg) -> None:
    """Go to the Drill through the menu (the same session: still signed in) and answer one question."""
    pg.get_by_role("link", name="Drill").first.click()
    expect(pg.get_by_role("heading", name="Drill")).to_be_visible()
    settle(pg)

    # Each step waits for what it shows, then for the run to end: a click on Progress while the answer's
    # run is still going would cut it short.
    pg.locator("[data-testid=stMultiSelect] input").first.click()
    for _ in range(3):  # drop the skills picked by default (Backspace removes the last one)
        pg.keyboard.press("Backspace")
    expect(pg.get_by_text("Choose at least one skill to drill.")).to_be_visible()
    settle(pg)
    pg.locator("[data-testid=stMultiSelect] input").first.click()
    pg.keyboard.type("Counting a pile")
    pg.keyboard.press("Enter")
    pg.keyboard.press("Escape")
    expect(pg.get_by_role("textbox", name="Your answer")).to_be_visible()
    settle(pg)
    pg.get_by_role("textbox", name="Your answer").fill("7")
    pg.get_by_role("button", name="Check my answer").click()
    expect(pg.get_by_role("button", name="Next question →")).to_be_visible()
    settle(pg)


def _answers_shown(pg) -> str:
    pg.get_by_role("link", name="Progress").first.click()
    expect(pg.get_by_role("heading", name="Your progress", exact=True)).to_be_visible()
    pg.get_by_text("Mastery", exact=True).first.click()
    settle(pg)
    metric = pg.locator("[data-testid=stMetric]").first
    expect(metric).to_be_visible()
    return metric.locator("[data-testid=stMetricValue]").inner_text()


def test_two_people_on_a_shared_server_never_see_or_write_each_other(browser, shared):
    from tutor.progress import Store

    url, db = shared
    ana_ctx, bea_ctx = browser.new_context(), browser.new_context()
    ana, bea = ana_ctx.new_page(), bea_ctx.new_page()
    try:
        _make_profile(ana, url, "Ana", "4821")
        bea.goto(f"{url}/progress?view=profile")  # Bea arrives while Ana is the last one active
        expect(bea.get_by_text("New here")).to_be_visible()
        settle(bea)
        assert "Ana" not in bea.locator("[data-testid=stMain]").inner_text()  # no name listed, none picked
        _make_profile(bea, url, "Bea", "4093")
        _answer_one_drill_question(ana)
        assert _answers_shown(ana) == "1"
        assert _answers_shown(bea) == "0"  # Ana's answer is not Bea's
        assert "Ana" not in bea.locator("[data-testid=stMain]").inner_text()
        _answer_one_drill_question(bea)
        assert _answers_shown(bea) == "1"
        assert _answers_shown(ana) == "1"  # Bea's answer went into Bea's progress only
    finally:
        for name, pg in (("shared_ana", ana), ("shared_bea", bea)):
            pg.screenshot(path=str(ROOT / "test-artifacts" / f"{name}.png"), full_page=True)
        ana_ctx.close()
        bea_ctx.close()
    s = Store.open(f"sqlite:///{db}")
    counts = {p.name: s.count_answers(p.id) for p in s.learners()}
    s.close()
    assert counts == {"Ana": 1, "Bea": 1}
