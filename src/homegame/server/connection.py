"""One websocket as a table sees it: who it is, what it may send, and its queue of outgoing texts.

A connection is bound to a seat *holder* (the hash of the seat token it showed), never to a position:
see :mod:`homegame.server.room`.
"""

from __future__ import annotations

import asyncio
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
    talked: list[float] = field(default_factory=list)  # when this connection's recent chats and reactions came

    def may_talk(self, now: float) -> float:
        """0 and the talk counted if this connection may chat or react now, else the seconds to wait
        (at most :data:`protocol.TALK_BURST` in any :data:`protocol.TALK_WINDOW` seconds)."""
        self.talked = [t for t in self.talked if now - t < p.TALK_WINDOW]
        if len(self.talked) >= p.TALK_BURST:
            return max(0.1, p.TALK_WINDOW - (now - self.talked[0]))
        self.talked.append(now)
        return 0.0

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

    async def pump(self) -> None:
        """Send queued messages until the connection closes."""
        while True:
            text = await self.outbox.get()
            if text is None:
                return
            await self.send_text(text)


__all__ = ["OUTBOX_LIMIT", "RATE_BURST", "RATE_PER_SECOND", "Connection", "RateLimiter"]
