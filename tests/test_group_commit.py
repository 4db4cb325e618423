"""Group commit (:mod:`homegame.server.commits`): tables that step at the same moment share one commit,
and still nobody is told anything before it is stored; one table's refused write halts that table only;
a table stopped while its commit is under way is stored and sent first."""

from __future__ import annotations

import asyncio
import json
import threading
import time
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from homegame.server import commits
from homegame.server import protocol as p
from homegame.server.commits import GroupCommit, group_commit
from homegame.server.room import Connection
from homegame.server.storage import Store
from test_server_faults import Night, drain, last_state
from waiting import HANG


@pytest.fixture
def store(tmp_path: Any) -> Iterator[Store]:
    s = Store(f"sqlite:///{tmp_path / 'group.db'}")
    yield s
    s.close()


def call(night: Night) -> Connection:
    """Queue a check or call for the seat to act (for its owner task); its connection."""
    conn = night.to_act()
    assert conn.seat is not None
    legal = night.room.table.view(conn.seat)["legal"]
    action = next(a.split()[0] for a in legal if a.startswith(("check", "call")))
    night.room.queue.put_nowait((conn, p.Act(type="act", action=action, hand=night.room.table.hand_number)))
    return conn


async def until(done: Callable[[], bool], seconds: float = HANG) -> None:
    end = time.monotonic() + seconds
    while not done():
        assert time.monotonic() < end, "timed out"
        await asyncio.sleep(0.005)


def test_tables_acting_together_share_commits_and_nobody_is_told_what_is_not_stored(
        store: Store, monkeypatch: pytest.MonkeyPatch) -> None:
    nights = [Night(store) for _ in range(6)]
    table_of = {id(c): n.table_id for n in nights for c in n.conns}
    told: list[tuple[str, int, int]] = []
    send = Connection.send

    def checked(self: Connection, message: dict[str, Any] | str) -> None:
        if isinstance(message, str) and message.startswith('{"type":"state"') and id(self) in table_of:
            m = json.loads(message)
            stored = store.hand(table_of[id(self)], m["hand"])
            assert stored is not None and len(stored.actions) >= m["seq"], "told before it was stored"
            told.append((table_of[id(self)], m["hand"], m["seq"]))
        send(self, message)

    monkeypatch.setattr(Connection, "send", checked)
    gathered = group_commit(store)
    commits_before, carried_before = gathered.commits, gathered.carried

    async def play() -> None:
        for n in nights:
            n.room.start()
        for _ in range(3):  # three times, every table's player acts at the same moment
            seqs = {n.table_id: len(n.room.table.actions) for n in nights}
            for n in nights:
                call(n)
            await until(lambda seqs=seqs: all(len(n.room.table.actions) > seqs[n.table_id]  # type: ignore[misc]
                                              and n.room._committing is None for n in nights))
        for n in nights:
            await n.room.stop()

    asyncio.run(play())
    steps, made = gathered.carried - carried_before, gathered.commits - commits_before
    assert steps == 18 and made < steps, (made, steps)  # shared: fewer commits than table steps
    for n in nights:
        assert n.stored_actions() == len(n.room.table.actions)
        state = last_state(drain(n.conns[0]))
        assert state["seq"] == len(n.room.table.actions)  # and everyone was told, once stored
    assert {t for t, _, _ in told} == {n.table_id for n in nights}


def test_a_refused_write_halts_its_own_table_and_the_others_in_its_commit_are_stored(store: Store) -> None:
    nights = [Night(store) for _ in range(4)]
    bad = nights[0]
    store.fences[bad.table_id] = 10**6  # as if another process had taken this table over

    async def play() -> dict[str, Connection]:
        for n in nights:
            n.room.start()
        seqs = {n.table_id: len(n.room.table.actions) for n in nights}
        actors = {n.table_id: call(n) for n in nights}
        await until(lambda: bad.room.halted is not None
                    and all(len(n.room.table.actions) > seqs[n.table_id] for n in nights[1:]))
        await until(lambda: all(n.room._committing is None for n in nights))
        for n in nights:
            await n.room.stop()
        return actors

    before = bad.stored_actions()
    actors = asyncio.run(play())
    del store.fences[bad.table_id]
    said = drain(actors[bad.table_id])
    assert [m["code"] for m in said if m["type"] == "error"] == ["not_saved"]
    assert last_state(said)["seq"] == before == bad.stored_actions()  # shown what is stored, nothing more
    for n in nights[1:]:
        assert n.room.halted is None and n.stored_actions() == len(n.room.table.actions)


def test_a_table_stopped_while_its_commit_is_under_way_is_stored_and_sent_first(
        store: Store, monkeypatch: pytest.MonkeyPatch) -> None:
    night = Night(store)
    slow = GroupCommit(store, threaded=True)
    monkeypatch.setitem(commits._by_store, store, slow)
    release = threading.Event()
    write_many = store.write_many

    def held_write(writes: list[tuple[str, dict[str, Any]]]) -> None:
        release.wait(10)
        write_many(writes)

    monkeypatch.setattr(store, "write_many", held_write)

    async def play() -> None:
        night.room.start()
        actor = call(night)
        await until(lambda: night.room._committing is not None)
        stopping = asyncio.ensure_future(night.room.stop())
        await asyncio.sleep(0.2)
        assert not stopping.done()  # the stop waits for the commit
        release.set()
        await stopping
        assert last_state(drain(actor))["seq"] == len(night.room.table.actions)

    seq = len(night.room.table.actions)
    asyncio.run(play())
    slow.close()
    assert len(night.room.table.actions) == seq + 1 == night.stored_actions()
