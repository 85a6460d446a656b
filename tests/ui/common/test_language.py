"""The language is chosen per learner (issue 28): the address (``?lang=``), the sidebar switch, the saved
profile language, the browser's; the navigation in that language; hostile ``?lang=`` values ignored."""

from __future__ import annotations

import re
import threading
from pathlib import Path

import pytest
import streamlit as st
from apptest_helpers import APP, app
from babel.messages.extract import extract_from_file
from sqlalchemy import inspect, text
from streamlit.testing.v1 import AppTest

from tutor import i18n
from tutor.progress import Store, migrate
from tutor.progress.db import make_engine
from tutor.progress.transfer import export_learner, import_learner
from tutor.ui.common import language
from tutor.ui.common import learner as lr

ROOT = Path(__file__).resolve().parents[3]
NAV_EN = {"Learn": ["Course", "Lesson", "Drill", "Puzzles", "Practice", "Progress"],
          "Look up": ["Rules reference", "Check a deal"],
          "Club and class": ["Score sheet", "Seasons", "Duplicate", "Worksheets", "Play together", "Class", "Teacher"]}
NAV_FR = {"Apprendre": ["Parcours", "Leçon", "Exercices", "Problèmes", "Entraînement", "Progrès"],
          "Consulter": ["Règles du jeu", "Vérifier une donne"],
          "Club et classe": ["Feuille de marque", "Saisons", "Duplicate", "Fiches d’exercices", "Jouer ensemble",
                             "Classe", "Enseignant"]}


@pytest.fixture
def nav(monkeypatch):
    """The sections and page titles the last run handed to ``st.navigation``."""
    seen: dict = {}
    real = st.navigation

    def spy(pages, *args, **kwargs):
        seen.clear()
        seen.update({section: [p.title for p in entries] for section, entries in pages.items()})
        return real(pages, *args, **kwargs)

    monkeypatch.setattr(st, "navigation", spy)
    return seen


def switch(at: AppTest) -> str:
    return at.sidebar.segmented_control(key=language.SWITCH)


def test_english_by_default_with_a_clean_address(nav):
    at = app()
    assert not at.exception
    assert nav == NAV_EN
    assert switch(at).value == "en" and switch(at).label == "Language"
    assert switch(at).options == ["English", "Français"]
    assert "lang" not in at.query_params  # an English learner's addresses are as they were


def test_the_switch_puts_french_in_the_address_and_the_navigation(nav):
    at = app()
    switch(at).set_value("fr").run()
    assert not at.exception
    assert at.query_params["lang"] == "fr" and nav == NAV_FR
    assert switch(at).label == "Langue" and switch(at).value == "fr"
    switch(at).set_value("en").run()
    assert at.query_params["lang"] == "en" and nav == NAV_EN


def test_a_shared_link_opens_in_its_language(nav):
    at = app(lang="fr")
    assert not at.exception and nav == NAV_FR and switch(at).value == "fr"


def test_moving_to_another_page_keeps_the_language_in_the_address(nav):
    at = app(lang="fr")
    at.query_params.clear()  # what the browser does when the learner picks another page in the navigation
    at.switch_page("tutor/ui/pages/drill.py")
    at.run()
    assert not at.exception
    assert at.query_params["lang"] == "fr" and nav == NAV_FR and switch(at).value == "fr"


PAGES = ["course", "lesson", "drill", "puzzles", "practice", "progress", "reference", "check", "scoresheet", "seasons",
         "duplicate", "worksheets", "table", "class_quiz", "teacher"]


@pytest.mark.parametrize("name", PAGES)
def test_every_page_opens_in_french_and_keeps_the_address(nav, name):
    at = app(lang="fr")
    at.query_params.clear()
    at.switch_page(f"tutor/ui/pages/{name}.py")
    at.run()
    assert not at.exception, name
    assert nav == NAV_FR and at.query_params["lang"] == "fr" and switch(at).value == "fr"


@pytest.mark.parametrize(("locale", "accept", "seen"), [
    ("fr-FR", None, NAV_FR), ("fr-CA", None, NAV_FR), ("de-DE", None, NAV_EN), ("en-GB", None, NAV_EN)])
def test_the_browser_language_is_the_default(nav, locale, accept, seen):
    at = AppTest.from_file(APP, default_timeout=60)
    at.context = {"locale": locale}
    at.run()
    assert not at.exception and nav == seen
    assert "lang" not in at.query_params  # not chosen: nothing added to the address


def test_the_address_beats_the_browser(nav):
    at = AppTest.from_file(APP, default_timeout=60)
    at.context = {"locale": "fr-FR"}
    at.query_params["lang"] = "en"
    at.run()
    assert nav == NAV_EN


def test_the_browser_choice_reads_its_accept_language_list_after_its_locale():
    assert language.decide(None, None, None, "de-DE", "de-DE,fr;q=0.8,en;q=0.5") == "fr"
    assert language.decide(None, None, None, "en-US", "fr-FR") == "en"
    assert language.decide(None, None, None, None, None) == "en"
    assert language.decide(None, "fr", "en", "en-US") == "fr"  # this session's choice, then the profile


HOSTILE = ["<script>alert(1)</script>", "x" * 10_000, ["fr", "en"], "", "fr-FR", "français", "../../etc/passwd",
           "fr\x00", " fr\n" * 3]


@pytest.mark.parametrize("value", HOSTILE, ids=range(len(HOSTILE)))
def test_hostile_lang_values_are_ignored_quietly(nav, value):
    at = AppTest.from_file(APP, default_timeout=60)
    at.query_params["lang"] = value
    at.run()
    assert not at.exception and not at.error and not at.warning
    assert nav == NAV_EN and switch(at).value == "en"
    assert "lang" not in at.query_params  # dropped from the address, so it is not passed on


