"""The écart and the king call graded by play: every candidate played out on the same sampled deals.

``paired(view, branches, samples=, seed=)`` is the advisor's machinery (``advisor``: the ``Sampler`` deals the
cards the seat cannot see from its view only; each branch is applied to a copy of the deal and played out by
``advisor.rollout``, the practice bots for every seat to the last card) with a
**fixed** number of samples instead of a time budget, so that one more candidate can be graded later on the
very same deals (the samples are drawn first, from the seed and the view alone). It returns an
``advisor.Advice``: each option's mean score for the seat with its 95% interval, and the **ties**: the
options whose paired gap to the best is within its 95% interval.

``ecart_candidates`` makes a bounded set of sensible écarts (``MAX_CANDIDATES``): the bots' écart, the best one
by the table of principles (``ecart_score.best_ecart``), and for each set of suits that can be emptied, the
rest filled three ways: the most points, keeping the kings' guards, or the smallest cards (honours kept).
``grade_ecarts`` and ``grade_calls`` value them (or every king that may be called) from the taker's view.

>>> from tutor.engine import parse_cards as P
>>> hand = P("T20 T18 T16 T14 T11 T8 T5 T3 EX KS QS 7S KH 9H 4H 2C 6C 8C QD 3D 9D JC 10S 1H")
>>> cands = ecart_candidates(hand, 4)
>>> 2 <= len(cands) <= MAX_CANDIDATES and all(len(c) == 6 for c in cands)
True
>>> ecart_key(P("QD 9D JC 8C 6C 2C")) in cands  # lesson 19's model: a void in clubs, QD and JC banked
True
"""

from __future__ import annotations

import itertools
import random
from collections import Counter
from collections.abc import Mapping, Sequence

from ...engine import Bid, CallKing, Card, Contract, Deal, Discard, Phase, RuleSet, SeatView, callable_cards
from ...engine.cards import CARDS
from ...engine.deal import DealtCards, is_petit_sec
from ...engine.ecart import check_discard, discardable, trumps_needed
from ..bots.ecart_score import best_ecart
from ..bots.handcount import choose_call, choose_ecart
from ..noise import t95
from .advise import Advice, Option, rollout
from .sampler import Sampler, rebuild

MAX_CANDIDATES = 12  # écarts played out per position (the learner's own answer comes on top)
SAMPLES = 32  # deals per position: each candidate is played out on the same deals


def paired(view: SeatView, branches: Mapping, *, samples: int = SAMPLES, seed: int = 0) -> Advice:
    """Each branch (key -> an action or a tuple of actions of the seat) played out on the same ``samples``
    deals drawn from ``view``; the options best first for the seat, with the ties."""
    if not branches:
        raise ValueError("no option to compare")
    items = [(k, v if isinstance(v, tuple) else (v,)) for k, v in branches.items()]
    rng = random.Random(f"by-play:{seed}:{view.seat}:{len(view.bids)}")
    sampler = Sampler(view)
    drawn = []
    for _ in range(samples * 3):  # the samples come first, so adding a branch never changes them
        s = sampler.draw(rng)
        if s is None:
            break
        drawn.append(s)
        if len(drawn) == samples:
            break
    if not drawn:
        raise ValueError("no deal of the unseen cards fits what the seat has seen")
    runs: dict = {k: [] for k, _ in items}
    fitted = 0
    for s in drawn:
        base = rebuild(view, s)
        fitted += s.fits_policy
        for k, actions in items:
            d = base.copy()
            for a in actions:
                d.apply(a)
            runs[k].append(rollout(d, view.seat))
    return verdict(view.seat, runs, [k for k, _ in items], fitted)


def verdict(seat: int, runs: dict, keys: list, fitted: int = 0) -> Advice:
    """Means with 95% intervals, the paired gaps to the best, and the ties (gap within its interval)."""
    n = len(runs[keys[0]])
    own = {k: [r[2] for r in runs[k]] for k in keys}
    best = max(keys, key=lambda k: sum(own[k]) / n)
    options = []
    for k in keys:
        taker, points = [r[0] for r in runs[k]], [r[1] for r in runs[k]]
        gap, gap_ci = _mean_ci([b - x for b, x in zip(own[best], own[k])])
        options.append(Option(k, *_mean_ci(taker), *_mean_ci(points), *_mean_ci(own[k]), n, gap, gap_ci))
    options.sort(key=lambda o: (o.gap, keys.index(o.key)))
    ties = tuple(o.key for o in options if o.key == best or o.gap <= o.gap_ci)
    return Advice(seat, tuple(options), best, ties, n, False, 0, fitted)


def _mean_ci(xs: list[float]) -> tuple[float, float]:
    n = len(xs)
    mean = sum(xs) / n
    if n < 2:
        return mean, float("inf")
    var = sum((x - mean) ** 2 for x in xs) / (n - 1)
    return mean, round(t95(n - 1) * (var / n) ** 0.5, 2)  # Student's t: right on few deals too


# ---------------------------------------------------------------- the écart


def ecart_key(cards: Sequence[Card]) -> tuple[Card, ...]:
    """An écart as a key: its cards in card order (two orders of the same cards are one écart)."""
    return tuple(sorted(cards, key=lambda c: c.index))


