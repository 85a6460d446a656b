"""Review of a played deal: the learner's costly cards, the better card, and what it would have gained.

Each card the learner played (a ``PlayCard`` of their seat in the deal's log) is judged by **the advisor on
what the learner could see then** (``advisor.card_advice``): the same call, budget and seed as the practice
table's Hint on the same position, so the review and Hint give the same answer (one truth). The advisor
deals the cards the learner could not see many times, consistently with everything they knew, and plays
each card on the same deals: inside the solver's exact range every sampled deal is solved exactly, before it
the bots play the deals out. A card is costly only when it is **not tied** with the advisor's best (its
paired 95% interval does not reach 0); the better card is then the advisor's pick, the one Hint shows.

Inside the solver's exact range the review also gives the **double-dummy** verdict, extra information that
Hint never sees: the best card with every card known after the deal (``double_dummy``, ``dd_gain``). The
learner is judged on the single-dummy verdict (what they could know), not on the hidden cards.

Gains are in the learner's own score for the deal (the taker's, a partner's or a defender's share).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace

from ...engine import Card, Deal, Discard, IllegalAction, Phase, PlayCard
from ...engine.deal import DealtCards
from ...i18n import _, ngettext
from ...i18n.words import card_short
from ..advisor.advise import advice_seed, advise_card, card_advice
from ..advisor.rollout import rollout_deal
from ..advisor.sampler import Sampler
from ..exact.position import Position
from ..exact.solver import EXACT_CARDS, solve
from ..noise import t95
from .why import principle_in_deal


@dataclass(frozen=True)
class Decision:
    """One card the learner played, what each legal card was worth, and the best one.

    ``options`` pairs each legal card with the taker's final score it leads to (a mean when estimated);
    ``gain`` is what the best card would have added to the learner's own score (0 when they found it):
    exact, the difference of the two options; estimated, measured again on fresh samples that did not
    choose the better card (``samples`` counts both sets, ``noise`` is the gain's standard error).
    """

    trick: int  # 1-based
    seat: int  # from 0, like the engine's seats
    played: Card
    better: Card
    gain: float
    exact: bool
    options: tuple[tuple[Card, float], ...]
    samples: int = 0  # consistent deals used (0 when exact)
    step: int = -1  # the card's place in the deal's log (the table is set back to it by "replay from here")
    principle: str | None = None  # the id in principles.PRINCIPLES that the better card follows, if any
    noise: float = 0.0  # the standard error of the gain (paired samples)
    double_dummy: tuple[tuple[Card, float], ...] = ()  # inside the exact range: each card's taker score, all known
    dd_gain: float | None = None  # what the double-dummy best card would have added to the learner's score

    @property
    def dd_best(self) -> Card | None:
        """The best card with every card known (inside the exact range), None outside it."""
        if not self.double_dummy:
            return None
        return self.double_dummy[0][0]  # listed best first for the learner

    def value(self, card: Card) -> float:
        """The taker's final score after ``card`` (a mean when estimated)."""
        return dict(self.options)[card]

    @property
    def costly(self) -> bool:
        return self.gain > 0


# How much a decision must cost to be listed (in the learner's own score). An exact value has no noise,
# so any real loss counts; an estimate is a mean over sampled deals, so it must also stand out of its
# own noise: at least NOISE_FACTOR standard errors. Set from bench/review.py (README, "Practice").
MIN_GAIN = 1.0
MIN_GAIN_ESTIMATED = 40.0
NOISE_FACTOR = 2.0


def listed(d: Decision, *, min_gain: float = MIN_GAIN, min_gain_estimated: float = MIN_GAIN_ESTIMATED,
           noise_factor: float = NOISE_FACTOR) -> bool:
    """Is the decision costly enough to show the learner?"""
    if d.exact:
        return d.gain > 0 and d.gain >= min_gain
    return d.gain > 0 and d.gain >= min_gain_estimated and d.gain >= noise_factor * d.noise


def review_deal(deal: Deal, seat: int, *, samples: int = 12, rng: random.Random | None = None,
                min_gain: float = MIN_GAIN, min_gain_estimated: float = MIN_GAIN_ESTIMATED,
                noise_factor: float = NOISE_FACTOR, tail_cards: int | None = None,
                exact_only: bool = False) -> list[Decision]:
    """The learner's costly decisions in ``deal`` (played, at least partly), in play order.

    ``min_gain`` and ``min_gain_estimated`` set how much a decision must cost to be listed, and an
    estimated gain must also be ``noise_factor`` times its standard error (sampling noise).
    ``exact_only`` skips the decisions outside the exact range.
    """
    return [d for d in decisions(deal, seat, samples=samples, rng=rng, tail_cards=tail_cards, exact_only=exact_only)
            if listed(d, min_gain=min_gain, min_gain_estimated=min_gain_estimated, noise_factor=noise_factor)]


def decisions(deal: Deal, seat: int, *, samples: int = 12, rng: random.Random | None = None,
              tail_cards: int | None = None, exact_only: bool = False) -> list[Decision]:
    """Every card the learner played, valued (see the module's doc)."""
    rng = rng if rng is not None else random.Random(0)
    out = [decision_at(deal, k, samples=samples, rng=rng, tail_cards=tail_cards, exact_only=exact_only)
           for k in learner_steps(deal, seat)]
    return [d for d in out if d is not None]


def learner_steps(deal: Deal, seat: int) -> list[int]:
    """Where in the log ``seat`` played a card: the decisions a review looks at.

    >>> d = Deal.new(4, seed=1)
    >>> learner_steps(d, 0)
    []
    """
    return [k for k, a in enumerate(deal.log) if isinstance(a, PlayCard) and a.seat == seat]


def rewind(deal: Deal, step: int) -> Deal:
    """The deal as it stood before its action number ``step`` (the same cards dealt, the log cut there)."""
    d = Deal(deal.dealt, rules=deal.rules, seed=deal.seed, misdealt=deal.misdealt)
    for action in deal.log[:step]:
        d.apply(action)
    return d


def decision_at(deal: Deal, step: int, *, samples: int = 12, rng: random.Random | None = None,
                tail_cards: int | None = None, exact_only: bool = False,
                budget_ms: float | None = None) -> Decision | None:
    """The card played at ``deal.log[step]`` judged by the advisor on the learner's view then (Hint's own call:
    ``advisor.card_advice``, seeded by the deal), or None when it was the only legal card (or no sample could
    be dealt, or it is outside the exact range with ``exact_only``). ``samples``, ``rng`` and ``tail_cards``
    are kept for callers of the older estimate and not used: the advisor's budget sets the samples."""
    action = deal.log[step]
    if not isinstance(action, PlayCard):
        raise ValueError(f"action {step} is not a card played")
    seat, n = action.seat, deal.players
    before = rewind(deal, step)
    legal = before.legal_cards(seat)
    if before.phase is not Phase.PLAYING or len(legal) < 2:
        return None
    trick = len(before.tricks) + 1
    pos = Position.from_deal(before)
    in_range = pos.cards_left <= EXACT_CARDS[n]
    if exact_only and not in_range:
        return None
    view = before.view(seat)
    try:
        advice = card_advice(view, deal.seed) if budget_ms is None else advise_card(
            view, budget_ms=budget_ms, seed=advice_seed(deal.seed))
    except ValueError:
        return None
    made = _judged(advice, trick, seat, action.card)
    if in_range:
        made = _double(made, solve(pos), learner_factor(before, seat))
    principle = principle_in_deal(before, deal, made.played, made.better) if made.gain > 0 else None
    return replace(made, step=step, principle=principle)


def _judged(advice, trick: int, seat: int, played: Card) -> Decision:
    """The advisor's verdict on one card: costly only when it is not tied with the best."""
    order = tuple((o.key, round(o.taker_score, 2)) for o in advice.options)
    if played in advice.ties:
        better, gain, noise = played, 0.0, 0.0
    else:
        # The gap to the best (paired, beyond its interval); the card named is the advisor's pick, Hint's card,
        # which is the best or tied with it.
        mine = advice.option(played)
        better, gain, noise = advice.pick, round(mine.gap, 2), round(mine.gap_ci / t95(mine.samples - 1), 2)
    return Decision(trick, seat, played, better, gain, advice.exact, order, advice.samples, noise=noise)


def _double(made: Decision, sol, factor: float) -> Decision:
    """The double-dummy values added (every card known after the deal), best first for the learner."""
    cards = sorted(sol.cards, key=lambda c: (-sol.cards[c].taker_score * factor, c.sort_key))
    dd = tuple((c, float(sol.cards[c].taker_score)) for c in cards)
    gain = round((dd[0][1] - sol.cards[made.played].taker_score) * factor, 2)
    return replace(made, double_dummy=dd, dd_gain=gain)


def learner_factor(deal: Deal, seat: int) -> float:
    """The learner's score per point of the taker's score (1 for the taker, 1/share or -1/share else)."""
    rules = deal.rules
    share = rules.alone_share if deal.players == 5 and deal.partner is None else rules.taker_share
    if seat == deal.taker:
        return 1.0
    if seat == deal.partner:
        return 1.0 / share
    return -1.0 / share


def _decision(deal: Deal, seat: int, trick: int, played: Card, options: dict, exact: bool, used: int) -> Decision:
    factor = learner_factor(deal, seat)
    mine = {c: v * factor for c, v in options.items()}
    order = sorted(options, key=lambda c: (-mine[c], c.sort_key))
    best = order[0]
    gain = round(mine[best] - mine[played], 2)
    if gain <= 0:
        best, gain = played, 0.0
    return Decision(trick, seat, played, best, gain, exact,
                    tuple((c, round(options[c], 2)) for c in order), used)


# ------------------------------------------------------------ estimated: perfect-information Monte Carlo


def _confirmed(made: Decision, at: Deal, log: list, samples: int, rng: random.Random, tail: int) -> Decision:
    """The gain of the card chosen as better, measured again on fresh samples.

    The better card is the best of several noisy means, so its lead is biased upwards (the winner's
    curse); fresh deals, which did not choose it, give an unbiased gain and its standard error.
    """
    runs = _estimate(at, log, made.seat, [made.better, made.played], samples, rng, tail)
    used = len(runs[made.played])
    if not used:
        return made
    factor = learner_factor(at, made.seat)
    gain = round(sum((b - p) * factor for b, p in zip(runs[made.better], runs[made.played])) / used, 2)
    if gain <= 0:
        return replace(made, better=made.played, gain=0.0, samples=made.samples + used)
    return replace(made, gain=gain, samples=made.samples + used,
                   noise=paired_noise(runs[made.better], runs[made.played], factor))


def paired_noise(better: list[float], played: list[float], factor: float) -> float:
    """The standard error of a gain estimated on paired samples (each sample plays both cards).

    >>> paired_noise([10, 20, 30], [0, 0, 0], 1.0)  # gains 10, 20, 30: sd 10, over the root of 3
    5.77
    """
    diffs = [(b - p) * factor for b, p in zip(better, played)]
    if len(diffs) < 2:
        return float("inf")
    mean = sum(diffs) / len(diffs)
    var = sum((x - mean) ** 2 for x in diffs) / (len(diffs) - 1)
    return round((var / len(diffs)) ** 0.5, 2)


def _estimate(at: Deal, log: list, seat: int, legal: list[Card], samples: int, rng: random.Random,
              tail: int) -> dict[Card, list[float]]:
    """Each legal card's final taker score on each consistent sample (the same samples for every card)."""
    return playouts(at, log, seat, {c: PlayCard(seat, c) for c in legal}, samples, rng, tail)


def playouts(at: Deal, log: list, seat: int, branches: dict, samples: int, rng: random.Random,
             tail: int) -> dict:
    """Each branch's final taker score on each sample of what ``seat`` cannot see at ``at`` (the same samples
    for every branch): the branch's action, then the bots play on and the solver finishes the last ``tail``
    cards. ``branches`` maps a key to the seat's action (a card to play, a poignée to show)."""
    runs: dict = {k: [] for k in branches}
    sampler = Sampler(at.view(seat))  # what the seat knows, from its view only
    for _sample in range(samples):
        sample = sampler.draw(rng)
        if sample is None:
            continue
        dealt, ecart = sample.dealt, sample.ecart
        if _replayed(dealt, ecart, at, log) is None:
            continue
        for k, action in branches.items():
            d = _replayed(dealt, ecart, at, log)
            d.apply(action)
            runs[k].append(_finish(d, tail))
    return runs


def _replayed(dealt: DealtCards, ecart: tuple[Card, ...], at: Deal, log: list) -> Deal | None:
    """The log on a sampled deal (the taker's écart is the sample's), or None if it cannot happen there."""
    d = Deal(dealt, rules=at.rules)
    try:
        for a in log:
            d.apply(Discard(a.seat, ecart) if isinstance(a, Discard) else a)
    except IllegalAction:
        return None
    return d if d.phase is Phase.PLAYING else None


def _finish(d: Deal, tail: int) -> float:
    """The bots play on to the last card (the lean rollout, ``rollout.Lean``): the taker's final score. ``tail``
    is no longer used (the solver's tail is left to the advisor's exact range)."""
    if d.phase is Phase.DONE:
        return float(d.result().score.taker)
    return float(rollout_deal(d)[0])


def describe(decision: Decision) -> str:
    """One line for the learner, in words, the gain in whole points: 'Trick 16: you played trump 1; K♥ was
    better, +30 to your score (on what you could see: 40 deals sampled, each solved exactly).'"""
    how = _("each solved exactly") if decision.exact else _("each played out by the bots")
    sampled = ngettext("{n} deal sampled", "{n} deals sampled", decision.samples).format(n=decision.samples)
    line = _("Trick {k}: you played {played}; {better} was better, {gain} to your score (on what you could see: "
             "{sampled}, {how}).").format(k=decision.trick, played=card_short(decision.played),
                                          better=card_short(decision.better), gain=f"{round(decision.gain):+d}",
                                          sampled=sampled, how=how)
    if decision.dd_gain:
        line += " " + _("With every card known, {best} was best: {gain} against your card.").format(
            best=card_short(decision.dd_best), gain=f"{round(decision.dd_gain):+d}")
    return line


__all__ = ["Decision", "review_deal", "decisions", "decision_at", "describe", "learner_factor", "learner_steps",
           "rewind", "listed", "MIN_GAIN", "MIN_GAIN_ESTIMATED", "NOISE_FACTOR"]
