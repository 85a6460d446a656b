"""Issue 37 on the Duplicate page (AppTest): a tournament kept in the database, reopened from its address after a
reload, entered from two sessions at once (a stale marque refused with the fresh one shown), corrected only by
the organiser on a shared server, odd addresses answered with a sentence, ties sharing a place."""

from __future__ import annotations

import pytest
from apptest_helpers import app

from tutor.classroom import passphrase
from tutor.club.duplicate import rank
from tutor.club.duplicate_setup import make_setup
from tutor.progress import Store
from tutor.progress.duplicate_store import DuplicateStore
from tutor.ui.club.duplicate import SETUP, marque_key

PAGE = "tutor/ui/pages/duplicate.py"
LINES = (("Ann", "Bea"), ("Cy", "Dom"), ("Eli", "Flo"), ("Gil", "Hob"))
TOURNAMENT = make_setup(2, 2, per_round=1, seed=3, lines=LINES)  # 2 étuis, each at both tables: 4 marques
TABLES = {e: sorted(t for x, t, _p in TOURNAMENT.plays() if x == e) for e in (1, 2)}
PASS = "the club's own phrase"
HASH = passphrase.make_hash(PASS, salt=b"organiser-salt-1")


@pytest.fixture
def duplicates(_fresh_progress_db):
    s = Store.open(f"sqlite:///{_fresh_progress_db}")
    yield DuplicateStore(s)
    s.close()


def run(at):
    at.run()
    assert not at.exception, at.exception
    return at


def press(at, label):
    next(b for b in at.button if b.label == label).click()
    return run(at)


def type_marque(at, etui, table, value):
    if at.selectbox(key="dup_etui").value != etui:
        at.selectbox(key="dup_etui").set_value(etui)
        run(at)
    at.number_input(key=marque_key(etui, table)).set_value(value)
    return run(at)


def texts(at, kind) -> str:
    return " ".join(e.value for e in getattr(at, kind))


def entered(at) -> str:
    return next(c.value for c in at.caption if "results entered" in c.value)


def test_set_up_on_the_page_is_saved_and_a_reload_reopens_it_with_its_marques(duplicates):
    at = app(PAGE)
    at.text_input(key="dup_name_new").set_value("Friday duplicate")
    at.number_input(key="dup_tables").set_value(2)
    at.number_input(key="dup_rounds").set_value(2)
    at.number_input(key="dup_per_round").set_value(1)
    at.number_input(key="dup_seed").set_value(3)
    for o, names in zip("NESW", LINES):
        at.text_input(key=f"dup_names_{o}").set_value(", ".join(names))
    at = press(at, "Prepare the étuis and the movement")
    tid = int(at.query_params["t"])
    (info,) = duplicates.tournaments()
    assert (info.id, info.name, info.total) == (tid, "Friday duplicate", 4)
    assert at.session_state[SETUP] == TOURNAMENT == duplicates.load(tid).setup
    type_marque(at, 1, TABLES[1][0], 56)
    type_marque(at, 1, TABLES[1][1], -20)
    assert entered(at) == "2 of 4 results entered."

    again = app(PAGE, t=str(tid))  # F5: a new session with only the address
    assert entered(again) == "2 of 4 results entered." and "Friday duplicate" in again.subheader[0].value
    assert again.number_input(key=marque_key(1, TABLES[1][0])).value == 56
    assert f"/duplicate?t={tid}" in " ".join(c.value for c in again.caption)
    # The paper prints again from the stored set-up.
    again = press(again, "Make the PDFs")
    labels = {d.proto.label for d in again.get("download_button")}
    assert {"Diagrams (PDF)", "Fiches ambulantes (PDF)", "Movement cards (PDF)", "Results (CSV)"} <= labels
    # And the list of tournaments opens it too.
    listed = press(app(PAGE), "Open")
    assert listed.query_params["t"] == str(tid) and entered(listed) == "2 of 4 results entered."


def test_a_stale_marque_is_refused_with_a_sentence_and_the_fresh_state(duplicates):
    tid = duplicates.create(TOURNAMENT, "Friday")
    t1, t2 = TABLES[1]
    phone, laptop = app(PAGE, t=str(tid)), app(PAGE, t=str(tid))  # both show étui 1 with no marque
    type_marque(phone, 1, t1, 56)
    assert f"Étui 1, table {t1}: +56 saved." in texts(phone, "success")
    type_marque(laptop, 1, t1, 60)  # typed on a page that still showed none
    assert (f"Another device changed the marque of étui 1 at table {t1} since this page showed it: it is now +56, "
            "so yours was not saved.") in texts(laptop, "error")
    assert laptop.number_input(key=marque_key(1, t1)).value == 56  # the fresh state, on the page
    assert duplicates.load(tid).marques == {(1, t1): 56}
    type_marque(laptop, 1, t2, -20)  # the other table's marque, on the refreshed page, goes in
    assert duplicates.load(tid).marques == {(1, t1): 56, (1, t2): -20}
    # The phone's page follows: its next run shows the laptop's marque and the ranking of both.
    phone = run(phone)
    assert phone.number_input(key=marque_key(1, t2)).value == -20 and entered(phone) == "2 of 4 results entered."


