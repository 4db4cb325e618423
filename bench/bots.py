"""The bot panel: every registered bot (but ``random``) against the three exploiting opponents.

Each cell is one bot, one game (the four seed games and hold'em), one betting structure (no-limit, fixed-
limit), heads-up or six-handed, against one kind of exploiter (always all in, calling station, always
raise): heads-up the bot against one, six-handed three of the bot against three of them in alternate
seats. Hands are played in duplicate: every deal is played twice with the same cards, the bots and the
exploiters swapping seats, so the luck of the deal largely cancels. A deal's result is the bot's mean
result per seat and hand. Stacks are 100 big blinds, reset every hand; the bot and its opponents persist
across the cell's hands (a bot may learn how its opponents play; one set of bots per seating, so that a
bot always meets the same kind of player in a given seat). Once nobody can bet any more (everyone but
at most one player all in), the rest of the hand is also played out ``RERUNS`` more times (two when the
rest is long: passes, rolls; ``DEAL_RERUNS`` when only cards are still to come) on fresh shuffles of the
cards not yet dealt (the same actions up to there, copies of the bots from there on) and the results are
averaged: the all-in luck is averaged out, the expectation is unchanged. The table gives the bot's win
rate in big bets per 100 hands (the big blind in no-limit, the big bet in fixed-limit) with its repeated
95% confidence interval. Without ``--deals`` every cell gets the slow test's fixed schedule (``SCHEDULE``).
A cell is a group-sequential test (:mod:`homegame.sim.sequential`): it is looked at after 1/4, 1/2, 3/4
and all of its deals and stops at the first look whose interval, at O'Brien-Fleming's boundary there
(4.05, 2.86, 2.34 and 2.02 standard errors, read from Student's t), lies above zero; the boundaries keep
the chance of passing a bot that only breaks even at the 2.5% of one 95% interval at the end. The looks
are fixed in advance and the seeds too, so the verdict (and the look a cell stops at) replays exactly.
A fixed-limit cell against ``raiser`` is played once, as its ``allin`` twin: there every raise has one
size, so the two make the same moves (:func:`played_as`).
Every deck and every bot's choice comes from ``--seed``, so a run replays exactly.

    PYTHONPATH=src python bench/bots.py [--deals N] [--workers N] [--seed 2] [--bots rule,equity] [--games holdem]
"""

from __future__ import annotations

import argparse
import copy
import multiprocessing
import random
import sys
import threading
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, replace

import numpy as np

import homegame as hg
from homegame.bots import bot_names, make_bot
from homegame.bots.base import BaseBot
from homegame.sim import big_bet_of
from homegame.sim.runner import MAX_ACTIONS, SimulationError
from homegame.sim.sequential import look_sizes, sequential_rate
from homegame.sim.stats import WinRate

GAMES = ("passem", "sameem", "pass-the-trash", "three-hole", "holdem")
STRUCTURES = ("no-limit", "fixed-limit")
OPPONENTS = ("allin", "station", "raiser")
PLAYERS = (2, 6)
#: How many more times the rest of a hand is played once nobody can bet any more.
RERUNS = 8
#: ... when the rest is only cards dealt (no decision left: hold'em, Same'Em, Pass'Em after the pass).
DEAL_RERUNS = 40
#: Deals per cell in the slow test, by (structure, players, opponent kind): the most a cell plays, fixed in
#: advance, and its four looks with them (stopping whenever a plain 95% interval passes would not be
#: honest; stopping at a look whose stricter sequential boundary is passed is). Heads-up no-limit against a shover
#: needs the most (which hands each side is dealt swings 100 big blinds); six-handed, the three
#: exploiters give so much away that fewer deals show it, and each deal costs about six times as much.
SCHEDULE = {
    ("no-limit", 2, "shove"): 1000, ("no-limit", 6, "shove"): 200, ("no-limit", 2, "station"): 200,
    ("no-limit", 6, "station"): 80, ("fixed-limit", 2, "shove"): 250, ("fixed-limit", 6, "shove"): 150,
    ("fixed-limit", 2, "station"): 200, ("fixed-limit", 6, "station"): 80,
}
#: Exceptions by game: a Pass The Trash deal costs four to eight times a hold'em one (ten passes, eight
#: betting rounds), and its exploiters lose by far more than the interval: 300 deals heads-up
#: no-limit against the shovers, 80 in every other cell.
GAME_SCHEDULE = {("pass-the-trash", structure, players, kind): 300 if (structure, players, kind) == (
    "no-limit", 2, "shove") else 80 for structure in STRUCTURES for players in PLAYERS for kind in ("shove", "station")}
