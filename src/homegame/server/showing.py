"""Show or muck after a hand: a player's ``show`` and ``muck`` messages, taken alike at a cash table
(:class:`homegame.server.room.Room`) and at a dealt tournament's table
(:class:`homegame.server.tournament_hall.Hall`).

Once a hand is over, a player may show all or some of the cards nobody saw (a winner nobody called, a
folded hand; :meth:`homegame.table.Table.show`), and a loser asked under "losers may muck" answers
the question (:meth:`homegame.table.Table.muck`). Showing after the hand is allowed at a tournament
too: the tournament rule forbids showing cards during a hand, and a show here is to the whole table
("show one, show all"). No I/O: a refusal is a :class:`~homegame.table.TableError`, nothing changed.
"""

from __future__ import annotations

from homegame.server import protocol as p
from homegame.table import Table, TableError


def show_or_muck(table: Table, position: int | None, msg: p.Show | p.Muck) -> None:
    """Carry out ``msg`` for the player at ``position`` of ``table`` (``None``: no seat there).
    TableError, nothing changed, when they have nothing to show or are not asked to muck."""
    if isinstance(msg, p.Show):
        if position is None:
            raise TableError("you hold no seat at this table; only a player shows their cards")
        table.show(position, msg.cards)
    else:
        if position is None:
            raise TableError("you hold no seat at this table; only a player mucks their cards")
        table.muck(position)


def shows_made(table: Table) -> int:
    """How many shows by choice the table's finished hand has (0 while a hand is live or before one):
    a change means the hand's history is stored again, with its shows."""
    hand = table.hand
    return len(getattr(hand, "shows", ()) or ()) if hand is not None and hand.over else 0


__all__ = ["show_or_muck", "shows_made"]
