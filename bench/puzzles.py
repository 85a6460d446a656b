"""How long ``tarot-tutor check`` spends on the strategy puzzles.

Run: python bench/puzzles.py. Prints the solver's time for each best-card puzzle (median and max, wall
and CPU), the estimator's time for each bid puzzle with no cache, and the whole check of ``puzzles/``
twice: with an empty bid cache, then with the cache the first run filled (what a second run, and CI after
``tarot-tutor check`` once, pays).
"""

from __future__ import annotations

import statistics
import tempfile
import time
from pathlib import Path

from tutor.quiz.puzzles import check_puzzle_dir, load_puzzles
from tutor.quiz.strategy_puzzles import bid_values, verify_best_card
from tutor.quiz.strategy_record import BidCache

PUZZLES = Path(__file__).resolve().parents[1] / "puzzles"


def timed(fn):
    w, c = time.perf_counter(), time.process_time()
    fn()
    return time.perf_counter() - w, time.process_time() - c


def main() -> None:
    strategy = [p for p in load_puzzles(PUZZLES) if p.kind in ("best-card", "bid")]
    best = [timed(lambda p=p: verify_best_card(p)) for p in strategy if p.kind == "best-card"]
    bids = [timed(lambda p=p: bid_values(p)) for p in strategy if p.kind == "bid"]
    for name, rows in (("best-card (solver)", best), ("bid (estimator, no cache)", bids)):
        wall, cpu = [r[0] for r in rows], [r[1] for r in rows]
        print(f"{name:28} {len(rows):3} puzzles  wall median {statistics.median(wall):.3f} s, max {max(wall):.3f} s"
              f"  CPU median {statistics.median(cpu):.3f} s, max {max(cpu):.3f} s, total {sum(cpu):.2f} s")
    with tempfile.TemporaryDirectory() as d:
        cache = BidCache(Path(d) / "bids.json")
        for label in ("check puzzles/, empty cache", "check puzzles/, warm cache"):
            wall, cpu = timed(lambda: check_puzzle_dir(PUZZLES, cache=cache))
            print(f"{label:28} wall {wall:.2f} s  CPU {cpu:.2f} s")


if __name__ == "__main__":
    main()
