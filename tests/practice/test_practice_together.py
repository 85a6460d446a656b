"""The table of people playing together: random legal play always ends as the engine scores the stored log,
and a stale, out-of-turn or illegal action is refused and changes nothing."""

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tutor.engine import Bid, Deal, PlayCard, parse_cards
from tutor.engine.state import random_action
from tutor.practice.together import (
    Refused,
    act,
    advance_bots,
    bot,
    bot_to_act,
    can_act,
    deal_of,
    deal_scores,
    finished,
    human,
    new_table,
    next_deal,
    totals,
    with_seat,
)

SLOW = settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def _play_out(t, rng):
    """Humans play random legal actions, bots their own; returns the finished table."""
    for _ in range(400):
        t = advance_bots(t)
        if finished(t):
            return t
        d = deal_of(t)
        seat = d.to_act
        assert not t.seats[seat].is_bot
        t = act(t, seat, random_action(d, rng), t.version)
    raise AssertionError("the deal never ended")


seats_st = st.integers(3, 5).flatmap(lambda n: st.lists(
    st.sampled_from(["human", "club", "beginner"]), min_size=n, max_size=n))


@SLOW
@given(kinds=seats_st, seed=st.integers(0, 10_000), dealer=st.integers(0, 4), rng_seed=st.integers(0, 999))
def test_random_play_matches_the_engine_on_the_stored_log(kinds, seed, dealer, rng_seed):
    seats = [human(f"P{i}") if k == "human" else bot(k) for i, k in enumerate(kinds)]
    t = new_table(seats, seed=seed, dealer=dealer % len(seats))
    t = _play_out(t, random.Random(rng_seed))
    assert t.version == len(t.log)  # one version per accepted action, none lost or doubled
    again = Deal.replay(len(seats), seed, list(t.log), dealer=t.dealer)  # the engine, on the log alone
    expected = (0,) * len(seats) if again.phase.name == "CANCELLED" else tuple(again.result().seat_scores)
    assert deal_scores(t) == expected
    assert sum(deal_scores(t)) == 0
    after = next_deal(t, seed + 1)
    assert after.dealer == (t.dealer + 1) % len(seats) and after.log == ()
    assert totals(after) == expected


@SLOW
@given(seed=st.integers(0, 10_000), steps=st.integers(0, 30), rng_seed=st.integers(0, 999))
def test_stale_out_of_turn_and_illegal_actions_change_nothing(seed, steps, rng_seed):
    rng = random.Random(rng_seed)
    t = new_table([human(n) for n in "ABCD"], seed=seed, dealer=seed % 4)
    for _ in range(steps):
        if finished(t):
            break
        t = act(t, deal_of(t).to_act, random_action(deal_of(t), rng), t.version)
    if finished(t):
        return
    d = deal_of(t)
    seat, good = d.to_act, random_action(d, rng)
    before = (t, list(d.log), [d.hand(s) for s in range(4)])
    # stale: the right action on an old version (a double tap)
    for version in (t.version - 1, t.version + 1):
        v = can_act(t, seat, good, version)
        assert not v.ok and "moved on" in v.reason
        with pytest.raises(Refused):
            act(t, seat, good, version)
    # out of turn: another seat's action, even one that names that seat
    other = (seat + 1) % 4
    assert not can_act(t, other, Bid(other, None), t.version).ok
    assert not can_act(t, other, good, t.version).ok  # acting for someone else's seat
    # illegal: a card that is not in the hand (or not the phase for a card)
    missing = next(c for c in parse_cards("KH QH JH CH 10H 9H 1C 2C KS QS") if c not in d.hand(seat))
    assert not can_act(t, seat, PlayCard(seat, missing), t.version).ok
    d2 = deal_of(t)
    assert (t, list(d2.log), [d2.hand(s) for s in range(4)]) == before
    assert act(t, seat, good, t.version).version == t.version + 1


def test_bots_fill_the_empty_seats_and_stop_at_a_human():
    t = advance_bots(new_table([human("Ana"), bot(), bot(), bot("beginner")], seed=5, dealer=0))
    d = deal_of(t)
    assert d.to_act == 0 and bot_to_act(t) is None
    assert [a.seat for a in t.log] == [1, 2, 3]  # the three bots spoke, in turn, after the dealer (seat 0)


def test_names_and_seats_are_checked():
    with pytest.raises(Exception, match="different names"):
        new_table([human("Ana"), human("ana "), bot()], seed=1)
    with pytest.raises(Exception, match="3, 4 or 5"):
        new_table([human("Ana"), bot()], seed=1)
    with pytest.raises(Exception, match="name"):
        human("  ")
    t = new_table([human("Ana"), bot(), bot()], seed=1)
    assert with_seat(t, 1, human("Bea")).seats[1].name == "Bea"
    moved = act(t, deal_of(t).to_act, Bid(deal_of(t).to_act, None), 0)
    with pytest.raises(Refused):
        with_seat(moved, 1, human("Bea"))
    with pytest.raises(Refused):
        next_deal(t, 2)
