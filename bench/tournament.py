"""A 200-entry bot tournament with short levels, run to the end on one process on a simulated clock.

Prints hands per second (wall time), the moves the floor made (balancing, broken tables, the final
redraw), and the time from a bust that unbalances the tables to balanced tables again: in simulated
seconds (how long players wait) and in wall milliseconds (the work of the step that balances them).

    PYTHONPATH=src python bench/tournament.py [--entries 200] [--bot random] [--minutes 2] [--seed 1]
"""

from __future__ import annotations

import argparse
import statistics
import time

from homegame.tournament.config import preset, schedule
from homegame.tournament.core import Tournament


def balanced(t: Tournament) -> bool:
    sizes = [len(tb.seats) for tid, tb in t.tables.items() if tid not in t.breaking]
    return not t.breaking and not t.final_redraw and (not sizes or max(sizes) - min(sizes) <= 1)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--entries", type=int, default=200)
    parser.add_argument("--bot", default="random", help="bot kind: random (fast), rule, equity")
    parser.add_argument("--minutes", type=float, default=2.0, help="minutes per level")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    config = preset("turbo", levels=schedule(20, 40, args.minutes), bot_delay=0.5, between_hands=2.0,
                    late_registration_level=0)
    t = Tournament(config, seed=args.seed)
    for i in range(args.entries):
        t.register(f"Bot {i}", kind="bot", bot=args.bot)
    now = 0.0
    t.start(now)
    waits: list[float] = []
    work: list[float] = []
    since: float | None = None
    wall = time.perf_counter()
    while not t.finished:
        now += 0.5
        step = time.perf_counter()
        t.advance(now)
        took = time.perf_counter() - step
        if since is None and not balanced(t):
            since = now
        elif since is not None and balanced(t):
            waits.append(now - since)
            work.append(took * 1000)
            since = None
    wall = time.perf_counter() - wall
    winner = next(e for e in t.entries if e.place == 1)
    print(f"{args.entries} entries, {args.bot} bots, {args.minutes}-minute levels: {t.hands} hands in {wall:.1f} s "
          f"({t.hands / wall:.0f} hands/s), {now / 60:.0f} simulated minutes, level {t.level_number()} at the end")
    print(f"moves {t.moves}; unbalanced {len(waits)} times; bust to balanced tables: simulated seconds "
          f"median {statistics.median(waits or [0]):.1f}, max {max(waits or [0]):.1f}; "
          f"wall ms of the balancing step median {statistics.median(work or [0]):.2f}, max {max(work or [0]):.2f}")
    print(f"winner {winner.name}; prizes {t.prizes()}")


if __name__ == "__main__":
    main()
