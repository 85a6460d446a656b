"""Item 8 of issue 23, on this machine: a Hint (median), a whole deal's review, and bid advice, in seconds.

Run: python bench/speed.py [--deals N] [--players N]. Each time is taken twice: CPU seconds (``time.process_time``,
what a quiet machine would show) and wall-clock seconds (inflated when other work shares the 2 cores).
Each practice deal (4 players) is played by the bots; at every card of
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
from tutor.strategy.advisor.advise import _advise
from tutor.strategy.bidding.advice import _estimate as _bid_estimate
from tutor.strategy.review.deal import decisions


class Clock:
    """CPU and wall-clock seconds of one timed call."""

    def __enter__(self):
        self.cpu, self.wall = time.process_time(), time.perf_counter()
        return self

    def __exit__(self, *exc):
        self.cpu, self.wall = time.process_time() - self.cpu, time.perf_counter() - self.wall


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--deals", type=int, default=4)
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--bids-only", action="store_true", help="time the bid advice only")
    args = ap.parse_args()
    hints, reviews, bids = [], [], []
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
                with Clock() as c:
                    table.bid_advice()
                bids.append(c)
            bots = table.bot(view).action
            if (view.phase is Phase.PLAYING and isinstance(bots, PlayCard) and len(view.legal) > 1
                    and not args.bids_only):
                _advise.cache_clear()
                with Clock() as c:
                    table.hint()
                hints.append(c)
            table.act(bots)
        if args.bids_only:
            continue
        _advise.cache_clear()
        with Clock() as c:
            decisions(table.deal, table.learner)
        reviews.append(c)
    print(f"{args.players} players, {args.deals} deals (seconds: CPU median and max, wall-clock median)")
    for name, xs, goal in (("hint", hints, 1), ("whole review", reviews, 5), ("bid advice", bids, 2)):
        if xs:
            cpu = [c.cpu for c in xs]
            print(f"{name:>13}: CPU median {statistics.median(cpu):.2f} s, max {max(cpu):.2f} s; wall median "
                  f"{statistics.median(c.wall for c in xs):.2f} s, over {len(xs)} (goal: median under {goal} s)")


if __name__ == "__main__":
    main()
