"""Solver speed: CPU time and nodes by player count and tricks left, on positions from bot-played deals.

Run: python bench/solver.py [--positions 20] [--stop 2.0] [--cap 20] [--players 3 4 5]. For each player count
it goes one trick deeper until the slowest position passes ``--stop`` seconds of CPU, and prints the median
and the maximum per depth (CPU seconds, the column the machine's load does not inflate; wall-clock beside it)
and the node counts. A position still searching after ``--cap`` CPU seconds is stopped and counted as the cap
(shown ">cap"). The exact range (``EXACT_CARDS`` in tutor/strategy/exact/solver.py) is the deepest row whose
maximum stays under 2 s of CPU.
"""

from __future__ import annotations

import argparse
import signal
import statistics
import time

from tutor.engine import Deal, Phase
from tutor.strategy.bots.policy import decide
from tutor.strategy.exact.position import Position
from tutor.strategy.exact.solver import EXACT_CARDS, solve


class _Capped(Exception):
    pass


def _stop(*_):
    raise _Capped


def position(players: int, left: int, seed: int) -> Position | None:
    """A deal bid and played by the bots until ``left`` tricks remain."""
    d = Deal.new(players, seed=seed, dealer=seed % players)
    total = d.rules.tricks
    while d.phase not in (Phase.DONE, Phase.CANCELLED) and not (
            d.phase is Phase.PLAYING and len(d.tricks) == total - left and not d.trick):
        d.apply(decide(d.view(d.to_act)).action)
    return Position.from_deal(d) if d.phase is Phase.PLAYING else None


def timed(p: Position, cap: float) -> tuple[float, float, int | None]:
    """(CPU s, wall s, nodes) of one solve; nodes None when it hit the cap."""
    t, c = time.perf_counter(), time.process_time()
    signal.setitimer(signal.ITIMER_VIRTUAL, cap)
    try:
        nodes = solve(p, limit=False).nodes
    except _Capped:
        nodes = None
    finally:
        signal.setitimer(signal.ITIMER_VIRTUAL, 0)
    return time.process_time() - c, time.perf_counter() - t, nodes


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--positions", type=int, default=20)
    ap.add_argument("--players", type=int, nargs="*", default=[3, 4, 5])
    ap.add_argument("--stop", type=float, default=2.0, help="stop going deeper once the slowest passes this (CPU s)")
    ap.add_argument("--cap", type=float, default=20.0, help="stop one position's search after this (CPU s)")
    args = ap.parse_args()
    signal.signal(signal.SIGVTALRM, _stop)
    print(f"{'players':>7} {'tricks':>6} {'cards':>5} {'n':>3} {'cpu med':>8} {'cpu max':>8} {'wall med':>8} "
          f"{'wall max':>8} {'nodes med':>9} {'nodes max':>9}  in range")
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
                cpu, wall, n = timed(p, args.cap)
                cpus.append(min(cpu, args.cap))
                walls.append(wall)
                nodes.append(n)
            done = [n for n in nodes if n is not None]
            top = f">{args.cap:.1f}" if None in nodes else f"{max(cpus):.3f}"
            inside = "yes" if players * left <= EXACT_CARDS[players] else "no"
            print(f"{players:>7} {left:>6} {players * left:>5} {len(walls):>3} {statistics.median(cpus):>8.3f} "
                  f"{top:>8} {statistics.median(walls):>8.3f} {max(walls):>8.3f} "
                  f"{statistics.median(done):>9.0f} {max(done):>9}  {inside}", flush=True)
            if max(cpus) > args.stop or left >= 8:
                break
            left += 1


if __name__ == "__main__":
    main()
