"""Scoring one deal, step by step (FFT p.8-9, 11-12).

Every step is kept as data and as a sentence, so a learner can follow the sum.

>>> s = score_deal(players=4, contract="garde", taker_points=49, oudlers=2,
...                petit_au_bout="attack", poignees=["simple"])
>>> s.defender, s.taker, s.won
(-106, 318, True)
>>> print(s.explain())  # doctest: +NORMALIZE_WHITESPACE
Points: the attack made 49 with 2 oudlers.
Target: 41 points with 2 oudlers.
Result: won by 8 (49 - 41).
Contract: (25 + 8) × 2 (garde) = 66, won: +66.
Petit au bout: won by the attack: +10 × 2 = +20.
Poignée simple: 20 to the side that won the deal (the attack): +20.
Per defender: +66 + 20 + 20 = +106: each defender pays 106, so each defender scores -106.
Shares: taker 106 × 3 = +318; each defender -106. Sum: 0.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from .cards import points_text
from .errors import TarotError
from .pilebounds import check_pile_total
from .rules import (
    CHELEM_BONUS,
    CONTRACT_BASE,
    DECK_POINTS,
    MISERE_BONUS,
    PETIT_AU_BOUT_BONUS,
    POIGNEE_BONUS,
    Contract,
    RuleSet,
    target_points,
)
from .seats import seat_label
from .words import N_, Text, counted, plural

SIDES = ("attack", "defence")
# A side with its article, as the sentences name it.
_THE_SIDE = {"attack": N_("the attack"), "defence": N_("the defence")}


def _the(side: str) -> Text:
    return Text(_THE_SIDE[side])
CHELEM_OUTCOMES = tuple(CHELEM_BONUS)
_SIDE_ALIASES = {"attack": "attack", "taker": "attack", "attaque": "attack",
                 "defence": "defence", "defense": "defence", "défense": "defence"}


@dataclass(frozen=True)
class ScoreStep:
    """One line of the breakdown. ``value`` is in points per defender, from the attack's side."""

    key: str
    label: str
    value: float
    text: str


@dataclass(frozen=True)
class DealScore:
    """A scored deal. ``defender`` is each defender's score, ``taker`` the taker's."""

    players: int
    contract: Contract
    taker_points: float
    oudlers: int
    target: int
    counted_points: int  # after the half-point rule
    won: bool
    margin: int  # points won or lost by (always >= 0)
    per_defender: int  # what each defender pays (positive when the taker won)
    taker: int
    partner: int | None
    defender: int
    alone: bool
    steps: tuple[ScoreStep, ...] = field(default=())
    chelem: str | None = None  # the chelem outcome (a key of CHELEM_BONUS), None without one

    @property
    def scores(self) -> dict:
        """Role -> score; sums to zero with every defender counted."""
        out = {"taker": self.taker}
        if self.partner is not None:
            out["partner"] = self.partner
        out["defender"] = self.defender
        return out

    @property
    def defenders(self) -> int:
        return self.players - 1 - (self.partner is not None)

    def total(self) -> int:
        """Sum of every player's score: always 0."""
        return self.taker + (self.partner or 0) + self.defenders * self.defender

    def step(self, key: str) -> ScoreStep | None:
        return next((s for s in self.steps if s.key == key), None)

    def explain(self) -> str:
        return "\n".join(s.text for s in self.steps)

    def by_seat(self, taker_seat: int, partner_seat: int | None = None) -> list[int]:
        """Scores in seat order (seats 0..players-1)."""
        if partner_seat is not None and self.partner is None:
            raise TarotError("this deal has no partner")
        out = []
        for seat in range(self.players):
            if seat == taker_seat:
                out.append(self.taker)
            elif partner_seat is not None and seat == partner_seat:
                out.append(self.partner)
            else:
                out.append(self.defender)
        return out

    def to_dict(self) -> dict:
        return {
            "players": self.players, "contract": self.contract.value, "taker_points": self.taker_points,
            "oudlers": self.oudlers, "target": self.target, "counted_points": self.counted_points,
            "won": self.won, "margin": self.margin, "per_defender": self.per_defender,
            "taker": self.taker, "partner": self.partner, "defender": self.defender, "alone": self.alone,
            "steps": [{"key": s.key, "label": s.label, "value": s.value, "text": s.text} for s in self.steps],
        }


def _signed(x: float) -> str:
    return ("+" if x >= 0 else "") + points_text(x)


