"""The bidding estimator: how often a hand makes each contract, and what it scores on average.

The cards the bidder cannot see are dealt ``samples`` times (the other hands and the dog, no Petit sec), from a
seeded ``random.Random``: what the advisor's sampler deals from the seat's view before the bidding (``_deal``);
``given`` keeps only the deals that fit what the table has shown (the bids before).
Each deal is played out with the bidder taking and everyone else passing, on the advisor's lean rollout
(``rollout.Lean``: the practice bots' card play on bitmasks, about 0.3 ms a deal), after the bots' king call
and écart. The dog is used as each contract says: a petite and a garde take it and make an écart, a garde sans
keeps it for the taker unseen, a garde contre gives it to the defence. The bots play a petite like a garde and
a garde contre like a garde sans, so each deal is played twice (with and without the dog) and scored under
both contracts of that pair.

**Passing is valued by play too**, on the same sampled deals: the bidder passes and the other seats bid as the bots
do (``passing``); whoever takes then plays against the bidder, now a defender (or, with 5 players, perhaps the
called partner), every seat played by the bots, and the bidder's own score on that deal is the value of passing
(0 when everyone passes). So every bid is compared with what passing really brings, not with 0: a pass that lets a
neighbour make a garde costs the bidder that garde's defender share.

The share of deals made (the **raw chance**, bots for every seat) is then mapped through the calibration
table (``calibration.calibrate``): fitted on the made rate the **advisor** reaches as taker against the bots
(``bench/calibration.py``), so the chance shown is the advisor's, measured.

>>> from tutor.engine import parse_cards
>>> hand = parse_cards("T21 T20 T19 T18 T17 T16 T15 T14 T13 T12 T11 T10 T9 T1 EX KH KS QS")
>>> e = estimate_bids(hand, players=4, samples=20, rng=random.Random(3))
>>> e.contracts[Contract.GARDE_CONTRE].chance > 0.9, e.advice.value
(True, 'garde_contre')
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from ...engine import Bid, CallKing, Card, Contract, Deal, Discard, Phase, RuleSet, TarotError, is_petit_sec
from ...engine.cards import CARDS
from ...engine.deal import DealtCards
from ...engine.words import N_
from ..advisor.advise import rollout
from ..advisor.rollout import Lean
from ..bots.handcount import choose_call, choose_ecart
from ..bots.policy import decide
from ..noise import Z95  # noqa: F401 (re-exported: the estimator says its intervals with it)
from .calibration import calibrate, knots_for
from .contracts import ORDER, verdict

# Contracts played out, and the contract each play is scored under too (the bots play them alike).
# How the numbers were made, in the words every page and command uses.
HOW = N_("played out by the bots, each chance calibrated on the advisor's own play as taker")  # a message id
PLAYED = {Contract.GARDE: Contract.PETITE, Contract.GARDE_SANS: Contract.GARDE_CONTRE}


@dataclass(frozen=True)
class ContractEstimate:
    """One contract: the chance the taker makes it (calibrated), its 95% interval (the Wilson interval of the
    deals made, calibrated alike), the mean taker score; ``raw`` is the share of rolled-out deals made."""

    contract: Contract
    made: int
    samples: int
    chance: float
    low: float
    high: float
    expected: float
    raw: float | None = None

    def to_json(self) -> dict:
        return {"chance": round(self.chance, 3), "low": round(self.low, 3), "high": round(self.high, 3),
                "expected": round(self.expected, 1)}


@dataclass(frozen=True)
class BidEstimate:
    """Every contract's estimate for one hand, the value of passing (``passing``: this seat's mean score when it
    passes and the others bid and play as the bots do), and the advice: the lowest of the options tied with the
    best expected score (``contracts.verdict``; None: pass)."""

    hand: tuple[Card, ...]
    players: int
    seat: int  # from 0, in play order: seat 0 speaks and leads first
    samples: int
    seed: int | None
    contracts: dict  # Contract -> ContractEstimate, lowest contract first
    advice: Contract | None
    passing: float = 0.0  # this seat's mean score when it passes (the others bid and play as the bots do)
    # Contract -> the taker's score on each sampled deal, in the same order for every contract (the deals are
    # shared, so two contracts can be compared deal by deal: ``tutor.strategy.bidding.contracts``), shifted to the
    # calibrated chance (``calibrated_scores``); None -> this seat's own score on each deal when it passes.
    scores: dict = field(default_factory=dict, compare=False, repr=False)

    def to_json(self) -> dict:
        """The stable JSON form of ``tarot-tutor bid --json``."""
        return {"contracts": {c.value: e.to_json() for c, e in self.contracts.items()},
                "pass": {"expected": round(self.passing, 1)},
                "advice": self.advice.value if self.advice else "pass", "samples": self.samples, "seed": self.seed}


def wilson(made: int, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion (better than p ± z·se near 0 and 1).

    >>> [round(x, 3) for x in wilson(52, 100)]
    [0.423, 0.615]
    >>> wilson(0, 10)[0], wilson(10, 10)[1]
    (0.0, 1.0)
    """
    if n <= 0:
        return 0.0, 1.0
    p = made / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    # At p = 0 or 1 the bound is exactly p (the sum above can miss it by a rounding error).
    low = 0.0 if made == 0 else max(0.0, centre - half)
    high = 1.0 if made == n else min(1.0, centre + half)
    return low, high


