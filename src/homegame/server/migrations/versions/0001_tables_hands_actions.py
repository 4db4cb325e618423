"""Tables, hands and actions.

Revision ID: 0001
Revises:
Create Date: 2026-11-30
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Create the three tables."""
    op.create_table(
        "tables",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("host_hash", sa.String(64), nullable=False),
        sa.Column("invite_hash", sa.String(64), nullable=False),
        sa.Column("watch_hash", sa.String(64), nullable=False),
        sa.Column("state", sa.Text(), nullable=False),
        sa.Column("revision", sa.Integer(), nullable=False),
        sa.Column("created_at", sa.Float(), nullable=False),
        sa.Column("updated_at", sa.Float(), nullable=False),
    )
    op.create_table(
        "hands",
        sa.Column("id", sa.Integer(), primary_key=True, autoincrement=True),
        sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id", ondelete="CASCADE"), nullable=False),
        sa.Column("number", sa.Integer(), nullable=False),
        sa.Column("start", sa.Text(), nullable=False),
        sa.Column("deck", sa.Text(), nullable=False),
        sa.Column("salt", sa.String(64), nullable=False),
        sa.Column("commitment", sa.String(64), nullable=False),
        sa.Column("over", sa.Boolean(), nullable=False),
        sa.Column("payoffs", sa.Text(), nullable=True),
        sa.Column("history", sa.Text(), nullable=True),
        sa.Column("started_at", sa.Float(), nullable=False),
        sa.Column("finished_at", sa.Float(), nullable=True),
        sa.UniqueConstraint("table_id", "number"),
    )
    op.create_index("ix_hands_table_id", "hands", ["table_id"])
    op.create_table(
        "actions",
        sa.Column("id", sa.Integer(), primary_key=True, autoincrement=True),
        sa.Column("hand_id", sa.Integer(), sa.ForeignKey("hands.id", ondelete="CASCADE"), nullable=False),
        sa.Column("idx", sa.Integer(), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=False),
        sa.Column("action", sa.String(200), nullable=False),
        sa.Column("at", sa.Float(), nullable=False),
        sa.UniqueConstraint("hand_id", "idx"),
    )
    op.create_index("ix_actions_hand_id", "actions", ["hand_id"])


def downgrade() -> None:
    """Drop the three tables."""
    op.drop_index("ix_actions_hand_id", "actions")
    op.drop_table("actions")
    op.drop_index("ix_hands_table_id", "hands")
    op.drop_table("hands")
    op.drop_table("tables")
