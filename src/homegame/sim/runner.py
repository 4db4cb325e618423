"""Play many hands between bots: rotating button, stacks reset or carried, both cores.

>>> import homegame as hg
>>> result = simulate(hg.game("holdem"), ["rule", "random"], 20, seed=1, workers=1)
>>> result.hands, len(result.seats)
(20, 2)
>>> int(result.payoffs.sum())
0
"""

from __future__ import annotations

import gc
import json
import multiprocessing
import os
import secrets
import signal
import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from homegame.bots.base import BaseBot
from homegame.bots.registry import bot_names, make_bot
from homegame.games import game as make_game
from homegame.games import load_game
from homegame.rules.stakes import Stakes
from homegame.sim.stats import WinRate, win_rate

#: Most actions one hand may take before the simulation gives up on it (a bot or engine fault).
MAX_ACTIONS = 5000


class SimulationError(ValueError):
    """Bad simulation settings, or a bot that could not finish a hand."""


def default_stakes(game_name: Any) -> Any:
    """Fixed-limit 2/4 with an ante of 1 (and a bring-in of 1 in stud, razz and stud high-low): fits every
    game. ``game_name`` is an engine name or a game (one read from a game file, say)."""
    chosen = make_game(game_name) if isinstance(game_name, str) else game_name
    bring_in = any(step.opener == "bring-in" for step in chosen.steps)
    return Stakes("fixed-limit", ante=1, small_bet=2, big_bet=4, bring_in=1 if bring_in else 0)


def big_bet_of(stakes: Any) -> int:
    """The unit of win rates: the big bet, else the big blind, else the small bet."""
    for value in (stakes.big_bet, stakes.blinds[-1] if stakes.blinds else 0, stakes.small_bet):
        if value:
            return int(value)
    return 1


def play_hand(game: Any, bots: Sequence[BaseBot], stacks: Sequence[int], *, stakes: Any, button: int = 0,
              seed: int | None = None) -> Any:
    """Deal one hand and let each bot act for its seat from that seat's view until the hand is over."""
    hand = game.deal(stacks=list(stacks), stakes=stakes, button=button, seed=seed)
    for _ in range(MAX_ACTIONS):
        if hand.over:
            return hand
        seat = hand.to_act[0]
        view = hand.view(seat)
        action = bots[seat].act(view)
        try:
            hand.act(seat, action)
        except ValueError as exc:
            raise SimulationError(
                f"{bots[seat].name} bot at seat {seat} played {action!r} with legal {view['legal']}: {exc}"
            ) from exc
    raise SimulationError(f"a hand of {game.name} did not finish within {MAX_ACTIONS} actions")


@dataclass(frozen=True, slots=True)
class _Chunk:
    game_name: str
    rules: dict[str, Any]
    stakes: Any
    bots: tuple[str, ...]
    first: int
    count: int
    seed: int
    stack: int
    carry: bool
    keep_history: bool
    source: str | None = None  # the game file's text, for a game read by load_game


def _rebuild_game(name: str, rules: dict[str, Any], source: str | None = None) -> Any:
    fixed = {k: tuple(v) if isinstance(v, list) else v for k, v in rules.items()}
    return load_game(source, **fixed) if source is not None else make_game(name, **fixed)


def _run_chunk(chunk: _Chunk) -> tuple[int, npt.NDArray[np.int64], list[str]]:
    game = _rebuild_game(chunk.game_name, chunk.rules, chunk.source)
    seats = len(chunk.bots)
    bots = [make_bot(name, seed=chunk.seed * 131 + seat) for seat, name in enumerate(chunk.bots)]
    payoffs = np.zeros((chunk.count, seats), dtype=np.int64)
    histories: list[str] = []
    stacks = [chunk.stack] * seats
    for i in range(chunk.count):
        index = chunk.first + i
        if not chunk.carry:
            stacks = [chunk.stack] * seats
        hand = play_hand(game, bots, stacks, stakes=chunk.stakes, button=index % seats,
                         seed=chunk.seed * 1_000_003 + index)
        payoffs[i] = hand.payoffs
        stacks = [s + p if s + p > 0 else chunk.stack for s, p in zip(stacks, hand.payoffs, strict=True)]
        if chunk.keep_history:
            histories.append(json.dumps(json.loads(hand.history.to_json()), separators=(",", ":")))
    return chunk.first, payoffs, histories


def _ignore_interrupts() -> None:
    """In a worker: leave Ctrl-C to the parent, which stops the whole pool."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _process_context() -> multiprocessing.context.BaseContext:
    """``fork`` while this process runs no other thread (fast), else ``forkserver``: a child forked from a
    process with live threads (the odds thread pool, for one) can hang on a lock or a pool that has no
    threads left. With ``forkserver`` a script that calls :func:`simulate` needs the usual
    ``if __name__ == "__main__":`` guard."""
    if threading.active_count() == 1 and "fork" in multiprocessing.get_all_start_methods():
        return multiprocessing.get_context("fork")
    context = multiprocessing.get_context("forkserver")
    context.set_forkserver_preload(["homegame.sim.runner", "homegame.bots"])
    return context


@dataclass(frozen=True, slots=True)
class SeatResult:
    """One seat's bot and its results."""

    seat: int
    bot: str
    chips: int
    rate: WinRate

    @property
    def label(self) -> str:
        """``"seat 0: equity"``."""
        return f"seat {self.seat}: {self.bot}"


