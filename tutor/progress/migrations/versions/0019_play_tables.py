"""v19: tables where people play each other (issue 36): ``play_tables`` (a join code, the host's name, 3 to 5
players, the empty seats' bots, the table's state and its version, whether the deal is under way, the host's quiet
time, the deal played before, when the table last moved) and ``play_seats`` (each person at a table: a name unique
at the table in any case, the seat held or None while waiting, the hashes of their seat token and PIN, whether a
bot stands in for them until the deal ends).

Revision ID: 0019
Revises: 0018
"""

import sqlalchemy as sa
from alembic import op

from tutor.db import UTCDateTime

revision = "0019"
down_revision = "0018"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "play_tables",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("code", sa.String(6), nullable=False, unique=True),
        sa.Column("host", sa.String(40), nullable=False),
        sa.Column("players", sa.Integer, nullable=False),
        sa.Column("level", sa.String(16), nullable=False),
        sa.Column("state", sa.JSON, nullable=False),
        sa.Column("version", sa.Integer, nullable=False),
        sa.Column("started", sa.Boolean, nullable=False, server_default=sa.false()),
        sa.Column("quiet_seconds", sa.Integer, nullable=True),
        sa.Column("last", sa.JSON, nullable=True),
        sa.Column("created_at", UTCDateTime, nullable=False),
        sa.Column("acted_at", UTCDateTime, nullable=False),
    )
    op.create_table(
        "play_seats",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("table_id", sa.Integer, sa.ForeignKey("play_tables.id", ondelete="CASCADE"), nullable=False),
        sa.Column("name", sa.String(40), nullable=False),
        sa.Column("name_key", sa.String(160), nullable=False),
        sa.Column("seat", sa.Integer, nullable=True),
        sa.Column("host", sa.Boolean, nullable=False, server_default=sa.false()),
        sa.Column("token_hash", sa.String(64), nullable=False),
        sa.Column("pin_hash", sa.String(200), nullable=False),
        sa.Column("stand_in", sa.Boolean, nullable=False, server_default=sa.false()),
        sa.Column("joined_at", UTCDateTime, nullable=False),
    )
    op.create_index("uq_play_seats_table_name_key", "play_seats", ["table_id", "name_key"], unique=True)
    op.create_index("uq_play_seats_token_hash", "play_seats", ["token_hash"], unique=True)


def downgrade() -> None:
    op.drop_table("play_seats")
    op.drop_table("play_tables")