def ecart_candidates(hand: Sequence[Card], players: int, extra: Sequence[Sequence[Card]] = ()) -> tuple:
    """Up to ``MAX_CANDIDATES`` legal écarts worth comparing (plus the ``extra`` ones, when legal), each a key."""
    hand = list(hand)
    n = RuleSet.for_players(players).dog_size
    out: list = []

    def add(cards) -> None:
        key = ecart_key(cards)
        if len(key) == n and key not in out and check_discard(hand, list(key), players=players).legal:
            out.append(key)

    add(choose_ecart(hand, players=players))
    add(best_ecart(hand, players))
    need = trumps_needed(hand, n)
    pool = discardable(hand)
    if need:  # the suit cards all go; which trumps: the smallest, or one step up (never an oudler)
        low = sorted((c for c in hand if c.is_trump and not c.is_oudler), key=lambda c: c.rank)
        for combo in itertools.islice(itertools.combinations(low[:need + 2], need), MAX_CANDIDATES):
            add(pool + list(combo))
    else:
        length = Counter(c.kind for c in hand if c.kind < 4)
        kings = {c.kind for c in hand if c.is_king}
        by_kind: dict[int, list[Card]] = {}
        for c in pool:
            by_kind.setdefault(c.kind, []).append(c)
        voidable = sorted((k for k in by_kind if k not in kings and length[k] <= n), key=lambda k: (length[k], k))
        fills = (lambda c: (-c.points, -c.rank),  # the most points
                 lambda c: (c.kind in kings, -c.points, -c.rank),  # the kings' guards kept
                 lambda c: (c.rank > 10, c.rank))  # the smallest cards, honours kept
        subsets = [s for r in range(len(voidable), -1, -1) for s in itertools.combinations(voidable, r)]
        for suits in subsets:
            chosen = [c for k in suits for c in by_kind[k]]
            if len(chosen) > n:
                continue
            rest = [c for c in pool if c.kind not in suits]
            for fill in fills:
                add(chosen + sorted(rest, key=fill)[:n - len(chosen)])
    out = out[:MAX_CANDIDATES]
    for e in extra:
        add(e)
    return tuple(out)


def grade_ecarts(view: SeatView, *, extra: Sequence[Sequence[Card]] = (), samples: int = SAMPLES,
                 seed: int = 0) -> Advice:
    """The taker's candidate écarts (and ``extra``), played out on the same deals; keys are ``ecart_key``s."""
    if view.phase is not Phase.ECART or view.seat != view.taker:
        raise ValueError("the écart is graded from the taker's view, at the écart")
    cands = ecart_candidates(view.hand, view.players, extra)
    return paired(view, {c: Discard(view.seat, c) for c in cands}, samples=samples, seed=seed)


def grade_ecart_against(view: SeatView, ecart: Sequence[Card], best: Sequence[Card], *, samples: int = SAMPLES,
                        seed: int = 0) -> Advice:
    """One écart against a best one, on the same deals as ``grade_ecarts`` (same view, seed and samples)."""
    mine, top = ecart_key(ecart), ecart_key(best)
    branches = {top: Discard(view.seat, top), mine: Discard(view.seat, mine)}
    return paired(view, branches, samples=samples, seed=seed)


# ---------------------------------------------------------------- the king call


def grade_calls(view: SeatView, *, samples: int = SAMPLES, seed: int = 0) -> Advice:
    """5 players: every card the taker may call (a king, or a queen with all four kings), played out on the same
    deals; after the call, the rollout plays on (the bots' écart for the taker, then the play)."""
    if view.phase is not Phase.CALLING or view.seat != view.taker:
        raise ValueError("the call is graded from the taker's view, at the call")
    options = callable_cards(list(view.hand))
    return paired(view, {c: CallKing(view.seat, c) for c in options}, samples=samples, seed=seed)


# ---------------------------------------------------------------- positions from a hand


def taker_deal(hand: Sequence[Card], players: int, contract: Contract = Contract.GARDE, *,
               dog: Sequence[Card] = (), seed: int = 0) -> Deal:
    """A deal where seat 1 (index 0) holds ``hand``, speaks first and takes ``contract`` (the others pass); the
    dog (``dog``, or dealt at random) and the other hands are dealt from the rest (seeded). For the lessons and
    tests: from the taker's seat only its hand, the dog and the bids are seen, so the other hands do not matter."""
    rules = RuleSet.for_players(players)
    rng = random.Random(f"taker-deal:{seed}")
    dog = list(dog)
    held = set(hand) | set(dog)
    if len(hand) != rules.hand_size or len(held) != len(hand) + len(dog):
        raise ValueError(f"a {players}-player hand has {rules.hand_size} cards, each once")
    while True:
        rest = [c for c in CARDS if c not in held]
        rng.shuffle(rest)
        full_dog = tuple(dog + rest[:rules.dog_size - len(dog)])
        rest = rest[rules.dog_size - len(dog):]
        hands = [tuple(hand)] + [tuple(rest[i * rules.hand_size:(i + 1) * rules.hand_size])
                                 for i in range(players - 1)]
        if not any(is_petit_sec(h) for h in hands):
            break
    d = Deal(DealtCards(players, players - 1, tuple(hands), full_dog, 0, ()), rules=rules)
    d.apply(Bid(0, contract))
    for s in range(1, players):
        d.apply(Bid(s, None))
    return d


def call_then_ecart(deal: Deal, card: Card | None = None) -> Deal:
    """A 5-player deal at the call: ``card`` called (default: the bots' call), so the next phase follows."""
    if deal.phase is Phase.CALLING:
        deal.apply(CallKing(deal.taker, card or choose_call(deal.hand(deal.taker))))
    return deal


__all__ = ["paired", "verdict", "ecart_key", "ecart_candidates", "grade_ecarts", "grade_ecart_against",
           "grade_calls", "taker_deal", "call_then_ecart", "MAX_CANDIDATES", "SAMPLES"]
