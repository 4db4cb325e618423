"""The Redis message bus (``homegame.server.bus``) against a real ``redis-server``, started by the test
on a free loopback port in a temporary directory.

Skipped when the ``redis`` package or the ``redis-server`` binary is missing (``scripts/ensure-redis.sh``
installs the server; ``pip install -e '.[test]'`` the package), unless ``HOMEGAME_REQUIRE_REDIS=1``, when
their absence fails instead.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import shutil
import socket
import subprocess
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from homegame.server import protocol as p
from homegame.server.bus import Bus, BusUnavailable, connection_channel, table_channel
from homegame.server.harness import free_port
from service_support import missing
from waiting import HANG

REQUIRED = os.environ.get("HOMEGAME_REQUIRE_REDIS") == "1"
if REQUIRED:
    import redis  # noqa: F401
else:
    pytest.importorskip("redis", reason="the redis package is not installed (pip install -e '.[test]')")


class RedisServer:
    """A throwaway ``redis-server`` on 127.0.0.1 (no persistence)."""

    def __init__(self, binary: str) -> None:
        self.binary = binary
        self.port = free_port()
        self.root = Path(tempfile.mkdtemp(prefix="homegame-redis-"))
        self.proc: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self) -> RedisServer:
        self.proc = subprocess.Popen([self.binary, "--port", str(self.port), "--bind", "127.0.0.1", "--save", "",
                                      "--appendonly", "no", "--dir", str(self.root), "--daemonize", "no",
                                      "--loglevel", "warning"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        end = time.monotonic() + HANG
        while time.monotonic() < end:
            with contextlib.suppress(OSError), socket.create_connection(("127.0.0.1", self.port), 0.5) as s:
                s.sendall(b"PING\r\n")
                if s.recv(16).startswith(b"+PONG"):
                    return self
            time.sleep(0.05)
        raise RuntimeError("redis-server did not start")

    def stop(self) -> None:
        if self.proc is not None:
            self.proc.kill()
            self.proc.wait(10)
            self.proc = None

    def cleanup(self) -> None:
        self.stop()
        shutil.rmtree(self.root, ignore_errors=True)


@pytest.fixture(scope="module")
def redis_server() -> Iterator[RedisServer]:
    binary = shutil.which("redis-server") or ("/usr/bin/redis-server" if os.path.exists("/usr/bin/redis-server") else None)
    if binary is None:
        missing("redis-server not found (run scripts/ensure-redis.sh)", "HOMEGAME_REQUIRE_REDIS")
    server = RedisServer(binary).start()
    try:
        yield server
    finally:
        server.cleanup()


async def until(check: Any, timeout: float = HANG) -> None:
    end = asyncio.get_running_loop().time() + timeout
    while not check():
        assert asyncio.get_running_loop().time() < end, "timed out"
        await asyncio.sleep(0.02)


def test_a_client_message_reaches_the_owner_on_another_process(redis_server: RedisServer) -> None:
    async def scenario() -> None:
        owner, edge = Bus(redis_server.url, "owner"), Bus(redis_server.url, "edge")
        await owner.start()
        await edge.start()
        heard: list[str] = []
        try:
            await owner.subscribe(table_channel("t1"), heard.append)
            assert await edge.listeners(table_channel("t1")) == 1 and await edge.listeners(table_channel("t9")) == 0
            for i in range(20):
                await edge.publish(table_channel("t1"), json.dumps({"conn": "c1", "n": i}))
            await edge.publish(table_channel("t2"), "not for t1")
            await until(lambda: len(heard) == 20)
            assert [json.loads(h)["n"] for h in heard] == list(range(20))  # in order
            await owner.unsubscribe(table_channel("t1"))
            await asyncio.sleep(0.1)
            assert await edge.publish(table_channel("t1"), "nobody") == 0
        finally:
            await owner.close()
            await edge.close()

    asyncio.run(scenario())


def test_each_connection_channel_carries_only_its_own_seats_cards(redis_server: RedisServer) -> None:
    """A hand at a table owned by one process; each player's connection lives on another process and
    hears only its own channel: its own hole cards are there, the other seat's never."""
    from homegame.server.storage import Store
    from test_server_faults import Night, drain

    async def scenario(night: Night) -> None:
        owner, edge = Bus(redis_server.url, "owner"), Bus(redis_server.url, "edge")
        await owner.start()
        await edge.start()
        heard: dict[int, list[dict[str, Any]]] = {0: [], 1: []}
        try:
            for i in (0, 1):
                await edge.subscribe(connection_channel("edge", f"c{i}"), lambda text, i=i: heard[i].append(json.loads(text)))
            night.act()
            night.room.step((night.conns[0], p.Ping(type="ping")))
            for i, conn in enumerate(night.conns):  # the owner relays each connection's own messages
                for message in drain(conn):
                    await owner.publish(connection_channel("edge", f"c{i}"), json.dumps(message))
            await until(lambda: heard[0] and heard[1] and any(m["type"] == "pong" for m in heard[0]))
        finally:
            await owner.close()
            await edge.close()
        for i in (0, 1):
            mine = set(night.room.table.view(night.conns[i].seat)["cards"])
            theirs = set(night.room.table.view(night.conns[1 - i].seat)["cards"])
            assert len(mine) == 2 and len(theirs) == 2
            text = json.dumps(heard[i])
            assert all(card in text for card in mine), "a seat's own cards were not on its channel"
            assert not any(f'"{card}"' in text for card in theirs), f"seat {i}'s channel carried another seat's cards"
            assert all(m.get("view") is None or m["you"]["seat"] == night.conns[i].seat for m in heard[i])

    with tempfile.TemporaryDirectory() as tmp:
        store = Store(str(Path(tmp) / "bus.db"))
        try:
            night = Night(store)
            for conn in night.conns:
                drain(conn)
            asyncio.run(scenario(night))
        finally:
            store.close()


