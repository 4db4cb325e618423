"""Lookup tables for wild cards, built from the natural tables on first use (a fraction of a second).

High values are on the wild scale of :mod:`homegame.evaluate.wildscale` (the natural scale with a
larger flush block, flushes that repeat a rank, and five of a kind on top). A low with wild cards is an
ordinary low (a wild card never has to pair), so lows keep their natural scale.

- ``flush[j - 1, mask]`` (``j`` = 1..4): the best straight flush or flush (ranks may repeat) made from
  the ranks of one suit's ``mask`` and ``j`` wild cards, 0 if they are fewer than five;
- ``straight[j - 1, mask]`` (``j`` = 1, 2): the rank key of the best straight ``mask`` makes with ``j``
  wild cards, 0 if none;
- ``high[row, slot]``: for the natural rank multiset hashed to ``slot``, the best hand that is not a flush
  with the wild cards that complete it to a hand of ``7 - row`` cards: row 0 holds six natural cards with
  one wild card and five with two (seven-card hands read one table), row 1 five with one;
- ``rank_values``, ``flush_values``: the natural tables read on the wild scale (rows without a wild
  card, and the hands of ranks alone);
- ``low[rule, row, slot]``: the same for the lows (a low with a wild card never has to be a flush);
- ``low_order[rule]``, ``low_order_strength[rule]``: every set of five different ranks (as a rank mask),
  the best low first, with its strength.

>>> t = wild_tables()
>>> from homegame.evaluate.tables import tables
>>> from homegame.evaluate.wildscale import wild_strength
>>> int(t.flush[0, 0b1111000000000]) == wild_strength((12, 11, 10, 9, 8), True)  # K-Q-J-T + wild
True
>>> int(t.flush[0, 0b1110010000000]) == wild_strength((12, 12, 11, 10, 7), True)  # A-K-Q-9 + wild
True
"""

from __future__ import annotations

from functools import cache
from itertools import combinations, combinations_with_replacement
from typing import Final, NamedTuple

import numpy as np
import numpy.typing as npt

from homegame.evaluate.classes import LOW_RULES, low_strength
from homegame.evaluate.tables import HASH_MASK, HASH_SHIFT, RANK_KEYS, tables
from homegame.evaluate.wildscale import FIVE_OF_A_KIND, FLUSH_START, flush_block, to_wild

#: Straights as rank masks, the best first; the wheel (5-4-3-2-A) last.
STRAIGHT_MASKS: Final = tuple(0x1F << low for low in range(8, -1, -1)) + (0x100F,)

Array = npt.NDArray[np.int64]


class WildTables(NamedTuple):
    """The high-hand tables (see the module docstring)."""

    flush: npt.NDArray[np.int16]
    straight: Array
    high: npt.NDArray[np.int16]
    #: the natural ``high_rank`` and ``high_flush`` tables with their values on the wild scale
    rank_values: npt.NDArray[np.int16]
    flush_values: npt.NDArray[np.int16]


class WildLowTables(NamedTuple):
    """The low tables (see the module docstring)."""

    low: npt.NDArray[np.int16]
    low_order: Array
    low_order_strength: Array


@cache
def _bit_counts() -> Array:
    return np.array([bin(m).count("1") for m in range(8192)], dtype=np.int64)


def _popcount(masks: Array | int) -> Array:
    return _bit_counts()[masks]


def _flush_table() -> npt.NDArray[np.int16]:
    """The best straight flush, else the best flush of the wild scale (ranks may repeat: a wild card
    copies a suited card the hand holds), of each suit mask with ``j`` wild cards."""
    high_flush = to_wild()[tables().high_flush].astype(np.int64)
    masks = np.arange(8192, dtype=np.int64)
    size = _popcount(masks)
    block = flush_block()[::-1]  # the best first
    distinct = np.array([sum(1 << r for r in set(ranks)) for ranks in block], dtype=np.int64)
    best = np.where(size[None, :] + np.arange(1, 5)[:, None] >= 5, 0, -1)  # -1: fewer than five cards
    for j in range(1, 5):
        for straight in STRAIGHT_MASKS:  # best first: keep the first straight flush reached
            missing = _popcount(straight & ~masks)
            best[j - 1] = np.where((best[j - 1] == 0) & (missing <= j), high_flush[straight], best[j - 1])
    # no straight flush: the first flush of the block whose ranks the suit holds but for j cards
    for start in range(0, len(block), 256):
        open_rows = np.flatnonzero((best == 0).any(axis=0))
        if len(open_rows) == 0:
            break
        covered = _popcount(masks[open_rows, None] & distinct[None, start:start + 256])
        for j in range(1, 5):
            fits = covered >= 5 - j
            hit = (best[j - 1, open_rows] == 0) & fits.any(axis=1)
            value = FLUSH_START + len(block) - 1 - (start + fits.argmax(axis=1))
            best[j - 1, open_rows] = np.where(hit, value, best[j - 1, open_rows])
    return np.maximum(best, 0).astype(np.int16)


