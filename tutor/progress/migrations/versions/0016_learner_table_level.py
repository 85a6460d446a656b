"""v16: the Practice table each learner chose (issue 35): ``learners.table_level``, "beginner" (the reference
bots) or "club" (today's bots); NULL for a learner who never chose, who sits at the default table.

Revision ID: 0016
Revises: 0015
"""

import sqlalchemy as sa
from alembic import op

revision = "0016"
down_revision = "0015"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("learners", sa.Column("table_level", sa.String(16), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("learners") as batch:
        batch.drop_column("table_level")
