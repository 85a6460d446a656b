"""v18: what the teacher put on the projector, kept with the quiz so a second window (the clean projector window,
``/teacher?screen=<quiz id>``) shows it too (issue 37): the question whose answer is on show (``revealed``) and
the question after which the top five is on show (``top_after``), each 0-based, NULL for none. Moving the class
clears both.

Revision ID: 0018
Revises: 0017
"""

import sqlalchemy as sa
from alembic import op

revision = "0018"
down_revision = "0017"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("class_quizzes", sa.Column("revealed", sa.Integer, nullable=True))
    op.add_column("class_quizzes", sa.Column("top_after", sa.Integer, nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("class_quizzes") as batch:
        for col in ("top_after", "revealed"):
            batch.drop_column(col)
