"""Intervals right on small samples (issue 35, item 7): Student's t quantiles (``noise.t95``, ``noise.two_sided``)
in the advisor's ties and pruning and in the bid verdict, checked against the textbook table."""

from __future__ import annotations

import math

import pytest

from tutor.strategy.advisor.advise import PRUNE_Z, _mean_ci, _pruned
from tutor.strategy.bidding.contracts import paired_gap
from tutor.strategy.noise import Z95, t95, t_cdf, two_sided

# The two-sided 95% quantiles of Student's t, from a printed table (df: quantile).
TABLE = {1: 12.706, 2: 4.303, 3: 3.182, 4: 2.776, 5: 2.571, 6: 2.447, 7: 2.365, 8: 2.306, 9: 2.262, 10: 2.228,
         15: 2.131, 20: 2.086, 25: 2.060, 30: 2.042, 40: 2.021, 60: 2.000, 120: 1.980}


@pytest.mark.parametrize("df,q", sorted(TABLE.items()))
def test_t95_is_the_tables(df, q):
    assert t95(df) == pytest.approx(q, abs=0.0015)


def test_the_t_quantile_falls_to_the_normal_one_and_is_infinite_without_a_degree_of_freedom():
    qs = [t95(df) for df in range(1, 200)]
    assert all(a > b for a, b in zip(qs, qs[1:])) and qs[-1] > Z95
    assert t95(10**6) == pytest.approx(Z95, abs=1e-4) and math.isinf(t95(0))
    # The 99.5% one-sided quantile on 5 degrees of freedom is 4.032 (the table's 0.01 two-sided column).
    assert two_sided(2.5758293, 5) == pytest.approx(4.032, abs=0.002)
    assert t_cdf(4.032, 5) == pytest.approx(0.995, abs=1e-4)


def test_a_mean_over_few_deals_gets_the_wider_interval():
    # sd 10 over 3 deals: se 5.774, times t95(2) = 4.303 (the normal 1.96 gave 11.32).
    assert _mean_ci([10, 20, 30]) == (20.0, 24.84)
    # The bid verdict's paired gap alike: per-deal gaps 10 20 30.
    assert paired_gap((10, 20, 30), (0, 0, 0)) == pytest.approx((20.0, 24.84), abs=0.01)


def test_pruning_after_six_deals_keeps_an_option_only_three_standard_errors_behind():
    # Six deals: option b trails the leader by 3.0 paired standard errors, c by 5.0. The normal 2.5 dropped
    # both; on 5 degrees of freedom the same confidence needs 3.82 (noise.two_sided), so b stays in the race.
    s = [1, -1, 1, -1, 1, -1]
    se = math.sqrt(sum(x * x for x in s) / 5) / math.sqrt(6)
    lead = [100.0] * 6
    runs = {"a": [(0, 0, x) for x in lead],
            "b": [(0, 0, x - 3.0 * se - e) for x, e in zip(lead, s)],
            "c": [(0, 0, x - 5.0 * se - e) for x, e in zip(lead, s)]}
    assert PRUNE_Z < 3.0 and two_sided(PRUNE_Z, 5) == pytest.approx(3.82, abs=0.01)
    assert _pruned(runs, ["a", "b", "c"], 6) == ["a", "b"]
    # On many deals the threshold is back to 2.5: 3 standard errors behind is dropped.
    many = {k: v * 100 for k, v in runs.items()}
    assert _pruned(many, ["a", "b", "c"], 600) == ["a"]
