"""The lean rollout's speed: the CPU time of one rollout (``Lean.finish``) from the first card, the bots playing
every card, by table size. The target is under 1 ms a deal (issue 35), so the advisor's thousands of rollouts
a decision stay cheap. A deal's lean copy is made once; each timed rollout plays a fresh copy of it.

Run: python bench/rollout_cpu.py [--deals 200] [--repeat 5]
"""

from __future__ import annotations

import argparse
import statistics
import time

from tutor.engine import Deal, Phase
from tutor.strategy.advisor.rollout import Lean
from tutor.strategy.bots.policy import decide


def first_card(players: int, seed: int) -> Lean | None:
    d = Deal.new(players, seed=seed, dealer=seed % players)
    while d.phase in (Phase.BIDDING, Phase.CALLING, Phase.ECART):
        d.apply(decide(d.view(d.to_act)).action)
    return Lean.from_deal(d) if d.phase is Phase.PLAYING else None


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--deals", type=int, default=200)
    ap.add_argument("--repeat", type=int, default=5)
    args = ap.parse_args()
    print(f"{'players':>7} {'deals':>6} {'median ms':>10} {'mean ms':>8} {'max ms':>8} ")
    print("(CPU per rollout from trick 1)")
    for players in (3, 4, 5):
        starts = [s for s in (first_card(players, seed) for seed in range(args.deals)) if s is not None]
        times = []
        for lean in starts:
            for _ in range(args.repeat):
                copy = lean.copy()
                t = time.process_time()
                copy.finish()
                times.append(time.process_time() - t)
        print(f"{players:>7} {len(starts):>6} {statistics.median(times) * 1e3:>10.3f} "
              f"{statistics.fmean(times) * 1e3:>8.3f} {max(times) * 1e3:>8.3f}")


if __name__ == "__main__":
    main()
