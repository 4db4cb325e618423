"""A room driven without sockets: fake tabs that record what they are sent, a fake clock, a real store.

Used by the room tests in ``test_server.py`` and by the table conformance test.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from homegame.server import protocol as p
from homegame.server.app import NewTable, Server
from homegame.server.room import Connection, Room
from homegame.server.storage import Store


class Clock:
    """A clock that moves only when told."""

    def __init__(self, t: float = 1000.0) -> None:
        self.t = t

    def __call__(self) -> float:
        return self.t


class Tab:
    """One browser tab (or bot) on a websocket: every message it was sent, in order."""

    def __init__(self, room: Room, token: str, seat_token: str | None = None) -> None:
        self.room = room
        self.conn = Connection(self._never)
        self.messages: list[dict[str, Any]] = []
        self.closed = False
        self.seat_token = seat_token
        hello: dict[str, Any] = {"type": "hello", "token": token}
        if seat_token:
            hello["seat_token"] = seat_token
        self.send(hello)

    async def _never(self, text: str) -> None:  # pragma: no cover - the outbox is drained directly
        raise AssertionError("fake tabs are drained, not pumped")

    def drain(self) -> list[dict[str, Any]]:
        new = []
        while not self.conn.outbox.empty():
            text = self.conn.outbox.get_nowait()
            if text is None:
                self.closed = True
                continue
            new.append(json.loads(text))
        self.messages += new
        for msg in new:
            if msg["type"] == "seated":
                self.seat_token = msg["seat_token"]
        return new

    def send(self, message: dict[str, Any]) -> list[dict[str, Any]]:
        """Send one message through the protocol parser and the room's step; what came back."""
        msg = p.parse_client(json.dumps({"v": 1, **message}))
        self.room.step((self.conn, msg))
        return self.drain()

    def close(self) -> None:
        self.room.step((self.conn, "closed"))
        self.closed = True

    def state(self) -> dict[str, Any]:
        self.drain()
        return next(m for m in reversed(self.messages) if m["type"] == "state")

    def last(self, kind: str) -> dict[str, Any] | None:
        self.drain()
        return next((m for m in reversed(self.messages) if m["type"] == kind), None)


def seated(tab: Tab, name: str) -> int:
    """``tab`` sits as ``name``; the seat it was given (its seat token is kept on the tab)."""
    tab.send({"type": "sit", "name": name})
    msg = tab.last("seated")
    assert msg is not None, tab.messages[-3:]
    return int(msg["seat"])


def open_room(tmp_path: Path, clock: Clock, **spec: Any) -> tuple[Room, Store, dict[str, str]]:
    """Open a table the way ``POST /api/tables`` does and load its room; the raw tokens too."""
    store = Store(f"sqlite:///{tmp_path / 'room.db'}")
    table_id, tokens = Server(store).create(NewTable(**spec))
    room = Room.load(table_id, store, clock=clock)
    assert room is not None
    return room, store, tokens


def tick(room: Room, tabs: list[Tab], clock: Clock, seconds: float) -> None:
    """Let ``seconds`` pass in steps of what is due (what the owner task does between messages)."""
    end = clock.t + seconds
    for _ in range(10000):
        wake = room.table.next_wakeup(clock.t)
        if wake is None or wake > end:
            break
        clock.t = max(clock.t, wake)
        room.step(None)
        clock.t += 0.001
    clock.t = max(clock.t, end)
    room.step(None)
    for tab in tabs:
        tab.drain()
