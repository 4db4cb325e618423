"""Owner routing through Redis (``homegame serve --redis URL --route``): two server processes on one
PostgreSQL and one Redis; a player connected to process B plays the table owned by process A, with a
bot, hand after hand; what B's player receives holds its own cards and never the other player's.

Needs PostgreSQL, ``redis-server`` and the ``redis`` package (see ``tests/test_postgres.py`` and
``tests/test_bus.py`` for when they are skipped and when their absence fails).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from homegame.server.client import BotClient, parse_link
from homegame.server.harness import ServerProcess, api, create_table
from homegame.server.lease import Leases
from homegame.server.storage import Store
from test_bus import RedisServer, redis_server  # noqa: F401 - the throwaway Redis fixture
from test_postgres import Cluster, cluster  # noqa: F401 - the throwaway PostgreSQL fixture
from waiting import HANG

FAST = {"bot_delay": 0.0, "between_hands": 0.2, "turn_seconds": 60.0, "time_bank": 0.0}
LIMIT = {"structure": "fixed-limit", "ante": 1, "small_bet": 2, "big_bet": 4}


@pytest.mark.slow
def test_a_player_on_another_process_plays_the_table_through_redis(cluster: Cluster, redis_server: RedisServer,  # noqa: F811
                                                                   tmp_path: Path) -> None:
    url = cluster.new_database()
    Store(url).close()
    args = ("--redis", redis_server.url, "--route", "--lease-seconds", "3")
    a, b = (ServerProcess(url, log=str(tmp_path / f"{n}.log"), args=args).start() for n in "ab")
    store = Store(url, run_migrations=False)
    try:
        made = create_table(a.base, game="holdem", bots=1, approve_seats=False, stakes=LIMIT, buy_in=1000, **FAST)
        table_id, invite = made["table_id"], made["links"]["invite"]
        on_b = invite.replace(a.base, b.base)
        token = parse_link(invite).token
        heard: dict[str, list[dict[str, Any]]] = {"A": [], "B": []}

        async def scenario() -> None:
            first = BotClient(invite, name="OnA", kind="rule", seed=1, on_message=heard["A"].append)
            tasks = [asyncio.create_task(first.run())]
            loop = asyncio.get_running_loop()
            end = loop.time() + 30
            while not any(m["type"] == "seated" for m in heard["A"]):  # process A owns the table now
                assert loop.time() < end, "the first player was not seated"
                await asyncio.sleep(0.05)
            second = BotClient(on_b, name="OnB", kind="rule", seed=2, on_message=heard["B"].append)
            tasks.append(asyncio.create_task(second.run()))
            try:
                end = loop.time() + 90
                while not any(m["type"] == "state" and m["hand"] > 4 for m in heard["B"]):
                    assert loop.time() < end, "the player on process B did not play along"
                    await asyncio.sleep(0.05)
                metrics_a = await asyncio.to_thread(api, a.base, "/metrics")
                metrics_b = await asyncio.to_thread(api, b.base, "/metrics")
                assert "homegame_tables_owned 1" in metrics_a and "homegame_connections 2" in metrics_a
                assert "homegame_tables_owned 0" in metrics_b
            finally:
                for t in tasks:
                    t.cancel()
                await asyncio.gather(*tasks, return_exceptions=True)

        asyncio.run(scenario())
        owner = Leases(store, "test").owner_of(table_id)
        assert a.proc is not None and owner is not None and int(owner[0].split(":")[1]) == a.proc.pid
        seated = [m for m in heard["B"] if m["type"] == "seated"]
        assert len(seated) == 1  # its seat token came back on its own channel
        b_seat = seated[0]["seat"]
        # the same hand and step as seen by A's player: its hole cards never reach B's player
        a_cards = {(m["hand"], m["seq"]): set(m["view"]["cards"]) for m in heard["A"]
                   if m["type"] == "state" and m["view"] and not m["view"]["over"]}
        checked = 0
        for m in heard["B"]:
            if m["type"] != "state" or not m["view"] or m["view"]["over"]:
                continue
            assert m["you"]["seat"] in (None, b_seat)  # a guest before it sits
            text = json.dumps({k: v for k, v in m.items() if k != "shuffle"})
            for card in a_cards.get((m["hand"], m["seq"]), set()):
                assert f'"{card}"' not in text, f"B's player saw A's card {card} in hand {m['hand']}"
            checked += 1
        assert checked > 10
        listing = api(a.base, f"/api/tables/{table_id}/hands?token={token}")
        assert len(listing) >= 4 and all(sum(h["payoffs"]) == 0 for h in listing)
        # process B does not own the table, and still answers downloads from what is stored
        assert api(b.base, f"/api/tables/{table_id}/hands?token={token}")[:4] == listing[:4]
        csv = api(b.base, f"/api/tables/{table_id}/ledger.csv?token={token}")
        assert csv.strip().splitlines()[-1].split(",")[-1] == "0", csv
    finally:
        store.close()
        a.stop()
        b.stop()


def test_route_needs_redis(tmp_path: Path) -> None:
    from test_ops import serve

    code, out = serve("--db", str(tmp_path / "x.db"), "--route")
    assert code == 2 and "--route needs --redis" in out
    assert os.environ.get("HOMEGAME_ROUTE") is None


@pytest.mark.slow
def test_workers_share_one_port_and_play_one_table(cluster: Cluster, redis_server: RedisServer,  # noqa: F811
                                                   tmp_path: Path) -> None:
    """``--workers 2``: two processes on one port; each new connection lands on either, and routing
    carries it to the table's one owner."""
    with two_workers(cluster, redis_server, tmp_path, lease_seconds=3) as (server, store, made):
        heard: list[list[dict[str, Any]]] = [[], [], []]

        async def scenario() -> None:
            bots = [BotClient(made["links"]["invite"], name=f"W{i}", kind="rule", seed=i, on_message=heard[i].append)
                    for i in range(3)]
            tasks = [asyncio.create_task(b.run()) for b in bots]
            try:
                loop = asyncio.get_running_loop()
                end = loop.time() + 120
                while not all(any(m["type"] == "state" and m["hand"] > 3 for m in h) for h in heard):
                    assert loop.time() < end, ("the players did not all play along", [
                        ([m["type"] for m in h][:8], [m.get("message") for m in h if m["type"] == "error"][:5],
                         max([m["hand"] for m in h if m["type"] == "state"] or [0]), bot.errors[:3])
                        for h, bot in zip(heard, bots, strict=True)])
                    await asyncio.sleep(0.05)
            finally:
                for t in tasks:
                    t.cancel()
                await asyncio.gather(*tasks, return_exceptions=True)

        asyncio.run(scenario())
        owner = Leases(store, "test").owner_of(made["table_id"])
        assert owner is not None
        token = parse_link(made["links"]["invite"]).token
        listing = api(server.base, f"/api/tables/{made['table_id']}/hands?token={token}")
        assert len(listing) >= 3 and all(sum(h["payoffs"]) == 0 for h in listing)


