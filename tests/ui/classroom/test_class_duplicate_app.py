"""Duplicate in class, in AppTest: the teacher sets a session, a learner plays a deal through the page (bid,
écart, cards; a reload carries on), sees the result and the topage, and the teacher's dashboard shows the
ranking, the spread and where the class split, with the strategy layer's verdicts on request."""

from __future__ import annotations

import os
import re
from fractions import Fraction

import pytest
from apptest_helpers import drawn
from class_pages import (  # noqa: F401 - the teacher hash fixture too
    _teacher_hash,  # noqa: F401
    button,
    page,
    unlocked_teacher,
)

from tutor.classroom import duplicate as dup
from tutor.classroom import duplicate_stats as ds
from tutor.classroom.store import ClassStore
from tutor.engine import Bid, Discard, PlayCard
from tutor.practice.class_deals import LEARNER, parse_log
from tutor.progress import Store
from tutor.strategy.bots.policy import decide

SEED = 3


def class_store():
    s = Store.open(os.environ["TUTOR_DATABASE_URL"])
    return s, ClassStore(s.engine)


def errors(at):
    return [e.value for e in at.error] + [str(e.value) for e in at.exception]


def test_the_teacher_sets_a_duplicate_session():
    at = unlocked_teacher()
    at.text_input(key="teacher_dup_title").input("Duplicate week 1")
    at.radio(key="teacher_dup_players").set_value(5)
    at.number_input(key="teacher_dup_count").set_value(4)
    button(at, "Set the duplicate session").click()
    at.run()
    assert not errors(at), errors(at)
    done = next(s.value for s in at.success if "Duplicate session set" in s.value)
    code = done.split("Code: **")[1][:6]
    s, cs = class_store()
    try:
        quiz = cs.find(code)
    finally:
        s.close()
    assert quiz.duplicate and quiz.players == 5 and len(quiz.deals) == 4 and quiz.title == "Duplicate week 1"
    assert any("duplicate, 4 deals at 5 players" in m.value for m in at.markdown)
    assert any("Nobody has joined yet" in c.value for c in at.caption)


def _join(code, name):
    at = page("class_quiz", code=code)
    at.text_input[1].input(name)
    button(at, "Join the quiz").click()
    return at.run()


def _type(at, key, text, label):
    at.text_input(key=key).input(text)
    button(at, label).click()
    return at.run()


def test_a_learner_plays_a_deal_through_the_page_and_sees_the_topage():
    s, cs = class_store()
    try:
        quiz = dup.create(cs, title="Duplicate", players=4, count=4, seed=SEED)
        # Two learners have finished deal 1 already (through the store, as their pages would).
        others = {}
        for name, way in (("Bea", "bots"), ("Cy", "pass")):
            token = cs.join(quiz.code, name)[1].token
            t = dup.table_of(quiz, 0, None)
            while not t.finished:
                if t.awaiting_start:
                    t.start_play()
                    continue
                v = t.view()
                t.act(Bid(LEARNER, None) if way == "pass" and v.phase.name == "BIDDING" else decide(v).action)
                dup.save(cs, token, 0, t.deal.log)
            others[name] = dup.mine(cs, token)[2][0].score
        at = _join(quiz.code, "Ann")
        assert not errors(at), errors(at)
        assert any("Deal 1 of 4" in p.text for p in at.get("progress"))
        me = at.query_params["me"]
        me = me[0] if isinstance(me, list) else me
        table = dup.table_of(quiz, 0, None)
        # The bid, the écart and the first card through the page, as the bots would play them.
        bid = decide(table.view()).action
        button(at, bid.contract.french.capitalize()).click()
        at.run()
        table.act(bid)
        assert not errors(at) and dup.mine(cs, me)[2][0].log == " ".join(str(a) for a in table.deal.log)
        if table.deal.phase.name == "ECART":
            ecart = decide(table.view()).action
            assert isinstance(ecart, Discard)
            _type(at, "dc_ecart_typed", " ".join(c.code for c in ecart.cards), "Put the typed cards aside")
            table.act(ecart)
        button(at, "Play without announcing").click()
        at.run()
        table.start_play()
        card = decide(table.view()).action
        if not isinstance(card, PlayCard):  # a poignée the bots would show: kept hidden here
            card = PlayCard(LEARNER, table.deal.legal_cards(LEARNER)[0])
        _type(at, "dc_typed", card.card.code, "Play the typed card")
        table.act(card)
        assert not errors(at), errors(at)
        saved = [ds.same_code(a) for a in parse_log(dup.mine(cs, me)[2][0].log)]
        assert saved == [ds.same_code(a) for a in table.deal.log]  # the écart in one order
        # The rest of the deal but its last card, in another tab (the store); this page then carries on.
        while len(table.deal.hand(LEARNER)) > 1:
            table.act(PlayCard(LEARNER, table.deal.legal_cards(LEARNER)[0]))
        dup.save(cs, me, 0, [*parse_log(dup.mine(cs, me)[2][0].log), *table.deal.log[len(saved):]])
        at.run()
        last = table.deal.hand(LEARNER)[0]
        _type(at, "dc_typed", last.code, "Play the typed card")
        assert not errors(at), errors(at)
        table.act(PlayCard(LEARNER, last))
        mine = table.deal.result().seat_scores[LEARNER]
        scores = [mine, *others.values()]
        note = ds.note_of(mine, scores)
        # Hand-worked topage of three results: ranks 0, 1, 2 are worth 0, 50, 100; ties share.
        rank = sorted(scores)
        assert note == Fraction(50) * Fraction(rank.index(mine) + rank.index(mine) + rank.count(mine) - 1, 2) * 2 / 2
        head = next(h.value for h in at.subheader if h.value.startswith("Deal 1 of 4"))
        assert head == f"Deal 1 of 4: your score {mine:+d}, {ds.pct(note):g} %"
        assert any("2 other learners who have finished it" in m.value for m in at.markdown)
        assert any(h.value == "Review of your play" for h in at.subheader)
        assert not [b for b in at.button if b.label == "Replay from here"]  # a class deal is played once
        button(at, "Next deal (2 of 4)").click()
        at.run()
        assert not errors(at) and any("Deal 2 of 4" in p.text for p in at.get("progress"))
    finally:
        s.close()


