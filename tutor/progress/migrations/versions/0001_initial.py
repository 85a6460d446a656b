"""v1: learners, answers, lesson progress, puzzle results.

Revision ID: 0001
Revises:
"""

import sqlalchemy as sa
from alembic import op

from tutor.db import UTCDateTime

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def _learner_fk():
    return sa.Column("learner_id", sa.Integer, sa.ForeignKey("learners.id", ondelete="CASCADE"), nullable=False)


def upgrade() -> None:
    op.create_table(
        "learners",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("name", sa.String(80), nullable=False, unique=True),
        sa.Column("created_at", UTCDateTime, nullable=False),
        sa.Column("last_seen_at", UTCDateTime, nullable=False),
    )
    op.create_table(
        "answers",
        sa.Column("id", sa.Integer, primary_key=True),
        _learner_fk(),
        sa.Column("answered_at", UTCDateTime, nullable=False),
        sa.Column("skill", sa.String(40), nullable=False),
        sa.Column("kind", sa.String(40), nullable=False),
        sa.Column("seed", sa.BigInteger),
        sa.Column("params", sa.JSON, nullable=False),
        sa.Column("answer", sa.Text, nullable=False),
        sa.Column("correct", sa.Boolean, nullable=False),
        sa.Column("credit", sa.Float, nullable=False),
        sa.Column("seconds", sa.Float),
        sa.Column("hints_used", sa.Boolean, nullable=False),
    )
    op.create_index("ix_answers_learner_time", "answers", ["learner_id", "answered_at"])
    op.create_table(
        "lesson_progress",
        sa.Column("id", sa.Integer, primary_key=True),
        _learner_fk(),
        sa.Column("lesson_id", sa.String(80), nullable=False),
        sa.Column("finished_at", UTCDateTime, nullable=False),
        sa.UniqueConstraint("learner_id", "lesson_id", name="uq_lesson_progress"),
    )
    op.create_table(
        "puzzle_results",
        sa.Column("id", sa.Integer, primary_key=True),
        _learner_fk(),
        sa.Column("puzzle_id", sa.String(80), nullable=False),
        sa.Column("answered_at", UTCDateTime, nullable=False),
        sa.Column("solved", sa.Boolean, nullable=False),
        sa.Column("credit", sa.Float, nullable=False),
        sa.Column("answer", sa.Text, nullable=False),
        sa.Column("seconds", sa.Float),
    )
    op.create_index("ix_puzzle_results_learner", "puzzle_results", ["learner_id", "puzzle_id"])


def downgrade() -> None:
    op.drop_table("puzzle_results")
    op.drop_table("lesson_progress")
    op.drop_table("answers")
    op.drop_table("learners")
