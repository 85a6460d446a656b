"""The double-dummy solver against a brute-force minimax over the engine's own Deal, on small endgames.

The reference plays every legal card on a copy of the ``Deal`` and scores the end with
``Deal.result()``: it shares no code with the solver's search or its trick count. The special cases
of RULES.md (the Excuse exchange, the Excuse changing camp in the last trick, the Excuse winning the
last trick of a chelem, petit au bout incl. the second-to-last trick, half points, poignées,
announced chelems) must each occur among the positions checked, or the test fails.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from solver_reference import reference_values
from strategy_helpers import brute, play_to, random_deal, stacked_deal

from tutor.engine import EXCUSE, Contract, Phase, PlayCard, TarotError
from tutor.engine.scoring import score_deal, settle_half_point
from tutor.strategy.exact.position import Position, PositionError
from tutor.strategy.exact.search import CHELEM_BONUS, Search, taker_score
from tutor.strategy.exact.solver import EXACT_CARDS, BeyondRange, estimate, solve

# Strong hands for the taker (seat 0), so chelems, Excuse endings and petits au bout come up.
STACKS = {
    3: ["T21 T20 T19 T18 T17 T16 T15 T14 T13 T12 T11 T10 T9 T8 T1 EX KH KS KD KC QH QS QD QC",
        "T21 T20 T19 T18 T17 T16 T15 T14 T13 T12 T11 EX KH KS KD KC QH QS QD QC CH CS 10H 9H"],
    4: ["T21 T20 T19 T18 T17 T16 T15 T14 T13 T12 T11 T10 T9 T8 T7 T1 EX KH",
        "T21 T20 T19 T18 T17 T16 T15 T14 T13 T12 T11 T10 EX KH KS KD KC QH"],
    5: ["T21 T20 T19 T18 T17 T16 T15 T14 T13 T12 T1 EX KH KS KD",
        "T21 T20 T19 T18 T17 T16 T15 T14 T13 EX KH KS KD KC QH"],
}


def check_position(d, seen: set) -> int:
    """Compare every legal card's value with the brute force; returns the number of cards checked."""
    p = Position.from_deal(d)
    s = solve(p)
    seat = d.to_act
    assert set(s.cards) == set(d.legal_cards(seat))
    for c, v in s.cards.items():
        e = d.copy()
        e.apply(PlayCard(seat, c))
        assert brute(e, seen) == v.taker_score, (p.dump(), c)
    return len(s.cards)


