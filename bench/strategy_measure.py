"""The strategy course's numbers: how often each contract is made, and what it scores, per hand count.

Run: python bench/strategy_measure.py [--seed 2026] [--out lessons/measurements.yaml]

For each group below, hands are drawn at random (seeded) until enough fall in the group's band of
the hand count (``tutor.strategy.bots.handcount.hand_strength``, the adopted scale; the bands follow each table
size's thresholds, ``handcount.thresholds``); each hand is then given to seat 1 (which speaks and leads
first) and judged by **the bidding estimator** (``tutor.strategy.bidding.estimate.estimate_bids``, ``samples`` deals
dealt at random around the hand, the taker bidding each contract and the others passing), whose chances are
**calibrated on the advisor's own play as taker against the practice bots** (``strategy/bidding/calibration.py``,
measured by ``bench/calibration.py``): the made rate a good taker reaches, not the bots'. These are the
numbers ``tarot-tutor bid`` and the Bid drill give for the same hand. The group's numbers are the means
over its hands: each contract's chance, its expected score, and the Wilson 95% interval of the deals that
chance makes. The lessons quote these numbers as ``{measure:<id>.<what>}`` (see
``tutor/content/measures.py``), so each number is stated in one place: this script's output.

Strong hands (a garde sans and up) are about 1 in 4,000 random hands, so those bands, and the
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
from tutor.engine.deal import DealtCards
from tutor.strategy import wilson
from tutor.strategy.bidding.estimate import estimate_bids
from tutor.strategy.bots.handcount import count_steps, hand_strength, thresholds

SEED = 2026
OUT = Path(__file__).resolve().parent.parent / "lessons" / "measurements.yaml"
SAMPLES = 100  # the estimator's deals a hand, as in the calibration (bench/calibration.py --samples)
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
    keep: str = "any"  # any | many-trumps | few-trumps | enough-trumps (the lessons' titles say it: Measures.title)


def _table_groups(players: int, hands: int, samples: int, halves: bool = False) -> list[Group]:
    """One group per band of this table size's thresholds (pass just under the petite, then each contract)."""
    t = {c: need for need, c in thresholds(players)}
    p, g, gs, gc = (t[c] for c in (Contract.PETITE, Contract.GARDE, Contract.GARDE_SANS, Contract.GARDE_CONTRE))
    bands = [("pass", p - 9, p - 0.01), ("petite", p, g - 0.01), ("garde", g, gs - 0.01),
             ("garde_sans", gs, gc - 0.01), ("garde_contre", gc, 999)]
    if halves:
        mp, mg = (p + g) // 2, (g + gs) // 2
        bands += [("petite_low", p, mp - 0.01), ("petite_high", mp, g - 0.01), ("garde_low", g, mg - 0.01),
                  ("garde_high", mg, gs - 0.01)]
    out = []
    for name, low, high in bands:
        # Strong hands are rare (few in 10,000 random hands), more so with 3 players: draw them weighted.
        weights = "plain" if low < gs else "strong" if low >= gc or players == 3 else "trumps"
        # Only hands the count lets bid (enough trumps, handcount.MIN_TRUMPS): the bands are what the count says.
        out.append(Group(f"p{players}_{name}", players, low, high, hands, samples, weights, "enough-trumps"))
    return out


def _make_up_groups(players: int) -> tuple[Group, ...]:
    """Same count (the upper petite band and the garde's start), different make-up: many trumps or few."""
    t = {c: need for need, c in thresholds(players)}
    low, high = t[Contract.PETITE] + 5, t[Contract.GARDE] + 4.99
    return (Group(f"p{players}_trumps", players, low, high, 20, SAMPLES, "trumps", "many-trumps"),
            Group(f"p{players}_points", players, low, high, 20, SAMPLES, "courts", "few-trumps"))


GROUPS: tuple[Group, ...] = (
    *_table_groups(4, 30, SAMPLES, halves=True),
    *_table_groups(3, 24, SAMPLES),
    *_table_groups(5, 24, SAMPLES),
    *_make_up_groups(3), *_make_up_groups(4), *_make_up_groups(5),
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
    "enough-trumps": lambda hand: not count_steps(hand, players=len(hand) and _PLAYERS[len(hand)]).too_few_trumps,
}
_PLAYERS = {24: 3, 18: 4, 15: 5}  # hand size -> table size


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


def dealt_for(hand, players: int, rng: random.Random) -> DealtCards:
    """The cards dealt with ``hand`` at seat 1 (index 0, the first to speak): the other hands at random."""
    rules = RuleSet.for_players(players)
    held = set(hand)
    while True:
        rest = [c for c in CARDS if c not in held]
        rng.shuffle(rest)
        hands = [tuple(hand)]
        for _ in range(players - 1):
            hands.append(tuple(rest[:rules.hand_size]))
            rest = rest[rules.hand_size:]
        if not any(is_petit_sec(h) for h in hands):
            return DealtCards(players, players - 1, tuple(hands), tuple(rest), 0, ())


