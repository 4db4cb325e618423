"""Benchmark: N tables of 6 bots over real websockets on loopback, against one server process.

Each bot is a websocket client that plays its seat from its own view (a quick legal-action policy, so
the clients cost little of the machine). Reported: actions per second over all tables, and the latency
from a bot sending an action to every seat of its table receiving the update (p50, p99, max).

    .venv/bin/python bench/server.py --tables 10 --seconds 15
    .venv/bin/python bench/server.py --sweep 10,50,100 --seconds 20 --think 0,0.5

``--think 0`` finds the most the server can do (every bot answers at once, so latency is queueing);
``--think 0.5`` is a brisk home game (a decision every half second or so at every table).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import gc
import json
import random
import statistics
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import websockets

from homegame.server.client import parse_link
from homegame.server.harness import ServerProcess, create_table
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


async def seat(index: int, table: int, link: str, stats: TableStats, results: Results, stop: asyncio.Event,
               ready: asyncio.Event, think: float) -> None:
    target = parse_link(link)
    rng = random.Random(table * 100 + index)
    thinking: set[asyncio.Task[None]] = set()
    sent = acked = 0
    async with websockets.connect(target.ws_url, max_size=2**22, open_timeout=60, compression=None) as ws:
        await ws.send(json.dumps({"type": "hello", "v": 1, "token": target.token}))
        sat = False
        async for raw in ws:
            if stop.is_set():
                break
            now = time.perf_counter()
            msg = json.loads(raw)
            if msg["type"] == "error":
                results.errors += 1
                acked = max(acked, int(msg.get("acked", acked)))
                continue
            if msg["type"] != "state":
                continue
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
                delay = rng.uniform(0.5, 1.5) * think if think else 0.0
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


async def run(base: str, tables: int, seats: int, seconds: float, game: str, think: float = 0.0) -> dict[str, Any]:
    links = []
    for _ in range(tables):
        made = create_table(base, game=game, approve_seats=False, buy_in=1_000_000, bot_delay=0.0,
                            between_hands=0.0, turn_seconds=600.0, time_bank=0.0,
                            stakes={"structure": "fixed-limit", "ante": 1, "small_bet": 2, "big_bet": 4})
        links.append(made["links"]["invite"])
    results = Results()
    stop = asyncio.Event()
    tasks = []
    readies = []
    for t, link in enumerate(links):
        stats = TableStats(seats)
        for i in range(seats):
            ready = asyncio.Event()
            readies.append(ready)
            tasks.append(asyncio.create_task(seat(i, t, link, stats, results, stop, ready, think)))
        await asyncio.sleep(0.01)
    await asyncio.wait_for(asyncio.gather(*(r.wait() for r in readies)), 120)
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
    lat = sorted(results.latencies)
    actions, hands = results.actions, len(results.hands)
    stop.set()
    for task in tasks:
        task.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)

    def q(p: float) -> float:
        return 1000 * lat[min(len(lat) - 1, int(p * len(lat)))] if lat else float("nan")

    return {"tables": tables, "connections": tables * seats, "think s": think, "seconds": round(elapsed, 1),
            "actions/s": round(actions / elapsed, 1), "hands/s": round(hands / elapsed, 2),
            "p50 ms": round(q(0.50), 1), "p99 ms": round(q(0.99), 1),
            "max ms": round(1000 * lat[-1], 1) if lat else float("nan"),
            "mean ms": round(1000 * statistics.fmean(lat), 1) if lat else float("nan"), "errors": results.errors}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--tables", type=int, default=10)
    parser.add_argument("--sweep", type=str, default="", help="comma-separated table counts, e.g. 10,50,100")
    parser.add_argument("--seats", type=int, default=6)
    parser.add_argument("--seconds", type=float, default=15.0)
    parser.add_argument("--game", default="passem")
    parser.add_argument("--think", type=str, default="0",
                        help="seconds a bot waits before acting (0: as fast as it can); comma-separated to sweep")
    args = parser.parse_args()
    sizes = [int(x) for x in args.sweep.split(",") if x] or [args.tables]
    thinks = [float(x) for x in args.think.split(",") if x]
    rows = []
    for think in thinks:
        for n in sizes:
            with tempfile.TemporaryDirectory() as tmp:
                server = ServerProcess(str(Path(tmp) / "bench.db"), log=str(Path(tmp) / "server.log")).start()
                try:
                    rows.append(asyncio.run(run(server.base, n, args.seats, args.seconds, args.game, think)))
                finally:
                    server.stop()
            print(json.dumps(rows[-1]), file=sys.stderr)
    keys = list(rows[0])
    print("| " + " | ".join(keys) + " |")
    print("|" + "---|" * len(keys))
    for r in rows:
        print("| " + " | ".join(str(r[k]) for k in keys) + " |")


if __name__ == "__main__":
    main()
