"""Which totals the attack's pile can reach, given who took the tricks (FFT p.4, 7-9; RULES.md).

When one side takes every trick, the other side keeps almost nothing, so the attack's total is nearly
fixed. Every bound here is worked out from the engine's card values (``Card.points``) and the piles of
each contract, never typed in:

- the attack took every trick (a chelem made): the defence keeps at most the Excuse, which counts
  4 points for it (4.5 less the half-point card it owes, FFT p.8), and the dog in a garde contre;
- the defence took every trick: the attack keeps only its écart (petite, garde: no king, no oudler),
  the dog (garde sans: any cards) and its Excuse (4 points);
- neither: each side won at least one trick, and the attack always holds its écart or the garde sans
  dog. A trick holds one card per player, less one when an Excuse changes side in the last trick
  (which needs a side of two players: the one who plays it is not the one who wins).

>>> sorted(sweep_totals(4, Contract.GARDE, "attack", 2)), sorted(sweep_totals(4, Contract.GARDE, "attack", 3))
([87.0], [91.0])
>>> sorted(sweep_totals(4, Contract.GARDE, "attack", 1))
[]
>>> min(sweep_totals(4, Contract.PETITE, "defence", 0)), max(sweep_totals(4, Contract.PETITE, "defence", 0))
(3.0, 19.0)
>>> neither_bounds(4, Contract.PETITE)
(5, 90)
>>> check_pile_total(4, Contract.GARDE, 50, 3, "announced_made")
Traceback (most recent call last):
...
tutor.engine.pilebounds.PileError: the attack took every trick, so the defence keeps at most the Excuse \
(4 points): the attack has 87 points with 2 oudlers or 91 with 3, not 50 with 3 oudlers
"""

from __future__ import annotations

import math
from functools import cache

from .cards import CARDS, EXCUSE, points_text
from .errors import TarotError
from .piles import EXCHANGE_POINTS
from .rules import DECK_POINTS, Contract, DogFate, RuleSet
from .words import N_, Text, counted, joined

# A side that kept its Excuse but never won a trick still owes the half-point card: it counts 4 (FFT p.8).
EXCUSE_KEPT = EXCUSE.points - EXCHANGE_POINTS
# Who took every trick, by chelem outcome (None: each side won at least one trick).
SWEEP = {"announced_made": "attack", "made": "attack", "defence": "defence", None: None}


class PileError(TarotError):
    """Points the attack's pile cannot hold, given who took the tricks; the message says why."""


def _halves(points: float) -> int:
    return round(points * 2)


def _ecart_card(c) -> bool:
    return not c.is_king and not c.is_oudler


@cache
def pile_options(size: int, ecart: bool = False) -> frozenset[tuple[int, bool, int]]:
    """Every (oudlers, holds the Excuse, half points) a pile of ``size`` cards can have.

    ``ecart``: only cards the écart allows (no king, no oudler; a trump, worth a low card, when forced).

    >>> sorted(pile_options(1))[:3], len(pile_options(0))
    ([(0, False, 1), (0, False, 3), (0, False, 5)], 1)
    """
    states = {(0, 0, False, 0)}  # (cards, oudlers, Excuse, half points)
    for c in CARDS:
        if ecart and not _ecart_card(c):
            continue
        states |= {(n + 1, o + c.is_oudler, x or c is EXCUSE, h + _halves(c.points))
                   for n, o, x, h in states if n < size}
    return frozenset((o, x, h) for n, o, x, h in states if n == size)


def _kept(contract: Contract, rules: RuleSet, side: str) -> frozenset[tuple[int, bool, int]]:
    """What ``side`` holds besides its tricks: the écart or the dog, by contract."""
    fate = contract.dog
    if side == "attack" and fate is DogFate.TAKER_EXCHANGES:
        return pile_options(rules.dog_size, ecart=True)
    if (side == "attack" and fate is DogFate.TAKER_KEEPS_HIDDEN) or \
            (side == "defence" and fate is DogFate.DEFENCE_KEEPS_HIDDEN):
        return pile_options(rules.dog_size)
    return pile_options(0)