#: Hold'em six-handed no-limit against the shovers: the bots win there by about one interval at 200
#: deals (+474 ± 483 bb/100 for the rule bot against the pot-raisers), so those cells get 500.
GAME_SCHEDULE[("holdem", "no-limit", 6, "shove")] = 500


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
    rate: WinRate  # the mean and the repeated 95% interval at the look the cell stopped at
    seconds: float
    cpu: float = 0.0  # the process's CPU seconds for the cell
    look: int = 0  # the look the cell stopped at (1 to its number of looks; 0: not played here)

    @property
    def passed(self) -> bool:
        """True when the interval lies above zero."""
        return self.rate.low > 0


def _locked(hand: hg.Hand) -> bool:
    """True when no more betting can happen: two or more players in, at most one of them with chips,
    and that one owing nothing. Read from the hand's own lists (a spectator's view, built after every
    action, cost as much as the bots' own views)."""
    seats = [s for s in range(hand.players) if not hand.folded[s]]
    able = [s for s in seats if hand.stacks[s] > 0]
    top = max((hand.bets[s] for s in seats), default=0)
    return len(seats) >= 2 and (not able or (len(able) == 1 and hand.bets[able[0]] >= top))


class _CopiedOnUse:
    """The bots as they are now, for one run-out: copied the first time the run-out asks one of them to
    act (most run-outs deal only cards and ask nobody, and a copy of every bot costs more than the deal)."""

    def __init__(self, bots: Sequence[BaseBot]) -> None:
        self._bots = bots
        self._copies: list[BaseBot] | None = None

    def __len__(self) -> int:
        return len(self._bots)

    def __getitem__(self, seat: int) -> BaseBot:
        if self._copies is None:
            self._copies = copy.deepcopy(list(self._bots))
        return self._copies[seat]


def _finish(hand: hg.Hand, bots: Sequence[BaseBot], actions: list[tuple[int, str]] | None = None, *,
            stop: bool = True) -> None:
    for _ in range(MAX_ACTIONS):
        if hand.over:
            return
        seat = hand.to_act[0]
        action = bots[seat].act(hand.view(seat))
        hand.act(seat, action)
        if actions is not None:
            actions.append((seat, action))
            if stop and _locked(hand):
                return
    raise SimulationError(f"a hand of {hand.game.name} did not finish within {MAX_ACTIONS} actions")


def play_adjusted(game: hg.Game, bots: list[BaseBot], stacks: list[int], *, stakes: hg.Stakes, button: int,
                  seed: int, reruns: int = RERUNS) -> list[float]:
    """Each seat's result in one hand, averaged over ``reruns`` more run-outs once nobody can bet.

    The run-outs are played first, each with copies of the bots as they are now (made only if the run-out
    asks a bot anything), and the hand itself last, with the bots themselves."""
    hand = game.deal(stacks=stacks, stakes=stakes, button=button, seed=seed)
    actions: list[tuple[int, str]] = []
    _finish(hand, bots, actions if reruns else None)
    if hand.over:
        return [float(p) for p in hand.payoffs]
    drawn = hand.cards_drawn  # places of the deck dealt (and burnt) so far
    order = hand.deck_order()
    totals = [0.0] * len(bots)
    shuffle = random.Random(seed)
    done = 0
    plain = False
    for _ in range(reruns):
        rest = order[drawn:]
        shuffle.shuffle(rest)
        again = game.deal(stacks=stacks, stakes=stakes, button=button, deck=order[:drawn] + rest)
        for seat, action in actions:
            again.act(seat, action)
        steps: list[tuple[int, str]] = []
        _finish(again, _CopiedOnUse(bots), steps, stop=False)
        totals = [t + p for t, p in zip(totals, again.payoffs, strict=True)]
        done += 1
        plain = plain or (done == 1 and not steps)
        if len(steps) > 3 * len(bots) and done >= 2:  # a long run-out (passes, rolls): two are enough
            break
    while plain and done < DEAL_RERUNS:  # only cards to come: cheap, so many more (no bot is asked)
        rest = order[drawn:]
        shuffle.shuffle(rest)
        again = game.deal(stacks=stacks, stakes=stakes, button=button, deck=order[:drawn] + rest)
        for seat, action in actions:
            again.act(seat, action)
        _finish(again, _CopiedOnUse(bots), None)
        totals = [t + p for t, p in zip(totals, again.payoffs, strict=True)]
        done += 1
    _finish(hand, bots)
    totals = [t + p for t, p in zip(totals, hand.payoffs, strict=True)]
    return [t / (done + 1) for t in totals]


