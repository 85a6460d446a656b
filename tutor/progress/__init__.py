"""Learner progress in a real database (SQLAlchemy; SQLite by default, PostgreSQL for shared use).

- ``config.database_url()``: ``TUTOR_DATABASE_URL`` (environment or Streamlit secrets), else a SQLite
  file in the user's data directory.
- ``Store.open(url)``: migrates the schema (alembic, ``migrations/``) and records answers, lessons,
  puzzles and profiles; failures become ``StoreError`` with a sentence for the learner.
- ``mastery``: accuracy per skill with a Wilson lower bound, streak of days, daily series.
- ``review``: FSRS spaced review, one card per skill.
- ``transfer``: export and import one learner's progress as JSON.
"""

from .config import database_url
from .db import Problem, StoreError
from .store import AnswerRecord, LearnerInfo, Store

__all__ = ["AnswerRecord", "LearnerInfo", "Problem", "Store", "StoreError", "database_url"]
