"""The bidding estimator's calibration: the rollouts' raw chance of a contract -> the advisor's made rate.

The estimator plays every sampled deal with the bots in every seat (cheap: about 0.3 ms a deal). What a
learner is told is how often the contract is made when the taker plays well: ``bench/calibration.py``
plays real deals out with the **advisor as taker** and the practice bots in the other seats, and
records, per contract, the raw chance the estimator gave and whether the advisor made it. ``KNOTS`` is the
logistic fit of the made rate on the logit of the raw chance over the fitting deals (``FITTED_ON``), a
monotone map tabulated at 25 knots; the bench evaluates it on other deals. The advisor makes more contracts
than the bots as taker in the middle of the range (a raw 30% is made about 40% of the time), and a raw 0 or 1
out of 100 deals is not a certainty.

>>> calibrate(0.0), calibrate(0.3), calibrate(1.0)
(0.0069, 0.4037, 0.9974)
"""

from __future__ import annotations

from bisect import bisect_right

FITTED_ON = ("550 seeded 4-player deals played with the bots that bank their Petit: set 'fit' (calibration:fit:0 "
             "to 249), all three contracts played on each, and set 'eval' (calibration:eval:0 to 299), one contract "
             "a deal (stratified), 1,050 pairs; the advisor as taker at 10 ms a card, the practice bots defending; "
             "the estimator at 100 samples")
# made = sigmoid(A + B logit(raw)), raw clamped to [0.005, 0.995]: the maximum-likelihood fit on those deals
# (bench/calibration.py --from ... --fit), tabulated below.
A, B = 0.4837, 1.0311
# (raw chance, made rate) knots, both increasing; between knots the map is linear.
KNOTS: tuple[tuple[float, float], ...] = (
    (0.0, 0.0069), (0.01, 0.014), (0.02, 0.0285), (0.05, 0.0723), (0.1, 0.1441), (0.15, 0.2134), (0.2, 0.2798),
    (0.25, 0.3432), (0.3, 0.4037), (0.35, 0.4614), (0.4, 0.5164), (0.45, 0.5688), (0.5, 0.6186), (0.55, 0.6661),
    (0.6, 0.7113), (0.65, 0.7544), (0.7, 0.7953), (0.75, 0.8343), (0.8, 0.8714), (0.85, 0.9066), (0.9, 0.9399),
    (0.95, 0.9712), (0.98, 0.989), (0.99, 0.9946), (1.0, 0.9974))


# Other table sizes have their own maps (``bench/calibration.py --players N``), fitted on fewer deals: the 4-player map
# does not carry over. With 5 players the called partner (a bot) plays half the attack, and the advisor as taker
# made about what the bots make; the 4-player map promised 10 to 20 points too much there.
FITTED_ON_BY_PLAYERS = {
    3: "300 seeded 3-player deals, set 'eval' (calibration:p3:eval:0 to 299), one contract a deal (stratified), "
       "played again with the bots that bank their Petit; the advisor as taker at 10 ms a card, the practice bots "
       "defending",
    4: FITTED_ON,
    5: "600 seeded 5-player deals, set 'eval' (calibration:p5:eval:0 to 299 and 5000 to 5299), one contract a deal "
       "(stratified); the advisor as taker at 10 ms a card, the practice bots in the other seats (the called "
       "partner too)",
}
KNOTS_BY_PLAYERS: dict[int, tuple[tuple[float, float], ...]] = {
    # a = 0.3515, b = 0.8024
    3: ((0.0, 0.0199), (0.01, 0.0344), (0.02, 0.0589), (0.05, 0.118), (0.1, 0.196), (0.15, 0.2611), (0.2, 0.3185),
        (0.25, 0.3705), (0.3, 0.4186), (0.35, 0.4638), (0.4, 0.5065), (0.45, 0.5475), (0.5, 0.587), (0.55, 0.6254),
        (0.6, 0.663), (0.65, 0.7002), (0.7, 0.7372), (0.75, 0.7744), (0.8, 0.8121), (0.85, 0.8511), (0.9, 0.8923),
        (0.95, 0.9379), (0.98, 0.97), (0.99, 0.9827), (1.0, 0.99)),
    4: KNOTS,
    # a = 0.0362, b = 0.8889
    5: ((0.0, 0.0093), (0.01, 0.0171), (0.02, 0.0316), (0.05, 0.0704), (0.1, 0.1282), (0.15, 0.1816), (0.2, 0.2322),
        (0.25, 0.2808), (0.3, 0.3281), (0.35, 0.3742), (0.4, 0.4196), (0.45, 0.4645), (0.5, 0.509), (0.55, 0.5534),
        (0.6, 0.5979), (0.65, 0.6425), (0.7, 0.6877), (0.75, 0.7336), (0.8, 0.7805), (0.85, 0.8289), (0.9, 0.8797),
        (0.95, 0.9342), (0.98, 0.9706), (0.99, 0.984), (1.0, 0.9913)),
}


def knots_for(players: int) -> tuple[tuple[float, float], ...]:
    """The calibration map of a table size.

    >>> knots_for(4) is KNOTS, knots_for(5)[0]
    (True, (0.0, 0.0093))
    """
    return KNOTS_BY_PLAYERS.get(players, KNOTS)


def calibrate(raw: float, knots: tuple[tuple[float, float], ...] = KNOTS) -> float:
    """The calibrated chance for a raw chance (piecewise linear through the knots, so monotone).

    >>> calibrate(0.25, ((0.0, 0.0), (0.5, 0.2), (1.0, 1.0)))
    0.1
    """
    xs = [x for x, _ in knots]
    if raw <= xs[0]:
        return knots[0][1]
    if raw >= xs[-1]:
        return knots[-1][1]
    k = bisect_right(xs, raw) - 1
    (x0, y0), (x1, y1) = knots[k], knots[k + 1]
    return round(y0 + (y1 - y0) * (raw - x0) / (x1 - x0), 6)
