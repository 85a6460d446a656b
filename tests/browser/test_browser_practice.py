"""The Practice page in a real browser: bid, click an illegal card (explained), then play a whole trick."""

from playwright.sync_api import expect

from tutor.engine import Bid
from tutor.practice.table import Table
from tutor.ui.cards import card_name

SEED = 1  # the learner passes, Anna takes; on the first trick the learner must follow suit


def test_play_a_full_trick_by_clicking(page, server):
    table = Table.new(4, SEED)
    table.advance()
    table.act(Bid(0, None))
    view = table.view()
    legal = list(view.legal)
    illegal = next(c for c in view.hand if c not in legal)
    reason = table.deal.explain(0, illegal).reason  # what the page must say, from the engine

    page.goto(f"{server}/practice?players=4&seed={SEED}")
    expect(page.get_by_role("heading", name="Practice")).to_be_visible(timeout=30000)
    expect(page.get_by_text(f"#{SEED}").first).to_be_visible(timeout=15000)
    page.get_by_role("button", name="Pass", exact=True).click()
    expect(page.get_by_text("Trick 1", exact=True)).to_be_visible(timeout=15000)
    page.locator("button.tt-card img").first.wait_for(state="visible")
    sizes = page.locator("button.tt-card img").evaluate_all(
        "els => els.map(e => [e.naturalWidth, e.getBoundingClientRect().width])")
    assert sizes and all(n > 0 and w > 0 for n, w in sizes)

    # An illegal card is refused, with the rule.
    # The hand is on the card table: each card is a button named as the lessons name it.
    page.get_by_role("button", name=card_name(illegal), exact=True).click()
    expect(page.get_by_text(reason).first).to_be_visible(timeout=15000)
    assert "must follow" in reason

    # A legal card: the bots finish the trick and it is shown with its winner.
    page.get_by_role("button", name=card_name(legal[-1]), exact=True).click()
    expect(page.get_by_text("Trick 2", exact=True)).to_be_visible(timeout=15000)
    expect(page.get_by_role("button", name="Show the last trick")).to_be_visible()