@cache
def sweep_totals(players: int, contract: Contract, swept_by: str, oudlers: int) -> frozenset[float]:
    """The attack's possible totals with ``oudlers`` when ``swept_by`` ("attack", "defence") took every trick.

    The losing side holds only what it kept aside (écart or dog) and, perhaps, its Excuse (4 points).
    """
    rules = RuleSet.for_players(players)
    loser = "defence" if swept_by == "attack" else "attack"
    out = set()
    for o, has_excuse, h in _kept(contract, rules, loser):
        for excuse in (False, True) if not has_excuse else (False,):
            loser_oudlers, loser_halves = o + excuse, h + excuse * _halves(EXCUSE_KEPT)
            if swept_by == "attack":
                attack_oudlers, attack_halves = 3 - loser_oudlers, _halves(DECK_POINTS) - loser_halves
            else:
                attack_oudlers, attack_halves = loser_oudlers, loser_halves
            if attack_oudlers == oudlers:
                out.add(attack_halves / 2)
    return frozenset(out)


@cache
def neither_bounds(players: int, contract: Contract, alone: bool = False) -> tuple[float, float]:
    """The attack's lowest and highest total when each side won at least one trick.

    The smallest trick is one low card per player, less the Excuse when it changes side in the last
    trick: a side of two or more players can win that trick while one of them plays its Excuse (so the
    defence always, the attack only with a partner); with 4 players a half point then goes to the
    winner (``settle_half_point``). ``alone``: a 5-player taker without a partner.
    """
    rules = RuleSet.for_players(players)
    low_card = _halves(min(c.points for c in CARDS))
    attack_seats = 2 if players == 5 and not alone else 1
    low = min(h for _, _, h in _kept(contract, rules, "attack")) + low_card * (players - (attack_seats > 1))
    high = _halves(DECK_POINTS) - min(h for _, _, h in _kept(contract, rules, "defence")) - low_card * (players - 1)
    low, high = low / 2, high / 2
    if not rules.half_points:  # the attack loses with its lowest total and wins with its highest
        low, high = math.floor(low), math.ceil(high)
    return low, high


def _oudlers(n: int) -> Text:
    return counted(n, N_("{n} oudler"), N_("{n} oudlers"))


def _either(parts: list) -> Text | str:
    """'a, b or c', each part said in the learner's language."""
    if len(parts) == 1:
        return parts[0]
    return Text(N_("{a} or {b}"), a=joined(parts[:-1]), b=parts[-1])


def describe_totals(values) -> str:
    """Totals as short runs: ``87``, ``3 to 19``, ``1.5 to 10.5``; runs step by 1 point.

    >>> describe_totals([3.0, 4.0, 5.0, 9.0]), describe_totals([1.5, 2.5])
    ('3 to 5 or 9', '1.5 to 2.5')
    """
    runs: list[list[float]] = []
    for v in sorted(values):
        if runs and v - runs[-1][-1] == 1:
            runs[-1].append(v)
        else:
            runs.append([v])
    parts = [points_text(r[0]) if len(r) == 1 else Text(N_("{low} to {high}"), low=points_text(r[0]),
                                                          high=points_text(r[-1])) for r in runs]
    return _either(parts)


def sweep_reason(players: int, contract: Contract, swept_by: str) -> str:
    """Why the attack's total is nearly fixed when one side took every trick."""
    rules = RuleSet.for_players(players)
    fate = contract.dog
    if swept_by == "attack":
        return Text(N_("the attack took every trick, so the defence keeps at most the Excuse ({points} points) and the "
                       "dog ({n} cards)") if fate is DogFate.DEFENCE_KEEPS_HIDDEN else
                    N_("the attack took every trick, so the defence keeps at most the Excuse ({points} points)"),
                    points=points_text(EXCUSE_KEPT), n=rules.dog_size)
    return Text({DogFate.TAKER_EXCHANGES: N_("the defence took every trick, so the attack keeps only its écart ({n} "
                                             "cards, no king or oudler) and its Excuse if it held it ({points} "
                                             "points)"),
                 DogFate.TAKER_KEEPS_HIDDEN: N_("the defence took every trick, so the attack keeps only the dog ({n} "
                                                "cards) and its Excuse if it held it ({points} points)"),
                 DogFate.DEFENCE_KEEPS_HIDDEN: N_("the defence took every trick, so the attack keeps only its Excuse "
                                                  "if it held it ({points} points)")}[fate],
                points=points_text(EXCUSE_KEPT), n=rules.dog_size)


