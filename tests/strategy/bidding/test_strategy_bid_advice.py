"""The bid and poignée hints in Practice: the estimator's best expected score for the learner's seat, after the
bids so far, and the poignée shown or hidden by what each scores over sampled deals."""

from __future__ import annotations

import random

import pytest

from tutor.engine import CARDS, Bid, Contract, Deal, DealtCards, Phase, PlayCard, RuleSet, ShowPoignee, card
from tutor.practice.table import Table
from tutor.strategy import estimate_bids
from tutor.strategy.advisor.advise import DECISIVE_SAMPLES
from tutor.strategy.bidding.advice import SAMPLES, advise_bid, review_bid, signed_score, speaking_seat
from tutor.strategy.bidding.contracts import fits, open_options, verdict
from tutor.strategy.bidding.poignee import advise_poignee, review_poignee
from tutor.strategy.bots.handcount import count_steps
from tutor.strategy.bots.policy import choose_play, decide


def deal_with(players: int, dealer: int, seat: int, mine: str, seed: int) -> Deal:
    """A deal where ``seat`` holds ``mine`` and the others are dealt at random (no Petit sec)."""
    rules = RuleSet.for_players(players)
    hand = [card(c) for c in mine.split()]
    rng = random.Random(seed)
    while True:
        rest = [c for c in CARDS if c not in hand]
        rng.shuffle(rest)
        hands = []
        for s in range(players):
            if s == seat:
                hands.append(tuple(hand))
            else:
                hands.append(tuple(rest[:rules.hand_size]))
                rest = rest[rules.hand_size:]
        d = Deal(DealtCards(players, dealer, tuple(hands), tuple(rest), 0, ()), rules=rules, seed=seed)
        if d.phase is Phase.BIDDING:
            return d


def test_the_seats_speak_from_the_one_after_the_dealer():
    # By hand: with 4 players and Bruno (seat 2) dealing, Chloé (3) speaks first, then You (0), Anna (1), Bruno.
    assert [speaking_seat(s, dealer=2, players=4) for s in (3, 0, 1, 2)] == [0, 1, 2, 3]
    assert [speaking_seat(s, dealer=4, players=5) for s in range(5)] == [0, 1, 2, 3, 4]


WEAK = "2S 3S 4S 5S 6S 7S 2H 3H 4H 5H 6H 2D 3D 4D 5D 2C 3C T2"  # count far under any threshold
STRONG = "T21 T20 T19 T18 T17 T16 T15 T14 T13 T12 T11 EX T1 KS KH KD KC QH"  # eleven top trumps, 3 oudlers, 4 kings


def test_a_hopeless_hand_passes_and_a_monster_bids():
    weak = deal_with(4, dealer=3, seat=0, mine=WEAK, seed=1)
    advice = advise_bid(weak.view(0), seed=1)
    assert advice.move.action == Bid(0, None) and advice.verdict.best is None
    assert all(advice.verdict.expected[c] < 0 for c in Contract)
    strong = deal_with(4, dealer=3, seat=0, mine=STRONG, seed=2)
    advice = advise_bid(strong.view(0), seed=2)
    assert advice.move.action.contract in (Contract.GARDE_SANS, Contract.GARDE_CONTRE)
    assert advice.estimate.contracts[Contract.GARDE_CONTRE].chance > 0.9
    assert "By the hand count alone, the bots' way: counts" in advice.move.reason
    assert advice.move.principle == "best-expected-score"


@pytest.mark.parametrize("players, seed", [(3, 4), (4, 218), (5, 9)])
def test_the_advice_is_the_estimate_of_the_learners_place_in_the_auction(players, seed):
    """Worked out without the module: the estimator run at the learner's speaking seat, on the deals that
    fit the bids so far, with the deal's seed; the advised bid is the best of the open options."""
    table = Table.new(players, seed)
    table.advance()
    assert table.deal.phase is Phase.BIDDING and table.learner_to_act
    view = table.view()
    bids = [b for _, b in view.bids]
    at = (0 - view.dealer - 1) % players
    assert len(bids) == at  # everyone before the learner has spoken
    est = estimate_bids(view.hand, players=players, seat=at, samples=SAMPLES, rng=random.Random(seed),
                        given=fits(bids, players, at))
    v = verdict(est.scores, open_options(bids))
    advice = table.bid_advice()
    assert advice.verdict.expected == v.expected and advice.move.action == Bid(0, v.best)
    assert v.expected[v.best] == max(v.expected.values())
    assert [score for _, _, score in advice.rows()] == [round(v.expected[o]) for o in v.options]
    assert advice.table().count("\n") == len(v.options) + 1 and "(best)" in advice.table()
    hint = table.hint()
    assert table.deal.can(hint.action)  # an open bid: the engine takes it
    assert count_steps(view.hand, players=players).verdict()[1:] in hint.reason
    assert hint == advice.move and table.hints == 1
    assert f"counts {count_steps(view.hand, players=players).total:g}" in hint.reason


