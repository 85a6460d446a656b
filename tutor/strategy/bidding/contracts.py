"""Which contract to bid: the verdict on a choice among the open bids, from the bidding estimator.

The options are Pass and the contracts still open. Each contract's value is its mean taker score over
the estimator's sampled deals. Pass is valued by play on the same deals (``estimate.passing``): this seat
passes, the others bid as the bots do, and its own score when someone else takes (it defends, or with 5
players may be called) counts; 0 only when everyone passes. Scores that give no pass values (no ``None`` key)
count it 0. The deals are shared by every option, so two options are compared deal by deal: the gap between the
best option and another is a **tie** when its 95% interval (mean ± Student's t quantile on n - 1 degrees of
freedom times the standard error of the per-deal differences, ``noise.t95``) reaches 0, since more deals could
reverse it.

**The advice** is the lowest of the tied options (it risks less for the same expected score, within the
noise); ``said`` words it, naming the higher options that were tied with it.

Credit (``CREDIT``): the best option, or one tied with it, is right; a **neighbour** of the best (the
next option up or down: Pass, Petite, Garde, Garde sans, Garde contre) within ``TOLERANCE`` points of
its expected score is half right; anything else is wrong.

>>> from tutor.engine import Contract
>>> v = verdict({Contract.GARDE: (100, 120, 80, 100), Contract.GARDE_SANS: (-400, 300, -500, 200)},
...             (None, Contract.GARDE, Contract.GARDE_SANS))
>>> v.best, v.expected[None], v.expected[Contract.GARDE], v.ties
(<Contract.GARDE: 'garde'>, 0.0, 100.0, (<Contract.GARDE: 'garde'>, <Contract.GARDE_SANS: 'garde_sans'>))
>>> v.credit(None), v.credit(Contract.GARDE_SANS), v.advice
(0.0, 1.0, <Contract.GARDE: 'garde'>)

Passing valued at -30 a deal (a neighbour's contract defended) makes a petite at -10 the better choice:

>>> verdict({None: (-30, -30, -30, -30), Contract.PETITE: (-10, -8, -12, -10)}, (None, Contract.PETITE)).best
<Contract.PETITE: 'petite'>
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from ...engine import Contract
from ...engine.bidding import Auction
from ...engine.words import N_, Text, counted, joined
from ..bots.handcount import choose_bid
from ..noise import t95

TOLERANCE = 50  # points of expected taker score: a neighbour this close to the best is half right
CREDIT = {"best": 1.0, "tie": 1.0, "neighbour": 0.5, "wrong": 0.0}
ORDER = (None, *Contract)  # Pass, then the contracts from the lowest


def option_name(option: Contract | None) -> str:
    """'Pass', 'Garde sans': the names players use."""
    return N_("Pass") if option is None else option.value.replace("_", " ").capitalize()


@dataclass(frozen=True)
class BidVerdict:
    """The options in order, each one's expected score and the half-width of its gap to the best."""

    options: tuple
    expected: dict  # option -> mean score for this seat (a contract's: the taker's; Pass: passing's)
    best: Contract | None
    ties: tuple  # the options tied with the best (the best included), in order
    gap: dict  # option -> (best's expected - its expected, 95% half-width of that gap)
    samples: int
    advice: Contract | None = None  # the lowest tied option: what to bid
    over: dict = None  # each tied option above the advice -> (its expected - the advice's, 95% half-width)

    def grade(self, option: Contract | None) -> str:
        """'best', 'tie', 'neighbour' or 'wrong' (a key of ``CREDIT``)."""
        return grade(self.options, option, self.best, self.ties, self.gap[option][0])

    def credit(self, option: Contract | None) -> float:
        return CREDIT[self.grade(option)]


def grade(options: Sequence, option, best, ties: Sequence, gap: float) -> str:
    """'best', 'tie', 'neighbour' (the next option up or down from the best, ``gap`` points behind it at most
    ``TOLERANCE``) or 'wrong'. Options may be Contracts or any keys, in order.

    >>> grade(["pass", "garde", "garde_sans"], "garde_sans", "garde", ["garde"], 30)
    'neighbour'
    >>> grade(["pass", "garde", "garde_sans"], "pass", "garde_sans", ["garde_sans"], 10)
    'wrong'
    """
    options = list(options)
    if option == best:
        return "best"
    if option in ties:
        return "tie"
    if abs(options.index(option) - options.index(best)) == 1 and gap <= TOLERANCE:
        return "neighbour"
    return "wrong"


