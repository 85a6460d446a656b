"""The teacher's own question in a real browser: written in the form, refused while its answer is wrong (with the
engine's reason), then seen rendered and verified, and saved to the bank."""

from playwright.sync_api import expect
from streamlit_page import settle

from conftest import TEACHER_PASSPHRASE


def test_write_a_question_see_it_refused_then_verified_and_save_it(page, server):
    page.goto(f"{server}/teacher")
    locked, open_ = page.get_by_label("Teacher passphrase"), page.get_by_text("Set a new class quiz")
    expect(locked.or_(open_)).to_be_visible()
    settle(page)
    if locked.count():  # run alone; after the other tests their cookie already signs the teacher in
        locked.fill(TEACHER_PASSPHRASE)
        page.get_by_role("button", name="Unlock").click()
    expect(page.get_by_role("heading", name="Your own questions")).to_be_visible()
    settle(page)

    page.get_by_role("textbox", name="Question", exact=True).fill("Which card wins the trick? <b>not bold</b>")
    page.get_by_role("textbox", name="Choices, one a line (for a choice)").fill("KH\nQH\n10H")
    page.get_by_role("textbox", name="Right answer").fill("QH")  # wrong: the king is higher
    page.get_by_role("textbox", name="Verify block (the engine checks your answer)").fill("trick_winner: KH QH 10H")
    page.get_by_role("button", name="Preview").first.click()
    expect(page.get_by_text("the stated answer QH is wrong: the engine gives KH")).to_be_visible()
    expect(page.get_by_role("button", name="Save to my bank")).to_have_count(0)
    settle(page)

    page.get_by_role("textbox", name="Right answer").fill("KH")
    page.get_by_role("button", name="Preview").first.click()
    expect(page.get_by_text("Verified: the engine gives KH")).to_be_visible()
    settle(page)
    # rendered as learners see it: the prompt (its markup shown as typed) and the cards to choose from
    expect(page.get_by_role("paragraph").filter(has_text="Which card wins the trick? <b>not bold</b>")).to_be_visible()
    expect(page.locator("b", has_text="not bold")).to_have_count(0)
    expect(page.get_by_role("button", name="Check what I typed")).to_be_visible()
    page.get_by_role("button", name="Save to my bank").click()
    expect(page.get_by_text("Saved to your bank: Which card wins the trick?")).to_be_visible()
    settle(page)
    expect(page.get_by_text("Which card wins the trick? <b>not bold</b> · answer: K♥").first).to_be_visible()
