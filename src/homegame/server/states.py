"""What each connection of a table is sent: the ``state`` message, built for all of them at once.

A broadcast builds the table everyone sees, the state's head and the views once: what every seat
sees alike is encoded once and each seat's own part joined to it, so a connection gets exactly its own
seat's view (never another seat's cards) and a change costs one build, not one per connection.
:class:`StateMessages` is a part of :class:`homegame.server.room.Room`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from homegame.server import protocol as p
from homegame.server.connection import Connection
from homegame.server.wire import dumps
from homegame.table import Table
from homegame.table.fairness import Fairness, FairShuffle
from homegame.table.status import out_of_chips_notice


class StateMessages:
    """The room's state messages (the attributes are the room's)."""

    table: Table
    connections: set[Connection]
    shuffle: FairShuffle | None
    fair: Fairness
    halted: str | None
    clock: Callable[[], float]
    _shown_connected: frozenset[int]

    def _send(self, conn: Connection, message: dict[str, Any] | str) -> None:
        raise NotImplementedError  # the room's: after the step's commit

    def _rebind(self) -> None:
        raise NotImplementedError  # the room's: unbind connections whose holder lost its seat

    def seat_of(self, conn: Connection) -> int | None:
        """The position ``conn`` holds now, looked up afresh by its holder (``None`` if none)."""
        if conn.holder is None or conn.role == "watcher":
            return None
        for pos, seat in self.table.seats.items():
            if seat.token_hash and seat.token_hash == conn.holder:
                return pos
        return None

    def shuffle_info(self) -> dict[str, Any]:
        """The current hand's shuffle record (its seed and deck once it is over) and the next hand's
        chain link and contributions so far (``docs/fairness.md``)."""
        nxt = self.table.hand_number + 1
        chain = self.fair.chain_for(nxt)
        coming = None if chain is None else {"hand": nxt, "chain": chain.number, "head": chain.head,
                                             "index": chain.index(nxt), "contributions": self.fair.pending_for(nxt)}
        sh, hand = self.shuffle, self.table.hand
        info: dict[str, Any] = {"scheme": None, "hand": None, "chain": None, "head": None, "index": None,
                                "commitment": None, "contributions": [], "seed": None, "deck": None, "salt": None,
                                "tampered": None, "next": coming}
        if sh is None or hand is None:
            return info
        over = bool(hand.over)
        info.update({k: sh.record[k] for k in ("scheme", "chain", "head", "index", "contributions") if k in sh.record})
        info.update({"hand": self.table.hand_number, "commitment": sh.commitment, "tampered": sh.problem,
                     "seed": sh.salt if over else None, "deck": list(sh.deck) if over else None,
                     "salt": sh.salt if over else None})
        return info

    def _connected_seats(self) -> frozenset[int]:
        """The positions some open connection holds now."""
        return frozenset(pos for pos in (self.seat_of(c) for c in self.connections if not c.closed) if pos is not None)

    def _public_text(self) -> str:
        """The table as everyone sees it, as JSON (built once per broadcast)."""
        public = self.table.public(self.clock())
        connected = self._connected_seats()
        for s in public["seats"]:
            s["connected"] = s["kind"] == "bot" or s["position"] in connected
        public["halted"] = self.halted
        return dumps(public)

    def _state_head(self) -> str:
        """The start of every connection's ``state`` message now: what it is, which hand and step, and
        the shuffle's commitment (JSON text without its closing brace, built once per broadcast)."""
        return dumps({"type": "state", "v": p.VERSION, "hand": self.table.hand_number,
                      "seq": len(self.table.actions), "shuffle": self.shuffle_info()})[:-1]

    def state_text(self, conn: Connection, public_text: str, views: dict[int | None, str] | None = None,
                   head: str | None = None) -> str:
        """The ``state`` message for one connection as JSON: the table plus its own seat's view only.

        A broadcast passes what all connections share, built once: ``public_text``, ``head`` (see
        :meth:`_state_head`) and ``views``, each seat's view text by position."""
        seat = self.seat_of(conn)
        view_text = views[seat] if views is not None and seat in views else dumps(self.table.view(seat))
        you = {"role": conn.role, "host": conn.host, "seat": seat,
               "hand_seat": None if seat is None else self.table.hand_seat(seat),
               "decision": None if seat is None else self.table.decision(seat),
               "pre_action": None if seat is None else self.table.pre_action(seat),
               "out_of_chips": out_of_chips_notice(self.table, seat, host=conn.host)}
        return "".join((head or self._state_head(), ',"acked":', str(conn.acked), ',"you":', dumps(you),
                        ',"table":', public_text, ',"view":', view_text, "}"))

    def _view_texts(self, positions: Iterable[int | None]) -> dict[int | None, str]:
        """Each position's view as JSON text: the part all of them see alike encoded once, and joined
        to each one's own part (their keys never overlap)."""
        wanted = list(positions)
        parts = self.table.view_parts(wanted)
        if parts is None:
            return dict.fromkeys(wanted, "null")
        common, own = parts
        alike = dumps(common)[1:-1]
        return {pos: "".join(("{", dumps(mine)[1:-1], ",", alike, "}")) for pos, mine in own.items()}

    def broadcast(self) -> None:
        """Send every connection its own state message: the table, the head and each seat's view are
        built and encoded once, whatever the number of connections."""
        self._rebind()
        self._shown_connected = self._connected_seats()
        for conn in [c for c in self.connections if c.closed]:
            self.connections.discard(conn)
        conns = list(self.connections)
        public_text, head = self._public_text(), self._state_head()
        views = self._view_texts(self.seat_of(c) for c in conns)
        for conn in conns:
            self._send(conn, self.state_text(conn, public_text, views, head))


__all__ = ["StateMessages"]
