"""The Practice page in a real browser: bid, click an illegal card (explained), then play a whole trick."""

from playwright.sync_api import expect
from streamlit_page import settle

from tutor.engine import Bid
from tutor.practice.table import Table
from tutor.ui.common.cards import card_label, card_name

SEED = 13  # the learner passes, Anna takes; on the first trick the learner must follow suit (spades)


def test_play_a_full_trick_by_clicking(page, server):
    table = Table.new(4, SEED)
    table.advance()
    table.act(Bid(0, None))
    view = table.view()
    legal = list(view.legal)
    illegal = next(c for c in view.hand if c not in legal)
    reason = table.deal.explain(0, illegal).reason  # what the page must say, from the engine

    page.goto(f"{server}/practice?players=4&seed={SEED}")
    expect(page.get_by_role("heading", name="Practice")).to_be_visible()
    expect(page.get_by_text(f"#{SEED}").first).to_be_visible()
    # The bid hint is estimated for this hand: its advice (worked out here the same way) and each bid's table.
    advice = Table.new(4, SEED)
    advice.advance()
    best = advice.hint().action
    settle(page)
    page.get_by_role("button", name="Hint", exact=True).click()
    said = "pass" if best.contract is None else f"bid {best.contract.value.replace('_', ' ')}"
    expect(page.get_by_text(f"Hint: {said}.", exact=False)).to_be_visible()
    expect(page.get_by_text("Estimated over 80 deals", exact=False)).to_be_visible()
    expect(page.get_by_role("columnheader", name="average score")).to_be_visible()
    settle(page)
    page.get_by_role("button", name="Pass", exact=True).click()
    expect(page.get_by_text("Trick 1", exact=True)).to_be_visible()
    page.locator("button.tt-card img").first.wait_for(state="visible")
    sizes = page.locator("button.tt-card img").evaluate_all(
        "els => els.map(e => [e.naturalWidth, e.getBoundingClientRect().width])")
    assert sizes and all(n > 0 and w > 0 for n, w in sizes)

    # An illegal card is refused, with the rule.
    # The hand is on the card table: each card is a button named as the lessons name it.
    page.get_by_role("button", name=card_name(illegal), exact=True).click()
    expect(page.get_by_text(reason).first).to_be_visible()
    assert "must follow" in reason

    # A legal card: the bots finish the trick and it is shown with its winner.
    page.get_by_role("button", name=card_name(legal[-1]), exact=True).click()
    expect(page.get_by_text("Trick 2", exact=True)).to_be_visible()
    expect(page.get_by_role("button", name="Show the last trick")).to_be_visible()


REVIEW_SEED = 94  # 4 players: the learner takes a petite with ten trumps and shows a poignée
# (the learner plays as the bots would; the review lists the first costly card of the last tricks, solved exactly)


def test_the_review_after_a_deal_and_replay_from_here(page, server):
    """A whole deal played through the page, the review of the learner's cards, then Replay from here."""
    from streamlit_page import settle

    from tutor.engine import Discard, PlayCard, ShowPoignee
    from tutor.strategy.bots.policy import decide
    from tutor.strategy.review.deal import decision_at, learner_steps, listed

    table = Table.new(4, REVIEW_SEED)
    table.advance()
    actions = []  # what the learner does, as the hint would
    after = {}  # action's index -> the card table's token once the bots have answered it
    while not table.finished:
        if table.awaiting_start:
            actions.append("start")
            table.start_play()
            continue
        actions.append(decide(table.view()).action)
        table.act(actions[-1])
        after[len(actions) - 1] = f"pr_{table.deal.seed}_{len(table.deal.log)}"  # the table's next position
    # The page checks the last tricks exactly at once (the earlier cards wait for a toggle).
    costly = [d for k in learner_steps(table.deal, 0) if (d := decision_at(table.deal, k, exact_only=True))
              and listed(d)]
    first = costly[0]

    page.goto(f"{server}/practice?players=4&seed={REVIEW_SEED}")
    expect(page.get_by_text(f"#{REVIEW_SEED}").first).to_be_visible()

    def act(a) -> str:
        """Do ``a``; the name of the button that must go away once it is done (the bidding and the rest)."""
        if a == "start":
            page.get_by_role("button", name="Play without announcing").click()
            return "Play without announcing"
        if isinstance(a, Bid):
            name = a.contract.french.capitalize()
            page.get_by_role("button", name=name, exact=True).click()
            return name
        if isinstance(a, Discard):
            page.get_by_label("…or type them").fill(" ".join(c.code for c in a.cards))
            page.get_by_role("button", name="Put the typed cards aside").click()
            return "Put the typed cards aside"
        if isinstance(a, ShowPoignee):
            page.get_by_role("button", name="Show the typed trumps").click()
            return "Show the typed trumps"
        assert isinstance(a, PlayCard)
        page.get_by_label("…or type the card to play").fill(a.card.code)
        page.get_by_role("button", name="Play the typed card").click()
        return ""

    # Each action waits for the page to show its outcome, then for the run to end: a field filled while
    # the last run is still redrawing the page would be emptied by it.
    for i, a in enumerate(actions):
        settle(page)
        gone = act(a)
        if gone:
            expect(page.get_by_role("button", name=gone, exact=True)).to_have_count(0)
        elif i < len(actions) - 1:
            expect(page.locator(f".tt-root[data-token='{after[i]}']")).to_have_count(1)
    expect(page.get_by_role("heading", name="Review of your play")).to_be_visible()
    # The review runs behind a progress bar, then lists the costly cards with their principle and lesson.
    line = page.get_by_text(f"Trick {first.trick}: you played {card_label(first.played)}", exact=False).first
    expect(line).to_be_visible()
    said = (f"{first.gain:+.0f} to your score on average (on what you could see: {first.samples} deals sampled, "
            "each solved exactly)")
    expect(page.get_by_text(said, exact=False).first).to_be_visible()
    # The double-dummy verdict is told apart: extra information, not counted against the learner.
    assert first.dd_best is not None and first.dd_gain > 0
    known = (f"With every card known (after the deal), {card_label(first.dd_best)} was best: {first.dd_gain:+g} "
             "against your card. Hint could not see that, so it does not count here.")
    expect(page.get_by_text(known, exact=False).first).to_be_visible()
    settle(page)
    expect(page.get_by_role("link", name="Lesson:").first).to_be_visible()
    assert "lesson=" in page.get_by_role("link", name="Lesson:").first.get_attribute("href")
    page.locator(f".st-key-pr_replay_{first.step}").get_by_role("button", name="Replay from here").click()
    expect(page.get_by_text(f"Back at trick {first.trick}", exact=False)).to_be_visible()
    settle(page)
    # The table is back before that card: the card is in the hand again, to be played.
    expect(page.get_by_role("button", name=card_name(first.played), exact=True)).to_be_visible()
