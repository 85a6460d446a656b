"""Play together in Chromium: two browsers hold two seats of one table (from their seats' links); one plays a card
on the card table and the other sees it appear by itself (its page looks at the table's version every second),
without a reload, on a 390 px phone that never scrolls sideways; the card is in the stored log once."""

from __future__ import annotations

import re

from playwright.sync_api import expect
from streamlit_page import settle, streamlit_server
from together_pages import seed_where, taken_by

from conftest import ARTIFACTS, failing_on_log_problems
from tutor.classroom.tables import TableStore
from tutor.engine import Phase, PlayCard
from tutor.practice import decide
from tutor.progress import Store
from tutor.ui.common.cards import card_name


def _to_the_first_card(ts: TableStore, tokens: dict, tid: int):
    """The bids and the écart made through the store, as the bots would: the table waits for a person's card."""
    for _ in range(40):
        snap = ts.table(tid)
        d = snap.deal
        if d.phase is Phase.PLAYING and d.to_act in tokens and isinstance(decide(d.view(d.to_act)).action, PlayCard):
            return snap
        assert d.to_act in tokens, "bots play in the store's own writes"
        assert ts.act(tokens[d.to_act], decide(d.view(d.to_act)).action, snap.version).ok
    raise AssertionError("no card to play")


def test_a_card_played_on_one_browser_appears_on_the_other(browser, tmp_path):
    url = f"sqlite:///{tmp_path / 'tables.sqlite3'}"
    store = Store.open(url)
    ts = TableStore(store.engine)
    snap, ana, _ = ts.open("Ana", 3, "club", seed=seed_where(3, taken_by(0)))  # a deal Ana takes
    _, ben, _ = ts.join(snap.code, "Ben")
    tokens = {0: ana, 1: ben}
    assert ts.start(ana, ts.table(snap.id).version).ok
    snap = _to_the_first_card(ts, tokens, snap.id)
    seat = snap.deal.to_act
    other = 1 - seat
    names = {0: "Ana", 1: "Ben"}
    card = snap.deal.view(seat).legal[-1]

    log_path = ARTIFACTS / "streamlit-together.log"
    with streamlit_server({"TUTOR_DATABASE_URL": url}, log_path) as server, failing_on_log_problems(log_path):
        ctxs = [browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
                for _ in range(2)]
        try:
            player, watcher = (c.new_page() for c in ctxs)
            for pg, s in ((player, seat), (watcher, other)):
                pg.goto(f"{server}/table?seat={tokens[s]}")
                expect(pg.get_by_text(f"you are {names[s]}")).to_be_visible()
                pg.locator(".tt-hand").first.wait_for(state="visible")
                settle(pg)
            for pg in (player, watcher):  # a 390 px phone: nothing scrolls sideways
                assert pg.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
            watcher_url = watcher.url
            played = watcher.get_by_role("img", name=re.compile(rf"^{re.escape(card_name(card))}, played by "
                                                                rf"{names[seat]}"))
            expect(played).to_have_count(0)
            player.get_by_role("button", name=card_name(card), exact=True).click()
            expect(played).to_be_visible()  # by itself: the watcher never reloads
            assert watcher.url == watcher_url
            settle(player)
            settle(watcher)
        finally:
            for c in ctxs:
                c.close()
    log = ts.table(snap.id).state.log
    assert log.count(PlayCard(seat, card)) == 1
    store.close()
