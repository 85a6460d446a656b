"""v14: a teacher-paced quiz's engagement settings (issue 26, "the projector"): a timer per question
(``timer``, seconds, NULL for none) checked against when the class's question started
(``question_at``, set by every move), and the top five shown between questions (``leaderboard``).

Revision ID: 0014
Revises: 0013
"""

import sqlalchemy as sa
from alembic import op

from tutor.db import UTCDateTime

revision = "0014"
down_revision = "0013"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("class_quizzes", sa.Column("timer", sa.Integer, nullable=True))
    op.add_column("class_quizzes", sa.Column("question_at", UTCDateTime, nullable=True))
    op.add_column("class_quizzes", sa.Column("leaderboard", sa.Boolean, nullable=False, server_default=sa.false()))


def downgrade() -> None:
    with op.batch_alter_table("class_quizzes") as batch:
        for col in ("leaderboard", "question_at", "timer"):
            batch.drop_column(col)
