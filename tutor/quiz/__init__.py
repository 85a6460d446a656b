"""Generated quizzes and hand-written puzzles, every answer computed and checked by the engine.

Main entry points:

- ``KINDS``: kind name -> generator (each has ``.skill``, ``.summary``, ``.players`` and ``.options``);
  the kinds are count, target, legal, winner, ecart, bidding, poignee, score, five, excuse and dealing.
- ``generate(kind, seed, **params) -> Question``: the same seed and parameters give the same question.
  ``params``: ``players`` (3, 4 or 5), ``difficulty`` (1, 2 or 3) and the kind's options.
- ``check_answer(question, raw) -> Feedback``: tolerant reading, partial credit, the mistake named.
- Importing ``tutor.quiz`` registers the generators with the lesson checker (``tutor.content.verify``).
- ``tutor.quiz.puzzles``: ``load_puzzles(dir)``, ``check_puzzle_file(path)``, ``Puzzle.question()``.

>>> q = generate("legal", 42, players=4, difficulty=2)
>>> q == generate("legal", 42, players=4, difficulty=2)
True
>>> check_answer(q, " ".join(c.code for c in reversed(q.answer))).correct
True
"""

from ..content.verify import register_generators
from . import kinds as _kinds  # noqa: F401  (registers the generators)
from . import own as _own  # noqa: F401  (registers the grader of a teacher's own questions)
from .check import check_answer
from .question import AnswerType, Choice, Feedback, FormField, Question
from .registry import KINDS_SPEC as KINDS
from .registry import Generator, generate, question_key, skills_needed
from .rules import RULES

__all__ = ["KINDS", "RULES", "AnswerType", "Choice", "Feedback", "FormField", "Generator", "Question",
           "check_answer", "generate", "question_key", "skills_needed"]

# Lessons name generators in their checks: hand them to the content checker, which cannot import this layer.
register_generators({kind: gen.skill for kind, gen in KINDS.items()}, generate, needs=skills_needed,
                    question_key=question_key)
