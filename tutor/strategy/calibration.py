"""The bidding estimator's calibration: the rollouts' raw chance of a contract -> the advisor's made rate.

The estimator plays every sampled deal with the bots in every seat (cheap: about 0.3 ms a deal). What a
learner is told is how often the contract is made when the taker plays well: ``bench/calibration.py``
plays real deals out with the **advisor as taker** and the practice bots in the other seats, and
records, per contract, the raw chance the estimator gave and whether the advisor made it. ``KNOTS`` is the
logistic fit of the made rate on the logit of the raw chance over the fitting deals (``FITTED_ON``), a
monotone map tabulated at 25 knots; the bench evaluates it on other deals. The advisor makes more contracts
than the bots as taker in the middle of the range (a raw 30% is made about 42% of the time), and a raw 0 or 1
out of 100 deals is not a certainty.

>>> calibrate(0.0), calibrate(0.3), calibrate(1.0)
(0.0127, 0.4189, 0.9947)
"""

from __future__ import annotations

from bisect import bisect_right

FITTED_ON = ("286 seeded 4-player deals, set 'fit' (calibration:fit:0 to 295, Petit sec deals skipped), one "
             "contract a deal; the advisor as taker at 10 ms a card, the practice bots defending; the estimator at "
             "100 samples")
# made = sigmoid(A + B logit(raw)), raw clamped to [0.005, 0.995]: the maximum-likelihood fit on those deals
# (bench/calibration.py --fit), tabulated below.
A, B = 0.4402, 0.9058
# (raw chance, made rate) knots, both increasing; between knots the map is linear.
KNOTS: tuple[tuple[float, float], ...] = (
    (0.0, 0.0127), (0.01, 0.0236), (0.02, 0.0437), (0.05, 0.0974), (0.1, 0.1751), (0.15, 0.244), (0.2, 0.3067),
    (0.25, 0.3647), (0.3, 0.4189), (0.35, 0.4699), (0.4, 0.5182), (0.45, 0.5642), (0.5, 0.6083), (0.55, 0.6507),
    (0.6, 0.6916), (0.65, 0.7312), (0.7, 0.7699), (0.75, 0.8077), (0.8, 0.845), (0.85, 0.882), (0.9, 0.9191),
    (0.95, 0.9572), (0.98, 0.9814), (0.99, 0.9901), (1.0, 0.9947))


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
