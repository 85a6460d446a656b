"""The advisor: one seat's decision valued from what that seat knows, by play on sampled deals.

**What it sees.** A ``SeatView`` only: its hand, the table's actions, the dog when shown, its own écart,
the trumps of the écart, the poignées, the voids shown, the bids. ``sampler.Sampler`` deals the cards it
cannot see consistently with all of that (and with the bots' bids, since the other seats are bots).

**How it values an option.** Each sample is one deal of the unseen cards; every option is played on the
*same* samples (paired), so two options are compared deal by deal. On a sample:

- inside the solver's exact range (``solver.EXACT_CARDS``) a card decision is solved exactly: one search
  gives every legal card's final score with perfect play on that deal;
- before it, the option is applied, then the **rollout policy** plays on: the practice bots for every seat
  (each from its own view) until ``TAIL_TRICKS`` tricks are left, then the exact solver finishes. This is
  perfect-information Monte Carlo with a bot bridge: the bots keep the rollouts cheap and imperfect-
  information honest, the solver removes the endgame's noise.

Each option gets its mean final taker score, the attack's mean points, and the seat's own mean score, each
with a 95% interval (mean ± 1.96 standard errors) and the number of samples. The best option is the one the
seat's side prefers; an option whose paired gap to the best has a 95% interval reaching 0 is a **tie**.

**Budget.** ``budget_ms`` is turned into a deterministic work count through a fixed cost model
(``COST_US``: a bot move, a solver node and a solver call, a sample drawn, an action replayed, each
costed in microseconds as measured on the project's 2-core machine). Samples are taken until the work
spent reaches the budget (at least ``MIN_SAMPLES``, at most ``MAX_SAMPLES``), so the same view, seed and
budget give the same answer on any machine and under any load; a larger budget takes more samples (anytime).
Answers are cached (LRU).

**Limits.** Perfect information after the rollout's bridge (the solver sees every card, so it plays the
endgame better than anyone could); the rollouts play the bots' plan for every seat, the seat's own later
decisions included; the samples assume the other seats are the bots (their bids, calls and poignées).

>>> from tutor.engine import Deal
>>> from tutor.strategy.bots import decide
>>> d = Deal.new(4, seed=3, dealer=0)
>>> while len(d.tricks) < 3:
...     _ = d.apply(decide(d.view(d.to_act)).action)
>>> a = advise_card(d.view(d.to_act), budget_ms=20, seed=1)
>>> a.samples >= MIN_SAMPLES and a.best in [o.key for o in a.options] and a.best in a.ties
True
>>> a == advise_card(d.view(d.to_act), budget_ms=20, seed=1)  # seeded (and cached)
True
"""

from __future__ import annotations

import copy
import math
import random
from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache

from ..engine import Deal, IllegalAction, Phase, PlayCard, RuleSet, SeatView
from .bots import decide
from .estimate import Z95
from .position import Position
from .sampler import Sampler, rebuild
from .solver import EXACT_CARDS, solve

TAIL_TRICKS = 2  # the rollout's exact finish: the solver plays the last tricks (cheap: about a millisecond)
MIN_SAMPLES = 2  # an interval needs two samples
MAX_SAMPLES = 400
# The cost model, in microseconds of work on the project's 2-core machine (bench/ measured, rounded).
COST_US = {"bot_move": 150, "solver_node": 10, "solve": 1500, "sample_try": 900, "replayed_action": 12}


@dataclass(frozen=True)
class Option:
    """One option's means over the samples, each with the half-width of its 95% interval."""

    key: object  # the card, or the branch's key
    taker_score: float
    taker_ci: float
    attack_points: float
    points_ci: float
    own_score: float  # the seat's own score (the taker's, a partner's or a defender's share)
    own_ci: float
    samples: int
    gap: float = 0.0  # the best option's own score minus this one's (paired)
    gap_ci: float = 0.0  # the 95% half-width of that gap

    def to_json(self) -> dict:
        return {"taker_score": round(self.taker_score, 1), "taker_ci95": round(self.taker_ci, 1),
                "attack_points": round(self.attack_points, 1), "points_ci95": round(self.points_ci, 1),
                "own_score": round(self.own_score, 1), "gap": round(self.gap, 1), "gap_ci95": round(self.gap_ci, 1),
                "samples": self.samples}


