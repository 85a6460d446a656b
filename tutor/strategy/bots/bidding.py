"""The bots' bid: the hand count (``handcount.count_steps``) against the bots' own thresholds.

The reference bots bid at the hand count's published thresholds and their takers made only 43%, 37% and 59%
of their contracts (3, 4 and 5 players): they took too much for how they played. Measured in duplicate against
the reference bots (``bench/bots_duplicate.py``), the thresholds first went up (the petite by 12 with 3 and 4
players, 6 with 5; seed 1, 200 boards); once the bots banked their Petit (``policy._follow``) their takers made
more, and the thresholds came down again (seed 3, 600 boards: +1.7, +1.0 and +2.5 a deal), to where the takers of
an all-bot table make 61% to 70%. With 5 players the bots now take a garde below the course's count: their
taker, with a called partner, makes 7 in 10.
The count itself is unchanged, so a learner's hand count still reads the same."""

from __future__ import annotations

from collections.abc import Sequence

from ...engine import Card, Contract
from .handcount import HandCount, count_steps

# Hand count -> the highest contract the bots bid, per table size, highest first.
THRESHOLDS = {
    3: ((107, Contract.GARDE_CONTRE), (93, Contract.GARDE_SANS), (69, Contract.GARDE), (63, Contract.PETITE)),
    4: ((81, Contract.GARDE_CONTRE), (71, Contract.GARDE_SANS), (53, Contract.GARDE), (51, Contract.PETITE)),
    5: ((81, Contract.GARDE_CONTRE), (65, Contract.GARDE_SANS), (31, Contract.GARDE), (28, Contract.PETITE)),
}


def contract_for(count: HandCount) -> Contract | None:
    """The highest contract a counted hand is worth to the bots, or None (pass)."""
    if count.too_few_trumps:
        return None
    return next((c for need, c in THRESHOLDS[count.players] if count.total >= need), None)


def need_for(contract: Contract, players: int = 4) -> int:
    """The hand count a contract needs at this table size."""
    return next(need for need, c in THRESHOLDS[players] if c is contract)


def choose_bid(hand: Sequence[Card], *, players: int, open_bids: Sequence) -> Contract | None:
    """Bid the contract the hand is worth when it is still open, else pass (None)."""
    want = contract_for(count_steps(hand, players=players))
    return want if want is not None and want in [Contract.parse(c) for c in open_bids] else None
