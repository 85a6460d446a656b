"""The advisor: one seat's decision valued from what that seat knows, by play on sampled deals.

**What it sees.** A ``SeatView`` only: its hand, the table's actions, the dog when shown, its own écart,
the trumps of the écart, the poignées, the voids shown, the bids. ``sampler.Sampler`` deals the cards it
cannot see consistently with all of that (and with the bots' bids, since the other seats are bots).

**How it values an option.** Each sample is one deal of the unseen cards; every option is played on the
*same* samples (paired), so two options are compared deal by deal. On a sample:

- inside ``SAMPLED_EXACT_CARDS`` (the solver's exact range, ``solver.EXACT_CARDS``, less its deepest trick
  with 3 players) a card decision is solved exactly: one search gives every legal card's final score with
  perfect play on that deal;
- before it, the option is applied, then the **rollout policy** plays on: the practice bots' card play for every
  seat (each deciding from what it could see) to the last card, on a lean bitmask state (``rollout.Lean``, about
  0.3 ms a deal). The bots keep the rollouts cheap and imperfect-information honest; once the deal is inside the
  exact range, later decisions are solved exactly on each sample.

Each option gets its mean final taker score, the attack's mean points, and the seat's own mean score, each
with a 95% interval (mean ± Student's t quantile on n - 1 degrees of freedom times the standard error: 2.57 on 6
deals, 2.09 on 20, tending to 1.96; ``noise.t95``) and the number of samples. The best option is the one the
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
>>> from tutor.strategy.bots.policy import decide
>>> d = Deal.new(4, seed=7, dealer=0)
>>> while len(d.tricks) < 3:
...     _ = d.apply(decide(d.view(d.to_act)).action)
>>> a = advise_card(d.view(d.to_act), budget_ms=20, seed=1)
>>> a.samples >= MIN_SAMPLES and a.best in [o.key for o in a.options] and a.best in a.ties
True
>>> a == advise_card(d.view(d.to_act), budget_ms=20, seed=1)  # seeded (and cached)
True
"""

from __future__ import annotations

import math
import random
from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache

from ...engine import Card, Deal, IllegalAction, Phase, PlayCard, RuleSet, SeatView
from ..bots.policy import choose_play, decide
from ..exact.position import Position
from ..exact.solver import EXACT_CARDS, solve
from ..noise import t95, two_sided
from .rollout import Lean
from .sampler import Sampler, rebuild

MIN_SAMPLES = 2  # an interval needs two samples
DECISIVE_SAMPLES = 10  # fewer samples than this: every option is reported tied (an interval of 2-9 deals can be 0 wide)
# Exact samples are dear at the edge of the solver's range (a budget of 150 ms bought only 1-3 there, and two
# sampled deals that agree gave an interval 0 wide): a card solved exactly is always judged on at least this many.
MIN_EXACT_SAMPLES = DECISIVE_SAMPLES
# The most cards left where a card is solved exactly on each sample: the solver's exact range, except its last
# 8 tricks with 3 players (24 cards), where those 10 solves of sampled deals took up to 9.6 s of CPU against
# 2.2 s at 21 cards; bot rollouts value that trick, as before the solver reached it.
SAMPLED_EXACT_CARDS = {**EXACT_CARDS, 3: min(EXACT_CARDS[3], 21)}
MAX_SAMPLES = 400
PRUNE_AFTER = 6  # samples every option gets before the clearly worse ones stop being rolled out
# An option further behind the leader (paired) than this normal quantile's confidence allows is dropped; on few
# samples the quantile is Student's t with the same confidence (``noise.two_sided``: 3.82 on 6 deals, 2.5 on many),
# so a gap guessed from a handful of deals does not drop a card that more deals would have kept.
PRUNE_Z = 2.5
# The cost model, in microseconds of work on the project's 2-core machine (bench/ measured, rounded).
COST_US = {"bot_move": 400, "lean_move": 4, "lean_score": 60, "solver_node": 10, "solve": 1500,
           "sample_try": 250, "replayed_action": 12}


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
    # What the advisor recommends (``NOISE``, ``EQUAL``): a card is the best mean, the bots' own card when it
    # scores exactly the same (every low card of a suit one discards often does: the order the options are
    # listed in must not choose, or the Excuse, listed first after the trumps, came out "best"); another option
    # is the preferred one (the lowest bid) when it is tied with the best within the noise.
    pick: object = None

    def option(self, key) -> Option:
        return next(o for o in self.options if o.key == key)

    def tied(self, key) -> bool:
        return key in self.ties


