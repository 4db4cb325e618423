"""What the server process does around its tables: own them by lease, count what they do, say whether
it is healthy.

- :class:`MeteredRoom` is a :class:`~homegame.server.room.Room` that times each action from the moment
  it was received to the moment it was stored and sent (``homegame_action_seconds``).
- :class:`Ownership` holds this process's leases (:mod:`homegame.server.lease`): it takes a table's
  lease before the table is loaded, renews them all every ``ttl / 3`` seconds, and when one is lost
  (another process took the table over) stops that table here and closes its connections, so clients
  reconnect. A process alone (no ``--redis``) takes its tables' leases at once, even a previous run's.
- :func:`health` checks the database and Redis for ``GET /healthz``.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import signal
import time
from collections.abc import Awaitable, Callable
from typing import Any

from homegame.server import protocol as p
from homegame.server.bus import Bus
from homegame.server.lease import TTL, Lease, Leases
from homegame.server.metrics import Metrics
from homegame.server.room import Connection, Room
from homegame.server.storage import Store
from homegame.table.clock import MAX_DUE

log = logging.getLogger("homegame.server")

#: Seconds a health check waits for the database or Redis.
HEALTH_TIMEOUT = 5.0


class MeteredRoom(Room):
    """A room that reports each action's latency to :attr:`metrics` (set by the server)."""

    metrics: Metrics | None = None
    _arrival_times: dict[int, float] | None = None

    def submit(self, conn: Connection, message: Any) -> None:
        """Queue a client's message, noting when it arrived (for an action)."""
        if isinstance(message, p.Act):
            self._arrived()[id(message)] = time.perf_counter()
        self.queue.put_nowait((conn, message))

    def _arrived(self) -> dict[int, float]:
        arrived = self._arrival_times
        if arrived is None:
            arrived = {}
            self._arrival_times = arrived
        return arrived

    def step(self, item: tuple[Connection | None, Any] | None, due: int = MAX_DUE) -> None:
        """Handle one item (see :meth:`Room.step`); a client message's handling time, the event loop's
        time it took, goes into ``homegame_message_seconds``, a step of the clock's into
        ``homegame_clock_step_seconds``."""
        if self.metrics is None:
            super().step(item, due)
            return
        started = time.perf_counter()
        try:
            super().step(item, due)
        finally:
            if item is None or item[0] is None:
                self.metrics.clock_step(time.perf_counter() - started)
            else:
                self.metrics.message(time.perf_counter() - started)

    async def step_async(self, item: tuple[Connection | None, Any] | None) -> None:
        """Handle one item (see :meth:`Room.step_async`); an action's time is counted once it is stored
        and sent."""
        if item is None or not isinstance(item[1], p.Act):
            await super().step_async(item)
            return
        started = self._arrived().pop(id(item[1]), None) or time.perf_counter()
        try:
            await super().step_async(item)
        finally:
            if self.metrics is not None:
                self.metrics.action(time.perf_counter() - started)


class Ownership:
    """This process's leases on its tables, and what happens when one is lost."""

    def __init__(self, store: Store, metrics: Metrics, *, alone: bool, ttl: float = TTL,
                 owner: str | None = None) -> None:
        self.leases = Leases(store, owner, ttl=ttl)
        self.metrics, self.alone = metrics, alone
        self._task: asyncio.Task[None] | None = None

    @property
    def owner(self) -> str:
        """This process's owner id."""
        return self.leases.owner

    def take(self, table_id: str) -> Lease | None:
        """The lease of ``table_id`` for this process (a takeover is counted as a failover), or
        ``None`` while another live process holds it."""
        lease = self.leases.acquire(table_id, force=self.alone)
        if lease is not None and lease.took_over is not None and not self.alone:
            self.metrics.failover()
            log.warning("table %s: taken over from %s (fencing number %d)", table_id, lease.took_over, lease.fence)
        return lease

    def begin(self) -> None:
        """Shared on PostgreSQL: hold this process's presence lock before taking any table, so that
        the others take its tables over at once if it dies (see :mod:`homegame.server.lease`)."""
        if not self.alone and self.leases.postgres and not self.leases.hold_presence():
            log.error("cannot hold this process's presence lock; retrying")

    def start(self, lost: Callable[[str], Awaitable[None]],
              tick: Callable[[], Awaitable[None]] | None = None) -> None:
        """Renew every ``ttl / 3`` seconds; ``lost(table_id)`` for each table taken over by another;
        ``tick()`` after each round."""
        if self._task is None:
            self._task = asyncio.get_running_loop().create_task(self._renew(lost, tick), name="lease renewal")

    async def release(self, table_id: str) -> None:
        """Give one table's lease up (another process may take it at once)."""
        with contextlib.suppress(Exception):
            await asyncio.to_thread(self.leases.release, table_id)

    async def _renew(self, lost: Callable[[str], Awaitable[None]],
                     tick: Callable[[], Awaitable[None]] | None) -> None:
        failing = False
        while True:
            await asyncio.sleep(self.leases.ttl / 3)
            if tick is not None:
                with contextlib.suppress(Exception):
                    await tick()
            try:
                if not self.alone and self.leases.postgres:
                    await asyncio.to_thread(self.leases.hold_presence)
                gone = await asyncio.to_thread(self.leases.renew_all)
            except Exception as exc:  # noqa: BLE001 - the database is away: say so once, keep trying
                if not failing:
                    log.error("cannot renew table leases (%s); retrying", type(exc).__name__)
                failing = True
                continue
            if failing:
                log.warning("table leases renewed again")
            failing = False
            for table_id in gone:
                log.warning("table %s: another server took it over; stopping it here", table_id)
                await lost(table_id)

    async def stop(self) -> None:
        """Stop renewing and give every lease up (a graceful hand-over)."""
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
            self._task = None
        with contextlib.suppress(Exception):
            await asyncio.to_thread(self.leases.release_all)
        self.leases.drop_presence()


