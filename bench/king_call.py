"""Which king to call with 5 players: measured by paired play-outs, for lesson 20.

Run: python bench/king_call.py [--seed 2026] [--hands 120] [--samples 16] [--example 600] [--write]

1. **The issue's example**: a garde with T21 T16 T12 T8 T5 T3 EX 9C 7C 5C 3C 2C QH 4H 8S. Every king it may call
   is played out on the same ``--example`` deals of the cards the taker cannot see (``by_play.grade_calls``:
   the advisor's sampler and rollout, the practice bots at every seat to the last card).
2. **Rules over many hands**: ``--hands`` 5-player hands that take a garde by the count (Chavey's scale, at least
   the garde threshold, enough trumps), each with every callable king played out on ``--samples`` deals. For each
   rule, the mean score of the king it names; the paired gap between two rules is averaged over the hands, with
   its 95% interval over the hands. The rules: **longest** (the king of your longest suit whose king you lack: the
   bots' rule, ``handcount.choose_call``), **queen** (the king of a suit where you hold the queen: the longest
   such suit, else the longest rule) and **shortest** (the king of your shortest suit whose king you lack).

``--write`` stores the figures in ``lessons/measurements.yaml`` under ``facts`` (keys ``call_*``).
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

from tutor.engine import Contract, parse_cards
from tutor.strategy.advisor.by_play import grade_calls, taker_deal
from tutor.strategy.bots.handcount import choose_call, count_steps, thresholds

sys.path.insert(0, str(Path(__file__).resolve().parent))
from handcount_scales import draw_hand  # noqa: E402
from strategy_measure import write_facts  # noqa: E402

SEED = 2026
OUT = Path(__file__).resolve().parent.parent / "lessons" / "measurements.yaml"
EXAMPLE = "T21 T16 T12 T8 T5 T3 EX 9C 7C 5C 3C 2C QH 4H 8S"


def _missing(hand):
    held = {(c.kind, c.rank) for c in hand if c.kind < 4}
    return [k for k in range(4) if (k, 14) not in held]


def _length(hand, kind) -> int:
    return sum(1 for c in hand if c.kind == kind)


def rule_call(rule: str, hand, options):
    """The card a rule names among ``options`` (kings; with all four kings the bots' call)."""
    kings = [c for c in options if c.rank == 14 and c not in hand]
    if rule == "longest" or not kings:
        return choose_call(hand)
    if rule == "shortest":
        return min(kings, key=lambda c: (_length(hand, c.kind), c.kind))
    queens = [c for c in kings if any(x.kind == c.kind and x.rank == 13 for x in hand)]
    return max(queens, key=lambda c: (_length(hand, c.kind), -c.kind)) if queens else choose_call(hand)


def _ci(xs):
    n = len(xs)
    m = sum(xs) / n
    sd = (sum((x - m) ** 2 for x in xs) / (n - 1)) ** 0.5 if n > 1 else float("inf")
    return m, 1.96 * sd / n ** 0.5


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seed", type=int, default=SEED)
    ap.add_argument("--hands", type=int, default=120)
    ap.add_argument("--samples", type=int, default=16)
    ap.add_argument("--example", type=int, default=600)
    ap.add_argument("--write", action="store_true")
    args = ap.parse_args(argv)
    facts: dict = {}
    t = time.process_time()
    view = taker_deal(parse_cards(EXAMPLE), 5, Contract.GARDE).view(0)
    a = grade_calls(view, samples=args.example, seed=args.seed)
    print(f"example ({a.samples} deals, cpu {time.process_time() - t:.0f} s):")
    for o in a.options:
        print(f"  {o.key}: {o.own_score:+.1f} for the taker a deal, gap {o.gap:.1f} ± {o.gap_ci:.1f}"
              + (" (tie)" if o.key in a.ties else ""))
        facts[f"call_example_{o.key.code}"] = f"{o.own_score:+.0f}"
        facts[f"call_example_{o.key.code}_gap"] = f"{o.gap:.0f}"
        facts[f"call_example_{o.key.code}_ci"] = f"{o.gap_ci:.0f}"
    facts["call_example_deals"] = f"{a.samples:,}"
    facts["call_example_best"] = a.best.name

    rng = random.Random(f"{args.seed}/calls")
    need = {c: n for n, c in thresholds(5)}[Contract.GARDE]
    rules = ("longest", "queen", "shortest")
    per_rule = {r: [] for r in rules}
    in_ties = {r: 0 for r in rules}
    differ = 0
    picked_apart: list[bool] = []
    hands = 0
    t = time.process_time()
    i = 0
    while hands < args.hands:
        hand = draw_hand(5, rng, i)
        i += 1
        hc = count_steps(hand, players=5)
        if hc.total < need or hc.too_few_trumps or len(_missing(hand)) < 2:
            continue
        view = taker_deal(hand, 5, Contract.GARDE, seed=i).view(0)
        adv = grade_calls(view, samples=args.samples, seed=args.seed + i)
        score = {o.key: o.own_score for o in adv.options}
        picks = {r: rule_call(r, hand, list(score)) for r in rules}
        for r in rules:
            per_rule[r].append(score[picks[r]])
            in_ties[r] += picks[r] in adv.ties
        differ += picks["queen"] != picks["longest"]
        picked_apart.append(picks["queen"] != picks["longest"])
        hands += 1
    print(f"rules over {hands} hands x {args.samples} deals (cpu {time.process_time() - t:.0f} s):")
    for r in rules:
        m, ci = _ci(per_rule[r])
        print(f"  {r:<9} {m:+7.1f} ± {ci:.1f}  in the best tie set {in_ties[r]}/{hands}")
        facts[f"call_rule_{r}"] = f"{m:+.0f}"
        facts[f"call_rule_{r}_ties"] = f"{round(100 * in_ties[r] / hands)}%"
    for a_, b_ in (("queen", "longest"), ("shortest", "longest"), ("queen", "shortest")):
        m, ci = _ci([x - y for x, y in zip(per_rule[a_], per_rule[b_])])
        print(f"  {a_} - {b_}: {m:+.1f} ± {ci:.1f} a deal")
        facts[f"call_{a_}_vs_{b_}"] = f"{round(m):+d}"  # whole points, as the course writes scores
        facts[f"call_{a_}_vs_{b_}_ci"] = f"{round(ci)}"
    diffs = [x - y for x, y, d in zip(per_rule["queen"], per_rule["longest"], picked_apart) if d]
    if len(diffs) > 1:
        m, ci = _ci(diffs)
        print(f"  queen - longest where they differ ({len(diffs)} hands): {m:+.1f} ± {ci:.1f} a deal")
        facts["call_queen_vs_longest_differ"] = f"{round(m):+d}"
        facts["call_queen_vs_longest_differ_ci"] = f"{round(ci)}"
    facts["call_hands"] = str(hands)
    facts["call_samples"] = str(args.samples)
    facts["call_differ"] = str(differ)
    print(f"  the queen rule and the longest rule name different kings on {differ} of {hands} hands")
    if args.write:
        write_facts("call_", facts)
    return 0


if __name__ == "__main__":
    sys.exit(main())
