"""The evaluator's lookup tables: how they are built, saved as package data and loaded.

Every rank gets a multiplier (:data:`RANK_KEYS`) chosen so that the sums over any multiset of up to
seven ranks (at most four of a rank) are all different: the set of 13 numbers OMPEval uses, checked
by the tests. A hand's *rank key* is the sum over its cards, so it is built card by card with
additions. A row-displacement perfect hash maps the 73,775 keys of five to seven cards to a table of
about 90,000 slots. Suits are counted in the upper 32 bits of the same 64-bit key: each suit's count
starts at 3 in its own 4-bit field, so bit 3 of a field is set once the suit has five cards.

Tables (``homegame/data/evaluator.npz``, about 400 KB, built by ``python -m homegame.evaluate.tables``):

- ``offsets``: the perfect hash's row displacements, indexed by ``rank_key >> HASH_SHIFT`` (loaded as
  uint32: 32 KB, half of what int64 takes in the first-level cache);
- ``high_rank``: the best high hand of the multiset, as if the cards were not all one suit;
- ``high_flush``: indexed by a 13-bit rank mask, the best flush or straight flush of those ranks;
- ``low_rank`` (3 rules): the best low of the multiset as if not suited;
- ``low_flush`` (3 rules): indexed by a five-bit rank mask, that low when all five share a suit;
- ``top_keys`` (rows 1, 2, 3, 5): the key sum of the 1, 2, 3 or 5 highest ranks of a mask; ``straight_keys``:
  the key sum of the best straight in a mask (0 if none); ``top_rank``: the highest rank in a mask;
- ``category_start``: the smallest high strength of each category.
"""

from __future__ import annotations

import sys
from functools import cache
from itertools import combinations
from pathlib import Path
from typing import Final, NamedTuple

import numpy as np
import numpy.typing as npt

from homegame.evaluate.classes import LOW_RULES, RANK_SETS, high_table, low_table

RANK_KEYS: Final = (0x2000, 0x8001, 0x11000, 0x3A000, 0x91000, 0x176005, 0x366000, 0x41A013, 0x47802E,
                    0x479068, 0x48C0E4, 0x48F211, 0x494493)
HASH_SHIFT: Final = 12
HASH_MASK: Final = (1 << HASH_SHIFT) - 1
SUIT_START: Final = 0x3333 << 32
FLUSH_BITS: Final = 0x8888 << 32
RANK_KEY_MASK: Final = 0xFFFFFFFF
#: The key of an id 52..255: far above any sum of real cards' keys, so ``key >> 56`` flags it.
BAD_KEY: Final = 1 << 56
TABLE_FILE: Final = Path(__file__).resolve().parent.parent / "data" / "evaluator.npz"

Array = npt.NDArray[np.int64]


class Tables(NamedTuple):
    """The loaded tables, as numpy arrays (see the module docstring)."""

    card_keys: Array
    card_bits: Array
    rank_keys: Array
    offsets: npt.NDArray[np.uint32]
    high_rank: npt.NDArray[np.int16]
    high_flush: npt.NDArray[np.int16]
    low_rank: npt.NDArray[np.int16]
    low_flush: npt.NDArray[np.int16]
    top_keys: Array
    straight_keys: Array
    top_rank: Array
    category_start: Array


def card_keys() -> tuple[Array, Array]:
    """Per card id: its 64-bit key (rank key plus one in its suit's count) and its bit ``16 * suit + rank``.

    Entries 52 to 255 stand for bad ids (the batch kernels read the keys at ``id & 255``): key
    :data:`BAD_KEY`, bit 0.
    """
    keys = [RANK_KEYS[c >> 2] + (1 << (32 + 4 * (c & 3))) for c in range(52)] + [BAD_KEY] * (256 - 52)
    bits = [1 << (16 * (c & 3) + (c >> 2)) for c in range(52)] + [0] * (256 - 52)
    return np.array(keys, dtype=np.int64), np.array(bits, dtype=np.int64)


def _multisets(size: int) -> list[tuple[int, ...]]:
    """Rank multisets (sorted high to low) of ``size`` ranks, at most four of a rank."""
    out: list[tuple[int, ...]] = []

    def extend(prefix: tuple[int, ...], top: int) -> None:
        if len(prefix) == size:
            out.append(prefix)
            return
        for rank in range(top, -1, -1):
            if prefix.count(rank) < 4:
                extend(prefix + (rank,), rank)

    extend((), 12)
    return out


def _key(ranks: tuple[int, ...]) -> int:
    return sum(RANK_KEYS[r] for r in ranks)


def _best_by_multiset(five_values: dict[tuple[int, ...], int]) -> dict[int, int]:
    """Rank key -> best value over the five-rank sub-multisets, for multisets of 5, 6 and 7 ranks."""
    best: dict[tuple[int, ...], int] = dict(five_values)
    for size in (6, 7):
        for ranks in _multisets(size):
            best[ranks] = max(best[ranks[:i] + ranks[i + 1:]] for i in range(size))
    return {_key(ranks): value for ranks, value in best.items()}


