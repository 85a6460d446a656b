"""The club's organiser on a shared server (issue 26): deleting a game, changing a deal entered more than
``CLUB_TABLE_FIX_MINUTES`` ago and renaming on Seasons are refused until the organiser signs in, and
allowed after; adding a deal, and correcting one just entered, stay open to the table; on a personal
database nothing asks for a passphrase."""

from __future__ import annotations

from datetime import timedelta

import pytest
from apptest_helpers import app

from tutor.classroom import passphrase, signin
from tutor.club import Game
from tutor.db import utcnow
from tutor.limits import CLUB_TABLE_FIX_MINUTES
from tutor.progress import Store
from tutor.progress.club_store import ClubStore
from tutor.ui.club import organiser

SCORESHEET, SEASONS = "tutor/ui/pages/scoresheet.py", "tutor/ui/pages/seasons.py"
PASS = "the club's own phrase"
HASH = passphrase.make_hash(PASS, salt=b"organiser-salt-1")
GARDE = {"taker": "Ann", "contract": "garde", "points": "49", "oudlers": 2}


@pytest.fixture
def clubs(_fresh_progress_db):
    s = Store.open(f"sqlite:///{_fresh_progress_db}")
    yield ClubStore(s)
    s.close()


@pytest.fixture
def shared(monkeypatch):
    monkeypatch.setenv("TUTOR_SHARED_SERVER", "1")
    monkeypatch.setenv(passphrase.ORGANISER_VAR, HASH)


def game_with_deals(clubs, *ages_minutes) -> int:
    """A saved four-player game whose deals were entered ``ages_minutes`` ago (None: saved before v10)."""
    gid = clubs.save(Game.new(["Ann", "Bob", "Cleo", "Dan"]), "Friday")
    for age in ages_minutes:
        if age is None:
            saved = clubs.load(gid)
            clubs.save(saved.game.add(GARDE), "Friday", gid, version=saved.version)  # a whole write: no time
        else:
            clubs.append(gid, GARDE, now=utcnow() - timedelta(minutes=age))
    return gid


def press(at, label):
    next(b for b in at.button if b.label == label).click()
    at.run()
    assert not at.exception, at.exception
    return at


def button(at, label):
    return next(b for b in at.button if b.label == label)


def sign_in(at, typed=PASS):
    at.text_input(key=next(t.key for t in at.text_input if t.key and t.key.startswith("organiser_pass_"))).input(typed)
    return press(at, "Sign in as the organiser")


def infos(at) -> str:
    return " ".join(i.value for i in at.info)


def test_deleting_a_game_needs_the_organiser(clubs, shared):
    game_with_deals(clubs, 1)
    at = app(SCORESHEET, view="games")
    at = press(at, "Delete")
    assert "only the club's organiser can delete a game" in infos(at)
    assert not [b for b in at.button if b.label == "Yes, delete it"]
    assert [g.name for g in clubs.games()] == ["Friday"]
    other = sign_in(press(app(SCORESHEET, view="games"), "Delete"), "not the phrase")  # another visitor guessing
    assert "Wrong passphrase" in other.error[0].value and [g.name for g in clubs.games()] == ["Friday"]
    assert not [b for b in other.button if b.label == "Yes, delete it"]
    at = sign_in(at)
    at = press(at, "Yes, delete it")
    assert clubs.games() == [] and any("Game deleted" in s.value for s in at.success)


@pytest.mark.parametrize("action", ["Delete", "Edit"])
def test_a_deal_entered_long_ago_is_the_organisers_to_change(clubs, shared, action):
    gid = game_with_deals(clubs, None, CLUB_TABLE_FIX_MINUTES + 5)
    at = app(SCORESHEET, game=str(gid))
    for number in (1, 2):  # saved before deal times were kept, and entered 20 minutes ago
        at.selectbox(key="club_pick").set_value(number)
        at.run()
        assert button(at, action).disabled
        assert f"change or delete a deal entered more than {CLUB_TABLE_FIX_MINUTES} minutes ago (deal {number})" \
            in infos(at)
        assert len(clubs.load(gid).game.deals) == 2
    at = sign_in(at)
    at.selectbox(key="club_pick").set_value(1)
    at.run()
    assert not button(at, action).disabled
    at = press(at, action)
    if action == "Delete":
        assert len(clubs.load(gid).game.deals) == 1
    else:
        assert at.session_state["club_editing"] == 1
        at.text_input(key="club_points").set_value("60")
        at = press(at, "Save deal 1")
        assert clubs.load(gid).game.deals[0].points == 60


