"""Tournaments: each one's hashed host and clock tokens and its stored form (JSON).

A tournament is kept as :func:`homegame.tournament.stored.dump` writes it, with what the server adds
(the wall-clock origin of its clock); it is rewritten after every change the host or a player makes.

Revision ID: 0006
Revises: 0005
Create Date: 2026-12-06
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Create ``tournaments``."""
    op.create_table(
        "tournaments",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("host_hash", sa.String(64), nullable=False),
        sa.Column("watch_hash", sa.String(64), nullable=False),
        sa.Column("state", sa.Text(), nullable=False),
        sa.Column("revision", sa.Integer(), nullable=False),
        sa.Column("created_at", sa.Float(), nullable=False),
        sa.Column("updated_at", sa.Float(), nullable=False),
    )


def downgrade() -> None:
    """Drop ``tournaments``."""
    op.drop_table("tournaments")
