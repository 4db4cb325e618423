"""Table ownership by lease: which server process owns a table, until when, with which fencing number.

A table is played by exactly one process at a time. The process that owns it holds a row in ``leases``:
its owner id, the time the lease runs out unless renewed, and a *fencing number* that grows by one each
time the table changes owner. :meth:`Leases.acquire` takes a free or expired lease (or, with ``force``,
any lease: a single process that knows it is alone); :meth:`Leases.renew` extends it; :meth:`Leases.release`
gives it up. The fencing number is registered on the :class:`~homegame.server.storage.Store`, and every
write of that table's events checks it in the write's own transaction: once another process has taken
the table over, the old owner's writes raise :class:`LeaseLost` and change nothing, even if the old owner
was paused (SIGSTOP) for longer than its lease and then carries on as if nothing happened.

The row lock taken by that check lasts until the write commits, so a takeover either waits for a write
in flight and then reads it from the event log, or the write is refused: never both owners' events.

**Presence** (PostgreSQL only): a process that shares the database holds a session advisory lock keyed
by its owner id on a connection of its own (:meth:`Leases.hold_presence`). PostgreSQL drops that lock
the moment the process's connection goes away, which the kernel does as soon as a process dies, even
by SIGKILL. A process that finds a table's lease held checks the owner's lock (in ``pg_locks``, taking
nothing): when nobody holds it, the owner is dead and the table is taken over at once, without waiting
for the lease to run out. A paused owner (SIGSTOP) keeps its connection, and so its lock, and is waited
for as before; a machine cut off from the network is noticed by the lease running out. Two owner ids
whose keys collide only make a dead owner look alive: the safe side.

Expiry times come from each process's clock: keep the machines' clocks in sync (NTP) to well within a
lease's length (:data:`TTL`).

>>> import tempfile
>>> from homegame.server.storage import Store
>>> store = Store(tempfile.mkdtemp() + "/leases.db")
>>> ann, bob = Leases(store, "ann", clock=lambda: 100.0), Leases(store, "bob", clock=lambda: 100.0)
>>> ann.acquire("t1")
Lease(table_id='t1', owner='ann', fence=1, expires_at=115.0, took_over=None)
>>> bob.acquire("t1") is None  # ann holds it
True
>>> later = Leases(store, "bob", clock=lambda: 200.0)  # ann's lease ran out
>>> later.acquire("t1")
Lease(table_id='t1', owner='bob', fence=2, expires_at=215.0, took_over='ann')
>>> store.fences
{'t1': 2}
>>> store.close()
"""

from __future__ import annotations

import contextlib
import hashlib
import secrets
import socket
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from sqlalchemy import bindparam, insert, select, text, update
from sqlalchemy.exc import IntegrityError

from homegame.server.storage import LeaseLost, LeaseRow, Store

#: A renewal, built once (see :meth:`Leases.renew_all`): only the owner with the current fence extends it.
#: (An update's bind names may not be its columns' names: SQLAlchemy keeps those for the SET clause.)
_RENEW = (update(LeaseRow).where(LeaseRow.table_id == bindparam("b_tid"), LeaseRow.fence == bindparam("b_fence"),
                                 LeaseRow.owner == bindparam("b_owner")).values(expires_at=bindparam("b_expires")))

#: Seconds a lease lasts unless renewed; an owner renews every :data:`TTL` / 3.
TTL = 15.0


#: The first key of every presence lock (``pg_advisory_lock(NAMESPACE, key)``): "hgpr".
NAMESPACE = 0x68677072


def presence_key(owner: str) -> int:
    """The second key of ``owner``'s presence lock: 31 bits of a hash of its id.

    >>> presence_key("host:1:ab") == presence_key("host:1:ab") and 0 <= presence_key("x") < 2**31
    True
    """
    return int.from_bytes(hashlib.sha256(owner.encode()).digest()[:4], "big") & 0x7FFFFFFF