def positions(players: int, left: int, count: int, seed: int):
    rng = random.Random(seed)
    for k in range(count):
        if k % 2:
            d = random_deal(players, rng)
        else:
            hand = STACKS[players][(k // 2) % 2]
            d = stacked_deal(players, hand, rng.choice(["garde", "garde_sans", "garde_contre"]), rng,
                             chelem=k % 4 == 0, called="KC" if players == 5 and k % 4 else None)
        play_to(d, left, rng, mid=k % players, bots=0.5 if k % 2 else 0.9)
        if d.phase is Phase.PLAYING:
            yield d


@pytest.mark.parametrize("players", [3, 4, 5])
def test_solver_matches_brute_force(players):
    seen: set = set()
    checked = 0
    # 36 two-trick positions with 3 players: the bots' play leaves the Petit au bout to the defence rarely there.
    for left, count in ((2, 36 if players == 3 else 24), (3, 6 if players < 5 else 3)):
        for d in positions(players, left, count, seed=players * 100 + left):
            checked += check_position(d, seen)
    assert checked > 40
    need = {"excuse_exchange", "excuse_changes_camp", "excuse_wins_last", "petit_au_bout_attack",
            "petit_au_bout_defence", "chelem_announced_made", "chelem_announced_failed", "poignee"}
    if players != 4:
        need.add("half_point")
    assert need <= seen, need - seen


def test_solver_covers_every_special_case_with_four_players():
    """Chelems made unannounced, petit au bout in the trick before a winning Excuse, a 4-player half point."""
    seen: set = set()
    rng = random.Random(7)
    for k in range(30):
        d = stacked_deal(4, STACKS[4][k % 2], "garde_sans", rng, chelem=k % 3 == 0)
        play_to(d, 2, rng, mid=k % 4, bots=0.95)
        if d.phase is Phase.PLAYING:
            check_position(d, seen)
    for k in range(12):  # a defender keeps the Excuse: it may change camp while its camp wins the last trick
        d = stacked_deal(4, "T21 T20 T19 T18 KH KS", "garde", rng, partner_cards="EX T2 T3")
        play_to(d, 2, rng, mid=k % 4, bots=0.6, keep=EXCUSE)
        if d.phase is Phase.PLAYING:
            check_position(d, seen)
    need = {"chelem_made", "chelem_announced_made", "excuse_wins_last", "petit_au_bout_second_to_last",
            "half_point", "excuse_changes_camp"}
    assert need <= seen, need - seen


@pytest.mark.parametrize("players", [3, 4, 5])
def test_the_search_agrees_with_the_reference_on_every_card(players):
    """Seeded endgames of 8 to 16 cards (bot-played, random and stacked deals, some inside a trick): every legal
    card gets the reference search's exact score and points, and the quick bounds hold the position's value."""
    checked = bounded = 0
    for left in range(2, 16 // players + 1):
        for d in positions(players, left, 14 if players < 5 else 30, seed=players * 1000 + left):
            p = Position.from_deal(d)
            want = reference_values(p)
            s = solve(p, limit=False)
            assert {c: (v.taker_score, v.attack_points) for c, v in s.cards.items()} == want, p.dump()
            checked += len(want)
            search = Search(p)
            leader, ntrick, _, _, _, pts, oud, sweep, _, left_, live, rem = search.root
            if ntrick == 0 and left_ > 1:
                lb, ub = search._bounds(pts, oud, sweep, live, rem)
                value = s.value.taker_score * 256 + int(s.value.attack_points * 2)
                assert lb <= value <= ub, p.dump()
                bounded += 1
    assert checked > 100 and bounded > 5


def test_taker_score_is_the_engine_score_wherever_the_engine_scores():
    """The bound's score formula gives score_deal's taker score on every pile score_deal accepts."""
    rng = random.Random(11)
    compared = 0
    for _ in range(4000):
        players = rng.choice([3, 4, 5])
        contract = Contract.parse(rng.choice(["petite", "garde", "garde_sans", "garde_contre"]))
        points2, oudlers, pab = rng.randrange(0, 183), rng.randrange(0, 4), rng.choice([-1, 0, 1])
        chelem = rng.choice([None, *CHELEM_BONUS])
        poignees = rng.choice([(), ("simple",), ("double", "simple"), ("triple",)])
        alone = players == 5 and rng.random() < 0.3
        try:
            want = score_deal(players=players, contract=contract,
                              taker_points=settle_half_point(players, points2 / 2, oudlers)[0], oudlers=oudlers,
                              petit_au_bout={1: "attack", -1: "defence", 0: None}[pab], poignees=poignees,
                              chelem=chelem, alone=alone).taker
        except TarotError:
            continue
        assert taker_score(players, contract, poignees, alone, points2, oudlers, pab, chelem) == want
        compared += 1
    assert compared > 500


@given(players=st.sampled_from([3, 4, 5]), contract=st.sampled_from(["petite", "garde", "garde_sans", "garde_contre"]),
       points2=st.integers(0, 181), oudlers=st.integers(0, 2), pab=st.sampled_from([-1, 0]),
       poignees=st.sampled_from([(), ("simple",), ("double", "triple")]), alone=st.booleans())
def test_taker_score_grows_with_what_the_attack_wins(players, contract, points2, oudlers, pab, poignees, alone):
    """The quick bounds rest on this: more points, an oudler more, the Petit au bout, a chelem never lower it."""
    c = Contract.parse(contract)
    alone = alone and players == 5
    base = taker_score(players, c, poignees, alone, points2, oudlers, pab, None)
    assert taker_score(players, c, poignees, alone, points2 + 1, oudlers, pab, None) >= base
    assert taker_score(players, c, poignees, alone, points2, oudlers + 1, pab, None) >= base
    assert taker_score(players, c, poignees, alone, points2, oudlers, pab + 1, None) >= base
    assert taker_score(players, c, poignees, alone, points2, oudlers, pab, "made") >= base
    assert taker_score(players, c, poignees, alone, points2, oudlers, pab, "defence") <= base
    assert (taker_score(players, c, poignees, alone, points2, oudlers, pab, "announced_made")
            >= taker_score(players, c, poignees, alone, points2, oudlers, pab, "announced_failed"))


def test_a_played_line_scores_as_the_engine_says():
    """Follow the solver's perfect line on the Deal: Deal.result() gives the solver's score and points."""
    rng = random.Random(3)
    for players in (3, 4, 5):
        for d in positions(players, 3, 6, seed=players):
            s = solve(Position.from_deal(d), line=True)
            for seat, c in s.line:
                d.apply(PlayCard(seat, c))
            r = d.result()
            assert (r.score.taker, r.attack_points) == (s.value.taker_score, s.value.attack_points)
    assert rng  # the line is the solver's own, no randomness


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6), players=st.sampled_from([3, 4, 5]), left=st.sampled_from([2, 3]))
def test_value_is_the_best_of_the_children(seed, players, left):
    rng = random.Random(seed)
    d = play_to(random_deal(players, rng), left, rng, mid=seed % players)
    if d.phase is not Phase.PLAYING:
        return
    p = Position.from_deal(d)
    s = solve(p)
    children = []
    for c in p.legal():
        child = p.play(c)
        v = solve(child).value.taker_score if child.cards_left else None
        if v is None:  # the last card: score the finished deal with the engine
            e = d.copy()
            e.apply(PlayCard(p.to_play, c))
            v = e.result().score.taker
        children.append(v)
        assert s.cards[c].taker_score == v
    best = max(children) if p.is_attack(p.to_play) else min(children)
    assert s.value.taker_score == best
    assert all(s.cards[c].taker_score == best for c in s.best)


def test_equivalent_cards_get_the_same_value_and_all_ties_are_best():
    p = Position.parse("""
players: 4
contract: garde
taker: 1
hands: {1: 5H 4H 3H, 2: T5 T4 T3, 3: 2D 3D 4D, 4: 2S 3S 4S}
trick: {leader: 1, cards: ""}
taken: {attack_points: 40, attack_oudlers: 2, attack_tricks: 8, defence_tricks: 7}
""")
    s = solve(p)
    assert {c.code for c in s.cards} == {"5H", "4H", "3H"}
    assert len({v.taker_score for v in s.cards.values()}) == 1
    assert {c.code for c in s.best} == {"5H", "4H", "3H"}


def test_a_finished_position_is_refused():
    p = Position.parse(POSITION_TWO_TRICKS)
    for _ in range(8):
        p = p.play(p.legal()[0])
    assert p.cards_left == 0 and p.attack_tricks + p.defence_tricks == 18
    with pytest.raises(PositionError, match="no card left"):
        solve(p)


POSITION_TWO_TRICKS = """
players: 4
contract: petite
taker: 2
hands: {1: QC 7C, 2: T7 T1, 3: JC 9C, 4: CS CH}
trick: {leader: 2, cards: ""}
taken: {attack_points: 27, attack_oudlers: 1, attack_tricks: 6, defence_tricks: 10}
"""


def test_beyond_the_exact_range_is_refused_and_estimate_says_so():
    rng = random.Random(5)
    d = play_to(random_deal(4, rng), 8, rng)
    p = Position.from_deal(d)
    assert p.cards_left > EXACT_CARDS[4]
    with pytest.raises(BeyondRange, match="exact up to"):
        solve(p)
    e = estimate(p)
    assert e.exact is False and set(e.cards) == set(p.legal())


def test_the_issue_position_parses_and_solves():
    text = """
players: 4
contract: garde
taker: 1                 # seats 1..players, in play order (counter-clockwise)
partner: null
hands:
  1: KH 3H T5
  2: QH T2 EX
  3: 4S 9H T10
  4: 7D 8D 2H
trick: {leader: 2, cards: ""}
taken: {attack_points: 61.5, attack_oudlers: 1, attack_tricks: 12, defence_tricks: 3}
poignees: []
chelem: null
"""
    p = Position.parse(text)
    assert (p.to_play, p.tricks_left, p.cards_left) == (1, 3, 12)
    s = solve(p)
    assert s.to_json()["to_play"] == 2 and s.exact
    assert Position.parse(p.dump()) == p and Position.parse(p.to_json()) == p


@pytest.mark.parametrize("change, message", [
    ({"hands": {1: "KH 3H", 2: "KH T2", 3: "4S 9H", 4: "7D 8D"}}, "given twice"),
    ({"hands": {1: "KH 3H", 2: "QH T2 T3", 3: "4S 9H", 4: "7D 8D"}}, "must hold"),
    ({"trick": {"leader": 2, "cards": "2H"}, "hands": {1: "KH 3H", 2: "T2", 3: "9H", 4: "7D 8D"}}, "must hold"),
    ({"trick": {"leader": 2, "cards": "2H T3"}, "hands": {1: "KH 3H", 2: "QH", 3: "9H", 4: "7D 8D"}},
     "cannot happen"),
    ({"taken": {"attack_points": 89, "attack_oudlers": 1, "attack_tricks": 12, "defence_tricks": 4}}, "between"),
    ({"taken": {"attack_points": 60, "attack_oudlers": 1, "attack_tricks": 12, "defence_tricks": 3}},
     "must be 16"),
    ({"taken": {"attack_points": 60, "attack_oudlers": 4, "attack_tricks": 12, "defence_tricks": 4}},
     "attack_oudlers"),
    ({"players": 6}, "players is 3, 4 or 5"),
    ({"taker": 7}, "seat from 1 to 4"),
    ({"partner": 2}, "only a 5-player taker"),
    ({"hands": {1: "KH 3Z", 2: "QH T2", 3: "4S 9H", 4: "7D 8D"}}, "not a card"),
    ({"chelem": "yes"}, "chelem is null or announced"),
    ({"color": 1}, "unknown field"),
])
def test_bad_positions_say_why(change, message):
    base = {"players": 4, "contract": "garde", "taker": 1, "hands": {1: "KH 3H", 2: "QH T2", 3: "4S 9H", 4: "7D 8D"},
            "trick": {"leader": 2, "cards": ""},
            "taken": {"attack_points": 61.5, "attack_oudlers": 1, "attack_tricks": 12, "defence_tricks": 4}}
    with pytest.raises(PositionError, match=message):
        Position.from_mapping({**base, **change})