@dataclass(frozen=True)
class Advice:
    """Every option, best first for the seat; the ties (the best included); how it was computed."""

    seat: int
    options: tuple[Option, ...]
    best: object
    ties: tuple
    samples: int
    exact: bool  # every sample solved exactly (inside the solver's range)
    work_us: int  # the work spent, by the cost model
    fits_policy: int = 0  # samples that fit the bots' bids and poignées too

    def option(self, key) -> Option:
        return next(o for o in self.options if o.key == key)

    def tied(self, key) -> bool:
        return key in self.ties


class _Work:
    def __init__(self):
        self.us = 0

    def add(self, what: str, count: int = 1) -> None:
        self.us += COST_US[what] * count


def advise_card(view: SeatView, *, budget_ms: float = 300, seed: int = 0) -> Advice:
    """Every legal card of the seat to play, valued on sampled deals (see the module's doc)."""
    if view.phase is not Phase.PLAYING or view.to_act != view.seat or not view.legal:
        raise ValueError("the advisor values a card when it is the seat's turn to play")
    branches = tuple((c, (PlayCard(view.seat, c),)) for c in view.legal)
    return _advise(view, branches, float(budget_ms), seed)


def advise_actions(view: SeatView, branches: Mapping, *, budget_ms: float = 300, seed: int = 0) -> Advice:
    """Alternative actions of the seat (a poignée shown or not, a king called, an écart, a bid, a chelem
    announced), each a key -> an action or a tuple of actions applied in turn, valued like ``advise_card``."""
    if not branches:
        raise ValueError("no option to compare")
    items = tuple((k, v if isinstance(v, tuple) else (v,)) for k, v in branches.items())
    return _advise(view, items, float(budget_ms), seed)


@lru_cache(maxsize=256)
def _advise(view: SeatView, branches: tuple, budget_ms: float, seed: int) -> Advice:
    seat, n = view.seat, view.players
    rng = random.Random(f"advisor:{seed}:{view.seat}:{len(view.bids)}:{len(view.tricks)}:{len(view.trick)}")
    keys = [k for k, _ in branches]
    if len(keys) == 1:
        only = Option(keys[0], 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0)
        return Advice(seat, (only,), keys[0], (keys[0],), 0, False, 0)
    exact_card = (all(isinstance(a[0], PlayCard) and len(a) == 1 for _, a in branches)
                  and _cards_left(view) <= EXACT_CARDS[n])
    sampler = Sampler(view)
    work = _Work()
    budget = budget_ms * 1000
    runs: dict = {k: [] for k in keys}  # key -> [(taker score, attack points, own score)]
    fitted = failures = 0
    while len(runs[keys[0]]) < MAX_SAMPLES and (len(runs[keys[0]]) < MIN_SAMPLES or work.us < budget):
        sample = sampler.draw(rng)
        if sample is None:
            break
        work.add("sample_try", sample.tries)
        try:
            base = rebuild(view, sample)
        except IllegalAction:  # a sample the table's actions cannot come from (should not happen)
            failures += 1
            if failures > MAX_SAMPLES:
                break
            continue
        work.add("replayed_action", len(base.log))
        fitted += sample.fits_policy
        if exact_card:
            sol = solve(Position.from_deal(base))
            work.add("solver_node", sol.nodes)
            work.add("solve")
            factor = own_factor(base, seat)
            for k, actions in branches:
                v = sol.cards[actions[0].card]
                runs[k].append((v.taker_score, v.attack_points, v.taker_score * factor))
            continue
        for k, actions in branches:
            d = clone(base)
            for a in actions:
                d.apply(a)
            runs[k].append(rollout(d, seat, work))
    used = len(runs[keys[0]])
    if not used:
        raise ValueError("no deal of the unseen cards fits what the seat has seen")
    return _verdict(view, runs, keys, used, exact_card, work.us, fitted)


def _cards_left(view: SeatView) -> int:
    """Cards still in the hands in play (hand sizes are public)."""
    return RuleSet.for_players(view.players).hand_size * view.players - len(view.played)


