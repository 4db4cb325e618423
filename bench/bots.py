"""The bot panel: every registered bot (but ``random``) against the three exploiting opponents.

Each cell is one bot, one game (the four seed games and hold'em), one betting structure (no-limit,
fixed-limit), heads-up or six-handed, against a table of one kind of exploiter (always all in, calling
station, always raise). Hands are played in duplicate: every deal is played once with the bot in each
seat (the exploiters in the others), the same cards each time, so the luck of the deal largely cancels.
Stacks are 100 big blinds, reset every hand; the bot and its opponents persist across the cell's hands
(a bot may learn how its opponents play). The table gives the bot's win rate in big bets per 100 hands
(the big blind in no-limit, the big bet in fixed-limit) with its 95% confidence interval.

    PYTHONPATH=src python bench/bots.py [--deals N] [--workers N] [--bots rule,equity] [--games holdem]
"""

from __future__ import annotations

import argparse
import multiprocessing
import sys
import threading
import time
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

import numpy as np

import homegame as hg
from homegame.bots import bot_names, make_bot
from homegame.sim import big_bet_of, play_hand, win_rate
from homegame.sim.stats import WinRate

GAMES = ("passem", "sameem", "pass-the-trash", "three-hole", "holdem")
STRUCTURES = ("no-limit", "fixed-limit")
OPPONENTS = ("allin", "station", "raiser")
PLAYERS = (2, 6)


def stakes_of(structure: str) -> hg.Stakes:
    """Blinds 1/2; fixed-limit bets 2/4."""
    if structure == "no-limit":
        return hg.Stakes("no-limit", blinds=(1, 2))
    return hg.Stakes("fixed-limit", blinds=(1, 2), small_bet=2, big_bet=4)


def panel_bots() -> list[str]:
    """Every registered bot but ``random``."""
    return [name for name in bot_names() if name != "random"]


@dataclass(frozen=True, slots=True)
class Cell:
    """One match of the panel."""

    bot: str
    game: str
    structure: str
    players: int
    opponent: str
    deals: int
    seed: int = 0


@dataclass(frozen=True, slots=True)
class Row:
    """What one cell found."""

    cell: Cell
    hands: int
    rate: WinRate
    seconds: float

    @property
    def passed(self) -> bool:
        """True when the 95% interval lies above zero."""
        return self.rate.low > 0


def play_cell(cell: Cell) -> Row:
    """Play ``cell.deals`` deals, each once with the bot in every seat; the bot's mean result per deal."""
    started = time.perf_counter()
    game = hg.game(cell.game)
    stakes = stakes_of(cell.structure)
    unit = big_bet_of(stakes)
    stack = 100 * (stakes.blinds[1] if stakes.blinds else unit)
    base = 7919 * cell.seed + 1
    hero = make_bot(cell.bot, seed=base)
    others = [make_bot(cell.opponent, seed=base + i) for i in range(1, cell.players)]
    results = np.zeros(cell.deals, dtype=np.float64)
    for deal in range(cell.deals):
        total = 0
        for seat in range(cell.players):
            bots = others[:seat] + [hero] + others[seat:]
            hand = play_hand(game, bots, [stack] * cell.players, stakes=stakes, button=deal % cell.players,
                             seed=base * 1_000_003 + deal)
            total += hand.payoffs[seat]
        results[deal] = total / cell.players
    rate = win_rate(results, unit)
    return Row(cell, cell.deals * cell.players, rate, time.perf_counter() - started)


def cells(bots: Sequence[str], games: Sequence[str] = GAMES, structures: Sequence[str] = STRUCTURES,
          players: Sequence[int] = PLAYERS, opponents: Sequence[str] = OPPONENTS, *, deals: int = 60,
          seed: int = 0) -> list[Cell]:
    """The panel's cells; six-handed cells play a sixth of the deals (each deal is six hands)."""
    return [Cell(b, g, s, n, o, max(4, deals * 2 // n), seed) for b in bots for g in games for s in structures
            for n in players for o in opponents]


def _context() -> multiprocessing.context.BaseContext:
    if threading.active_count() == 1 and "fork" in multiprocessing.get_all_start_methods():
        return multiprocessing.get_context("fork")
    return multiprocessing.get_context("forkserver")


def run(todo: Sequence[Cell], workers: int = 2) -> list[Row]:
    """Play every cell, on ``workers`` processes; rows in the cells' order."""
    if workers <= 1:
        return [play_cell(c) for c in todo]
    order = sorted(range(len(todo)), key=lambda i: -todo[i].players)  # the long ones first
    with _context().Pool(workers) as pool:
        done = pool.map(play_cell, [todo[i] for i in order], chunksize=1)
    rows: list[Row | None] = [None] * len(todo)
    for i, row in zip(order, done, strict=True):
        rows[i] = row
    return [r for r in rows if r is not None]


def table(rows: Iterable[Row]) -> str:
    """The panel as a text table."""
    lines = [f"{'bot':<7} {'game':<15} {'structure':<12} {'players':>7} {'opponent':<8} {'hands':>6}  "
             f"{'bb/100 ± 95% CI':>20}  {'':4} {'secs':>5}"]
    for r in rows:
        c = r.cell
        verdict = "ok" if r.passed else "FAIL"
        lines.append(f"{c.bot:<7} {c.game:<15} {c.structure:<12} {c.players:>7} {c.opponent:<8} {r.hands:>6}  "
                     f"{r.rate.bb100:>+9.1f} ± {r.rate.ci95:>8.1f}  {verdict:4} {r.seconds:>5.1f}")
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    """Run the panel and print its table; exit 1 when any interval is not above zero."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=60, help="deals per heads-up cell (six-handed: a third)")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--bots", default=",".join(panel_bots()))
    parser.add_argument("--games", default=",".join(GAMES))
    parser.add_argument("--structures", default=",".join(STRUCTURES))
    parser.add_argument("--players", default=",".join(map(str, PLAYERS)))
    parser.add_argument("--opponents", default=",".join(OPPONENTS))
    args = parser.parse_args(argv)
    todo = cells(args.bots.split(","), args.games.split(","), args.structures.split(","),
                 [int(p) for p in args.players.split(",")], args.opponents.split(","), deals=args.deals,
                 seed=args.seed)
    started = time.perf_counter()
    rows = run(todo, args.workers)
    print(table(rows))
    failed = sum(not r.passed for r in rows)
    print(f"{len(rows)} cells, {sum(r.hands for r in rows)} hands, {failed} not above zero, "
          f"{time.perf_counter() - started:.0f} s")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
