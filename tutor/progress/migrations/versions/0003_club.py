"""v3: the club score sheet (feuille de marque): saved games and their deals.

A game keeps its players in seat order (a JSON list of 3 to 5 names); each deal is one row with the
fields a scorer writes on paper (``tutor.club.DealEntry.to_row``), numbered from 1 within its game.
Scores are not stored: they are recomputed from the entries by the engine, so a scoring fix never
leaves an old sheet wrong.

Revision ID: 0003
Revises: 0002
"""

import sqlalchemy as sa
from alembic import op

from tutor.db import UTCDateTime

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # Only new tables: nothing already stored is touched.
    op.create_table(
        "club_games",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("name", sa.String(120), nullable=False),
        sa.Column("players", sa.JSON, nullable=False),
        sa.Column("created_at", UTCDateTime, nullable=False),
        sa.Column("updated_at", UTCDateTime, nullable=False),
    )
    op.create_index("ix_club_games_updated", "club_games", ["updated_at"])
    op.create_table(
        "club_deals",
        sa.Column("game_id", sa.Integer, sa.ForeignKey("club_games.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("number", sa.Integer, primary_key=True),
        sa.Column("taker", sa.String(40), nullable=False),
        sa.Column("partner", sa.String(40)),
        sa.Column("contract", sa.String(20), nullable=False),
        sa.Column("points", sa.Float, nullable=False),
        sa.Column("oudlers", sa.Integer, nullable=False),
        sa.Column("petit_au_bout", sa.String(10)),
        sa.Column("poignees", sa.JSON, nullable=False),
        sa.Column("chelem", sa.String(20)),
        sa.Column("alone", sa.Boolean, nullable=False, server_default=sa.false()),
    )


def downgrade() -> None:
    op.drop_table("club_deals")
    op.drop_index("ix_club_games_updated", table_name="club_games")
    op.drop_table("club_games")
