"""Alembic environment: always run from code (``tutor.progress.migrate``) on a connection it hands in."""

from alembic import context

from tutor.db import Base

connection = context.config.attributes["connection"]
context.configure(connection=connection, target_metadata=Base.metadata, render_as_batch=True)
with context.begin_transaction():
    context.run_migrations()
