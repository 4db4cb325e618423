"""Owner routing through Redis (``homegame serve --redis URL --route``): a client connected to any
process plays a table owned by another.

The process holding the websocket (the *edge*) does not parse or apply anything: it rate-limits, then
publishes each message the client sends, with its own node id and a connection id, on the table's
channel (:func:`~homegame.server.bus.table_channel`). The owner keeps one
:class:`~homegame.server.room.Connection` per remote connection, applies its messages in the table's
owner task like any other, and sends what that connection may see only on that connection's own
channel (:func:`~homegame.server.bus.connection_channel`), to which only its edge listens. The owner
ends a connection with the text :data:`CLOSE`; the edge tells the owner a client left with
``{"closed": true}``.

When nobody listens on a table's channel (its owner died, or gave it up), the edge tells the client
``elsewhere`` and closes, and the client's reconnection lands on a process that takes the table over.

A dealt tournament's players are relayed the same way: the owner of its hall
(:class:`~homegame.server.tournament_hall.Hall`, under the tournament's lease) hears the channel of the
tournament's id, and the hall's queue takes the messages as a room's does.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import secrets
import time
from collections.abc import Awaitable, Callable
from typing import Any

from homegame.server import protocol as p
from homegame.server.bus import Bus, BusUnavailable, connection_channel, table_channel
from homegame.server.room import Connection, Room
from homegame.server.tournament_hall import Hall

log = logging.getLogger("homegame.server")

#: What the owner sends on a connection's channel to close it.
CLOSE = "close"
#: Seconds between an edge's checks that its table still has an owner.
WATCH_SECONDS = 2.0


async def _nowhere(_text: str) -> None:
    return None


class Router:
    """Both ends of routing for one process: the tables it owns, and the websockets it relays."""

    def __init__(self, bus: Bus, submit: Callable[[Room | Hall, Connection, Any], None]) -> None:
        self.bus = bus
        self.submit = submit
        #: For each table owned here: its remote connections by ``node:conn``, with their pump tasks.
        self.remote: dict[str, dict[str, tuple[Connection, asyncio.Task[None]]]] = {}
        self._pending: set[asyncio.Task[None]] = set()
        #: The websockets this process relays to owners elsewhere.
        self.edges: set[Connection] = set()

    def bus_changed(self, up: bool, _reason: str) -> None:
        """Redis went away: tell every relayed client at once (``bus_down``) and close it, so that it
        reconnects (and is told again while Redis stays away) instead of waiting on a silent socket."""
        if up:
            return
        for local in list(self.edges):
            local.send(p.error("bus_down", "this server lost its connection to the other servers; reconnecting"))
            local.send_close()

    # ----- the owner's end ----------------------------------------------------------------------
    async def own(self, room: Room | Hall) -> None:
        """Hear ``room``'s channel (a table's, or a dealt tournament's hall's): messages from clients
        connected to other processes."""
        remote: dict[str, tuple[Connection, asyncio.Task[None]]] = {}
        self.remote[room.id] = remote

        def heard(text: str) -> None:
            try:
                envelope = json.loads(text)
                node, conn_id = str(envelope["node"])[:40], str(envelope["conn"])[:40]
            except (ValueError, KeyError, TypeError):
                return
            key = f"{node}:{conn_id}"
            entry = remote.get(key)
            if envelope.get("probe"):  # an edge checking that this owner knows its connection
                if entry is None:
                    channel = connection_channel(node, conn_id, self.bus.prefix)
                    self._pending.add(asyncio.get_running_loop().create_task(self._turn_away(channel)))
                return
            if envelope.get("closed"):
                if entry is not None:
                    del remote[key]
                    room.queue.put_nowait((entry[0], "closed"))
                    entry[0].send_close()
                return
            try:
                message: Any = p.parse_client(str(envelope.get("text", "")))
            except p.ProtocolError as exc:
                message = exc
            if entry is None and not isinstance(message, p.Hello):
                # a connection that said hello to a previous owner: have it reconnect and say hello here
                channel = connection_channel(node, conn_id, self.bus.prefix)
                self._pending.add(asyncio.get_running_loop().create_task(self._turn_away(channel)))
                self._pending = {t for t in self._pending if not t.done()}
                return
            if entry is None:
                channel = connection_channel(node, conn_id, self.bus.prefix)
                conn = Connection(_nowhere)
                conn.send_text = self._publisher(channel, conn)
                entry = (conn, asyncio.get_running_loop().create_task(self._pump(conn, channel, remote, key)))
                remote[key] = entry
            conn = entry[0]
            if isinstance(message, p.ProtocolError):
                conn.send(p.error(message.code, str(message)))
                return
            self.submit(room, conn, message)

        await self.bus.subscribe(table_channel(room.id, self.bus.prefix), heard)

    async def _turn_away(self, channel: str) -> None:
        with contextlib.suppress(BusUnavailable):
            await self.bus.publish(channel, json.dumps(p.error("moved", "this table moved to another server; "
                                                                        "reconnecting")))
            await self.bus.publish(channel, CLOSE)

    def _publisher(self, channel: str, conn: Connection) -> Callable[[str], Awaitable[None]]:
        async def publish(text: str) -> None:
            if await self.bus.publish(channel, text) == 0:  # its edge is gone: the connection is closed
                conn.closed = True
                conn.outbox.put_nowait(None)

        return publish

    async def _pump(self, conn: Connection, channel: str,
                    remote: dict[str, tuple[Connection, asyncio.Task[None]]], key: str) -> None:
        with contextlib.suppress(BusUnavailable):
            await conn.pump()
        conn.closed = True
        if remote.get(key, (None,))[0] is conn:
            del remote[key]
        with contextlib.suppress(BusUnavailable):
            await self.bus.publish(channel, CLOSE)

    async def disown(self, table_id: str) -> None:
        """Stop hearing a table (no longer owned here) and close its remote connections."""
        await self.bus.unsubscribe(table_channel(table_id, self.bus.prefix))
        for conn, _task in self.remote.pop(table_id, {}).values():
            conn.send_close()

    # ----- the edge's end -----------------------------------------------------------------------
    async def relay(self, ws: Any, table_id: str, first: str | None = None) -> None:
        """Carry one websocket's messages to the table's owner (``first``, its ``hello`` already read,
        before the rest) and its own channel's back to it."""
        conn_id = secrets.token_hex(8)
        channel = connection_channel(self.bus.node, conn_id, self.bus.prefix)
        local = Connection(ws.send_text)
        self.edges.add(local)

        def heard(text: str) -> None:
            if text == CLOSE:
                local.send_close()
            else:
                local.send(text)

        await self.bus.subscribe(channel, heard)
        said = {"anything": False}
        pump = asyncio.get_running_loop().create_task(local.pump())
        reader = asyncio.get_running_loop().create_task(self._forward(ws, local, table_id, conn_id, said,
                                                                                 first))
        watch = asyncio.get_running_loop().create_task(self._watch(local, table_id, conn_id, said))
        try:
            await asyncio.wait({pump, reader}, return_when=asyncio.FIRST_COMPLETED)
        finally:
            self.edges.discard(local)
            reader.cancel()
            watch.cancel()
            await local.drain(pump)
            await self.bus.unsubscribe(channel)
            with contextlib.suppress(BusUnavailable):
                await self.bus.publish(table_channel(table_id, self.bus.prefix),
                                       json.dumps({"node": self.bus.node, "conn": conn_id, "closed": True}))

    async def _watch(self, local: Connection, table_id: str, conn_id: str, said: dict[str, bool]) -> None:
        """Every :data:`WATCH_SECONDS`: when nobody owns the table any more (its owner died), tell the
        client and close, so that it reconnects to a process that takes the table over; otherwise ask
        the owner whether it knows this connection (a new owner does not, and turns it away)."""
        target = table_channel(table_id, self.bus.prefix)
        while not local.closed:
            await asyncio.sleep(WATCH_SECONDS)
            with contextlib.suppress(BusUnavailable):
                if await self.bus.listeners(target) == 0:
                    local.send(p.error("elsewhere", "the server that plays this table stopped; reconnecting"))
                    local.send_close()
                elif said["anything"]:
                    await self.bus.publish(target, json.dumps({"node": self.bus.node, "conn": conn_id, "probe": True}))

    async def _forward(self, ws: Any, local: Connection, table_id: str, conn_id: str,
                       said: dict[str, bool], first: str | None = None) -> None:
        target = table_channel(table_id, self.bus.prefix)
        while not local.closed:
            if first is not None:
                text, first = first, None
            else:
                raw = await ws.receive()
                if raw["type"] == "websocket.disconnect":
                    return
                text = p.frame_text(raw)  # the owner refuses an oversized one; Redis carries no more
            now = time.monotonic()
            if not local.limiter.allow(now):
                if now - local.last_error_at > 1.0:
                    local.last_error_at = now
                    local.send(p.error("rate_limited", f"too many messages; at most {p.RATE_TEXT}"))
                continue
            try:
                heard_by = await self.bus.publish(target, json.dumps({"node": self.bus.node, "conn": conn_id,
                                                                      "text": text}))
            except BusUnavailable:
                local.send(p.error("bus_down", "this server lost its connection to the other servers; "
                                               "reconnecting"))
                local.send_close()
                return
            said["anything"] = True
            if heard_by == 0:
                local.send(p.error("elsewhere", "the server that plays this table is not answering; reconnecting"))
                local.send_close()
                return


__all__ = ["CLOSE", "Router"]
