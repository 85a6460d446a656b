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
from ..i18n import N_, _, grouped, ngettext, percent
from ..i18n.words import say
from ..limits import MAX_BID_SAMPLES, MAX_POSITION_BYTES
from .quiz_cmds import check_seed
from .reading import read_text
from .text import decimal

# A seat's role in words (``{role}`` of the solve line).
ROLES = {"taker": N_("taker"), "partner": N_("partner"), "defender": N_("defender")}


def register(sub) -> None:
    p = sub.add_parser("solve", help=_("best play when every card is known (double-dummy), exact in the endgame"))
    p.add_argument("position", help=_("a position file (YAML or JSON), or - for standard input"))
    p.add_argument("--estimate", action="store_true",
                   help=_("beyond the exact range, estimate (plain play down to the exact range) instead of refusing"))
    p.add_argument("--line", action="store_true", help=_("also print a perfect line of play after the best card"))
    p.add_argument("--json", action="store_true", help=_("print JSON"))
    p.set_defaults(handler=cmd_solve)

    p = sub.add_parser("bid", help=_("each contract's chance, 95%% interval and expected score for a hand"))
    p.add_argument("--players", type=int, default=4, choices=(3, 4, 5))
    p.add_argument("--hand", required=True, help=_('the hand, e.g. "T21 T15 EX KH QH 5H …"'))
    p.add_argument("--seat", type=int, default=1, help=_("your seat, 1..players in play order (1 leads first)"))
    p.add_argument("--samples", type=int, default=200,
                   help=_("deals to play out (1-{most}, default 200)").format(most=f"{MAX_BID_SAMPLES:,}"))
    p.add_argument("--seed", type=int, default=1, help=_("seed of the deals (default 1): same seed, same numbers"))
    p.add_argument("--json", action="store_true", help=_("print JSON"))
    p.set_defaults(handler=cmd_bid)

    p = sub.add_parser("match", help=_("duplicate match: the advisor (or any player) in each seat against the bots "
                                       "(or any), gain per deal"))
    p.add_argument("--players", type=int, default=4, choices=(3, 4, 5))
    p.add_argument("--boards", type=int, default=10, help=_("seeded deals, each played once per seat (default 10)"))
    p.add_argument("--seed", type=int, default=1, help=_("seed of the boards (default 1): same seed, same match"))
    p.add_argument("--budget", type=int, default=300,
                   help=_("the advisor's budget per decision, in milliseconds of modelled work (default 300)"))
    p.add_argument("--seat", default="advisor", metavar="PLAYER",
                   help=_("the player measured, in each seat in turn: 'advisor' (default), 'bots', 'reference' or "
                          "'cmd:PROGRAM ARGS' (a program speaking the seat protocol)"))
    p.add_argument("--others", default="bots", metavar="PLAYER",
                   help=_("the players of the other seats, and of every seat in the comparison deal: 'bots' "
                          "(default), 'reference', 'advisor' or 'cmd:PROGRAM ARGS'"))
    p.add_argument("--time-limit", type=float, default=2.0, metavar="SECONDS",
                   help=_("a program's time for one decision (default 2); a late answer is replaced by the bots' move"))
    p.add_argument("--program-log", metavar="FILE",
                   help=_("append the programs' standard error to FILE (default: shown here)"))
    p.add_argument("--record", metavar="FILE",
                   help=_("keep each board in FILE as it is played; boards of the same match already there are not "
                          "played again"))
    p.add_argument("--json", action="store_true",
                   help=_("print JSON (and the figures so far on standard error after each board)"))
    p.set_defaults(handler=cmd_match)


def contract_name(contract: Contract) -> str:
    """'Petite', 'Garde', 'Garde sans', 'Garde contre': the names players use."""
    return contract.value.replace("_", " ").capitalize()


def read_position(path: str):
    """The position in ``path`` (``-``: standard input), read as ``check`` reads a lesson: at most
    MAX_POSITION_BYTES, then the content loader, which refuses deep nesting, alias bombs and
    numbers too long before it builds anything. Any problem is one PositionError line."""
    from ..content.yamlio import ContentError, load_text
    from ..strategy.exact.position import Position, PositionError
    name = _("standard input") if path == "-" else path
    text = read_text(path, MAX_POSITION_BYTES, name)
    try:
        data = load_text(text, name)
    except ContentError as err:
        problem = err.problems[0]
        where = _(" (line {n})").format(n=problem.line) if problem.line else ""
        what = say(problem.message).replace("invalid YAML", _("the position is not valid YAML or JSON"), 1)
        raise PositionError(f"{name}{where}: {what}") from None
    return Position.from_mapping(data)