def check_bid_hand(hand: Sequence[Card], *, players: int, seat: int = 0) -> None:
    """TarotError, with the reason, for a hand nobody could bid on: a card twice, the wrong size, a seat
    that is not at the table, or the Petit sec (the deal is cancelled).

    >>> check_bid_hand([], players=4)
    Traceback (most recent call last):
    ...
    tutor.engine.errors.TarotError: with 4 players a hand has 18 cards, not 0
    """
    size = RuleSet.for_players(players).hand_size
    if len(set(hand)) != len(hand):
        raise TarotError("the hand holds a card twice")
    if len(hand) != size:
        raise TarotError(f"with {players} players a hand has {size} cards, not {len(hand)}")
    if not 0 <= seat < players:
        raise TarotError(f"the seat is 1 to {players}")
    if is_petit_sec(hand):
        raise TarotError("this hand has the Petit sec: it must be shown and the deal is cancelled")


def estimate_bids(hand: Sequence[Card], *, players: int = 4, seat: int = 0, samples: int = 200,
                  rng: random.Random | None = None, seed: int | None = None,
                  given: Callable[[tuple], bool] | None = None, value_pass: bool = True) -> BidEstimate:
    """Estimate each contract for ``hand`` held at ``seat`` (from 0; seat 0 leads first).

    Pass ``rng`` (a ``random.Random``) or ``seed``; the same one gives the same numbers. ``given``
    (the other hands, by seat -> bool) keeps only the deals that fit what the table has shown, e.g. the
    bids made before the bidder speaks; a condition no deal meets in ``MAX_TRIES`` draws per sample
    raises TarotError. ``value_pass=False`` skips the pass play-outs (passing then counts 0): for callers that
    read one contract's chance only (``prenable``).
    """
    hand = tuple(hand)
    check_bid_hand(hand, players=players, seat=seat)
    if samples < 1:
        raise TarotError("at least one sample is needed")
    rng = rng if rng is not None else random.Random(seed)
    scores: dict[Contract, list[int]] = {c: [] for c in Contract}
    passed: list[float] = []
    for _ in range(samples):
        dealt = _deal(hand, players, seat, rng, given)
        passed.append(passing(dealt, seat) if value_pass else 0.0)
        for played, twin in PLAYED.items():
            lean = taking(dealt, seat, played)
            lean.finish()
            for contract in (played, twin):
                lean.contract = contract  # the same play, scored with this contract's dog and multiplier
                scores[contract].append(lean.score()[0])
    contracts, shifted = {}, {}
    knots = knots_for(players)
    for c in Contract:
        # Made exactly when the taker's score is above 0: a contract made by 0 points still scores
        # (25 - 10 for a Petit au bout lost) × the multiplier, and a lost one scores below 0 alike.
        made = sum(1 for s in scores[c] if s > 0)
        low, high = wilson(made, samples)
        chance = calibrate(made / samples, knots)
        shifted[c] = calibrated_scores(scores[c], chance)
        contracts[c] = ContractEstimate(c, made, samples, chance, calibrate(low, knots), calibrate(high, knots),
                                        sum(shifted[c]) / samples, made / samples)
    shifted[None] = tuple(passed)
    advice = verdict(shifted, ORDER).advice
    return BidEstimate(hand, players, seat, samples, seed, contracts, advice, sum(passed) / samples, shifted)


