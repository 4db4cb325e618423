"""Table ownership leases.

One row per table that some server process owns: the owner's id, when the lease runs out, and a fencing
number that grows by one at every change of owner. Each write of a table's events checks the number, so an
owner that lost the table (paused, cut off) cannot write over the one that took it over.

Revision ID: 0003
Revises: 0002
Create Date: 2026-12-01
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Create ``leases``."""
    op.create_table(
        "leases",
        sa.Column("table_id", sa.String(32), primary_key=True),
        sa.Column("owner", sa.String(64), nullable=False),
        sa.Column("fence", sa.BigInteger(), nullable=False),
        sa.Column("expires_at", sa.Float(), nullable=False),
        sa.Column("acquired_at", sa.Float(), nullable=False),
    )


def downgrade() -> None:
    """Drop ``leases``."""
    op.drop_table("leases")
