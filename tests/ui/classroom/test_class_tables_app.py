"""Tables for a class, in AppTest: on the teacher page the quiz's learners are seated by hand or shuffled and the
tables opened at once, in duplicate; the dashboard shows each table's deal, phase and totals, starts them, and shows
any learner's own review of a finished deal; a learner finds their seat on the Class page, with no code to type, and
plays it on the Play together page; no learner's page is sent a card their seat could not see."""

from __future__ import annotations

import os
import random

import pytest
from apptest_helpers import french_page
from class_pages import PASS, _teacher_hash, button, learner, set_quiz, unlocked_teacher  # noqa: F401
from together_pages import cards_sent, look, phone, step, visible  # the table page's leak check

from tutor import i18n
from tutor.classroom.class_tables import ClassTables
from tutor.classroom.store import ClassStore
from tutor.engine import Phase
from tutor.engine.state import random_action
from tutor.progress import Store
from tutor.ui.classroom import class_seat
from tutor.ui.together import table_page


@pytest.fixture
def ct():
    s = Store.open(os.environ["TUTOR_DATABASE_URL"])
    yield ClassTables(ClassStore(s.engine, s.where))
    s.close()


def _errors(at):
    return [e.value for e in at.error] + [str(e.value) for e in at.exception]


def _text(at) -> str:
    return " ".join(m.value for m in at.markdown) + " " + " ".join(c.value for c in at.caption)


def _class_of(names, count=1):
    """The teacher signed in with a quiz set, and each learner joined from the Class page (their pages)."""
    teacher = unlocked_teacher()
    code = set_quiz(teacher, count=count)
    pages = {n: learner(code, n, []) for n in names}
    teacher.run()
    return teacher, code, pages


def _seats(teacher, tables, size):
    return [[teacher.selectbox(key=f"ct_seat_{t}_{s}").value for s in range(size)] for t in range(tables)]


def test_the_teacher_seats_the_class_by_hand_or_shuffled_and_opens_the_tables_in_duplicate(ct):
    teacher, _code, _pages = _class_of(["Ana", "Ben", "Cleo", "Dan", "Eve"])
    assert "Tables for this class" in [h.value for h in teacher.subheader]
    assert "5 learners have joined this quiz" in _text(teacher)
    quiz_id = teacher.sidebar.selectbox(key="teacher_pick").value
    roster = ct.roster(quiz_id)
    ids = {name: pid for pid, name in roster.items()}
    teacher.radio(key="ct_size").set_value(3).run()
    assert teacher.number_input(key="ct_tables").value == 2  # five learners need two tables of three
    # by hand: the learners in their order, to the tables in turn; then Eve moved to a bot's seat at table 1
    assert _seats(teacher, 2, 3) == [[ids["Ana"], ids["Cleo"], ids["Eve"]], [ids["Ben"], ids["Dan"], None]]
    teacher.selectbox(key="ct_seat_0_2").set_value(None).run()
    assert "Not seated: Eve" in _text(teacher)
    teacher.button(key="ct_open").click().run()  # a learner left unseated is the teacher's choice
    assert not _errors(teacher), _errors(teacher)
    assert [[s.name for s in t.state.seats] for t in ct.tables(quiz_id)] == [["Ana", "Cleo", ""], ["Ben", "Dan", ""]]
    teacher.button(key="ct_close").click().run()  # not without the tick
    assert len(ct.ids(quiz_id)) == 2 and any("Yes, close them" in e for e in _errors(teacher))
    teacher.checkbox(key="ct_close_sure").check()
    teacher.button(key="ct_close").click().run()
    assert ct.ids(quiz_id) == [] and not _errors(teacher)
    teacher.radio(key="ct_size").set_value(3).run()  # the seating again, from its start
    teacher.button(key="ct_shuffle").click().run()
    seating = _seats(teacher, 2, 3)
    assert sorted(p for t in seating for p in t if p is not None) == sorted(ids.values())
    other = next(p for p in seating[1] if p is not None)
    teacher.selectbox(key="ct_seat_0_0").set_value(other).run()  # a learner chosen twice is refused
    teacher.button(key="ct_open").click().run()
    assert any(f"{roster[other]} is seated twice" in e for e in _errors(teacher)) and ct.ids(quiz_id) == []
    teacher.button(key="ct_shuffle").click().run()
    teacher.toggle(key="ct_duplicate").set_value(True)
    teacher.button(key="ct_open").click().run()
    assert not _errors(teacher), _errors(teacher)
    a, b = ct.tables(quiz_id)
    assert a.duplicate_seed is not None and a.state.seed == b.state.seed and a.state.dealer == b.state.dealer
    assert sorted(s.name for t in (a, b) for s in t.state.seats if s.name) == sorted(ids)
    text = _text(teacher)
    assert "**Table 1** · deal 1 · waiting for you to start it" in text and "**Table 2**" in text
    assert "Duplicate: every table plays the same deals in the same order." in text
    teacher.button(key="ct_start_all").click().run()
    assert all(s.started for s in ct.tables(quiz_id))
    assert "waiting for you to start it" not in _text(teacher)
    assert "Class ranking (duplicate)" in _text(teacher) and "No deal finished yet." in _text(teacher)


