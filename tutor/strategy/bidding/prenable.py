"""Is this hand "incontestablement prenable" (FFT p.15)? One judgement, for the club's étuis and the class's deals.

A hand is judged in two steps, with the numbers in ``PRENABLE``:

1. the hand count (``handcount.hand_strength``, scaled to 18 cards) must reach a garde's threshold
   (``count``): a cheap filter that turns most hands away before any sampling;
2. the bidding estimator (``estimate_bids``, one call) deals the unseen cards ``samples`` times and plays
   each deal out with this hand taking (the bots' rollouts, the chance calibrated on the advisor's own play
   as taker): the hand is prenable when a garde's chance is at least ``garde_chance`` and its expected taker
   score is above ``expected``.

``seat`` counts, like the estimator, from the first to speak (``bid_advice.speaking_seat`` turns a table
seat into it). The verdict carries the numbers and a sentence that says how it was reached. A stronger
advisor may later give the verdict: callers depend only on ``prenable`` and ``Verdict``.

>>> from tutor.engine import parse_cards
>>> weak = parse_cards("T2 T3 T4 2H 3H 4H 5H 6H 7H 2S 3S 4S 5S 6S 2C 3C 4C 5C")
>>> v = prenable(weak, players=4, seat=0, seed=1)
>>> v.prenable, v.samples
(False, 0)
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from ...engine import Card, Contract, is_petit_sec
from ..bots.handcount import hand_strength
from .estimate import HOW, estimate_bids

# The thresholds: a garde's count, then sampled deals. 16 samples take about 0.02 s a hand with 4 players.
PRENABLE = {"count": 56, "samples": 16, "garde_chance": 0.6, "expected": 0.0}


@dataclass(frozen=True)
class Verdict:
    """Prenable or not, with the numbers behind it (chance and expected are 0 when no deal was sampled)."""

    prenable: bool
    chance: float  # a garde's chance, calibrated (the estimator's)
    expected: float  # the mean taker score of a garde over them
    samples: int  # sampled deals (0: the hand count already turned the hand away)
    reason: str

    def __bool__(self) -> bool:
        return self.prenable


def by_count(hand: Sequence[Card], *, players: int) -> bool:
    """Step 1 alone (no sampling): can the hand be prenable at all? For callers who draw a seed per hand
    only for the hands worth sampling."""
    return hand_strength(tuple(hand), players=players) >= PRENABLE["count"] and not is_petit_sec(hand)


def prenable(hand: Sequence[Card], *, players: int, seat: int, rng: random.Random | None = None,
             seed: int | None = None) -> Verdict:
    """Judge ``hand`` held at ``seat`` (from the first to speak) at a table of ``players`` (see the module's
    text). Pass ``rng`` or ``seed``: the same one gives the same verdict."""
    hand = tuple(hand)
    count = hand_strength(hand, players=players)
    if is_petit_sec(hand):
        return Verdict(False, 0.0, 0.0, 0, "The Petit sec cancels the deal.")
    if count < PRENABLE["count"]:
        return Verdict(False, 0.0, 0.0, 0, f"The hand counts {count:g}, under the {PRENABLE['count']} a garde needs.")
    rng = rng if rng is not None else random.Random(seed)
    est = estimate_bids(hand, players=players, seat=seat, samples=PRENABLE["samples"], rng=rng,
                       value_pass=False)  # a garde's chance only: the pass play-outs are not needed
    garde = est.contracts[Contract.GARDE]
    ok = garde.chance >= PRENABLE["garde_chance"] and garde.expected > PRENABLE["expected"]
    how = (f"The hand counts {count:g} (a garde needs {PRENABLE['count']}); over {est.samples} deals of the "
           f"unseen cards {HOW}, a garde is made {garde.chance:.0%} of the time "
           f"(at least {PRENABLE['garde_chance']:.0%} needed), {garde.expected:+.0f} a deal on average "
           f"(above {PRENABLE['expected']:g} needed).")
    return Verdict(ok, garde.chance, garde.expected, est.samples, how)
