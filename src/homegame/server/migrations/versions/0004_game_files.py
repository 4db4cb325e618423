"""Game files stored once: a hand that was dealt from a host's game file refers to it by hash.

A game file (up to 64 KB of TOML) was written into every hand's ``start`` and ``history``. From this
revision each text is stored once in ``game_files`` under its SHA-256, and new hands keep only
``file_sha256``; hands stored before keep their text inline and load as they are.

Revision ID: 0004
Revises: 0003
Create Date: 2026-12-06
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Create ``game_files``."""
    op.create_table(
        "game_files",
        sa.Column("sha256", sa.String(64), primary_key=True),
        sa.Column("text", sa.Text(), nullable=False),
        sa.Column("created_at", sa.Float(), nullable=False),
    )


def downgrade() -> None:
    """Drop ``game_files`` (hands that refer to one no longer load their game file)."""
    op.drop_table("game_files")
