"""This process's dealt tournaments: one :class:`~homegame.server.tournament_hall.Hall` each, under a lease.

A dealt tournament is played by one process at a time. Its hall is loaded only under the
tournament's lease (:func:`lease_key`, in the tables' lease table), whose fencing number every write
of it checks; a process that loses the lease stops the hall (:meth:`Halls.lost`), and
:meth:`Halls.sweep` (at the start, then every third of a lease) takes over a tournament in play
whose owner stopped or died. Another process relays its players' websockets to the owner (with
``--route``: :class:`~homegame.server.route.Router`, as for a cash table; without it they are told
``elsewhere``) and answers its changes ``503`` (:class:`HallElsewhere`).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Callable
from typing import Any

from homegame.server import protocol as p
from homegame.server.ops import Ownership
from homegame.server.route import Router
from homegame.server.storage import Store
from homegame.server.tournament_hall import Hall

log = logging.getLogger("homegame.server")


class HallElsewhere(RuntimeError):
    """Another live process holds the lease of this dealt tournament: it plays it."""


#: What a connection or a change at the wrong process is told.
ELSEWHERE = ("another server process runs this tournament right now; reconnect (or try again) through "
             "the load balancer")


def lease_key(tid: str) -> str:
    """The lease of a dealt tournament's hall (in the tables' lease table, apart from any table id)."""
    return f"tournament:{tid}"


class Halls:
    """This process's halls, one per dealt tournament it plays (loaded when first needed), under the
    server's leases (``ownership``; without it the process is alone); with a ``router``, each hall
    also hears the players relayed from other processes."""

    def __init__(self, store: Store, clock: Callable[[], float] = time.time,
                 ownership: Ownership | None = None, router: Router | None = None) -> None:
        self.store, self.clock, self.ownership, self.router = store, clock, ownership, router
        self.halls: dict[str, Hall] = {}
        self._sweeper: asyncio.Task[None] | None = None
        self._hearing: set[asyncio.Task[None]] = set()

    def live(self, tid: str) -> Hall | None:
        """The hall of ``tid`` if it is a dealt tournament in play (loaded and started here if need
        be; one that finished here stays), else ``None``; :class:`HallElsewhere` while another process holds its lease."""
        hall = self.halls.get(tid)
        if hall is not None:
            return hall
        stored = self.store.tournament(tid) if len(tid) <= 32 else None
        if stored is None or not dealt_and_started(stored[2]):
            return None
        if self.ownership is not None and self.ownership.take(lease_key(tid)) is None:
            raise HallElsewhere(tid)
        hall = self.halls[tid] = Hall(tid, self.store, self.clock)
        hall.fence_key = lease_key(tid) if self.ownership is not None else None
        hall.on_lost = self.lost
        with contextlib.suppress(RuntimeError):  # no running loop (a synchronous caller): started later
            hall.start()
            if self.router is not None:
                self._hearing.add(asyncio.get_running_loop().create_task(self.router.own(hall)))
                self._hearing = {t for t in self._hearing if not t.done()}
        return hall

    async def lost(self, tid: str) -> None:
        """Another process took ``tid`` over: stop its hall here; its phones reconnect (to the owner)."""
        hall = self.halls.pop(tid, None)
        if hall is None:
            return
        await hall.stop()
        for conn in list(hall.connections):  # told before the relayed ones are closed below
            conn.send(p.error("moved", "this tournament moved to another server process; reconnecting"))
            conn.send_close()
        if self.router is not None:
            await self.router.disown(tid)

    def sweep(self) -> None:
        """Play here every started, unfinished dealt tournament nobody plays (after a restart, or when
        its owner stopped or died and its lease ran out)."""
        for tid in self.store.tournament_ids():
            if tid in self.halls:
                continue
            stored = self.store.tournament(tid)
            if stored is not None and dealt_and_started(stored[2]):
                with contextlib.suppress(HallElsewhere):
                    self.live(tid)

    def start_sweeping(self, every: float) -> None:
        """:meth:`sweep` now and every ``every`` seconds."""
        async def sweeping() -> None:
            while True:
                try:
                    self.sweep()
                except Exception as exc:  # noqa: BLE001 - the database away: try again later
                    log.error("tournaments: a sweep failed: %s", type(exc).__name__)
                await asyncio.sleep(every)

        if self._sweeper is None:
            self._sweeper = asyncio.get_running_loop().create_task(sweeping(), name="tournament sweep")

    async def close(self) -> None:
        """Stop every hall and hand its lease back (the server stops)."""
        sweeper, self._sweeper = self._sweeper, None
        if sweeper is not None:
            sweeper.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await sweeper
        for tid, hall in list(self.halls.items()):
            await hall.stop()
            if self.router is not None:  # its relayed phones are closed: they reconnect elsewhere
                await self.router.disown(tid)
            if self.ownership is not None:
                await self.ownership.release(lease_key(tid))
        self.halls.clear()


def dealt_and_started(state: dict[str, Any]) -> bool:
    """Whether a stored tournament's state is a dealt tournament in play (started, not over)."""
    played = state["tournament"]
    return state.get("mode") == "dealt" and bool(played.get("started")) and not played.get("finished")


__all__ = ["ELSEWHERE", "HallElsewhere", "Halls", "dealt_and_started", "lease_key"]
