"""Engine speed: random full deals, legal_plays and score_deal calls per second.

Run: python bench/engine.py [--seconds 2]
"""

from __future__ import annotations

import argparse
import itertools
import random
import time

from tutor.engine import CARDS, legal_plays, score_deal
from tutor.engine.playout import random_playout


def rate(fn, seconds: float) -> float:
    n = 0
    start = time.perf_counter()
    while (elapsed := time.perf_counter() - start) < seconds:
        for _ in range(50):
            fn()
        n += 50
    return n / elapsed


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--seconds", type=float, default=2.0)
    args = ap.parse_args()
    print(f"{'players':>7} {'deals/s':>10} {'legal_plays/s':>14} {'score_deal/s':>13}")
    for players in (3, 4, 5):
        rng = random.Random(players)
        deals = rate(lambda: random_playout(players, rng), args.seconds)  # noqa: B023

        # legal_plays on real positions: hands and partial tricks from playouts.
        positions = []
        for _ in range(200):
            p = random_playout(players, rng)
            t = p.tricks[rng.randrange(len(p.tricks))]
            k = rng.randrange(players)
            later = [c for tr in p.tricks[p.tricks.index(t):] for c, s in zip(tr.cards, tr.seats)
                     if s == t.seats[k]]
            positions.append((later, list(t.cards[:k])))
        it = itertools.cycle(positions)
        legal = rate(lambda: legal_plays(*next(it)), args.seconds)  # noqa: B023

        contracts = ["petite", "garde", "garde_sans", "garde_contre"]
        cases = [dict(players=players, contract=rng.choice(contracts), taker_points=float(rng.randint(20, 70)),
                      oudlers=rng.randint(1, 2), petit_au_bout=rng.choice([None, "attack", "defence"]))
                 for _ in range(100)]
        it2 = itertools.cycle(cases)
        scores = rate(lambda: score_deal(**next(it2)), args.seconds)  # noqa: B023
        print(f"{players:>7} {deals:>10,.0f} {legal:>14,.0f} {scores:>13,.0f}")
    assert len(CARDS) == 78


if __name__ == "__main__":
    main()
