"""Is the bidding estimator's chance the made rate a good taker reaches? A calibration table (4 players; --players).

Run: python bench/calibration.py [--deals 2000] [--set eval] [--budget 20] [--samples 200] [--record FILE]
     python bench/calibration.py --from FILE [--from FILE2 ...] [--fit]

Each deal is a seeded 4-player deal (``calibration:<set>:<k>``; deals with a Petit sec are skipped). Its
taker is the seat whose hand counts the most (``handcount.hand_strength``: the seat most likely to bid).
For that hand the estimator (``estimate_bids``, ``--samples`` deals, seeded by the deal) gives each
contract's chance; then the **real deal** is played out with that seat taking (everyone else passing, the
bots' écart and king call): the **advisor** plays the taker's cards (``advise_card``'s pick at ``--budget`` ms of
modelled work a card), the **practice bots** play the three defenders. A garde is
played (and scored as a petite too: same dog, same play), a garde sans and a garde contre. Whether the
advisor made each contract is the observed outcome; the deal is also played by the bots as taker (the
estimator's own policy) for comparison.

The table: the (deal, contract) pairs grouped by decile of predicted chance (calibrated: the chance the
learner is shown), each decile's mean prediction against the advisor's made rate (with its Wilson 95%
interval: a decile of a few dozen pairs cannot be read closer than that), and the gap (the goal: within 8
points in every populated decile). ``--record`` appends one JSON line a deal; ``--from`` prints the
table again from such files with the current calibration (no replay); ``--fit`` prints the isotonic fit of
the made rate on the raw chance, the knots for ``tutor/strategy/bidding/calibration.py``. Progress goes to stderr.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
import time
from pathlib import Path

from tutor.engine import Bid, CallKing, Contract, Deal, Discard, Phase, PlayCard, RuleSet
from tutor.strategy.advisor.advise import advise_card
from tutor.strategy.bidding.calibration import FITTED_ON_BY_PLAYERS, KNOTS, calibrate, knots_for
from tutor.strategy.bidding.estimate import estimate_bids, taking, wilson
from tutor.strategy.bots.handcount import choose_call, choose_ecart, hand_strength
from tutor.strategy.bots.policy import decide

sys.path.insert(0, str(Path(__file__).resolve().parent))
from handcount_scales import fit  # noqa: E402  (one Newton fit of a logistic for the bench scripts)

PLAYERS = 4
# The contract played -> the contracts scored on that play (a petite is a garde's play, scored ×1).
PLAYS = {Contract.GARDE: (Contract.PETITE, Contract.GARDE), Contract.GARDE_SANS: (Contract.GARDE_SANS,),
         Contract.GARDE_CONTRE: (Contract.GARDE_CONTRE,)}
OVER = (Phase.DONE, Phase.CANCELLED)
# A petite is made exactly when the garde on the same play is (same target, same chance): counted once.
TABLED = (Contract.GARDE, Contract.GARDE_SANS, Contract.GARDE_CONTRE)


def board(set_name: str, k: int, players: int = PLAYERS) -> Deal | None:
    # The 4-player sets keep their first names (calibration:<set>:<k>); other table sizes have their own.
    name = f"calibration:{set_name}:{k}" if players == PLAYERS else f"calibration:p{players}:{set_name}:{k}"
    seed = random.Random(name).randrange(2**31)
    deal = Deal.new(players, seed=seed, dealer=players - 1)
    return None if deal.dealt.petit_sec() else deal


def advisor_taking(deal: Deal, seat: int, contract: Contract, budget_ms: float, seed: int) -> Deal:
    """The real deal with ``seat`` taking ``contract``: the advisor plays its cards, the bots the rest."""
    d = Deal(deal.dealt, rules=RuleSet.for_players(deal.players))
    while d.phase is Phase.BIDDING:
        d.apply(Bid(d.to_act, contract if d.to_act == seat else None))
    if d.phase is Phase.CALLING:
        d.apply(CallKing(seat, choose_call(d.hand(seat))))
    if d.phase is Phase.ECART:
        d.apply(Discard(seat, tuple(choose_ecart(d.hand(seat), players=d.players))))
    while d.phase not in OVER:
        view = d.view(d.to_act)
        move = decide(view).action
        if d.to_act == seat and isinstance(move, PlayCard) and len(view.legal) > 1:
            move = PlayCard(seat, advise_card(view, budget_ms=budget_ms, seed=seed).pick)
        d.apply(move)
    return d


def taker_of(deal: Deal) -> int:
    """The seat whose hand counts the most (the seat most likely to bid)."""
    n = deal.players
    hands = [deal.hand(s) for s in range(n)]
    return max(range(n), key=lambda s: (hand_strength(hands[s], players=n), -s))


def taker_count(deal: Deal) -> float:
    return hand_strength(deal.hand(taker_of(deal)), players=deal.players)


def decile(p: float) -> int:
    return min(int(p * 10), 9)


def estimate(deal: Deal, samples: int) -> dict[str, float]:
    """The raw chance of each contract for the taker's hand (the estimator, seeded by the deal)."""
    taker = taker_of(deal)
    est = estimate_bids(deal.hand(taker), players=deal.players, seat=taker, samples=samples, seed=deal.seed)
    return {c.value: est.contracts[c].raw for c in Contract}


