"""Actions as unbounded text.

``actions.action`` was ``VARCHAR(200)``: SQLite never enforced the length, PostgreSQL does, so a long
action string (an arrangement, a big raise written out) would have failed there and lost the hand.

Revision ID: 0002
Revises: 0001
Create Date: 2026-11-30
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Widen ``actions.action`` to ``TEXT``."""
    with op.batch_alter_table("actions") as batch:
        batch.alter_column("action", type_=sa.Text(), existing_type=sa.String(200), existing_nullable=False)


def downgrade() -> None:
    """Back to ``VARCHAR(200)`` (fails on PostgreSQL if a longer action is stored)."""
    with op.batch_alter_table("actions") as batch:
        batch.alter_column("action", type_=sa.String(200), existing_type=sa.Text(), existing_nullable=False)