class _Work:
    def __init__(self):
        self.us = 0

    def add(self, what: str, count: int = 1) -> None:
        self.us += COST_US[what] * count


# When the preferred option is kept over the best mean: whenever it is tied within the noise (a bid: the lowest of
# the tied contracts), or only when it scores exactly the same (a card: keeping a tied bot card made Hint's pick
# move with the seed, 93.7% stable against 97.8% for the best mean; bench/hint_stability.py).
NOISE, EQUAL = "noise", "equal"


def advise_card(view: SeatView, *, budget_ms: float = 300, seed: int = 0) -> Advice:
    """Every legal card of the seat to play, valued on sampled deals (see the module's doc). The pick is the
    best mean; the bots' own card (``bots.choose_play``) only when it scores exactly the same (``EQUAL``)."""
    if view.phase is not Phase.PLAYING or view.to_act != view.seat or not view.legal:
        raise ValueError("the advisor values a card when it is the seat's turn to play")
    branches = tuple((c, (PlayCard(view.seat, c),)) for c in view.legal)
    return _advise(view, branches, float(budget_ms), seed, choose_play(view)[0], EQUAL)


HINT_BUDGET_MS = 150  # Hint's and the review's budget a card: under a second at the table, a review under 5 s


def advice_seed(deal_seed) -> int:
    """The advisor's seed for a practice deal (the position is mixed in by ``_advise``)."""
    return deal_seed if isinstance(deal_seed, int) else 0


def card_advice(view: SeatView, deal_seed=None) -> Advice:
    """The one call behind Hint and the review's verdict on a card: the same view, budget and seed give the
    same answer (and the second ask is read from the cache)."""
    return advise_card(view, budget_ms=HINT_BUDGET_MS, seed=advice_seed(deal_seed))


def advise_actions(view: SeatView, branches: Mapping, *, budget_ms: float = 300, seed: int = 0,
                   prefer=None) -> Advice:
    """Alternative actions of the seat (a poignée shown or not, a king called, an écart, a bid, a chelem
    announced), each a key -> an action or a tuple of actions applied in turn, valued like ``advise_card``.
    ``prefer``: the key recommended when it is tied with the best (default: the first)."""
    if not branches:
        raise ValueError("no option to compare")
    items = tuple((k, v if isinstance(v, tuple) else (v,)) for k, v in branches.items())
    return _advise(view, items, float(budget_ms), seed, items[0][0] if prefer is None else prefer, NOISE)


@lru_cache(maxsize=256)
def _advise(view: SeatView, branches: tuple, budget_ms: float, seed: int, prefer, keep: str) -> Advice:
    seat, n = view.seat, view.players
    rng = random.Random(f"advisor:{seed}:{view.seat}:{len(view.bids)}:{len(view.tricks)}:{len(view.trick)}")
    keys = [k for k, _ in branches]
    if len(keys) == 1:
        only = Option(keys[0], 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0)
        return Advice(seat, (only,), keys[0], (keys[0],), 0, False, 0, 0, keys[0])
    card_mode = all(isinstance(a[0], PlayCard) and len(a) == 1 for _, a in branches)
    exact_card = card_mode and _cards_left(view) <= SAMPLED_EXACT_CARDS[n]
    # Touching cards are worth the same: one of each run is played out, the others share its values.
    rep = equivalent_cards(view, keys) if card_mode else {k: k for k in keys}
    reps = list(dict.fromkeys(rep.values()))
    actions = dict(branches)
    sampler = Sampler(view)
    work = _Work()
    budget = budget_ms * 1000
    runs: dict = {k: [] for k in reps}  # key -> [(taker score, attack points, own score)]
    active = list(reps)
    drawn = fitted = failures = 0
    least = MIN_EXACT_SAMPLES if exact_card else MIN_SAMPLES
    while drawn < MAX_SAMPLES and (drawn < least or work.us < budget):
        sample = sampler.draw(rng)
        if sample is None:
            break
        work.add("sample_try", sample.tries)
        if exact_card or not card_mode:
            try:
                base = rebuild(view, sample)
            except IllegalAction:  # a sample the table's actions cannot come from (should not happen)
                failures += 1
                if failures > MAX_SAMPLES:
                    break
                continue
            work.add("replayed_action", len(base.log))
        drawn += 1
        fitted += sample.fits_policy
        if exact_card:
            sol = solve(Position.from_deal(base))
            work.add("solver_node", sol.nodes)
            work.add("solve")
            factor = own_factor(base, seat)
            for k in active:
                v = sol.cards[actions[k][0].card]
                runs[k].append((v.taker_score, v.attack_points, v.taker_score * factor))
        elif card_mode:
            lean = lean_of(view, sample)
            left = sum(h.bit_count() for h in lean.hands)
            for k in active:
                st = lean.copy()
                st.play(k.index)
                taker, points, seats = st.finish()
                runs[k].append((float(taker), points, float(seats[seat])))
            work.add("lean_move", left * len(active))
            work.add("lean_score", len(active))
        else:
            for k in active:
                d = base.copy()
                for a in actions[k]:
                    d.apply(a)
                runs[k].append(rollout(d, seat, work))
        if drawn >= PRUNE_AFTER and len(active) > 2:
            active = _pruned(runs, active, drawn)
    if not drawn:
        raise ValueError("no deal of the unseen cards fits what the seat has seen")
    for k in keys:  # the cards of a run share its values
        runs[k] = runs[rep[k]]
    return _verdict(view, runs, keys, drawn, exact_card, work.us, fitted, prefer, keep)