def test_redis_restarting_is_noticed_and_subscriptions_come_back(redis_server: RedisServer) -> None:
    async def scenario() -> None:
        changes: list[bool] = []
        owner = Bus(redis_server.url, "owner", on_change=lambda up, _why: changes.append(up))
        edge = Bus(redis_server.url, "edge")
        await owner.start()
        heard: list[str] = []
        try:
            await owner.subscribe(table_channel("t1"), heard.append)
            redis_server.stop()
            await until(lambda: changes == [False])
            assert not owner.up
            with pytest.raises(BusUnavailable):
                await owner.ping()
            redis_server.start()
            await until(lambda: changes == [False, True])
            await owner.ping()
            await edge.start()
            await edge.publish(table_channel("t1"), "after the restart")
            await until(lambda: heard == ["after the restart"])
        finally:
            await owner.close()
            await edge.close()

    asyncio.run(scenario())


def test_an_unreachable_redis_is_one_clear_sentence() -> None:
    async def scenario() -> None:
        bus = Bus(f"redis://:secret@127.0.0.1:{free_port()}/0")
        with pytest.raises(BusUnavailable) as caught:
            await bus.start()
        message = str(caught.value)
        assert message.startswith("cannot reach Redis at redis://***@127.0.0.1:") and "secret" not in message
        assert "\n" not in message
        with pytest.raises(BusUnavailable, match="not started"):
            await bus.publish("x", "y")

    asyncio.run(scenario())


def test_healthz_says_when_redis_is_away(redis_server: RedisServer, tmp_path: Path) -> None:
    from fastapi.testclient import TestClient

    from homegame.server.app import create_app

    with TestClient(create_app(str(tmp_path / "h.db"), redis_url=redis_server.url)) as client:
        ok = client.get("/healthz")
        assert ok.status_code == 200 and ok.json() == {"ok": True, "database": "ok", "redis": "ok"}
        assert "homegame_redis_up 1" in client.get("/metrics").text
        redis_server.stop()
        try:
            bad = client.get("/healthz")
            assert bad.status_code == 503
            assert bad.json()["database"] == "ok" and bad.json()["redis"].startswith("unreachable: ")
        finally:
            redis_server.start()
        end = time.monotonic() + HANG
        while client.get("/healthz").status_code != 200:
            assert time.monotonic() < end, "healthz did not recover with Redis"
            time.sleep(0.1)