def hand_over_on_sigterm(hand_over: Callable[[], Awaitable[None]]) -> bool:
    """On SIGTERM: first stop accepting connections (see :func:`stop_listening`), so that a balancer
    sends whoever connects next to another process; then run ``hand_over()`` (stop the tables, give
    their leases up, tell their players to reconnect at once); only then let the web server stop as
    before (it may take its time: a request in flight keeps it, and the tables no longer wait for it).
    Only from the main thread (``False`` otherwise)."""
    try:
        previous = signal.getsignal(signal.SIGTERM)
        loop = asyncio.get_running_loop()
    except (ValueError, RuntimeError):
        return False
    started: list[asyncio.Task[None]] = []

    def then_stop(sig: int, frame: Any) -> None:
        if callable(previous):
            previous(sig, frame)

    def handler(sig: int, frame: Any) -> None:
        if started:  # a second SIGTERM: stop now
            then_stop(sig, frame)
            return
        closed = stop_listening(previous)

        async def run() -> None:
            began = time.perf_counter()
            try:
                await asyncio.wait_for(hand_over(), 10.0)
            except Exception as exc:  # noqa: BLE001 - stopping goes on regardless
                log.error("handing the tables over failed (%s); stopping anyway", type(exc).__name__)
            log.info("SIGTERM: %d listening socket(s) closed, tables handed over in %.3f s", closed,
                     time.perf_counter() - began)
            then_stop(sig, frame)

        started.append(loop.create_task(run(), name="hand over"))

    try:
        signal.signal(signal.SIGTERM, lambda sig, frame: loop.call_soon_threadsafe(handler, sig, frame))
    except ValueError:  # not the main thread
        return False
    return True


def stop_listening(web_server_handler: Any) -> int:
    """Close the listening sockets of the web server whose SIGTERM handler is ``web_server_handler``
    (uvicorn's ``Server.handle_exit``, whose server keeps its ``asyncio`` servers in ``servers``); the
    connections already open stay open. A balancer's next connection is refused here and goes to
    another process at once, instead of reaching a process that is giving its tables away. How many
    servers were closed (0 when the handler is not such a method: nothing is done).

    >>> async def demo() -> tuple[int, bool]:
    ...     listening = await asyncio.start_server(lambda r, w: None, "127.0.0.1", 0)
    ...     class Web:
    ...         servers = [listening]
    ...         def handle_exit(self, sig: int, frame: Any) -> None: ...
    ...     return stop_listening(Web().handle_exit), listening.is_serving()
    >>> asyncio.run(demo())
    (1, False)
    >>> stop_listening(print)  # not a web server's method: nothing is done
    0
    """
    owner = getattr(web_server_handler, "__self__", None)
    closed = 0
    for server in list(getattr(owner, "servers", None) or []):
        close = getattr(server, "close", None)  # an asyncio or a uvloop server (not an AbstractServer)
        if callable(close):
            with contextlib.suppress(Exception):
                close()
                closed += 1
    return closed


async def health(store: Store, bus: Bus | None) -> tuple[bool, dict[str, str]]:
    """Whether the database (and Redis, with a bus) answer: ``(ok, {"database": ..., "redis": ...})``
    with ``"ok"`` or why not for each."""
    report: dict[str, str] = {}
    try:
        await asyncio.wait_for(asyncio.to_thread(store.ping), HEALTH_TIMEOUT)
        report["database"] = "ok"
    except Exception as exc:  # noqa: BLE001 - any failure is reported, in a few words
        report["database"] = f"unreachable: {_why(exc)}"
    if bus is not None:
        try:
            await bus.ping()
            report["redis"] = "ok"
        except Exception as exc:  # noqa: BLE001
            report["redis"] = f"unreachable: {_why(exc)}"
    return all(v == "ok" for v in report.values()), report


def _why(exc: BaseException) -> str:
    if isinstance(exc, TimeoutError):
        return f"no answer within {HEALTH_TIMEOUT:g} s"
    orig = getattr(exc, "orig", None) or exc
    text = str(orig).strip().splitlines()[0] if str(orig).strip() else type(orig).__name__
    return text[:160]


__all__ = ["HEALTH_TIMEOUT", "MeteredRoom", "Ownership", "hand_over_on_sigterm", "health", "stop_listening"]
