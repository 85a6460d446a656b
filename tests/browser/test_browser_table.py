"""The card table in a real browser, on a desktop window and at phone width (390 px): card pictures are
clicked (or tapped) to answer, a whole trick is played in practice, an écart is chosen, and one answer is
given with the keyboard alone.

The component renders inside a shadow root; Playwright's role and CSS locators pierce open shadow roots,
so the cards are found by their accessible names ("King of hearts", "Trump 21"), as a screen reader would.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import expect
from streamlit_page import settle

from tutor.engine import Bid, Contract, PlayCard
from tutor.practice import choose_ecart
from tutor.practice.table import Table
from tutor.quiz import generate
from tutor.ui.common.cards import card_name

LEGAL_SEED = 57  # a 4-player legal-cards drill: 6 legal cards (plain leads are rationed since issue 17)
PRACTICE_SEED = 13  # the learner passes, Anna takes, the learner must follow suit; or bids a garde: the écart
WIDTHS = {"desktop": 1280, "phone": 390}
ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"


@pytest.fixture(params=list(WIDTHS))
def pg(browser, request):
    width = WIDTHS[request.param]
    phone = width < 500
    ctx = browser.new_context(viewport={"width": width, "height": 844 if phone else 900}, is_mobile=phone,
                              has_touch=phone)
    page = ctx.new_page()
    page.phone = phone
    yield page
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{request.node.name}.png"))
    ctx.close()


def press(page, locator) -> None:
    """A tap on a phone, a click elsewhere."""
    if page.phone:
        locator.tap()
    else:
        locator.click()


def card(page, c):
    return page.get_by_role("button", name=card_name(c), exact=True)


def check_fits(page) -> None:
    """No sideways scrolling, and every card of the table is a tap target of at least 44 × 44 px."""
    width = page.viewport_size["width"]
    assert page.evaluate("document.documentElement.scrollWidth") <= width, "the page scrolls sideways"
    boxes = page.locator("button.tt-card").evaluate_all(
        "els => els.map(e => { const r = e.getBoundingClientRect(); return [r.width, r.height, r.right]; })")
    assert boxes, "no card on the table"
    for w, h, right in boxes:
        assert w >= 44 and h >= 44, f"a card is only {w:.0f} × {h:.0f} px"
        assert right <= width + 1, "a card sticks out of the window"
    pictures = page.locator("button.tt-card img").evaluate_all("els => els.map(e => e.naturalWidth)")
    assert pictures and all(n > 0 for n in pictures), "the card pictures did not render"


def test_legal_cards_answered_by_clicking_the_pictures(pg, server):
    q = generate("legal", LEGAL_SEED, players=4, difficulty=1)
    assert len(q.answer) == 6
    pg.goto(f"{server}/drill?kind=legal&seed={LEGAL_SEED}&players=4&difficulty=1")
    expect(card(pg, q.pool[0])).to_be_visible()
    settle(pg)
    check_fits(pg)
    # The table: four seats, "You" and the others numbered from 1 in play order (never seat 0).
    table = pg.get_by_role("group", name="The table")
    me = q.context["seat"]
    expect(table.get_by_text("You", exact=True)).to_be_visible()
    for s in set(range(4)) - {me}:
        expect(table.get_by_text(f"Seat {s + 1}", exact=True)).to_be_visible()
    expect(table.get_by_text("Seat 0", exact=True)).to_have_count(0)
    for i, c in enumerate(q.answer):
        press(pg, card(pg, c))
        expect(card(pg, c)).to_have_attribute("aria-pressed", "true")
        expect(pg.locator(".tt-count")).to_have_text(f"{i + 1} chosen")
    # Choosing is done in the browser: no rerun so far.
    assert pg.get_by_test_id("stApp").get_attribute("data-test-script-state") == "notRunning"
    press(pg, pg.get_by_role("button", name="Check my answer", exact=True))
    expect(pg.get_by_text("Right!").first).to_be_visible()
    expect(pg.get_by_text("Streak 1")).to_be_visible()
    # Answered, the question is closed (issue 38): the cards are pictures to read, no longer buttons.
    expect(pg.locator("button.tt-card")).to_have_count(0)
    expect(pg.locator(".tt-hand .tt-played")).to_have_count(len(q.pool))
    assert pg.evaluate("document.documentElement.scrollWidth") <= pg.viewport_size["width"], "scrolls sideways"


def test_one_answer_with_the_keyboard_alone(pg, server):
    q = generate("legal", LEGAL_SEED, players=4, difficulty=1)
    pg.goto(f"{server}/drill?kind=legal&seed={LEGAL_SEED}&players=4&difficulty=1")
    expect(card(pg, q.pool[0])).to_be_visible()
    settle(pg)
    focused = ("() => { let a = document.activeElement;"
               " while (a && a.shadowRoot && a.shadowRoot.activeElement) a = a.shadowRoot.activeElement;"
               " return a && a.dataset ? (a.dataset.code || null) : null; }")
    for _ in range(120):  # Tab from the top of the page into the hand: one card is in the tab order
        pg.keyboard.press("Tab")
        if pg.evaluate(focused):
            break
    assert pg.evaluate(focused) == q.pool[0].code, "Tab reaches the first card of the hand"
    for c in q.pool:  # arrows move along the hand, Space chooses
        assert pg.evaluate(focused) == c.code
        if c in q.answer:
            pg.keyboard.press("Space")
        pg.keyboard.press("ArrowRight")
    expect(pg.locator(".tt-count")).to_have_text(f"{len(q.answer)} chosen")
    pg.keyboard.press("Enter")  # Enter answers
    expect(pg.get_by_text("Right!").first).to_be_visible()


def test_a_whole_trick_played_on_the_practice_table(pg, server):
    table = Table.new(4, PRACTICE_SEED)
    table.advance()
    table.act(Bid(0, None))
    view = table.view()
    legal = list(view.legal)
    illegal = next(c for c in view.hand if c not in legal)
    reason = table.deal.explain(0, illegal).reason
    table.act(PlayCard(0, legal[-1]))
    trick1 = table.deal.tricks[0]
    winner = ("You", "Anna", "Bruno", "Chloé")[trick1.winner]

    pg.goto(f"{server}/practice?players=4&seed={PRACTICE_SEED}")
    press(pg, pg.get_by_role("button", name="Pass", exact=True))
    expect(card(pg, legal[-1])).to_be_visible()
    settle(pg)
    check_fits(pg)
    table_el = pg.get_by_role("group", name="The table")
    for name in ("You", "Anna", "Bruno", "Chloé"):
        expect(table_el.get_by_text(name, exact=True)).to_be_visible()
    expect(table_el.get_by_text("dealer")).to_be_visible()
    expect(table_el.get_by_text("taker")).to_be_visible()
    # The bots' cards lie in front of the seats that played them.
    for c, s in zip(view.trick, view.trick_seats):
        expect(pg.get_by_role("img", name=f"{card_name(c)}, played by {('You', 'Anna', 'Bruno', 'Chloé')[s]}")
               ).to_be_visible()
    # An illegal card is refused with the engine's reason; a legal one is played and the bots finish.
    press(pg, card(pg, illegal))
    expect(pg.get_by_text(reason).first).to_be_visible()
    settle(pg)
    press(pg, card(pg, legal[-1]))
    expect(pg.get_by_text("Trick 2", exact=True)).to_be_visible()
    settle(pg)
    expect(card(pg, legal[-1])).to_have_count(0)  # it left the hand
    # The last trick can be looked at: all four cards, the learner's among them, and its winner.
    press(pg, pg.get_by_role("button", name="Show the last trick"))
    expect(pg.get_by_role("img", name=f"{card_name(legal[-1])}, played by You", exact=False)).to_be_visible()
    expect(pg.locator(".tt-slot")).to_have_count(4)
    won = trick1.cards[trick1.seats.index(trick1.winner)]
    expect(pg.get_by_role("img", name=f"{card_name(won)}, played by {winner}, wins the trick")).to_be_visible()
    press(pg, pg.get_by_role("button", name="Back to this trick"))
    check_fits(pg)


def test_an_ecart_chosen_on_the_table(pg, server):
    table = Table.new(4, PRACTICE_SEED)
    table.advance()
    table.act(Bid(0, Contract.GARDE))
    hand = list(table.view().hand)
    ecart = choose_ecart(hand, players=4)
    assert len(ecart) == 6

    pg.goto(f"{server}/practice?players=4&seed={PRACTICE_SEED}")
    press(pg, pg.get_by_role("button", name="Garde", exact=True))
    expect(pg.locator(".tt-count")).to_have_text("0 of 6 chosen")
    settle(pg)
    check_fits(pg)
    answer = pg.get_by_role("button", name="Put these aside", exact=True)
    for i, c in enumerate(ecart):
        expect(answer).to_have_attribute("aria-disabled", "true")  # not before six cards are chosen
        press(pg, card(pg, c))
        expect(pg.locator(".tt-count")).to_have_text(f"{i + 1} of 6 chosen")
    expect(answer).not_to_have_attribute("aria-disabled", "true")
    press(pg, answer)
    # The écart is made: the taker may announce a chelem before the first card.
    expect(pg.get_by_role("button", name="Play without announcing")).to_be_visible()


@pytest.mark.parametrize("motion", ["no-preference", "reduce"])
def test_bots_cards_come_in_one_at_a_time_unless_reduced_motion(browser, server, motion):
    table = Table.new(4, PRACTICE_SEED)
    table.advance()
    table.act(Bid(0, None))
    bots = table.view().trick  # the bots' cards of trick 1 before the learner's turn
    assert len(bots) == 2
    ctx = browser.new_context(viewport={"width": 1280, "height": 900}, reduced_motion=motion)
    page = ctx.new_page()
    page.goto(f"{server}/practice?players=4&seed={PRACTICE_SEED}")
    page.get_by_role("button", name="Pass", exact=True).click()
    expect(page.locator(".tt-slot")).to_have_count(2)
    delays = page.locator(".tt-fresh").evaluate_all("els => els.map(e => e.style.animationDelay)")
    if motion == "reduce":
        assert delays == []  # simply there
    else:
        assert delays == ["0ms", "280ms"]  # one after the other, each from its seat
    ctx.close()
