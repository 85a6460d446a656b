"""Mastery per skill, the learner's streak of days, and the daily series for the chart. Pure Python.

Mastery is the accuracy over a skill's recent answers (partial credit counts in part) together with
a confidence that grows with the number of answers: the Wilson score lower bound. It is the lowest
accuracy still consistent, at 95% confidence, with what the learner did. Three right out of three
gives 100% accuracy but a lower bound of only 44%, because three answers could be luck; eighteen out
of twenty (90%) gives 70%. Ranking skills by the lower bound puts a skill with a few lucky answers
below one with a long, solid record, so "what to practise next" is never fooled by a small sample.

>>> round(wilson_lower_bound(3, 3), 2), round(wilson_lower_bound(18, 20), 2), wilson_lower_bound(0, 0)
(0.44, 0.7, 0.0)
>>> from datetime import date
>>> streak({date(2026, 3, 1), date(2026, 3, 2), date(2026, 3, 4), date(2026, 3, 5)}, today=date(2026, 3, 5))
2
>>> streak({date(2026, 3, 4)}, today=date(2026, 3, 5)), streak({date(2026, 3, 3)}, today=date(2026, 3, 5))
(1, 0)
"""

from __future__ import annotations

import enum
import math
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import date, datetime, timedelta, tzinfo

from ..engine.words import N_, Text

RECENT = 20  # the answers per skill that count: old mistakes fade once the learner has moved on
Z95 = 1.959964  # the normal quantile for 95% confidence


def wilson_lower_bound(successes: float, n: int, z: float = Z95) -> float:
    """The lower end of the Wilson score interval for ``successes`` out of ``n`` (0 when n is 0)."""
    if n <= 0:
        return 0.0
    p = successes / n
    centre = p + z * z / (2 * n)
    margin = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
    return max(0.0, (centre - margin) / (1 + z * z / n))


class Level(enum.Enum):
    """Where a skill stands, from its lower bound."""

    NEW = "new"
    SHAKY = "shaky"
    LEARNING = "learning"
    SOLID = "solid"
    MASTERED = "mastered"


# Smallest lower bound for each level, best first.
THRESHOLDS = ((0.8, Level.MASTERED), (0.6, Level.SOLID), (0.3, Level.LEARNING), (0.0, Level.SHAKY))
BADGES = {Level.NEW: "○", Level.SHAKY: "◔", Level.LEARNING: "◑", Level.SOLID: "◕", Level.MASTERED: "●"}


@dataclass(frozen=True)
class Mastery:
    skill: str
    recent: int  # answers counted (at most RECENT)
    accuracy: float  # credit over the recent answers, 0..1
    confidence: float  # Wilson lower bound of that accuracy

    @property
    def level(self) -> Level:
        if self.recent == 0:
            return Level.NEW
        return next(level for bound, level in THRESHOLDS if self.confidence >= bound)

    @property
    def badge(self) -> str:
        """A short mark for maps and drills, e.g. '◕ 85%'.

        >>> Mastery("counting", 20, 0.85, 0.64).badge
        '◕ 85%'
        """
        if self.recent == 0:
            return f"{BADGES[Level.NEW]} new"
        return f"{BADGES[self.level]} {self.accuracy:.0%}"


# Plain words for a learner, from the level; a handful of answers never says more than "a good start".
FEW = 5  # fewer answers than this: too few to tell
# Each is a message id: ``plain_words`` returns a ``Text`` that the page says in the learner's language.
WORDS = {Level.MASTERED: N_("mastered"), Level.SOLID: N_("solid"), Level.LEARNING: N_("getting there"),
         Level.SHAKY: N_("needs practice")}
START = ((0.75, N_("a good start, answer a few more to be sure")), (0.4, N_("on the way, answer a few more")),
         (0.0, N_("worth another look: try the lesson or the Drill again")))


def plain_words(m: Mastery) -> Text:
    """What a learner reads instead of percentages (English; ``tutor.i18n.words.say`` gives it in their language).

    >>> plain_words(Mastery("counting", 3, 1.0, 0.44))
    '3 right out of 3: a good start, answer a few more to be sure'
    >>> plain_words(Mastery("counting", 20, 0.9, 0.7))
    '18 right out of your last 20: solid'
    >>> plain_words(Mastery("counting", 2, 0.0, 0.0))
    '0 right out of 2: worth another look: try the lesson or the Drill again'
    """
    right = round(m.accuracy * m.recent * 2) / 2
    if m.recent == 0:
        return Text(N_("not tried yet"))
    # Counted by the whole answers right (French: « 1,5 bonne réponse », « 2 bonnes réponses »).
    count = {"_count": int(right), "right": f"{right:g}", "n": m.recent}
    if m.recent < FEW:
        words = next(w for bound, w in START if m.accuracy >= bound)
        return Text(N_("{right} right out of {n}: {words}"), _plural=N_("{right} right out of {n}: {words}"),
                    words=Text(words), **count)
    return Text(N_("{right} right out of your last {n}: {words}"),
                _plural=N_("{right} right out of your last {n}: {words}"), words=Text(WORDS[m.level]), **count)


def mastery_by_skill(rows: Iterable[tuple[str, float]], recent: int = RECENT) -> dict[str, Mastery]:
    """``rows``: (skill, credit) newest first; only the first ``recent`` of each skill count.

    >>> m = mastery_by_skill([("counting", 1.0), ("counting", 0.5), ("target", 0.0)])
    >>> m["counting"].accuracy, m["counting"].recent, m["target"].level.value
    (0.75, 2, 'shaky')
    """
    credits: dict[str, list[float]] = defaultdict(list)
    for skill, credit in rows:
        if len(credits[skill]) < recent:
            credits[skill].append(float(credit))
    return {skill: Mastery(skill, len(c), sum(c) / len(c), wilson_lower_bound(sum(c), len(c)))
            for skill, c in credits.items()}


def local_day(moment: datetime, tz: tzinfo) -> date:
    return moment.astimezone(tz).date()


def streak(days: set[date], today: date) -> int:
    """Consecutive days of practice up to today; a streak still counts today until the day is over,
    so it runs back from yesterday when the learner has not practised yet today."""
    day = today if today in days else today - timedelta(days=1)
    count = 0
    while day in days:
        count += 1
        day -= timedelta(days=1)
    return count


def daily(rows: Iterable[tuple[datetime, int, float]], tz: tzinfo) -> list[tuple[date, int, float]]:
    """(day, answers, accuracy) per local day, oldest first; ``rows`` are (time, answers, credit).

    >>> from datetime import UTC
    >>> daily([(datetime(2026, 1, 1, 9, tzinfo=UTC), 3, 2.0), (datetime(2026, 1, 1, 10, tzinfo=UTC), 1, 0.0)], UTC)
    [(datetime.date(2026, 1, 1), 4, 0.5)]
    """
    totals: dict[date, list[float]] = defaultdict(lambda: [0, 0.0])
    for moment, n, credit in rows:
        t = totals[local_day(moment, tz)]
        t[0] += n
        t[1] += credit
    return [(day, int(n), s / n) for day, (n, s) in sorted(totals.items())]
