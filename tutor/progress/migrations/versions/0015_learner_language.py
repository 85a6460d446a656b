"""v15: the language each learner chose with the sidebar switch (issue 28): ``learners.language``, "en" or
"fr"; NULL for a learner who never chose, whose pages follow the browser's language.

Revision ID: 0015
Revises: 0014
"""

import sqlalchemy as sa
from alembic import op

revision = "0015"
down_revision = "0014"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("learners", sa.Column("language", sa.String(8), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("learners") as batch:
        batch.drop_column("language")
