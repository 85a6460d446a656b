"""Issue 36's "Done when": a whole 4-player deal at one table, three people each in their own browser (a 390 px
phone) and a bot in the fourth seat, served by two `streamlit run` processes on one PostgreSQL database. Every
bid, the écart and every card is played by clicks on the page of the seat whose turn it is. In the middle, Ben
reloads his page (it keeps his seat), and Cleo taps a card on a page drawn before she played from her other phone
and Ana moved after her (its timers held still, so it cannot follow): the tap is refused with a sentence and the
fresh table, and changes nothing. At the end, the score on the sheet (its CSV, from both processes) is the
engine's score of the log read back from the database, and each person sees one review, their own: the cards it
says "you played" are their cards, the bid it says "you said" is their bid.

Runs when TUTOR_TEST_DATABASE_URL names a PostgreSQL database (fails without it when TUTOR_REQUIRE_POSTGRES=1),
in a schema of its own."""

from __future__ import annotations

import contextlib
import csv
import io
import re
from pathlib import Path

import pytest
from playwright.sync_api import expect
from postgres_schema import postgres_or_skip
from streamlit_page import press, settle, streamlit_server
from together_pages import seed_where

from conftest import ARTIFACTS, problems_in
from tutor.classroom.tables import TableStore
from tutor.engine import Bid, CallKing, Deal, Discard, Phase, PlayCard
from tutor.practice import choose_card, choose_ecart, decide, together
from tutor.progress import Store
from tutor.ui.common.cards import card_label, card_name

LOGS = (ARTIFACTS / "streamlit-together-a.log", ARTIFACTS / "streamlit-together-b.log")
PEOPLE = ("Ana", "Ben", "Cleo")  # seats 1 to 3; the fourth is a Club bot
RELOAD_AT, STALE_AT = 3, 6  # the trick (from 0) in which Ben reloads, and in which Cleo's stale tap comes
PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}




@contextlib.contextmanager
def _two_processes(url: str):
    """Two app processes on one database (as behind a proxy); a warning or a traceback in either log is a bug."""
    fmt = ("--logger.messageFormat", "%(asctime)s %(levelname)s %(name)s: %(message)s")
    with contextlib.ExitStack() as stack:
        urls = [stack.enter_context(streamlit_server({"TUTOR_DATABASE_URL": url, "TUTOR_SHARED_SERVER": "1"}, log,
                                                     f"streamlit process {name}", extra_args=fmt))
                for log, name in zip(LOGS, "AB", strict=True)]
        starts = [p.stat().st_size for p in LOGS]
        yield urls
        found = []
        for path, start in zip(LOGS, starts, strict=True):
            with open(path, "rb") as f:
                f.seek(start)
                found += [f"{path.name}: {line}" for line in problems_in(f.read().decode(errors="replace"))]
        if found:
            pytest.fail("a Streamlit process logged a warning or an exception (a bug):\n" + "\n".join(found[:20]),
                        pytrace=False)


def _a_deal_people_take(d: Deal) -> bool:
    """Played as the bots play: a person takes a petite or a garde (so they make an écart on their page) and the
    deal lasts past the stale tap's trick."""
    return d.phase is Phase.DONE and d.taker in range(len(PEOPLE)) and d.contract.value in ("petite", "garde")


def _move(view):
    """What this person does: the Club bots' choice, but a card rather than a poignée or a chelem (kept simple:
    the page's other tests show those)."""
    action = decide(view).action
    if view.phase is Phase.PLAYING and not isinstance(action, PlayCard):
        return PlayCard(view.seat, choose_card(view)[0])
    if view.phase is Phase.ECART:
        return Discard(view.seat, tuple(choose_ecart(view.hand, players=view.players)))
    return action


def _ready(pg, view):
    """The control this seat's turn brings, once the page shows the turn (it is drawn only then)."""
    if view.phase is Phase.BIDDING:
        return None
    if view.phase is Phase.ECART:
        return pg.get_by_role("button", name="Put the typed cards aside")
    return pg.get_by_role("button", name="Play the typed card")


