"""The deployment of ``docs/deploy.md`` on loopback: nginx (Debian's) in front of two ``homegame serve
--shared`` processes on one PostgreSQL, routing each table's requests and websockets to one process by
its id. Bots play through nginx; the process that owns the table is killed (SIGKILL) mid-hand; nginx
sends the reconnecting bots to the other process, which takes the table over (at once: the dead owner's
presence lock went with its database session), resumes the hand from the event log, and play goes on: the hand's commitment unchanged and verified,
every hand's payoffs summing to 0, the ledger netting to 0.

Skipped without nginx or PostgreSQL, unless ``HOMEGAME_REQUIRE_NGINX=1`` and ``HOMEGAME_REQUIRE_POSTGRES=1``
(as in ``.ci/run``), when their absence fails instead.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import shutil
import subprocess
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from homegame.server.client import BotClient, parse_link
from homegame.server.harness import ServerProcess, api, create_table, free_port, wait_for_port
from homegame.server.lease import Leases
from homegame.server.storage import Store
from homegame.server.verify import verify_hand
from service_support import NGINX, need_nginx
from test_postgres import Cluster, cluster  # noqa: F401 - the throwaway PostgreSQL fixture

FAST = {"bot_delay": 0.0, "between_hands": 0.2, "turn_seconds": 60.0, "time_bank": 0.0}
LIMIT = {"structure": "fixed-limit", "ante": 1, "small_bet": 2, "big_bet": 4}
DOCS = Path(__file__).resolve().parent.parent / "docs" / "deploy.md"


def nginx_conf(root: Path, port: int, backends: list[int]) -> str:
    """The ``docs/deploy.md`` configuration, on loopback, with its files under ``root``."""
    text = DOCS.read_text()
    block = text.split("```nginx\n", 1)[1].split("```", 1)[0]
    servers = "".join(f"    server 127.0.0.1:{b} max_fails=1 fail_timeout=3s;\n" for b in backends)
    block = block.replace("    server 10.0.0.11:8000 max_fails=1 fail_timeout=3s;\n", servers)
    block = block.replace("    server 10.0.0.12:8000 max_fails=1 fail_timeout=3s;\n", "")
    block = block.replace("listen 80;", f"listen 127.0.0.1:{port};")
    temps = "".join(f"    {kind}_temp_path {root}/{kind};\n" for kind in ("client_body", "proxy", "fastcgi", "uwsgi", "scgi"))
    user = "user root root;\n" if os.geteuid() == 0 else ""
    return (f"{user}worker_processes 1;\ndaemon off;\npid {root}/nginx.pid;\nerror_log {root}/error.log warn;\n"
            f"events {{ worker_connections 512; }}\nhttp {{\n    access_log off;\n{temps}{block}}}\n")


@contextlib.contextmanager
def nginx(backends: list[int]) -> Iterator[int]:
    assert NGINX is not None
    root = Path(tempfile.mkdtemp(prefix="homegame-nginx-"))
    port = free_port()
    (root / "nginx.conf").write_text(nginx_conf(root, port, backends))
    proc = subprocess.Popen([NGINX, "-p", str(root), "-c", str(root / "nginx.conf"), "-e", str(root / "error.log")],
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    try:
        wait_for_port(port)
        yield port
    finally:
        proc.terminate()
        proc.wait(10)
        shutil.rmtree(root, ignore_errors=True)


@pytest.mark.slow
def test_two_processes_behind_nginx_a_killed_owner_is_taken_over_mid_hand(cluster: Cluster, tmp_path: Path) -> None:  # noqa: F811
    need_nginx()
    url = cluster.new_database()
    Store(url).close()  # migrated once, before both start
    shared = ("--shared", "--lease-seconds", "2")
    procs = [ServerProcess(url, log=str(tmp_path / f"serve{i}.log"), args=shared).start() for i in range(2)]
    store = Store(url, run_migrations=False)
    try:
        with nginx([p.port for p in procs]) as port:
            base = f"http://127.0.0.1:{port}"
            made = create_table(base, game="passem", bots=1, approve_seats=False, stakes=LIMIT, buy_in=1000, **FAST)
            table_id = made["table_id"]
            assert made["links"]["invite"].startswith(base)  # links name the balancer, not a process
            token = parse_link(made["links"]["invite"]).token
            asyncio.run(play_kill_and_resume(base, made, store, procs, table_id))
            listing = api(base, f"/api/tables/{table_id}/hands?token={token}")
            assert len(listing) >= 3 and all(sum(h["payoffs"]) == 0 for h in listing)
            for h in listing:
                assert verify_hand(api(base, f"/api/tables/{table_id}/hands/{h['number']}.json?token={token}")).ok
            csv = api(base, f"/api/tables/{table_id}/ledger.csv?token={token}")
            assert csv.strip().splitlines()[-1].split(",")[-1] == "0", csv
    finally:
        store.close()
        for proc in procs:
            proc.stop()


async def play_kill_and_resume(base: str, made: dict[str, Any], store: Store, procs: list[ServerProcess],
                               table_id: str) -> None:
    seen: list[dict[str, Any]] = []
    bots = [BotClient(made["links"]["invite"], name=f"P{i}", kind="rule", seed=i,
                      on_message=seen.append if i == 0 else None) for i in range(2)]
    tasks = [asyncio.create_task(b.run()) for b in bots]
    loop = asyncio.get_running_loop()

    async def until(check: Any, what: str, timeout: float = 60) -> None:
        end = loop.time() + timeout
        while not check():
            assert loop.time() < end, f"timed out waiting for {what}"
            await asyncio.sleep(0.02)

    def states() -> list[dict[str, Any]]:
        return [m for m in seen if m["type"] == "state"]

    try:
        # mid-hand, after a few actions of hand 2
        await until(lambda: any(m["hand"] >= 2 and m["seq"] >= 3 and not m["view"]["over"] for m in states()),
                    "hand 2 under way")
        owner = Leases(store, "test").owner_of(table_id)
        assert owner is not None
        pid = int(owner[0].split(":")[1])
        victim = next(p for p in procs if p.proc is not None and p.proc.pid == pid)
        survivor = next(p for p in procs if p is not victim)
        before = states()[-1]
        hand, commitment = before["hand"], before["shuffle"]["commitment"]
        victim.kill()
        seen_before = len(seen)
        # the bots reconnect through nginx to the survivor, which takes the table over
        await until(lambda: any(m["type"] == "state" and m["hand"] == hand for m in seen[seen_before:]),
                    "the hand resumed on the other process", timeout=30)
        resumed = next(m for m in seen[seen_before:] if m["type"] == "state" and m["hand"] == hand)
        assert resumed["shuffle"]["commitment"] == commitment
        assert resumed["seq"] >= before["seq"] - 1  # at most the unsaved last step is gone
        await until(lambda: any(m["hand"] >= hand + 2 for m in states()), "play going on after the takeover")
        metrics = await asyncio.to_thread(api, survivor.base, "/metrics")
        assert "homegame_failovers_total 1" in metrics and "homegame_tables_owned 1" in metrics
        stored = store.hand(table_id, hand)
        assert stored is not None and stored.over and stored.commitment == commitment
    finally:
        for t in tasks:
            t.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