def sweep_options(players: int, contract: Contract, swept_by: str) -> str:
    """Every total the attack can have, by oudlers: ``87 points with 2 oudlers or 91 with 3``."""
    parts = [(k, describe_totals(v)) for k in range(4) if (v := sweep_totals(players, contract, swept_by, k))]
    text = [Text(N_("{totals} points with {n_oudlers}"), totals=vals, n_oudlers=_oudlers(k)) if i == 0 else
            Text(N_("{totals} with {k}"), totals=vals, k=k) for i, (k, vals) in enumerate(parts)]
    return _either(text)


def check_pile_total(players: int, contract, points: float, oudlers: int, chelem: str | None,
                     alone: bool = False) -> None:
    """Refuse an attack total that who-took-the-tricks makes impossible (``PileError`` says why).

    ``chelem`` is the scoring outcome (``CHELEM_BONUS`` keys or None). A chelem announced and failed
    only says the attack lost a trick: the defence may have taken them all, or not.
    """
    rules = RuleSet.for_players(players)
    contract = Contract.parse(contract)
    points = float(points)
    swept_by = SWEEP.get(chelem, "failed")
    if swept_by in ("attack", "defence"):
        if points not in sweep_totals(rules.players, contract, swept_by, oudlers):
            raise PileError(Text(N_("{reason}: the attack has {options}, not {points} with {n_oudlers}"),
                                 reason=sweep_reason(rules.players, contract, swept_by),
                                 options=sweep_options(rules.players, contract, swept_by),
                                 points=points_text(points), n_oudlers=_oudlers(oudlers)))
        return
    low, high = neither_bounds(rules.players, contract, bool(alone) and rules.players == 5)
    if points > high:
        raise PileError(Text(N_("the chelem failed, so the defence won at least one trick and the attack has at "
                                "most {high} points, not {points}") if swept_by == "failed" else
                             N_("no chelem is marked, so the defence won at least one trick and the attack has at "
                                "most {high} points, not {points}; if the attack took every trick, mark the chelem "
                                "as made"), high=points_text(high), points=points_text(points)))
    if swept_by == "failed" and points in sweep_totals(rules.players, contract, "defence", oudlers):
        return  # announced and failed: the defence may have taken every trick
    if points < low:
        raise PileError(Text({
            DogFate.TAKER_EXCHANGES: N_("in a {contract} the attack holds its écart ({n} cards, no king or oudler) "
                                        "and at least one trick, so it has at least {low} points, not {points}; if "
                                        "the defence took every trick, mark the chelem as the defence's"),
            DogFate.TAKER_KEEPS_HIDDEN: N_("in a {contract} the attack holds the dog ({n} cards) and at least one "
                                           "trick, so it has at least {low} points, not {points}; if the defence "
                                           "took every trick, mark the chelem as the defence's"),
            DogFate.DEFENCE_KEEPS_HIDDEN: N_("in a {contract} the attack holds at least one trick, so it has at least "
                                             "{low} points, not {points}; if the defence took every trick, mark the "
                                             "chelem as the defence's")}[contract.dog],
            contract=contract.french.split(" (")[0], n=rules.dog_size, low=points_text(low),
            points=points_text(points)))


def bounds_table() -> str:
    """The bounds for every player count and contract, as a Markdown table (the README shows it)."""
    lines = ["| players | contract | attack took every trick | defence took every trick | neither (lowest–highest) |",
             "|---|---|---|---|---|"]
    for players in (3, 4, 5):
        for contract in Contract:
            low, high = neither_bounds(players, contract)
            alone = neither_bounds(players, contract, alone=True)[0]
            neither = f"{points_text(low)}–{points_text(high)}"
            if alone != low:
                neither += f" (taker alone: from {points_text(alone)})"
            lines.append(f"| {players} | {contract.french.split(' (')[0]} | "
                         f"{sweep_options(players, contract, 'attack')} | "
                         f"{sweep_options(players, contract, 'defence')} | {neither} |")
    return "\n".join(lines)