def test_a_learner_finds_their_seat_on_the_class_page_and_plays_it_there(ct):
    teacher, _code, pages = _class_of(["Ana", "Ben"])
    quiz_id = teacher.sidebar.selectbox(key="teacher_pick").value
    ana = pages["Ana"]
    assert "seated you" not in _text(ana)
    teacher.radio(key="ct_size").set_value(4).run()
    teacher.button(key="ct_open").click().run()  # in order: Ana seat 1, Ben seat 2, two bots
    assert not _errors(teacher), _errors(teacher)
    look(ana)  # the Class page's look sees the seat and draws the page again
    assert "Your teacher has seated you at **table 1**, seat 1, with Ben, a bot, a bot." in _text(ana)
    ana.button(key="class_go_table").click().run()
    assert not ana.exception, ana.exception
    assert "**Table 1** of your class · you are **Ana**" in _text(ana)
    token = ana.session_state[table_page.TOKEN]
    assert ana.query_params[table_page.ME] == token and ct.ts.me(token).seat == 0
    ana.switch_page(class_seat.TABLE_PAGE).run()  # AppTest's later runs stay on the page it was told (a browser moves)
    assert "**Table 1** of your class · you are **Ana**" in _text(ana)
    assert "Waiting for your teacher to start the deal." in [i.value for i in ana.info]
    snap = ct.tables(quiz_id)[0]
    assert ct.start(quiz_id, snap.id, snap.version).ok
    look(ana)
    for _ in range(10):  # the bots play at once; Ana plays her turns through the page, Ben his through the store
        snap = ct.tables(quiz_id)[0]
        if snap.deal.to_act == 0:
            break
        assert "Waiting for Ben." in [c.value for c in ana.caption]
        out = ct.ts.act(ct.seat_token(pages["Ben"].session_state["class_token"]),
                        random_action(snap.deal.copy(), random.Random(1)), snap.version)
        assert out.ok, out.reason
        look(ana)
    snap = ct.tables(quiz_id)[0]
    assert snap.deal.to_act == 0 and snap.deal.phase is Phase.BIDDING
    step(ana, snap, 0)
    assert ct.ts.version(snap.id) > snap.version and ct.tables(quiz_id)[0].deal.log[len(snap.deal.log)].seat == 0


def test_the_class_seat_keys_are_the_table_pages():
    assert (class_seat.SEAT_TOKEN, class_seat.SEAT_PARAM) == (table_page.TOKEN, table_page.ME)


def _finish(ct, quiz_id, tokens, rng):
    for _ in range(400):
        snap = ct.tables(quiz_id)[0]
        if snap.over:
            return snap
        d = snap.deal
        out = ct.ts.act(tokens[d.to_act], random_action(d.copy(), rng), snap.version)
        assert out.ok, out.reason
    raise AssertionError("the deal did not end")


def test_the_teacher_reads_each_learners_own_review_of_a_finished_deal(ct):
    teacher, _code, pages = _class_of(["Ana", "Ben", "Cleo"])
    quiz_id = teacher.sidebar.selectbox(key="teacher_pick").value
    teacher.radio(key="ct_size").set_value(3).run()
    teacher.button(key="ct_open").click().run()
    assert "Each learner's review of their own play comes here once a deal is over." in _text(teacher)
    snap = ct.tables(quiz_id)[0]
    for seed in range(30):  # a deal somebody takes, so there is play to review
        ct.start(quiz_id, snap.id, snap.version)
        tokens = {ct.seat_of(p.session_state["class_token"]).seat: ct.seat_token(p.session_state["class_token"])
                  for p in pages.values()}
        snap = _finish(ct, quiz_id, tokens, random.Random(seed))
        if snap.deal.phase is Phase.DONE:
            break
        snap = ct.next_deal(quiz_id, snap.id, snap.version).table
    look(teacher)  # the dashboard's own look sees the deal end and draws the page again, reviews included
    assert not _errors(teacher), _errors(teacher)
    n = len(snap.state.scores) + 1
    assert f"**Table 1** · deal {n} · over: deal the next hand" in _text(teacher)
    pick = teacher.selectbox(key="ct_review_pick")
    assert len(pick.options) == 3  # each learner's review of the deal, and no bot's
    cleo = next(i for i, seat in enumerate(snap.state.seats) if seat.name == "Cleo")
    pick.set_value((snap.id, len(snap.history), cleo)).run()
    teacher.button(key="ct_review_go").click().run()
    assert not _errors(teacher), _errors(teacher)
    assert f"**Cleo**, table 1, deal {n}: their review, on what their seat could see." in _text(teacher)
    assert [h.value for h in teacher.subheader].count("Review of your play") == 1
    sheet = teacher.download_button(key="ct_csv")  # the tables' sheet, to keep before closing them
    assert sheet.label == "Download the tables' sheet (CSV)" and sheet.proto.deferred_file_id  # made at the click
    assert any("download the tables' sheet first" in c.value for c in teacher.caption)