def test_a_hostile_value_does_not_undo_the_sessions_choice(nav):
    at = app(lang="fr")
    at.query_params["lang"] = "<b>en</b>"
    at.run()
    assert not at.exception and nav == NAV_FR and at.query_params["lang"] == "fr"


def test_the_switch_saves_the_language_with_the_profile(db, nav):
    at = app()
    switch(at).set_value("fr").run()
    (me,) = db.learners()
    assert db.learner(me.id).language == "fr"
    again = app()  # a new visit, without ?lang=: the profile's language
    assert not again.exception and nav == NAV_FR and switch(again).value == "fr"
    assert "lang" not in again.query_params


def test_the_saved_language_beats_the_browser_and_the_address_beats_it(db, nav):
    me = db.default_learner()
    db.set_language(me.id, "fr")
    at = AppTest.from_file(APP, default_timeout=60)
    at.context = {"locale": "en-US"}
    at.run()
    assert nav == NAV_FR
    assert app(lang="en") and nav == NAV_EN


def test_two_learners_on_one_server_each_see_their_own_language(db, nav, monkeypatch):
    monkeypatch.setenv("TUTOR_SHARED_SERVER", "1")
    ana, bob = db.create_learner("Ana", pin="4821"), db.create_learner("Bob", pin="5738")
    db.set_language(ana.id, "fr")
    db.set_language(bob.id, "en")
    guest = AppTest.from_file(APP, default_timeout=60)
    guest.context = {"locale": "fr-FR"}
    guest.run()
    assert nav == NAV_FR  # a guest on a shared server: the browser's

    sessions = {}
    for who in (ana, bob):
        at = AppTest.from_file(APP, default_timeout=60)
        at.context = {"locale": "fr-FR" if who is bob else "en-US"}  # each browser says the other language
        at.session_state[lr.LEARNER] = (who.id, who.name)  # signed in with their PIN
        sessions[who.name] = at
    for _ in range(2):  # turn about, on one server
        sessions["Ana"].run()
        assert not sessions["Ana"].exception and nav == NAV_FR
        sessions["Bob"].run()
        assert not sessions["Bob"].exception and nav == NAV_EN
    switch(sessions["Bob"]).set_value("fr").run()  # Bob's choice is his own
    assert db.learner(bob.id).language == "fr" and db.learner(ana.id).language == "fr"
    switch(sessions["Ana"]).set_value("en").run()
    assert db.learner(ana.id).language == "en" and db.learner(bob.id).language == "fr"


def test_a_guest_on_a_shared_server_switches_without_saving(db, nav, monkeypatch):
    monkeypatch.setenv("TUTOR_SHARED_SERVER", "1")
    at = app()
    switch(at).set_value("fr").run()
    assert not at.exception and nav == NAV_FR and db.learners() == []


def test_callbacks_and_fragments_read_the_sessions_language():
    # Streamlit runs them in a fresh thread that never called use(): i18n asks the hook set by the UI.
    seen = []
    old = i18n._fallback
    try:
        i18n.set_fallback(lambda: "fr")
        t = threading.Thread(target=lambda: seen.append(i18n.ngettext("{n} deal", "{n} deals", 2)))
        t.start()
        t.join()
        i18n.set_fallback(lambda: 1 / 0)  # a broken hook: English, no error
        t = threading.Thread(target=lambda: seen.append(i18n.ngettext("{n} deal", "{n} deals", 2)))
        t.start()
        t.join()
    finally:
        i18n.set_fallback(old)
    assert seen == ["{n} donnes", "{n} deals"]
    assert language._session_language() is None  # outside a Streamlit run: no session to read


# -- the store ------------------------------------------------------------------------------------

def test_the_language_column_comes_by_migration_and_keeps_the_learners(db_url):
    engine = make_engine(db_url)
    migrate.upgrade(engine, "0014")
    assert "language" not in {c["name"] for c in inspect(engine).get_columns("learners")}
    engine.dispose()
    store = Store.open(db_url)
    me = store.default_learner()
    assert store.learner(me.id).language is None
    store.set_language(me.id, "fr")
    assert store.learner(me.id).language == "fr" and store.learners()[0].language == "fr"
    with pytest.raises(ValueError):
        store.set_language(me.id, "<script>")
    migrate.downgrade(store.engine, "0014")
    assert "language" not in {c["name"] for c in inspect(store.engine).get_columns("learners")}
    with store.engine.connect() as conn:
        assert conn.execute(text("SELECT name FROM learners")).scalars().all() == ["Me"]
    store.close()


def test_an_exported_profile_keeps_its_language(store):
    me = store.default_learner()
    assert "language" not in export_learner(store, me.id)["learner"]  # files older apps still read
    store.set_language(me.id, "fr")
    data = export_learner(store, me.id)
    assert data["learner"]["language"] == "fr"
    assert store.learner(import_learner(store, data, name="Me again").id).language == "fr"


# -- the French of this part ----------------------------------------------------------------------

MINE = [ROOT / "streamlit_app.py", ROOT / "tutor" / "ui" / "common" / "language.py"]


def test_every_string_of_the_frame_and_the_switch_has_its_french():
    cat = i18n.catalogue("fr")
    ids = [msg for path in MINE for _line, msg, _c, _ctx in extract_from_file(
        "python", str(path), keywords={"_": None, "N_": None, "ngettext": (1, 2)})]
    assert len(ids) >= 19
    for msgid in ids:
        msgid = msgid if isinstance(msgid, str) else msgid[0]
        entry = cat.get(msgid)
        assert entry is not None and entry.string, f"no French for {msgid!r}"
        for name in re.findall(r"\{(\w+)\}", msgid):
            assert "{" + name + "}" in str(entry.string), (msgid, name)
