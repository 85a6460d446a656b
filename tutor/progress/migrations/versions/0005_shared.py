"""v5: shared servers and classes. Names unique regardless of case, enforced by the database
(``name_key``); a learner's PIN hash and sign-in identity; class tokens kept only as SHA-256 hashes;
when a quiz was closed (tokens expire after it); and the ``throttles`` table (slow-downs that live in
the database, not in one process's memory).

Existing names keep working: where two already differ only in case, the later one's key gets its id
appended, so the unique index can be built without renaming anybody. Existing class tokens are
hashed, so links already handed out keep working.

Revision ID: 0005
Revises: 0004
"""

import hashlib

import sqlalchemy as sa
from alembic import op

from tutor.db import UTCDateTime, name_key

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def _fill_keys(conn, table: str, scope: str | None) -> None:
    seen = set()
    cols = f"id, name{', ' + scope if scope else ''}"
    for row in conn.execute(sa.text(f"SELECT {cols} FROM {table} ORDER BY id")).all():
        key = name_key(row.name)
        group = getattr(row, scope) if scope else None
        if (group, key) in seen:
            key = f"{key}#{row.id}"
        seen.add((group, key))
        conn.execute(sa.text(f"UPDATE {table} SET name_key = :k WHERE id = :i"), {"k": key, "i": row.id})


def upgrade() -> None:
    conn = op.get_bind()
    # Plain ADD COLUMN (no rebuild) for learners: nothing is copied or cascaded away on SQLite.
    op.add_column("learners", sa.Column("name_key", sa.String(160), nullable=False, server_default=""))
    op.add_column("learners", sa.Column("pin_hash", sa.String(200)))
    op.add_column("learners", sa.Column("identity", sa.String(255)))
    _fill_keys(conn, "learners", None)
    op.create_index("uq_learners_name_key", "learners", ["name_key"], unique=True)
    op.create_index("uq_learners_identity", "learners", ["identity"], unique=True)

    op.add_column("class_quizzes", sa.Column("closed_at", UTCDateTime))
    op.add_column("class_players", sa.Column("name_key", sa.String(160), nullable=False, server_default=""))
    op.add_column("class_players", sa.Column("token_hash", sa.String(64), nullable=False, server_default=""))
    _fill_keys(conn, "class_players", "quiz_id")
    for pid, token in conn.execute(sa.text("SELECT id, token FROM class_players")).all():
        conn.execute(sa.text("UPDATE class_players SET token_hash = :h WHERE id = :i"),
                     {"h": hashlib.sha256(token.encode()).hexdigest(), "i": pid})
    with op.batch_alter_table("class_players") as batch:  # SQLite rebuilds it: a UNIQUE column cannot be dropped
        batch.drop_column("token")
    op.create_index("uq_class_players_quiz_name_key", "class_players", ["quiz_id", "name_key"], unique=True)
    op.create_index("uq_class_players_token_hash", "class_players", ["token_hash"], unique=True)

    op.create_table(
        "throttles",
        sa.Column("key", sa.String(200), primary_key=True),
        sa.Column("score", sa.Float, nullable=False),
        sa.Column("at", UTCDateTime, nullable=False),
        sa.Column("until", UTCDateTime, nullable=False),
    )


def downgrade() -> None:
    # The tokens cannot be recovered from their hashes: learners of open quizzes join again.
    op.drop_table("throttles")
    op.drop_index("uq_class_players_token_hash", table_name="class_players")
    op.drop_index("uq_class_players_quiz_name_key", table_name="class_players")
    with op.batch_alter_table("class_players") as batch:
        batch.add_column(sa.Column("token", sa.String(64), nullable=True))
    op.get_bind().execute(sa.text("UPDATE class_players SET token = token_hash"))
    with op.batch_alter_table("class_players") as batch:
        batch.alter_column("token", existing_type=sa.String(64), nullable=False)
        batch.create_unique_constraint("uq_class_players_token", ["token"])
        batch.drop_column("token_hash")
        batch.drop_column("name_key")
    with op.batch_alter_table("class_quizzes") as batch:
        batch.drop_column("closed_at")
    op.drop_index("uq_learners_identity", table_name="learners")
    op.drop_index("uq_learners_name_key", table_name="learners")
    with op.batch_alter_table("learners") as batch:
        batch.drop_column("identity")
        batch.drop_column("pin_hash")
        batch.drop_column("name_key")
