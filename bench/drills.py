"""The strategy drills: the time to make one question (cold: nothing cached), per kind and player count.

"What would you bid?" runs the bidding estimator (``SAMPLES`` deals, 2 played out each, up to 2 hands when
the first verdict is a tie); the best-card kinds run the solver on a bot-played endgame; the écart is a
small exact search. The app makes each question once per position, behind a spinner, then caches it.

Run: python bench/drills.py [--questions 5] [--samples 80] [--kinds best_card attack_card]
"""

from __future__ import annotations

import argparse
import statistics
import time

from tutor.quiz import generate
from tutor.quiz.kinds import contract

KINDS = ("contract", "good_ecart", "best_card", "attack_card", "defence_card")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--questions", type=int, default=5, help="questions per kind and player count")
    ap.add_argument("--samples", type=int, default=contract.SAMPLES, help="deals per bid estimate")
    ap.add_argument("--kinds", nargs="+", default=list(KINDS), choices=KINDS, help="the kinds to time")
    args = ap.parse_args()
    contract.SAMPLES = args.samples
    print(f"{args.questions} questions per row (levels 1-3 in turn); bid estimate from {args.samples} deals")
    print("| kind | players | wall median s | wall max s | CPU median s | CPU max s |")
    print("|---|---|---|---|---|---|")
    for kind in args.kinds:
        for players in (3, 4, 5):
            wall, cpu = [], []
            for seed in range(args.questions):
                contract.estimate_for.cache_clear()
                w, c = time.perf_counter(), time.process_time()
                generate(kind, 1000 + seed, players=players, difficulty=1 + seed % 3)
                wall.append(time.perf_counter() - w)
                cpu.append(time.process_time() - c)
            print(f"| {kind} | {players} | {statistics.median(wall):.3f} | {max(wall):.3f} | "
                  f"{statistics.median(cpu):.3f} | {max(cpu):.3f} |")


if __name__ == "__main__":
    main()