def _side(value, what: str) -> str | None:
    if value is None or value is False or value == "" or value == "none":
        return None
    side = _SIDE_ALIASES.get(str(getattr(value, "value", value)).strip().lower())
    if side is None:
        raise TarotError(Text(N_("{what} must be 'attack' or 'defence', not {value}"), what=Text(what),
                              value=repr(value)))
    return side


def check_points(rules: RuleSet, points: float, oudlers: int) -> None:
    """Reject a count of points no real deal can give."""
    try:
        points = float(points)
    except (TypeError, ValueError):
        raise TarotError(Text(N_("points must be a number, not {value}"), value=repr(points))) from None
    if not math.isfinite(points) or points < 0 or points > DECK_POINTS:
        raise TarotError(Text(N_("the attack's points must be between 0 and {most}, not {points}"), most=DECK_POINTS,
                              points=points_text(points)))
    if (points * 2) % 1:
        raise TarotError(Text(N_("points go in half points: {points} is impossible"), points=points_text(points)))
    if not points.is_integer() and not rules.half_points:
        raise TarotError(Text(N_("with {players} players the points are always whole: {points} is impossible"),
                              players=rules.players, points=points_text(points)))
    # Each oudler is worth 4.5; the side keeping the Excuse may have handed over a half point for it.
    low = max(0.0, 4.5 * oudlers - 0.5)
    high = min(float(DECK_POINTS), DECK_POINTS - 4.5 * (3 - oudlers) + 0.5)
    if not low <= points <= high:
        raise TarotError(Text(N_("with {n_oudlers} the attack has between {low} and {high} points, so {points} is "
                                 "impossible"), n_oudlers=plural(oudlers, "oudler"), low=points_text(low),
                              high=points_text(high), points=points_text(points)))


def settle_half_point(players: int, points: float, oudlers: int) -> tuple[float, str]:
    """With 4 players, round a pile that ends in a half point, and say why (else no change).

    Four players normally count whole points. A half appears only when the Excuse changes
    side in the last trick while its own side wins that trick; the FFT's rule for 3 and 5
    players then settles it: the half point goes to the side that wins.

    >>> settle_half_point(4, 40.5, 2)[0], settle_half_point(4, 41.5, 2)[0], settle_half_point(3, 40.5, 2)[0]
    (40, 42, 40.5)
    """
    rules = RuleSet.for_players(players)
    if rules.half_points or float(points).is_integer():
        return points, ""
    won = points >= target_points(oudlers)
    counted = math.ceil(points) if won else math.floor(points)
    side = "attack" if won else "defence"
    return counted, Text(N_("The attack's pile holds {points} points (the Excuse changed side in the last "
                            "trick); the half point goes to the side that wins, {side}, so it counts {counted}."),
                         points=points_text(points), side=_the(side), counted=counted)


