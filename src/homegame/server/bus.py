"""The message bus between server processes: Redis publish/subscribe.

Channels (``PREFIX`` is ``homegame`` unless told otherwise):

- ``PREFIX:table:TABLE`` -- *to a table's owner*: what clients connected to any process send that table.
  Only the owning process subscribes. A ``hello`` carries the client's token, so Redis must be on a
  private network or behind a password and TLS (``rediss://``), like the database.
- ``PREFIX:conn:NODE:CONN`` -- *to one connection*: everything the owner sends one client (its state
  with its own seat's view, its replies, its new seat token). Only the process that holds that websocket
  subscribes, and only for that connection: a per-seat payload is never on a channel that another seat's
  connection reads.
- ``PREFIX:node:NODE`` -- control messages to one process (never a seat's payload).

Why publish/subscribe rather than streams: every ``state`` message is the whole table as that seat sees
it, and a reconnecting client is sent the whole state again, so a message lost while Redis restarts is
healed by the next one; PostgreSQL, not Redis, keeps what must not be lost. Pub/sub delivers at once
with no per-message storage, trimming or acknowledgement, and a channel per connection costs nothing
when nobody publishes on it. Streams would keep a backlog nobody needs and leave one stream per
connection to clean up.

The ``redis`` package (``pip install 'homegame[redis]'``) is imported only when a bus is made.
"""

from __future__ import annotations

import asyncio
import contextlib
import importlib
import logging
import secrets
from collections.abc import Awaitable, Callable
from typing import Any

log = logging.getLogger("homegame.server")

#: The default channel prefix.
PREFIX = "homegame"
#: Seconds to wait for Redis to answer when connecting or checking health.
CONNECT_TIMEOUT = 3.0
#: Seconds between reconnection attempts after Redis goes away (at most).
RECONNECT_MOST = 5.0

Handler = Callable[[str], Awaitable[None] | None]


class BusUnavailable(RuntimeError):
    """Redis cannot be reached or refused a command; the message says which and why, in one line."""


def shown(url: str) -> str:
    """A Redis URL as it may be printed: no password.

    >>> shown("redis://:s3cret@cache.example:6379/0")
    'redis://***@cache.example:6379/0'
    >>> shown("redis://127.0.0.1:6379")
    'redis://127.0.0.1:6379'
    """
    scheme, sep, rest = url.partition("://")
    if not sep or "@" not in rest:
        return url
    return f"{scheme}://***@{rest.rsplit('@', 1)[1]}"


def _redis() -> Any:
    """The ``redis.asyncio`` module; :class:`BusUnavailable` saying what to install when it is missing."""
    try:
        return importlib.import_module("redis.asyncio")
    except ModuleNotFoundError:
        raise BusUnavailable("--redis needs the redis package, which is not installed; install it with "
                             "pip install 'homegame[redis]'") from None


def table_channel(table_id: str, prefix: str = PREFIX) -> str:
    """The channel on which a table's owner hears its clients.

    >>> table_channel("abc")
    'homegame:table:abc'
    """
    return f"{prefix}:table:{table_id}"


def connection_channel(node: str, conn_id: str, prefix: str = PREFIX) -> str:
    """The channel of one connection (one seat's payloads, or a spectator's).

    >>> connection_channel("n1", "c7")
    'homegame:conn:n1:c7'
    """
    return f"{prefix}:conn:{node}:{conn_id}"


def node_channel(node: str, prefix: str = PREFIX) -> str:
    """A process's control channel.

    >>> node_channel("n1")
    'homegame:node:n1'
    """
    return f"{prefix}:node:{node}"


