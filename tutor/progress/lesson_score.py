"""A lesson's result, earned check by check: the score on the first try, the second chance, the stars.

A lesson is *done* only when every check has an answer; one left unanswered makes it *skipped*.
A check missed on the first try comes back once before the end (its second answer does not change
the first-try score, but it lifts the stars from one to two when everything is put right).

>>> s = LessonScore(checks=6, first={0: True, 1: True, 2: False, 3: True, 4: True, 5: True})
>>> s.text, s.stars, s.done, s.to_retry
('5 of 6 right, first try', 2, True, (2,))
>>> LessonScore(checks=3, first={0: True, 1: True, 2: True}).stars
3
>>> LessonScore(checks=3, first={0: True}).status, LessonScore(checks=3, first={0: True}).unanswered
('skipped', (1, 2))
>>> LessonScore(checks=3, first={0: False, 1: False, 2: True}, again={0: True, 1: True}).stars
2
>>> LessonScore(checks=3, first={0: False, 1: False, 2: True}, again={0: True, 1: False}).stars
1
"""

from __future__ import annotations

from dataclasses import dataclass, field

# Stars from the share of checks right on the first try, best first (like Lichess Learn's 1–3 stars).
STARS = ((1.0, 3), (2 / 3, 2), (0.0, 1))


@dataclass(frozen=True)
class LessonScore:
    checks: int  # how many checks the lesson has (inline checks and closing quiz)
    first: dict = field(default_factory=dict)  # check number -> right on the first try
    again: dict = field(default_factory=dict)  # check number -> right on the second chance

    @property
    def right_first(self) -> int:
        return sum(1 for ok in self.first.values() if ok)

    @property
    def unanswered(self) -> tuple[int, ...]:
        return tuple(i for i in range(self.checks) if i not in self.first)

    @property
    def to_retry(self) -> tuple[int, ...]:
        """The checks missed on the first try that have not had their second chance yet."""
        return tuple(i for i in range(self.checks) if self.first.get(i) is False and i not in self.again)

    @property
    def done(self) -> bool:
        return self.checks > 0 and not self.unanswered

    @property
    def status(self) -> str:
        return "done" if self.done else "skipped"

    @property
    def stars(self) -> int:
        """0 until done; then by the first-try share, and 2 at least once every missed check was put right."""
        if not self.done:
            return 0
        share = self.right_first / self.checks
        stars = next(n for bound, n in STARS if share >= bound - 1e-9)
        missed = [i for i, ok in self.first.items() if not ok]
        if missed and all(self.again.get(i) for i in missed):
            stars = max(stars, 2)
        return stars

    @property
    def text(self) -> str:
        return f"{self.right_first} of {self.checks} right, first try"

    @property
    def stars_text(self) -> str:
        """'★★☆' for two stars out of three."""
        return "★" * self.stars + "☆" * (3 - self.stars)
