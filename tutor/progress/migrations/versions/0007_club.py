"""v7: two devices on one club sheet. Each saved game gets a ``version``, raised by every write and
checked by every edit or delete, so a change made on a stale copy is refused instead of overwriting
deals entered elsewhere; and ``first_dealer``, the seat (from 0) that dealt deal 1, so the sheet can
say who deals next.

Existing games start at version 1 with the first player as the first dealer. Plain ADD COLUMN: nothing
stored is copied or rebuilt.

Revision ID: 0007
Revises: 0006
"""

import sqlalchemy as sa
from alembic import op

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("club_games", sa.Column("version", sa.Integer, nullable=False, server_default="1"))
    op.add_column("club_games", sa.Column("first_dealer", sa.Integer, nullable=False, server_default="0"))


def downgrade() -> None:
    with op.batch_alter_table("club_games") as batch:
        batch.drop_column("first_dealer")
        batch.drop_column("version")
