"""Group commit: the writes of every table a process plays, gathered while the last commit was under way,
stored together in one transaction (one commit, one flush to disk), each table's players told only once
its own write is stored.

A table's owner task steps without waiting for the database, hands its writes to :meth:`GroupCommit.write`
and waits for them; meanwhile the other tables step and add theirs. Under load a commit then carries the
actions of many tables, so a process's rate is no longer one commit's latency per action. The durability
rule is unchanged: nothing is sent before it is stored.

When a gathered commit fails, each table's writes are tried again alone, so one table whose lease moved
on (or whose write is refused) halts that table only.

With PostgreSQL the commit runs on a thread of its own (it waits on the network and the disk, and the
event loop plays on meanwhile); SQLite commits on the loop (it has nothing to wait for).
"""

from __future__ import annotations

import asyncio
import weakref
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from homegame.server.storage import Store

Writes = list[dict[str, Any]]


class GroupCommit:
    """One process's gathered writes to one :class:`~homegame.server.storage.Store`."""

    def __init__(self, store: Store, *, threaded: bool | None = None) -> None:
        self.store = store
        self.threaded = not store.url.startswith("sqlite") if threaded is None else threaded
        self._waiting: list[tuple[str, Writes, asyncio.Future[None]]] = []
        self._draining = False
        self._executor: ThreadPoolExecutor | None = None
        #: Commits made and the writes (table steps) they carried, for the benchmark and the docs.
        self.commits = 0
        self.carried = 0

    async def write(self, table_id: str, writes: Writes) -> None:
        """Store ``writes`` (each :meth:`Store.write`'s keyword arguments) of ``table_id``, in order, in
        the next commit; returns once stored, raises what the store raised when not."""
        loop = asyncio.get_running_loop()
        done: asyncio.Future[None] = loop.create_future()
        self._waiting.append((table_id, writes, done))
        if not self._draining:
            self._draining = True
            loop.create_task(self._drain())
        await asyncio.shield(done)  # a table stopped meanwhile does not cancel the others' commit

    async def _drain(self) -> None:
        loop = asyncio.get_running_loop()
        try:
            while self._waiting:
                await asyncio.sleep(0)  # every table ready to step now adds its writes first
                batch, self._waiting = self._waiting, []
                if self.threaded:
                    if self._executor is None:
                        self._executor = ThreadPoolExecutor(1, thread_name_prefix="homegame-commit")
                    failures = await loop.run_in_executor(self._executor, self._commit, batch)
                else:
                    failures = self._commit(batch)
                for (_, _, done), failure in zip(batch, failures, strict=True):
                    if done.done():
                        continue
                    if failure is None:
                        done.set_result(None)
                    else:
                        done.set_exception(failure)
        finally:
            self._draining = False

    def _commit(self, batch: list[tuple[str, Writes, asyncio.Future[None]]]) -> list[Exception | None]:
        """Commit the batch; what failed for each of its tables (None: stored)."""
        self.commits += 1
        self.carried += len(batch)
        try:
            self.store.write_many([(table_id, w) for table_id, writes, _ in batch for w in writes])
            return [None] * len(batch)
        except Exception as exc:  # noqa: BLE001 - handed to the table that waits for it
            if len(batch) == 1:
                return [exc]
        failures: list[Exception | None] = []
        for table_id, writes, _ in batch:  # one bad table must not halt the others
            try:
                self.store.write_many([(table_id, w) for w in writes])
                failures.append(None)
            except Exception as exc:  # noqa: BLE001
                failures.append(exc)
        return failures

    def close(self) -> None:
        """Stop the commit thread (after the commit under way)."""
        if self._executor is not None:
            self._executor.shutdown(wait=True)
            self._executor = None


_by_store: weakref.WeakKeyDictionary[Store, GroupCommit] = weakref.WeakKeyDictionary()


def group_commit(store: Store) -> GroupCommit:
    """The process's :class:`GroupCommit` for ``store`` (made on first use)."""
    found = _by_store.get(store)
    if found is None:
        found = _by_store[store] = GroupCommit(store)
    return found


__all__ = ["GroupCommit", "group_commit"]
