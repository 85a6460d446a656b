"""The bidding estimator: how often a hand makes each contract, and what it scores on average.

The cards the bidder cannot see are dealt ``samples`` times (dog included), from a seeded
``random.Random``. Each deal is played out by the practice bots for every seat (``bots.decide``,
which sees one seat's view only), with the bidder as taker and everyone else passing. The dog is
used as each contract says: a petite and a garde take it and make an écart, a garde sans keeps it
for the taker unseen, a garde contre gives it to the defence. Since the bots play a petite like a
garde and a garde contre like a garde sans, each deal is played twice (with and without the dog)
and the engine scores each finished deal under both contracts of that pair.

>>> from tutor.engine import parse_cards
>>> hand = parse_cards("T21 T20 T19 T18 T17 T16 T15 T14 T13 T12 T11 T10 T9 T1 EX KH KS QS")
>>> e = estimate_bids(hand, players=4, samples=20, rng=random.Random(3))
>>> e.contracts[Contract.GARDE_CONTRE].chance, e.advice.value
(1.0, 'garde_contre')
"""

from __future__ import annotations

import copy
import math
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from ..engine import Bid, Card, Contract, Deal, DogFate, Phase, RuleSet, TarotError, is_petit_sec
from ..engine.cards import CARDS
from ..engine.deal import DealtCards
from .bots import decide

Z95 = 1.959963984540054  # the normal quantile of a two-sided 95% interval
# Contracts played out by the bots, and the contract each log is replayed under too.
PLAYED = {Contract.GARDE: Contract.PETITE, Contract.GARDE_SANS: Contract.GARDE_CONTRE}
OVER = (Phase.DONE, Phase.CANCELLED)


@dataclass(frozen=True)
class ContractEstimate:
    """One contract: the share of deals the taker made, its 95% (Wilson) interval, the mean taker score."""

    contract: Contract
    made: int
    samples: int
    chance: float
    low: float
    high: float
    expected: float

    def to_json(self) -> dict:
        return {"chance": round(self.chance, 3), "low": round(self.low, 3), "high": round(self.high, 3),
                "expected": round(self.expected, 1)}


@dataclass(frozen=True)
class BidEstimate:
    """Every contract's estimate for one hand, and the advice: the best expected score
    (pass when no contract is expected to score above 0)."""

    hand: tuple[Card, ...]
    players: int
    seat: int  # from 0, in play order: seat 0 speaks and leads first
    samples: int
    seed: int | None
    contracts: dict  # Contract -> ContractEstimate, lowest contract first
    advice: Contract | None
    # Contract -> the taker's score on each sampled deal, in the same order for every contract (the deals are
    # shared, so two contracts can be compared deal by deal: ``tutor.strategy.contracts``).
    scores: dict = field(default_factory=dict, compare=False, repr=False)

    def to_json(self) -> dict:
        """The stable JSON form of ``tarot-tutor bid --json``."""
        return {"contracts": {c.value: e.to_json() for c, e in self.contracts.items()},
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
                  given: Callable[[tuple], bool] | None = None) -> BidEstimate:
    """Estimate each contract for ``hand`` held at ``seat`` (from 0; seat 0 leads first).

    Pass ``rng`` (a ``random.Random``) or ``seed``; the same one gives the same numbers. ``given``
    (the other hands, by seat -> bool) keeps only the deals that fit what the table has shown, e.g. the
    bids made before the bidder speaks; a condition no deal meets in ``MAX_TRIES`` shuffles per sample
    raises TarotError.
    """
    rules = RuleSet.for_players(players)
    hand = tuple(hand)
    check_bid_hand(hand, players=players, seat=seat)
    if samples < 1:
        raise TarotError("at least one sample is needed")
    rng = rng if rng is not None else random.Random(seed)
    results: dict[Contract, list[tuple[bool, int]]] = {c: [] for c in Contract}
    for _ in range(samples):
        dealt = _deal(hand, players, seat, rules, rng, given)
        for played, twin in PLAYED.items():
            deal = play_out(dealt, seat, played)
            for contract, d in ((played, deal), (twin, _as_contract(deal, twin))):
                r = d.result()
                results[contract].append((r.score.won, r.score.taker))
    contracts = {}
    for c in Contract:
        made = sum(1 for won, _ in results[c] if won)
        low, high = wilson(made, samples)
        contracts[c] = ContractEstimate(c, made, samples, made / samples, low, high,
                                        sum(s for _, s in results[c]) / samples)
    best = max(Contract, key=lambda c: (contracts[c].expected, -c.level))
    advice = best if contracts[best].expected > 0 else None
    return BidEstimate(hand, players, seat, samples, seed, contracts, advice,
                       {c: tuple(s for _, s in results[c]) for c in Contract})


MAX_TRIES = 2000  # shuffles per sample before a condition on the other hands is given up as impossible


def _deal(hand: tuple[Card, ...], players: int, seat: int, rules: RuleSet, rng: random.Random,
          given: Callable[[tuple], bool] | None = None) -> DealtCards:
    """The other hands and the dog, dealt at random from the unseen cards (no Petit sec, ``given`` met)."""
    mine = {c.index for c in hand}
    unseen = [c for c in CARDS if c.index not in mine]
    size = rules.hand_size
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


def _bids(deal: Deal, seat: int, contract: Contract) -> None:
    while deal.phase is Phase.BIDDING:
        s = deal.to_act
        deal.apply(Bid(s, contract if s == seat else None))


def play_out(dealt: DealtCards, seat: int, contract: Contract) -> Deal:
    """The deal with ``seat`` taking ``contract`` (everyone else passes), played to the end by the bots."""
    deal = Deal(dealt, rules=RuleSet.for_players(dealt.players))
    _bids(deal, seat, contract)
    while deal.phase not in OVER:
        deal.apply(decide(deal.view(deal.to_act)).action)
    return deal


def _as_contract(deal: Deal, contract: Contract) -> Deal:
    """The same finished deal (same calls, écart and cards) with another contract that uses the dog
    the same way, for the engine to score (``Deal.result`` counts the piles with the contract's dog rule)."""
    if contract.dog is not deal.contract.dog and {contract.dog, deal.contract.dog} != {
            DogFate.TAKER_KEEPS_HIDDEN, DogFate.DEFENCE_KEEPS_HIDDEN}:
        raise TarotError("only a contract that leaves the hands as they were can score the same play")
    twin = copy.copy(deal)
    twin.contract = contract
    return twin
