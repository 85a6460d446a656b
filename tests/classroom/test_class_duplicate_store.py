"""Duplicate in class, in the store: set up (prenable deals for the learner's seat), join, play move by move
(checked against the bots), topage among the learners, the ranking, and nothing shown before one's own deal is
over. On a SQLite file, and on PostgreSQL when TUTOR_TEST_DATABASE_URL is set."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from fractions import Fraction

import pytest

from tutor.classroom import duplicate as dup
from tutor.classroom import duplicate_stats as ds
from tutor.classroom import roster
from tutor.classroom.store import ClassError, ClassStore
from tutor.engine import Bid, Contract, Deal, Discard, PlayCard, ShowPoignee
from tutor.practice.class_deals import LEARNER, log_text, parse_log, pick_deals, replayed
from tutor.practice.table import dealer_for
from tutor.strategy.bidding.advice import speaking_seat
from tutor.strategy.bidding.prenable import PRENABLE, prenable
from tutor.strategy.bots.policy import decide

T0 = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)
SEED = 3


@pytest.fixture
def cs(store):
    return ClassStore(store.engine, store.where)


def session(cs, **kw):
    args = {"title": "Duplicate 1", "players": 4, "count": 4, "seed": SEED}
    return dup.create(cs, **(args | kw))


# The learners' ways of playing: the bots' move, pass then the bots' moves, or always the first legal card.
def bot_way(table):
    return decide(table.view()).action


def passer(table):
    v = table.view()
    return Bid(LEARNER, None) if v.phase.name == "BIDDING" else decide(v).action


def first_card(table):
    v = table.view()
    if v.phase.name == "PLAYING":
        return PlayCard(LEARNER, table.deal.legal_cards(LEARNER)[0])
    return decide(v).action


def play_deal(cs, token, number, way, quiz):
    """Play deal ``number`` the learner's ``way``, saving after every move as the page does."""
    table = dup.table_of(quiz, number, None)
    while not table.finished:
        if table.awaiting_start:
            table.start_play()
            continue
        table.act(way(table))
        dup.save(cs, token, number, table.deal.log)
    return table


def test_the_deals_are_prenable_for_the_learners_seat_and_seeded(cs):
    quiz = session(cs)
    assert quiz.duplicate and quiz.questions == () and quiz.players == 4
    deals = dup.deals_of(quiz)
    assert [d.seed for d in deals] == [d.seed for d in pick_deals(4, 4, SEED)] and len(set(deals)) == 4
    for d in deals:
        deal = Deal.new(4, seed=d.seed, dealer=dealer_for(4, d.seed))
        v = prenable(deal.dealt.hands[LEARNER], players=4, seat=speaking_seat(LEARNER, deal.dealer, 4), seed=d.seed)
        assert v.prenable and (round(v.chance, 3), round(v.expected, 1)) == (d.chance, d.expected)
        assert v.chance >= PRENABLE["garde_chance"]
    assert cs.quiz(quiz.id).deals == quiz.deals  # the snapshot, read back


@pytest.mark.parametrize("bad, words", [({"players": 6}, "3, 4 or 5"), ({"count": 3}, "4 to 12"),
                                        ({"count": 13}, "4 to 12"), ({"title": " "}, "title")])
def test_a_session_is_refused_with_the_reason(cs, bad, words):
    with pytest.raises(ClassError, match=words):
        session(cs, **bad)


def test_a_learner_plays_a_deal_and_the_score_is_the_engines(cs):
    quiz = session(cs, players=3, seed=8)
    _, ann = cs.join(quiz.code, "Ann")
    table = play_deal(cs, ann.token, 0, bot_way, quiz)
    _, _, plays = dup.mine(cs, ann.token)
    p = plays[0]
    assert p.done and p.log == log_text(table.deal.log)
    assert (p.score, p.took) == (table.deal.result().seat_scores[LEARNER], table.deal.taker == LEARNER)
    # The whole log, rebuilt from the seed alone with the bots for every seat, is the same deal.
    again = Deal.replay(3, quiz.deals[0]["seed"], parse_log(p.log), dealer=dealer_for(3, quiz.deals[0]["seed"]))
    assert again.result().seat_scores == table.deal.result().seat_scores