@dataclass(frozen=True)
class SimResult:
    """What :func:`simulate` found: per-hand payoffs (hands × seats) and each seat's win rate."""

    game: str
    bots: tuple[str, ...]
    hands: int
    big_bet: int
    payoffs: npt.NDArray[np.int64]
    seats: list[SeatResult] = field(default_factory=list)

    def by_bot(self) -> dict[str, WinRate]:
        """Win rates pooled over every seat a kind of bot sat in (per seat-hand)."""
        out: dict[str, WinRate] = {}
        for name in dict.fromkeys(self.bots):
            cols = [i for i, b in enumerate(self.bots) if b == name]
            out[name] = win_rate(self.payoffs[:, cols].sum(axis=1) / len(cols), self.big_bet)
        return out


class SimulationInterrupted(KeyboardInterrupt):
    """Ctrl-C stopped :func:`simulate`: ``partial`` holds the results of the hands finished before it (their
    histories are saved too), ``planned`` how many hands the run was to play. Being a ``KeyboardInterrupt``,
    it stops a caller that does not look for it as any Ctrl-C would."""

    def __init__(self, partial: SimResult, planned: int) -> None:
        super().__init__(f"stopped after {partial.hands} of {planned} hands")
        self.partial = partial
        self.planned = planned


def simulate(game: Any, bots: Sequence[str], hands: int, *, stakes: Any = None, stack: int | None = None,
             carry: bool = False, seed: int | None = None, workers: int | None = None,
             history: str | os.PathLike[str] | None = None,
             progress: Callable[[int], None] | None = None) -> SimResult:
    """Play ``hands`` hands of ``game`` between the named ``bots`` (one per seat, seat order).

    The button moves one seat each hand. Stacks start at ``stack`` chips (default 100 big bets) and are
    reset every hand, or with ``carry=True`` carried from hand to hand (a busted seat buys in again;
    each worker's share of the hands carries separately). Hands are split among ``workers`` processes
    (default: every core). ``seed`` makes the whole run reproducible whatever the number of workers.
    ``history`` names a JSON-lines file to receive every hand's history. ``progress`` is called with the
    number of hands just finished. Ctrl-C raises :class:`SimulationInterrupted` with the results of the
    hands finished so far (whole chunks: the hands in play when it came are not counted).
    """
    names = tuple(b.strip().lower() for b in bots)
    unknown = [b for b in names if b not in bot_names()]
    if unknown:
        raise SimulationError(f"no bot named {unknown[0]!r}: choose from {', '.join(bot_names())}")
    if not game.min_players <= len(names) <= game.max_players:
        raise SimulationError(
            f"{game.title} takes {game.min_players} to {game.max_players} players, not {len(names)}"
        )
    if isinstance(hands, bool) or not isinstance(hands, int) or hands < 1:
        raise SimulationError(f"hands must be a whole number, 1 or more, not {hands!r}")
    stakes = stakes if stakes is not None else default_stakes(game)
    unit = big_bet_of(stakes)
    stack = stack if stack is not None else 100 * unit
    if stack <= 0:
        raise SimulationError(f"stack must be more than 0 chips, not {stack}")
    workers = max(1, workers if workers is not None else (os.cpu_count() or 1))
    base = seed if seed is not None else secrets.randbelow(2**31)
    size = max(10, min(200, -(-hands // 16)))  # not tied to workers: the same chunks, the same run
    chunks = [_Chunk(game.name, dict(game.rules), stakes, names, first, min(size, hands - first),
                     base + first, stack, carry, history is not None, game.source)
              for first in range(0, hands, size)]
    done: dict[int, tuple[npt.NDArray[np.int64], list[str]]] = {}

    def take(first: int, part: npt.NDArray[np.int64], kept: list[str]) -> None:
        done[first] = (part, kept)
        if progress is not None:
            progress(len(part))

    interrupted = False
    if workers == 1 or len(chunks) == 1:
        try:
            for chunk in chunks:
                take(*_run_chunk(chunk))
        except KeyboardInterrupt:
            interrupted = True
    else:
        interrupted = _run_pool(chunks, workers, take)
    ordered = [done[first] for first in sorted(done)]
    if history is not None:
        with Path(history).open("w", encoding="utf-8") as out:
            for _, kept in ordered:
                out.writelines(line + "\n" for line in kept)
    payoffs = (np.concatenate([part for part, _ in ordered]) if ordered
               else np.zeros((0, len(names)), dtype=np.int64))
    seats = [SeatResult(i, name, int(payoffs[:, i].sum()), win_rate(payoffs[:, i].astype(np.float64), unit))
             for i, name in enumerate(names)]
    result = SimResult(game.name, names, len(payoffs), unit, payoffs, seats)
    if interrupted:  # raised afresh, out of any handler: no traceback keeps the pool (and its semaphores)
        raise SimulationInterrupted(result, hands)
    return result


def _run_pool(chunks: list[_Chunk], workers: int,
              take: Callable[[int, npt.NDArray[np.int64], list[str]], None]) -> bool:
    """Run the chunks on a pool of processes, each finished chunk to ``take``; True if Ctrl-C stopped it."""
    context = _process_context()
    # A multiprocessing pool, not a ProcessPoolExecutor: on Ctrl-C (KeyboardInterrupt here; the
    # workers ignore SIGINT) the workers are terminated and joined, so the run stops at once
    # instead of waiting on a pool whose workers died.
    pool = context.Pool(min(workers, len(chunks)), initializer=_ignore_interrupts)
    interrupted = False
    try:
        for result in pool.imap_unordered(_run_chunk, chunks):
            take(*result)
        pool.close()
    except BaseException as exc:
        pool.terminate()
        if not isinstance(exc, KeyboardInterrupt):
            raise
        interrupted = True
    finally:
        pool.join()
    del pool
    gc.collect()
    return interrupted
