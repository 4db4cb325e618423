"""The seat tokens' hashes beside a table's state, so that a token is checked without reading the state.

``tables.seat_hashes`` is a space-separated list written with every state; a table stored before it
has ``NULL`` there until its next write, and its seat tokens are read from its state meanwhile.

Revision ID: 0005
Revises: 0004
Create Date: 2026-12-06
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Add ``tables.seat_hashes``."""
    op.add_column("tables", sa.Column("seat_hashes", sa.Text(), nullable=True))


def downgrade() -> None:
    """Drop ``tables.seat_hashes``."""
    with op.batch_alter_table("tables") as batch:
        batch.drop_column("seat_hashes")