def measure(deal: Deal, budget_ms: float, samples: int, plays=tuple(PLAYS)) -> dict:
    hands = [deal.hand(s) for s in range(deal.players)]
    taker = taker_of(deal)
    est = estimate_bids(hands[taker], players=deal.players, seat=taker, samples=samples, seed=deal.seed)
    out = {"seed": deal.seed, "taker": taker, "budget": budget_ms, "samples": samples,
           "count": hand_strength(hands[taker], players=deal.players), "players": deal.players,
           "raw": {c.value: est.contracts[c].raw for c in Contract}, "advisor": {}, "bots": {}}
    for played in plays:
        scored = PLAYS[played]
        done = advisor_taking(deal, taker, played, budget_ms, deal.seed)
        lean = taking(deal.dealt, taker, played)
        lean.finish()
        for c in scored:
            done.contract = c  # the same play under the contract sharing it (a petite: a garde's play)
            out["advisor"][c.value] = done.result().score.won
            lean.contract = c
            out["bots"][c.value] = lean.score()[0] > 0
        done.contract = played
    return out


def table(records: list[dict], who: str = "advisor") -> tuple[str, float]:
    """The Markdown calibration table and the largest gap in points (populated deciles)."""
    bins: dict[int, list[tuple[float, bool]]] = {}
    for r in records:
        for c in TABLED:
            if c.value not in r[who]:
                continue
            p = calibrate(r["raw"][c.value], knots_for(r.get("players", PLAYERS)))
            bins.setdefault(decile(p), []).append((p, r[who][c.value]))
    lines = ["| predicted chance | pairs | mean predicted | made (observed) | made, 95% interval | gap (points) |",
             "|---|---|---|---|---|---|"]
    worst = 0.0
    for b in range(10):
        got = bins.get(b, [])
        if not got:
            lines.append(f"| {b * 10}-{b * 10 + 10}% | 0 | | | | |")
            continue
        pred = sum(p for p, _ in got) / len(got)
        made = sum(1 for _, m in got if m) / len(got)
        gap = 100 * (made - pred)
        worst = max(worst, abs(gap))
        low, high = wilson(sum(1 for _, m in got if m), len(got))
        lines.append(f"| {b * 10}-{b * 10 + 10}% | {len(got)} | {pred:.1%} | {made:.1%} | {low:.0%}-{high:.0%} | "
                     f"{gap:+.1f} |")
    return "\n".join(lines), worst


EPS = 0.005  # the raw chance is clamped to [EPS, 1 - EPS] before its logit (half a deal in 100)
KNOT_XS = (0.0, 0.01, 0.02, 0.05, 0.1, 0.15, 0.2, 0.25, 0.3, 0.35, 0.4, 0.45, 0.5, 0.55, 0.6, 0.65, 0.7, 0.75, 0.8,
           0.85, 0.9, 0.95, 0.98, 0.99, 1.0)


def _logit(x: float) -> float:
    x = min(max(x, EPS), 1 - EPS)
    return math.log(x / (1 - x))


def logistic_map(a: float, b: float, x: float) -> float:
    return 1 / (1 + math.exp(-(a + b * _logit(x))))


def logistic(points: list[tuple[float, float]]) -> tuple[float, float]:
    """The maximum-likelihood fit of made ~ sigmoid(a + b logit(raw)): ``handcount_scales.fit`` on the logits."""
    return fit([_logit(x) for x, _ in points], [y for _, y in points])


