"""The bidding hint in Practice: the contract with the best expected score for this hand, at this seat,
after these bids, computed by the bidding estimator (the same verdict as the "What would you bid?" drill).

The bots bid by the hand count alone (``handcount.thresholds``), which is fast but rough. A learner who asks
for a hint gets the estimate instead: ``SAMPLES`` deals of the unseen cards that fit the bids made so far,
each played out with the learner taking, the chances calibrated on the advisor's own play as taker, and once more
with the learner passing (the others bid and play as the bots do: passing is valued by play, not as 0)
(``estimate.estimate_bids``, one call). The move is the verdict's advice: the lowest of the options tied with the
best expected score, its reason naming the higher ones tied with it (``contracts.said``). The count is still
quoted, with its own threshold, so the two can be
compared.

The estimator numbers the seats from the first to speak (the dealer is the last); ``speaking_seat``
turns a table seat into that order.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from functools import lru_cache

from ...engine import Bid, Card, Contract, Deal, SeatView, TarotError
from ...engine.words import N_, Text, lower_first
from ..bots.handcount import count_steps
from ..bots.policy import Move
from ..review.deal import rewind
from .contracts import BidVerdict, fits, open_options, option_name, said, verdict
from .estimate import HOW, BidEstimate, estimate_bids

SAMPLES = 80  # the drill's too: about 0.25 s of CPU (3 play-outs a deal: taking with and without the dog, passing)


def speaking_seat(seat: int, dealer: int, players: int) -> int:
    """Where ``seat`` speaks in the auction, from 0 (the player after the dealer) to players - 1 (the dealer).

    >>> speaking_seat(0, dealer=3, players=4), speaking_seat(3, dealer=3, players=4), speaking_seat(0, 0, 5)
    (0, 3, 4)
    """
    return (seat - dealer - 1) % players


@dataclass(frozen=True)
class BidAdvice:
    """The hint's move, with the estimate and the verdict behind it."""

    move: Move
    estimate: BidEstimate
    verdict: BidVerdict

    def rows(self) -> list[tuple[str, str, int]]:
        """One row per open option: the bid (the advice, the best and the tied ones marked), how often it is made,
        its average score (this seat's, a deal: the taker's, or passing's)."""
        out = []
        for o in self.verdict.options:
            made = "you do not play" if o is None else f"{self.estimate.contracts[o].chance:.0%}"
            name = option_name(o) + (" (best)" if o == self.verdict.best else
                                     " (tied)" if o in self.verdict.ties else "")
            out.append((name, made, round(self.verdict.expected[o])))
        return out

    def table(self) -> str:
        """The rows as a Markdown table: three narrow columns, which wrap on a phone."""
        lines = ["| bid | made | average score |", "|---|---|---|"]
        lines += [f"| {name} | {made} | {signed_score(score)} |" for name, made, score in self.rows()]
        return "\n".join(lines)


@lru_cache(maxsize=32)
def _estimate(hand: tuple[Card, ...], players: int, seat: int, bids: tuple, seed: int) -> BidEstimate:
    return estimate_bids(hand, players=players, seat=seat, samples=SAMPLES, rng=random.Random(seed),
                         given=fits(list(bids), players, seat))


def advise_bid(view: SeatView, *, seed: int = 0) -> BidAdvice:
    """The best expected score among the open bids for ``view``'s seat (TarotError when the estimator
    cannot sample deals that fit the bids so far, or the hand cannot be bid on)."""
    bids = tuple(b for _, b in view.bids)
    seat = speaking_seat(view.seat, view.dealer, view.players)
    est = _estimate(tuple(view.hand), view.players, seat, bids, seed)
    v = verdict(est.scores, open_options(bids))
    count = count_steps(list(view.hand), players=view.players)
    reason = Text(N_("Estimated over {n} deals of the cards you cannot see, you taking, {how}; passing is valued by "
                     "play on the same deals, you defending whoever takes (each open bid's chance and average score "
                     "are in the table). Advice: {advice}; {score} a deal on average. By the hand count alone, the "
                     "bots' way: {count} The count says where to start thinking; the estimate, what this hand is "
                     "worth here."), n=est.samples, how=Text(HOW), advice=said(v),
                  score=signed_score(v.expected[v.advice]), count=lower_first(count.verdict()))
    return BidAdvice(Move(Bid(view.seat, v.advice), reason, "best-expected-score"), est, v)


def signed_score(x: float) -> str:
    """An average score as shown in a hint: whole points with their sign, '0' alone.

    >>> signed_score(55.6), signed_score(-0.4), signed_score(-185)
    ('+56', '0', '-185')
    """
    return f"{round(x):+d}" if round(x) else "0"


@dataclass(frozen=True)
class BidReview:
    """The learner's bid in a played deal, judged as the hint would have judged it then."""

    step: int  # its place in the deal's log (Replay from here sets the table back to it)
    said: Contract | None
    advice: BidAdvice

    @property
    def gain(self) -> float:
        """What the best bid would have added to the learner's score on average (0 when tied with it)."""
        return 0.0 if self.tied else self.advice.verdict.gap[self.said][0]

    @property
    def tied(self) -> bool:
        return self.said in self.advice.verdict.ties

    def costly(self, min_gain: float) -> bool:
        """Worth listing: not tied with the best (beyond the estimate's noise) and ``min_gain`` points behind."""
        return not self.tied and self.gain >= min_gain


def review_bid(deal: Deal, learner: int) -> BidReview | None:
    """The learner's bid judged by the estimator, from where they stood when they spoke (seeded by the deal);
    None when they did not choose it (barred after a misdeal) or no sampled deal fits the bids before it."""
    step = next((i for i, a in enumerate(deal.log) if isinstance(a, Bid) and a.seat == learner), None)
    if step is None:
        return None
    view = rewind(deal, step).view(learner)
    if learner in view.barred:
        return None
    try:
        advice = advise_bid(view, seed=deal.seed or 0)
    except TarotError:
        return None
    return BidReview(step, deal.log[step].contract, advice)
