"""v6: the learner's Glicko-2 puzzle rating (``puzzle_ratings``, one row per rated learner).

Revision ID: 0006
Revises: 0005
"""

import sqlalchemy as sa
from alembic import op

from tutor.db import UTCDateTime

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "puzzle_ratings",
        sa.Column("learner_id", sa.Integer(), sa.ForeignKey("learners.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("rating", sa.Float(), nullable=False),
        sa.Column("rd", sa.Float(), nullable=False),
        sa.Column("volatility", sa.Float(), nullable=False),
        sa.Column("rated", sa.Integer(), nullable=False, server_default="0"),
        sa.Column("updated_at", UTCDateTime(), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("puzzle_ratings")