def play_cell(cell: Cell) -> Row:
    """Play up to ``cell.deals`` deals, each once with the bot in every seat, looking at the bot's mean
    result per deal at each of :func:`~homegame.sim.sequential.look_sizes`: the cell stops at the first
    look whose repeated 95% interval (O'Brien-Fleming's boundary there) lies above zero, else at the last."""
    started, cpu = time.perf_counter(), time.process_time()
    game = hg.game(cell.game)
    stakes = stakes_of(cell.structure)
    unit = big_bet_of(stakes)
    stack = 100 * (stakes.blinds[1] if stakes.blinds else unit)
    base = 7919 * cell.seed + 1
    half = cell.players // 2
    # one set of bots per seating, so that every bot always sees the same kind of player in each seat
    heroes = [[make_bot(cell.bot, seed=base + 10 * first + i) for i in range(half)] for first in (0, 1)]
    others = [[make_bot(cell.opponent, seed=base + 100 + 10 * first + i) for i in range(cell.players - half)]
              for first in (0, 1)]
    results = np.zeros(cell.deals, dtype=np.float64)
    looks = look_sizes(cell.deals)
    played = 0
    for upto in looks:
        for deal in range(played, upto):
            total = 0.0
            for first in (0, 1):
                mine = [seat for seat in range(cell.players) if seat % 2 == first][:half]
                rest = iter(others[first])
                hero = iter(heroes[first])
                bots = [next(hero) if seat in mine else next(rest) for seat in range(cell.players)]
                payoffs = play_adjusted(game, bots, [stack] * cell.players, stakes=stakes,
                                        button=deal % cell.players, seed=base * 1_000_003 + deal)
                total += sum(payoffs[seat] for seat in mine)
            results[deal] = total / (2 * half)
        played = upto
        rate = sequential_rate(results[:played], unit, cell.deals)
        if rate.low > 0:
            break
    return Row(cell, played * 2, rate, time.perf_counter() - started, time.process_time() - cpu,
               looks.index(played) + 1)


def scheduled(cell: Cell) -> Cell:
    """The cell with the slow test's number of deals (:data:`SCHEDULE`)."""
    kind = "station" if cell.opponent == "station" else "shove"
    deals = GAME_SCHEDULE.get((cell.game, cell.structure, cell.players, kind),
                              SCHEDULE[cell.structure, cell.players, kind])
    return replace(cell, deals=deals)


def cells(bots: Sequence[str], games: Sequence[str] = GAMES, structures: Sequence[str] = STRUCTURES,
          players: Sequence[int] = PLAYERS, opponents: Sequence[str] = OPPONENTS, *, deals: int = 60,
          seed: int = 0) -> list[Cell]:
    """The panel's cells, ``deals`` deals each (two hands a deal)."""
    return [Cell(b, g, s, n, o, deals, seed) for b in bots for g in games for s in structures
            for n in players for o in opponents]


def _context() -> multiprocessing.context.BaseContext:
    if threading.active_count() == 1 and "fork" in multiprocessing.get_all_start_methods():
        return multiprocessing.get_context("fork")
    return multiprocessing.get_context("forkserver")


