"""Bidding estimator speed: the time of one estimate for each number of deals played out.

Run: python bench/bid.py [--samples 50 100 200 400]. The target is N = 200 (the default of
``tarot-tutor bid``) in under 3 s. Wall-clock and CPU time are printed (CPU is what the machine's
load does not inflate). Every deal is played out three times: taking (with and without the dog) and passing.

    python bench/bid.py --advice 10

times the bid hint itself (``advice.advise_bid``: 80 deals that fit the bids before, pass valued by play) at the
first bid of the learner (seat 1) in 10 seeded practice deals at each table size, and prints the CPU median; the
goal is under 2 s.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from tutor.engine import Deal, Phase, TarotError, parse_cards
from tutor.strategy.bidding.advice import advise_bid
from tutor.strategy.bidding.estimate import estimate_bids
from tutor.strategy.bots.policy import decide

HANDS = {
    3: "T21 T18 T15 T12 T9 T6 T3 T1 EX KH QH 8H 5H 2H KS 9S 7S 4C 6C 8C 7D 3D 2D 1D",
    4: "T21 T15 T12 T8 T5 T3 T1 EX KH QH 5H 2H KS 9S 4C 6C 7D 3D",
    5: "T21 T15 T12 T8 T5 T1 EX KH QH 5H KS 9S 4C 7D 3D",
}


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--samples", type=int, nargs="*", default=[50, 100, 200, 400])
    ap.add_argument("--advice", type=int, metavar="DEALS", help="time the bid hint on this many deals a table size")
    args = ap.parse_args()
    if args.advice:
        advice_times(args.advice)
        return
    print(f"{'players':>7} {'N':>5} {'wall s':>7} {'cpu s':>6} {'ms/deal':>8}  advice")
    for players, hand in HANDS.items():
        for n in args.samples:
            t, c = time.perf_counter(), time.process_time()
            e = estimate_bids(parse_cards(hand), players=players, samples=n, rng=random.Random(1))
            wall, cpu = time.perf_counter() - t, time.process_time() - c
            advice = e.advice.value if e.advice else "pass"
            print(f"{players:>7} {n:>5} {wall:>7.2f} {cpu:>6.2f} {cpu / n * 1e3:>8.1f}  {advice}", flush=True)


def advice_times(deals: int) -> None:
    """The bid hint's CPU time at the learner's (seat 1's) bid, the seats before it bidding as the bots do."""
    every = []
    for players in (3, 4, 5):
        times = []
        for seed in range(1, deals + 1):
            d = Deal.new(players, seed=seed, dealer=seed % players)
            while d.phase is Phase.BIDDING and d.to_act != 0:
                d.apply(decide(d.view(d.to_act)).action)
            if d.phase is not Phase.BIDDING:
                continue
            c = time.process_time()
            try:
                a = advise_bid(d.view(0), seed=seed)
            except TarotError as err:  # earlier bids no sampled deal fits: the hint says so (and took this long)
                print(f"{players} players, deal {seed}: {time.process_time() - c:.2f} s CPU, {err}", flush=True)
                continue
            times.append(time.process_time() - c)
            print(f"{players} players, deal {seed}: {times[-1]:.2f} s CPU, advice {a.move.action}", flush=True)
        every += times
        print(f"{players} players: median {statistics.median(times):.2f} s CPU over {len(times)} hints", flush=True)
    print(f"bid hint CPU median {statistics.median(every):.2f} s over {len(every)} hints (goal: under 2 s)")


if __name__ == "__main__":
    main()
