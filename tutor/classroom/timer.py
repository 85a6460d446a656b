"""The timer of a teacher-paced class quiz: how long is left on the question the class is on, and
whether an answer came too late. The clock that counts is the server's: the question's start is
stored (``class_quizzes.question_at``, set by every move), so a phone whose page missed the end, or
a request sent by hand, is refused all the same.

>>> from datetime import UTC, datetime, timedelta
>>> start = datetime(2026, 1, 1, 9, 0, tzinfo=UTC)
>>> time_left(start, 30, start + timedelta(seconds=12.5)), time_left(start, 30, start + timedelta(seconds=40))
(17.5, 0.0)
>>> too_late(start, 30, start + timedelta(seconds=31.9)), too_late(start, 30, start + timedelta(seconds=33))
(False, True)
"""

from __future__ import annotations

import math
from datetime import datetime, timedelta

from ..i18n import _
from ..limits import QUESTION_TIMER_SECONDS

# An answer pressed as the projector shows 0 is still on its way (a phone on a school's Wi-Fi takes
# up to a second or two): it counts. Later ones do not.
GRACE = timedelta(seconds=2)


def check_seconds(seconds: int | None) -> int | None:
    """The timer as stored: None for no timer (None or 0), else whole seconds within the limits, or
    ValueError saying what is allowed.

    >>> check_seconds(None), check_seconds(0), check_seconds(30)
    (None, None, 30)
    """
    if not seconds:
        return None
    lo, hi = QUESTION_TIMER_SECONDS
    if isinstance(seconds, bool) or not isinstance(seconds, int) or not lo <= seconds <= hi:
        raise ValueError(_("The timer is {lo} to {hi} seconds per question.").format(lo=lo, hi=hi))
    return seconds


def time_left(started: datetime | None, seconds: int | None, now: datetime) -> float | None:
    """Seconds left on the question started at ``started`` (never below 0); None without a timer."""
    if not seconds or started is None:
        return None
    return max(0.0, (started + timedelta(seconds=seconds) - now).total_seconds())


def too_late(started: datetime | None, seconds: int | None, now: datetime) -> bool:
    """True when an answer at ``now`` comes after the time (and its grace): the store refuses it."""
    return bool(seconds) and started is not None and now >= started + timedelta(seconds=seconds) + GRACE


def shown(left: float) -> int:
    """The whole seconds a page shows for ``left``: rounded up, so "0" appears only when time is up.

    >>> shown(17.5), shown(0.2), shown(0.0)
    (18, 1, 0)
    """
    return math.ceil(left)
