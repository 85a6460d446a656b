"""How many visitors one app process serves before a learner's click takes more than 2 s (issue 39).

Each visitor is a thread of this process, as each browser session is a thread of the Streamlit
server: it waits a random think time (``--think`` seconds on average, exponential), then clicks Hint
on a deal of its own, through ``tutor.workload.guard`` as the page does. A click's time is from the
click to the answer (queueing included: that is what the learner waits, so it is wall-clock time); a
click refused as busy counts as a slow one. The CPU time of one Hint is measured alone first
(``time.process_time``). The number of visitors grows until the 95th percentile of the clicks' times
passes ``--goal`` seconds.

Run under nice, alone: python bench/workload.py [--think 10] [--span 30] [--record FILE]
(each level is appended to FILE as one JSON line, and a run with the same FILE skips the levels done).
"""

from __future__ import annotations

import argparse
import copy
import json
import random
import statistics
import threading
import time
from pathlib import Path

from tutor.engine import Phase, PlayCard
from tutor.practice.table import Table
from tutor.strategy.advisor.advise import _advise
from tutor.workload import Busy, Workload

LEVELS = (1, 2, 4, 8, 12, 16, 24, 32, 48, 64)


def hint_positions(n: int, players: int = 4) -> list[Table]:
    """``n`` tables, each where the learner has a card to choose in play (a Hint has work to do)."""
    out, seed = [], 1
    while len(out) < n:
        table = Table.new(players, seed)
        seed += 1
        table.advance()
        while not table.finished:
            if table.awaiting_start:
                table.start_play()
                continue
            view = table.view()
            bots = table.bot(view).action
            if view.phase is Phase.PLAYING and isinstance(bots, PlayCard) and len(view.legal) > 2 \
                    and len(table.deal.log) // players >= 3:
                out.append(copy.deepcopy(table))
                break
            table.act(bots)
    return out


def one_hint(tables: list[Table], rng: random.Random) -> None:
    _advise.cache_clear()  # every click on a deal not asked about before
    copy.deepcopy(rng.choice(tables)).hint()


def level(visitors: int, tables: list[Table], think: float, span: float, goal: float) -> dict:
    work = Workload()
    times: list[float] = []
    busy = [0]
    lock = threading.Lock()
    stop = time.monotonic() + span

    def visitor(i: int) -> None:
        rng = random.Random(i)
        time.sleep(rng.uniform(0, think))  # visitors arrive spread out
        while time.monotonic() < stop:
            start = time.monotonic()
            try:
                with work.guard(f"visitor-{i}"):
                    one_hint(tables, rng)
                took = time.monotonic() - start
            except Busy:
                took = float("inf")
                with lock:
                    busy[0] += 1
            with lock:
                times.append(took)
            time.sleep(rng.expovariate(1 / think))
    threads = [threading.Thread(target=visitor, args=(i,), daemon=True) for i in range(visitors)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(span + 60)
    finite = sorted(t for t in times if t != float("inf"))
    ranked = sorted(times)
    p95 = ranked[int(0.95 * (len(ranked) - 1))] if ranked else 0.0
    return {"visitors": visitors, "clicks": len(times), "busy": busy[0],
            "median_s": round(statistics.median(finite), 3) if finite else None,
            "p95_s": None if p95 == float("inf") else round(p95, 3), "over_goal": p95 > goal}


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--think", type=float, default=10.0, help="seconds between a visitor's clicks, on average")
    ap.add_argument("--span", type=float, default=30.0, help="seconds of clicking at each level")
    ap.add_argument("--goal", type=float, default=2.0, help="seconds a click may take (95th percentile)")
    ap.add_argument("--record", type=Path, help="append each level here as a JSON line; skip levels done")
    args = ap.parse_args()
    done = {}
    if args.record and args.record.exists():
        for line in args.record.read_text().splitlines():
            row = json.loads(line)
            done[row["visitors"]] = row
    tables = hint_positions(12)
    rng = random.Random(0)
    cpu = []
    for _ in range(8):
        t = time.process_time()
        one_hint(tables, rng)
        cpu.append(time.process_time() - t)
    print(f"one Hint alone: CPU median {statistics.median(cpu):.2f} s, max {max(cpu):.2f} s")
    for n in LEVELS:
        row = done.get(n) or level(n, tables, args.think, args.span, args.goal)
        if n not in done and args.record:
            with args.record.open("a") as fh:
                fh.write(json.dumps(row) + "\n")
        print(f"{n:>3} visitors (a Hint every {args.think:g} s each): {row['clicks']} clicks, {row['busy']} busy, "
              f"median {row['median_s']} s, 95th percentile {row['p95_s'] if row['p95_s'] is not None else 'busy'} s")
        if row["over_goal"]:
            print(f"served: {LEVELS[max(0, LEVELS.index(n) - 1)]} visitors before a click took more than "
                  f"{args.goal:g} s")
            break


if __name__ == "__main__":
    main()
