"""Benchmark: N tables of 6 bots over real websockets on loopback, against one or several server
processes.

Each bot is a websocket client that plays its seat from its own view (a quick legal-action policy, so
the clients cost little of the machine); the bots run in ``--clients`` processes of their own. Reported:
actions per second over all tables, the latency from a bot sending an action to every seat of its
table receiving the update (p50, p99, max), the ratio of actions per second to the first setup, and the
server processes' CPU time per action (from their ``/metrics``: what an action costs them, however loaded the
machine is).

Setups (``--setups``): ``sqlite`` is one process on a SQLite file, as ``homegame serve`` runs by
default; ``pgN`` is N processes on one PostgreSQL and one Redis (``--redis --route``), started here
on loopback (throwaway, like the tests'). Each table is opened on one process, and its bots connect
to that process (``--spread table``, what a load balancer hashing by table does) or seat by seat to
every process in turn (``--spread seat``: most messages then go through Redis to the owner).

    .venv/bin/python bench/server.py --quick                     # a smoke test: seconds
    .venv/bin/python bench/server.py --setups sqlite,pg1,pg2,pg4 --tables 100 --think 0,0.5
    .venv/bin/python bench/server.py --setups sqlite --sweep 10,50,100 --seconds 20

``--think 0`` finds the most the servers can do (every bot answers at once, so latency is queueing);
``--think 0.5`` is a brisk home game (a decision every half second or so at every table).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import gc
import json
import random
import signal
import statistics
import sys
import tempfile
import time
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import orjson
import websockets

from homegame.server.client import parse_link
from homegame.server.harness import ServerProcess, create_table
from homegame.server.room import RATE_PER_SECOND
from homegame.table import simple_action


@dataclass
class Pending:
    hand: int
    seq: int
    sent_at: float
    waiting: set[int]


@dataclass
class TableStats:
    seats: int
    pending: list[Pending] = field(default_factory=list)
    latest: tuple[int, int] = (0, 0)  # the newest (hand, seq) any seat of the table has seen


@dataclass
class Results:
    latencies: list[float] = field(default_factory=list)
    actions: int = 0
    errors: int = 0
    hands: set[tuple[int, int]] = field(default_factory=set)
    codes: dict[str, int] = field(default_factory=dict)  # error codes received, counted


async def seat(index: int, table: int, link: str, stats: TableStats, results: Results, stop: asyncio.Event,
               ready: asyncio.Event, think: float) -> None:
    target = parse_link(link)
    rng = random.Random(table * 100 + index)
    thinking: set[asyncio.Task[None]] = set()
    sent = acked = 0
    # a seat sends no faster than the server's per-connection limit allows (a fast two-table run reaches it)
    gap = 1.0 / (0.8 * RATE_PER_SECOND)
    next_send = 0.0
    last: dict[str, Any] | None = None
    for attempt in range(4):  # a busy server may be slow to answer a storm of connections
        try:
            ws = await websockets.connect(target.ws_url, max_size=2**22, open_timeout=30, compression=None)
            break
        except (OSError, TimeoutError):
            if attempt == 3:
                raise
            await asyncio.sleep(1.0 + rng.random())
    async with ws:
        await ws.send(json.dumps({"type": "hello", "v": 1, "token": target.token}))
        sat = False
        async for raw in ws:
            if stop.is_set():
                break
            now = time.perf_counter()
            msg = orjson.loads(raw)  # the clients should cost the machine little: the server is measured
            if msg["type"] == "error":
                results.errors += 1
                results.codes[str(msg.get("code"))] = results.codes.get(str(msg.get("code")), 0) + 1
                acked = max(acked, int(msg.get("acked", acked)))
                if msg.get("code") == "rate_limited" and last is not None:
                    # that message was dropped: decide again on the newest state, a moment later
                    sent, msg, now = acked, last, now + 0.2
                    next_send = max(next_send, now)
                else:
                    continue
            if msg["type"] != "state":
                continue
            last = msg
            acked = max(acked, int(msg.get("acked", acked)))
            if msg["you"]["seat"] is None:
                if not sat:
                    sat = True
                    await ws.send(json.dumps({"type": "sit", "v": 1, "name": f"B{index}"}))
                continue
            ready.set()
            key = (msg["hand"], msg["seq"])
            stats.latest = max(stats.latest, key)
            for p in list(stats.pending):
                if (p.hand, p.seq) < key and index in p.waiting:
                    p.waiting.discard(index)
                    if not p.waiting:
                        results.latencies.append(now - p.sent_at)
                        stats.pending.remove(p)
            view = msg["view"]
            if view and view["over"]:
                results.hands.add((table, msg["hand"]))
            if view and view["legal"] and acked >= sent:
                sent += 1
                action = simple_action(view, rng)
                delay = max(rng.uniform(0.5, 1.5) * think if think else 0.0, next_send - now)
                next_send = now + max(delay, 0.0) + gap
                # think in a task of its own: this seat keeps reading (and timing) updates meanwhile
                thinking.add(asyncio.create_task(act(ws, msg["hand"], action, delay, stats, results)))
                thinking = {t for t in thinking if not t.done()}


async def act(ws: Any, hand: int, action: str, delay: float, stats: TableStats, results: Results) -> None:
    if delay:
        await asyncio.sleep(delay)
    # timed from now until every seat has a state newer than the newest one seen at the table so far
    latest = stats.latest
    stats.pending.append(Pending(latest[0], latest[1], time.perf_counter(), set(range(stats.seats))))
    results.actions += 1
    with contextlib.suppress(websockets.ConnectionClosed):
        await ws.send(json.dumps({"type": "act", "v": 1, "action": action, "hand": hand}))


async def load(tables: list[list[str]], seats: int, seconds: float, think: float) -> dict[str, Any]:
    """Play every table (a list of one link per seat) for ``seconds`` after a warm-up; raw counts."""
    results = Results()
    stop = asyncio.Event()
    tasks = []
    readies = []
    for t, links in enumerate(tables):
        stats = TableStats(seats)
        for i in range(seats):
            ready = asyncio.Event()
            readies.append(ready)
            tasks.append(asyncio.create_task(seat(i, t, links[i], stats, results, stop, ready, think)))
        await asyncio.sleep(0.01)
    try:
        await asyncio.wait_for(asyncio.gather(*(r.wait() for r in readies)), 120)
    except TimeoutError:
        ended = [t for t in tasks if t.done()]
        why = {type(t.exception()).__name__ for t in ended if not t.cancelled() and t.exception() is not None}
        raise SystemExit(f"only {sum(r.is_set() for r in readies)} of {len(readies)} seats were dealt in after "
                         f"120 s; {len(ended)} connections ended ({', '.join(sorted(why)) or 'closed'}); "
                         f"errors received: {results.codes}") from None
    # measure a steady state: drop what happened while tables were filling
    await asyncio.sleep(2.0)
    gc.collect()
    gc.freeze()  # the clients' own long-lived objects: keep collector pauses out of the timings
    results.latencies.clear()
    results.actions = 0
    results.hands.clear()
    start = time.perf_counter()
    await asyncio.sleep(seconds)
    elapsed = time.perf_counter() - start
    out = {"latencies": list(results.latencies), "actions": results.actions, "hands": len(results.hands),
           "errors": results.errors, "codes": dict(results.codes), "elapsed": elapsed}
    stop.set()
    for task in tasks:
        task.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)
    return out


def load_in_process(tables: list[list[str]], seats: int, seconds: float, think: float) -> dict[str, Any]:
    """:func:`load` in a client process of its own."""
    return asyncio.run(load(tables, seats, seconds, think))


def run(bases: list[str], tables: int, seats: int, seconds: float, game: str, think: float = 0.0,
        spread: str = "table", clients: int = 1) -> dict[str, Any]:
    """Open ``tables`` tables across the processes at ``bases`` and play them; one row of figures."""
    seat_links: list[list[str]] = []
    for t in range(tables):
        home = bases[t % len(bases)]
        made = create_table(home, game=game, approve_seats=False, buy_in=1_000_000, bot_delay=0.0,
                            between_hands=0.0, turn_seconds=600.0, time_bank=0.0,
                            stakes={"structure": "fixed-limit", "ante": 1, "small_bet": 2, "big_bet": 4})
        invite = made["links"]["invite"]
        if spread == "seat":
            seat_links.append([invite.replace(home, bases[(t + i) % len(bases)], 1) for i in range(seats)])
        else:
            seat_links.append([invite] * seats)
    parts = [seat_links[i::clients] for i in range(clients) if seat_links[i::clients]]
    before = [server_counts(b) for b in bases]
    if len(parts) == 1:
        done = [load_in_process(parts[0], seats, seconds, think)]
    else:
        with ProcessPoolExecutor(len(parts)) as pool:
            done = list(pool.map(load_in_process, parts, [seats] * len(parts), [seconds] * len(parts),
                                 [think] * len(parts)))
    after = [server_counts(b) for b in bases]
    cpu = sum(a[0] - b[0] for a, b in zip(after, before, strict=True))
    handled = sum(a[1] - b[1] for a, b in zip(after, before, strict=True))
    lat = sorted(x for d in done for x in d["latencies"])
    elapsed = statistics.fmean(d["elapsed"] for d in done)
    actions, hands = sum(d["actions"] for d in done), sum(d["hands"] for d in done)

    def q(p: float) -> float:
        return 1000 * lat[min(len(lat) - 1, int(p * len(lat)))] if lat else float("nan")

    return {"tables": tables, "connections": tables * seats, "think s": think, "seconds": round(elapsed, 1),
            "actions/s": round(actions / elapsed, 1), "hands/s": round(hands / elapsed, 2),
            "p50 ms": round(q(0.50), 1), "p99 ms": round(q(0.99), 1),
            "max ms": round(1000 * lat[-1], 1) if lat else float("nan"),
            "mean ms": round(1000 * statistics.fmean(lat), 1) if lat else float("nan"),
            "errors": sum(d["errors"] for d in done),
            "server CPU ms/action": round(1000 * cpu / handled, 3) if handled else float("nan")}


def server_counts(base: str) -> tuple[float, int]:
    """A server process's CPU seconds so far and the actions it has handled (from its ``/metrics``):
    CPU over actions is what an action costs the server, whatever else loads the machine."""
    import urllib.request

    with urllib.request.urlopen(base + "/metrics", timeout=10) as response:
        text = response.read().decode()
    values = dict(line.rsplit(" ", 1) for line in text.splitlines() if line and not line.startswith("#"))
    return float(values["process_cpu_seconds_total"]), int(float(values["homegame_actions_total"]))


@contextlib.contextmanager
def services(durable: bool = True) -> Iterator[tuple[Any, Any]]:
    """A throwaway PostgreSQL cluster and Redis server on loopback (those of the tests); ``durable``
    turns fsync and synchronous commits back on (the tests' cluster runs without them)."""
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
    import shutil

    from test_bus import RedisServer
    from test_postgres import Cluster, server_bin

    bindir = server_bin()
    binary = shutil.which("redis-server") or "/usr/bin/redis-server"
    if bindir is None or not Path(binary).exists():
        raise SystemExit("the pgN setups need PostgreSQL's server binaries and redis-server "
                         "(scripts/ensure-postgres.sh, scripts/ensure-redis.sh)")
    cluster = Cluster(bindir).start()
    if durable:
        import psycopg

        with psycopg.connect(cluster.url(), autocommit=True) as conn:
            for setting in ("fsync", "synchronous_commit", "full_page_writes"):
                conn.execute(f"ALTER SYSTEM SET {setting} = on")
            conn.execute("SELECT pg_reload_conf()")
    redis = RedisServer(binary).start()
    try:
        yield cluster, redis
    finally:
        redis.cleanup()
        cluster.stop()


@contextlib.contextmanager
def setup(name: str, tmp: str, pg: Any) -> Iterator[list[str]]:
    """The server processes of one setup (``sqlite`` or ``pgN``); their base URLs."""
    procs: list[ServerProcess] = []
    try:
        if name == "sqlite":
            procs.append(ServerProcess(str(Path(tmp) / "bench.db"), log=str(Path(tmp) / "server.log")).start())
        else:
            count = int(name.removeprefix("pg"))
            cluster, redis = pg
            url = cluster.new_database()
            from homegame.server.storage import Store

            Store(url).close()  # migrated once, before they start
            for i in range(count):
                procs.append(ServerProcess(url, log=str(Path(tmp) / f"server{i}.log"),
                                           args=("--redis", redis.url, "--route")).start())
        yield [p.base for p in procs]
    finally:
        for p in procs:
            p.stop()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--tables", type=int, default=10)
    parser.add_argument("--sweep", type=str, default="", help="comma-separated table counts, e.g. 10,50,100")
    parser.add_argument("--seats", type=int, default=6)
    parser.add_argument("--seconds", type=float, default=15.0)
    parser.add_argument("--game", default="passem")
    parser.add_argument("--think", type=str, default="0",
                        help="seconds a bot waits before acting (0: as fast as it can); comma-separated to sweep")
    parser.add_argument("--setups", default="sqlite", help="comma-separated: sqlite, pg1, pg2, pg4, ...")
    parser.add_argument("--spread", choices=("table", "seat"), default="table",
                        help="a table's bots all on its own process, or seat by seat across the processes")
    parser.add_argument("--clients", type=int, default=1, help="client processes running the bots")
    parser.add_argument("--no-fsync", action="store_true",
                        help="PostgreSQL without fsync or synchronous commits (what the tests run)")
    parser.add_argument("--quick", action="store_true", help="a smoke test: 2 tables, 2 s, sqlite and pg2")
    args = parser.parse_args()
    # stopped (a timeout, Ctrl-C): still stop the servers, PostgreSQL and Redis it started
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))
    if args.quick:
        args.tables, args.seconds, args.think, args.sweep = 2, 2.0, "0", ""
        args.setups = "sqlite,pg2" if args.setups == "sqlite" else args.setups
    sizes = [int(x) for x in args.sweep.split(",") if x] or [args.tables]
    thinks = [float(x) for x in args.think.split(",") if x]
    names = [x.strip() for x in args.setups.split(",") if x.strip()]
    for name in names:
        if name != "sqlite" and not (name.startswith("pg") and name[2:].isdigit() and int(name[2:]) >= 1):
            raise SystemExit(f"unknown setup {name!r}: use sqlite or pgN (pg1, pg2, pg4...)")
    rows = []
    with contextlib.ExitStack() as stack:
        pg = stack.enter_context(services(not args.no_fsync)) if any(n != "sqlite" for n in names) else None
        for think in thinks:
            for n in sizes:
                first = None
                for name in names:
                    with tempfile.TemporaryDirectory() as tmp, setup(name, tmp, pg) as bases:
                        row = {"setup": name, **run(bases, n, args.seats, args.seconds, args.game, think,
                                                    args.spread, args.clients)}
                    first = first or row["actions/s"]
                    row["ratio"] = round(row["actions/s"] / first, 2) if first else float("nan")
                    rows.append(row)
                    print(json.dumps(row), file=sys.stderr)
    keys = list(rows[0])
    print("| " + " | ".join(keys) + " |")
    print("|" + "---|" * len(keys))
    for r in rows:
        print("| " + " | ".join(str(r[k]) for k in keys) + " |")


if __name__ == "__main__":
    main()
