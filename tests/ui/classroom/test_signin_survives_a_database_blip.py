"""A teacher or an organiser signed in on a busy server: one run on which the database does not answer the
sign-in check (a dropped connection, a busy PostgreSQL) says so and keeps the sign-in; it is not a sign-out,
which would ask for the passphrase in the middle of a class (the tab has no cookie of its own to fall back
on: a cookie is read when the session begins)."""

from __future__ import annotations

import pytest
from apptest_helpers import app
from class_pages import _teacher_hash, button, unlocked_teacher  # noqa: F401  (autouse: the passphrase hash)
from sqlalchemy.exc import OperationalError

from tutor.classroom import passphrase, signin
from tutor.club import Game
from tutor.progress import Store
from tutor.progress.club_store import ClubStore


def _down(*_args, **_kwargs):
    raise OperationalError("SELECT token_id FROM teacher_signouts", {}, Exception("server closed the connection"))


def _labels(at) -> set[str]:
    return {b.label for b in at.button}


def test_the_teacher_stays_signed_in_through_a_database_blip(monkeypatch):
    at = unlocked_teacher()
    assert "Set the quiz" in _labels(at)
    real = signin.valid
    monkeypatch.setattr(signin, "valid", _down)
    at.run()
    assert not at.exception
    assert "The database is not answering" in at.error[0].value and "still signed in" in at.error[0].value
    assert "Unlock" not in _labels(at) and not at.text_input  # no passphrase asked for
    monkeypatch.setattr(signin, "valid", real)
    button(at, "Try again").click()
    at.run()
    assert "Set the quiz" in _labels(at) and "Unlock" not in _labels(at)


ORG_PASS = "the club's own phrase"


@pytest.fixture
def clubs(_fresh_progress_db, monkeypatch):
    monkeypatch.setenv("TUTOR_SHARED_SERVER", "1")
    monkeypatch.setenv(passphrase.ORGANISER_VAR, passphrase.make_hash(ORG_PASS, salt=b"organiser-salt-2"))
    s = Store.open(f"sqlite:///{_fresh_progress_db}")
    yield ClubStore(s)
    s.close()


def test_the_organiser_stays_signed_in_through_a_database_blip(clubs, monkeypatch):
    clubs.save(Game.new(["Ann", "Bob", "Cleo", "Dan"]), "Friday")
    at = app("tutor/ui/pages/scoresheet.py", view="games")
    button(at, "Delete").click()
    at.run()
    box = next(t.key for t in at.text_input if t.key and t.key.startswith("organiser_pass_"))
    at.text_input(key=box).input(ORG_PASS)
    button(at, "Sign in as the organiser").click()
    at.run()
    assert "Yes, delete it" in _labels(at)
    real = signin.valid
    monkeypatch.setattr(signin, "valid", _down)
    at.run()  # this run cannot check the sign-in: the organiser's change is not offered on it
    assert not at.exception and "Yes, delete it" not in _labels(at)
    monkeypatch.setattr(signin, "valid", real)
    at.run()  # the database answers again: still signed in, no passphrase typed
    assert "Yes, delete it" in _labels(at)
    button(at, "Yes, delete it").click()
    at.run()
    assert clubs.games() == []
