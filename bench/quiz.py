"""Quiz generation speed: questions per second and mean / worst milliseconds per question, per kind.

Every kind must generate a question in well under 10 ms, so the app never waits.

Run: python bench/quiz.py [--seconds 1] [--players 3 4 5]
"""

from __future__ import annotations

import argparse
import time

from tutor.quiz import KINDS, generate


def bench(kind: str, seconds: float, players: list[int]) -> tuple[int, float, float]:
    """(questions made, mean ms, worst ms), cycling seeds, player counts and difficulties."""
    allowed = [n for n in players if n in KINDS[kind].players] or list(KINDS[kind].players)
    n, worst = 0, 0.0
    start = time.perf_counter()
    while (elapsed := time.perf_counter() - start) < seconds:
        t0 = time.perf_counter()
        generate(kind, n, players=allowed[n % len(allowed)], difficulty=1 + n // len(allowed) % 3)
        worst = max(worst, time.perf_counter() - t0)
        n += 1
    return n, elapsed / n * 1000, worst * 1000


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--seconds", type=float, default=1.0, help="time spent on each kind")
    ap.add_argument("--players", type=int, nargs="+", default=[3, 4, 5])
    args = ap.parse_args()
    print(f"{'kind':<9} {'questions/s':>12} {'mean ms':>8} {'worst ms':>9}")
    for kind in KINDS:
        n, mean, worst = bench(kind, args.seconds, args.players)
        print(f"{kind:<9} {n / (mean * n / 1000):>12,.0f} {mean:>8.2f} {worst:>9.2f}")


if __name__ == "__main__":
    main()
