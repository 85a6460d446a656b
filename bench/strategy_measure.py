"""The strategy course's numbers: how often each contract is made, and what it scores, per hand count.

Run: python bench/strategy_measure.py [--seed 2026] [--out lessons/measurements.yaml]

For each group below, hands are drawn at random (seeded) until enough fall in the group's band of
the hand count (``tutor.strategy.handcount.hand_strength``); each hand is then given to
``estimate_bids`` (the bots play every deal out, the hand at seat 1, which speaks and leads first).
The deals of all the group's hands are pooled: for each contract, how many were made, the Wilson 95%
interval and the mean score of the taker. The lessons quote these numbers as ``{measure:<id>.<what>}``
(see ``tutor/content/measures.py``), so each number is stated in one place: this script's output.

Strong hands (a count of 71 and more) are about 1 in 4,000 random hands, so those bands, and the
"trumps or points" groups, are drawn from a shuffle weighted towards trumps or court cards; the hand
count still decides which band a hand is in. Each group has its own seeded random generator
(``<seed>/<id>/...``), so one group, or one hand, can be measured again alone (tests do).

Prints one line per group with the time taken (CPU seconds, the machine's load does not inflate them).
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from dataclasses import dataclass
from pathlib import Path

import yaml

from tutor.engine import Contract, RuleSet, is_petit_sec
from tutor.engine.cards import CARDS
from tutor.strategy import estimate_bids, wilson
from tutor.strategy.handcount import hand_strength

SEED = 2026
OUT = Path(__file__).resolve().parent.parent / "lessons" / "measurements.yaml"
CONTRACTS = (Contract.PETITE, Contract.GARDE, Contract.GARDE_SANS, Contract.GARDE_CONTRE)


@dataclass(frozen=True)
class Group:
    """Hands of one player count whose count is in [low, high], drawn with ``weights``, then ``keep``."""

    id: str
    players: int
    low: float
    high: float
    hands: int
    samples: int  # deals per hand
    weights: str = "plain"  # plain | trumps | courts
    keep: str = "any"  # any | many-trumps | few-trumps
    what: str = ""


def _bands(players: int, bands, hands: int, samples: int) -> list[Group]:
    out = []
    for low, high in bands:
        name = f"{low}_{int(high)}" if high < 200 else f"{low}_up"
        # Strong hands are rare (few in 10,000 random hands), more so with 3 players: draw them weighted.
        weights = "plain" if low < 71 else "strong" if low >= 81 or players == 3 else "trumps"
        out.append(Group(f"p{players}_{name}", players, low, high, hands, samples, weights,
                         what=f"{players} players, hand count {low} to {int(high)}" if high < 200
                         else f"{players} players, hand count {low} or more"))
    return out


ALL_BANDS = ((31, 40.99), (41, 55.99), (56, 70.99), (71, 80.99), (81, 999))
HALF_BANDS = ((41, 47.99), (48, 55.99), (56, 62.99), (63, 70.99))  # the petite and garde bands cut in two
GROUPS: tuple[Group, ...] = (
    *_bands(4, ALL_BANDS, 36, 30),
    *_bands(4, HALF_BANDS, 24, 25),
    *_bands(3, ALL_BANDS[:4], 24, 25),  # 81 or more: none in 300,000 weighted 24-card hands
    *_bands(5, ALL_BANDS, 24, 25),
    # Same count, different make-up: many trumps against few trumps and more court cards.
    *(Group(f"p{n}_trumps", n, 45, 60.99, 20, 25, "trumps", "many-trumps",
            f"{n} players, count 45 to 60, at least 40% of the hand trumps") for n in (3, 4, 5)),
    *(Group(f"p{n}_points", n, 45, 60.99, 20, 25, "courts", "few-trumps",
            f"{n} players, count 45 to 60, at most a quarter of the hand trumps") for n in (3, 4, 5)),
)
BY_ID = {g.id: g for g in GROUPS}

_WEIGHT = {
    "plain": lambda c: 1.0,
    "trumps": lambda c: 3.0 if (c.is_trump or c.is_oudler) else 1.0,
    "strong": lambda c: 8.0 if (c.is_trump or c.is_oudler) else 3.0 if c.rank == 14 else 1.0,
    "courts": lambda c: 4.0 if (c.suit is not None and c.rank > 10) else 0.5 if c.is_trump else 1.0,
}


def _trumps(hand) -> int:
    return sum(1 for c in hand if c.is_trump)


_KEEP = {
    "any": lambda hand: True,
    "many-trumps": lambda hand: _trumps(hand) >= 0.4 * len(hand),
    "few-trumps": lambda hand: _trumps(hand) <= 0.25 * len(hand),
}


def draw_hands(group: Group, seed: int = SEED, *, tries: int = 2_000_000) -> list[tuple]:
    """The group's hands, in the order drawn (the same seed gives the same hands)."""
    rng = random.Random(f"{seed}/{group.id}/hands")
    size = RuleSet.for_players(group.players).hand_size
    weight = _WEIGHT[group.weights]
    keep = _KEEP[group.keep]
    out = []
    for _ in range(tries):
        # A weighted draw without replacement (Efraimidis-Spirakis keys); plain weights are a plain shuffle.
        ranked = sorted(CARDS, key=lambda c: rng.random() ** (1.0 / weight(c)), reverse=True)
        hand = tuple(sorted(ranked[:size], key=lambda c: c.index))
        if is_petit_sec(hand) or not keep(hand):
            continue
        if group.low <= hand_strength(hand, players=group.players) <= group.high:
            out.append(hand)
            if len(out) == group.hands:
                return out
    raise RuntimeError(f"{group.id}: only {len(out)} hands in {tries} draws")


