"""Quiz generation speed: questions per second and mean / worst milliseconds per question, per kind.

Every kind must generate a question in well under 10 ms, so the app never waits. Then two times the
tests count as work rather than time (a timed test flakes on a busy machine): loading the whole course
(``load_course``, what the app does once per process and ``tarot-tutor check`` on every run), and reading
a typed score form (``read_form``) of 50,000 to 200,000 characters of each pattern that once made the old
regex reader quadratic: the times should double with the length.

Run: python bench/quiz.py [--seconds 1] [--players 3 4 5] [--course-runs 5]
"""

from __future__ import annotations

import argparse
import contextlib
import statistics
import time
from pathlib import Path

from tutor.content import load_course
from tutor.engine import TarotError
from tutor.quiz import KINDS, generate
from tutor.quiz.answers import AnswerError, read_form

LESSONS = Path(__file__).resolve().parents[1] / "lessons"
FORM_PATTERNS = ("a'", "a ", "a", " ", "a:", "a 1", ":")
FORM_LENGTHS = (50_000, 100_000, 200_000)


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


def option_cases(kind: str, players: list[int]):
    """Every option value of the kind, with each allowed player count and difficulty."""
    gen = KINDS[kind]
    for name, values in gen.options.items():
        for value in values:
            for n in [n for n in players if n in gen.players]:
                for d in (1, 2, 3):
                    yield f"{name}={value}", {"players": n, "difficulty": d, name: value}


def bench_options(kind: str, seeds: int, players: list[int]) -> tuple[float, float, str]:
    """(mean ms, 95th percentile ms, slowest option) when a learner asks for one option, e.g. a situation."""
    samples, by_option = [], {}
    for label, params in option_cases(kind, players):
        for seed in range(seeds):
            t0 = time.perf_counter()
            try:
                generate(kind, seed, **params)
            except TarotError:  # e.g. the 5-player first lead asked with 4 players: a clear error, no question
                continue
            ms = (time.perf_counter() - t0) * 1000
            samples.append(ms)
            by_option.setdefault(label, []).append(ms)
    if not samples:
        return 0.0, 0.0, "-"
    samples.sort()
    slowest = max(by_option, key=lambda k: statistics.mean(by_option[k]))
    return statistics.mean(samples), samples[int(0.95 * (len(samples) - 1))], slowest


def bench_course(runs: int) -> tuple[float, float]:
    """(mean ms, worst ms) to load and check every lesson, after one warm-up load."""
    load_course(LESSONS)
    times = []
    for _ in range(runs):
        t0 = time.perf_counter()
        load_course(LESSONS)
        times.append((time.perf_counter() - t0) * 1000)
    return statistics.mean(times), max(times)


def bench_read_form(unit: str, length: int) -> float:
    """Milliseconds to read ``unit`` repeated to ``length`` characters as a score form."""
    text = unit * (length // len(unit))
    t0 = time.perf_counter()
    with contextlib.suppress(AnswerError):
        read_form(text)
    return (time.perf_counter() - t0) * 1000


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--seconds", type=float, default=1.0, help="time spent on each kind")
    ap.add_argument("--players", type=int, nargs="+", default=[3, 4, 5])
    ap.add_argument("--option-seeds", type=int, default=10, help="seeds per option in the second table")
    ap.add_argument("--course-runs", type=int, default=5, help="loads of the whole course to time")
    args = ap.parse_args()
    print(f"{'kind':<9} {'questions/s':>12} {'mean ms':>8} {'worst ms':>9}")
    for kind in KINDS:
        n, mean, worst = bench(kind, args.seconds, args.players)
        print(f"{kind:<9} {n / (mean * n / 1000):>12,.0f} {mean:>8.2f} {worst:>9.2f}")
    print(f"\nAsking for one option (each value x players x difficulty x {args.option_seeds} seeds):")
    print(f"{'kind':<9} {'mean ms':>8} {'p95 ms':>8}  slowest option")
    for kind in KINDS:
        if KINDS[kind].options:
            mean, p95, slowest = bench_options(kind, args.option_seeds, args.players)
            print(f"{kind:<9} {mean:>8.2f} {p95:>8.2f}  {slowest}")
    mean, worst = bench_course(args.course_runs)
    print(f"\nLoading the course ({LESSONS.name}/, {args.course_runs} runs): mean {mean:.0f} ms, worst {worst:.0f} ms")
    print("\nReading a typed score form (read_form), ms by length:")
    print(f"{'pattern':<9}" + "".join(f"{n:>10,}" for n in FORM_LENGTHS))
    for unit in FORM_PATTERNS:
        print(f"{unit!r:<9}" + "".join(f"{bench_read_form(unit, n):>10.1f}" for n in FORM_LENGTHS))


if __name__ == "__main__":
    main()