def _click(pg, action) -> None:
    """The action made by a tap on the page, as a person would."""
    if isinstance(action, Bid):
        name = "Pass" if action.contract is None else action.contract.french.capitalize()
        press(pg, pg.get_by_role("button", name=name, exact=True))
    elif isinstance(action, CallKing):
        press(pg, pg.get_by_role("button", name=f"Call {card_label(action.card)}", exact=True))
    elif isinstance(action, Discard):
        pg.get_by_role("textbox", name="…or type them").fill(" ".join(c.code for c in action.cards))
        press(pg, pg.get_by_role("button", name="Put the typed cards aside"))
    else:
        press(pg, pg.get_by_role("button", name=card_name(action.card), exact=True))


def _wait_for_turn(pg, view, action) -> None:
    ready = _ready(pg, view)
    if ready is None:  # a bid: its own button is there only on this seat's turn
        name = "Pass" if action.contract is None else action.contract.french.capitalize()
        ready = pg.get_by_role("button", name=name, exact=True)
    expect(ready).to_be_visible()
    settle(pg)


def _open_seat(ctx, base: str, token: str, name: str):
    pg = ctx.new_page()
    pg.goto(f"{base}/table?seat={token}")
    expect(pg.get_by_text(f"you are {name}")).to_be_visible()
    settle(pg)
    return pg


def _trick(snap) -> int:
    return len(snap.deal.view(0).tricks)


@pytest.mark.long
def test_a_whole_deal_of_three_people_and_a_bot_on_two_processes(browser):
    url = postgres_or_skip("tutor_together_", "the whole-deal test")
    seed = seed_where(4, _a_deal_people_take)
    store = Store.open(url)
    ts = TableStore(store.engine)
    snap, ana, _ = ts.open("Ana", 4, "club", seed=seed)
    tokens = [ana] + [ts.join(snap.code, n)[1] for n in PEOPLE[1:]]
    tid = snap.id
    assert [p.seat for p in ts.table(tid).people] == [0, 1, 2] and ts.table(tid).state.seats[3].is_bot

    with _two_processes(url) as (a, b):
        ctxs = [browser.new_context(**PHONE) for _ in range(4)]  # Ana, Ben, Cleo, and Cleo's other phone
        try:
            # Cleo's page's clock is Playwright's: it runs as usual until the test holds it still.
            cleo_pg = ctxs[2].new_page()
            cleo_pg.clock.install()
            cleo_pg.goto(f"{b}/table?seat={tokens[2]}")
            expect(cleo_pg.get_by_text("you are Cleo")).to_be_visible()
            settle(cleo_pg)
            pages = [_open_seat(ctxs[0], a, tokens[0], "Ana"), _open_seat(ctxs[1], b, tokens[1], "Ben"), cleo_pg]
            press(pages[0], pages[0].get_by_role("button", name="Start the deal"))
            assert ts.table(tid).started

            reloaded = stale = False
            for _ in range(200):
                snap = ts.table(tid)
                if snap.over:
                    break
                seat = snap.deal.to_act
                assert seat in range(len(PEOPLE)), "the bot plays in the store's own writes"
                view = snap.deal.view(seat)
                action = _move(view)
                pg = pages[seat]
                if not reloaded and seat == 1 and _trick(snap) >= RELOAD_AT:
                    pg.reload()  # Ben's reload: the address holds his seat's token
                    expect(pg.get_by_text("you are Ben")).to_be_visible()
                    reloaded = True
                if (not stale and seat == 2 and view.phase is Phase.PLAYING and not view.trick
                        and _trick(snap) >= STALE_AT):  # Cleo leads: Ana plays after her in this trick
                    stale = True
                    _stale_tap(ts, tid, snap, view, action, pages, ctxs[3], a, tokens[2])
                    continue
                _wait_for_turn(pg, view, action)
                _click(pg, action)
                after = ts.table(tid)
                assert after.version > snap.version, f"{PEOPLE[seat]}'s tap was stored"
                assert after.state.log[len(snap.state.log)] == action
            else:
                raise AssertionError("the deal did not end in 200 moves")
            assert reloaded and stale

            snap = ts.table(tid)
            d = Deal.replay(4, snap.state.seed, snap.state.log, dealer=snap.state.dealer)  # the engine, anew
            assert d.phase is Phase.DONE
            want = [int(s) for s in d.result().seat_scores]
            assert list(together.deal_scores(snap.state, together.deal_of(snap.state))) == want
            for seat, pg in enumerate(pages):
                _own_review(pg, d, seat)
            host_tools = pages[0].get_by_text("Host: the code, the seats and the deal")
            deal_next = pages[0].get_by_role("button", name="Deal the next hand")
            if not deal_next.is_visible():  # the host's tools fold away during a deal
                host_tools.click()
            press(pages[0], deal_next)
            for pg, names in ((pages[0], ["You", "Ben", "Cleo"]), (pages[1], ["Ana", "You", "Cleo"])):
                _sheet_says(pg, names, want)
            for pg in pages:
                settle(pg)
        finally:
            ARTIFACTS.mkdir(exist_ok=True)
            for ctx, who in zip(ctxs, ("ana", "ben", "cleo", "cleo2"), strict=True):
                for i, pg in enumerate(ctx.pages):
                    with contextlib.suppress(Exception):
                        pg.screenshot(path=str(ARTIFACTS / f"together_deal_{who}{i}.png"), full_page=True)
                ctx.close()
    store.close()


