"""Bidding estimator speed: the time of one estimate for each number of deals played out.

Run: python bench/bid.py [--samples 50 100 200 400]. The target is N = 200 (the default of
``tarot-tutor bid``) in under 3 s. Wall-clock and CPU time are printed (CPU is what the machine's
load does not inflate).
"""

from __future__ import annotations

import argparse
import random
import time

from tutor.engine import parse_cards
from tutor.strategy.bidding.estimate import estimate_bids

HANDS = {
    3: "T21 T18 T15 T12 T9 T6 T3 T1 EX KH QH 8H 5H 2H KS 9S 7S 4C 6C 8C 7D 3D 2D 1D",
    4: "T21 T15 T12 T8 T5 T3 T1 EX KH QH 5H 2H KS 9S 4C 6C 7D 3D",
    5: "T21 T15 T12 T8 T5 T1 EX KH QH 5H KS 9S 4C 7D 3D",
}


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--samples", type=int, nargs="*", default=[50, 100, 200, 400])
    args = ap.parse_args()
    print(f"{'players':>7} {'N':>5} {'wall s':>7} {'cpu s':>6} {'ms/deal':>8}  advice")
    for players, hand in HANDS.items():
        for n in args.samples:
            t, c = time.perf_counter(), time.process_time()
            e = estimate_bids(parse_cards(hand), players=players, samples=n, rng=random.Random(1))
            wall, cpu = time.perf_counter() - t, time.process_time() - c
            advice = e.advice.value if e.advice else "pass"
            print(f"{players:>7} {n:>5} {wall:>7.2f} {cpu:>6.2f} {cpu / n * 1e3:>8.1f}  {advice}", flush=True)


if __name__ == "__main__":
    main()
