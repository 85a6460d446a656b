"""The bidding estimator's calibration: the rollouts' raw chance of a contract -> the advisor's made rate.

The estimator plays every sampled deal with the bots in every seat (cheap: about 0.3 ms a deal). What a
learner is told is how often the contract is made when the taker plays well: ``bench/calibration.py``
plays real deals out with the **advisor as taker** and the practice bots in the other seats, and
records, per contract, the raw chance the estimator gave and whether the advisor made it. ``KNOTS`` is the
isotonic (monotone) fit of the made rate on the raw chance over the fitting deals (``FITTED_ON``); the
bench evaluates it on other deals.

>>> calibrate(0.0), calibrate(1.0)
(0.0, 1.0)
"""

from __future__ import annotations

from bisect import bisect_right

FITTED_ON = "not fitted yet: the identity"
# (raw chance, made rate) knots, both increasing; between knots the map is linear.
KNOTS: tuple[tuple[float, float], ...] = ((0.0, 0.0), (1.0, 1.0))


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