def measure_hand(group: Group, i: int, hand, seed: int = SEED) -> dict:
    """One hand's deals: made and total taker score per contract."""
    e = estimate_bids(hand, players=group.players, samples=group.samples, rng=random.Random(f"{seed}/{group.id}/{i}"))
    return {"hand": " ".join(str(c) for c in hand), "count": round(hand_strength(hand, players=group.players), 1),
            "trumps": _trumps(hand),
            "made": {c.value: e.contracts[c].made for c in CONTRACTS},
            "total": {c.value: round(e.contracts[c].expected * group.samples, 1) for c in CONTRACTS}}


def hand_line(h: dict) -> str:
    """One hand's record on one line (the data file stays small for the content loader's limits):
    ``cards | count | trumps | made: petite garde garde-sans garde-contre | total scores, same order``."""
    made = " ".join(str(h["made"][c.value]) for c in CONTRACTS)
    total = " ".join(f"{h['total'][c.value]:g}" for c in CONTRACTS)
    return f"{h['hand']} | {h['count']:g} | {h['trumps']} | {made} | {total}"


def read_hand_line(line: str) -> dict:
    """The record ``hand_line`` wrote, back as measure_hand's mapping."""
    hand, count, trumps, made, total = (x.strip() for x in line.split("|"))
    return {"hand": hand, "count": float(count), "trumps": int(trumps),
            "made": dict(zip((c.value for c in CONTRACTS), map(int, made.split()), strict=True)),
            "total": dict(zip((c.value for c in CONTRACTS), map(float, total.split()), strict=True))}


def summarise(group: Group, per_hand: list[dict], seed: int = SEED) -> dict:
    """The group's pooled numbers (each contract: made, chance, Wilson interval, mean score)."""
    deals = group.samples * len(per_hand)
    contracts = {}
    for c in CONTRACTS:
        made = sum(h["made"][c.value] for h in per_hand)
        low, high = wilson(made, deals)
        contracts[c.value] = {"made": made, "chance": round(made / deals, 3), "low": round(low, 3),
                              "high": round(high, 3),
                              "expected": round(sum(h["total"][c.value] for h in per_hand) / deals, 1)}
    return {"what": group.what, "players": group.players, "band": [group.low, group.high], "hands": len(per_hand),
            "samples_per_hand": group.samples, "deals": deals, "contracts": contracts,
            "per_hand": [hand_line(h) for h in per_hand]}


def measure_group(group: Group, seed: int = SEED) -> dict:
    hands = draw_hands(group, seed)
    return summarise(group, [measure_hand(group, i, h, seed) for i, h in enumerate(hands)], seed)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seed", type=int, default=SEED)
    ap.add_argument("--out", type=Path, default=OUT)
    ap.add_argument("--only", nargs="*", help="measure only these group ids (prints, writes nothing)")
    args = ap.parse_args(argv)
    groups = [BY_ID[g] for g in args.only] if args.only else list(GROUPS)
    entries = {}
    total_cpu = time.process_time()
    print(f"{'group':<12} {'deals':>5}  {'petite':>14} {'garde':>14} {'garde sans':>14} {'g. contre':>14}  cpu s")
    for g in groups:
        t = time.process_time()
        e = measure_group(g, args.seed)
        entries[g.id] = e
        cells = "".join(f" {v['chance'] * 100:5.1f}% {v['expected']:+7.1f}" for v in e["contracts"].values())
        print(f"{g.id:<12} {e['deals']:>5} {cells}  {time.process_time() - t:6.1f}", flush=True)
    print(f"total CPU {time.process_time() - total_cpu:.1f} s")
    if args.only:
        return 0
    doc = {"made_by": "bench/strategy_measure.py", "seed": args.seed,
           "method": "Hands drawn at random (seeded) until enough fall in each band of the hand count; each hand "
                     "played out by the bots (estimate_bids, the hand at seat 1, which speaks and leads first) "
                     "samples_per_hand times. Deals pooled per group; the 95% Wilson interval treats the deals "
                     "as independent (they are grouped by hand, so it is a little narrow).",
           "entries": entries}
    args.out.write_text("# Written by bench/strategy_measure.py: do not edit by hand, run the script again.\n"
                        + yaml.safe_dump(doc, sort_keys=False, allow_unicode=True, width=120), encoding="utf-8")
    print(f"wrote {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
