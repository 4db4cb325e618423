"""Chat at a dealt tournament's table: the cash table's own talk, for the players seated at it.

A line is said at the table where the speaker sits now (:meth:`homegame.table.Table.say` and
:meth:`~homegame.table.Table.react`: cleaned, limited, kept with the table and so stored with the
tournament), under the cash table's per-person limit (:class:`homegame.server.connection.Talkers`),
and sent to every connection of the players at that table, the speaker's included, once stored.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from homegame.server import protocol as p
from homegame.server.connection import Connection, Talkers
from homegame.table import Table, TableError


def talk(table: Table, position: int, conn: Connection, msg: p.Chat | p.React, talkers: Talkers, now: float,
         store: Callable[[], None], listeners: Iterable[Connection]) -> None:
    """``msg`` from ``conn``, whose player sits at ``position`` of ``table``: refused with an error to
    ``conn`` (nothing kept) when over the limit or not a line a cash table takes; else kept, stored
    (``store``) and sent to ``listeners``."""
    wait = talkers.wait(conn, now)
    if wait:
        conn.send(p.error("rate_limited", f"too many chat messages and reactions: at most {p.TALK_BURST} in "
                                          f"{p.TALK_WINDOW:g} seconds; wait {wait:.0f} s", msg.type))
        return
    try:
        if isinstance(msg, p.Chat):
            event: dict[str, Any] = {"type": "chat", "v": p.VERSION, "line": table.say(position, msg.text, now)}
        else:
            event = {"type": "reaction", "v": p.VERSION, **table.react(position, msg.emoji, now)}
    except TableError as exc:
        conn.send(p.error("illegal", str(exc), msg.type))
        return
    store()
    for listener in listeners:
        listener.send(event)


__all__ = ["talk"]
