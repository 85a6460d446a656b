"""Practice after the deal: "replay from here" restores the exact table, every hint names a principle the
course teaches, and the hand count a hint quotes is itemised."""

from __future__ import annotations

import random
import re

from hypothesis import given, settings
from hypothesis import strategies as st

from tutor.engine import Bid, Contract, Deal, Phase, PlayCard, RuleSet
from tutor.engine.cards import CARDS
from tutor.practice.table import Table
from tutor.strategy.bots.handcount import count_steps, hand_strength, thresholds
from tutor.strategy.bots.policy import decide, need_for
from tutor.strategy.bots.principles import PRINCIPLES, STRATEGY_LESSONS
from tutor.strategy.review.deal import learner_steps


def finished_table(players: int, seed: int, learner: int = 0) -> Table | None:
    """A practice deal played to its end, the learner playing what the hint says."""
    t = Table.new(players, seed, learner=learner)
    t.advance()
    while not t.finished:
        if t.awaiting_start:
            t.start_play()
        else:
            t.act(decide(t.view()).action)
    return t if t.deal.phase is Phase.DONE else None


@settings(max_examples=25, deadline=None)
@given(players=st.sampled_from((3, 4, 5)), seed=st.integers(1, 10**6), pick=st.integers(0, 10**6))
def test_replaying_from_a_decision_and_playing_the_same_cards_gives_the_same_deal(players, seed, pick):
    t = finished_table(players, seed)
    if t is None:
        return  # everyone passed or a Petit sec: no cards played
    log = list(t.deal.log)
    steps = learner_steps(t.deal, t.learner)
    step = steps[pick % len(steps)]
    back = t.replay_from(step)
    # The exact state before that card: the same log, the learner to play, nothing of the future.
    assert back.deal.log == log[:step] and back.learner_to_act and not back.awaiting_start
    assert back.deal.phase is Phase.PLAYING and back.deal.dealt == t.deal.dealt
    assert back.hints == t.hints and t.deal.log == log  # the finished table is left as it was
    # The learner plays the same cards again; the bots answer as before: the same deal, the same score.
    mine = iter(a for a in log[step:] if a.seat == t.learner)
    while not back.finished:
        back.act(next(mine))
    assert back.deal.log == log
    assert back.deal.result().seat_scores == t.deal.result().seat_scores


def test_replay_from_refuses_a_moment_that_is_not_in_the_deal():
    t = finished_table(4, 220)  # a deal the bots take (218 is passed out since their bids rose)
    for bad in (-1, len(t.deal.log) + 1):
        try:
            t.replay_from(bad)
        except Exception as err:  # an IllegalAction, said in words
            assert "no such moment" in str(err)
        else:
            raise AssertionError("a step outside the log is refused")


# ---------------------------------------------------------------- honest hints


def every_move(players: int, seed: int):
    """Every seat's move in a bot-played deal, with the deal before it."""
    d = Deal.new(players, seed=seed, dealer=seed % players)
    while d.phase not in (Phase.DONE, Phase.CANCELLED):
        move = decide(d.view(d.to_act))
        yield d, move
        d.apply(move.action)


@settings(max_examples=60, deadline=None)
@given(players=st.sampled_from((3, 4, 5)), seed=st.integers(0, 10**7))
def test_every_hint_names_a_principle_the_course_teaches(players, seed):
    for d, move in every_move(players, seed):
        if move.principle is None:
            # Only where the rules leave no choice: one legal card, or a dealer barred after a misdeal.
            forced = (isinstance(move.action, PlayCard) and len(d.legal_cards(move.action.seat)) == 1) or \
                     (isinstance(move.action, Bid) and move.action.seat in d.auction.barred)
            assert forced, (str(move.action), move.reason)
        else:
            assert move.principle in PRINCIPLES, move.principle
            assert PRINCIPLES[move.principle].lesson in STRATEGY_LESSONS


def test_hints_cover_the_principles_they_claim_over_many_deals():
    """Across fixed deals the hints name many different principles (a table that is really used)."""
    named = {m.principle for seed in range(40) for p in (3, 4, 5) for _, m in every_move(p, seed)}
    assert {"hand-count", "make-voids", "play-cheap", "charger", "excuse-timing", "lead-long-suit"} <= named


