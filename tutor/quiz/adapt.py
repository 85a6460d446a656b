"""Adaptive difficulty for the Drill: step up after a run of right answers, step down after misses.

A pure rule on the learner's recent answers (newest last), so a drill's path is reproducible:
the same answers always give the same levels. Each change comes with the sentence to show, a ``Text`` (English,
with its message id) that the page says in the learner's language.

>>> next_level(1, [True, True, True])
(2, 'Three right in a row: stepping up to difficulty 2.')
>>> next_level(3, [True, True, True])
(3, '')
>>> next_level(2, [True, False, False])
(1, 'Two misses in a row: stepping down to difficulty 1 to steady things.')
>>> next_level(2, [False, True])
(2, '')
"""

from __future__ import annotations

from ..engine.words import N_, Text

UP_AFTER = 3  # right answers in a row at this level
DOWN_AFTER = 2  # wrong answers in a row
LEVELS = (1, 2, 3)


def next_level(level: int, recent: list[bool]) -> tuple[int, Text | str]:
    """The next difficulty and why (an empty reason when it stays). ``recent``: the answers since the
    last change of level, oldest first."""
    if len(recent) >= UP_AFTER and all(recent[-UP_AFTER:]) and level < LEVELS[-1]:
        return level + 1, Text(N_("Three right in a row: stepping up to difficulty {level}."), level=level + 1)
    if len(recent) >= DOWN_AFTER and not any(recent[-DOWN_AFTER:]) and level > LEVELS[0]:
        return level - 1, Text(N_("Two misses in a row: stepping down to difficulty {level} to steady things."),
                                level=level - 1)
    return level, ""