def test_the_table_corrects_a_deal_it_has_just_entered_without_the_organiser(clubs, shared):
    gid = game_with_deals(clubs, CLUB_TABLE_FIX_MINUTES + 5)
    at = app(SCORESHEET, game=str(gid))
    at.selectbox(key="club_taker").set_value("Bob")  # adding a deal: open to the table
    at.selectbox(key="club_contract").set_value("petite")
    at.text_input(key="club_points").set_value("56")
    at.segmented_control(key="club_oudlers").set_value(1)
    at = press(at, "Add deal")
    assert len(clubs.load(gid).game.deals) == 2 and not infos(at)  # deal 2, just entered: no sign-in asked
    assert not button(at, "Delete").disabled and not button(at, "Edit").disabled
    at = press(at, "Delete")
    assert len(clubs.load(gid).game.deals) == 1


def test_an_edit_refused_once_its_time_is_up(clubs, shared, monkeypatch):
    gid = game_with_deals(clubs, 1)
    at = app(SCORESHEET, game=str(gid))
    at = press(at, "Edit")
    assert at.session_state["club_editing"] == 1
    monkeypatch.setattr(organiser, "CLUB_TABLE_FIX_MINUTES", 0)  # the form stayed open past the window
    at.text_input(key="club_points").set_value("60")
    at = press(at, "Save deal 1")
    assert "only the club's organiser can change it now" in at.error[0].value
    assert clubs.load(gid).game.deals[0].points == 49


def test_renaming_on_seasons_needs_the_organiser(clubs, shared):
    game_with_deals(clubs, 1)
    at = app(SEASONS)
    assert "only the club's organiser can rename games and players" in infos(at)
    assert not [b for b in at.button if b.label in ("Rename the player", "Rename the game")]
    assert at.dataframe  # the league table stays open to all
    at = sign_in(at)
    at.selectbox(key="season_rp_player").set_value("Ann")
    at.text_input(key="season_rp_name").set_value("Anne")
    at = press(at, "Rename the player")
    assert clubs.games()[0].players[0] == "Anne"
    assert any(b.label == "Rename the player" for b in at.button)
    assert any(b.label == "Sign out (organiser)" for b in at.button)
    at = press(at, "Sign out (organiser)")
    assert "only the club's organiser can rename" in infos(at)


def test_a_reload_with_the_organisers_cookie_keeps_them_signed_in(clubs, shared, monkeypatch):
    game_with_deals(clubs, 1)
    token = signin.make_token(signin.signing_key(clubs.store.engine), HASH, role="organiser")
    teacher_token = signin.make_token(signin.signing_key(clubs.store.engine), HASH)  # another role's
    for cookie, opens in ((token, True), (teacher_token, False), (token[:-3] + "abc", False)):
        monkeypatch.setattr(organiser, "_cookie", lambda c=cookie: c)
        at = app(SEASONS)
        assert any(b.label == "Rename the player" for b in at.button) is opens


def test_the_teachers_passphrase_serves_when_no_organiser_one_is_set(clubs, monkeypatch):
    monkeypatch.setenv("TUTOR_SHARED_SERVER", "1")
    monkeypatch.delenv(passphrase.ORGANISER_VAR, raising=False)
    monkeypatch.setenv(passphrase.ENV_VAR, HASH)
    game_with_deals(clubs, 1)
    at = sign_in(app(SEASONS))
    assert any(b.label == "Rename the player" for b in at.button)


def test_with_no_passphrase_at_all_the_page_says_how_to_set_one(clubs, monkeypatch):
    monkeypatch.setenv("TUTOR_SHARED_SERVER", "1")
    monkeypatch.delenv(passphrase.ORGANISER_VAR, raising=False)
    monkeypatch.delenv(passphrase.ENV_VAR, raising=False)
    game_with_deals(clubs, 1)
    at = app(SEASONS)
    assert "TUTOR_ORGANISER_PASSPHRASE_HASH" in at.warning[0].value


def test_on_a_personal_database_nothing_asks_for_a_passphrase(clubs, monkeypatch):
    monkeypatch.delenv("TUTOR_SHARED_SERVER", raising=False)
    monkeypatch.setenv(passphrase.ORGANISER_VAR, HASH)
    gid = game_with_deals(clubs, None)
    at = app(SCORESHEET, game=str(gid))
    assert not button(at, "Delete").disabled and not infos(at)
    at = press(at, "Delete")
    assert clubs.load(gid).game.deals == ()
    seasons = app(SEASONS)
    assert any(b.label == "Rename the player" for b in seasons.button) and "organiser" not in infos(seasons)
    games = app(SCORESHEET, view="games")
    games = press(games, "Delete")
    games = press(games, "Yes, delete it")
    assert clubs.games() == []
