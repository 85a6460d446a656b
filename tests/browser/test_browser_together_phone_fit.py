"""Play together in French on a 390 × 844 phone (and a 1280 × 800 screen), measured by bounding boxes:

- every seat's label (its name, its badges: « preneur », « partenaire », « donneur », « à jouer », and its
  cards left) lies inside the card table, none cut at the table's edge, none over another seat's, with long
  names and with five players;
- after opening or joining a table, the box that shows the PIN once does not push the card table and the hand
  off the first screen during the deal: it comes under the hand, and « Compris » puts it away."""

from __future__ import annotations

from urllib.parse import parse_qs, urlparse

import pytest
from playwright.sync_api import expect
from sqlalchemy import select
from streamlit_page import press, settle, shown, streamlit_server
from together_pages import seed_where, taken_by

from conftest import ARTIFACTS, failing_on_log_problems
from tutor.classroom.tables import TableStore
from tutor.db.together import PlayTable
from tutor.engine import Phase, PlayCard
from tutor.practice import choose_card, decide
from tutor.progress import Store

SCREENS = {"phone": {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True},
           "desktop": {"viewport": {"width": 1280, "height": 800}}}
TOP = ("() => { window.scrollTo(0, 0); "
       "document.querySelectorAll('*').forEach(e => { if (e.scrollTop) e.scrollTop = 0; }); }")
LONG = "Marie-Bérénice de Villeneuve"  # a long name in the seat at the table's top edge


@pytest.fixture(scope="module")
def fit(tmp_path_factory):
    """One app process on a SQLite file, and the store on the same file."""
    url = f"sqlite:///{tmp_path_factory.mktemp('together_fit') / 'tables.sqlite3'}"
    store = Store.open(url)
    log_path = ARTIFACTS / "streamlit-together-phone-fit.log"
    with streamlit_server({"TUTOR_DATABASE_URL": url}, log_path) as server:
        yield server, store, TableStore(store.engine), log_path
    store.close()


def _to_card(ts: TableStore, tokens: list[str], tid: int, trick: int, seat: int = 0):
    """Everyone's moves made through the store, as the Club bots would (a card rather than a poignée), until
    ``seat`` has a card to play in trick ``trick`` (from 0); the bots answer in the store's own writes."""
    for _ in range(300):
        snap = ts.table(tid)
        d = snap.deal
        if d.phase is Phase.CANCELLED:  # everyone passed (a deal the page dealt at random): the host deals one
            seed = seed_where(d.players, lambda dd: dd.phase is Phase.DONE)
            snap = ts.next_deal(tokens[0], snap.version, seed=seed).table
            assert ts.start(tokens[0], snap.version).ok
            continue
        view = d.view(d.to_act)
        if d.phase is Phase.PLAYING and d.to_act == seat and len(view.tricks) >= trick:
            return snap
        action = decide(view).action
        if d.phase is Phase.PLAYING and not isinstance(action, PlayCard):
            action = PlayCard(d.to_act, choose_card(view)[0])
        assert ts.act(tokens[d.to_act], action, snap.version).ok
    raise AssertionError("no card to play")


def _box(locator) -> dict:
    box = locator.bounding_box()
    assert box is not None, f"{locator} is not drawn"
    return box


def _shoot(pg, name: str) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    pg.screenshot(path=str(ARTIFACTS / f"together-fit-{name}.png"))


def _seats_fit(pg) -> None:
    """Each seat's label inside the card table, its words whole, and no two labels nor a trick card and a label
    over each other."""
    table = _box(pg.locator(".tt-table").first)
    seats = pg.locator(".tt-table .tt-seat")
    boxes = []
    for i in range(seats.count()):
        seat = seats.nth(i)
        box, text = _box(seat), seat.inner_text().replace("\n", " · ")
        assert box["x"] >= table["x"] - 0.5 and box["x"] + box["width"] <= table["x"] + table["width"] + 0.5, \
            f"« {text} » runs off the table's side"
        assert box["y"] >= table["y"] - 0.5 and box["y"] + box["height"] <= table["y"] + table["height"] + 0.5, \
            f"« {text} » runs off the table's top or bottom edge ({box['y'] - table['y']:.0f} px)"
        cut = seat.evaluate("e => [...e.querySelectorAll('span')].filter(s => s.scrollWidth > s.clientWidth + 1)"
                            ".map(s => s.textContent)")
        assert not cut, f"{cut} cut in « {text} »"
        boxes.append((text, box))
    cards = pg.locator(".tt-table .tt-slot")
    for i in range(cards.count()):
        q, name = _box(cards.nth(i)), cards.nth(i).locator("[role=img]").get_attribute("aria-label")
        for text, p in boxes:
            apart = (p["x"] + p["width"] <= q["x"] + 0.5 or q["x"] + q["width"] <= p["x"] + 0.5
                     or p["y"] + p["height"] <= q["y"] + 0.5 or q["y"] + q["height"] <= p["y"] + 0.5)
            assert apart, f"{name} lies over « {text} »"
    for i, (a, p) in enumerate(boxes):
        for b, q in boxes[i + 1:]:
            apart = (p["x"] + p["width"] <= q["x"] + 0.5 or q["x"] + q["width"] <= p["x"] + 0.5
                     or p["y"] + p["height"] <= q["y"] + 0.5 or q["y"] + q["height"] <= p["y"] + 0.5)
            assert apart, f"« {a} » and « {b} » are drawn over each other"