def isotonic(points: list[tuple[float, float]]) -> list[tuple[float, float]]:
    """Pool-adjacent-violators: the monotone fit of y on x, as (x, y) knots at each block's mean x."""
    blocks: list[list[float]] = []  # [sum x, sum y, count]
    for x, y in sorted(points):
        blocks.append([x, y, 1])
        while len(blocks) > 1 and blocks[-2][1] / blocks[-2][2] >= blocks[-1][1] / blocks[-1][2]:
            sx, sy, n = blocks.pop()
            blocks[-1][0] += sx
            blocks[-1][1] += sy
            blocks[-1][2] += n
    return [(round(sx / n, 4), round(sy / n, 4)) for sx, sy, n in blocks]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--deals", type=int, default=2000)
    ap.add_argument("--players", type=int, default=PLAYERS, choices=(3, 4, 5))
    ap.add_argument("--set", default="eval", help="the seeded set of deals: 'eval' (the table) or 'fit'")
    ap.add_argument("--start", type=int, default=0, help="the first deal's number in the set")
    ap.add_argument("--budget", type=float, default=20, help="the advisor's modelled work a card, in ms")
    ap.add_argument("--samples", type=int, default=100, help="the estimator's sampled deals a hand")
    ap.add_argument("--all-plays", action="store_true", help="play all three contracts on every deal")
    ap.add_argument("--stratify", action="store_true",
                    help="play, on each deal, the contract whose shown chance falls in the decile with the fewest "
                         "pairs so far (fills the rare top deciles; the choice reads only the prediction)")
    ap.add_argument("--min-count", type=float, default=0,
                    help="skip deals whose taker's hand counts less (a fitting set rich in strong hands)")
    ap.add_argument("--record", help="append one JSON line a deal to this file")
    ap.add_argument("--from", dest="sources", nargs="*", help="print the table from recorded files instead")
    ap.add_argument("--fit", action="store_true", help="with --from: print the isotonic knots of the raw chance")
    args = ap.parse_args()
    if args.sources:
        records = [json.loads(line) for f in args.sources for line in Path(f).read_text("utf-8").splitlines()
                   if line.strip()]
        if args.fit:
            pts = [(r["raw"][c.value], 1.0 if r["advisor"][c.value] else 0.0) for r in records for c in TABLED
                   if c.value in r["advisor"]]
            a, b = logistic(pts)
            print(f"{len(records)} deals, {len(pts)} pairs; logistic on the raw chance's logit: "
                  f"a = {a:.4f}, b = {b:.4f}")
            print("KNOTS = " + repr(tuple((x, round(logistic_map(a, b, x), 4)) for x in KNOT_XS)))
            print("isotonic, for comparison:", isotonic(pts))
            return
        report(records, args)
        return
    records = []
    cpu0, wall0 = time.process_time(), time.perf_counter()
    out = open(args.record, "a", encoding="utf-8") if args.record else None  # noqa: SIM115 (a line a deal, flushed)
    k = args.start
    filled = [0] * 10  # pairs so far per decile of the shown chance (--stratify)
    while len(records) < args.deals:
        deal = board(args.set, k, args.players)
        k += 1
        if deal is None or (args.min_count and taker_count(deal) < args.min_count):
            continue
        # One play a deal (a garde, scored as a petite too; a garde sans; a garde contre): the advisor's play
        # is the costly part (its endgame solves every sample), so each deal pays for one. In turn, or the one
        # whose predicted chance is in the emptiest decile: a choice made on the prediction alone, so each
        # decile still compares like with like.
        if args.all_plays:
            plays = tuple(PLAYS)
        elif args.stratify:
            est = estimate(deal, args.samples)
            knots = knots_for(args.players)
            plays = (min(TABLED, key=lambda c: (filled[decile(calibrate(est[c.value], knots))], -TABLED.index(c))),)
        else:
            plays = (tuple(PLAYS)[k % 3],)
        r = measure(deal, args.budget, args.samples, plays)
        for c in TABLED:
            if c.value in r["advisor"]:
                filled[decile(calibrate(r["raw"][c.value], knots_for(args.players)))] += 1
        records.append(r)
        if out:
            out.write(json.dumps(r) + "\n")
            out.flush()
        n = len(records)
        print(f"deal {n}/{args.deals}: CPU {time.process_time() - cpu0:.0f} s ({(time.process_time() - cpu0) / n:.2f} "
              f"s a deal), wall {time.perf_counter() - wall0:.0f} s", file=sys.stderr, flush=True)
    report(records, args)


def report(records: list[dict], args) -> None:
    budgets = sorted({r.get("budget", args.budget) for r in records})
    samples = sorted({r.get("samples", args.samples) for r in records})
    pairs = sum(1 for r in records for c in TABLED if c.value in r["advisor"])
    tables = sorted({r.get("players", PLAYERS) for r in records})
    fitted = "; ".join(FITTED_ON_BY_PLAYERS.get(t, "the 4-player map") for t in tables)
    print(f"{len(records)} deals ({pairs} deal-contract pairs), {tables} players; the estimator at {samples} samples, "
          f"calibrated by {len(KNOTS)} knots ({fitted}). The advisor as taker ({budgets} ms of modelled work a "
          "card), the practice bots defending.")
    text, worst = table(records)
    print(text)
    print(f"largest gap: {worst:.1f} points")
    text, worst = table(records, "bots")
    print("\nThe same deals with the bots as taker:")
    print(text)
    print(f"largest gap: {worst:.1f} points")


if __name__ == "__main__":
    main()