def _stale_tap(ts, tid, snap, view, action, pages, other_ctx, base, token) -> None:
    """Cleo's page is drawn at her turn and held still; she plays from her other phone, then Ana (and the bot, in
    the store's writes) move on; her tap on the held page is refused, and the page draws the fresh table."""
    cleo = pages[2]
    _wait_for_turn(cleo, view, action)
    cleo.clock.pause_at(cleo.evaluate("Date.now()") + 50)  # no more looks at the table: the page stays as drawn
    other = _open_seat(other_ctx, base, token, "Cleo")
    _wait_for_turn(other, view, action)
    _click(other, action)
    moved = ts.table(tid)
    assert moved.state.log[len(snap.state.log)] == action
    while moved.deal.to_act != 0:  # until Ana's turn (Ben plays on his page if he is between)
        seat = moved.deal.to_act
        assert seat == 1, "Ben or the bot play before Ana comes round"
        step = _move(moved.deal.view(seat))
        _wait_for_turn(pages[1], moved.deal.view(seat), step)
        _click(pages[1], step)
        moved = ts.table(tid)
    ana_move = _move(moved.deal.view(0))
    _wait_for_turn(pages[0], moved.deal.view(0), ana_move)
    _click(pages[0], ana_move)
    before = ts.table(tid)
    assert before.version > moved.version
    tap = next(c for c in view.legal if c != action.card)  # a card the held page still offers
    cleo.get_by_role("button", name=card_name(tap), exact=True).click()
    cleo.clock.resume()  # the tap is on its way (Streamlit sends it on the page's next tick)
    expect(cleo.get_by_text("The table has moved on since your screen was drawn: here it is again.")).to_be_visible()
    after = ts.table(tid)
    assert after.version == before.version and after.state.log == before.state.log  # nothing changed
    assert PlayCard(2, tap) not in after.state.log[len(snap.state.log):]
    other.close()
    settle(cleo)


def _own_review(pg, d: Deal, seat: int) -> None:
    """The deal's end on this person's page: one review, and what it says they did is what this seat did."""
    expect(pg.get_by_text("The deal is over.")).to_be_visible()
    heading = pg.get_by_role("heading", name="Review of your play")
    expect(heading).to_have_count(1)
    review = pg.get_by_text(re.compile(r"^Your \d+ cards? with a choice"))
    expect(review).to_be_visible()
    settle(pg)
    text = pg.locator("[data-testid=stMain]").inner_text()
    mine = {card_label(a.card) for a in d.log if isinstance(a, PlayCard) and a.seat == seat}
    for played in re.findall(r"you played (.+?);", text):
        assert played in mine, f"{played} in seat {seat + 1}'s review is not one of its cards"
    said = re.findall(r"you said (.+?);", text)
    bids = [a.contract for a in d.log if isinstance(a, Bid) and a.seat == seat]
    for s in said:
        assert s == ("pass" if bids[-1] is None else bids[-1].french), f"seat {seat + 1} said {bids[-1]}"


def _sheet_says(pg, names: list[str], want: list[int]) -> None:
    """The sheet's CSV, downloaded from this page: one deal, each seat's score as the engine gave it."""
    button = pg.get_by_test_id("stDownloadButton").filter(has_text="Download the sheet (CSV)")
    expect(button).to_be_visible()
    settle(pg)
    with pg.expect_download() as dl:
        button.click()
    rows = list(csv.reader(io.StringIO(Path(dl.value.path()).read_text(encoding="utf-8"))))
    assert rows[0][1:4] == names
    assert [int(x) for x in rows[1][1:5]] == want and [int(x) for x in rows[1][5:9]] == want
