"""``tarot-tutor solve`` and ``tarot-tutor bid``: the solver and the bidding estimator on the command line.

Seats are 1..players in play order, as in the position format; JSON keys keep the code names
(``garde_sans``) so scripts can rely on them, while the text output says "Garde sans".
"""

from __future__ import annotations

import json
import sys

from ..engine import Contract, TarotError
from ..engine.cards import points_text
from ..engine.words import plural


def register(sub) -> None:
    p = sub.add_parser("solve", help="best play when every card is known (double-dummy), exact in the endgame")
    p.add_argument("position", help="a position file (YAML or JSON), or - for standard input")
    p.add_argument("--estimate", action="store_true",
                   help="beyond the exact range, estimate (plain play down to the exact range) instead of refusing")
    p.add_argument("--line", action="store_true", help="also print a perfect line of play after the best card")
    p.add_argument("--json", action="store_true", help="print JSON")
    p.set_defaults(handler=cmd_solve)

    p = sub.add_parser("bid", help="each contract's chance, 95%% interval and expected score for a hand")
    p.add_argument("--players", type=int, default=4, choices=(3, 4, 5))
    p.add_argument("--hand", required=True, help='the hand, e.g. "T21 T15 EX KH QH 5H …"')
    p.add_argument("--seat", type=int, default=1, help="your seat, 1..players in play order (1 leads first)")
    p.add_argument("--samples", type=int, default=200, help="deals to play out (default 200)")
    p.add_argument("--seed", type=int, default=1, help="seed of the deals (default 1): same seed, same numbers")
    p.add_argument("--json", action="store_true", help="print JSON")
    p.set_defaults(handler=cmd_bid)


def contract_name(contract: Contract) -> str:
    """'Petite', 'Garde', 'Garde sans', 'Garde contre': the names players use."""
    return contract.value.replace("_", " ").capitalize()


def _read(path: str) -> str:
    if path == "-":
        return sys.stdin.read()
    with open(path, encoding="utf-8") as f:
        return f.read()


def cmd_solve(args) -> int:
    from ..strategy.position import Position
    from ..strategy.solver import estimate, in_exact_range, solve
    position = Position.parse(_read(args.position))
    if position.cards_left == 0:
        raise TarotError("the deal is over: there is no card left to play")
    if args.estimate and not in_exact_range(position):
        solution = estimate(position)
    else:
        solution = solve(position, line=args.line)
    if args.json:
        out = solution.to_json()
        if args.line and solution.line:
            out["line"] = [{"seat": seat + 1, "card": c.code} for seat, c in solution.line]
        print(json.dumps(out))
        return 0
    seat = solution.to_play
    side = "attack" if position.is_attack(seat) else "defence"
    role = "taker" if seat == position.taker else "partner" if seat == position.partner else "defender"
    print(f"{position.players} players, {contract_name(position.contract)}; seat {seat + 1} to play "
          f"({role}, {side}), {plural(position.tricks_left, 'trick')} left.")
    print("Each card with perfect play after it" + (":" if solution.exact else
          " (ESTIMATED: beyond the exact range, plain play down to it, then exact):"))
    width = max(len(c.code) for c in solution.cards)
    for c, v in solution.cards.items():
        mark = "  best" if c in solution.best else ""
        points = points_text(v.attack_points)
        print(f"  {c.code:<{width}}  taker scores {v.taker_score:+d}, attack makes {points} points{mark}")
    aim = "the highest" if side == "attack" else "the lowest"
    print(f"Best for the {side} ({aim} taker score): {' '.join(c.code for c in solution.best)}.")
    if solution.line:
        print("A perfect line: " + ", ".join(f"seat {s + 1} {c.code}" for s, c in solution.line) + ".")
    return 0


MAX_SAMPLES = 100_000


def cmd_bid(args) -> int:
    from ..engine import parse_cards
    from ..strategy.estimate import estimate_bids
    hand = parse_cards(args.hand)
    if not 1 <= args.seat <= args.players:
        raise TarotError(f"--seat is 1 to {args.players} (in play order; seat 1 leads first), not {args.seat}")
    if not 1 <= args.samples <= MAX_SAMPLES:
        raise TarotError(f"--samples is between 1 and {MAX_SAMPLES}, not {args.samples}")
    est = estimate_bids(hand, players=args.players, seat=args.seat - 1, samples=args.samples, seed=args.seed)
    if args.json:
        print(json.dumps(est.to_json()))
        return 0
    print(f"{args.players} players, seat {args.seat}; {est.samples} deals played out by the bots (seed {args.seed}).")
    print(f"  {'Contract':<13} {'Makes it':>8}  {'95% interval':<13} {'Expected score':>14}")
    for c, e in est.contracts.items():
        interval = f"{e.low:.0%}–{e.high:.0%}"
        print(f"  {contract_name(c):<13} {e.chance:>8.0%}  {interval:<13} {e.expected:>+14.1f}")
    if est.advice is None:
        print("Advice: pass. No contract is expected to score above 0 with this hand.")
    else:
        e = est.contracts[est.advice]
        print(f"Advice: {contract_name(est.advice)}, the best expected score ({e.expected:+.1f} for the taker; "
              f"made {e.chance:.0%} of the time).")
    return 0
