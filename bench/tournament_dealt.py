"""A 200-entry bot tournament dealt online by real server processes, with short levels, run to the end.

The core's own benchmark (``bench/tournament.py``) steps a tournament on a simulated clock; this one
opens a dealt tournament over HTTP on ``homegame serve`` processes, as a host would, enters the bots,
starts it and watches it as the clock page does (``GET /api/tournaments/ID`` every ``--poll``
seconds, spread over the processes as a load balancer would) until the end. Printed, per setup:
hands per second (wall time, start to end), the floor's table moves, the time from a bust that left
the tables unbalanced (more than one player between the fullest and the shortest, or more tables than
needed) to the first look that shows them balanced again (median and max, resolution one look), and
the server processes' CPU seconds per hand (from their ``/metrics``). A progress line every
``--every`` seconds while it runs.

Setups (``--setups``): ``sqlite`` is one process on a SQLite file; ``pgN`` is N processes on one
throwaway PostgreSQL (and Redis, ``--redis --route``), as ``bench/server.py`` starts them. A dealt
tournament is played by the one process holding its lease (``tournament:ID``); the others answer its
reads from what the owner stored and would take it over if the owner stopped.

    .venv/bin/python bench/tournament_dealt.py                         # 200 entries, sqlite,pg1,pg2
    .venv/bin/python bench/tournament_dealt.py --entries 30 --setups sqlite   # a smoke test
"""

from __future__ import annotations

import argparse
import contextlib
import math
import statistics
import tempfile
import time
from collections import Counter
from typing import Any

from server import server_counts, services, setup  # bench/server.py: the processes, as it starts them

from homegame.server.harness import api
from homegame.tournament.config import schedule


def is_balanced(shown: dict[str, Any], table_size: int) -> bool:
    """Whether a look shows the tables within one player of each other, no more of them than needed."""
    sizes = Counter(s["table"] for s in shown["seats"]).values()
    needed = max(1, math.ceil(len(shown["seats"]) / table_size))
    return not sizes or (max(sizes) - min(sizes) <= 1 and len(sizes) <= needed)


def open_tournament(base: str, entries: int, minutes: float, table_size: int, stack: int) -> tuple[str, str]:
    """A dealt tournament of ``entries`` bots opened and entered at ``base``; its id and host token."""
    levels = [lv.to_dict() for lv in schedule(20, 40, minutes, break_every=0)]
    spec = {"name": "Bench", "preset": "turbo", "buy_in": 10, "dealt": True, "bot_delay": 0, "between_hands": 0,
            "table_size": table_size, "starting_stack": stack, "levels": levels}
    opened = api(base, "/api/tournaments", spec)
    tid, host = opened["tournament_id"], opened["links"]["host"].rsplit("#", 1)[1]
    for i in range(entries):
        api(base, f"/api/tournaments/{tid}/host", {"action": "enter", "name": f"Bot {i}", "bot": True},
            {"authorization": f"Bearer {host}"})
    return tid, host


def run(bases: list[str], entries: int, minutes: float, table_size: int, stack: int, poll: float, every: float,
        label: str) -> dict[str, Any]:
    """One tournament on the processes at ``bases``, watched to its end; what was measured."""
    tid, host = open_tournament(bases[0], entries, minutes, table_size, stack)
    auth = {"authorization": f"Bearer {host}"}
    cpu_before = sum(server_counts(b)[0] for b in bases)
    started = time.monotonic()
    shown = api(bases[0], f"/api/tournaments/{tid}/host", {"action": "start"}, auth)
    looks, waits, since, last_print, left = 0, [], None, started, entries
    while not shown["finished"]:
        time.sleep(poll)  # the clock page's pace of looking, not a wait for a condition
        shown = api(bases[looks % len(bases)], f"/api/tournaments/{tid}", None, auth)
        looks, now = looks + 1, time.monotonic()
        if shown["finished"]:
            break
        players = shown["clock"]["players_left"]
        balanced = is_balanced(shown, table_size)
        if since is None and players < left and not balanced:
            since = now  # a bust left the tables unbalanced
        elif since is not None and balanced:
            waits.append(now - since)
            since = None
        left = players
        if now - last_print >= every:
            last_print = now
            tables = len({s["table"] for s in shown["seats"]})
            print(f"  [{label}] {now - started:6.1f} s: level {shown['clock']['level']}, {players} of {entries} "
                  f"left at {tables} tables, {shown['hands_dealt']} hands, {shown['moves_made']} moves", flush=True)
    wall = time.monotonic() - started
    final = api(bases[0], f"/api/tournaments/{tid}", None, auth)
    cpu = sum(server_counts(b)[0] for b in bases) - cpu_before
    places = sorted(p for row in final["results"]["places"] for p in (row["places"] or [row["place"]]))
    assert sum(row["prize"] for row in final["results"]["places"]) == final["results"]["prize_pool"]
    assert len(set(places)) == entries, "every entry finishes once, with one place"
    hands = final["hands_dealt"]
    return {"setup": label, "processes": len(bases), "entries": entries, "wall s": round(wall, 1), "hands": hands,
            "hands/s": round(hands / wall, 1), "moves": final["moves_made"], "looks": looks,
            "unbalanced": len(waits),
            "bust→balanced median s": round(statistics.median(waits), 2) if waits else float("nan"),
            "bust→balanced max s": round(max(waits), 2) if waits else float("nan"),
            "server CPU ms/hand": round(1000 * cpu / hands, 1) if hands else float("nan")}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--entries", type=int, default=200)
    parser.add_argument("--minutes", type=float, default=0.25, help="minutes per level")
    parser.add_argument("--table-size", type=int, default=9)
    parser.add_argument("--stack", type=int, default=500, help="starting chips (the first big blind is 20)")
    parser.add_argument("--setups", default="sqlite,pg1,pg2", help="comma-separated: sqlite, pg1, pg2, ...")
    parser.add_argument("--poll", type=float, default=0.05, help="seconds between two looks")
    parser.add_argument("--every", type=float, default=10.0, help="seconds between two progress lines")
    args = parser.parse_args()
    names = args.setups.split(",")
    rows = []
    with tempfile.TemporaryDirectory() as tmp, contextlib.ExitStack() as stack:
        pg = stack.enter_context(services()) if any(n.startswith("pg") for n in names) else None
        for name in names:
            print(f"{name}: {args.entries} rule bots, {args.minutes}-minute levels, {args.stack} chips, tables of {args.table_size}",
                  flush=True)
            with setup(name, tmp, pg) as bases:
                rows.append(run(bases, args.entries, args.minutes, args.table_size, args.stack, args.poll, args.every, name))
            print("  " + ", ".join(f"{k} {v}" for k, v in rows[-1].items()), flush=True)
    keys = list(rows[0])
    print("\n| " + " | ".join(keys) + " |\n|" + "---|" * len(keys))
    for row in rows:
        print("| " + " | ".join(str(row[k]) for k in keys) + " |")


if __name__ == "__main__":
    main()
