"""Item 8 of issue 23, on this machine: a Hint (median), a whole deal's review, and bid advice, in seconds.

Run: python bench/speed.py [--deals N]. Each practice deal (4 players) is played by the bots; at every card of
seat 0 with a choice a Hint is asked (the advisor's cache cleared first, so each is computed); after the deal
the whole review of seat 0's cards is timed (cache cleared: the cost a learner sees when Hint was not used);
bid advice is timed on each deal's first bid of seat 0 (its cache cleared; CPU time too). Goals: Hint under 1 s,
a review under 5 s, a bid under 2 s. ``--bids-only`` times the bid advice alone (no Hint, no review).
"""

from __future__ import annotations

import argparse
import statistics
import time

from tutor.engine import Phase, PlayCard
from tutor.practice.table import Table
from tutor.strategy.advisor import _advise
from tutor.strategy.bid_advice import _estimate as _bid_estimate
from tutor.strategy.review import decisions


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--deals", type=int, default=4)
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--bids-only", action="store_true", help="time the bid advice only")
    args = ap.parse_args()
    hints, reviews, bids, bid_cpu = [], [], [], []
    for seed in range(1, args.deals + 1):
        table = Table.new(args.players, seed)
        table.advance()
        while not table.finished:
            if table.awaiting_start:
                table.start_play()
                continue
            view = table.view()
            if view.phase is Phase.BIDDING and not bids[seed - 1:]:
                _bid_estimate.cache_clear()
                start, cpu = time.perf_counter(), time.process_time()
                table.bid_advice()
                bids.append(time.perf_counter() - start)
                bid_cpu.append(time.process_time() - cpu)
            bots = table.bot(view).action
            if (view.phase is Phase.PLAYING and isinstance(bots, PlayCard) and len(view.legal) > 1
                    and not args.bids_only):
                _advise.cache_clear()
                start = time.perf_counter()
                table.hint()
                hints.append(time.perf_counter() - start)
            table.act(bots)
        if args.bids_only:
            continue
        _advise.cache_clear()
        start = time.perf_counter()
        decisions(table.deal, table.learner)
        reviews.append(time.perf_counter() - start)
    print(f"{args.players} players, {args.deals} deals (wall-clock seconds, median and max)")
    for name, xs, goal in (("hint", hints, 1), ("whole review", reviews, 5), ("bid advice", bids, 2)):
        if xs:
            print(f"{name:>13}: median {statistics.median(xs):.2f} s, max {max(xs):.2f} s over {len(xs)} "
                  f"(goal: median under {goal} s)")
    if bid_cpu:
        print(f"   bid advice: CPU median {statistics.median(bid_cpu):.2f} s, max {max(bid_cpu):.2f} s")


if __name__ == "__main__":
    main()
