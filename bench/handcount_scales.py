"""Which hand count predicts the made rate better: Chavey's published scale or the project's first one?

Run: python bench/handcount_scales.py [--seed 2026] [--hands 3000] [--write]

For each table size (3, 4, 5 players), ``--hands`` hands are drawn (seeded; a third from a plain shuffle, a third
weighted towards trumps, a third towards court cards, so the whole range of counts is covered). Each hand is
given to seat 1, which takes a **garde** (the others pass), and the deal (the other hands dealt at random) is
played out **once by the advisor's rollout** (``tutor.strategy.advisor.advise.rollout``: the practice bots for every
seat, the écart and the call included, to the last card). Made: the taker's score is
above 0. A petite is made exactly as often (same dog, same play).

For each scale and table size a logistic curve ``P(made) = 1 / (1 + exp(-(a + b × count)))`` is fitted, and
its predictions are scored out of sample (5-fold cross-validation): **log loss** and **Brier score**, lower is
better. The scale with the lower total log loss is the one to adopt (``handcount.SCALE``).

Then, for the adopted scale: the thresholds per table size. With 4 players the scale's own thresholds; with 3
and 5 players, for the garde, garde sans and garde contre, the count at which the fitted made rate equals the
4-player rate at the 4-player threshold; the petite keeps the published petite / garde ratio (40 / 56) of that
garde threshold (matching its chance, about 1 in 7, would put a 5-player petite at a count of 12).
And the ``MIN_TRUMPS`` rule: the made rate of hands that reach the petite threshold, with fewer trumps than
the minimum against with enough.

``--write`` stores the figures in ``lessons/measurements.yaml`` under ``facts`` (keys ``scale_*``), which the
lessons quote as ``{measure:fact.<key>}``.
"""

from __future__ import annotations

import argparse
import math
import random
import sys
import time
from pathlib import Path

from tutor.engine import Bid, Contract, Deal, RuleSet, is_petit_sec
from tutor.engine.cards import CARDS
from tutor.strategy.advisor.advise import rollout
from tutor.strategy.bots.handcount import MIN_TRUMPS, SCALES, count_steps

sys.path.insert(0, str(Path(__file__).resolve().parent))
from strategy_measure import dealt_for, write_facts  # noqa: E402

SEED = 2026
OUT = Path(__file__).resolve().parent.parent / "lessons" / "measurements.yaml"
FOUR = {"chavey": (40, 56, 71, 81), "tutor": (41, 56, 71, 81)}  # each scale's own 4-player thresholds
CONTRACTS = (Contract.PETITE, Contract.GARDE, Contract.GARDE_SANS, Contract.GARDE_CONTRE)
WEIGHTS = (lambda c: 1.0, lambda c: 3.0 if (c.is_trump or c.is_oudler) else 1.0,
           lambda c: 4.0 if (c.suit is not None and c.rank > 10) else 0.5 if c.is_trump else 1.0)


def draw_hand(players: int, rng: random.Random, i: int) -> tuple:
    size = RuleSet.for_players(players).hand_size
    weight = WEIGHTS[i % 3]
    while True:
        ranked = sorted(CARDS, key=lambda c: rng.random() ** (1.0 / weight(c)), reverse=True)
        hand = tuple(sorted(ranked[:size], key=lambda c: c.index))
        if not is_petit_sec(hand):
            return hand


def deal_for(hand, players: int, rng: random.Random) -> Deal:
    """A deal where seat 1 (index 0) holds ``hand`` and speaks first; the other hands at random."""
    return Deal(dealt_for(hand, players, rng), rules=RuleSet.for_players(players))


def taker_score(hand, players: int, rng: random.Random, contract: Contract = Contract.GARDE) -> float:
    """One deal of ``hand`` as taker of ``contract``, played out by the advisor's rollout."""
    d = deal_for(hand, players, rng)
    d.apply(Bid(0, contract))
    for s in range(1, players):
        d.apply(Bid(s, None))
    return rollout(d, 0)[0]


def fit(xs: list[float], ys: list[int]) -> tuple[float, float]:
    """Logistic regression of ys on xs by Newton's method (x centred and scaled for stability)."""
    mx = sum(xs) / len(xs)
    sx = (sum((x - mx) ** 2 for x in xs) / len(xs)) ** 0.5 or 1.0
    zs = [(x - mx) / sx for x in xs]
    a = b = 0.0
    for _ in range(50):
        ga = gb = haa = hab = hbb = 0.0
        for z, y in zip(zs, ys):
            p = 1 / (1 + math.exp(-(a + b * z)))
            w = p * (1 - p)
            ga += y - p
            gb += (y - p) * z
            haa += w
            hab += w * z
            hbb += w * z * z
        haa += 1e-9
        hbb += 1e-9
        det = haa * hbb - hab * hab
        da = (hbb * ga - hab * gb) / det
        db = (haa * gb - hab * ga) / det
        a, b = a + da, b + db
        if abs(da) + abs(db) < 1e-10:
            break
    return a - b * mx / sx, b / sx


