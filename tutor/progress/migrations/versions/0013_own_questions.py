"""v13: the teacher's own questions (``own_questions``): each one's YAML in the lessons' check format and the
Question it made, which a class quiz copies into its snapshot. Only a new table: nothing stored is changed.

Revision ID: 0013
Revises: 0012
"""

import sqlalchemy as sa
from alembic import op

from tutor.db import UTCDateTime

revision = "0013"
down_revision = "0012"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "own_questions",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("name", sa.String(100), nullable=False),
        sa.Column("source", sa.Text, nullable=False),
        sa.Column("question", sa.JSON, nullable=False),
        sa.Column("created_at", UTCDateTime, nullable=False),
        sa.Column("updated_at", UTCDateTime, nullable=False),
    )


def downgrade() -> None:
    op.drop_table("own_questions")