def verdict(scores: dict, options: Sequence) -> BidVerdict:
    """The verdict on ``options`` (Pass as None) from per-deal taker ``scores`` (Contract -> sequence, shared
    deals, as ``BidEstimate.scores`` gives them)."""
    options = tuple(o for o in ORDER if o in options and (o is None or o in scores))  # a contract needs its scores
    n = len(next(iter(scores.values())))
    per = {o: tuple(scores[o]) if o in scores else (0,) * n for o in options}
    expected = {o: sum(v) / n for o, v in per.items()}
    # The best: the highest mean, the lower option on a tie (it risks less).
    best = max(options, key=lambda o: (expected[o], -ORDER.index(o)))
    gap = {o: paired_gap(per[best], per[o]) for o in options}
    ties = tuple(o for o in options if o == best or gap[o][0] <= gap[o][1])
    advice = ties[0]
    over = {o: paired_gap(per[o], per[advice]) for o in ties[1:]}
    return BidVerdict(options, expected, best, ties, gap, n, advice, over)


def paired_gap(a: Sequence[float], b: Sequence[float]) -> tuple[float, float]:
    """The mean of ``a - b`` deal by deal and its 95% half-width (Student's t on n - 1 degrees of freedom).

    >>> [round(x, 2) for x in paired_gap((10, 20, 30), (0, 0, 0))]  # sd 10, se 5.77, t95(2) = 4.30
    [20.0, 24.84]
    """
    n = len(a)
    diffs = [x - y for x, y in zip(a, b)]
    mean = sum(diffs) / n
    if n < 2:
        return mean, 0.0
    sd = math.sqrt(sum((d - mean) ** 2 for d in diffs) / (n - 1))
    return mean, t95(n - 1) * sd / math.sqrt(n)


def said(v: BidVerdict) -> Text | str:
    """The advice in words, with the higher options tied with it: "Garde: garde sans is within the noise (garde sans
    +52 a deal on average against garde, ±80)"; the advice alone when nothing above it was tied.

    >>> from tutor.engine import Contract
    >>> v = verdict({Contract.GARDE: (100, 120, 80, 100), Contract.GARDE_SANS: (-400, 300, -500, 200)},
    ...             (None, Contract.GARDE, Contract.GARDE_SANS))
    >>> said(v)  # per deal -500 +180 -580 +100: mean -200, sd 395, se 198, t95(3) = 3.18
    'Garde: garde sans is within the noise (garde sans -200 a deal on average against garde, ±629)'
    """
    name = Text(option_name(v.advice))
    above = [o for o in v.ties if o != v.advice]
    if not above:
        return name
    parts = [Text(N_("{option} {gap} a deal on average against {advice}, ±{half}"), option=_word(o),
                  gap=f"{round(v.over[o][0]):+d}", half=round(v.over[o][1]), advice=_word(v.advice)) for o in above]
    return counted(len(above), N_("{advice}: {options} is within the noise ({details})"),
                   N_("{advice}: {options} are within the noise ({details})"), advice=name,
                   options=joined([_word(o) for o in above], " and "), details=joined(parts, "; "))


def _word(option: Contract | None) -> Text:
    """A bid in running text: 'pass' (a message id), 'garde sans' (French in every language)."""
    return Text(N_("pass")) if option is None else Text(option_name(option).lower())


def open_options(bids: Sequence[Contract | None]) -> tuple:
    """Pass and the contracts above the highest bid so far.

    >>> [option_name(o) for o in open_options([None, Contract.PETITE])]
    ['Pass', 'Garde', 'Garde sans', 'Garde contre']
    """
    top = max((b for b in bids if b is not None), default=None)
    return (None, *(c for c in Contract if top is None or c > top))


def _bids_before(hands, players: int, seat: int):
    """The bids of the seats before ``seat`` (seat 0 speaks first), one by one, as the bots make them."""
    auction = Auction(players, players - 1)
    for s in range(seat):
        bid = choose_bid(hands[s], players=players, open_bids=auction.open_bids())
        auction.bid(s, bid)
        yield bid


def earlier_bids(hands, players: int, seat: int) -> list:
    """The bids of the seats before ``seat`` (seat 0 speaks first), as the bots make them."""
    return list(_bids_before(hands, players, seat))


def fits(bids: list, players: int, seat: int):
    """The condition on a sampled deal: the earlier seats would have bid exactly ``bids``. The sampler asks
    it of up to thousands of deals, so it stops at the first seat that would have bid otherwise."""
    bids = tuple(bids)

    def given(hands) -> bool:
        return len(bids) == seat and all(b == w for b, w in zip(_bids_before(hands, players, seat), bids))
    return given
