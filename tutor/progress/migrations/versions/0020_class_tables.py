"""v20: tables a teacher opens for a class (issue 36, point 6): ``class_tables`` (a play table tied to a class quiz:
its number in the class, the duplicate's seed when every table deals the same deals, every deal played at it) and
``class_seats`` (which learner of the quiz a person at such a table is, so the learner's class token finds the seat;
one place a learner).

Revision ID: 0020
Revises: 0019
"""

import sqlalchemy as sa
from alembic import op

revision = "0020"
down_revision = "0019"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "class_tables",
        sa.Column("table_id", sa.Integer, sa.ForeignKey("play_tables.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("quiz_id", sa.Integer, sa.ForeignKey("class_quizzes.id", ondelete="CASCADE"), nullable=False),
        sa.Column("number", sa.Integer, nullable=False),
        sa.Column("duplicate_seed", sa.Integer, nullable=True),
        sa.Column("history", sa.JSON, nullable=True),
    )
    op.create_index("ix_class_tables_quiz_id", "class_tables", ["quiz_id"])
    op.create_table(
        "class_seats",
        sa.Column("seat_id", sa.Integer, sa.ForeignKey("play_seats.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("player_id", sa.Integer, sa.ForeignKey("class_players.id", ondelete="CASCADE"), nullable=False),
    )
    op.create_index("uq_class_seats_player_id", "class_seats", ["player_id"], unique=True)


def downgrade() -> None:
    op.drop_table("class_seats")
    op.drop_table("class_tables")
