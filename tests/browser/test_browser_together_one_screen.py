"""Play together on a 390 × 844 phone (issue 36, point 7): when it is a person's turn to play a card, the trick,
their hand and the action (the card table's ringed cards, and the typed card's button) are all on the first
screen, in English and in French; what the card does not need (the deal's bids, the dog and the seats, the earlier
tricks, the sheet) is below the hand. Checked at the person's first card (where a poignée may be offered above the
table) and again in the middle of the deal."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect
from streamlit_page import settle, streamlit_server
from together_pages import played_as_the_bots, seed_where, taken_by

from conftest import ARTIFACTS, failing_on_log_problems
from tutor.classroom.tables import TableStore
from tutor.engine import Phase, PlayCard
from tutor.practice import choose_card, decide
from tutor.progress import Store

WIDTH, HEIGHT = 390, 844
WORDS = {"en": {"typed": "Play the typed card", "deal": "This deal: the bids, the dog and the seats",
                "me": "you are Ana"},
         "fr": {"typed": "Jouer la carte tapée", "deal": "Cette donne", "me": "vous êtes Ana"}}
TOP = ("() => { window.scrollTo(0, 0); "
       "document.querySelectorAll('*').forEach(e => { if (e.scrollTop) e.scrollTop = 0; }); }")


@pytest.fixture(scope="module")
def one(tmp_path_factory):
    """One app process on a SQLite file, and the store on the same file."""
    url = f"sqlite:///{tmp_path_factory.mktemp('together') / 'tables.sqlite3'}"
    store = Store.open(url)
    log_path = ARTIFACTS / "streamlit-together-one-screen.log"
    with streamlit_server({"TUTOR_DATABASE_URL": url}, log_path) as server:
        yield server, TableStore(store.engine), log_path
    store.close()


def _to_anas_card(ts: TableStore, token: str, tid: int, trick: int):
    """Ana's moves made through the store, as the bots would, until she has a card to play in trick ``trick``
    (from 0); the bots answer in the store's own writes."""
    for _ in range(200):
        snap = ts.table(tid)
        d = snap.deal
        assert d.to_act == 0, "the bots play in the store's own writes"
        view = d.view(0)
        action = decide(view).action
        if d.phase is Phase.PLAYING and len(view.tricks) >= trick:
            return snap
        if d.phase is Phase.PLAYING and not isinstance(action, PlayCard):
            action = PlayCard(0, choose_card(view)[0])
        assert ts.act(token, action, snap.version).ok
    raise AssertionError("no card to play")


def _box(locator):
    box = locator.bounding_box()
    assert box is not None, f"{locator} is not drawn"
    return box


def _poignee_for_ana(start: int = 1) -> int:
    """The first seed whose deal gives Ana (the host, seat 1) a hand that may show a poignée at her first card, and
    is played (someone takes, as the bots bid)."""
    import random

    from tutor.engine import Deal, poignee_options
    for seed in range(start, start + 5000):
        d = Deal.new(4, seed=seed, dealer=random.Random(seed).randrange(4))  # the store's dealer
        if poignee_options(list(d.hand(0)), players=4) and played_as_the_bots(4, seed).phase is Phase.DONE:
            return seed
    raise AssertionError("no such deal in 5000 seeds")


CASES = {"play": (lambda: seed_where(4, taken_by(1)), (0, 6)),  # a bot takes; Ana plays on, first card and later
         "poignee": (_poignee_for_ana, (0,))}  # a poignée offered above the table at her first card


@pytest.mark.parametrize("case", list(CASES))
@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_trick_the_hand_and_the_action_fit_a_phones_first_screen(one, browser, lang, case):
    server, ts, log_path = one
    words = WORDS[lang]
    seed, tricks = CASES[case]
    snap, ana, _ = ts.open("Ana", 4, "club", seed=seed())
    assert ts.start(ana, snap.version).ok
    ctx = browser.new_context(viewport={"width": WIDTH, "height": HEIGHT}, is_mobile=True, has_touch=True)
    pg = ctx.new_page()
    try:
        with failing_on_log_problems(log_path):
            for trick in tricks:
                _to_anas_card(ts, ana, snap.id, trick)
                pg.goto(f"{server}/table?seat={ana}&lang={lang}")
                expect(pg.get_by_text(words["me"])).to_be_visible()
                hand = pg.locator(".tt-hand:visible")  # a poignée's own card table is folded in its expander
                expect(pg.locator("button.tt-card:visible img").first).to_be_visible()
                settle(pg)
                pg.evaluate(TOP)
                ARTIFACTS.mkdir(exist_ok=True)
                pg.screenshot(path=str(ARTIFACTS / f"together-one-screen-{case}-{lang}-{trick}.png"))
                for what, el in [("the trick", pg.locator(".tt-table")), ("the hand", hand),
                                 ("a ringed card", pg.locator("button.tt-card.tt-marked:visible").last),
                                 ("the typed card's button",
                                  pg.get_by_role("button", name=words["typed"], exact=True))]:
                    box = _box(el)
                    assert box["y"] >= 0 and box["y"] + box["height"] <= HEIGHT, \
                        f"{what} is at {box['y']:.0f}-{box['y'] + box['height']:.0f} px, off the {HEIGHT} px screen"
                    assert box["x"] >= 0 and box["x"] + box["width"] <= WIDTH, f"{what} is off the screen's side"
                about = pg.get_by_text(words["deal"], exact=False).first
                expect(about).to_be_attached()
                assert about.bounding_box()["y"] > _box(hand)["y"] + _box(hand)["height"]  # folded below
                assert pg.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
            settle(pg)
    finally:
        ctx.close()
