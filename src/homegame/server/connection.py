"""One websocket as a table sees it: who it is, what it may send, and its queue of outgoing texts.

A connection is bound to a seat *holder* (the hash of the seat token it showed), never to a position:
see :mod:`homegame.server.room`.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from homegame.server import protocol as p
from homegame.server.wire import dumps

#: Messages a connection may send per second on average, and in a burst.
RATE_PER_SECOND = 30.0
RATE_BURST = 60.0
#: Unsent messages after which a connection is considered stuck and dropped.
OUTBOX_LIMIT = 200


class RateLimiter:
    """A token bucket: ``allow(now)`` is ``False`` once a client sends faster than allowed."""

    def __init__(self, rate: float = RATE_PER_SECOND, burst: float = RATE_BURST) -> None:
        self.rate, self.burst = rate, burst
        self.tokens, self.last = burst, 0.0

    def allow(self, now: float) -> bool:
        """Spend one token if there is one."""
        self.tokens = min(self.burst, self.tokens + (now - self.last) * self.rate)
        self.last = now
        if self.tokens >= 1:
            self.tokens -= 1
            return True
        return False


@dataclass(eq=False)
class Connection:
    """One websocket: who it is (role, the seat holder it speaks for) and its outgoing queue.

    ``holder`` is the token hash of the seat this connection holds; ``seat`` is only the position
    that holder had when last looked up (the room compares it to notice a change of holder).
    """

    send_text: Callable[[str], Any]
    role: str = "anonymous"  # host | guest | player | watcher
    host: bool = False
    seat: int | None = None
    holder: str | None = None
    returning: str = ""  # the hash of a seat token this connection held here before (it left, or its hello named it)
    base: str = "anonymous"  # the role of the link's own token: host | guest | watcher | player
    outbox: asyncio.Queue[str | None] = field(default_factory=asyncio.Queue)
    limiter: RateLimiter = field(default_factory=RateLimiter)
    last_error_at: float = 0.0
    closed: bool = False
    acked: int = 0  # ``act`` messages of this connection the table has handled
    #: The client's address when the per-address limits apply to it (``None``: loopback, not limited).
    address: str | None = None

    def send(self, message: dict[str, Any] | str) -> None:
        """Queue a message, or its JSON text (a stuck connection is closed instead)."""
        if self.closed:
            return
        if self.outbox.qsize() > OUTBOX_LIMIT:
            self.closed = True
            self.outbox.put_nowait(None)
            return
        self.outbox.put_nowait(message if isinstance(message, str) else dumps(message))

    def send_close(self) -> None:
        """Send what is queued, then close."""
        if not self.closed:
            self.closed = True
            self.outbox.put_nowait(None)

    async def drain(self, pump: asyncio.Task[None], seconds: float = 1.0) -> None:
        """Close once what is queued has gone out through ``pump`` (this connection's :meth:`pump` task,
        given at most ``seconds``), then stop the pump."""
        if not pump.done():
            self.send_close()
            with contextlib.suppress(Exception):
                await asyncio.wait_for(pump, seconds)
        pump.cancel()

    async def pump(self) -> None:
        """Send queued messages until the connection closes."""
        while True:
            text = await self.outbox.get()
            if text is None:
                return
            await self.send_text(text)


#: People a table remembers for talk limits, mutes and spectator numbers (the oldest forgotten first).
TALKERS_KEPT = 10_000


class Talkers:
    """Who talks at one table, as people rather than connections: the chat limit is counted per
    person over all their connections (their seat token, their address, the host), a host's mute
    holds for the person (a muted player who comes back as a spectator, or sits again, is still muted),
    and each spectator has a number of its own (``Spectator 3``) that the host can mute by.

    >>> talk, a, b = Talkers(), Connection(print, address="203.0.113.9"), Connection(print, address="203.0.113.9")
    >>> [talk.wait(c, 0.0) for c in (a, b, a, b, a)], talk.wait(b, 1.0) > 0
    ([0.0, 0.0, 0.0, 0.0, 0.0], True)
    >>> talk.number(a) == talk.number(b)
    True
    """

    def __init__(self) -> None:
        self._times: dict[str, list[float]] = {}
        self._numbers: dict[str, int] = {}
        self._next = 1
        #: People the host muted (their seat tokens, addresses, and for a connection without either, itself).
        self.muted: set[str] = set()

    @staticmethod
    def keys(conn: Connection) -> list[str]:
        """Who ``conn`` is, as far as the table can tell: its seat holder, its address, the host."""
        keys = [f"seat:{conn.holder}"] if conn.holder else []
        if conn.address:
            keys.append(f"addr:{conn.address}")
        if conn.host:
            keys.append("host")
        return keys or [f"conn:{id(conn)}"]

    def wait(self, conn: Connection, now: float) -> float:
        """0 and the talk counted for each of the person's keys if they may talk now, else the seconds
        to wait (at most :data:`protocol.TALK_BURST` in any :data:`protocol.TALK_WINDOW` seconds)."""
        keys = self.keys(conn)
        waits = []
        for key in keys:
            times = self._times[key] = [t for t in self._times.get(key, []) if now - t < p.TALK_WINDOW]
            if len(times) >= p.TALK_BURST:
                waits.append(max(0.1, p.TALK_WINDOW - (now - times[0])))
        if waits:
            return max(waits)
        for key in keys:
            self._times[key].append(now)
        _forget(self._times)
        return 0.0

    def number(self, conn: Connection) -> int:
        """The spectator number of ``conn``'s person (the same for every connection from one address)."""
        key = f"addr:{conn.address}" if conn.address else f"conn:{id(conn)}"
        if key not in self._numbers:
            self._numbers[key], self._next = self._next, self._next + 1
            _forget(self._numbers)
        return self._numbers[key]

    def spectator(self, number: int) -> str | None:
        """The key of the person with spectator ``number``, ``None`` if there is none."""
        return next((key for key, n in self._numbers.items() if n == number), None)

    def is_muted(self, conn: Connection) -> bool:
        """Whether the host muted this person (on any of their keys but the host's own)."""
        return any(key in self.muted for key in self.keys(conn) if key != "host")

    def mute(self, keys: list[str], value: bool) -> None:
        """Mute (or unmute) the person known by ``keys``."""
        for key in keys:
            if key == "host":
                continue
            if value:
                self.muted.add(key)
            else:
                self.muted.discard(key)
        while len(self.muted) > TALKERS_KEPT:
            self.muted.pop()


def _forget(kept: dict[str, Any]) -> None:
    while len(kept) > TALKERS_KEPT:
        kept.pop(next(iter(kept)))


__all__ = ["OUTBOX_LIMIT", "RATE_BURST", "RATE_PER_SECOND", "TALKERS_KEPT", "Connection", "RateLimiter", "Talkers"]
