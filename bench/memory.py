"""Benchmark: what a table costs in memory while it is loaded, and once it is unloaded (issue 12).

One process loads N tables through the server's own :class:`homegame.server.app.Server` over a
SQLite file, as ``homegame serve`` does: each table has 6 bots and one connection (the host's, its
messages sent on as a websocket would), plays ``--hands`` hands and is paused mid-hand. Then every
connection closes, the idle period passes (a fake clock) and :meth:`Server.release_idle` unloads the
tables. Measured at three points: the tables stored but not loaded, loaded and live, unloaded:

- ``tracemalloc``: Python's own count of the bytes allocated (every object), per table;
- RSS (``VmRSS``), in a run without tracemalloc: what the operating system charges the process. RSS
  rarely goes down again after objects are freed (the allocator keeps its arenas for the next tables),
  so the "idle" RSS column says what the freed memory did not give back, not what an idle table holds.

Each game and each method runs in a fresh child process (loading a game's code the first time costs
memory once; a warm-up round of tables loaded and unloaded before the measured ones takes that out).
After the unload, the allocations still held that were made while the tables were loaded are listed
by the line that made them: what an unloaded table still costs.

    .venv/bin/python bench/memory.py                                # 40 tables of each game
    .venv/bin/python bench/memory.py --tables 100 --hands 3 --games holdem
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import json
import subprocess
import sys
import tempfile
import time
import tracemalloc
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.table import Table

from homegame.server import protocol as p
from homegame.server.app import NewTable, Server, warm_up
from homegame.server.room import Connection, Room
from homegame.server.storage import Store


class Clock:
    """The server's idle clock, moved by hand."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def rss() -> int:
    """This process's resident set size in bytes."""
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) * 1024
    return 0


async def _discard(_text: str) -> None:
    """A websocket that takes every message at once."""


class Loaded:
    """One loaded table and its one connection."""

    def __init__(self, server: Server, table_id: str, host_token: str) -> None:
        room = server.room(table_id)
        assert room is not None
        self.room: Room = room
        self.conn = Connection(_discard)
        self.pump = asyncio.get_running_loop().create_task(self.conn.pump())
        room.queue.put_nowait((self.conn, p.Hello(type="hello", token=host_token)))

    def close(self) -> None:
        self.room.queue.put_nowait((self.conn, "closed"))
        self.conn.send_close()


async def wait_for(test: Any, what: str, timeout: float = 120.0) -> None:
    end = time.monotonic() + timeout
    while not test():
        if time.monotonic() > end:
            raise TimeoutError(f"the tables did not get there in time: {what}")
        await asyncio.sleep(0.02)


async def load_play_unload(server: Server, clock: Clock, made: list[tuple[str, dict[str, str]]], hands: int,
                           at_live: Any = None) -> None:
    """Load the tables, play ``hands`` hands at each, pause mid-hand, call ``at_live()``, then close
    every connection and unload them."""
    loaded = [Loaded(server, table_id, tokens["host"]) for table_id, tokens in made]
    await wait_for(lambda: all(t.room.table.hand_number > hands and t.room.table.live for t in loaded), "play")
    for t in loaded:
        t.room.queue.put_nowait((t.conn, p.Pause(type="pause", value=True)))
    await wait_for(lambda: all(t.room.table.paused and t.room.queue.empty() for t in loaded), "pause")
    if at_live is not None:
        at_live()
    for t in loaded:
        t.close()
    await wait_for(lambda: all(not t.room.connections and t.pump.done() for t in loaded), "close")
    await server.release_idle()
    clock.now += server.idle_seconds
    await server.release_idle()
    assert not server.rooms, f"{len(server.rooms)} table(s) were not unloaded"


