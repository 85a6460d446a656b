"""v8: a class at a real table. Teacher-paced quizzes (the question the class is on, the podium
switch); a learner's PIN and a request to rejoin; and ``server_secrets``, where the server keeps the
key that signs the teacher's sign-in token. Only new columns with defaults and a new table: nothing
stored is changed.

Revision ID: 0008
Revises: 0007
"""

import sqlalchemy as sa
from alembic import op

from tutor.db import UTCDateTime

revision = "0008"
down_revision = "0007"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("class_quizzes", sa.Column("paced", sa.Boolean, nullable=False, server_default=sa.false()))
    op.add_column("class_quizzes", sa.Column("current", sa.Integer, nullable=False, server_default="-1"))
    op.add_column("class_quizzes", sa.Column("podium", sa.Boolean, nullable=False, server_default=sa.true()))
    op.add_column("class_players", sa.Column("pin_hash", sa.String(200)))
    op.add_column("class_players", sa.Column("rejoin_hash", sa.String(64)))
    op.add_column("class_players", sa.Column("rejoin_at", UTCDateTime))
    op.add_column("class_players", sa.Column("rejoin_ok", sa.Boolean, nullable=False, server_default=sa.false()))
    op.create_table(
        "server_secrets",
        sa.Column("name", sa.String(40), primary_key=True),
        sa.Column("value", sa.String(200), nullable=False),
        sa.Column("created_at", UTCDateTime, nullable=False),
    )


def downgrade() -> None:
    op.drop_table("server_secrets")
    with op.batch_alter_table("class_players") as batch:
        for col in ("rejoin_ok", "rejoin_at", "rejoin_hash", "pin_hash"):
            batch.drop_column(col)
    with op.batch_alter_table("class_quizzes") as batch:
        for col in ("podium", "current", "paced"):
            batch.drop_column(col)