def new_owner_id() -> str:
    """A process's owner id: host name, process id and a random tail (unique per start).

    >>> len(new_owner_id()) <= 64
    True
    """
    import os

    return f"{socket.gethostname()[:32]}:{os.getpid()}:{secrets.token_hex(4)}"


@dataclass(frozen=True)
class Lease:
    """A lease this process holds; ``took_over`` names the previous owner when it was taken over."""

    table_id: str
    owner: str
    fence: int
    expires_at: float
    took_over: str | None = None


class Leases:
    """One process's leases on tables in ``store`` (``owner`` is this process's id)."""

    def __init__(self, store: Store, owner: str | None = None, *, ttl: float = TTL,
                 clock: Callable[[], float] = time.time) -> None:
        if ttl <= 0:
            raise ValueError(f"a lease's length must be positive, not {ttl}")
        self.store, self.owner, self.ttl, self.clock = store, owner or new_owner_id(), ttl, clock
        if len(self.owner) > 64:
            raise ValueError("an owner id is at most 64 characters")
        self.held: dict[str, Lease] = {}
        #: The connection that holds this process's presence lock (PostgreSQL, shared), or ``None``.
        self._presence: Any = None
        #: Whether a held lease is checked against its owner's presence lock (see the module docs).
        self.check_presence = False

    @property
    def postgres(self) -> bool:
        """Whether the store is PostgreSQL (presence locks need it)."""
        return bool(self.store.engine.url.get_backend_name() == "postgresql")

    def hold_presence(self) -> bool:
        """Hold (or take again, after the database came back) this process's presence lock; from
        now on, held leases of owners without one are taken over. ``False`` on SQLite (no presence)
        or when the database cannot be reached (try again later)."""
        if not self.postgres:
            return False
        self.check_presence = True
        if self._presence is not None:
            try:
                self._presence.execute(text("SELECT 1"))
                return True
            except Exception:  # noqa: BLE001 - the connection broke: take the lock again below
                self.drop_presence()
        try:
            # autocommit: never "idle in transaction", which idle_in_transaction_session_timeout would end
            conn = self.store.engine.connect().execution_options(isolation_level="AUTOCOMMIT")
            conn.execute(text("SELECT pg_advisory_lock(:ns, :key)"), {"ns": NAMESPACE, "key": presence_key(self.owner)})
        except Exception:  # noqa: BLE001
            return False
        self._presence = conn
        return True

    def drop_presence(self) -> None:
        """Let go of the presence lock (closing its connection)."""
        conn, self._presence = self._presence, None
        if conn is not None:
            with contextlib.suppress(Exception):
                conn.invalidate()
            with contextlib.suppress(Exception):
                conn.close()

    def present(self, conn: Any, owner: str) -> bool:
        """Whether ``owner`` holds its presence lock (always ``True`` unless presence is checked)."""
        if not self.check_presence:
            return True
        row = conn.execute(text("SELECT count(*) FROM pg_locks WHERE locktype = 'advisory' AND granted "
                                "AND classid = :ns AND objid = :key AND objsubid = 2"),
                           {"ns": NAMESPACE, "key": presence_key(owner)}).first()
        return row is not None and int(row[0]) > 0

    def acquire(self, table_id: str, *, force: bool = False) -> Lease | None:
        """Take the lease of ``table_id`` if nobody holds it or it ran out (any lease with ``force``);
        the new fencing number is registered on the store. ``None`` when another owner holds it."""
        now = self.clock()
        try:
            lease = self._take(table_id, now, force)
        except IntegrityError:  # another process inserted the row first
            return None
        if lease is None:
            return None
        self.held[table_id] = lease
        self.store.fences[table_id] = lease.fence
        return lease

    def _take(self, table_id: str, now: float, force: bool) -> Lease | None:
        expires = now + self.ttl
        with self.store.engine.begin() as conn:
            row = conn.execute(select(LeaseRow.owner, LeaseRow.fence, LeaseRow.expires_at)
                               .where(LeaseRow.table_id == table_id)).first()
            if row is None:
                conn.execute(insert(LeaseRow).values(table_id=table_id, owner=self.owner, fence=1,
                                                     expires_at=expires, acquired_at=now))
                return Lease(table_id, self.owner, 1, expires)
            previous, fence, until = str(row[0]), int(row[1]), float(row[2])
            if not (force or until < now or previous == self.owner or not self.present(conn, previous)):
                return None
            # conditional on what was read: a concurrent taker makes this match nothing
            taken = conn.execute(update(LeaseRow).where(LeaseRow.table_id == table_id, LeaseRow.fence == fence)
                                 .values(owner=self.owner, fence=fence + 1, expires_at=expires, acquired_at=now))
            if taken.rowcount != 1:
                return None
            return Lease(table_id, self.owner, fence + 1, expires, None if previous == self.owner else previous)

    def renew(self, table_id: str) -> Lease:
        """Extend a lease this process holds; :class:`LeaseLost` (and the lease forgotten) when another
        owner has taken the table over meanwhile."""
        lease = self.held.get(table_id)
        if lease is None:
            raise KeyError(f"this process holds no lease on table {table_id}")
        expires = self.clock() + self.ttl
        with self.store.engine.begin() as conn:
            done = conn.execute(update(LeaseRow).where(LeaseRow.table_id == table_id, LeaseRow.fence == lease.fence,
                                                       LeaseRow.owner == self.owner).values(expires_at=expires))
            if done.rowcount != 1:
                self.forget(table_id)
                raise LeaseLost(table_id, lease.fence)
        renewed = Lease(table_id, self.owner, lease.fence, expires, lease.took_over)
        self.held[table_id] = renewed
        return renewed

    def renew_all(self) -> list[str]:
        """Renew every lease held, in one transaction; the ids of the tables lost to another owner
        (already forgotten). A database error propagates (the leases are kept, to be renewed on the
        next try)."""
        held = list(self.held.values())
        if not held:
            return []
        expires = self.clock() + self.ttl
        kept: list[Lease] = []
        lost: list[str] = []
        with self.store.engine.begin() as conn:
            for lease in sorted(held, key=lambda x: x.table_id):  # one order: no deadlock with a write
                done = conn.execute(_RENEW, {"b_tid": lease.table_id, "b_fence": lease.fence, "b_owner": self.owner,
                                             "b_expires": expires})
                if done.rowcount == 1:
                    kept.append(lease)
                else:
                    lost.append(lease.table_id)
        for lease in kept:
            if lease.table_id in self.held:  # not released meanwhile
                self.held[lease.table_id] = Lease(lease.table_id, self.owner, lease.fence, expires, lease.took_over)
        for table_id in lost:
            self.forget(table_id)
        return lost

    def release(self, table_id: str) -> None:
        """Give up a lease (a graceful hand-over): another process may take it at once."""
        lease = self.held.get(table_id)
        if lease is None:
            return
        with self.store.engine.begin() as conn:
            conn.execute(update(LeaseRow).where(LeaseRow.table_id == table_id, LeaseRow.fence == lease.fence)
                         .values(expires_at=0.0))
        self.forget(table_id)

    def release_all(self) -> None:
        """Give up every lease held."""
        for table_id in list(self.held):
            self.release(table_id)

    def forget(self, table_id: str) -> None:
        """Stop counting a lease as held (its writes stay fenced with the old number, so they fail)."""
        self.held.pop(table_id, None)

    def owner_of(self, table_id: str) -> tuple[str, int, float] | None:
        """Who holds ``table_id``'s lease: ``(owner, fence, expires_at)``, or ``None``."""
        with self.store.engine.connect() as conn:
            row = conn.execute(select(LeaseRow.owner, LeaseRow.fence, LeaseRow.expires_at)
                               .where(LeaseRow.table_id == table_id)).first()
        return None if row is None else (str(row[0]), int(row[1]), float(row[2]))


__all__ = ["NAMESPACE", "TTL", "Lease", "LeaseLost", "Leases", "new_owner_id", "presence_key"]