def _verdict(view: SeatView, runs: dict, keys: list, used: int, exact: bool, work_us: int, fitted: int) -> Advice:
    own = {k: [r[2] for r in runs[k]] for k in keys}
    means = {k: sum(v) / used for k, v in own.items()}
    best = max(keys, key=lambda k: means[k])  # ties in mean: the first (display order)
    options = []
    for k in keys:
        taker = [r[0] for r in runs[k]]
        points = [r[1] for r in runs[k]]
        gap, gap_ci = _mean_ci([b - x for b, x in zip(own[best], own[k])])
        options.append(Option(k, *_mean_ci(taker), *_mean_ci(points), *_mean_ci(own[k]), used, gap, gap_ci))
    options.sort(key=lambda o: (o.gap, keys.index(o.key)))
    ties = tuple(o.key for o in options if o.key == best or o.gap <= o.gap_ci)
    return Advice(view.seat, tuple(options), best, ties, used, exact, work_us, fitted)


def _mean_ci(xs: list[float]) -> tuple[float, float]:
    """The mean and the half-width of its 95% interval.

    >>> _mean_ci([10, 20, 30])  # sd 10 over the root of 3, times 1.96
    (20.0, 11.32)
    """
    n = len(xs)
    mean = sum(xs) / n
    if n < 2:
        return mean, math.inf
    var = sum((x - mean) ** 2 for x in xs) / (n - 1)
    return mean, round(Z95 * math.sqrt(var / n), 2)


def own_factor(deal: Deal, seat: int) -> float:
    """The seat's score per point of the taker's (1 for the taker, the share for a partner or a defender)."""
    rules = deal.rules
    share = rules.alone_share if deal.players == 5 and deal.partner is None else rules.taker_share
    if seat == deal.taker:
        return 1.0
    return 1.0 / share if seat == deal.partner else -1.0 / share


def rollout(d: Deal, seat: int, work: _Work | None = None) -> tuple[float, float, float]:
    """The rollout policy from ``d`` (any phase): the bots for every seat until ``TAIL_TRICKS`` tricks are
    left, then the exact solver. Returns (taker score, attack points, ``seat``'s score); a cancelled deal
    scores 0."""
    tail = TAIL_TRICKS * d.players
    moves = 0
    while d.phase not in (Phase.DONE, Phase.CANCELLED):
        if d.phase is Phase.PLAYING and sum(h.bit_count() for h in d.hands) <= tail:
            sol = solve(Position.from_deal(d))
            if work is not None:
                work.add("solver_node", sol.nodes)
                work.add("solve")
                work.add("bot_move", moves)
            v = sol.value
            return float(v.taker_score), v.attack_points, v.taker_score * own_factor(d, seat)
        d.apply(decide(d.view(d.to_act)).action)
        moves += 1
    if work is not None:
        work.add("bot_move", moves)
    if d.phase is Phase.CANCELLED:
        return 0.0, 0.0, 0.0
    r = d.result()
    return float(r.score.taker), r.attack_points, float(r.seat_scores[seat])


def clone(d: Deal) -> Deal:
    """A copy of a deal that can be played on without touching the original (bidding included)."""
    c = copy.copy(d)
    c.hands = list(d.hands)
    c.tricks = list(d.tricks)
    c.trick = list(d.trick)
    c.trick_seats = list(d.trick_seats)
    c.has_played = set(d.has_played)
    c.log = list(d.log)
    c.poignees = list(d.poignees)
    c.miseres = list(d.miseres)
    c.auction = copy.copy(d.auction)
    c.auction.bids = list(d.auction.bids)
    return c


def describe(advice: Advice, name=str) -> list[str]:
    """One line per option for a learner (``name`` words a key), best first.

    >>> o = Option("a", 40, 5, 50, 2, 40, 5, 10, 0, 0)
    >>> describe(Advice(0, (o,), "a", ("a",), 10, False, 0), name=lambda k: "the king of hearts")
    ['the king of hearts: +40 for you on average (best)']
    """
    out = []
    for o in advice.options:
        tag = "best" if o.key == advice.best else "tied with the best" if o.key in advice.ties else (
            f"{o.gap:.0f} behind")
        out.append(f"{name(o.key)}: {round(o.own_score):+d} for you on average ({tag})")
    return out


__all__ = ["advise_card", "advise_actions", "Advice", "Option", "rollout", "clone", "own_factor", "describe",
           "TAIL_TRICKS", "MIN_SAMPLES", "MAX_SAMPLES", "COST_US"]
