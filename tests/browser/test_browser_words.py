"""Issue 27 in a real browser: the bid buttons show their whole label at 1280 px and at 390 px, and a drill's
answer is drawn as card pictures (with the cards' names as their alt text), where AppTest sees only HTML."""

import pytest
from playwright.sync_api import expect
from streamlit_page import settle

from conftest import ARTIFACTS
from tutor.practice.table import Table
from tutor.quiz import generate

SEED = 1  # 4 players: the learner speaks with every bid still open


def _bid_labels() -> list[str]:
    table = Table.new(4, SEED)
    table.advance()
    view = table.view()
    highest = max((b for _, b in view.bids if b is not None), default=None)
    from tutor.engine import Contract
    return ["Pass"] + [c.french.capitalize() for c in Contract if highest is None or c > highest]


@pytest.mark.parametrize("width", [1280, 390])
def test_bid_buttons_show_their_whole_label(browser, server, width):
    labels = _bid_labels()
    assert "Garde contre le chien" in labels
    ctx = browser.new_context(viewport={"width": width, "height": 900})
    page = ctx.new_page()
    try:
        page.goto(f"{server}/practice?players=4&seed={SEED}")
        expect(page.get_by_role("heading", name="Practice")).to_be_visible()
        for label in labels:
            expect(page.get_by_role("button", name=label, exact=True)).to_be_visible()
        settle(page)
        for label in labels:
            button = page.get_by_role("button", name=label, exact=True)
            # every descendant holding text fits its box: nothing cut, no ellipsis
            cut = button.evaluate("b => [b, ...b.querySelectorAll('*')].filter(e => e.scrollWidth > e.clientWidth + 1)"
                                  ".map(e => e.tagName + ':' + e.scrollWidth + '>' + e.clientWidth)")
            assert cut == [], (width, label, cut)
            assert button.inner_text().strip() == label
        ARTIFACTS.mkdir(exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / f"bid-buttons-{width}.png"), full_page=True)
    finally:
        ctx.close()


def test_a_drill_answer_is_drawn_as_card_pictures(page, server):
    q = generate("legal", 3, players=4, difficulty=1)
    page.goto(f"{server}/drill?kind=legal&seed=3&players=4&difficulty=1")
    expect(page.get_by_role("heading", name="Drill")).to_be_visible()
    settle(page)
    assert len(q.answer) > 1  # one right card of several: the verdict lists the others, the answer line shows all
    page.get_by_role("textbox", name="…or type the cards").fill(q.answer[0].code)
    page.get_by_role("button", name="Check what I typed").click()
    answer = page.locator("p", has_text="Answer:").first
    expect(answer).to_be_visible()
    imgs = answer.locator("img.tt-card")
    expect(imgs).to_have_count(len(q.answer))
    alts = imgs.evaluate_all("els => els.map(e => [e.alt, e.naturalWidth])")
    assert [a for a, _ in alts] == [c.name for c in q.answer] and all(w > 0 for _, w in alts)
    assert "Answer:" in answer.inner_text() and not any(c.code in answer.inner_text().split() for c in q.answer)
    page.screenshot(path=str(ARTIFACTS / "drill-answer-pictures.png"), full_page=True)
