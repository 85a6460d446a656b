"""Bot speed: the time of one bot move (view building included), by phase, and whole bot deals per second.

Run: python bench/bots.py [--deals 300]. The target is under 5 ms per move, so the table feels instant.
"""

from __future__ import annotations

import argparse
import statistics
import time

from tutor.engine import Deal, Phase
from tutor.practice import decide


def timed_deal(players: int, seed: int, samples: dict) -> None:
    deal = Deal.new(players, seed=seed, dealer=seed % players)
    while deal.phase not in (Phase.DONE, Phase.CANCELLED):
        phase = deal.phase.value
        start = time.perf_counter()
        move = decide(deal.view(deal.to_act))  # what the page does for a bot: a view, then a decision
        samples.setdefault(phase, []).append(time.perf_counter() - start)
        deal.apply(move.action)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--deals", type=int, default=300)
    args = ap.parse_args()
    print(f"{'players':>7} {'phase':>8} {'moves':>7} {'median ms':>10} {'p99 ms':>8} {'max ms':>8}")
    for players in (3, 4, 5):
        samples: dict = {}
        start = time.perf_counter()
        for seed in range(args.deals):
            timed_deal(players, seed, samples)
        per_deal = (time.perf_counter() - start) / args.deals
        every = [s for v in samples.values() for s in v]
        for phase, v in [*samples.items(), ("all", every)]:
            v = sorted(v)
            p99 = v[min(len(v) - 1, int(len(v) * 0.99))]
            print(f"{players:>7} {phase:>8} {len(v):>7} {statistics.median(v) * 1e3:>10.3f} {p99 * 1e3:>8.3f} "
                  f"{v[-1] * 1e3:>8.3f}")
        print(f"{players:>7} {'deals/s':>8} {1 / per_deal:>7.0f}")


if __name__ == "__main__":
    main()
