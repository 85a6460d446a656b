"""Never a hand shown to the wrong seat: four people play a whole deal, each on their own phone, and after every
move every phone's page is read whole (every element's text, the card pictures, the card table's data) and holds
no card its seat could not see. What a seat may see is worked out here from the engine's SeatView alone: its hand,
the dog once shown, its own écart (the taker), the trumps shown in an écart, the poignées, the called card and the
cards played."""

from __future__ import annotations

import pytest
from together_pages import cards_sent, look, phone, seed_where, step, taken_by, visible

from tutor.classroom.tables import TableStore
from tutor.engine import Phase


@pytest.fixture
def ts(db):
    return TableStore(db.engine, db.where)


def _checked(ts, tid, phones) -> int:
    """Every phone's page against its seat's view at the same version; how many cards the pages showed."""
    snap = ts.table(tid)
    shown = 0
    for seat, p in enumerate(phones):
        sent = cards_sent(p)
        view = snap.deal.view(seat)
        leaked = sent - visible(view)
        assert not leaked, f"seat {seat + 1} was sent {sorted(c.code for c in leaked)} in {view.phase}"
        if view.phase is not Phase.DONE:  # the detector sees the cards it must: the seat's own hand
            assert set(view.hand) <= sent or view.phase is Phase.ECART and view.to_act == seat
        shown += len(sent)
    return shown


def _with_poignee(d) -> bool:
    return d.phase is Phase.DONE and bool(d.poignees) and d.contract.value in ("petite", "garde")


@pytest.mark.long
@pytest.mark.parametrize("kind", ["poignee", "taken by the host"])
def test_no_phone_is_ever_sent_a_card_its_seat_could_not_see_during_a_whole_deal(ts, kind):
    seed = seed_where(4, _with_poignee if kind == "poignee" else taken_by(0))
    snap, host, _ = ts.open("Ana", 4, "club", seed=seed)
    tokens = [host] + [ts.join(snap.code, n)[1] for n in ("Ben", "Cleo", "Dan")]
    phones = [phone(seat=t) for t in tokens]
    phones[0].button(key="tg_start").click().run()
    for p in phones[1:]:
        look(p)
    tid, moves, seen = snap.id, 0, 0
    for _ in range(200):
        seen += _checked(ts, tid, phones)
        snap = ts.table(tid)
        if snap.over:
            break
        seat = snap.deal.to_act
        step(phones[seat], snap, seat)
        moves += 1
        for i, p in enumerate(phones):
            if i != seat:
                look(p)
    snap = ts.table(tid)
    assert snap.deal.phase is Phase.DONE and moves >= 4 + 72 // 4  # the bids and every card, by the pages
    assert seen > 0
    if kind == "poignee":
        assert snap.deal.poignees, "a poignée was shown through the page"