def test_the_dashboard_ranks_the_class_and_shows_where_it_split(monkeypatch):
    monkeypatch.setattr(ds, "MAX_CARD_SPLITS", 1)
    monkeypatch.setattr(ds, "REVIEW_SAMPLES", 4)
    s, cs = class_store()
    try:
        quiz = dup.create(cs, title="Duplicate", players=4, count=4, seed=SEED)
        ways = {"Ann": "bots", "Bob": "pass", "Cy": "first"}
        for name, way in ways.items():
            token = cs.join(quiz.code, name)[1].token
            t = dup.table_of(quiz, 0, None)
            while not t.finished:
                if t.awaiting_start:
                    t.start_play()
                    continue
                v = t.view()
                a = decide(v).action
                if way == "pass" and v.phase.name == "BIDDING":
                    a = Bid(LEARNER, None)
                if way == "first" and v.phase.name == "PLAYING":
                    a = PlayCard(LEARNER, t.deal.legal_cards(LEARNER)[0])
                t.act(a)
                dup.save(cs, token, 0, t.deal.log)
        people, plays = dup.plays(cs, quiz.id)
        want = ds.ranking(4, {k: (p.score, p.took) for k, p in plays.items()}, dict(people))
        from tutor.ui.classroom.duplicate_board import ranking_csv
        rows = [r.split(",") for r in ranking_csv(cs, quiz).splitlines()]
        assert rows[0] == ["place", "learner", "deals", "attack_pct", "defence_pct", "global_pct"]
        assert [(r[1], r[5]) for r in rows[1:]] == [(w.name, str(ds.pct(w.global_))) for w in want]
    finally:
        s.close()
    at = unlocked_teacher()
    assert not errors(at), errors(at)
    frames = [d.value for d in at.dataframe]
    ranking = next(f for f in frames if "global %" in f.columns)
    assert list(ranking["learner"]) == [w.name for w in want]
    assert list(ranking["global %"]) == [f"{ds.pct(w.global_):g}" for w in want]
    assert any(m.value.startswith("**Results:** 3,") for m in at.markdown)
    # Issue 38: the scores with the true minus sign, as everywhere a learner or a teacher reads one.
    first = sorted(p.score for (_pid, n), p in plays.items() if n == 0)
    sign = lambda x: ("+" if x >= 0 else "\u2212") + str(abs(x))  # noqa: E731 - by hand, not the page's helper
    results = next(m.value for m in at.markdown if m.value.startswith("**Results:** 3,"))
    assert f"from {sign(first[0])} to {sign(first[-1])}" in results, results
    scored = next(d for d in at.dataframe if "score" in d.value.columns)
    assert list(drawn(scored)["score"]) == [str(v).replace("-", "\u2212") for v in scored.value["score"]]
    split = next(f for f in frames if "choice" in f.columns)
    assert "You pass" in list(split["choice"]) and sum(split["learners"]) == 3
    button(at, "Judge these choices").click()
    at.run()
    assert not errors(at), errors(at)
    split = next(d.value for d in at.dataframe if "choice" in d.value.columns)
    verdicts = dict(zip(split["choice"], split["verdict"]))
    assert "a deal on average" in verdicts["You pass"]
    assert sum("(best)" in v for v in verdicts.values()) <= 1
    assert not any(re.search(r"(?<![\w-])-\d", v) for v in verdicts.values()), verdicts  # "−12", never "-12"


@pytest.fixture(autouse=True)
def _pick_cache():
    yield
