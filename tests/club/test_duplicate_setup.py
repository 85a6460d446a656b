"""Setting up a duplicate (``tutor.club.duplicate_setup``): prenable étuis and a movement in which no player
plays a deal twice (and, with 5, 7, 11 tables, no two players meet twice)."""

from __future__ import annotations

import itertools
import random

import pytest

from tutor.club.duplicate import Result, rank
from tutor.club.duplicate_setup import engine_seat, make_movement, make_setup, prepare_etui
from tutor.engine import CARDS, Contract, is_petit_sec
from tutor.strategy.bidding.prenable import PRENABLE
from tutor.strategy.bots.handcount import hand_strength


def check_movement(m):
    for r in range(m.rounds):
        assert sorted(m.sets[r]) == list(range(m.tables))  # every set once a round
        for line in m.places[r]:
            assert sorted(line) == list(range(m.tables))  # one player of each line at each table
    for o, i in itertools.product(range(4), range(m.tables)):
        played = [m.sets[r][m.places[r][o][i]] for r in range(m.rounds)]
        assert len(set(played)) == m.rounds, (o, i, played)  # never the same deal twice


@pytest.mark.parametrize("tables, rounds", [(2, 2), (3, 3), (4, 4), (4, 2), (5, 5), (6, 6), (7, 4), (8, 8), (9, 9)])
def test_no_player_plays_a_deal_twice(tables, rounds):
    m = make_movement(tables, rounds, seed=1)
    check_movement(m)
    assert m == make_movement(tables, rounds, seed=1)  # seeded: reproducible


@pytest.mark.parametrize("tables", [5, 7, 11])
def test_no_two_players_meet_twice_when_the_table_count_allows(tables):
    m = make_movement(tables, tables, seed=0)
    check_movement(m)
    pairs = []
    for r in range(tables):
        for seats in m.seating(r):
            people = [(o, i) for o, i in enumerate(seats)]
            pairs += list(itertools.combinations(people, 2))
    assert len(pairs) == len(set(pairs)) and m.repeats == 0


def test_the_repeat_count_counts_pairs_meeting_again():
    # Two tables, two rounds: whoever sits with whom, some pair must meet again (see the module's text).
    m = make_movement(2, 2, seed=0)
    seatings = [m.seating(r) for r in range(2)]
    pairs = [p for r in range(2) for seats in seatings[r] for p in itertools.combinations(enumerate(seats), 2)]
    assert m.repeats == len(pairs) - len(set(pairs)) > 0


def test_an_etui_is_a_full_prenable_deal():
    e = prepare_etui(3, seed=11)
    cards = [c for h in e.hands for c in h] + list(e.dog)
    assert sorted(c.index for c in cards) == [c.index for c in CARDS]
    assert [len(h) for h in e.hands] == [18, 18, 18, 18] and len(e.dog) == 6
    assert not any(is_petit_sec(h) for h in e.hands)
    assert e.taker == "S" and e.dealer == "S"  # étui 3: the third of N, E, S, W; dealers go N, W, S, E
    taker = e.hand(e.taker)
    assert hand_strength(taker, players=4) >= PRENABLE["count"]
    assert max(hand_strength(h, players=4) for h in e.hands) == hand_strength(taker, players=4)
    assert e.garde_chance >= PRENABLE["garde_chance"] and e.garde_expected > PRENABLE["expected"]
    assert prepare_etui(3, seed=11) == e and prepare_etui(3, seed=12) != e


def test_the_leader_sits_on_the_dealers_right():
    # Counter-clockwise with North at the top: North's right is West, West's is South, and so on.
    assert [prepare_etui(n, seed=2).leader for n in (1, 2)] == ["W", "S"]
    assert engine_seat("N") == 0 and engine_seat("E") == 3


def test_prenable_hands_make_a_garde_more_often_than_not():
    """An independent check with another sampling seed: the étui's taker hand, re-estimated."""
    from tutor.strategy.bidding.estimate import estimate_bids
    e = prepare_etui(1, seed=5)
    est = estimate_bids(e.hand("N"), players=4, seat=(engine_seat("N") - engine_seat(e.dealer) - 1) % 4,
                        samples=24, rng=random.Random(99))
    assert est.contracts[Contract.GARDE].chance >= 0.5


def test_a_whole_small_tournament_is_set_up_entered_and_ranked():
    s = make_setup(3, 3, per_round=2, seed=4, lines=[["Ann", "Bea", "Cy"], ["Dom", "Eli", "Flo"],
                                                     ["Gil", "Hob", "Ida"], ["Jo", "Kit", "Lou"]])
    plays = s.plays()
    assert len(plays) == 3 * 2 * 3 and {e for e, _, _ in plays} == set(range(1, 7))
    rnd = random.Random(0)
    results = [Result(e, t, seats, s.etui(e).taker, rnd.randrange(-100, 100)) for e, t, seats in plays]
    r = rank(results)
    assert len(r.players) == 12 and all(len(p.route) == 6 for p in r.players)
    assert sum(ln.took for ln in r.player("Ann").route) == 2  # North takes étuis 1 and 5 (N, E, S, W in turn)
    with pytest.raises(Exception, match="named twice"):
        make_setup(2, 2, per_round=1, lines=[["A", "B"], ["C", "D"], ["E", "F"], ["G", "A"]])
