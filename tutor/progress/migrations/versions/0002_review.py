"""v2: spaced review (opt-in flag, one FSRS card per skill), where an answer came from, a per-skill index.

Answers recorded before v2 came from the Drill, so they get ``source = 'drill'``.

Revision ID: 0002
Revises: 0001
"""

import sqlalchemy as sa
from alembic import op

from tutor.db import UTCDateTime

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # Plain ADD COLUMN: no table rebuild, so no row is copied (or cascaded away) on SQLite.
    op.add_column("learners", sa.Column("review_enabled", sa.Boolean, nullable=False, server_default=sa.false()))
    op.add_column("answers", sa.Column("source", sa.String(20), nullable=False, server_default="drill"))
    op.create_index("ix_answers_learner_skill_time", "answers", ["learner_id", "skill", "answered_at"])
    op.create_table(
        "review_cards",
        sa.Column("learner_id", sa.Integer, sa.ForeignKey("learners.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("skill", sa.String(40), primary_key=True),
        sa.Column("card", sa.JSON, nullable=False),
        sa.Column("due", UTCDateTime, nullable=False),
        sa.Column("last_rating", sa.Integer),
        sa.Column("last_answer_id", sa.Integer),
        sa.Column("reviews", sa.Integer, nullable=False, server_default="0"),
    )


def downgrade() -> None:
    op.drop_table("review_cards")
    op.drop_index("ix_answers_learner_skill_time", table_name="answers")
    with op.batch_alter_table("answers") as batch:
        batch.drop_column("source")
    with op.batch_alter_table("learners") as batch:
        batch.drop_column("review_enabled")