class Bus:
    """One process's connection to Redis: publish, and subscribe handlers to channels.

    ``on_change(up, reason)`` is called when Redis goes away and when it is back (subscriptions are
    restored by themselves); meanwhile :meth:`publish` raises :class:`BusUnavailable`.
    """

    def __init__(self, url: str, node: str | None = None, *, prefix: str = PREFIX,
                 on_change: Callable[[bool, str], None] | None = None) -> None:
        self.url, self.prefix = url, prefix
        self.node = node or secrets.token_hex(6)
        self.on_change = on_change
        self.handlers: dict[str, Handler] = {}
        self.up = False
        self.reason = "not started"
        self._client: Any = None
        self._pubsub: Any = None
        self._reader: asyncio.Task[None] | None = None

    async def start(self) -> None:
        """Connect and subscribe to this node's control channel; :class:`BusUnavailable` in one line
        when Redis cannot be reached."""
        module = _redis()
        self._client = module.from_url(self.url, socket_connect_timeout=CONNECT_TIMEOUT,
                                       socket_timeout=None, health_check_interval=10)
        try:
            await asyncio.wait_for(self._client.ping(), CONNECT_TIMEOUT)
            self._pubsub = self._client.pubsub(ignore_subscribe_messages=True)
            self.handlers.setdefault(node_channel(self.node, self.prefix), _ignore)
            await self._pubsub.subscribe(*self.handlers)
        except Exception as exc:  # noqa: BLE001 - any failure to connect is one sentence
            await self.close()
            raise BusUnavailable(f"cannot reach Redis at {shown(self.url)}: {_why(exc)}") from None
        self.up, self.reason = True, "connected"
        self._reader = asyncio.get_running_loop().create_task(self._read(), name="redis bus")

    async def publish(self, channel: str, text: str) -> int:
        """Send ``text`` on ``channel``; how many subscribers got it."""
        if self._client is None:
            raise BusUnavailable("the message bus is not started")
        try:
            return int(await self._client.publish(channel, text))
        except Exception as exc:  # noqa: BLE001
            raise BusUnavailable(f"Redis refused a message: {_why(exc)}") from None

    async def listeners(self, channel: str) -> int:
        """How many subscribers ``channel`` has across every process (Redis ``PUBSUB NUMSUB``)."""
        if self._client is None:
            raise BusUnavailable("the message bus is not started")
        try:
            answer = await self._client.pubsub_numsub(channel)
        except Exception as exc:  # noqa: BLE001
            raise BusUnavailable(f"Redis refused a question: {_why(exc)}") from None
        return int(answer[0][1]) if answer else 0

    async def subscribe(self, channel: str, handler: Handler) -> None:
        """Call ``handler(text)`` for each message on ``channel`` (one handler per channel)."""
        self.handlers[channel] = handler
        if self._pubsub is not None and self.up:
            with contextlib.suppress(Exception):  # down: restored with the rest on reconnection
                await self._pubsub.subscribe(channel)

    async def unsubscribe(self, channel: str) -> None:
        """Stop hearing ``channel``."""
        self.handlers.pop(channel, None)
        if self._pubsub is not None and self.up:
            with contextlib.suppress(Exception):
                await self._pubsub.unsubscribe(channel)

    async def ping(self) -> None:
        """:class:`BusUnavailable` unless Redis answers within :data:`CONNECT_TIMEOUT`."""
        if self._client is None:
            raise BusUnavailable("the message bus is not started")
        try:
            await asyncio.wait_for(self._client.ping(), CONNECT_TIMEOUT)
        except Exception as exc:  # noqa: BLE001
            raise BusUnavailable(f"Redis at {shown(self.url)} does not answer: {_why(exc)}") from None

    async def close(self) -> None:
        """Stop reading and disconnect."""
        if self._reader is not None:
            self._reader.cancel()
            with contextlib.suppress(BaseException):
                await self._reader
            self._reader = None
        for thing in (self._pubsub, self._client):
            if thing is not None:
                with contextlib.suppress(Exception):
                    await thing.aclose()
        self._pubsub = self._client = None
        self.up = False

    def _changed(self, up: bool, reason: str) -> None:
        self.up, self.reason = up, reason
        if up:
            log.warning("the message bus is back (Redis at %s)", shown(self.url))
        else:
            log.error("lost the message bus (Redis at %s): %s; reconnecting", shown(self.url), reason)
        if self.on_change is not None:
            self.on_change(up, reason)

    async def _read(self) -> None:
        """Deliver messages to handlers; on a lost connection, reconnect and subscribe again."""
        wait = 0.2
        while True:
            try:
                message = await self._pubsub.get_message(ignore_subscribe_messages=True, timeout=1.0)
            except asyncio.CancelledError:
                raise
            except Exception as exc:  # noqa: BLE001 - Redis went away: say so once, then retry
                if self.up:
                    self._changed(False, _why(exc))
                await asyncio.sleep(wait)
                wait = min(RECONNECT_MOST, wait * 2)
                with contextlib.suppress(Exception):
                    await self._pubsub.aclose()
                    self._pubsub = self._client.pubsub(ignore_subscribe_messages=True)
                    await self._pubsub.subscribe(*self.handlers)
                    await self._client.ping()
                    self._changed(True, "reconnected")
                    wait = 0.2
                continue
            if message is None or message.get("type") != "message":
                continue
            channel = _text(message["channel"])
            handler = self.handlers.get(channel)
            if handler is None:
                continue
            try:
                result = handler(_text(message["data"]))
                if result is not None:
                    await result
            except Exception as exc:  # noqa: BLE001 - one bad message must not stop the bus
                log.error("message bus: a handler for %s failed: %s", channel.split(":")[1], type(exc).__name__)


def _ignore(_text: str) -> None:
    return None


def _text(value: Any) -> str:
    return value.decode("utf-8", "replace") if isinstance(value, bytes) else str(value)


def _why(exc: BaseException) -> str:
    """A Redis error in a few words."""
    text = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
    return text[:200]


__all__ = ["CONNECT_TIMEOUT", "PREFIX", "Bus", "BusUnavailable", "connection_channel", "node_channel",
           "shown", "table_channel"]