def perfect_hash(keys: npt.NDArray[np.int64]) -> tuple[npt.NDArray[np.int64], int]:
    """Row displacements so that ``offsets[key >> HASH_SHIFT] + (key & HASH_MASK)`` differs for every key."""
    rows, cols = keys >> HASH_SHIFT, keys & HASH_MASK
    offsets = np.zeros(int(rows.max()) + 1, dtype=np.int64)
    occupied = np.zeros(4 * len(keys) + (2 << HASH_SHIFT), dtype=bool)
    by_row: dict[int, list[int]] = {}
    for row, col in zip(rows.tolist(), cols.tolist(), strict=True):
        by_row.setdefault(row, []).append(col)
    for row, row_cols in sorted(by_row.items(), key=lambda item: -len(item[1])):
        wanted = np.array(row_cols, dtype=np.int64)
        start = 0
        while True:
            free = np.flatnonzero(~occupied[start:start + 8192]) + start - wanted[0]
            free = free[free >= 0]
            if len(free):
                fits = ~occupied[free[:, None] + wanted[None, :]].any(axis=1)
                if fits.any():
                    offset = int(free[np.argmax(fits)])
                    break
            start += 8192
        occupied[offset + wanted] = True
        offsets[row] = offset
    size = int(np.flatnonzero(occupied).max()) + 1
    return offsets, size


def _mask(ranks: tuple[int, ...]) -> int:
    return sum(1 << r for r in ranks)


def build() -> dict[str, npt.NDArray[np.generic]]:
    """Build every table from the class rankings in :mod:`homegame.evaluate.classes` (~20 s)."""
    fives = RANK_SETS
    high = high_table()
    rank_best = _best_by_multiset({r: high[r, False] for r in fives})
    keys = np.array(sorted(rank_best), dtype=np.int64)
    offsets, size = perfect_hash(keys)
    slots = offsets[keys >> HASH_SHIFT] + (keys & HASH_MASK)

    high_rank = np.zeros(size, dtype=np.int16)
    high_rank[slots] = [rank_best[k] for k in keys.tolist()]
    low_rank = np.zeros((3, size), dtype=np.int16)
    low_flush = np.zeros((3, 8192), dtype=np.int16)
    for i, rule in enumerate(LOW_RULES):
        table = low_table(rule)
        best = _best_by_multiset({r: table[r, False] for r in fives})
        low_rank[i, slots] = [best[k] for k in keys.tolist()]
        for ranks in fives:
            if len(set(ranks)) == 5:
                low_flush[i, _mask(ranks)] = table[ranks, True]

    high_flush = np.zeros(8192, dtype=np.int16)
    top_keys = np.zeros((6, 8192), dtype=np.int64)
    straight_keys = np.zeros(8192, dtype=np.int64)
    top_rank = np.full(8192, -1, dtype=np.int8)
    straights = [tuple(range(h, h - 5, -1)) for h in range(12, 3, -1)] + [(3, 2, 1, 0, 12)]
    for mask in range(1, 8192):
        ranks = tuple(r for r in range(12, -1, -1) if mask >> r & 1)
        top_rank[mask] = ranks[0]
        for n in (1, 2, 3, 5):
            if len(ranks) >= n:
                top_keys[n, mask] = _key(ranks[:n])
        for straight in straights:
            if all(mask >> r & 1 for r in straight):
                straight_keys[mask] = _key(straight)
                break
        if len(ranks) >= 5:
            high_flush[mask] = max(high[tuple(sorted(five, reverse=True)), True]
                                   for five in combinations(ranks, 5))
    category_start = np.zeros(9, dtype=np.int64)
    from homegame.evaluate.classes import class_key
    for (ranks, suited), strength in high.items():
        category = class_key(ranks, suited)[0]
        if category_start[category] == 0 or strength < category_start[category]:
            category_start[category] = strength
    return {
        "offsets": offsets.astype(np.int32), "high_rank": high_rank, "high_flush": high_flush,
        "low_rank": low_rank, "low_flush": low_flush, "top_keys": top_keys.astype(np.int32),
        "straight_keys": straight_keys.astype(np.int32), "top_rank": top_rank,
        "category_start": category_start.astype(np.int16),
    }


@cache
def tables() -> Tables:
    """Load the shipped tables (built on the spot, and saved, if the file is missing)."""
    if not TABLE_FILE.exists():
        save()
    with np.load(TABLE_FILE) as data:
        arrays = {name: data[name] for name in data.files}
    keys, bits = card_keys()
    return Tables(
        card_keys=keys, card_bits=bits, rank_keys=np.array(RANK_KEYS, dtype=np.int64),
        offsets=arrays["offsets"].astype(np.uint32), high_rank=arrays["high_rank"],
        high_flush=arrays["high_flush"], low_rank=arrays["low_rank"], low_flush=arrays["low_flush"],
        top_keys=arrays["top_keys"].astype(np.int64), straight_keys=arrays["straight_keys"].astype(np.int64),
        top_rank=arrays["top_rank"].astype(np.int64), category_start=arrays["category_start"].astype(np.int64),
    )


def high_tables() -> tuple[Array, ...]:
    """The tables :func:`homegame.evaluate.kernels.high_of` takes, in its order."""
    t = tables()
    return (t.offsets, t.high_rank, t.high_flush, t.rank_keys, t.top_keys,  # type: ignore[return-value]
            t.straight_keys, t.top_rank)


def low_tables() -> tuple[Array, ...]:
    """The tables :func:`homegame.evaluate.kernels.low_of` takes, in its order."""
    t = tables()
    return (t.offsets, t.low_rank, t.low_flush)  # type: ignore[return-value]


def save(path: Path = TABLE_FILE) -> None:
    """Build the tables and write them to ``path`` (compressed npz)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    np.savez_compressed(path, **build())  # type: ignore[arg-type]


if __name__ == "__main__":
    save(Path(sys.argv[1]) if len(sys.argv) > 1 else TABLE_FILE)
    print(f"wrote {TABLE_FILE if len(sys.argv) < 2 else sys.argv[1]}")
