"""The solver's low cards: cards worth a half point and not an oudler (the 1 to 10 of each suit, the 2 to 20 of
trumps). Only their order among the cards still in play counts, so the search treats neighbours in one hand as
one card and keys its table on canonical hands, each run's live low cards packed down it in order.

>>> from tutor.engine.cards import card
>>> hands = [card("3S").bit | card("9S").bit, card("7S").bit | card("KS").bit]
>>> [str(CARDS[i]) for h in canonical(hands, {}) for i in range(78) if h >> i & 1]
['1S', '3S', '2S', 'KS']
"""

from __future__ import annotations

from ...engine.cards import CARDS
from .tricks import POINTS2

# Cards worth a half point and not an oudler: neighbours among them are interchangeable.
PLAIN_LOW = tuple(POINTS2[i] == 1 and not CARDS[i].is_oudler for i in range(78))
PLAIN_LOW_MASK = sum(1 << i for i in range(78) if PLAIN_LOW[i])
# The runs of low cards, as (first index, length): the 1 to 10 of each suit, the 2 to 20 of trumps.
PLAIN_RUNS = tuple((i, next(j for j in range(i, 79) if j == 78 or not PLAIN_LOW[j]) - i)
                   for i in range(78) if PLAIN_LOW[i] and (i == 0 or not PLAIN_LOW[i - 1]))
RUN_BASE = tuple(next((b for b, n in PLAIN_RUNS if b <= i < b + n), -1) for i in range(78))
RUN_BELOW = tuple(((1 << i) - (1 << RUN_BASE[i])) if RUN_BASE[i] >= 0 else 0 for i in range(78))
RUN_MASK = tuple(next((((1 << n) - 1) << b for b, n in PLAIN_RUNS if b <= i < b + n), 0) for i in range(78))


def canonical(hands, cache: dict) -> list[int]:
    """The hands with each kind's live low cards (half a point, not an oudler) moved down to the lowest
    places of their run, in order: only their order among the live cards counts for the rest of the deal,
    so positions that differ in which low cards are gone share one table entry. ``cache`` keeps each run's
    packing (it depends only on the run's bits in each hand)."""
    out = [h & ~PLAIN_LOW_MASK for h in hands]
    for base, size in PLAIN_RUNS:
        mask = (1 << size) - 1
        parts = tuple(h >> base & mask for h in hands)
        packed = cache.get(parts)
        if packed is None:
            packed = cache[parts] = _pack(parts)
        for s, q in enumerate(packed):
            out[s] |= q << base
    return out


def _pack(parts) -> list[int]:
    """Each part's bits moved down over the places no part holds, in order."""
    m = 0
    for q in parts:
        m |= q
    packed = [0] * len(parts)
    j = 1
    while m:
        low = m & -m
        m ^= low
        for s, q in enumerate(parts):
            if q & low:
                packed[s] |= j
                break
        j <<= 1
    return packed


def from_canonical(c: int, live: int) -> int:
    """The live low card that canonical card ``c`` stands for: the one as many places up its run."""
    m = live & RUN_MASK[c]
    for _ in range(c - RUN_BASE[c]):
        m &= m - 1
    return (m & -m).bit_length() - 1