def measure_hand(group: Group, i: int, hand, seed: int = SEED) -> dict:
    """One hand, as the bidding estimator sees it at seat 1: each contract's chance and expected taker score,
    over ``group.samples`` deals dealt at random around the hand, **calibrated on the advisor's own play as
    taker** (``estimate_bids``: the same numbers ``tarot-tutor bid`` and the Bid drill give for this hand)."""
    est = estimate_bids(hand, players=group.players, seat=0, samples=group.samples,
                        rng=random.Random(f"{seed}/{group.id}/{i}"))
    return {"hand": " ".join(str(c) for c in hand), "count": round(hand_strength(hand, players=group.players), 1),
            "trumps": _trumps(hand),
            "chance": {c.value: round(est.contracts[c].chance, 3) for c in CONTRACTS},
            "expected": {c.value: round(est.contracts[c].expected, 1) for c in CONTRACTS}}


def hand_line(h: dict) -> str:
    """One hand's record on one line (the data file stays small for the content loader's limits):
    ``cards | count | trumps | chance: petite garde garde-sans garde-contre | expected scores, same order``."""
    chance = " ".join(f"{h['chance'][c.value]:.3f}" for c in CONTRACTS)
    expected = " ".join(f"{h['expected'][c.value]:g}" for c in CONTRACTS)
    return f"{h['hand']} | {h['count']:g} | {h['trumps']} | {chance} | {expected}"


def read_hand_line(line: str) -> dict:
    """The record ``hand_line`` wrote, back as measure_hand's mapping."""
    hand, count, trumps, chance, expected = (x.strip() for x in line.split("|"))
    return {"hand": hand, "count": float(count), "trumps": int(trumps),
            "chance": dict(zip((c.value for c in CONTRACTS), map(float, chance.split()), strict=True)),
            "expected": dict(zip((c.value for c in CONTRACTS), map(float, expected.split()), strict=True))}


def summarise(group: Group, per_hand: list[dict], seed: int = SEED) -> dict:
    """The group's numbers: each contract's chance and expected score, the mean over its hands; ``made`` is the
    deals that chance makes out of ``deals`` (hands × the estimator's deals a hand), with their Wilson interval."""
    deals = group.samples * len(per_hand)
    contracts = {}
    for c in CONTRACTS:
        chance = sum(h["chance"][c.value] for h in per_hand) / len(per_hand)
        made = round(chance * deals)
        low, high = wilson(made, deals)
        contracts[c.value] = {"made": made, "chance": round(chance, 3), "low": round(low, 3), "high": round(high, 3),
                              "expected": round(sum(h["expected"][c.value] for h in per_hand) / len(per_hand), 1)}
    # No title: the lessons build it from players, band and keep, in the learner's language (Measures.title).
    return {"keep": group.keep, "players": group.players, "band": [group.low, group.high], "hands": len(per_hand),
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
    old = yaml.safe_load(args.out.read_text(encoding="utf-8")) if args.out.exists() else {}
    doc = {"made_by": "bench/strategy_measure.py", "seed": args.seed,
           "method": "Hands drawn at random (seeded) until enough fall in each band of the hand count (Chavey's "
                     "scale, each table size's thresholds); each hand given to seat 1 (which speaks and leads "
                     "first) and judged by the bidding estimator: samples_per_hand deals dealt at random around "
                     "it, the taker bidding each contract and the others passing, each chance calibrated on the "
                     "advisor's own play as taker against the practice bots (bench/calibration.py). A group's "
                     "numbers are the means over its hands; made is the deals that chance makes, with their 95% "
                     "Wilson interval (which treats the deals as independent, so it is a little narrow).",
           "entries": entries,
           # figures of the other bench scripts (handcount_scales.py, king_call.py), kept as they are
           "facts": (old or {}).get("facts") or {}}
    args.out.write_text("# Written by bench/strategy_measure.py: do not edit by hand, run the script again.\n"
                        + yaml.safe_dump(doc, sort_keys=False, allow_unicode=True, width=120), encoding="utf-8")
    print(f"wrote {args.out}")
    return 0


def write_facts(prefix: str, facts: dict, out: Path = OUT) -> None:
    """Replace the ``prefix*`` entries of the measurements' ``facts`` (another bench script's figures)."""
    doc = yaml.safe_load(out.read_text(encoding="utf-8"))
    kept = {k: v for k, v in (doc.get("facts") or {}).items() if not k.startswith(prefix)}
    doc["facts"] = {**kept, **facts}
    out.write_text("# Written by bench/strategy_measure.py: do not edit by hand, run the script again.\n"
                   + yaml.safe_dump(doc, sort_keys=False, allow_unicode=True, width=120), encoding="utf-8")
    print(f"wrote the {prefix}* facts to {out}")


if __name__ == "__main__":
    sys.exit(main())
