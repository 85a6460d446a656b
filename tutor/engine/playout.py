"""Fast random playouts on bitmasks, for benchmarks and property tests.

Uses the same rules as Deal (legal_mask, winner_index, count_attack, score_deal);
only the bookkeeping is leaner: no action log, no views, no bidding.

>>> import random
>>> r = random_playout(4, random.Random(5))
>>> r.score.total(), len(r.tricks)
(0, 18)
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from .announce import callable_cards
from .cards import CARDS, EXCUSE, Card
from .deal import deal_cards
from .piles import chelem_result, count_attack, excuse_wins_last, petit_au_bout
from .play import SUIT_MASKS, TRUMP_MASK, TRUMPS_ABOVE, first_lead_mask, legal_mask, winner_index
from .rules import Contract, DogFate, RuleSet
from .scoring import DealScore, score_deal, settle_half_point
from .views import Trick

KINGS = sum(1 << (s * 14 + 13) for s in range(4))
PLAIN_DISCARDS = (SUIT_MASKS[0] | SUIT_MASKS[1] | SUIT_MASKS[2] | SUIT_MASKS[3]) & ~KINGS
LOW_TRUMPS = TRUMP_MASK & ~(1 << 56) & ~(1 << 76)  # trumps that may go to the écart
CONTRACTS = tuple(Contract)
_KIND = tuple(c.kind for c in CARDS)
_RANK = tuple(c.rank for c in CARDS)
# Seats in playing order from each leader, per player count.
_ORDERS = {n: tuple(tuple((lead + i) % n for i in range(n)) for lead in range(n)) for n in (3, 4, 5)}


def pick_bits(mask: int, n: int, rng: random.Random) -> int:
    """``n`` distinct random set bits of ``mask``, as a mask."""
    out = 0
    for _ in range(n):
        bit = nth_bit(mask, rng.randrange(mask.bit_count()))
        out |= bit
        mask ^= bit
    return out


def nth_bit(mask: int, k: int) -> int:
    """The k-th lowest set bit of ``mask`` (as a one-bit mask)."""
    for _ in range(k):
        mask &= mask - 1
    return mask & -mask


@dataclass
class Playout:
    players: int
    taker: int
    partner: int | None
    contract: Contract
    tricks: list
    attack_points: float
    oudlers: int
    score: DealScore


def random_playout(players: int, rng: random.Random, *, dealer: int = 0) -> Playout:
    """Deal, choose a random taker and contract, play random legal cards to the end, and score."""
    rules = RuleSet.for_players(players)
    dealt = deal_cards(players, dealer=dealer, seed=rng)
    hands = [sum(c.bit for c in h) for h in dealt.hands]
    taker = rng.randrange(players)
    contract = CONTRACTS[rng.randrange(4)]
    partner = called = None
    if players == 5:
        called = rng.choice(callable_cards(dealt.hands[taker]))
        holder = next(s for s in range(5) if hands[s] & called.bit) if not any(c is called for c in dealt.dog) else None
        partner = None if holder in (None, taker) else holder
    ecart: list[Card] = []
    if contract.dog is DogFate.TAKER_EXCHANGES:
        n = rules.dog_size
        hand = hands[taker] | sum(c.bit for c in dealt.dog)
        pool = hand & PLAIN_DISCARDS
        if pool.bit_count() >= n:
            out = pick_bits(pool, n, rng)
        else:
            out = pool | pick_bits(hand & LOW_TRUMPS, n - pool.bit_count(), rng)
        hands[taker] = hand & ~out
        ecart = [CARDS[i] for i in range(78) if out >> i & 1]

    def camp(seat: int) -> str:
        return "attack" if seat in (taker, partner) else "defence"

    tricks: list[Trick] = []
    rnd = rng.random
    leader = (dealer + 1) % players
    kind_of, rank_of = _KIND, _RANK
    for t in range(rules.tricks):
        cards: list[Card] = []
        seats = _ORDERS[players][leader]
        led, top = -1, 0
        for seat in seats:
            hand = hands[seat]
            if led >= 0:
                mask = legal_mask(hand, led, top)
            elif t == 0 and called is not None and not cards:
                mask = first_lead_mask(hand, called)
            else:
                mask = hand
            for _ in range(int(rnd() * mask.bit_count())):  # drop k low bits: a uniform pick
                mask &= mask - 1
            bit = mask & -mask
            hands[seat] = hand ^ bit
            i = bit.bit_length() - 1
            cards.append(CARDS[i])
            kind = kind_of[i]
            if kind == 4:
                if rank_of[i] > top:
                    top = rank_of[i]
                if led < 0:
                    led = 4
            elif led < 0 and kind != 5:
                led = kind
        excuse_wins = (t == rules.tricks - 1 and EXCUSE in cards
                       and excuse_wins_last(seats[cards.index(EXCUSE)], tricks, camp))
        winner = seats[winner_index(cards, excuse_wins)]
        tricks.append(Trick(leader, tuple(cards), seats, winner))
        leader = winner
    pile, points, _ = count_attack(tricks, camp, contract, ecart, dealt.dog)
    oudlers = sum(1 for c in pile if c.is_oudler)
    pab, _ = petit_au_bout(tricks, camp)
    attack_tricks = sum(1 for tr in tricks if camp(tr.winner) == "attack")
    counted = settle_half_point(players, points, oudlers)[0]
    score = score_deal(players=players, contract=contract, taker_points=counted, oudlers=oudlers,
                       petit_au_bout=pab, chelem=chelem_result(False, attack_tricks, len(tricks)),
                       alone=players == 5 and partner is None)
    return Playout(players, taker, partner, contract, tricks, points, oudlers, score)


__all__ = ["random_playout", "Playout", "TRUMPS_ABOVE"]
