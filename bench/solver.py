"""Solver speed: time and nodes by player count and tricks left, on positions from bot-played deals.

Run: python bench/solver.py [--positions 20] [--stop 1.0] [--players 3 4 5]. For each player count it goes one trick
deeper until the median CPU time passes ``--stop`` seconds, and prints the median, p95 and max time and the
node counts; the exact range (``EXACT_CARDS`` in tutor/strategy/solver.py) is the deepest row whose
median is under 0.5 s and max under 2 s. Times are wall-clock and CPU (the CPU column is what the
machine's load does not inflate).
"""

from __future__ import annotations

import argparse
import statistics
import time

from tutor.engine import Deal, Phase
from tutor.strategy.bots import decide
from tutor.strategy.position import Position
from tutor.strategy.solver import EXACT_CARDS, solve


def position(players: int, left: int, seed: int) -> Position | None:
    """A deal bid and played by the bots until ``left`` tricks remain."""
    d = Deal.new(players, seed=seed, dealer=seed % players)
    total = d.rules.tricks
    while d.phase not in (Phase.DONE, Phase.CANCELLED) and not (
            d.phase is Phase.PLAYING and len(d.tricks) == total - left and not d.trick):
        d.apply(decide(d.view(d.to_act)).action)
    return Position.from_deal(d) if d.phase is Phase.PLAYING else None


def pct(values: list[float], q: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, int(len(values) * q))]


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--positions", type=int, default=20)
    ap.add_argument("--players", type=int, nargs="*", default=[3, 4, 5])
    ap.add_argument("--stop", type=float, default=1.0, help="stop going deeper once the median passes this (s)")
    args = ap.parse_args()
    print(f"{'players':>7} {'tricks':>6} {'cards':>5} {'n':>3} {'median s':>9} {'p95 s':>7} {'max s':>7} "
          f"{'cpu med':>8} {'cpu p95':>8} {'cpu max':>8} {'nodes med':>9} {'nodes max':>9}  in range")
    for players in args.players:
        left = 2
        while True:
            walls, cpus, nodes = [], [], []
            seed = 0
            while len(walls) < args.positions:
                seed += 1
                p = position(players, left, 1000 * left + seed)
                if p is None:
                    continue
                t, c = time.perf_counter(), time.process_time()
                s = solve(p, limit=False)
                walls.append(time.perf_counter() - t)
                cpus.append(time.process_time() - c)
                nodes.append(s.nodes)
            med = statistics.median(walls)
            inside = "yes" if players * left <= EXACT_CARDS[players] else "no"
            print(f"{players:>7} {left:>6} {players * left:>5} {len(walls):>3} {med:>9.3f} {pct(walls, .95):>7.3f} "
                  f"{max(walls):>7.3f} {statistics.median(cpus):>8.3f} {pct(cpus, .95):>8.3f} {max(cpus):>8.3f} "
                  f"{statistics.median(nodes):>9.0f} "
                  f"{max(nodes):>9}  {inside}", flush=True)
            if statistics.median(cpus) > args.stop or left >= 8:
                break
            left += 1


if __name__ == "__main__":
    main()
