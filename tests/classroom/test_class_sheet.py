"""The class tables' sheet as one CSV (issue 36): a row per seat of every deal played at every table, each seat's
score as the engine scores the stored log, the running total at the table, and the contract, its taker and whether
it was made; the French file as French Excel reads it; a learner's name that looks like a formula is not run."""

from __future__ import annotations

import csv
import io
import random

import pytest
from processes import T0

from tutor.classroom import class_sheet
from tutor.classroom.class_tables import ClassTables
from tutor.classroom.store import ClassStore
from tutor.engine import Deal, Phase
from tutor.engine.actions import parse_action
from tutor.engine.state import random_action


@pytest.fixture
def cs(store):
    return ClassStore(store.engine, store.where)


def _evening(cs, deals=2):
    """Two tables of a class, each playing ``deals`` deals to their end with random legal play."""
    quiz = cs.create(title="Year 9", kinds=["count"], count=1, now=T0)
    ids, tokens = {}, {}
    for n in ("Ana", "=HYPERLINK(\"x\")", "Cleo", "Dan", "Eve"):
        _q, p = cs.join(quiz.code, n, now=T0)
        ids[n], tokens[n] = p.id, p.token
    ct = ClassTables(cs)
    names = list(ids)
    ct.open(quiz.id, [[ids[names[0]], ids[names[1]], None], [ids[names[2]], None, ids[names[3]], ids[names[4]]]],
            now=T0)
    rng = random.Random(8)
    for snap in ct.tables(quiz.id):
        seat_tokens = {}
        for n in names:
            mine = ct.seat_of(tokens[n])
            if mine.table_id == snap.id:
                seat_tokens[mine.seat] = ct.seat_token(tokens[n])
        for k in range(deals):
            snap = ct.start(quiz.id, snap.id, snap.version, now=T0).table
            while not snap.over:
                snap = ct.ts.act(seat_tokens[snap.deal.to_act], random_action(snap.deal.copy(), rng),
                                 snap.version).table
            if k < deals - 1:
                snap = ct.next_deal(quiz.id, snap.id, snap.version, now=T0).table
    return ct, ct.tables(quiz.id)


def _deals(snap):
    """The deals of a table replayed from what is stored, independently of the sheet's own reading."""
    out = [Deal.replay(snap.state.players, h["seed"], [parse_action(a) for a in h["log"].split()], dealer=h["dealer"])
           for h in snap.history]
    return out + [Deal.replay(snap.state.players, snap.state.seed, snap.state.log, dealer=snap.state.dealer)]


def test_every_seat_of_every_deal_with_the_engines_score_and_the_running_total(cs):
    _ct, snaps = _evening(cs)
    got = list(csv.reader(io.StringIO(class_sheet.to_csv(snaps))))
    assert got[0] == list(class_sheet.COLUMNS)
    body = got[1:]
    want = []
    for snap in snaps:
        total = [0] * snap.state.players
        for n, d in enumerate(_deals(snap), start=1):
            done = d.phase is Phase.DONE
            scores = d.result().seat_scores if done else [0] * d.players
            assert sum(scores) == 0
            for seat in range(d.players):
                total[seat] += scores[seat]
                name = snap.state.seats[seat].name or "Bot"
                want.append([str(snap.number), str(n), str(seat + 1), name.replace("=", "'=", 1),
                             d.contract.french if done else "", str(d.taker + 1) if done else "",
                             str(int(d.result().score.won)) if done else "", str(scores[seat]), str(total[seat])])
    assert body == want
    assert len(body) == 2 * 3 + 2 * 4
    assert "'=HYPERLINK" in class_sheet.to_csv(snaps), "a formula-looking name is quoted"


def test_the_french_file_is_for_french_excel(cs):
    _ct, snaps = _evening(cs, deals=1)
    text = class_sheet.to_csv(snaps, french=True)
    assert text.startswith("\ufeff")
    rows = list(csv.reader(io.StringIO(text[1:]), delimiter=";"))
    assert rows[0] == list(class_sheet.FRENCH_COLUMNS) and rows[0][1] == "donne"
    assert {r[3] for r in rows[1:]} >= {"Robot", "Ana"}
    assert len(rows) == 1 + 3 + 4


def test_tables_with_no_deal_over_give_only_the_header(cs):
    quiz = cs.create(title="Year 9", kinds=["count"], count=1, now=T0)
    _q, p = cs.join(quiz.code, "Ana", now=T0)
    ct = ClassTables(cs)
    ct.open(quiz.id, [[p.id, None, None]], now=T0)
    assert class_sheet.to_csv(ct.tables(quiz.id)) == ",".join(class_sheet.COLUMNS) + "\n"
