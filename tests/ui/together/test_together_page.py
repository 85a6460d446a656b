"""The Play together page under AppTest: a host opens a table from the page and gets its code, link, QR code and
PIN; friends join from the link; each phone plays its own seat through the page, sees the others' moves on its
next look, and after the deal sees the score, the sheet and its own review; a stale tap is refused with a sentence
and the fresh table; a reload with the seat's link gets the seat back."""

from __future__ import annotations

import pytest
from together_pages import join, look, open_table, phone, seed_where, step, taken_by, token

from tutor.classroom.tables import TableStore
from tutor.engine import Bid, Deal, Phase


@pytest.fixture
def ts(db):
    return TableStore(db.engine, db.where)


def test_a_host_opens_a_table_and_gets_its_code_link_qr_code_and_pin(ts):
    host = open_table(phone(), "Ana", players=3, level="beginner")
    me = ts.me(token(host))
    snap = ts.table(me.table_id)
    assert me.person.host and me.seat == 0 and [s.is_bot for s in snap.state.seats] == [False, True, True]
    assert snap.level == "beginner" and host.query_params["seat"] == token(host)
    text = " ".join(m.value for m in host.markdown)
    assert f"/table?code={snap.code}" in text and "Your PIN is" in text and len(host.main.get("image")) == 1
    assert [b.key for b in host.button if b.key == "tg_start"] == ["tg_start"]


def test_a_friend_joins_from_the_link_and_the_host_sees_them_on_the_next_look(ts):
    host = open_table(phone(), "Ana", players=4)
    code = ts.table(ts.me(token(host)).table_id).code
    friend = phone(code=code)
    assert friend.text_input(key="tg_code").value == code  # the link fills the code in
    join(friend, "Ben")
    assert ts.me(token(friend)).seat == 1
    assert "Seat 2: Ben" not in [m.value for m in host.markdown]
    look(host)
    assert "Seat 2: Ben" in [m.value for m in host.markdown]
    same = join(phone(code=code), "BEN")
    assert any("already has the name" in e.value for e in same.error)


def _table_of_three(ts, seed=None):
    """Ana hosts (a deal she takes when everyone plays as the Club bots), Ben and Cleo join; a phone each opened
    from its seat's link."""
    seed = seed_where(3, taken_by(0)) if seed is None else seed
    snap, host, _ = ts.open("Ana", 3, "club", seed=seed)
    tokens = [host] + [ts.join(snap.code, n)[1] for n in ("Ben", "Cleo")]
    phones = [phone(seat=t) for t in tokens]
    phones[0].button(key="tg_start").click().run()
    for p in phones[1:]:
        look(p)
    return snap.id, tokens, phones


@pytest.mark.long
def test_three_phones_play_a_whole_deal_each_its_own_seat_and_each_sees_its_own_review(ts):
    tid, tokens, phones = _table_of_three(ts)
    for _ in range(120):
        snap = ts.table(tid)
        if snap.over:
            break
        seat = snap.deal.to_act
        step(phones[seat], snap, seat)
        assert ts.version(tid) > snap.version, "every move through the page is stored"
        for other in (p for i, p in enumerate(phones) if i != seat):
            look(other)
    snap = ts.table(tid)
    d = Deal.replay(3, snap.state.seed, snap.state.log, dealer=snap.state.dealer)
    assert d.phase is Phase.DONE and d.taker == 0
    want = [int(s) for s in d.result().seat_scores]
    for p in phones:
        p.run()  # the page as it now is (the last to play already drew it; the others looked)
        shown = p.dataframe[0].value
        assert list(shown.iloc[:, 1]) == want
        assert [h.value for h in p.subheader].count("Review of your play") == 1
    phones[0].button(key="tg_next").click().run()
    snap = ts.table(tid)
    assert snap.state.scores == (tuple(want),) and not snap.started
    look(phones[1])
    assert [e.label for e in phones[1].expander].count("Your review of the last deal") == 1  # still there to read
    sheet = phones[1].dataframe[0].value
    assert list(sheet.iloc[0, 1:4]) == want and list(sheet.iloc[0, 4:7]) == want  # the deal and the running Σ


def test_a_stale_tap_is_refused_with_a_sentence_and_the_fresh_table(ts):
    tid, tokens, phones = _table_of_three(ts)
    snap = ts.table(tid)
    seat = snap.deal.to_act
    assert snap.deal.phase is Phase.BIDDING
    # the same player taps on another phone first: this phone's page is now stale
    assert ts.act(tokens[seat], Bid(seat, None), snap.version).ok
    phones[seat].button(key="tg_bid_pass").click().run()
    assert any("moved on" in e.value for e in phones[seat].error)
    assert len(ts.table(tid).state.log) == len(snap.state.log) + 1 + (ts.table(tid).version - snap.version - 1)
    assert ts.table(tid).state.log[len(snap.state.log)] == Bid(seat, None)  # one pass, not two