@pytest.mark.slow
def test_the_owner_killed_a_player_on_another_process_is_told_and_plays_on(cluster: Cluster,  # noqa: F811
                                                                           redis_server: RedisServer,  # noqa: F811
                                                                           tmp_path: Path) -> None:
    """A owns the table, B relays a player; A is killed mid-hand: B's player is told within seconds,
    reconnects, B takes the table over once the lease runs out, and the same hand goes on."""
    url = cluster.new_database()
    Store(url).close()
    args = ("--redis", redis_server.url, "--route", "--lease-seconds", "2")
    a, b = (ServerProcess(url, log=str(tmp_path / f"{n}.log"), args=args).start() for n in "ab")
    store = Store(url, run_migrations=False)
    try:
        made = create_table(a.base, game="holdem", bots=1, approve_seats=False, stakes=LIMIT, buy_in=1000, **FAST)
        invite = made["links"]["invite"]
        on_b = invite.replace(a.base, b.base)
        heard: dict[str, list[dict[str, Any]]] = {"A": [], "B": []}

        async def scenario() -> None:
            loop = asyncio.get_running_loop()

            async def until(check: Any, what: str, timeout: float = HANG) -> None:
                end = loop.time() + timeout
                while not check():
                    assert loop.time() < end, f"timed out waiting for {what}"
                    await asyncio.sleep(0.02)

            first = BotClient(invite, name="OnA", kind="rule", seed=1, on_message=heard["A"].append)
            tasks = [asyncio.create_task(first.run())]
            await until(lambda: first.seat_token is not None, "the first player seated")
            second = BotClient(on_b, name="OnB", kind="rule", seed=2, on_message=heard["B"].append)
            tasks.append(asyncio.create_task(second.run()))
            try:
                await until(lambda: any(m["type"] == "state" and m["hand"] >= 2 and m["seq"] >= 2
                                        and not m["view"]["over"] for m in heard["B"]), "hand 2 under way")
                before = [m for m in heard["B"] if m["type"] == "state"][-1]
                a.kill()
                tasks[0].cancel()  # A's player comes back through B, with its seat token
                again = BotClient(on_b, name="OnA", kind="rule", seed=1, seat_token=first.seat_token)
                tasks.append(asyncio.create_task(again.run()))
                mark = len(heard["B"])
                # told the owner stopped (elsewhere), or, if B took the table over first, that it moved
                await until(lambda: any(m["type"] == "error" and m["code"] in ("elsewhere", "moved")
                                        for m in heard["B"][mark:]), "B's player told the owner stopped", timeout=HANG)
                await until(lambda: any(m["type"] == "state" and m["hand"] >= before["hand"] + 2
                                        for m in heard["B"][mark:]), "play going on on B", timeout=HANG)
                # the hand under way when A died: B goes on with it, or A had stored its end just before
                stored = await asyncio.to_thread(store.hand, made["table_id"], before["hand"])
                assert stored is not None and stored.commitment == before["shuffle"]["commitment"]
                resumed = next((m for m in heard["B"][mark:] if m["type"] == "state" and m["hand"] == before["hand"]),
                               None)
                if resumed is None:
                    assert stored.over, "the hand under way was neither taken over nor finished"
                else:
                    assert resumed["shuffle"]["commitment"] == before["shuffle"]["commitment"]
                metrics = await asyncio.to_thread(api, b.base, "/metrics")
                assert "homegame_failovers_total 1" in metrics and "homegame_tables_owned 1" in metrics
            finally:
                for t in tasks:
                    t.cancel()
                await asyncio.gather(*tasks, return_exceptions=True)

        asyncio.run(scenario())
        token = parse_link(invite).token
        listing = api(b.base, f"/api/tables/{made['table_id']}/hands?token={token}")
        assert len(listing) >= 3 and all(sum(h["payoffs"]) == 0 for h in listing)
    finally:
        store.close()
        a.stop()
        b.stop()


