"""Faults under two ``homegame serve --redis --route`` processes on one PostgreSQL and one Redis: a
player on process A (the table's owner) and a player on process B (relayed through Redis).

- Redis is killed mid-play and restarted a few seconds later: the player on B is told at once
  (``bus_down``), without having to send anything, reconnects by itself, and once Redis is back plays
  on; nothing stored is lost (every hand verifies, payoffs sum to 0, the ledger nets to 0).
- PostgreSQL is stopped mid-play and started again a few seconds later: both players are told the
  table waits (``halted``), then that it plays again, and play goes on with nothing lost.

Needs PostgreSQL, ``redis-server`` and the ``redis`` package (see ``tests/test_route.py``).
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from homegame.server.client import BotClient, parse_link
from homegame.server.harness import ServerProcess, api, create_table
from homegame.server.storage import Store
from test_bus import RedisServer, redis_server  # noqa: F401 - the throwaway Redis fixture
from test_postgres import Cluster, cluster  # noqa: F401 - the throwaway PostgreSQL fixture
from test_scale_failover import settle_checks, until

FAST = {"bot_delay": 0.0, "between_hands": 0.2, "turn_seconds": 60.0, "time_bank": 0.0}
LIMIT = {"structure": "fixed-limit", "ante": 1, "small_bet": 2, "big_bet": 4}


def restart_postgres(cluster: Cluster, down: float) -> None:  # noqa: F811
    """Stop the cluster (fast: connections are cut), wait ``down`` seconds, start it on the same port."""
    data = str(cluster.data)
    cluster._run("pg_ctl", "-D", data, "-m", "fast", "-w", "stop")
    time.sleep(down)
    options = (f"-c listen_addresses=127.0.0.1 -p {cluster.port} -c unix_socket_directories={cluster.root} "
               "-c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=100")
    cluster._run("pg_ctl", "-D", data, "-l", str(cluster.root / "server.log"), "-o", options, "-w", "-t", "60", "start")


def two_processes_play(cluster: Cluster, redis: RedisServer, tmp_path: Path,  # noqa: F811
                       fault: Callable[[], None], check: Callable[[dict[str, list[dict[str, Any]]], int], None]) -> None:
    url = cluster.new_database()
    Store(url).close()
    args = ("--redis", redis.url, "--route")
    a, b = (ServerProcess(url, log=str(tmp_path / f"{n}.log"), args=args).start() for n in "ab")
    try:
        made = create_table(a.base, game="holdem", bots=0, approve_seats=False, stakes=LIMIT, buy_in=1000, **FAST)
        table_id, invite = made["table_id"], made["links"]["invite"]
        heard: dict[str, list[dict[str, Any]]] = {"A": [], "B": []}

        async def scenario() -> None:
            first = BotClient(invite, name="OnA", kind="rule", seed=1,
                              on_message=lambda m: heard["A"].append({**m, "at": time.monotonic()}))
            tasks = [asyncio.create_task(first.run())]
            await until(lambda: any(m["type"] == "seated" for m in heard["A"]), "A's player seated", 30)
            second = BotClient(invite.replace(a.base, b.base), name="OnB", kind="rule", seed=2,
                               on_message=lambda m: heard["B"].append({**m, "at": time.monotonic()}))
            tasks.append(asyncio.create_task(second.run()))
            try:
                await until(lambda: any(m["type"] == "state" and m["hand"] >= 2 for m in heard["B"]),
                            "both players playing", 60)
                mark = {k: len(v) for k, v in heard.items()}
                hand = max(m["hand"] for m in heard["B"] if m["type"] == "state")
                await asyncio.to_thread(fault)
                await until(lambda: any(m["type"] == "state" and m["hand"] >= hand + 3 for m in heard["B"]),
                            "play going on after the fault", 60)
                check({k: v[mark[k]:] for k, v in heard.items()}, hand)
            finally:
                for t in tasks:
                    t.cancel()
                await asyncio.gather(*tasks, return_exceptions=True)

        asyncio.run(scenario())
        settle_checks_all(a.base, table_id, parse_link(invite).token)
    finally:
        a.stop()
        b.stop()


def settle_checks_all(base: str, table_id: str, token: str) -> None:
    listing = api(base, f"/api/tables/{table_id}/hands?token={token}")
    last = listing[-1]
    record = api(base, f"/api/tables/{table_id}/hands/{last['number']}.json?token={token}")
    settle_checks(base, table_id, token, last["number"], record["commitment"])


@pytest.mark.slow
def test_redis_restarting_mid_play_tells_the_relayed_player_and_play_goes_on(cluster: Cluster,  # noqa: F811
                                                                             redis_server: RedisServer,  # noqa: F811
                                                                             tmp_path: Path) -> None:
    told: dict[str, float] = {}

    def fault() -> None:
        redis_server.stop()
        told["down"] = time.monotonic()
        time.sleep(3.0)
        redis_server.start()

    def check(after: dict[str, list[dict[str, Any]]], _hand: int) -> None:
        told_at = [m["at"] - told["down"] for m in after["B"] if m["type"] == "error" and m["code"] == "bus_down"]
        assert told_at, "the player on the process that lost Redis was not told"
        assert told_at[0] < 1.5, f"the player on the process that lost Redis was told only after {told_at[0]:.1f} s"

    two_processes_play(cluster, redis_server, tmp_path, fault, check)


@pytest.mark.slow
def test_a_database_cut_halts_the_table_tells_every_player_and_play_resumes(cluster: Cluster,  # noqa: F811
                                                                             redis_server: RedisServer,  # noqa: F811
                                                                             tmp_path: Path) -> None:
    def check(after: dict[str, list[dict[str, Any]]], _hand: int) -> None:
        for side in "AB":
            halts = [m["halted"] for m in after[side] if m["type"] == "halted"]
            assert True in halts and halts[-1] is False, f"player on {side} was not told the table waited: {halts}"

    two_processes_play(cluster, redis_server, tmp_path, lambda: restart_postgres(cluster, 3.0), check)
