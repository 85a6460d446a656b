"""Deal review: how long it takes, how many decisions it lists, and how noisy the estimates are.

Run from the repository root: ``PYTHONPATH=. python bench/review.py [deals per table size] [samples]``;
``python bench/review.py exact [deals]`` times only the exact pass (the last tricks, what the Practice
page shows at once).

Each deal is played by the bots for every seat (seat 1 is "the learner"), then reviewed twice with two
sampling seeds. For each threshold it prints the decisions listed per deal and the estimated decisions
that **flip** (listed with one seed, not with the other): a flip is a false alarm or a miss caused by
sampling noise alone, since the deal and the cards are the same. Exact values have no noise.
"""

from __future__ import annotations

import random
import statistics
import sys
import time

from tutor.engine import Deal, Phase
from tutor.practice.table import bots_play
from tutor.strategy.review.deal import MIN_GAIN, MIN_GAIN_ESTIMATED, NOISE_FACTOR, decisions

LEARNER = 0
SAMPLES = int(sys.argv[2]) if len(sys.argv) > 2 else 12
NOISE_FACTORS = (0, 1, 2, 3)
EXACT_THRESHOLDS = (1, 5, 10, 20)
ESTIMATED_THRESHOLDS = (5, 10, 15, 20, 30, 40)


def played_deals(players: int, count: int) -> list[Deal]:
    out, seed = [], 0
    while len(out) < count:
        seed += 1
        d = bots_play(Deal.new(players, seed=seed, dealer=seed % players))
        if d.phase is Phase.DONE:
            out.append(d)
    return out


def main(per_size: int) -> None:
    print(f"Deal review: {per_size} bot-played deals per table size, seat 1 reviewed, {SAMPLES} samples per "
          f"estimate, two sampling seeds; current thresholds {MIN_GAIN:g} exact, {MIN_GAIN_ESTIMATED:g} "
          f"estimated and {NOISE_FACTOR:g} standard errors.")
    exact_gains, pairs, cpu, wall, decided = [], [], [], [], []
    for players in (3, 4, 5):
        for d in played_deals(players, per_size):
            t0, c0 = time.perf_counter(), time.process_time()
            a = decisions(d, LEARNER, samples=SAMPLES, rng=random.Random(1))
            cpu.append(time.process_time() - c0)
            wall.append(time.perf_counter() - t0)
            b = decisions(d, LEARNER, samples=SAMPLES, rng=random.Random(2))
            decided.append(len(a))
            exact_gains.append([x.gain for x in a if x.exact])
            by_step = {x.step: x for x in b}
            pairs.append([((x.gain, x.noise), (by_step[x.step].gain, by_step[x.step].noise))
                          for x in a if not x.exact and x.step in by_step])
            print(f"  {players} players, seed {d.seed}: {len(a)} decisions ({sum(x.exact for x in a)} exact), "
                  f"{cpu[-1]:.2f} s CPU, {wall[-1]:.2f} s wall", flush=True)
    deals = len(cpu)
    print(f"\nTime of one review (one seed): CPU median {statistics.median(cpu):.2f} s, max {max(cpu):.2f} s; "
          f"wall median {statistics.median(wall):.2f} s, max {max(wall):.2f} s; "
          f"{statistics.mean(decided):.1f} decisions valued per deal")
    print("\nExact decisions listed per deal, by threshold:")
    for t in EXACT_THRESHOLDS:
        print(f"  >= {t:>3}: {sum(sum(g >= t for g in gs) for gs in exact_gains) / deals:.2f}")
    estimated = sum(len(p) for p in pairs)
    diffs = [abs(x[0] - y[0]) for p in pairs for x, y in p]
    print(f"\nEstimated decisions: {estimated} in {deals} deals; |gain seed 1 - gain seed 2|: median "
          f"{statistics.median(diffs):.1f}, 90th percentile {sorted(diffs)[int(0.9 * len(diffs))]:.1f}, "
          f"max {max(diffs):.1f}")
    print("An estimated decision is listed when its gain >= the threshold and >= z standard errors.")
    print("  threshold | z | listed per deal | flips per deal | flips / listed")
    for t in ESTIMATED_THRESHOLDS:
        for z in NOISE_FACTORS:
            def shown(g, t=t, z=z):
                return g[0] > 0 and g[0] >= t and g[0] >= z * g[1]
            listed = sum(shown(x) + shown(y) for p in pairs for x, y in p) / 2
            flips = sum(shown(x) != shown(y) for p in pairs for x, y in p)
            print(f"  {t:>9} | {z} | {listed / deals:>15.2f} | {flips / deals:>14.2f} | "
                  f"{(flips / listed if listed else 0):>13.0%}")


def exact_pass(per_size: int) -> None:
    """The time of the review's exact pass alone (the solver on the learner's last tricks)."""
    print(f"Exact pass: {per_size} bot-played deals per table size, seat 1 reviewed")
    for players in (3, 4, 5):
        cpu, wall = [], []
        for d in played_deals(players, per_size):
            t0, c0 = time.perf_counter(), time.process_time()
            decisions(d, LEARNER, exact_only=True)
            cpu.append(time.process_time() - c0)
            wall.append(time.perf_counter() - t0)
        print(f"  {players} players: CPU median {statistics.median(cpu):.3f} s, max {max(cpu):.3f} s; "
              f"wall median {statistics.median(wall):.3f} s, max {max(wall):.3f} s")


if __name__ == "__main__":
    if sys.argv[1:2] == ["exact"]:
        exact_pass(int(sys.argv[2]) if len(sys.argv) > 2 else 20)
    else:
        main(int(sys.argv[1]) if len(sys.argv) > 1 else 6)