def _straight_table() -> Array:
    masks = np.arange(8192, dtype=np.int64)
    out = np.zeros((2, 8192), dtype=np.int64)
    for j in (1, 2):
        for straight in STRAIGHT_MASKS:
            key = sum(RANK_KEYS[r] for r in range(13) if straight >> r & 1)
            hit = (out[j - 1] == 0) & (_popcount(straight & ~masks) <= j)
            out[j - 1] = np.where(hit, key, out[j - 1])
    return out


def _multiset_counts(size: int) -> npt.NDArray[np.int64]:
    """Rank counts (rows of 13) of every multiset of ``size`` ranks with at most four of a rank."""
    combos = np.array(list(combinations_with_replacement(range(13), size)), dtype=np.int64)
    counts = np.zeros((len(combos), 13), dtype=np.int64)
    for column in combos.T:
        counts[np.arange(len(combos)), column] += 1
    return counts[counts.max(axis=1) <= 4]  # type: ignore[no-any-return]


def _slots(counts: npt.NDArray[np.int64]) -> Array:
    keys = counts @ np.array(RANK_KEYS, dtype=np.int64)
    offsets = tables().offsets.astype(np.int64)
    return offsets[keys >> HASH_SHIFT] + (keys & HASH_MASK)  # type: ignore[no-any-return]


def _rank_tables(lows: bool) -> npt.NDArray[np.int16]:
    """The best non-flush high hand (or the best low of each rule) of natural multisets with ``j`` wild
    cards: the best over every rank the wild cards may take (the natural tables give the rest)."""
    t = tables()
    natural_to_wild = to_wild().astype(np.int64)
    size = len(t.high_rank)
    high = np.zeros((2, size), dtype=np.int16)
    low = np.zeros((3, 2, size), dtype=np.int16)
    # row 0: seven-card hands (six natural cards with one wild card, five with two); row 1: six cards, one wild
    for row, n, j in ((0, 6, 1), (0, 5, 2), (1, 5, 1)):
        counts = _multiset_counts(n)
        slots = _slots(counts)
        best_high = np.zeros(len(counts), dtype=np.int64)
        best_low = np.zeros((3, len(counts)), dtype=np.int64)
        for added in combinations_with_replacement(range(13), j):
            extra = np.bincount(np.array(added), minlength=13)
            total = counts + extra
            five = total.max(axis=1) >= 5
            fine = ~five
            new = _slots(np.where(fine[:, None], total, counts))
            if lows:
                for rule in range(3):
                    best_low[rule] = np.maximum(best_low[rule], np.where(fine, t.low_rank[rule][new], 0))
            else:
                best_high = np.maximum(best_high, np.where(fine, natural_to_wild[t.high_rank[new]], 0))
                best_high = np.maximum(best_high, np.where(five, FIVE_OF_A_KIND + total.argmax(axis=1), 0))
        high[row, slots] = best_high
        low[:, row, slots] = best_low
    return low if lows else high


def _low_order() -> tuple[Array, Array]:
    order = np.zeros((3, 1287), dtype=np.int64)
    strength = np.zeros((3, 1287), dtype=np.int64)
    fives = list(combinations(range(13), 5))
    for i, rule in enumerate(LOW_RULES):
        ranked = sorted(((low_strength(five, False, rule), sum(1 << r for r in five)) for five in fives),
                        reverse=True)
        strength[i] = [s for s, _ in ranked]
        order[i] = [m for _, m in ranked]
    return order, strength


@cache
def wild_tables() -> WildTables:
    """Build (once per process) and return the wild-card tables for high hands."""
    natural = tables()
    return WildTables(flush=_flush_table(), straight=_straight_table(), high=_rank_tables(lows=False),
                      rank_values=to_wild()[natural.high_rank], flush_values=to_wild()[natural.high_flush])


@cache
def wild_low_tables() -> WildLowTables:
    """Build (once per process) and return the wild-card tables for lows."""
    order, strength = _low_order()
    return WildLowTables(low=_rank_tables(lows=True), low_order=order, low_order_strength=strength)