def predict(ab, x: float) -> float:
    z = ab[0] + ab[1] * x
    return 1 / (1 + math.exp(-max(-30, min(30, z))))


def scores(xs, ys, folds: int = 5) -> tuple[float, float]:
    """Out-of-sample (k-fold) mean log loss and Brier score."""
    ll = br = 0.0
    for k in range(folds):
        train = [i for i in range(len(xs)) if i % folds != k]
        ab = fit([xs[i] for i in train], [ys[i] for i in train])
        for i in range(k, len(xs), folds):
            p = min(1 - 1e-9, max(1e-9, predict(ab, xs[i])))
            ll -= math.log(p if ys[i] else 1 - p)
            br += (p - ys[i]) ** 2
    return ll / len(xs), br / len(xs)


def measure(players: int, hands: int, seed: int) -> list[dict]:
    rng = random.Random(f"{seed}/scales/{players}")
    out = []
    for i in range(hands):
        hand = draw_hand(players, rng, i)
        made = int(taker_score(hand, players, rng) > 0)
        counts = {s: count_steps(hand, players=players, scale=s) for s in SCALES}
        out.append({"made": made, **{s: counts[s].total for s in SCALES}, "trumps": counts["chavey"].trumps})
    return out


def logit(p: float) -> float:
    return math.log(p / (1 - p))


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seed", type=int, default=SEED)
    ap.add_argument("--hands", type=int, default=3000)
    ap.add_argument("--write", action="store_true")
    args = ap.parse_args(argv)
    facts: dict = {"scale_hands": f"{args.hands:,}", "scale_deals": f"{3 * args.hands:,}"}
    data, fits, total = {}, {}, {s: [0.0, 0.0] for s in SCALES}
    print(f"{'table':<6} {'scale':<7} {'log loss':>9} {'Brier':>7}   made {'a':>7} {'b':>6}   cpu s")
    for n in (3, 4, 5):
        t = time.process_time()
        rows = data[n] = measure(n, args.hands, args.seed)
        ys = [r["made"] for r in rows]
        for s in SCALES:
            xs = [r[s] for r in rows]
            ll, br = scores(xs, ys)
            fits[n, s] = fit(xs, ys)
            total[s][0] += ll / 3
            total[s][1] += br / 3
            facts[f"scale_{s}_p{n}_logloss"] = f"{ll:.2f}"  # two decimals: what a lesson shows
            facts[f"scale_{s}_p{n}_brier"] = f"{br:.2f}"
            print(f"{n:<6} {s:<7} {ll:9.4f} {br:7.4f}   {sum(ys) / len(ys):4.2f} {fits[n, s][0]:7.2f} "
                  f"{fits[n, s][1]:6.3f}   {time.process_time() - t:5.0f}", flush=True)
    for s in SCALES:
        facts[f"scale_{s}_logloss"] = f"{total[s][0]:.2f}"
        facts[f"scale_{s}_brier"] = f"{total[s][1]:.2f}"
    best = min(SCALES, key=lambda s: total[s][0])
    facts["scale_adopted"] = best
    print("mean over tables: " + ", ".join(f"{s} log loss {total[s][0]:.4f} Brier {total[s][1]:.4f}" for s in SCALES)
          + f"; adopt {best}")
    four = FOUR[best]
    for n in (3, 4, 5):
        ab = fits[n, best]
        need = [four[i] if n == 4 else round((logit(predict(fits[4, best], four[i])) - ab[0]) / ab[1])
                for i in range(4)]
        if n != 4:  # the petite: the published petite / garde ratio (40 / 56) of this table's garde threshold
            need[0] = round(need[1] * four[0] / four[1])
        chances = [predict(ab, x) for x in need]
        print(f"{n} players, thresholds " + ", ".join(f"{c.value} {x} ({p:.0%})" for c, x, p in
                                                      zip(CONTRACTS, need, chances)))
        for c, x, p in zip(CONTRACTS, need, chances):
            facts[f"scale_p{n}_{c.value}"] = str(x)
            facts[f"scale_p{n}_{c.value}_chance"] = f"{round(p * 100)}%"
        over = [r for r in data[n] if r[best] >= need[0]]
        few = [r["made"] for r in over if r["trumps"] < MIN_TRUMPS[n]]
        enough = [r["made"] for r in over if r["trumps"] >= MIN_TRUMPS[n]]
        for name, xs in (("few", few), ("enough", enough)):
            facts[f"scale_p{n}_{name}_trumps_hands"] = str(len(xs))
            facts[f"scale_p{n}_{name}_trumps_made"] = f"{round(100 * sum(xs) / len(xs))}%" if xs else "n/a"
        print(f"   reaching the petite: fewer than {MIN_TRUMPS[n]} trumps made {sum(few)}/{len(few)}, "
              f"enough {sum(enough)}/{len(enough)}")
    if args.write:
        write_facts("scale_", facts)
    return 0


if __name__ == "__main__":
    sys.exit(main())
