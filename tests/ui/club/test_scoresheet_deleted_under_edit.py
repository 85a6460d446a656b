"""Issue 37: the laptop edits deal 2 while the phone, in another process, deletes it. The laptop's sheet
follows the deletion, ends the edit with a sentence, and never reaches the engine's "no deal 2" (which
crashed the page). On SQLite and, with TUTOR_TEST_DATABASE_URL, on PostgreSQL."""

from __future__ import annotations

import pytest
from apptest_helpers import app, refresh
from processes import _at_once
from scoresheet_pages import SCORESHEET, press, readme_game, start, totals

from tutor.progress import Store
from tutor.progress.club_store import ClubStore
from tutor.ui.club import scoresheet as sc
from tutor.ui.common import learner as lr

# Only Ann's garde left (README sheet, deal 1): 318 for the taker, -106 for each defender.
ANN_ONLY = {"Ann": 318, "Bob": -106, "Cleo": -106, "Dan": -106}
CHANGED = "This sheet was changed on another device"


@pytest.fixture
def gid(db_url, monkeypatch):
    """The README game on the test's database (SQLite file or PostgreSQL), as the app's pages use it."""
    monkeypatch.setenv("TUTOR_DATABASE_URL", db_url)
    lr._open.clear()  # each PostgreSQL test gets the same URL on a schema made afresh: no store kept from the last
    readme_game(start(["Ann", "Bob", "Cleo", "Dan"]))
    s = Store.open(db_url)
    yield ClubStore(s).games()[0].id
    s.close()


def _phone_deletes(_i: int, gid: int, number: int) -> str:
    """The phone, its own process and session: opens the game, picks the deal, Delete."""
    phone = app(SCORESHEET, game=str(gid))
    phone.selectbox(key="club_pick").set_value(number)
    phone = press(phone, "Delete")
    return " ".join(s.value for s in phone.success)


def _editing(gid: int, number: int):
    laptop = app(SCORESHEET, game=str(gid))
    laptop.selectbox(key="club_pick").set_value(number)
    laptop = press(laptop, "Edit")
    assert laptop.session_state[sc.EDITING] == number
    return laptop


def _stored(db_url, gid):
    s = Store.open(db_url)
    try:
        return ClubStore(s).load(gid).game
    finally:
        s.close()


def test_the_sheet_refresh_ends_the_edit_of_a_deal_deleted_elsewhere(gid, db_url):
    laptop = _editing(gid, 2)
    (said,) = _at_once(1, _phone_deletes, gid, 2)
    assert "Deal 2 deleted" in said
    laptop = refresh(laptop)  # the sheet's few-second look for other devices' changes: it redraws the page
    assert not laptop.exception
    assert laptop.session_state[sc.EDITING] is None  # the form is back to "Add deal"
    labels = {b.label for b in laptop.button}
    assert "Save deal 2" not in labels and "Add deal" in labels
    assert any(CHANGED in e.value and "deal 2" in e.value for e in laptop.error)
    assert totals(laptop) == ANN_ONLY
    assert [d.taker for d in _stored(db_url, gid).deals] == ["Ann"]


def test_saving_an_edit_of_a_deal_deleted_elsewhere_says_so_with_the_fresh_sheet(gid, db_url, monkeypatch):
    laptop = _editing(gid, 2)
    (said,) = _at_once(1, _phone_deletes, gid, 2)
    assert "Deal 2 deleted" in said
    # The refresh has not come yet (a busy server), but the sheet on screen was read after the deletion:
    # the laptop's session holds the fresh one-deal game while its form still says "Save deal 2".
    monkeypatch.setattr(sc, "_watch", lambda: None)
    laptop.run()
    laptop.session_state[sc.GAME] = _stored(db_url, gid)
    laptop.text_input(key="club_points").set_value("41")
    laptop = press(laptop, "Save deal 2")
    assert CHANGED in " ".join(e.value for e in laptop.error)
    assert laptop.session_state[sc.EDITING] is None
    assert totals(laptop) == ANN_ONLY
    assert [d.taker for d in _stored(db_url, gid).deals] == ["Ann"]  # nothing written, nothing doubled


def test_a_deal_added_elsewhere_does_not_end_the_edit(gid, db_url):
    laptop = _editing(gid, 1)
    s = Store.open(db_url)
    ClubStore(s).append(gid, {"taker": "Cleo", "contract": "garde", "points": 60, "oudlers": 1})
    s.close()
    laptop = refresh(laptop)
    assert not laptop.exception and laptop.session_state[sc.EDITING] == 1  # deal 1 is still the one edited
    assert any(b.label == "Save deal 1" for b in laptop.button)
