"""v16: duplicate tournaments kept in the database (issue 37): ``duplicate_tournaments`` (the set-up, the state,
a version raised by every write) and ``duplicate_marques`` (one row per étui and table), so a reload or another
device reopens a tournament with every marque entered.

Revision ID: 0016
Revises: 0015
"""

import sqlalchemy as sa
from alembic import op

from tutor.db import UTCDateTime

revision = "0016"
down_revision = "0015"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "duplicate_tournaments",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("name", sa.String(120), nullable=False),
        sa.Column("setup", sa.JSON, nullable=False),
        sa.Column("state", sa.String(10), nullable=False, server_default="open"),
        sa.Column("version", sa.Integer, nullable=False, server_default="1"),
        sa.Column("created_at", UTCDateTime, nullable=False),
        sa.Column("updated_at", UTCDateTime, nullable=False),
    )
    op.create_index("ix_duplicate_tournaments_updated", "duplicate_tournaments", ["updated_at"])
    op.create_table(
        "duplicate_marques",
        sa.Column("tournament_id", sa.Integer, sa.ForeignKey("duplicate_tournaments.id", ondelete="CASCADE"),
                  primary_key=True),
        sa.Column("etui", sa.Integer, primary_key=True),
        sa.Column("table_no", sa.Integer, primary_key=True),
        sa.Column("marque", sa.Integer, nullable=False),
        sa.Column("version", sa.Integer, nullable=False),
        sa.Column("entered_at", UTCDateTime, nullable=False),
    )


def downgrade() -> None:
    op.drop_table("duplicate_marques")
    op.drop_index("ix_duplicate_tournaments_updated", table_name="duplicate_tournaments")
    op.drop_table("duplicate_tournaments")
