"""``tarot-tutor solve``, ``bid`` and ``match``: the solver, the bidding estimator and the advisor's duplicate
match on the command line.

Seats are 1..players in play order, as in the position format; JSON keys keep the code names
(``garde_sans``) so scripts can rely on them, while the text output says "Garde sans".
"""

from __future__ import annotations

import json
import sys

from ..engine import Contract, TarotError
from ..engine.cards import points_text
from ..engine.words import plural
from ..limits import MAX_BID_SAMPLES, MAX_POSITION_BYTES
from .quiz_cmds import check_seed
from .reading import read_text


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
    p.add_argument("--samples", type=int, default=200,
                   help=f"deals to play out (1-{MAX_BID_SAMPLES:,}, default 200)")
    p.add_argument("--seed", type=int, default=1, help="seed of the deals (default 1): same seed, same numbers")
    p.add_argument("--json", action="store_true", help="print JSON")
    p.set_defaults(handler=cmd_bid)

    p = sub.add_parser("match", help="duplicate match: the advisor in each seat against the bots, gain per deal")
    p.add_argument("--players", type=int, default=4, choices=(3, 4, 5))
    p.add_argument("--boards", type=int, default=10, help="seeded deals, each played once per seat (default 10)")
    p.add_argument("--seed", type=int, default=1, help="seed of the boards (default 1): same seed, same match")
    p.add_argument("--budget", type=int, default=300,
                   help="the advisor's budget per decision, in milliseconds of modelled work (default 300)")
    p.add_argument("--json", action="store_true", help="print JSON")
    p.set_defaults(handler=cmd_match)


def contract_name(contract: Contract) -> str:
    """'Petite', 'Garde', 'Garde sans', 'Garde contre': the names players use."""
    return contract.value.replace("_", " ").capitalize()


def read_position(path: str):
    """The position in ``path`` (``-``: standard input), read as ``check`` reads a lesson: at most
    MAX_POSITION_BYTES, then the content loader, which refuses deep nesting, alias bombs and
    numbers too long before it builds anything. Any problem is one PositionError line."""
    from ..content.yamlio import ContentError, load_text
    from ..strategy.position import Position, PositionError
    name = "standard input" if path == "-" else path
    text = read_text(path, MAX_POSITION_BYTES, name)
    try:
        data = load_text(text, name)
    except ContentError as err:
        problem = err.problems[0]
        where = f" (line {problem.line})" if problem.line else ""
        what = problem.message.replace("invalid YAML", "the position is not valid YAML or JSON", 1)
        raise PositionError(f"{name}{where}: {what}") from None
    return Position.from_mapping(data)


def cmd_solve(args) -> int:
    from ..strategy.solver import estimate, in_exact_range, solve
    position = read_position(args.position)
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


def cmd_bid(args) -> int:
    from ..engine import parse_cards
    from ..strategy.estimate import HOW, estimate_bids
    if not 1 <= args.seat <= args.players:
        raise TarotError(f"--seat is 1 to {args.players} (in play order; seat 1 leads first), not {args.seat}")
    if not 1 <= args.samples <= MAX_BID_SAMPLES:  # ~7 ms a deal: the most takes ~7 s
        raise TarotError(f"--samples is between 1 and {MAX_BID_SAMPLES:,}, not {args.samples}")
    check_seed(args.seed)
    hand = parse_cards(args.hand)
    est = estimate_bids(hand, players=args.players, seat=args.seat - 1, samples=args.samples, seed=args.seed)
    if args.json:
        print(json.dumps(est.to_json()))
        return 0
    print(f"{args.players} players, seat {args.seat}; {est.samples} deals {HOW} (seed {args.seed}).")
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


def cmd_match(args) -> int:
    from ..limits import MAX_MATCH_BOARDS, MAX_MATCH_BUDGET_MS, MAX_SEED
    from ..strategy.match import run_match
    if not 1 <= args.boards <= MAX_MATCH_BOARDS:
        raise TarotError(f"--boards is between 1 and {MAX_MATCH_BOARDS}, not {args.boards}")
    if not 1 <= args.budget <= MAX_MATCH_BUDGET_MS:
        raise TarotError(f"--budget is between 1 and {MAX_MATCH_BUDGET_MS} ms, not {args.budget}")
    if not 0 <= args.seed <= MAX_SEED:
        raise TarotError(f"--seed is between 0 and {MAX_SEED}, not {args.seed}")

    def progress(done: int, total: int) -> None:
        print(f"board {done} of {total} played", file=sys.stderr, flush=True)

    out = run_match(args.players, args.boards, args.seed, budget_ms=args.budget,
                    progress=None if args.json else progress)
    if args.json:
        print(json.dumps(out))
        return 0
    print(f"{args.players} players, {out['boards']} boards, seed {args.seed}, the advisor's budget "
          f"{args.budget} ms a decision; each board played by the bots, then once per seat with the advisor there.")
    for label, part in (("All deals", out), ("As taker or partner", out["as_taker"]),
                        ("As defender", out["as_defender"])):
        lo, hi = part["ci95"]
        print(f"  {label:<20} {part['deals']:>5} deals  gain {part['gain_per_deal']:+.1f} a deal "
              f"(95% interval {lo:+.1f} to {hi:+.1f})")
    return 0
