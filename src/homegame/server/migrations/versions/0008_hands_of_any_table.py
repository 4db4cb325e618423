"""Hands of any table: a dealt tournament's tables store their hands too.

A hand's ``table_id`` no longer has to name a row of ``tables``: a dealt tournament's table stores its
hands under ``TOURNAMENT.N`` (:func:`homegame.server.hand_files.tournament_table_key`), the same rows,
read by the same code. The foreign key from ``hands.table_id`` to ``tables.id`` is dropped (nothing
ever deleted a table, so its cascade never ran).

Revision ID: 0008
Revises: 0007
Create Date: 2026-12-07
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0008"
down_revision = "0007"
branch_labels = None
depends_on = None

#: The name SQLite's unnamed foreign key is given while the table is rebuilt without it.
NAMING = {"fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s"}


def upgrade() -> None:
    """Drop the foreign key ``hands.table_id`` -> ``tables.id``."""
    keys = [fk for fk in sa.inspect(op.get_bind()).get_foreign_keys("hands") if fk["referred_table"] == "tables"]
    if not keys:
        return
    name = keys[0]["name"] or "fk_hands_table_id_tables"
    with op.batch_alter_table("hands", naming_convention=NAMING) as batch:
        batch.drop_constraint(name, type_="foreignkey")


def downgrade() -> None:
    """The foreign key back (the hands of tournament tables, which it forbids, are deleted first)."""
    op.execute("DELETE FROM actions WHERE hand_id IN (SELECT id FROM hands WHERE table_id NOT IN (SELECT id FROM tables))")
    op.execute("DELETE FROM hands WHERE table_id NOT IN (SELECT id FROM tables)")
    with op.batch_alter_table("hands", naming_convention=NAMING) as batch:
        batch.create_foreign_key("fk_hands_table_id_tables", "tables", ["table_id"], ["id"], ondelete="CASCADE")
