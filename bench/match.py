"""The advisor's strength in duplicate: ``tarot-tutor match`` for 3, 4 and 5 players, as one table.

Run: python bench/match.py [--boards N] [--budget MS] [--seed S]. Without ``--boards`` it plays 200 boards
with 4 players and 100 with 3 and with 5 (hours of CPU at the default budget of 300 ms a decision); with
``--boards N`` every table size plays N boards. Each board is played by the bots, then once per seat with
the advisor in that seat: the gain is the advisor's score minus the bot's in the same seat on the same board.
``--jobs N`` plays boards in N processes (the same figures); ``--record FILE`` keeps every board's rows, so a
stopped run goes on where it stopped when started again with the same file.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time

from tutor.strategy.match.boards import run_match
from tutor.strategy.match.players import Cast, Lineup
from tutor.strategy.match.record import Record

BOARDS = {3: 100, 4: 200, 5: 100}


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--boards", type=int, default=None, help="boards per table size (default 100/200/100)")
    ap.add_argument("--budget", type=int, default=300, help="the advisor's budget a decision, ms (default 300)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--players", type=int, nargs="*", default=[3, 4, 5])
    ap.add_argument("--jobs", type=int, default=1, help="processes playing boards at once (same figures)")
    ap.add_argument("--seat", default="advisor", help="the player measured (as tarot-tutor match --seat)")
    ap.add_argument("--others", default="bots", help="the other seats' player (as tarot-tutor match --others)")
    ap.add_argument("--time-limit", type=float, default=2.0, help="a program's seconds a decision (default 2)")
    ap.add_argument("--record", help="keep each board's rows in this file (JSON lines); boards already there, "
                                     "for the same table size, seed and budget, are not played again")
    args = ap.parse_args()
    rows = []
    for players in args.players:
        boards = args.boards or BOARDS[players]
        start = time.time()
        timings: list[float] = []
        lineup = Lineup(Cast.parse(args.seat).name, Cast.parse(args.others).name, budget_ms=args.budget,
                        time_limit=args.time_limit)
        record = Record(args.record, players, args.seed, lineup) if args.record else None
        out = run_match(players, boards, args.seed, lineup=lineup, timings=timings, jobs=args.jobs, record=record,
                        partial=lambda so_far, p=players: print(f"{p} players so far: {so_far}", file=sys.stderr,
                                                                flush=True),
                        progress=lambda done, total, p=players: print(f"{p} players: board {done} of {total}",
                                                           file=sys.stderr, flush=True))
        rows.append((players, out, time.time() - start, statistics.median(timings) if timings else 0.0))
    print(f"{args.seat} measured against {args.others}; budget {args.budget} ms a decision, seed {args.seed}")
    print(f"{'players':>7} {'boards':>6} {'deals':>5} {'gain/deal':>9} {'95% interval':>17} "
          f"{'as taker':>9} {'as defender':>11} {'wall s':>7} {'s/decision':>10}")
    for players, out, cpu, per in rows:
        lo, hi = out["ci95"]
        print(f"{players:>7} {out['boards']:>6} {out['deals']:>5} {out['gain_per_deal']:>+9.1f} "
              f"{f'{lo:+.1f} to {hi:+.1f}':>17} {out['as_taker']['gain_per_deal']:>+9.1f} "
              f"{out['as_defender']['gain_per_deal']:>+11.1f} {cpu:>7.0f} {per:>10.2f}")
    print("The interval is over the boards (each board's mean gain over its seats); s/decision is the median "
          "wall-clock time of one of the measured player's decisions.")


if __name__ == "__main__":
    main()
