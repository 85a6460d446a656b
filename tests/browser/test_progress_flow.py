"""Progress in a real browser: a wrong drill answer is saved, then replayed from the Progress page."""

import re
from pathlib import Path

from playwright.sync_api import expect
from streamlit_page import choose, settle


def test_a_wrong_drill_answer_comes_back_in_replay(page, server):
    from tutor.quiz import generate

    seed = 777_001
    q = generate("count", seed, players=4, difficulty=1)
    wrong = f"{q.answer + 1.5:g}"
    page.goto(f"{server}/drill?kind=count&seed={seed}&players=4&difficulty=1")
    page.get_by_text(f"seed {seed}").first.wait_for()
    page.get_by_role("textbox", name="Your answer").fill(wrong)
    page.get_by_role("button", name="Check my answer").click()
    expect(page.get_by_text("Show me why")).to_be_visible()
    # Plain words (other tests' wrong answers may share this learner, hence any count).
    expect(page.get_by_text(re.compile(r"^“Card values and counting a pile”: \d+(\.5)? right out of \d+"))
           ).to_be_visible()

    page.goto(f"{server}/progress?view=mastery")  # a new session: the same (most recent) learner
    expect(page.get_by_role("heading", name="Your progress")).to_be_visible()
    expect(page.get_by_role("heading", name="Your skills")).to_be_visible()
    page.get_by_text("Replay my mistakes", exact=True).click()
    # Other tests' mistakes may share this learner (oldest first): pick this one by the answer given.
    box = page.get_by_test_id("stSelectbox").filter(has_text="Mistake")
    expect(box).to_be_visible()
    settle(page)
    choose(page, box, page.get_by_role("option").filter(has_text=f"you answered “{wrong}”").first)
    expect(page.get_by_text(q.prompt).first).to_be_visible()  # regenerated from its seed
    page.get_by_role("textbox", name="Your answer").fill(f"{q.answer:g}")
    page.get_by_role("button", name="Check my answer").click()
    expect(page.get_by_text("Right").first).to_be_visible()
    page.get_by_text("Spaced review", exact=True).click()
    expect(page.get_by_text("Use spaced review")).to_be_visible()
    expect(page.get_by_text("Spaced review is off")).to_be_visible()


def test_progress_fits_a_phone(browser, server):
    ctx = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    pg = ctx.new_page()
    pg.goto(f"{server}/progress?view=review")
    expect(pg.get_by_role("heading", name="Your progress")).to_be_visible()
    expect(pg.get_by_text("Use spaced review")).to_be_visible()
    assert pg.evaluate("document.documentElement.scrollWidth") <= 390, "no sideways scrolling on a phone"
    out = Path(__file__).resolve().parents[2] / "test-artifacts"
    out.mkdir(exist_ok=True)
    pg.screenshot(path=str(out / "phone_progress_review.png"), full_page=True)
    ctx.close()


def test_export_downloads_the_learners_progress(page, server):
    import json

    page.goto(f"{server}/progress?view=profile")
    expect(page.get_by_text("Export my progress (JSON)")).to_be_visible()
    settle(page)
    with page.expect_download() as download:
        page.get_by_text("Export my progress (JSON)").click()
    data = json.loads(Path(download.value.path()).read_text(encoding="utf-8"))
    assert data["format"] == "tarot-tutor-progress" and data["version"] == 1
    assert isinstance(data["answers"], list) and data["learner"]["name"]
