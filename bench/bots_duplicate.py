"""A duplicate match between two bot policies, and the all-bot table's make rate.

Each seeded board (``match.boards.board_seed``) is played once with policy B in every seat, then once per seat
with policy A in that seat and B in the others. A seat's gain on a board is A's score there minus B's score in
the same seat on the same board (the same cards, so the luck cancels); the figure is the gain per deal over
every seat in turn, with a 95% interval over the boards (``match.boards.summary``). The same boards played by
A in every seat give A's all-bot table: how often its taker makes the contract, by contract.

Run: python bench/bots_duplicate.py --seat bots --others reference [--players 3 4 5] [--boards 200] [--seed 1]
[--record FILE]. A ``--record`` file keeps each board's rows (JSON lines), so a stopped run goes on where it
stopped. Policies are named in ``tutor.strategy.bots.POLICIES``.
"""

from __future__ import annotations

import argparse
import json
import time
from collections import Counter
from pathlib import Path

from tutor.engine import Deal, Phase
from tutor.strategy.bots import POLICIES
from tutor.strategy.match.boards import OVER, Row, board_seed, role, seat_score, summary


def play(players: int, seed: int, seats) -> Deal:
    """Board ``seed`` with ``seats[i]`` deciding for seat ``i``."""
    deal = Deal.new(players, seed=seed, dealer=seed % players)
    while deal.phase not in OVER:
        deal.apply(seats[deal.to_act](deal.view(deal.to_act)).action)
    return deal


def taken(deal: Deal) -> tuple[str, bool] | None:
    """(contract, made) of a deal played out, None when everyone passed."""
    if deal.phase is Phase.CANCELLED:
        return None
    r = deal.result()
    return deal.contract.value, r.score.taker > 0


def board(players: int, seed: int, b: int, a, other) -> dict:
    s = board_seed(seed, b)
    base = play(players, s, [other] * players)
    rows = []
    for seat in range(players):
        mine = play(players, s, [a if i == seat else other for i in range(players)])
        rows.append([b, seat, seat_score(mine, seat), seat_score(base, seat), role(mine, seat)])
    return {"board": b, "rows": rows, "table_a": taken(play(players, s, [a] * players)), "table_b": taken(base)}


def make_rates(results: list) -> tuple[str, dict]:
    """The make rate of the contracts taken, overall and by contract ('made/taken')."""
    got = [r for r in results if r]
    by = Counter(c for c, _ in got)
    made = Counter(c for c, m in got if m)
    total = sum(1 for _, m in got if m)
    rate = f"{total}/{len(got)} = {100 * total / max(1, len(got)):.0f}%"
    return rate, {c: f"{made[c]}/{by[c]}" for c in sorted(by)}


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--seat", default="bots", choices=sorted(POLICIES))
    ap.add_argument("--others", default="reference", choices=sorted(POLICIES))
    ap.add_argument("--players", type=int, nargs="+", default=[3, 4, 5])
    ap.add_argument("--boards", type=int, default=200)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--record", help="keep each board in this file (JSON lines) and resume from it")
    args = ap.parse_args()
    a, other = POLICIES[args.seat], POLICIES[args.others]
    print(f"duplicate: {args.seat} in one seat, {args.others} in the others; seed {args.seed}, {args.boards} boards")
    for n in args.players:
        key = {"players": n, "seed": args.seed, "seat": args.seat, "others": args.others}
        done: dict[int, dict] = {}
        if args.record and Path(args.record).exists():
            for line in Path(args.record).read_text("utf-8").splitlines():
                r = json.loads(line)
                if {k: r[k] for k in key} == key:
                    done[r["board"]] = r
        start = time.process_time()
        for b in range(args.boards):
            if b in done:
                continue
            done[b] = {**key, **board(n, args.seed, b, a, other)}
            if args.record:
                with open(args.record, "a", encoding="utf-8") as f:
                    f.write(json.dumps(done[b]) + "\n")
        spent = time.process_time() - start
        got = [done[b] for b in range(args.boards)]
        rows = [Row(*x) for r in got for x in r["rows"]]
        s = summary(rows)
        att = summary([r for r in rows if r.role == "attack"])
        dfc = summary([r for r in rows if r.role == "defence"])
        print(f"{n} players: gain {s['gain_per_deal']:+.1f} a deal, 95% [{s['ci95'][0]:+.1f}, {s['ci95'][1]:+.1f}]"
              f" over {s['boards']} boards ({s['deals']} deals); as taker/partner {att['gain_per_deal']:+.1f} "
              f"({att['deals']}), as defender {dfc['gain_per_deal']:+.1f} ({dfc['deals']}); CPU {spent:.1f} s")
        for name, field in ((args.seat, "table_a"), (args.others, "table_b")):
            rate, by = make_rates([tuple(r[field]) if r[field] else None for r in got])
            print(f"   all-{name} table: taker makes {rate}; by contract {by}")


if __name__ == "__main__":
    main()
