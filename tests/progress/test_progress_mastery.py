"""Mastery (Wilson lower bound), streaks, the daily series and the review rating: hand-worked values and properties."""

import math
from datetime import UTC, date, datetime, timedelta, timezone

import fsrs
from hypothesis import given
from hypothesis import strategies as st

from tutor.progress.mastery import Level, daily, mastery_by_skill, streak, wilson_lower_bound
from tutor.progress.review import counts, new_card, rating_for, schedule


def test_wilson_lower_bound_by_hand():
    # 8 of 10 at z = 1.96: centre = 0.8 + 3.8416/20 = 0.99208; margin = 1.96 * sqrt(0.016 + 0.009604) = 0.31362;
    # (0.99208 - 0.31362) / (1 + 0.38416) = 0.4902
    assert math.isclose(wilson_lower_bound(8, 10), 0.4902, abs_tol=5e-4)
    # 0 of 5: the lower bound is 0; 5 of 5: 5 / (5 + 3.8416) = 0.5655
    assert wilson_lower_bound(0, 5) == 0.0
    assert math.isclose(wilson_lower_bound(5, 5), 0.5655, abs_tol=5e-4)


@given(st.integers(1, 200), st.data())
def test_wilson_lower_bound_is_below_the_accuracy_and_grows_with_evidence(n, data):
    k = data.draw(st.integers(0, n))
    low = wilson_lower_bound(k, n)
    assert 0.0 <= low <= k / n + 1e-12
    # The same accuracy over more answers is more certain.
    assert wilson_lower_bound(2 * k, 2 * n) >= low - 1e-12


def test_mastery_counts_only_the_recent_answers():
    rows = [("legal-play", 1.0)] * 20 + [("legal-play", 0.0)] * 30  # newest first: 20 right, then old mistakes
    m = mastery_by_skill(rows)["legal-play"]
    assert (m.recent, m.accuracy) == (20, 1.0)
    assert m.level is Level.MASTERED  # 20/20: lower bound 0.839
    few = mastery_by_skill([("target", 1.0)] * 3)["target"]
    assert few.accuracy == 1.0 and few.level is Level.LEARNING  # 3/3 is only 0.44 sure


def test_streak_of_days():
    d = date(2026, 5, 10)
    assert streak(set(), d) == 0
    assert streak({d}, d) == 1
    assert streak({d - timedelta(days=i) for i in range(5)}, d) == 5
    assert streak({d - timedelta(days=i) for i in range(1, 4)}, d) == 3  # not yet today: yesterday's streak holds
    assert streak({d - timedelta(days=2)}, d) == 0


def test_daily_series_uses_the_learners_time_zone():
    tokyo = timezone(timedelta(hours=9))
    rows = [(datetime(2026, 5, 10, 14, 0, tzinfo=UTC), 1, 1.0), (datetime(2026, 5, 10, 16, 0, tzinfo=UTC), 1, 0.0),
            (datetime(2026, 5, 11, 1, 0, tzinfo=UTC), 1, 0.5)]
    assert daily(rows, UTC) == [(date(2026, 5, 10), 2, 0.5), (date(2026, 5, 11), 1, 0.5)]
    # In Tokyo 16:00 UTC is already the 11th.
    assert daily(rows, tokyo) == [(date(2026, 5, 10), 1, 1.0), (date(2026, 5, 11), 2, 0.25)]


def test_rating_table_and_when_an_answer_counts():
    assert rating_for(True, 1.0, True) is fsrs.Rating.Hard
    assert rating_for(False, 0.5, False) is fsrs.Rating.Hard
    assert rating_for(False, 0.4, True) is fsrs.Rating.Again
    t = datetime(2026, 5, 10, 12, 0, tzinfo=UTC)
    card = schedule(new_card("counting", t), "counting", fsrs.Rating.Good, t)
    assert not counts(card, True, t + timedelta(minutes=5))  # right, not due: practice
    assert counts(card, False, t + timedelta(minutes=5))  # wrong: a lapse counts
    assert counts(card, True, t + timedelta(minutes=10))  # due
    assert counts(None, True, t)  # a skill with no card yet
