"""v9: every request to come back to a class quiz is kept (``class_rejoins``: a later request for a
name never replaces an earlier one), and the teacher sign-ins ended by "Lock the teacher area"
(``teacher_signouts``). A request waiting in the old columns of ``class_players`` is copied over;
those columns stay, unused (dropping them would rebuild the table on SQLite).

Revision ID: 0009
Revises: 0008
"""

import sqlalchemy as sa
from alembic import op

from tutor.db import UTCDateTime

revision = "0009"
down_revision = "0008"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "class_rejoins",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("quiz_id", sa.Integer, sa.ForeignKey("class_quizzes.id", ondelete="CASCADE"), nullable=False),
        sa.Column("player_id", sa.Integer, sa.ForeignKey("class_players.id", ondelete="CASCADE")),
        sa.Column("name", sa.String(40), nullable=False),
        sa.Column("secret_hash", sa.String(64), nullable=False),
        sa.Column("at", UTCDateTime, nullable=False),
        sa.Column("approved", sa.Boolean, nullable=False, server_default=sa.false()),
    )
    op.create_index("uq_class_rejoins_secret_hash", "class_rejoins", ["secret_hash"], unique=True)
    op.create_index("ix_class_rejoins_quiz", "class_rejoins", ["quiz_id"])
    op.create_table(
        "teacher_signouts",
        sa.Column("token_id", sa.String(40), primary_key=True),
        sa.Column("until", UTCDateTime, nullable=False),
    )
    op.get_bind().execute(sa.text(
        "INSERT INTO class_rejoins (quiz_id, player_id, name, secret_hash, at, approved) "
        "SELECT quiz_id, id, name, rejoin_hash, rejoin_at, rejoin_ok FROM class_players "
        "WHERE rejoin_hash IS NOT NULL AND rejoin_at IS NOT NULL"))


def downgrade() -> None:
    op.drop_table("teacher_signouts")
    op.drop_index("ix_class_rejoins_quiz", table_name="class_rejoins")
    op.drop_index("uq_class_rejoins_secret_hash", table_name="class_rejoins")
    op.drop_table("class_rejoins")