def test_ties_share_a_place_on_the_page(duplicates):
    tid = duplicates.create(TOURNAMENT, "Friday")
    for table, marque in zip(TABLES[1], (56, -20)):
        duplicates.enter(tid, 1, table, marque, seen=None)
    at = app(PAGE, t=str(tid))
    general = at.dataframe[1].value
    # One étui at two tables: its top taker and the other table's three defenders on 100 %, the rest on 0 %.
    assert list(general["#"]) == ["1 ex aequo"] * 4 + ["5 ex aequo"] * 4
    ranking = rank(duplicates.load(tid).results())
    assert list(general["Player"]) == list(ranking.general)
    assert list(at.dataframe[2].value["#"]) == [ranking.alternate_place(n) for n in ranking.alternate]


@pytest.mark.parametrize("value", ["garbage", "9" * 5000, "12345", "0", "-3", "1.5", "²"])
def test_an_odd_address_gets_a_sentence_never_a_traceback(duplicates, value):
    duplicates.create(TOURNAMENT, "Friday")  # number 1 exists; the values name no other
    at = app(PAGE, t=value)
    assert not at.exception
    said = texts(at, "error")
    assert ("There is no tournament number 12345" in said if value == "12345"
            else "The address names no tournament" in said), said
    assert "t" not in at.query_params
    assert any(b.label == "Prepare the étuis and the movement" for b in at.button)
    assert SETUP not in at.session_state


def test_correcting_a_marque_needs_the_organiser_on_a_shared_server(duplicates, monkeypatch):
    monkeypatch.setenv("TUTOR_SHARED_SERVER", "1")
    monkeypatch.setenv(passphrase.ORGANISER_VAR, HASH)
    tid = duplicates.create(TOURNAMENT, "Friday")
    t1 = TABLES[1][0]
    at = app(PAGE, t=str(tid))
    type_marque(at, 1, t1, 56)  # a new marque: open to the table
    type_marque(at, 1, t1, 60)
    assert "only the club's organiser can correct a marque already entered (étui 1, table" in texts(at, "info")
    assert "Entering a new marque stays open to every table." in texts(at, "info")
    assert duplicates.load(tid).marques == {(1, t1): 56} and at.number_input(key=marque_key(1, t1)).value == 56
    key = next(t.key for t in at.text_input if t.key and t.key.startswith("organiser_pass_"))
    at.text_input(key=key).input(PASS)
    at = press(at, "Sign in as the organiser")
    type_marque(at, 1, t1, 60)
    assert duplicates.load(tid).marques == {(1, t1): 60}
    # The organiser closes the tournament: nobody can enter a marque any more.
    at = press(at, "Close the tournament")
    assert duplicates.load(tid).state == "closed" and at.number_input(key=marque_key(1, t1)).disabled


def test_each_table_enters_its_own_marques_on_its_own_device(duplicates):
    tid = duplicates.create(TOURNAMENT, "Friday")
    marques = {(1, TABLES[1][0]): 56, (1, TABLES[1][1]): -20, (2, TABLES[2][0]): 10, (2, TABLES[2][1]): 30}
    devices = {}
    for table in (1, 2):
        at = app(PAGE, t=str(tid))
        at.segmented_control(key="dup_by").set_value("table")
        at = run(at)
        at.selectbox(key="dup_table").set_value(table)
        devices[table] = at = run(at)
        shown = [n.label for n in at.number_input]
        assert len(shown) == 2 and all(" takes" in label and label.startswith("Round ") for label in shown), shown
    for (etui, table), marque in marques.items():  # the two devices in turn, neither reloaded by hand
        at = devices[table]
        at.number_input(key=marque_key(etui, table)).set_value(marque)
        run(at)
    assert duplicates.load(tid).marques == marques
    last = run(devices[1])
    assert entered(last) == "4 of 4 results entered."
    ranking = rank(duplicates.load(tid).results())
    assert list(last.dataframe[1].value["Player"]) == list(ranking.general)


def test_deleting_a_tournament_needs_the_organiser_on_a_shared_server(duplicates, monkeypatch):
    monkeypatch.setenv("TUTOR_SHARED_SERVER", "1")
    monkeypatch.setenv(passphrase.ORGANISER_VAR, HASH)
    tid = duplicates.create(TOURNAMENT, "Friday")
    duplicates.enter(tid, 1, TABLES[1][0], 56, seen=None)
    at = press(app(PAGE), "Delete")
    assert "only the club's organiser can delete a tournament" in texts(at, "info")
    assert not [b for b in at.button if b.label == "Yes, delete the tournament"]
    key = next(t.key for t in at.text_input if t.key and t.key.startswith("organiser_pass_"))
    at.text_input(key=key).input(PASS)
    at = press(press(at, "Sign in as the organiser"), "Delete")
    assert "Delete **Friday" in texts(at, "warning") and duplicates.load(tid) is not None
    at = press(at, "Yes, delete the tournament")
    assert "Tournament deleted." in texts(at, "success") and duplicates.tournaments() == []
    assert "No saved tournament yet." in " ".join(c.value for c in at.caption)
