"""Every table of the database, in one place below the layers that use them.

The progress store (``tutor.progress``) and class quizzes (``tutor.classroom``) share one database
and one schema, built by the migrations in ``tutor/progress/migrations/``. Importing any module of
this package puts every table on ``Base.metadata``, so the schema compared or created is always whole.

- ``base``: ``Base``, the ``UTCDateTime`` column type, ``utcnow()``.
- ``progress``: learners, answers, lessons, puzzles, spaced review, saved club games, duplicate tournaments.
- ``classroom``: class quizzes, the learners in them, their answers.
- ``together``: tables where people play each other, and the people at them.

>>> sorted(Base.metadata.tables)[:3]
['answers', 'class_answers', 'class_deals']
"""

from . import classroom, progress, together
from .base import Base, UTCDateTime, name_key, utcnow

__all__ = ["Base", "UTCDateTime", "classroom", "name_key", "progress", "together", "utcnow"]