def test_the_section_speaks_french(ct):
    _class_of(["Ana", "Ben", "Cleo"])
    teacher = french_page("teacher")  # the teacher signs in on a French browser
    teacher.text_input[0].input(PASS)
    button(teacher, "Déverrouiller").click()
    teacher.run()
    assert not _errors(teacher), _errors(teacher)
    assert "Tables de la classe" in [h.value for h in teacher.subheader]
    assert "3 élèves ont rejoint ce quiz" in _text(teacher) or "3 élèves ont rejoint ce quiz" in _text(teacher)
    assert teacher.selectbox(key="ct_seat_0_3").options == ["Robot", "Ana", "Ben", "Cleo"]
    with i18n.using("fr"):  # AppTest formats the page's other choices in this thread's language when it sends them
        teacher.button(key="ct_open").click().run()
    assert not _errors(teacher), _errors(teacher)
    assert "**Table 1** · donne 1 · attend que vous la commenciez" in _text(teacher)
    assert teacher.download_button(key="ct_csv").label == "Télécharger la feuille des tables (CSV)"


@pytest.mark.long
def test_no_learners_phone_at_a_class_table_is_sent_a_card_its_seat_could_not_see(ct):
    _teacher, _code, pages = _class_of(["Ana", "Ben", "Cleo", "Dan"])
    quiz_id = _teacher.sidebar.selectbox(key="teacher_pick").value
    before = {name: cards_sent(p) for name, p in pages.items()}  # the quiz's question's cards
    _teacher.radio(key="ct_size").set_value(4).run()
    _teacher.button(key="ct_open").click().run()
    snap = ct.tables(quiz_id)[0]
    tokens = {}
    for p in pages.values():
        seat = ct.seat_of(p.session_state["class_token"]).seat
        tokens[seat] = ct.seat_token(p.session_state["class_token"])
    assert ct.start(quiz_id, snap.id, snap.version).ok
    phones = [phone(seat=tokens[s]) for s in range(4)]  # each phone as its learner's Class page opened it
    moves = 0
    for _ in range(2000):
        snap = ct.tables(quiz_id)[0]
        for s, p in enumerate(phones):  # every page as last drawn, against its seat's view
            leaked = cards_sent(p) - visible(snap.deal.view(s))
            assert not leaked, f"seat {s + 1} was sent {sorted(c.code for c in leaked)}"
            if not snap.over and not (snap.deal.phase is Phase.ECART and snap.deal.to_act == s):
                assert set(snap.deal.hand(s)) <= cards_sent(p)  # the check sees the cards it must
        if snap.deal.phase is Phase.DONE:
            break
        if snap.over:  # everyone passed: the teacher deals the next hand and starts it
            snap = ct.next_deal(quiz_id, snap.id, snap.version).table
            assert ct.start(quiz_id, snap.id, snap.version).ok
            for p in phones:
                look(p)
            continue
        seat = snap.deal.to_act
        step(phones[seat], snap, seat)
        moves += 1
        for i, p in enumerate(phones):
            if i != seat:
                look(p)
    assert ct.tables(quiz_id)[0].deal.phase is Phase.DONE and moves >= 4 + 72 // 4
    for name, p in pages.items():  # the Class page names the table's players, never a card of the table
        p.run()
        assert "Your teacher has seated you at **table 1**" in _text(p)
        assert cards_sent(p) == before[name], name


def test_between_deals_the_dashboard_seats_a_late_learner_and_moves_one_to_a_bot(ct):
    teacher, code, pages = _class_of(["Ana", "Ben"])
    quiz_id = teacher.sidebar.selectbox(key="teacher_pick").value
    teacher.radio(key="ct_size").set_value(3).run()
    teacher.button(key="ct_open").click().run()  # Ana, Ben and a bot
    late = learner(code, "Cleo", [])  # joins after the tables opened
    teacher.run()
    snap = ct.tables(quiz_id)[0]
    pick = teacher.selectbox(key=f"ct_give_pick_{snap.id}_2")
    assert pick.options == ["Cleo"]
    teacher.button(key=f"ct_give_{snap.id}_2").click().run()
    assert not _errors(teacher), _errors(teacher)
    assert [s.name for s in ct.tables(quiz_id)[0].state.seats] == ["Ana", "Ben", "Cleo"]
    look(late)
    assert "Your teacher has seated you at **table 1**, seat 3, with Ana, Ben." in _text(late)
    teacher.button(key=f"ct_to_bot_{snap.id}_0").click().run()  # Ana waits at the table; a bot plays her seat
    assert not _errors(teacher), _errors(teacher)
    assert ct.tables(quiz_id)[0].state.seats[0].is_bot and "Waiting for a seat: Ana" in _text(teacher)
    look(pages["Ana"])
    assert "Your teacher has put you at **table 1**, waiting for a seat." in _text(pages["Ana"])