def cmd_solve(args) -> int:
    from ..strategy.exact.solver import estimate, in_exact_range, solve
    position = read_position(args.position)
    if position.cards_left == 0:
        raise TarotError(_("the deal is over: there is no card left to play"))
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
    attack = position.is_attack(seat)
    role = ROLES["taker" if seat == position.taker else "partner" if seat == position.partner else "defender"]
    print(_("{players} players, {contract}; seat {seat} to play ({role}, {side}), {tricks} left.").format(
        players=position.players, contract=contract_name(position.contract), seat=seat + 1, role=_(role),
        side=_("attack") if attack else _("defence"),
        tricks=ngettext("{n} trick", "{n} tricks", position.tricks_left).format(n=position.tricks_left)))
    print(_("Each card with perfect play after it:") if solution.exact else
          _("Each card with perfect play after it (ESTIMATED: beyond the exact range, plain play down to it, "
            "then exact):"))
    width = max(len(c.code) for c in solution.cards)
    for c, v in solution.cards.items():
        mark = "  " + _("best") if c in solution.best else ""
        line = _("taker scores {score}, attack makes {points} points").format(
            score=f"{v.taker_score:+d}", points=decimal(points_text(v.attack_points)))
        print(f"  {c.code:<{width}}  {line}{mark}")
    best = " ".join(c.code for c in solution.best)
    print(_("Best for the attack (the highest taker score): {cards}.").format(cards=best) if attack else
          _("Best for the defence (the lowest taker score): {cards}.").format(cards=best))
    if solution.line:
        print(_("A perfect line: {moves}.").format(moves=", ".join(
            _("seat {n} {card}").format(n=s + 1, card=c.code) for s, c in solution.line)))
    return 0


def cmd_bid(args) -> int:
    from ..engine import parse_cards
    from ..strategy.bidding.contracts import ORDER, said, verdict
    from ..strategy.bidding.estimate import HOW, estimate_bids
    if not 1 <= args.seat <= args.players:
        raise TarotError(_("--seat is 1 to {most} (in play order; seat 1 leads first), not {n}").format(
            most=args.players, n=args.seat))
    if not 1 <= args.samples <= MAX_BID_SAMPLES:  # ~7 ms a deal: the most takes ~7 s
        raise TarotError(_("--samples is between 1 and {most}, not {n}").format(
            most=grouped(MAX_BID_SAMPLES), n=args.samples))
    check_seed(args.seed)
    hand = parse_cards(args.hand)
    est = estimate_bids(hand, players=args.players, seat=args.seat - 1, samples=args.samples, seed=args.seed)
    if args.json:
        print(json.dumps(est.to_json()))
        return 0
    # English counts are plural even for one (as they always were); French takes its singular.
    print(ngettext("{players} players, seat {seat}; {n} deals {how} (seed {seed}).",
                   "{players} players, seat {seat}; {n} deals {how} (seed {seed}).", est.samples).format(
        players=args.players, seat=args.seat, how=_(HOW), seed=args.seed, n=est.samples))
    heads = (_("Contract"), _("Makes it"), _("95% interval"), _("Expected score"))
    w = [max(n, len(h)) for n, h in zip((13, 8, 13, 14), heads)]  # the English widths, wider for longer words
    print(f"  {heads[0]:<{w[0]}} {heads[1]:>{w[1]}}  {heads[2]:<{w[2]}} {heads[3]:>{w[3]}}")
    print(f"  {_('Pass'):<{w[0]}} {'':>{w[1]}}  {'':<{w[2]}} {decimal(f'{est.passing:+.1f}'):>{w[3]}}")
    for c, e in est.contracts.items():
        interval = f"{percent(e.low)}–{percent(e.high)}"
        print(f"  {contract_name(c):<{w[0]}} {percent(e.chance):>{w[1]}}  {interval:<{w[2]}} "
              f"{decimal(f'{e.expected:+.1f}'):>{w[3]}}")
    print(_("Pass is valued by play on the same deals: you pass, the others bid as the bots do, and you defend "
            "whoever takes (0 when everyone passes)."))
    v = verdict(est.scores, ORDER)
    tied = len(v.ties) > 1 and v.ties[0] == v.advice
    if v.advice is None:
        print(_("Advice: {line}. No contract is expected to score more than passing ({score}) with this hand.").format(
            line=say(said(v)), score=decimal(f"{est.passing:+.1f}")) if tied else
            _("Advice: pass. No contract is expected to score more than passing ({score}) with this hand.").format(
                score=decimal(f"{est.passing:+.1f}")))
        return 0
    e = est.contracts[v.advice]
    if tied:
        print(_("Advice: {line}; the lowest of the tied bids risks the least. {contract}: {score} for the taker on "
                "average, made {chance} of the time.").format(line=say(said(v)), contract=contract_name(v.advice),
                                                               score=decimal(f"{e.expected:+.1f}"),
                                                               chance=percent(e.chance)))
    else:
        print(_("Advice: {contract}, the best expected score ({score} for the taker; made {chance} of the "
                "time).").format(contract=contract_name(v.advice), score=decimal(f"{e.expected:+.1f}"),
                                 chance=percent(e.chance)))
    return 0