@pytest.mark.slow
def test_sigterm_to_one_of_the_workers_hands_its_table_to_the_other(cluster: Cluster,  # noqa: F811
                                                                    redis_server: RedisServer,  # noqa: F811
                                                                    tmp_path: Path) -> None:
    """``--workers 2``: a rolling restart. The worker that owns the table gets SIGTERM; it hands the
    table over (the lease is 30 s, so only a hand-over, not a takeover after the lease runs out, lets play
    go on within seconds); the other worker plays the same hand on; the supervisor starts a new worker."""
    import signal
    import time

    with two_workers(cluster, redis_server, tmp_path, lease_seconds=30) as (server, store, made):
        table_id = made["table_id"]
        heard: list[list[dict[str, Any]]] = [[], [], []]
        leases = Leases(store, "test")

        def states(i: int) -> list[dict[str, Any]]:
            return [m for m in heard[i] if m["type"] == "state"]

        async def scenario() -> tuple[int, int, float]:
            bots = [BotClient(made["links"]["invite"], name=f"W{i}", kind="rule", seed=i, on_message=heard[i].append)
                    for i in range(3)]
            tasks = [asyncio.create_task(b.run()) for b in bots]
            loop = asyncio.get_running_loop()

            async def until(check: Any, what: str, timeout: float) -> None:
                end = loop.time() + timeout
                while not check():
                    assert loop.time() < end, f"timed out waiting for {what}"
                    await asyncio.sleep(0.02)

            try:
                await until(lambda: all(any(m["hand"] >= 2 and not m["view"]["over"] for m in states(i))
                                        for i in range(3)), "hand 2 under way", 120)
                held = leases.owner_of(table_id)
                assert held is not None
                owner = held[0]
                old_pid = int(owner.split(":")[1])
                before = max((m["hand"], m["seq"]) for i in range(3) for m in states(i))
                marks = [len(h) for h in heard]
                began = time.monotonic()
                os.kill(old_pid, signal.SIGTERM)
                await until(lambda: (leases.owner_of(table_id) or (owner,))[0] != owner, "the other worker owning it", 10)
                marks = [len(h) for h in heard]
                await until(lambda: all(any((m["hand"], m["seq"]) > before for m in heard[i][marks[i]:]
                                            if m["type"] == "state") for i in range(3)),
                            "every player playing on with the new owner", 15)
                took = time.monotonic() - began
                new_owner = leases.owner_of(table_id)
                assert new_owner is not None
                await until(lambda: all(any(m["hand"] >= before[0] + 2 for m in states(i)) for i in range(3)),
                            "two more hands", 60)
                return old_pid, int(new_owner[0].split(":")[1]), took
            finally:
                for t in tasks:
                    t.cancel()
                await asyncio.gather(*tasks, return_exceptions=True)

        old_pid, new_pid, took = asyncio.run(scenario())
        assert new_pid != old_pid
        print(f"SIGTERM to the owning worker: play went on in {took:.2f} s")
        token = parse_link(made["links"]["invite"]).token
        listing = api(server.base, f"/api/tables/{table_id}/hands?token={token}")
        assert len(listing) >= 3 and all(sum(h["payoffs"]) == 0 for h in listing)
        assert api(server.base, "/healthz")["ok"] is True  # the supervisor still serves (a new worker started)


@contextlib.contextmanager
def two_workers(cluster: Cluster, redis: RedisServer, tmp_path: Path,  # noqa: F811
                lease_seconds: float) -> Iterator[tuple[ServerProcess, Store, dict[str, Any]]]:
    """``homegame serve --workers 2`` on ``cluster`` and ``redis``, a store on the same database, and a
    hold'em table made through it."""
    url = cluster.new_database()
    args = ("--workers", "2", "--redis", redis.url, "--route", "--lease-seconds", str(lease_seconds))
    server = ServerProcess(url, log=str(tmp_path / "workers.log"), args=args).start()
    store = Store(url, run_migrations=False)
    try:
        yield server, store, create_table(server.base, game="holdem", approve_seats=False, stakes=LIMIT,
                                          buy_in=1000, **FAST)
    finally:
        store.close()
        server.stop()
