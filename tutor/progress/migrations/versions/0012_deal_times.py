"""v12: when each deal of a club sheet was entered (``club_deals.entered_at``). On a shared server the
table may correct a deal for a few minutes after entering it; after that only the organiser may
(``tutor.limits.CLUB_TABLE_FIX_MINUTES``). Deals saved before have no time: they count as old.

Revision ID: 0010
Revises: 0009
"""

import sqlalchemy as sa
from alembic import op

from tutor.db import UTCDateTime

revision = "0012"
down_revision = "0011"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("club_deals", sa.Column("entered_at", UTCDateTime, nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("club_deals") as batch:
        batch.drop_column("entered_at")
