"""The solver's faster search against the reference search (``solver_reference.py``) on deeper endgames, and the
claim its canonical table keys rest on.

The table is keyed on canonical hands: each kind's live low cards (half a point, not an oudler) packed down their
run, so positions that differ only in which low cards are gone share an entry. That is exact only if relabelling
the live low cards of a run, in order, changes no card's value: the reference search (its own table, on the real
cards) checks that claim on relabelled positions, and the solver must give the relabelled cards the same values.
"""

from __future__ import annotations

import dataclasses
import random

import pytest
from solver_reference import reference_values

from tutor.engine import Deal, Phase
from tutor.engine.cards import CARDS
from tutor.strategy.advisor.advise import SAMPLED_EXACT_CARDS, advise_card
from tutor.strategy.bots.reference import decide  # the frozen bots: these deals do not move when the bots improve
from tutor.strategy.exact.lowcards import PLAIN_RUNS, canonical
from tutor.strategy.exact.position import Position
from tutor.strategy.exact.solver import EXACT_CARDS, solve


def bot_position(players: int, left: int, seed: int, mid: int = 0) -> Position | None:
    """A deal bid and played by the bots until ``left`` tricks remain and ``mid`` cards of the trick are down."""
    d = Deal.new(players, seed=seed, dealer=seed % players)
    total = d.rules.tricks
    while d.phase not in (Phase.DONE, Phase.CANCELLED) and not (
            d.phase is Phase.PLAYING and len(d.tricks) == total - left and len(d.trick) == mid):
        d.apply(decide(d.view(d.to_act)).action)
    return Position.from_deal(d) if d.phase is Phase.PLAYING else None


def values(p: Position) -> dict:
    return {c: (v.taker_score, v.attack_points) for c, v in solve(p, limit=False).cards.items()}


def relabel(p: Position, rng: random.Random):
    """The position with each run's live low cards moved to other places of the run, in order; and the map."""
    live = [c.index for h in p.hands for c in h] + [c.index for c in p.trick]
    moved = {}
    for base, size in PLAIN_RUNS:
        run = sorted(i for i in live if base <= i < base + size)
        moved.update(zip(run, sorted(rng.sample(range(base, base + size), len(run)))))

    def card_map(c):
        return CARDS[moved.get(c.index, c.index)]

    q = dataclasses.replace(p, hands=tuple(tuple(card_map(c) for c in h) for h in p.hands),
                            trick=tuple(card_map(c) for c in p.trick))
    return q, card_map


@pytest.mark.parametrize("players,left", [(3, 3), (3, 4), (4, 3), (5, 3)])
def test_relabelled_low_cards_keep_every_value(players, left):
    rng = random.Random(players * 100 + left)
    moved = checked = 0
    for seed in range(1, 21):
        p = bot_position(players, left, 5000 + seed, mid=seed % players)
        if p is None:
            continue
        q, card_map = relabel(p, rng)
        want = {card_map(c): v for c, v in reference_values(p).items()}
        assert reference_values(q) == want, (p.dump(), q.dump())  # the claim, without the solver
        assert values(q) == want, (p.dump(), q.dump())
        if not p.trick:  # at a trick start the two share one table entry
            assert canonical(list(p.masks), {}) == canonical(list(q.masks), {})
        moved += q.hands != p.hands
        checked += len(want)
    assert moved >= 10 and checked > 30


def test_canonical_hands_pack_each_run_in_order():
    """Worked by hand: spades 3 (seat 1), 7 (seat 2), 9 (seat 1) and the KS; trumps 5 (seat 2), 12 (seat 1), 21."""
    hands = [sum(CARDS[i].bit for i in (2, 8, 68)), sum(CARDS[i].bit for i in (6, 13, 61)), CARDS[76].bit]
    packed = canonical(hands, {})
    # spades' live low cards become 1S (seat 1), 2S (seat 2), 3S (seat 1); trumps' T2 (seat 2), T3 (seat 1)
    assert packed == [CARDS[0].bit | CARDS[2].bit | CARDS[58].bit, CARDS[1].bit | CARDS[13].bit | CARDS[57].bit,
                      CARDS[76].bit]


@pytest.mark.parametrize("players,left,count", [(3, 5, 16), (3, 6, 10), (4, 4, 12), (4, 5, 8), (5, 4, 12), (5, 5, 2)])
def test_the_search_agrees_with_the_reference_deeper(players, left, count):
    """Bot-played endgames of 15 to 20 cards, at a trick's start and inside one: every legal card gets the
    reference search's exact score and points."""
    checked = 0
    seed = 0
    while checked < count:
        seed += 1
        p = bot_position(players, left, 7000 + 10 * left + seed, mid=seed % 2)
        if p is None:
            continue
        assert values(p) == reference_values(p), p.dump()
        checked += 1


@pytest.mark.parametrize("hands,trick", [("{1: EX, 2: 2C, 3: 3C}", '""'), ('{1: "", 2: 2C, 3: 3C}', "EX")])
def test_a_last_trick_beyond_the_quick_bounds_keeps_its_value(hands, trick):
    """The Petit went au bout in the trick before and the taker's Excuse wins the last trick of the chelem: the
    value lies above the quick bounds (no Petit left in play), and the solver must still find it. Worked by hand:
    garde (x2), 91 points with 3 oudlers against 36: (25 + 55) x 2 = 160, petit au bout 10 x 2 = 20, chelem
    made 200: 380 for the taker, twice that with 3 players."""
    p = Position.parse(f"""
players: 3
contract: garde
taker: 1
hands: {hands}
trick: {{leader: 1, cards: {trick}}}
taken: {{attack_points: 85.5, attack_oudlers: 2, attack_tricks: 23, defence_tricks: 0}}
petit_in_previous_trick: true
""")
    assert set(values(p).values()) == {(760, 91.0)}
    assert values(p) == reference_values(p)


def test_hint_solves_sampled_deals_exactly_from_7_tricks_with_3_players():
    """The solver is exact over the last 8 tricks with 3 players, but Hint solves each of at least 10 sampled
    deals there: at 24 cards it values the card by rollouts (not exact), at 21 cards exactly."""
    assert EXACT_CARDS[3] == 24 and SAMPLED_EXACT_CARDS[3] == 21
    assert all(SAMPLED_EXACT_CARDS[n] == EXACT_CARDS[n] for n in (4, 5))
    seen = {}
    for done in (16, 17):  # 8 and 7 tricks left
        d = Deal.new(3, seed=8004, dealer=1)
        while d.phase is not Phase.PLAYING or len(d.tricks) < done or len(d.trick) < 1:
            d.apply(decide(d.view(d.to_act)).action)
        assert len(d.tricks) == done
        seen[24 - 3 * (done - 16)] = advise_card(d.view(d.to_act), budget_ms=150, seed=1).exact
    assert seen == {24: False, 21: True}
