"""v10: lesson attempts that last. Each go through a lesson (``lesson_attempts``: open, skipped or done,
with its score and stars) and the answer to each of its checks (``lesson_answers``), per learner, so a
reload keeps them. Only new tables: nothing stored is changed.

Revision ID: 0009
Revises: 0008
"""

import sqlalchemy as sa
from alembic import op

from tutor.db import UTCDateTime

revision = "0010"
down_revision = "0009"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "lesson_attempts",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("learner_id", sa.Integer(), sa.ForeignKey("learners.id", ondelete="CASCADE"), nullable=False),
        sa.Column("lesson_id", sa.String(80), nullable=False),
        sa.Column("started_at", UTCDateTime(), nullable=False),
        sa.Column("ended_at", UTCDateTime()),
        sa.Column("status", sa.String(10), nullable=False, server_default="open"),
        sa.Column("checks", sa.Integer()),
        sa.Column("right_first", sa.Integer()),
        sa.Column("stars", sa.Integer()),
    )
    op.create_index("ix_lesson_attempts_learner", "lesson_attempts", ["learner_id", "lesson_id"])
    op.create_table(
        "lesson_answers",
        sa.Column("attempt_id", sa.Integer(), sa.ForeignKey("lesson_attempts.id", ondelete="CASCADE"),
                  primary_key=True),
        sa.Column("step", sa.Integer(), primary_key=True),
        sa.Column("again", sa.Boolean(), primary_key=True),
        sa.Column("learner_id", sa.Integer(), sa.ForeignKey("learners.id", ondelete="CASCADE"), nullable=False),
        sa.Column("answered_at", UTCDateTime(), nullable=False),
        sa.Column("answer", sa.JSON(), nullable=False),
        sa.Column("correct", sa.Boolean(), nullable=False),
        sa.Column("fixed", sa.Boolean(), nullable=False),
    )
    op.create_index("ix_lesson_answers_learner_time", "lesson_answers", ["learner_id", "answered_at"])


def downgrade() -> None:
    op.drop_table("lesson_answers")
    op.drop_table("lesson_attempts")