CASES = {4: ("Ben", LONG), 5: ()}  # the people who join after Ana (the host); bots in the other seats


@pytest.mark.parametrize("screen", list(SCREENS))
@pytest.mark.parametrize("players", list(CASES))
def test_every_seats_label_fits_the_card_table_in_french(fit, browser, players, screen):
    server, _store, ts, log_path = fit
    seed = seed_where(players, taken_by(2))  # the seat across the table (at its top edge, or near it) takes
    snap, ana, _ = ts.open("Ana", players, "club", seed=seed)
    tokens = [ana] + [ts.join(snap.code, n)[1] for n in CASES[players]]
    tokens += [None] * (players - len(tokens))  # the bots' seats: they play in the store's writes
    assert ts.start(ana, ts.table(snap.id).version).ok
    ctx = browser.new_context(**SCREENS[screen])
    pg = ctx.new_page()
    try:
        with failing_on_log_problems(log_path):
            for trick in (0, 5):
                _to_card(ts, tokens, snap.id, trick)
                pg.goto(f"{server}/table?seat={ana}&lang=fr")
                expect(pg.get_by_text("vous êtes Ana")).to_be_visible()
                expect(pg.locator("button.tt-card.tt-marked").first).to_be_visible()
                settle(pg)
                pg.evaluate(TOP)
                _shoot(pg, f"seats-{players}-{screen}-{trick}")
                expect(pg.locator(".tt-table .tt-mark-taker")).to_have_count(1)  # « preneur »: a long label
                _seats_fit(pg)
            settle(pg)
    finally:
        ctx.close()


def _token(pg) -> str:
    return parse_qs(urlparse(pg.url).query)["seat"][0]


def _fill(pg, label: str, text: str) -> None:
    box = pg.get_by_role("textbox", name=label, exact=True).locator("visible=true").first
    shown(pg, box)
    box.fill(text)


@pytest.mark.parametrize("screen", list(SCREENS))
def test_the_pin_box_comes_under_the_hand_during_the_deal(fit, browser, screen):
    server, store, ts, log_path = fit
    size = SCREENS[screen]["viewport"]
    ana_ctx, ben_ctx = browser.new_context(**SCREENS[screen]), browser.new_context(**SCREENS[screen])
    try:
        with failing_on_log_problems(log_path):
            ana = ana_ctx.new_page()
            ana.goto(f"{server}/table?lang=fr")
            ana.get_by_role("tab", name="Ouvrir une table").click()
            _fill(ana, "Votre nom", "Ana")
            press(ana, ana.get_by_role("button", name="Ouvrir la table"))
            expect(ana.get_by_text("Votre code PIN est")).to_be_visible()
            with store.engine.connect() as conn:
                code = conn.execute(select(PlayTable.code).order_by(PlayTable.id.desc())).scalars().first()
            ben = ben_ctx.new_page()
            ben.goto(f"{server}/table?code={code}&lang=fr")
            _fill(ben, "Votre nom", "Ben")
            press(ben, ben.get_by_role("button", name="S’asseoir à la table"))
            expect(ben.get_by_text("Votre code PIN est")).to_be_visible()
            expect(ana.get_by_text("Ben", exact=False).first).to_be_visible()  # the host's page saw Ben sit down
            settle(ana)
            press(ana, ana.get_by_role("button", name="Commencer la donne"))
            expect(ana.get_by_role("button", name="Commencer la donne")).to_have_count(0)
            tid = ts.me(_token(ana)).table_id
            tokens = [_token(ana), _token(ben), None, None]
            _to_card(ts, tokens, tid, 0)  # Ana's first card: Ben (and the bots) wait for it
            for who, pg in (("ana", ana), ("ben", ben)):
                expect(pg.locator(".tt-hand").first).to_be_visible()  # the page followed the table
                settle(pg)  # that run's end: till then the PIN box drawn before it may still be there, faded, twice
                pin = pg.get_by_text("Votre code PIN est")
                expect(pin).to_have_count(1)
                expect(pin).to_be_visible()  # not noted yet: still shown
                pg.evaluate(TOP)
                _shoot(pg, f"pin-{who}-{screen}")
                table, hand = _box(pg.locator(".tt-table").first), _box(pg.locator(".tt-hand").first)
                if screen == "phone":
                    for what, box in (("the card table", table), ("the hand", hand)):
                        assert box["y"] >= 0 and box["y"] + box["height"] <= size["height"], \
                            f"{who}: {what} is at {box['y']:.0f}-{box['y'] + box['height']:.0f} px, off the screen"
                assert _box(pin)["y"] >= hand["y"] + hand["height"], f"{who}: the PIN box is above the hand"
                press(pg, pg.get_by_role("button", name="Compris"))
                expect(pg.get_by_text("Votre code PIN est")).to_have_count(0)
            settle(ana)
            settle(ben)
    finally:
        ana_ctx.close()
        ben_ctx.close()
