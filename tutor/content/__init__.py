"""Loading and validating the YAML content in lessons/ and puzzles/.

Main entry points:

- ``load_course(directory) -> Course``: every lesson in order, the glossary, and the problems
  found (a lesson with a problem is left out of ``Course.lessons``). Pure and fast; the app caches it.
- ``load_lesson(path) -> LessonFile``: one file, with its problems.
- ``render_example(step) -> str``: the Markdown of an example step, computed by the engine (rows of cards as
  ``{cards:KH T21}`` marks, drawn as pictures by the app; ``plain_cards`` writes them as names).
- ``check_answer(step, response) -> bool``: grade a learner's answer to a fixed check.
"""

from .example_words import plain_cards
from .glossary import Glossary, Term, load_glossary
from .lessons import Course, LessonFile, lesson_files, load_course, load_lesson
from .render import render_example
from .schema import (
    CardsStep,
    CheckStep,
    ExampleStep,
    Lesson,
    MistakeStep,
    Option,
    SummaryStep,
    TableStep,
    TextStep,
)
from .verify import QuizContext, check_answer
from .yamlio import ContentError, Problem

__all__ = [
    "CardsStep", "CheckStep", "ContentError", "Course", "ExampleStep", "Glossary", "Lesson", "LessonFile",
    "MistakeStep", "Option", "Problem", "QuizContext", "SummaryStep", "TableStep", "Term", "TextStep", "check_answer",
    "lesson_files", "load_course", "load_glossary", "load_lesson", "plain_cards", "render_example",
]
