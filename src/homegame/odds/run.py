"""Run the odds kernels in chunks on a thread pool (the kernels release the GIL), summing the chunks."""

from __future__ import annotations

import math
from functools import cache
from typing import Any

import numpy as np
import numpy.typing as npt

from homegame.evaluate.pool import run_all, threads
from homegame.evaluate.tables import high_tables, tables
from homegame.odds import kernels, ranks, sweep

Floats = npt.NDArray[np.float64]
Ints = npt.NDArray[np.int64]


_map = run_all
#: The most outcomes one sampling chunk draws (a fraction of a second): Ctrl-C waits at most for the
#: chunks running when it is pressed.
MAX_CHUNK = 1_000_000
_IDENTITY = np.arange(4, dtype=np.int64).reshape(1, 4)


def _chunks(total: int, per_chunk_min: int) -> int:
    return max(1, min(4 * threads(), total // max(per_chunk_min, 1)))


@cache
def _binom() -> Ints:
    return kernels.binomials()  # type: ignore[no-any-return]


def exact_board(slots: Ints, board_known: Ints, k: int, deck: Ints, own_idx: Ints, own_len: Ints,
                total_n: Ints) -> tuple[Floats, int]:
    """Sum of shares over every board when only ``k`` board cards are unknown (high hands, all own cards
    known, each player using all own cards and the whole board)."""
    t = tables()
    players = len(own_len)
    board_key = int(t.card_keys[board_known].sum()) + (0x3333 << 32)
    board_bits = int(np.bitwise_or.reduce(t.card_bits[board_known])) if len(board_known) else 0
    own_key = np.array([int(t.card_keys[slots[own_idx[p, :own_len[p]]]].sum()) for p in range(players)],
                       dtype=np.int64)
    own_bits = np.array([int(np.bitwise_or.reduce(t.card_bits[slots[own_idx[p, :own_len[p]]]]))
                         for p in range(players)], dtype=np.int64)
    binom = _binom()
    high = high_tables()
    if k == 5 and int(total_n.max()) <= 7:
        return _sweep5(deck, board_key, board_bits, own_key, own_bits)
    total = int(binom[len(deck), k])
    chunks = _chunks(total, 20_000)
    size = -(-total // chunks)
    totals = np.zeros((chunks, players), dtype=np.float64)
    counts = np.zeros(chunks, dtype=np.int64)

    def job(chunk: int) -> Any:
        def run() -> None:
            start = chunk * size
            count = min(size, total - start)
            if count > 0:
                counts[chunk] = sweep.board_sweep(
                    deck, len(deck), k, start, count, board_key, board_bits, own_key, own_bits, total_n, binom,
                    np.zeros(8, dtype=np.int64), np.zeros(8, dtype=np.int64), np.zeros(8, dtype=np.int64),
                    t.card_keys, t.card_bits, *high, np.zeros(players, dtype=np.int64), totals, chunk)
        return run

    _map([job(c) for c in range(chunks)])
    return totals.sum(axis=0), int(counts.sum())


def exact_ranks_ids(hands: list[list[int]], board: list[int]) -> tuple[Floats, int]:
    """Sum of shares over every completion of a five-card ``board`` (known ids) when each player holds
    the known ``hands`` (at most two ids each) and uses them with the whole board, high only
    (:mod:`homegame.odds.ranks`); and the number of boards."""
    players = len(hands)
    t = tables()
    tally = ranks.holdem_tally(np.array(hands, dtype=np.int64).reshape(players, -1), np.array(board, dtype=np.int64),
                               t.rank_keys, t.offsets, t.high_rank, t.high_flush, _binom())
    rows = tally.tolist()
    totals = np.array([sum(rows[w][p] / w for w in range(1, players + 1)) for p in range(players)])
    k = 5 - len(board)
    return totals, math.comb(52 - len(board) - sum(len(h) for h in hands), k)


def exact_ranks_open(hands: list[list[int]], board: list[int], perms: Ints | None = None) -> tuple[Floats, int]:
    """:func:`exact_ranks_ids` when some hole cards are unknown (``-1``): every deal of them with every
    board; ``perms`` as for :func:`exact`."""
    players = len(hands)
    t = tables()
    tally = ranks.holdem_open_tally(np.array(hands, dtype=np.int64).reshape(players, -1),
                                    np.array(board, dtype=np.int64), _IDENTITY if perms is None else perms,
                                    t.rank_keys, t.offsets, t.high_rank, t.high_flush, _binom())
    rows = tally.tolist()
    totals = np.array([sum(rows[w][p] / w for w in range(1, players + 1)) for p in range(players)])
    left = 52 - len(board) - sum(1 for h in hands for c in h if c >= 0)
    count = 1
    for h in hands:
        missing = sum(1 for c in h if c < 0)
        count *= math.comb(left, missing)
        left -= missing
    return totals, count * math.comb(left, 5 - len(board))


def _sweep5(deck: Ints, board_key: int, board_bits: int, own_key: Ints, own_bits: Ints) -> tuple[Floats, int]:
    """Five boards cards to come: first-card ranges of about equal work, one per chunk."""
    t = tables()
    n = len(deck)
    players = len(own_key)
    work = [math.comb(n - a - 1, 4) for a in range(n - 4)]
    chunks = max(1, min(2 * threads(), len(work)))
    bounds = [0]
    target = sum(work) / chunks
    running = 0.0
    for a, w in enumerate(work):
        running += w
        if running >= target * len(bounds) and len(bounds) < chunks:
            bounds.append(a + 1)
    bounds.append(n - 4)
    spans = [(lo, hi) for lo, hi in zip(bounds, bounds[1:], strict=False) if hi > lo]
    acc = np.zeros((len(spans), players), dtype=np.float64)
    counts = np.zeros(len(spans), dtype=np.int64)

    deck_keys = t.card_keys[deck].copy()
    deck_bits = t.card_bits[deck].copy()
    start_key = own_key + board_key
    start_bits = own_bits | board_bits

    def job(i: int) -> Any:
        def run() -> None:
            lo, hi = spans[i]
            if players == 2:
                counts[i] = sweep.board_sweep5_heads_up(
                    deck_keys, deck_bits, lo, hi, int(start_key[0]), int(start_bits[0]), int(start_key[1]),
                    int(start_bits[1]), t.offsets, t.high_rank, t.high_flush, acc[i])
            else:
                counts[i] = sweep.board_sweep5(
                    deck_keys, deck_bits, lo, hi, start_key, start_bits, t.offsets, t.high_rank, t.high_flush,
                    np.zeros(players, dtype=np.int64), np.zeros(players, dtype=np.int64),
                    np.zeros(players, dtype=np.int64), acc[i])
        return run

    _map([job(i) for i in range(len(spans))])
    return acc.sum(axis=0), int(counts.sum())


def exact(slots: Ints, group_slots: Ints, group_len: Ints, deck: Ints, common: tuple[Any, ...],
          first_total: int, perms: Ints | None = None) -> tuple[Floats, int]:
    """Sum of shares over every outcome (the odometer over all unknown groups). ``perms``: suit
    permutations that fix every known card (:mod:`homegame.odds.symmetry`); the first group's card sets
    are then scored once per orbit, weighted by its size (default: the identity alone)."""
    if perms is None:
        perms = _IDENTITY
    players = len(common[1])
    groups = len(group_len)
    chunks = _chunks(first_total, 1)
    totals = np.zeros((chunks, players), dtype=np.float64)
    counts = np.zeros(chunks, dtype=np.int64)
    binom = _binom()

    def job(chunk: int) -> Any:
        def run() -> None:
            kernels.exact_chunk(
                chunk, chunks, slots, group_slots, group_len, deck, *common, binom, totals, counts,
                np.empty(len(slots), dtype=np.int64), np.empty(10, dtype=np.int64),
                np.zeros(players, dtype=np.int64), np.zeros(players, dtype=np.int64),
                np.zeros(players, dtype=np.float64), np.empty((groups + 1, 52), dtype=np.int64),
                np.zeros(groups + 1, dtype=np.int64), np.zeros((groups, 52), dtype=np.int64), perms)
        return run

    _map([job(c) for c in range(chunks)])
    return totals.sum(axis=0), int(counts.sum())


def sample(slots: Ints, unknown: Ints, deck: Ints, common: tuple[Any, ...], trials: int, seed: int,
           chunks: int) -> tuple[Floats, Floats]:
    """Sums of shares and of squared shares over ``trials`` sampled outcomes in ``chunks`` seeded chunks."""
    players = len(common[1])
    chunks = max(chunks, -(-trials // MAX_CHUNK))  # short chunks, so Ctrl-C stops a long sample soon
    totals = np.zeros((chunks, players), dtype=np.float64)
    squares = np.zeros((chunks, players), dtype=np.float64)
    size = -(-trials // chunks)

    def job(chunk: int) -> Any:
        def run() -> None:
            count = min(size, trials - chunk * size)
            if count > 0:
                kernels.sample_chunk(
                    chunk, count, seed + 7919 * chunk, slots, unknown, deck, *common, totals, squares,
                    np.empty(len(slots), dtype=np.int64), np.empty(len(deck), dtype=np.int64),
                    np.empty(10, dtype=np.int64), np.zeros(players, dtype=np.int64),
                    np.zeros(players, dtype=np.int64), np.zeros(players, dtype=np.float64))
        return run

    _map([job(c) for c in range(chunks)])
    return totals.sum(axis=0), squares.sum(axis=0)