def calibrated_scores(scores: Sequence[float], chance: float) -> tuple[float, ...]:
    """The deals' taker scores, each shifted by the same amount so that their mean is the expectation at the
    calibrated ``chance``: ``chance`` × the mean score of the deals made + (1 - ``chance``) × that of the deals
    lost. The spread from deal to deal (the estimator's noise, and the pairing between contracts) is kept.
    When every deal was made, or none, there is nothing to weigh: the scores are kept.

    Two deals made (+60, +100: mean +80), two lost (-70, -90: mean -80); a calibrated chance of 75% makes the
    expectation 0.75 × 80 - 0.25 × 80 = +40, 40 above the raw mean 0:

    >>> calibrated_scores([60, -70, 100, -90], 0.75)
    (100.0, -30.0, 140.0, -50.0)
    """
    won = [s for s in scores if s > 0]
    lost = [s for s in scores if s <= 0]
    if not won or not lost:
        return tuple(float(s) for s in scores)
    target = chance * sum(won) / len(won) + (1 - chance) * sum(lost) / len(lost)
    shift = target - sum(scores) / len(scores)
    return tuple(round(s + shift, 6) for s in scores)


MAX_TRIES = 2000  # draws per sample before a condition on the other hands is given up as impossible


def before_bidding(hand: tuple[Card, ...], players: int, seat: int):
    """``seat``'s view before anyone bids (seat 0 speaks first, so the dealer is the last seat): its hand only.
    The other hands are a placeholder the view does not show (dealt so that none holds the Petit sec)."""
    rules = RuleSet.for_players(players)
    mine = {c.index for c in hand}
    unseen = [c for c in CARDS if c.index not in mine]
    size = rules.hand_size
    for shift in range(len(unseen)):
        rest = unseen[shift:] + unseen[:shift]
        hands = [rest[k * size:(k + 1) * size] for k in range(players - 1)]
        hands.insert(seat, list(hand))
        if not any(is_petit_sec(h) for h in hands):
            dealt = DealtCards(players, players - 1, tuple(map(tuple, hands)), tuple(rest[(players - 1) * size:]),
                               0, ())
            return Deal(dealt, rules=rules).view(seat)
    raise TarotError("no deal fits this hand")  # cannot happen: the Petit can always join a long trump hand


def _deal(hand: tuple[Card, ...], players: int, seat: int, rng: random.Random,
          given: Callable[[tuple], bool] | None = None) -> DealtCards:
    """The other hands and the dog, dealt at random from the unseen cards (no Petit sec, ``given`` met).

    Before the bidding the seat knows its hand only, so the advisor's sampler would place every unseen card
    anywhere (``Sampler(before_bidding(...))``, tested): a plain shuffle deals from the same law, and a
    shuffle is cheap enough to be tried the thousands of times a rare earlier bid (``given``) can take."""
    size = RuleSet.for_players(players).hand_size
    mine = {c.index for c in hand}
    unseen = [c for c in CARDS if c.index not in mine]
    for _ in range(MAX_TRIES):
        rng.shuffle(unseen)
        hands, pos = [], 0
        for s in range(players):
            if s == seat:
                hands.append(hand)
            else:
                hands.append(tuple(unseen[pos:pos + size]))
                pos += size
        if not any(is_petit_sec(h) for h in hands) and (given is None or given(tuple(hands))):
            return DealtCards(players, players - 1, tuple(hands), tuple(unseen[pos:]), 0, ())
    raise TarotError("no deal of the unseen cards fits what the table has shown")


def taking(dealt: DealtCards, seat: int, contract: Contract) -> Lean:
    """The deal with ``seat`` taking ``contract`` (everyone else passes), after the bots' king call and écart, as
    a lean rollout state at the first card."""
    deal = Deal(dealt, rules=RuleSet.for_players(dealt.players))
    while deal.phase is Phase.BIDDING:
        s = deal.to_act
        deal.apply(Bid(s, contract if s == seat else None))
    if deal.phase is Phase.CALLING:
        deal.apply(CallKing(seat, choose_call(deal.hand(seat))))
    if deal.phase is Phase.ECART:
        deal.apply(Discard(seat, tuple(choose_ecart(deal.hand(seat), players=dealt.players))))
    return Lean.from_deal(deal)


def passing(dealt: DealtCards, seat: int) -> float:
    """``seat``'s own score on the deal when it passes and every other seat bids, calls, makes its écart and plays
    as the bots do (``bots.policy.decide``, then the lean rollout): a defender's share, a called partner's, or 0
    when everyone passes."""
    deal = Deal(dealt, rules=RuleSet.for_players(dealt.players))
    while deal.phase is Phase.BIDDING:
        s = deal.to_act
        deal.apply(Bid(s, None) if s == seat else decide(deal.view(s)).action)
    return rollout(deal, seat)[2]
