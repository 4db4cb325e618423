"""Who opened each table and tournament: a one-way hash of the opener's address (``opened_by``).

The per-address limit on opening tables counts the rows an address opened in the last hour, so it holds
across every process sharing the database, and across restarts (before, each process kept its own count
in memory). Rows opened before this revision have none and count for nobody.

Revision ID: 0007
Revises: 0006
Create Date: 2026-12-07
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Add ``opened_by`` to ``tables`` and ``tournaments``, indexed with ``created_at``."""
    for name in ("tables", "tournaments"):
        with op.batch_alter_table(name) as batch:
            batch.add_column(sa.Column("opened_by", sa.String(32), nullable=True))
        op.create_index(f"ix_{name}_opened_by_created_at", name, ["opened_by", "created_at"])


def downgrade() -> None:
    """Drop ``opened_by``."""
    for name in ("tables", "tournaments"):
        op.drop_index(f"ix_{name}_opened_by_created_at", name)
        with op.batch_alter_table(name) as batch:
            batch.drop_column("opened_by")
