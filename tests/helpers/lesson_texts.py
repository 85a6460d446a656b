"""The texts a lesson's translation writes, shared by the French content tests."""

from __future__ import annotations

from tutor.content.schema import CheckStep, SummaryStep

TEXT_KEYS = ("title", "body", "caption", "question", "explain", "hint", "intro", "after", "wrong", "right", "why")


def written(step) -> list[str]:
    """A step's own words: its text keys, a summary's points, a check's options (not the engine's renderings)."""
    out = [value for key in TEXT_KEYS if isinstance(value := getattr(step, key, None), str)]
    if isinstance(step, SummaryStep):
        out += step.points
    if isinstance(step, CheckStep) and step.options:
        out += [o.text for o in step.options]
    return out


def lesson_written(lesson) -> list[str]:
    """The lesson's title, summary and every step's and quiz question's own words, in order."""
    return [lesson.title, lesson.summary] + [t for step in [*lesson.steps, *lesson.quiz] for t in written(step)]