def child(game: str, method: str, tables: int, hands: int) -> dict[str, Any]:
    """One measurement in this (fresh) process: bytes per table live and unloaded."""
    warm_up()
    folder = tempfile.mkdtemp(prefix="homegame-memory-")
    store = Store(f"sqlite:///{folder}/memory.db")
    clock = Clock()
    server = Server(store, idle_seconds=60.0, clock=clock)
    spec = NewTable(game=game, bots=6, bot_delay=0.02, between_hands=0.0, buy_in=200)
    warm = [server.create(spec) for _ in range(3)]
    made = [server.create(spec) for _ in range(tables)]
    out: dict[str, Any] = {"game": game, "method": method, "tables": tables}

    def measure() -> int:
        gc.collect()
        return tracemalloc.get_traced_memory()[0] if method == "trace" else rss()

    async def run() -> None:
        await load_play_unload(server, clock, warm, 1)  # one-time costs: code, caches, compiled SQL
        if method == "trace":
            tracemalloc.start(1)
        gc.collect()
        stored = measure()
        before = tracemalloc.take_snapshot() if method == "trace" else None

        def at_live() -> None:
            out["live"] = (measure() - stored) / tables
            out["loaded"] = len(server.rooms)

        await load_play_unload(server, clock, made, hands, at_live)
        out["idle"] = (measure() - stored) / tables
        out["process"] = rss()
        if before is not None:
            after = tracemalloc.take_snapshot()
            grown = [s for s in after.compare_to(before, "lineno") if s.size_diff > 0]
            out["remains"] = [{"where": f"{'/'.join(Path(s.traceback[0].filename).parts[-2:])}:{s.traceback[0].lineno}",
                               "bytes": s.size_diff, "blocks": s.count_diff} for s in grown[:6]]
            tracemalloc.stop()
        out["fences"] = len(store.fences)  # a dict entry per table ever owned (see the report)
        out["leases"] = len(server.ownership.leases.held)
        await server.close()

    asyncio.run(run())
    store.close()
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=40, help="tables loaded at once (default 40)")
    parser.add_argument("--hands", type=int, default=2, help="hands each table plays first (default 2)")
    parser.add_argument("--games", default="holdem,passem", help="games, comma-separated")
    parser.add_argument("--child", nargs=2, metavar=("GAME", "METHOD"), help=argparse.SUPPRESS)
    args = parser.parse_args()
    if not 1 <= args.tables <= 2000 or not 1 <= args.hands <= 50:
        parser.error("--tables must be from 1 to 2000 and --hands from 1 to 50")
    if args.child:
        print(json.dumps(child(args.child[0], args.child[1], args.tables, args.hands)))
        return
    results: dict[tuple[str, str], dict[str, Any]] = {}
    for game in args.games.split(","):
        for method in ("trace", "rss"):
            done = subprocess.run([sys.executable, __file__, "--child", game, method, "--tables", str(args.tables),
                                   "--hands", str(args.hands)], capture_output=True, text=True, check=False)
            if done.returncode != 0:
                sys.exit(f"{game} {method}: {done.stderr.strip().splitlines()[-1:] or done.returncode}")
            results[game, method] = json.loads(done.stdout.strip().splitlines()[-1])
    console = Console()
    table = Table(title=f"Memory per table: {args.tables} tables of 6 bots and one connection, "
                        f"{args.hands} hands played, paused mid-hand")
    for column in ("game", "live (tracemalloc)", "unloaded (tracemalloc)", "live (RSS)", "unloaded (RSS)",
                   "process RSS"):
        table.add_column(column, justify="left" if column == "game" else "right")
    for game in args.games.split(","):
        t, r = results[game, "trace"], results[game, "rss"]
        table.add_row(game, f"{t['live'] / 1024:.1f} kB", f"{t['idle']:.0f} B", f"{r['live'] / 1024:.1f} kB",
                      f"{r['idle'] / 1024:.1f} kB", f"{r['process'] / 2**20:.0f} MB")
    console.print(table)
    for game in args.games.split(","):
        t = results[game, "trace"]
        remains = Table(title=f"{game}: what {args.tables} unloaded tables still hold (tracemalloc, "
                              f"{t['fences']} fencing numbers kept, {t['leases']} leases held)")
        remains.add_column("allocated at")
        remains.add_column("bytes", justify="right")
        remains.add_column("blocks", justify="right")
        for entry in t["remains"]:
            remains.add_row(entry["where"], str(entry["bytes"]), str(entry["blocks"]))
        console.print(remains)


if __name__ == "__main__":
    main()
