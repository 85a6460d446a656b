"""Duplicate in class in a real browser: the teacher sets a session, three learners on separate browser contexts
play its first deal (two pass: everyone passes and the deal is not played; one takes a garde contre and plays
every card), a reload carries on, and the teacher's dashboard ranks the class (read back through its CSV)."""

import re
from pathlib import Path

import pytest
from playwright.sync_api import expect
from streamlit_page import settle

from conftest import TEACHER_PASSPHRASE
from tutor.classroom.duplicate_stats import note_of, pct
from tutor.engine import Bid, CallKing, Contract, PlayCard, callable_cards
from tutor.practice.class_deals import LEARNER, pick_deals, replayed
from tutor.ui.common.cards import card_label

PLAYERS, SEED = 5, 2  # the first deal: a learner who passes is followed by four passes (worked out below)


def _join(browser, server, code, name):
    ctx = browser.new_context(viewport={"width": 1280, "height": 900})
    pg = ctx.new_page()
    pg.goto(f"{server}/class?code={code}")
    expect(pg.get_by_role("heading", name="Class quiz")).to_be_visible()
    settle(pg)
    pg.get_by_label("Your name").fill(name)
    pg.get_by_role("button", name="Join the quiz").click()
    expect(pg.get_by_text("Deal 1 of 4")).to_be_visible()
    settle(pg)
    return ctx, pg


@pytest.mark.long
def test_three_learners_play_a_duplicate_deal_and_the_teacher_ranks_them(page, browser, server):
    seed = pick_deals(PLAYERS, 4, SEED)[0].seed
    passed = replayed(PLAYERS, seed, [])
    passed.act(Bid(LEARNER, None))
    assert passed.deal.phase.name == "CANCELLED"  # the seed's promise

    page.goto(f"{server}/teacher")
    locked, open_ = page.get_by_label("Teacher passphrase"), page.get_by_text("Set a new class quiz")
    expect(locked.or_(open_)).to_be_visible()
    settle(page)
    if locked.count():
        locked.fill(TEACHER_PASSPHRASE)
        page.get_by_role("button", name="Unlock").click()
    expander = page.get_by_text("Set a duplicate class session")
    expect(expander).to_be_visible()
    settle(page)
    expander.click()
    page.get_by_label("Session title").fill("Duplicate in the browser")
    page.get_by_test_id("stRadio").filter(has_text="Players at the table").get_by_text(str(PLAYERS), exact=True).click()
    page.get_by_role("spinbutton", name="Seed (0: new deals)").fill(str(SEED))
    page.get_by_role("spinbutton", name="Seed (0: new deals)").press("Tab")
    page.get_by_role("button", name="Set the duplicate session").click()
    done = page.get_by_text("Duplicate session set. Code:")
    expect(done).to_be_visible()
    code = re.search(r"Code: ([A-Z0-9]{6})", done.inner_text()).group(1)

    # Ann and Bob pass: everyone passes, the deal scores 0. Bob reloads first: the address keeps his place.
    people = {}
    for name in ("Ann", "Bob"):
        ctx, pg = _join(browser, server, code, name)
        if name == "Bob":
            pg.reload()
            expect(pg.get_by_text("Deal 1 of 4")).to_be_visible()
            expect(pg.get_by_text("playing as Bob")).to_be_visible()
            settle(pg)
        pg.get_by_role("button", name="Pass", exact=True).click()
        expect(pg.get_by_role("heading", name=re.compile(r"Deal 1 of 4: your score \+0"))).to_be_visible()
        expect(pg.get_by_text("Everyone passed")).to_be_visible()
        people[name] = (ctx, pg)

    # Cy takes a garde contre, calls a king and plays every card (the first legal one each time).
    ctx, cy = _join(browser, server, code, "Cy")
    expect(cy.get_by_text(re.compile(r"\b(Ann|Bob)\b"))).to_have_count(0)  # no other learner's name or choices
    score = play_garde_contre(cy, seed)
    note = note_of(score, [score, 0, 0])
    expect(cy.get_by_role("heading", name=f"Deal 1 of 4: your score {score:+d}, {pct(note):g} %")).to_be_visible()
    expect(cy.get_by_text("2 other learners who have finished it")).to_be_visible()
    people["Cy"] = (ctx, cy)

    # The teacher's dashboard follows without a click; its ranking, read back through the CSV.
    expect(page.get_by_text("Learners (3)")).to_be_visible()
    expect(page.get_by_text("Results: 3, from", exact=False)).to_be_visible()
    settle(page)
    with page.expect_download() as dl:
        page.get_by_role("button", name="Download the ranking (CSV)").click()
    rows = Path(dl.value.path()).read_text(encoding="utf-8").splitlines()
    assert rows[0] == "place,learner,deals,attack_pct,defence_pct,global_pct"
    # Cy took (attack), Ann and Bob defended; two equal scores share the notes 0 and 50 (or 50 and 100).
    cy_note, other = pct(note), pct(note_of(0, [score, 0, 0]))
    ranked = [r.split(",") for r in rows[1:]]
    assert {r[1]: (r[3], r[4], r[5]) for r in ranked} == {"Cy": (f"{cy_note}", "", f"{cy_note}"),
                                                         "Ann": ("", f"{other}", f"{other}"),
                                                         "Bob": ("", f"{other}", f"{other}")}
    assert [r[0] for r in ranked] == ["1", "2", "3"]
    for ctx, _ in people.values():
        ctx.close()


def play_garde_contre(cy, seed: int) -> int:
    """On ``cy``'s page at the first deal: take a garde contre, call a king if five play, play without
    announcing, then every card (the first legal one each time); the learner's score, worked out alongside."""
    table = replayed(PLAYERS, seed, [])
    table.act(Bid(LEARNER, Contract.GARDE_CONTRE))
    cy.get_by_role("button", name=Contract.GARDE_CONTRE.french.capitalize(), exact=True).click()
    if table.deal.phase.name == "CALLING":
        king = callable_cards(list(table.view().hand))[0]
        expect(cy.get_by_role("button", name=f"Call {card_label(king)}")).to_be_visible()
        settle(cy)
        cy.get_by_role("button", name=f"Call {card_label(king)}").click()
        table.act(CallKing(LEARNER, king))
    expect(cy.get_by_role("button", name="Play without announcing")).to_be_visible()
    settle(cy)
    cy.get_by_role("button", name="Play without announcing").click()
    table.start_play()
    while not table.finished:
        card = table.deal.legal_cards(LEARNER)[0]
        expect(cy.locator(f".tt-root[data-token='dc_0_{len(table.deal.log)}']")).to_have_count(1)
        settle(cy)
        cy.get_by_label("…or type the card to play").fill(card.code)
        cy.get_by_role("button", name="Play the typed card").click()
        table.act(PlayCard(LEARNER, card))
    return table.deal.result().seat_scores[LEARNER]