def score_deal(*, players: int, contract, taker_points: float, oudlers: int,
               petit_au_bout=None, poignees=(), chelem=None, alone: bool = False) -> DealScore:
    """Score one deal with the FFT rules and return the full breakdown.

    ``poignees`` has one entry ("simple", "double", "triple") per poignée shown by either side.
    ``chelem`` is None, "announced_made", "made", "announced_failed" or "defence".
    ``alone`` is for 5 players: the taker called their own king or one in the dog.
    """
    rules = RuleSet.for_players(players)
    players = rules.players  # "5" or 5.0 become 5
    contract = Contract.parse(contract)
    if isinstance(oudlers, bool) or not isinstance(oudlers, int | float) or oudlers != int(oudlers):
        raise TarotError(Text(N_("oudlers must be 0, 1, 2 or 3, not {value}"), value=repr(oudlers)))
    oudlers = int(oudlers)
    target = target_points(oudlers)
    check_points(rules, taker_points, oudlers)
    points = float(taker_points)
    if alone and players != 5:
        raise TarotError(Text(N_("only a 5-player taker can play alone (with 3 or 4 the taker is always alone)")))
    pab = _side(petit_au_bout, N_("the petit au bout"))
    if isinstance(poignees, str):
        poignees = [poignees]
    poignees = [str(getattr(p, "value", p)).strip().lower() for p in poignees or ()]
    for p in poignees:
        if p not in POIGNEE_BONUS:
            raise TarotError(Text(N_("a poignée is 'simple', 'double' or 'triple', not {value}"), value=repr(p)))
    if chelem is False:  # "no chelem", as None
        chelem = None
    if chelem is not None:
        chelem = str(getattr(chelem, "value", chelem)).strip().lower()
        if chelem in ("", "none"):
            chelem = None
        elif chelem not in CHELEM_BONUS:
            raise TarotError(Text(N_("chelem must be one of {outcomes} or None, not {value}"),
                                  outcomes=", ".join(CHELEM_OUTCOMES), value=repr(chelem)))
    if chelem in ("announced_made", "made") and pab == "defence":
        raise TarotError(Text(N_("the attack took every trick, so the defence cannot have the Petit au bout")))
    if pab == "attack" and oudlers == 0:
        raise TarotError(Text(N_("the attack took the Petit au bout, so it holds the Petit: it has at least 1 "
                                 "oudler")))
    if pab == "defence" and oudlers == 3:
        raise TarotError(Text(N_("the defence took the Petit au bout, so the attack cannot have all 3 oudlers")))
    if chelem == "defence" and pab == "attack":
        raise TarotError(Text(N_("the defence took every trick, so the attack cannot have the Petit au bout")))

    won = points >= target
    # A side that takes every trick always has its target: the other side holds at most the dog and the Excuse.
    if chelem in ("announced_made", "made") and not won:
        raise TarotError(Text(N_("the attack took every trick, so it cannot fall short of its target ({points} with "
                                 "{n_oudlers} is below {target})"), points=points_text(points),
                              n_oudlers=plural(oudlers, "oudler"), target=target))
    if chelem == "defence" and won:
        raise TarotError(Text(N_("the defence took every trick, so the attack cannot reach its target ({points} with "
                                 "{n_oudlers})"), points=points_text(points), n_oudlers=plural(oudlers, "oudler")))
    # Who took the tricks bounds what the attack's pile can hold (the écart, the dog, the Excuse).
    check_pile_total(players, contract, points, oudlers, chelem, alone)

    mult = contract.multiplier
    steps: list[ScoreStep] = []
    add = steps.append
    add(ScoreStep("points", Text(N_("Points")), points, counted(
        oudlers, N_("Points: the attack made {points} with {n} oudler."),
        N_("Points: the attack made {points} with {n} oudlers."), points=points_text(points))))
    add(ScoreStep("target", Text(N_("Target")), target, counted(
        oudlers, N_("Target: {target} points with {n} oudler."), N_("Target: {target} points with {n} oudlers."),
        target=target)))

    counted_pts = math.ceil(points) if won else math.floor(points)  # the half point goes to the winner
    if counted_pts != points:
        side = "attack" if won else "defence"
        add(ScoreStep("half_point", Text(N_("Half point")), counted_pts, Text(
            N_("Half point: it goes to the side that wins ({side}), so {points} counts as {counted}."),
            side=_the(side), points=points_text(points), counted=counted_pts)))
    margin = abs(counted_pts - target)
    if won and margin == 0:
        res = Text(N_("Result: juste fait, won by 0 (exactly the target)."))
    elif won:
        res = Text(N_("Result: won by {margin} ({counted} - {target})."), margin=margin, counted=counted_pts,
                   target=target)
    else:
        res = Text(N_("Result: lost by {margin} ({target} - {counted})."), margin=margin, counted=counted_pts,
                   target=target)
    add(ScoreStep("margin", Text(N_("Won by")) if won else Text(N_("Lost by")), margin, res))

    sign = 1 if won else -1
    base = (CONTRACT_BASE + margin) * mult
    # Every step is signed from the taker's side: + when it gains, − when it loses (one convention everywhere).
    add(ScoreStep("contract", Text(N_("Contract")), sign * base, Text(
        N_("Contract: ({base0} + {margin}) × {mult} ({contract}) = {base}, won: +{base}.") if won else
        N_("Contract: ({base0} + {margin}) × {mult} ({contract}) = {base}, lost: -{base}."),
        base0=CONTRACT_BASE, margin=margin, mult=mult, contract=contract.french.split(" (")[0], base=base)))
    total = sign * base
    parts = [sign * base]

    if pab:
        bonus = PETIT_AU_BOUT_BONUS * mult * (1 if pab == "attack" else -1)
        add(ScoreStep("petit_au_bout", Text(N_("Petit au bout")), bonus, Text(
            N_("Petit au bout: won by {side}: {sign}{bonus} × {mult} = {total} (whatever the result of the contract).")
            if (pab == "attack") != won else N_("Petit au bout: won by {side}: {sign}{bonus} × {mult} = {total}."),
            side=_the(pab), sign=_signed(bonus)[0], bonus=PETIT_AU_BOUT_BONUS, mult=mult, total=_signed(bonus))))
        total += bonus
        parts.append(bonus)

    winner = "attack" if won else "defence"
    for p in poignees:
        bonus = POIGNEE_BONUS[p] * sign
        add(ScoreStep(f"poignee_{p}", Text(N_("Poignée {level}"), level=p), bonus, Text(
            N_("Poignée {level}: {bonus} to the side that won the deal ({side}): {total}."),
            level=p, bonus=POIGNEE_BONUS[p], side=_the(winner), total=_signed(bonus))))
        total += bonus
        parts.append(bonus)

    if chelem:
        bonus = CHELEM_BONUS[chelem]
        text = {
            "announced_made": N_("Chelem announced and made: +400."),
            "made": N_("Chelem made without announcing it: +200."),
            "announced_failed": N_("Chelem announced but failed: 200 to each defender: -200."),
            "defence": N_("The defence took every trick: 200 to each defender: -200."),
        }[chelem]
        add(ScoreStep("chelem", Text(N_("Chelem")), bonus, Text(text)))
        total += bonus
        parts.append(bonus)

    per_defender = int(total)  # from the attack's side: what each defender pays
    defender = -per_defender
    has_partner = players == 5 and not alone
    if players == 5 and alone:
        taker_share, partner = rules.alone_share, None
    else:
        taker_share = rules.taker_share
        partner = per_defender * rules.partner_share if has_partner else None
    taker = per_defender * taker_share

    shown = _signed(parts[0]) + "".join(f" + {points_text(p)}" if p >= 0 else f" - {points_text(-p)}"
                                        for p in parts[1:])
    total_text = f"{shown} = {_signed(per_defender)}" if len(parts) > 1 else shown
    line = Text(N_("Per defender: {sum}: each defender pays {pays}, so each defender scores {score}.")
                if per_defender >= 0 else
                N_("Per defender: {sum}: each defender receives {pays}, so each defender scores {score}."),
                sum=total_text, pays=abs(per_defender), score=_signed(defender))
    add(ScoreStep("per_defender", Text(N_("Per defender")), per_defender, line))

    n_def = players - 1 - (partner is not None)
    nums = dict(per=points_text(per_defender), share=taker_share, taker=_signed(taker), defender=_signed(defender),
                sum=taker + (partner or 0) + n_def * defender)
    if partner is not None:
        share = Text(N_("Shares: taker {per} × {share} = {taker}; partner {per} × 1 = {partner}; each defender "
                        "{defender}. Sum: {sum}."), partner=_signed(partner), **nums)
    elif players == 5 and alone:
        share = Text(N_("Shares (taker alone, 1 against 4): taker {per} × {share} = {taker}; each defender "
                        "{defender}. Sum: {sum}."), **nums)
    else:
        share = Text(N_("Shares: taker {per} × {share} = {taker}; each defender {defender}. Sum: {sum}."), **nums)
    add(ScoreStep("shares", Text(N_("Shares")), taker, share))

    return DealScore(players=players, contract=contract, taker_points=points, oudlers=oudlers, target=target,
                     counted_points=counted_pts, won=won, margin=margin, per_defender=per_defender, taker=taker,
                     partner=partner, defender=defender, alone=bool(alone) and players == 5,
                     steps=tuple(steps), chelem=chelem)


def misere_scores(players: int, declarers, *, enabled: bool = False) -> list[int]:
    """House rule (not FFT): each misère declarer receives 10 from every other player.

    Returns one score per seat; needs ``enabled=True`` because the FFT does not use it.

    >>> misere_scores(4, [2], enabled=True)
    [-10, -10, 30, -10]
    """
    if not enabled:
        raise TarotError("misère is a house rule, not an FFT rule: enable it explicitly")
    RuleSet.for_players(players)
    out = [0] * players
    for d in declarers:
        if not 0 <= d < players:
            raise TarotError(f"no {seat_label(d)} at a {players}-player table")
        for seat in range(players):
            delta = MISERE_BONUS * (players - 1) if seat == d else -MISERE_BONUS
            out[seat] += delta
    return out