def test_a_reload_carries_on_from_the_saved_moves(cs):
    quiz = session(cs)
    _, ann = cs.join(quiz.code, "Ann")
    table = dup.table_of(quiz, 0, None)
    table.act(bot_way(table))  # the bid
    dup.save(cs, ann.token, 0, table.deal.log)
    _, _, plays = dup.mine(cs, ann.token)
    back = dup.table_of(quiz, 0, plays[0])
    assert back.deal.log == table.deal.log and not plays[0].done and plays[0].score is None
    # Rejoining with the PIN (the class quiz's way) finds the same play.
    _, again = roster.rejoin_with_pin(cs, quiz.code, "Ann", ann.pin, "browser-2")
    assert dup.mine(cs, again.token)[2][0].log == plays[0].log


def test_moves_are_checked_against_the_bots_and_cannot_be_taken_back(cs):
    quiz = session(cs)
    _, ann = cs.join(quiz.code, "Ann")
    table = dup.table_of(quiz, 0, None)
    bid = bot_way(table)
    table.act(bid)
    dup.save(cs, ann.token, 0, table.deal.log)
    log = list(table.deal.log)
    # A bot's answer that is not the bot's (Bob's first save): refused.
    _, bob = cs.join(quiz.code, "Bob")
    k = max(i for i, a in enumerate(log) if a.seat != LEARNER and isinstance(a, Bid))
    forged = [*log[:k], Bid(log[k].seat, None if log[k].contract else Contract.GARDE_CONTRE)]
    with pytest.raises(ClassError, match="not a move of this deal"):
        dup.save(cs, bob.token, 0, forged)
    # Another bid instead of the saved one: refused, a move cannot be changed.
    other = Bid(LEARNER, None) if bid.contract is not None else Bid(LEARNER, table.deal.auction.highest)
    with pytest.raises(ClassError, match="cannot be changed"):
        dup.save(cs, ann.token, 0, [*log[:log.index(bid)], other])
    # The next deal before this one is over: refused.
    with pytest.raises(ClassError, match="not the one to play now"):
        dup.save(cs, ann.token, 1, [])
    assert dup.mine(cs, ann.token)[2][0].log == log_text(log)


def test_the_class_scores_come_only_after_ones_own_deal_and_give_the_topage(cs):
    quiz = session(cs)
    tokens = {name: cs.join(quiz.code, name)[1].token for name in ("Ann", "Bob", "Cy")}
    ann = play_deal(cs, tokens["Ann"], 0, bot_way, quiz)
    with pytest.raises(ClassError, match="Finish deal 1 first"):
        dup.class_scores(cs, tokens["Bob"], 0)
    assert dup.class_scores(cs, tokens["Ann"], 0) == (ann.deal.result().seat_scores[LEARNER],)
    bob = play_deal(cs, tokens["Bob"], 0, passer, quiz)
    cy = play_deal(cs, tokens["Cy"], 0, first_card, quiz)
    scores = {n: dup.mine(cs, t)[2][0].score for n, t in tokens.items()}
    assert sorted(dup.class_scores(cs, tokens["Bob"], 0)) == sorted(scores.values())
    # Topage by hand: the best of three scores 100, the middle 50, the worst 0; equal scores share.
    order = sorted(scores.values())
    for name, s in scores.items():
        expected = Fraction(100 * (order.index(s) + order.index(s) + order.count(s) - 1), 2 * 2)
        assert ds.note_of(s, list(scores.values())) == expected, name
    assert ann.deal.taker == LEARNER and bob.deal.taker != LEARNER  # the bots' way takes; a pass does not
    assert cy.deal.log != ann.deal.log


