"""A table taken over (or restarted) mid-hand: each owing seat's clock goes on from the last write."""

from __future__ import annotations

from pathlib import Path

import pytest

from homegame.server import protocol as p
from homegame.server.room import Room
from homegame.server.storage import Store
from test_server_faults import Night  # the two-player hold'em night driven step by step


def deadline_left(room: Room) -> float:
    (pos,) = room.table.owing()
    seat = room.table.public(room.clock())["seats"][pos]
    return float(seat["deadline"]) - room.clock()


def test_takeovers_charge_the_time_used_but_not_the_downtime(tmp_path: Path) -> None:
    store = Store(f"sqlite:///{tmp_path / 'clocks.db'}")
    night = Night(store)
    clock = night.clock
    assert deadline_left(night.room) == pytest.approx(600.0, abs=0.1)
    clock.now += 20.0  # the seat to act thinks 20 s; a chat line is written then
    night.room.step((night.conns[0], p.Chat(type="chat", text="hmm")))
    clock.now += 1000.0  # the owner dies; a new one takes over 1000 s later
    second = Room.load(night.table_id, Store(store.url, run_migrations=False), clock=clock)
    assert second is not None
    assert deadline_left(second) == pytest.approx(580.0, abs=0.1)
    clock.now += 5.0
    second.step(None)  # the new owner's first step (it writes the clocks as resumed)
    clock.now += 1000.0  # it dies too
    third = Room.load(night.table_id, Store(store.url, run_migrations=False), clock=clock)
    assert third is not None
    assert deadline_left(third) == pytest.approx(575.0, abs=0.1)
