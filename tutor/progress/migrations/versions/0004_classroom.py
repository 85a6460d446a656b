"""v4: class quizzes: the quiz a teacher set (its questions stored as a snapshot), the learners who
joined it with a display name, and their answers (one per learner and question).

Revision ID: 0004
Revises: 0003
"""

import sqlalchemy as sa
from alembic import op

from tutor.db import UTCDateTime

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # Only new tables: nothing already stored is touched.
    op.create_table(
        "class_quizzes",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("code", sa.String(6), nullable=False, unique=True),
        sa.Column("title", sa.String(80), nullable=False),
        sa.Column("kinds", sa.JSON, nullable=False),
        sa.Column("players", sa.Integer),
        sa.Column("difficulty", sa.Integer, nullable=False),
        sa.Column("seed", sa.BigInteger, nullable=False),
        sa.Column("questions", sa.JSON, nullable=False),
        sa.Column("created_at", UTCDateTime, nullable=False),
        sa.Column("deadline", UTCDateTime),
        sa.Column("closed", sa.Boolean, nullable=False, server_default=sa.false()),
        sa.Column("explanations", sa.Boolean, nullable=False, server_default=sa.false()),
    )
    op.create_table(
        "class_players",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("quiz_id", sa.Integer, sa.ForeignKey("class_quizzes.id", ondelete="CASCADE"), nullable=False),
        sa.Column("name", sa.String(40), nullable=False),
        sa.Column("token", sa.String(64), nullable=False, unique=True),
        sa.Column("joined_at", UTCDateTime, nullable=False),
        sa.Column("finished_at", UTCDateTime),
        sa.UniqueConstraint("quiz_id", "name", name="uq_class_players_quiz_name"),
    )
    op.create_table(
        "class_answers",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("player_id", sa.Integer, sa.ForeignKey("class_players.id", ondelete="CASCADE"), nullable=False),
        sa.Column("number", sa.Integer, nullable=False),
        sa.Column("answer", sa.Text, nullable=False),
        sa.Column("correct", sa.Boolean, nullable=False),
        sa.Column("credit", sa.Float, nullable=False),
        sa.Column("answered_at", UTCDateTime, nullable=False),
        sa.UniqueConstraint("player_id", "number", name="uq_class_answers_player_number"),
    )


def downgrade() -> None:
    op.drop_table("class_answers")
    op.drop_table("class_players")
    op.drop_table("class_quizzes")