def test_a_reload_with_the_seats_link_gets_the_seat_back(ts):
    tid, tokens, phones = _table_of_three(ts)
    again = phone(seat=tokens[1])
    assert "you are **Ben**" in " ".join(m.value for m in again.markdown)
    gone = phone(seat=tokens[1][:-4] + "abcd")
    assert any("does not open a seat" in e.value for e in gone.error)


def test_the_page_speaks_french_to_a_french_phone(ts):
    from apptest_helpers import french_page
    at = french_page("table")
    assert [t.value for t in at.title] == ["Jouer ensemble"]
    assert {"Rejoindre une table", "Ouvrir une table"} <= {t.label for t in at.tabs}
    snap, token_, _ = ts.open("Ana", 3, "club", seed=seed_where(3, taken_by(0, first=0)))  # Ana speaks first
    at.query_params["seat"] = token_
    at.run()
    assert f"**Table {snap.code}** · vous êtes **Ana**" in [m.value for m in at.markdown]


def test_the_host_gives_a_seat_to_a_bot_and_back_to_someone_waiting_from_the_page(ts):
    snap, host, _ = ts.open("Ana", 3, "club", seed=seed_where(3, taken_by(0)))
    _, ben, _ = ts.join(snap.code, "Ben")
    page = phone(seat=host)
    page.button(key="tg_to_bot_1").click().run()
    assert ts.table(snap.id).state.seats[1].is_bot and ts.me(ben).seat is None
    assert "Waiting for a seat: Ben" in [c.value for c in page.caption]
    page.button(key="tg_give_2").click().run()  # Ben is the only one waiting: the picker shows him
    assert ts.table(snap.id).state.seats[2].name == "Ben" and ts.me(ben).seat == 2
    assert not [b for b in phone(seat=ben).button if b.key and b.key.startswith("tg_to_bot")]  # only the host


def test_after_the_quiet_time_the_host_lets_a_bot_play_for_the_quiet_player(ts, db):
    from datetime import timedelta

    from sqlalchemy import update

    from tutor.db import utcnow
    from tutor.db.together import PlayTable
    snap, host, _ = ts.open("Ana", 3, "club", seed=seed_where(3, taken_by(0)), quiet_seconds=30)
    _, ben, _ = ts.join(snap.code, "Ben")
    snap = ts.start(host, ts.table(snap.id).version).table
    if snap.deal.to_act == 0:  # Ana plays first, so that Ben is the one the table waits for
        snap = ts.act(host, Bid(0, None), snap.version).table
    assert snap.deal.to_act == 1
    page = phone(seat=host)
    assert not [b for b in page.button if b.key == "tg_stand_in"]
    assert any("a bot may stand in after 30" in c.value for c in page.caption)
    with db.engine.begin() as conn:  # the table has waited for Ben for a minute
        conn.execute(update(PlayTable).where(PlayTable.id == snap.id).values(acted_at=utcnow() - timedelta(minutes=1)))
    page.run()
    page.button(key="tg_stand_in").click().run()
    after = ts.table(snap.id)
    assert after.state.seats[1].is_bot and ts.me(ben).person.stand_in and after.deal.to_act != 1
    assert "A bot plays your seat until this deal ends." in [i.value for i in phone(seat=ben).info]


def test_the_sheet_as_csv_guards_names_a_spreadsheet_would_run():
    from types import SimpleNamespace

    from tutor.practice import together
    from tutor.ui.together.sheet import sheet_csv
    state = together.TableState((together.human("=cmd"), together.bot(), together.bot()), 1, 0,
                                scores=((60, -30, -30), (-20, 40, -20)))
    text = sheet_csv(SimpleNamespace(state=state), ["=cmd", "Bot 2", "Bot 3"])
    assert text.splitlines() == ["deal,'=cmd,Bot 2,Bot 3,Σ =cmd,Σ Bot 2,Σ Bot 3",  # the running totals by hand
                                 "1,60,-30,-30,60,-30,-30", "2,-20,40,-20,40,10,-50"]


def test_a_name_with_markup_is_shown_as_typed_never_as_markup(ts):
    from tutor.mdsafe import plain
    evil = "<b>Zed</b> **x** [y](http://e.vil)"
    snap, host, _ = ts.open("Ana", 3, "club", seed=seed_where(3, taken_by(0)))
    _, zed, _ = ts.join(snap.code, evil)
    ts.start(host, ts.table(snap.id).version)
    for p in (phone(seat=host), phone(seat=zed)):
        bodies = [m.value for m in p.markdown] + [c.value for c in p.caption] + [i.value for i in p.info]
        text = "\n".join(bodies)
        assert "<b>" not in text.replace("\\<b\\>", "") and "](http" not in text.replace("\\](http", "")
    assert any(plain(evil) in b for b in bodies)  # Zed's own header names them, as typed