# A program's time for one decision, in seconds (fewest, most).
TIME_LIMITS = (0.01, 600.0)
# What a program lost, in the order the text says it.
FAULT_WORDS = (("late", N_("{n} late")), ("malformed", N_("{n} malformed")), ("illegal", N_("{n} illegal")),
               ("gone", N_("{n} after it stopped")))


def cmd_match(args) -> int:
    from ..limits import MAX_MATCH_BOARDS, MAX_MATCH_BUDGET_MS, MAX_SEED
    from ..strategy.match.boards import run_match
    from ..strategy.match.players import Cast, Lineup
    from ..strategy.match.record import Record
    if not 1 <= args.boards <= MAX_MATCH_BOARDS:
        raise TarotError(_("--boards is between 1 and {most}, not {n}").format(most=MAX_MATCH_BOARDS, n=args.boards))
    if not 1 <= args.budget <= MAX_MATCH_BUDGET_MS:
        raise TarotError(_("--budget is between 1 and {most} ms, not {n}").format(
            most=MAX_MATCH_BUDGET_MS, n=args.budget))
    if not 0 <= args.seed <= MAX_SEED:
        raise TarotError(_("--seed is between 0 and {most}, not {n}").format(most=MAX_SEED, n=args.seed))
    if not TIME_LIMITS[0] <= args.time_limit <= TIME_LIMITS[1]:  # also refuses nan
        raise TarotError(_("--time-limit is between {least} and {most} seconds, not {n}").format(
            least=decimal(str(TIME_LIMITS[0])), most=decimal(f"{TIME_LIMITS[1]:g}"), n=decimal(f"{args.time_limit:g}")))
    seat, others = Cast.parse(args.seat), Cast.parse(args.others)  # an unknown name: one line
    lineup = Lineup(seat.name, others.name, budget_ms=args.budget, time_limit=args.time_limit,
                    stderr=args.program_log)
    record = Record(args.record, args.players, args.seed, lineup) if args.record else None

    def progress(done: int, total: int) -> None:
        print(_("board {done} of {total} played").format(done=done, total=total), file=sys.stderr, flush=True)

    def so_far(figures: dict) -> None:  # --json: the running figures, one JSON line a board
        print(json.dumps({"so_far": figures}), file=sys.stderr, flush=True)

    out = run_match(args.players, args.boards, args.seed, lineup=lineup, record=record,
                    progress=None if args.json else progress, partial=so_far if args.json else None)
    if args.json:
        print(json.dumps(out))
        return 0
    if lineup.default:
        print(ngettext("{players} players, {boards} boards, seed {seed}, the advisor's budget {budget} ms a decision; "
                       "each board played by the bots, then once per seat with the advisor there.",
                       "{players} players, {boards} boards, seed {seed}, the advisor's budget {budget} ms a decision; "
                       "each board played by the bots, then once per seat with the advisor there.",
                       out["boards"]).format(players=args.players, boards=out["boards"], seed=args.seed,
                                             budget=args.budget))
    else:
        print(ngettext("{players} players, {boards} boards, seed {seed}; each board played by {others} in every "
                       "seat, then once per seat with {seat} there.",
                       "{players} players, {boards} boards, seed {seed}; each board played by {others} in every "
                       "seat, then once per seat with {seat} there.", out["boards"]).format(
            players=args.players, boards=out["boards"], seed=args.seed, others=f"'{others.name}'",
            seat=f"'{seat.name}'"))
    labels = [_("All deals"), _("As taker or partner"), _("As defender")]
    width = max(20, *map(len, labels))
    for label, part in zip(labels, (out, out["as_taker"], out["as_defender"])):
        lo, hi = part["ci95"]
        gain = ngettext("{deals} deals  gain {gain} a deal (95% interval {low} to {high})",
                        "{deals} deals  gain {gain} a deal (95% interval {low} to {high})", part["deals"]).format(
            deals=f"{part['deals']:>5}", gain=decimal(f"{part['gain_per_deal']:+.1f}"),
            low=decimal(f"{lo:+.1f}"), high=decimal(f"{hi:+.1f}"))
        print(f"  {label:<{width}} {gain}")
    sides = {"seat": _("The measured seat's program"), "others": _("The other seats' programs")}
    for side, faults in out.get("faults", {}).items():
        lost = ", ".join(_(words).format(n=faults[kind]) for kind, words in FAULT_WORDS)
        print(ngettext("{who}: {n} decision, {lost} (each replaced by the bots' move).",
                       "{who}: {n} decisions, {lost} (each replaced by the bots' move).", faults["decisions"]).format(
            who=sides[side], n=faults["decisions"], lost=lost))
    return 0