def _pruned(runs: dict, active: list, drawn: int) -> list:
    """The options still in the race: the leader, and those not ``PRUNE_Z`` paired standard errors behind it (the
    t quantile of the same confidence on ``drawn - 1`` degrees of freedom)."""
    z = two_sided(PRUNE_Z, drawn - 1)
    mean = {k: sum(r[2] for r in runs[k]) / drawn for k in active}
    lead = max(active, key=lambda k: mean[k])
    out = []
    for k in active:
        if k == lead:
            out.append(k)
            continue
        diffs = [a[2] - b[2] for a, b in zip(runs[lead], runs[k])]
        gap = sum(diffs) / drawn
        sd = math.sqrt(sum((x - gap) ** 2 for x in diffs) / (drawn - 1))
        if gap <= z * sd / math.sqrt(drawn) or (gap == 0):
            out.append(k)
    return out


def equivalent_cards(view: SeatView, cards: list) -> dict:
    """Each card -> the card that stands for it: the lowest of a run of touching cards of one kind and one
    value (low cards of a suit, trumps 2 to 20) with nothing between them but cards the seat holds or saw
    played. Whoever holds the rest, such cards win and lose the same tricks and count the same points.

    >>> from tutor.engine import Deal
    >>> d = Deal.new(4, seed=3, dealer=0)
    >>> v = d.view(0)
    >>> rep = equivalent_cards(v, list(v.hand))
    >>> all(rep[c].kind == c.kind and rep[c].points == c.points and rep[c].rank <= c.rank for c in v.hand)
    True
    """
    known = 0
    for c in view.hand:
        known |= c.bit
    for c in view.played:
        known |= c.bit
    out = {}
    by_kind: dict = {}
    for c in sorted(cards, key=lambda c: (c.kind, c.rank)):
        by_kind.setdefault(c.kind, []).append(c)
    for group in by_kind.values():
        head = None
        for c in group:
            if (head is not None and not c.is_oudler and not head.is_oudler and c.points == head.points
                    and all(known & (1 << i) for i in range(head.index + 1, c.index))):
                out[c] = out[head]
            else:
                out[c] = c
            head = c
    return out


def lean_of(view: SeatView, sample) -> Lean:
    """The view's position on a sampled deal, as a lean state for the rollouts."""
    called, taker = view.called, view.taker
    holder = None if called is None else next((s for s, h in enumerate(sample.dealt.hands) if called in h), None)
    partner = None if holder in (None, taker) else holder
    ecart = view.ecart or sample.ecart
    return Lean.from_view(view, sample.hands, sample.dealt.dog, ecart, partner)


def _cards_left(view: SeatView) -> int:
    """Cards still in the hands in play (hand sizes are public)."""
    return RuleSet.for_players(view.players).hand_size * view.players - len(view.played)