def test_outside_the_bidding_the_hint_is_the_bots_move():
    table = Table.new(4, 13)
    table.advance()
    table.act(Bid(0, None))  # the learner passes; a bot takes and the play begins
    assert table.deal.phase is Phase.PLAYING and table.bid_advice() is None
    assert table.hint().card is not None


def test_the_review_judges_the_bid_from_where_the_learner_spoke():
    # Seed 11: four bots' estimate says pass for the learner's hand (every contract loses on average).
    wild = Table.new(4, 11)
    wild.advance()
    wild.act(Bid(0, Contract.GARDE_CONTRE))
    r = review_bid(wild.deal, 0)
    expected = r.advice.verdict.expected
    assert r.said is Contract.GARDE_CONTRE and r.advice.verdict.best is None
    assert r.gain == pytest.approx(expected[None] - expected[Contract.GARDE_CONTRE]) and r.costly(40)  # passing by play
    # The same bids judged by the hint at that moment: the review is the hint, looked at afterwards.
    fresh = Table.new(4, 11)
    fresh.advance()
    assert fresh.bid_advice().verdict.expected == expected
    wise = Table.new(4, 11)
    wise.advance()
    wise.act(Bid(0, None))
    r = review_bid(wise.deal, 0)
    assert r.said is None and r.tied and r.gain == 0 and not r.costly(40)
    assert review_bid(Deal.new(4, seed=3), 0) is None  # no bid made yet


def at_the_poignee(players: int, seed: int) -> Table:
    """The table at the learner's first card, with a poignée the bots would show (the learner played as a bot)."""
    t = Table.new(players, seed)
    t.advance()
    while not t.finished:
        if t.awaiting_start:
            t.start_play()
            continue
        move = decide(t.view())
        if isinstance(move.action, ShowPoignee):
            return t
        t.act(move.action)
    raise AssertionError(f"no poignée for the learner in deal {seed}")


@pytest.mark.parametrize("players, seed, shows", [(4, 94, True), (4, 242, False), (5, 22, True), (3, 116, True)])
def test_the_poignee_hint_plays_the_deal_on_both_ways(players, seed, shows):
    """Deal 94: the taker is winning, so the bonus would be theirs: show. Deal 242: the learner's side is losing: keep
    it hidden, and play the card the bots would. The advice is the better of the two averages it shows."""
    table = at_the_poignee(players, seed)
    shown = decide(table.view()).action.cards
    advice = advise_poignee(table.deal, 0, shown, seed=seed)
    assert advice.shows is shows and advice.samples >= DECISIVE_SAMPLES
    assert (advice.show > advice.hide) is shows
    if shows:
        assert advice.move.action == ShowPoignee(0, shown)
    else:
        assert advice.move.action == PlayCard(0, choose_play(table.view())[0])
    assert f"{signed_score(advice.show)} a deal for you with it shown, {signed_score(advice.hide)} with it hidden" \
        in advice.move.reason
    assert advice.move.principle == "poignee-when"
    assert ("a close call" in advice.move.reason) is advice.close  # said when the gap is within the noise
    assert advise_poignee(table.deal, 0, shown, seed=seed) == advice  # seeded: the same advice again
    hint = table.hint()
    assert hint == advice.move and table.deal.can(hint.action)


def test_a_winning_side_gains_about_the_bonus_by_showing():
    """Deal 94 (4 players, a simple poignée of 20, the taker): on a deal the taker wins, showing adds 20 from each
    of the 3 defenders; on one they lose, it costs as much. So show - hide is about 60 × (won - lost) / deals."""
    table = at_the_poignee(4, 94)
    shown = decide(table.view()).action.cards
    advice = advise_poignee(table.deal, 0, shown, seed=94)
    assert 0 < advice.show - advice.hide <= 60 + 15  # a little play may change too, knowing the trumps


def test_the_review_judges_the_poignee_shown_or_kept_hidden():
    """Deal 94: the taker is winning. Showing, as the hint says, is not listed; keeping it hidden costs about
    the bonus the hint measured, and is listed with the step of the first card."""
    shown_table, hidden_table = at_the_poignee(4, 94), at_the_poignee(4, 94)
    view = hidden_table.view()
    hidden_table.act(PlayCard(0, choose_play(view)[0]))  # kept hidden: the first card at once
    for t in (shown_table, hidden_table):
        while not t.finished:
            if t.awaiting_start:
                t.start_play()
                continue
            t.act(decide(t.view()).action)
    shown, hidden = review_poignee(shown_table.deal, 0), review_poignee(hidden_table.deal, 0)
    assert shown.showed and not shown.costly and shown.gain < 0
    assert not hidden.showed and hidden.costly
    assert hidden.gain == pytest.approx(hidden.advice.show - hidden.advice.hide) == pytest.approx(-shown.gain)
    assert isinstance(hidden_table.deal.log[hidden.step], PlayCard) and hidden_table.deal.log[hidden.step].seat == 0
    assert review_poignee(Table.new(4, 1).deal, 0) is None  # nothing played yet
