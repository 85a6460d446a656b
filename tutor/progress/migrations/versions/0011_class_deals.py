"""v11: duplicate in class. ``class_deals``: each learner's play of each deal of a duplicate class session
(the log, then the score and whether their seat took). A duplicate session itself is a ``class_quizzes``
row whose kinds are ``["duplicate"]`` and whose snapshot lists the deals. Only a new table: nothing
stored is changed.

Revision ID: 0009
Revises: 0008
"""

import sqlalchemy as sa
from alembic import op

from tutor.db import UTCDateTime

revision = "0011"
down_revision = "0010"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "class_deals",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("player_id", sa.Integer, sa.ForeignKey("class_players.id", ondelete="CASCADE"), nullable=False),
        sa.Column("number", sa.Integer, nullable=False),
        sa.Column("log", sa.Text, nullable=False, server_default=""),
        sa.Column("done", sa.Boolean, nullable=False, server_default=sa.false()),
        sa.Column("score", sa.Integer),
        sa.Column("took", sa.Boolean),
        sa.Column("updated_at", UTCDateTime, nullable=False),
        sa.UniqueConstraint("player_id", "number", name="uq_class_deals_player_number"),
    )


def downgrade() -> None:
    op.drop_table("class_deals")