def test_the_ranking_weighs_attack_and_defence_as_the_fft(cs):
    quiz = session(cs)
    ann, bob = (cs.join(quiz.code, n)[1] for n in ("Ann", "Bob"))
    play_deal(cs, ann.token, 0, bot_way, quiz)
    play_deal(cs, bob.token, 0, passer, quiz)
    play_deal(cs, ann.token, 1, passer, quiz)
    play_deal(cs, bob.token, 1, bot_way, quiz)
    people, plays = dup.plays(cs, quiz.id)
    assert [n for _, n in people] == ["Ann", "Bob"] and len(plays) == 4
    results = {k: (p.score, p.took) for k, p in plays.items() if p.done}
    standings = ds.ranking(len(quiz.deals), results, dict(people))
    for s in standings:
        mine = {n: plays[s.player_id, n] for n in (0, 1)}
        marks = {}
        for n in (0, 1):
            other = plays[(bob if s.name == "Ann" else ann).id, n]
            me = mine[n].score
            marks[n] = Fraction(100) if me > other.score else Fraction(0) if me < other.score else Fraction(50)
        att = [marks[n] for n in (0, 1) if mine[n].took]
        dfc = [marks[n] for n in (0, 1) if not mine[n].took]
        a = sum(att) / len(att) if att else None
        d = sum(dfc) / len(dfc) if dfc else None
        want = d if a is None else a if d is None else a / 4 + 3 * d / 4
        assert (s.attack, s.defence, s.global_) == (a, d, want)
    assert [s.global_ for s in standings] == sorted((s.global_ for s in standings), reverse=True)


def test_a_closed_session_takes_no_more_moves(cs):
    quiz = session(cs, deadline=datetime.now(UTC) + timedelta(hours=1))
    _, ann = cs.join(quiz.code, "Ann")
    cs.set_flags(quiz.id, closed=True)
    table = dup.table_of(quiz, 0, None)
    table.act(bot_way(table))
    with pytest.raises(ClassError, match="closed"):
        dup.save(cs, ann.token, 0, table.deal.log)


def test_splits_group_learners_at_the_same_moment():
    quiz_seed = pick_deals(4, 4, SEED)[0].seed
    ways = [bot_way, bot_way, passer, first_card]
    logs = []
    for way in ways:
        t = replayed(4, quiz_seed, [])
        while not t.finished:
            if t.awaiting_start:
                t.start_play()
                continue
            t.act(way(t))
        logs.append(log_text(t.deal.log))
    found = ds.splits(logs)
    bid = found[0]
    assert bid.kind == "bid" and bid.learners == 4
    counts = dict(bid.choices)
    assert counts[str(Bid(LEARNER, None))] == 1 and sum(counts.values()) == 4
    # Every split: learners with the same log before it, and at least two different choices.
    for s in found:
        assert len(s.choices) >= 2
        same = [log for log in logs if [ds.same_code(a) for a in parse_log(log)][:s.step] == list(s.before)]
        assert len(same) == s.learners
    assert {s.kind for s in found} <= {"bid", "écart", "card", "poignée"}
    assert all(isinstance(parse_log(c)[0], Discard | PlayCard | Bid | ShowPoignee) for s in found for c, _ in s.choices)
    assert len([s for s in ds.bounded(found) if s.kind == "card"]) <= ds.MAX_CARD_SPLITS


def test_the_dashboard_grades_an_ecart_split_by_play():
    """Two learners' écarts on one deal are judged as the écart drill judges them: played out on the same sampled
    deals (``by_play.paired``), the learner's own score a deal, the best marked."""
    from tutor.engine import Phase
    from tutor.strategy.advisor.by_play import paired
    from tutor.strategy.bots.policy import decide

    deal = pick_deals(4, 1, seed=5)[0]
    table = replayed(4, deal.seed, "")
    while table.deal.phase is not Phase.ECART:  # the learner bids as the bots would, and takes
        table.act(decide(table.view()).action)
    view = table.view()
    bots = decide(view).action
    low = tuple(sorted((c for c in view.hand if not c.is_trump and not c.is_king and not c.is_oudler),
                       key=lambda c: (c.points, c.index))[:len(bots.cards)])
    other = Discard(LEARNER, low)
    assert set(other.cards) != set(bots.cards)
    codes = [ds.same_code(bots), ds.same_code(other)]
    before = tuple(log_text(table.deal.log).split())
    split = ds.Split(len(table.deal.log), "écart", before, ((codes[0], 2), (codes[1], 1)))
    said = ds.judge(4, deal.seed, split)
    direct = paired(view, {c: a for c, a in zip(codes, (bots, other))}, seed=deal.seed)
    for code in codes:
        assert said[code].startswith(f"{round(direct.option(code).own_score):+d} a deal for you on average")
    assert sum("(best)" in v for v in said.values()) == 1