def test_a_pass_hint_quotes_the_count_and_says_the_petite_threshold_is_the_counts_not_the_target():
    # Under the course's petite threshold (lesson 17: a count of 40 with 4 players, ``handcount.thresholds``) the
    # hint quotes that threshold; the bots' own, higher one (51, ``bots.bidding``) is said as their practice only.
    need = next(n for n, c in thresholds(4) if c is Contract.PETITE)
    assert need == 40 and need_for(Contract.PETITE, 4) == 51
    for seed in range(200):
        d = Deal.new(4, seed=seed)
        move = decide(d.view(d.to_act))
        if move.action.contract is None and f"under the {need}" in move.reason:
            strength = hand_strength(d.hand(d.to_act))
            assert f"counts {strength:.0f}" in move.reason and strength < need
            assert "hand count's own threshold" in move.reason and "not the card points" in move.reason
            assert move.principle == "hand-count" and PRINCIPLES["hand-count"].lesson == "judging-a-hand"
            break
    else:
        raise AssertionError("a weak hand passes in 200 deals")
    for seed in range(200):  # between the two: the course's petite, and the bots' practice said as theirs
        d = Deal.new(4, seed=seed)
        move = decide(d.view(d.to_act))
        strength = hand_strength(d.hand(d.to_act))
        if move.action.contract is None and need <= strength < need_for(Contract.PETITE, 4) and "by the hand" in \
                move.reason:
            assert f"enough for a petite by the hand count ({need})" in move.reason
            bots = need_for(Contract.PETITE, 4)
            assert f"these bots, playing as they do, take a petite only from {bots}" in move.reason
            return
    raise AssertionError("a hand between the two thresholds passes in 200 deals")


def test_a_bid_hint_names_the_count_and_the_contracts_threshold():
    for seed in range(200):
        d = Deal.new(4, seed=seed)
        move = decide(d.view(d.to_act))
        if move.action.contract is not None:
            need = need_for(move.action.contract, 4)  # the bots' own table, said as their practice
            m = re.search(r"counts (\d+), and these bots, playing as they do, bid a \w+ from a count of (\d+)",
                          move.reason)
            assert m and int(m.group(2)) == need <= int(m.group(1))
            return
    raise AssertionError("a strong hand bids in 200 deals")


# ---------------------------------------------------------------- the itemised hand count


@settings(max_examples=200, deadline=None)
@given(players=st.sampled_from((3, 4, 5)), seed=st.integers(0, 10**9))
def test_the_count_steps_add_up_to_the_hand_strength(players, seed):
    size = RuleSet.for_players(players).hand_size
    hand = random.Random(seed).sample(CARDS, size)
    hc = count_steps(hand, players=players)
    assert all(step.label and isinstance(step.label, str) for step in hc.steps)
    assert hc.raw == sum(step.points for step in hc.steps)
    assert hc.raw == hand_strength(hand, players=players)  # not scaled: each table size has its thresholds


def test_count_steps_of_a_hand_counted_by_hand():
    from tutor.engine import parse_cards
    # Chavey's scale: 5 trumps (10, they count from the 5th), T21 and T18 big (2 more each: 4, not in a run),
    # the 21 (10), the Petit as the 5th trump (5); king of spades (6); spades and hearts 6 cards each (long
    # suits, 7 each), a singleton diamond (3) and a void in clubs (6), both with 5 trumps: 58.
    hand = parse_cards("T21 T18 T9 T4 T1 KS 2S 3S 4S 5S 2H 3H 4H 5H 6H 7H 8D 9S")
    steps = {step.label: step.points for step in count_steps(hand, players=4).steps}
    assert steps["5 trumps, 2 points each"] == 10 and steps["the 21"] == 10 and steps["the Petit, with 5 trumps"] == 5
    assert steps["2 big trumps (16 to 21), 2 more each"] == 4 and steps["spades: the king"] == 6
    assert steps["hearts: 6 cards, a long suit"] == steps["spades: 6 cards, a long suit"] == 7
    assert steps["diamonds: a singleton (with 5 or more trumps)"] == 3
    assert steps["clubs: a void (with 5 or more trumps)"] == 6
    assert sum(steps.values()) == hand_strength(hand) == 58