def played_as(cell: Cell) -> Cell:
    """The cell whose play ``cell`` repeats move for move: in fixed-limit every bet and raise has its one
    size and the stacks (100 big blinds) never run short of it, so the always-raise opponent makes exactly
    the always-all-in one's moves (``tests/test_bot_panel.py`` checks it, game by game); the panel plays
    such a cell once and reports it under both names."""
    if cell.structure == "fixed-limit" and cell.opponent == "raiser":
        return replace(cell, opponent="allin")
    return cell


def run(todo: Sequence[Cell], workers: int = 2, progress: Callable[[Row], None] | None = None) -> list[Row]:
    """Play every cell, on ``workers`` processes; rows in the cells' order. ``progress`` sees each row
    as it is done. A cell that repeats another's play (:func:`played_as`) is played once: its row is the
    other's, with no time of its own."""
    played: dict[Cell, Row] = {}
    rows: dict[Cell, Row] = {}

    def done(row: Row) -> None:
        played[row.cell] = row
        for c in todo:
            if played_as(c) == row.cell and c not in rows:
                rows[c] = row if c == row.cell else replace(row, cell=c, seconds=0.0, cpu=0.0)
                if progress is not None:
                    progress(rows[c])

    unique = list(dict.fromkeys(played_as(c) for c in todo))
    if workers <= 1:
        for c in unique:
            done(play_cell(c))
    else:
        order = sorted(unique, key=lambda c: -c.players)  # the long ones first
        with _context().Pool(workers) as pool:
            for row in pool.imap_unordered(play_cell, order, chunksize=1):
                done(row)
    return [rows[c] for c in todo]


def table(rows: Iterable[Row]) -> str:
    """The panel as a text table: ``hands`` played, the rate with the repeated 95% interval of the look
    the cell stopped at (``look``: 2/4 is the second of four), the verdict and the time."""
    lines = [f"{'bot':<7} {'game':<15} {'structure':<12} {'players':>7} {'opponent':<8} {'hands':>6} {'look':>4}  "
             f"{'bb/100 ± 95% RCI':>20}  {'':4} {'secs':>5} {'cpu':>5}"]
    for r in rows:
        c = r.cell
        verdict = "ok" if r.passed else "FAIL"
        look = f"{r.look}/{len(look_sizes(c.deals))}"
        lines.append(f"{c.bot:<7} {c.game:<15} {c.structure:<12} {c.players:>7} {c.opponent:<8} {r.hands:>6} "
                     f"{look:>4}  {r.rate.bb100:>+9.1f} ± {r.rate.ci95:>8.1f}  {verdict:4} {r.seconds:>5.1f} "
                     f"{r.cpu:>5.1f}")
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    """Run the panel and print its table; exit 1 when any interval is not above zero."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=0,
                        help="deals per cell (two hands each); 0 (the default): the slow test's schedule")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--bots", default=",".join(panel_bots()))
    parser.add_argument("--games", default=",".join(GAMES))
    parser.add_argument("--structures", default=",".join(STRUCTURES))
    parser.add_argument("--players", default=",".join(map(str, PLAYERS)))
    parser.add_argument("--opponents", default=",".join(OPPONENTS))
    args = parser.parse_args(argv)
    if args.deals == 1 or args.deals < 0:
        parser.error(f"--deals must be 0 (the schedule) or at least 2 (a spread to measure), not {args.deals}")
    todo = cells(args.bots.split(","), args.games.split(","), args.structures.split(","),
                 [int(p) for p in args.players.split(",")], args.opponents.split(","), deals=args.deals,
                 seed=args.seed)
    if not args.deals:
        todo = [scheduled(c) for c in todo]
    started = time.perf_counter()
    header = table([]).splitlines()[0]
    print(header, flush=True)
    rows = run(todo, args.workers, lambda row: print(table([row]).splitlines()[1], flush=True))
    print("\n" + table(rows))
    failed = sum(not r.passed for r in rows)
    print(f"{len(rows)} cells, {sum(r.hands for r in rows)} hands, {failed} not above zero, "
          f"{time.perf_counter() - started:.0f} s, {sum(r.cpu for r in rows):.0f} CPU s")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
