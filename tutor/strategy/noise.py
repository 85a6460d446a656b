"""How sure a sampled figure is: the quantiles every room of the strategy uses for its intervals.

A mean over n sampled deals has n - 1 degrees of freedom. On few deals the normal quantile (1.96 for 95%) makes
the interval too narrow: the standard deviation is itself guessed from those deals. Student's t quantile is the
right one (the mean of a normal sample, its spread unknown): 2.57 on 6 deals, 2.09 on 20, 2.02 on 40, and it
tends to 1.96. ``t_quantile`` computes it from the t distribution's CDF (the regularized incomplete beta function)
by bisection; ``t95`` is the two-sided 95% quantile by degrees of freedom, cached.

>>> round(Z95, 2)
1.96
>>> [round(t95(df), 3) for df in (1, 5, 10, 30, 120)]  # the textbook table: 12.706 2.571 2.228 2.042 1.980
[12.706, 2.571, 2.228, 2.042, 1.98]
>>> round(t95(10**6), 3), t95(0) == math.inf
(1.96, True)
"""

from __future__ import annotations

import math
from functools import lru_cache

Z95 = 1.959963984540054  # the normal quantile of a two-sided 95% interval
NORMAL_AFTER = 10**5  # degrees of freedom from which the t quantile is the normal one to 4 decimals


def _betacf(a: float, b: float, x: float) -> float:
    """The continued fraction of the incomplete beta function (Lentz's method)."""
    tiny, qab, qap, qam = 1e-300, a + b, a + 1.0, a - 1.0
    c, d = 1.0, 1.0 - qab * x / qap
    d = 1.0 / (d if abs(d) > tiny else tiny)
    h = d
    for m in range(1, 300):
        m2 = 2 * m
        for num in (m * (b - m) * x / ((qam + m2) * (a + m2)), -(a + m) * (qab + m) * x / ((a + m2) * (qap + m2))):
            d = 1.0 + num * d
            d = 1.0 / (d if abs(d) > tiny else tiny)
            c = 1.0 + num / c
            c = c if abs(c) > tiny else tiny
            h *= d * c
        if abs(d * c - 1.0) < 1e-14:
            break
    return h


def _betai(a: float, b: float, x: float) -> float:
    """The regularized incomplete beta function I_x(a, b)."""
    if x <= 0.0:
        return 0.0
    if x >= 1.0:
        return 1.0
    front = math.exp(math.lgamma(a + b) - math.lgamma(a) - math.lgamma(b) + a * math.log(x) + b * math.log1p(-x))
    if x < (a + 1.0) / (a + b + 2.0):
        return front * _betacf(a, b, x) / a
    return 1.0 - front * _betacf(b, a, 1.0 - x) / b


def t_cdf(t: float, df: float) -> float:
    """P(T <= t) for Student's t with ``df`` degrees of freedom.

    >>> round(t_cdf(0, 4), 6), round(t_cdf(2.776445, 4), 4)
    (0.5, 0.975)
    """
    tail = 0.5 * _betai(df / 2.0, 0.5, df / (df + t * t))
    return 1.0 - tail if t >= 0 else tail


def t_quantile(p: float, df: float) -> float:
    """The ``p`` quantile of Student's t with ``df`` degrees of freedom (0.5 < p < 1), by bisection on ``t_cdf``."""
    lo, hi = 0.0, 1.0
    while t_cdf(hi, df) < p:
        lo, hi = hi, hi * 2
    for _ in range(100):
        mid = (lo + hi) / 2
        if t_cdf(mid, df) < p:
            lo = mid
        else:
            hi = mid
    return (lo + hi) / 2


@lru_cache(maxsize=1024)
def two_sided(z: float, df: int) -> float:
    """The t quantile with the same two-sided confidence as the normal quantile ``z``, on ``df`` degrees of
    freedom (infinite below 1: no interval from one deal). ``two_sided(Z95, df)`` is ``t95(df)``.

    >>> round(two_sided(2.5, 5), 2), round(two_sided(2.5, 10**6), 2)
    (3.82, 2.5)
    """
    if df < 1:
        return math.inf
    if df >= NORMAL_AFTER:
        return z
    p = 0.5 * (1.0 + math.erf(z / math.sqrt(2.0)))
    return t_quantile(p, df)


def t95(df: int) -> float:
    """The two-sided 95% quantile of Student's t on ``df`` degrees of freedom (a mean over ``df + 1`` deals)."""
    return two_sided(Z95, df)