def _verdict(view: SeatView, runs: dict, keys: list, used: int, exact: bool, work_us: int, fitted: int,
             prefer=None, keep: str = NOISE) -> Advice:
    """Options pruned early have fewer samples: their gap to the best is paired over the samples they have."""
    own = {k: [r[2] for r in runs[k]] for k in keys}
    full = [k for k in keys if len(own[k]) == used]
    means = {k: sum(v) / len(v) for k, v in own.items()}
    best = max(full, key=lambda k: means[k])  # ties in mean: the first (display order)
    options = []
    for k in keys:
        m = len(own[k])
        taker = [r[0] for r in runs[k]]
        points = [r[1] for r in runs[k]]
        gap, gap_ci = _mean_ci([b - x for b, x in zip(own[best][:m], own[k])])
        options.append(Option(k, *_mean_ci(taker), *_mean_ci(points), *_mean_ci(own[k]), m, gap, gap_ci))
    options.sort(key=lambda o: (o.gap, keys.index(o.key)))
    if used < DECISIVE_SAMPLES:
        ties = tuple(o.key for o in options)  # too few deals to tell any option apart, exact or not
    else:
        ties = tuple(o.key for o in options if o.key == best or o.gap <= o.gap_ci)
    if keep == EQUAL:
        pick = prefer if prefer in means and abs(means[prefer] - means[best]) < 1e-9 else best
    else:
        pick = prefer if prefer in ties else best
    pick = signalled_lead(view, ties, pick)
    return Advice(view.seat, tuple(options), best, ties, used, exact, work_us, fitted, pick)


def signalled_lead(view: SeatView, ties: tuple, pick):
    """A defender opening a trick with a low card of a suit: among the tied cards of that suit, the one the FFT's
    signals choose (a card from the ace to the 5 promises the king or queen of the suit, a 6 to 10 denies both),
    the lowest such. The sampled deals rate them alike; the signal tells the partner the truth."""
    if (not isinstance(pick, Card) or view.trick or view.taker is None or view.seat in (view.taker, view.partner)
            or pick.is_trump or pick.is_excuse or pick.rank > 10):
        return pick
    honour = any(c.kind == pick.kind and c.rank >= 13 for c in view.hand)
    fits = [c for c in ties if isinstance(c, Card) and c.kind == pick.kind and not c.is_trump and not c.is_excuse
            and (c.rank <= 5 if honour else 6 <= c.rank <= 10)]
    return pick if not fits or pick in fits else min(fits, key=lambda c: c.rank)


def _mean_ci(xs: list[float]) -> tuple[float, float]:
    """The mean and the half-width of its 95% interval (Student's t on n - 1 degrees of freedom).

    >>> _mean_ci([10, 20, 30])  # sd 10 over the root of 3, times t95(2) = 4.303
    (20.0, 24.84)
    """
    n = len(xs)
    mean = sum(xs) / n
    if n < 2:
        return mean, math.inf
    var = sum((x - mean) ** 2 for x in xs) / (n - 1)
    return mean, round(t95(n - 1) * math.sqrt(var / n), 2)


def own_factor(deal: Deal, seat: int) -> float:
    """The seat's score per point of the taker's (1 for the taker, the share for a partner or a defender)."""
    rules = deal.rules
    share = rules.alone_share if deal.players == 5 and deal.partner is None else rules.taker_share
    if seat == deal.taker:
        return 1.0
    return 1.0 / share if seat == deal.partner else -1.0 / share


def rollout(d: Deal, seat: int, work: _Work | None = None) -> tuple[float, float, float]:
    """The rollout policy from ``d`` (any phase): the bots for every seat to the last card (on the lean
    bitmask state, ``rollout.Lean``, once the play has begun). Returns (taker score, attack points, ``seat``'s
    score); a cancelled deal scores 0."""
    moves = 0
    while d.phase not in (Phase.DONE, Phase.CANCELLED, Phase.PLAYING):
        d.apply(decide(d.view(d.to_act)).action)
        moves += 1
    if work is not None:
        work.add("bot_move", moves)
    if d.phase is Phase.CANCELLED:
        return 0.0, 0.0, 0.0
    if d.phase is Phase.DONE:
        r = d.result()
        return float(r.score.taker), r.attack_points, float(r.seat_scores[seat])
    lean = Lean.from_deal(d)
    if work is not None:
        work.add("lean_move", sum(h.bit_count() for h in lean.hands))
        work.add("lean_score")
    taker, points, seats = lean.finish()
    return float(taker), points, float(seats[seat])


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


__all__ = ["advise_card", "advise_actions", "Advice", "Option", "rollout", "own_factor", "describe",
           "equivalent_cards", "card_advice", "advice_seed", "HINT_BUDGET_MS", "MIN_SAMPLES", "DECISIVE_SAMPLES",
           "MAX_SAMPLES", "MIN_EXACT_SAMPLES", "SAMPLED_EXACT_CARDS", "COST_US"]
