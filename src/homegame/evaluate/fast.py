"""Per-hand strengths from the lookup tables in plain Python (no JIT for five to seven cards).

>>> from homegame.cards import card_ids
>>> high_strength_of(card_ids("As Ks Qs Js Ts 2c 2d"))
7462
>>> low_strength_of(card_ids("5h 4d 3c 2s Ah 9c Kd"), 0)
6175
"""

from __future__ import annotations

from array import array
from functools import cache
from typing import Any, NamedTuple

import numpy as np

from homegame.evaluate.tables import SUIT_START, high_tables, low_tables, tables


class _Lists(NamedTuple):
    card_keys: list[int]
    card_bits: list[int]
    offsets: list[int]
    high_rank: array[int]
    high_flush: list[int]
    low_rank: tuple[array[int], ...]
    low_flush: tuple[list[int], ...]


@cache
def _lists() -> _Lists:
    t = tables()
    return _Lists(
        t.card_keys.tolist(), t.card_bits.tolist(), t.offsets.tolist(), array("h", t.high_rank.tobytes()),
        t.high_flush.tolist(), tuple(array("h", row.tobytes()) for row in t.low_rank),
        tuple(row.tolist() for row in t.low_flush),
    )


_LISTS: list[_Lists] = []
_FAST: dict[str, Any] = {}


def _load() -> _Lists:
    lists = _lists()
    _LISTS.append(lists)
    _FAST.update(card_key=lists.card_keys.__getitem__, card_bits=lists.card_bits, offsets=lists.offsets,
                 high_rank=lists.high_rank, high_flush=lists.high_flush)
    globals().update({f"_{name}": value for name, value in _FAST.items()})
    return lists


def _flush_suit(key: int) -> int:
    counts = key >> 32
    for suit in range(4):
        if counts >> (4 * suit + 3) & 1:
            return suit
    return -1


def high_strength_of(ids: list[int]) -> int:
    """High strength of 5 to 10 distinct card ids (not checked here)."""
    if len(ids) > 7:
        return int(_kernel_high(ids))
    if not _LISTS:
        _load()
    key = SUIT_START + sum(map(_card_key, ids))
    flush = key >> 32 & 0x8888
    if flush:
        shift = 4 * (flush.bit_length() - 4)
        bits = 0
        for c in ids:
            bits |= _card_bits[c]
        return _high_flush[bits >> shift & 0x1FFF]  # type: ignore[no-any-return]
    r = key & 0xFFFFFFFF
    return _high_rank[_offsets[r >> 12] + (r & 0xFFF)]  # type: ignore[no-any-return]


# Bound on first use by _load(): the tables as plain lists, read without attribute lookups.
_card_key: Any = None
_card_bits: Any = None
_offsets: Any = None
_high_rank: Any = None
_high_flush: Any = None


def low_strength_of(ids: list[int], rule: int) -> int:
    """Low strength (rule 0 ``a5``, 1 ``a6``, 2 ``27``) of 5 to 10 distinct card ids, no qualifier."""
    t = _lists()
    key = SUIT_START
    for c in ids:
        key += t.card_keys[c]
    if len(ids) <= 7 and (rule == 0 or _flush_suit(key) < 0):
        r = key & 0xFFFFFFFF
        return t.low_rank[rule][t.offsets[r >> 12] + (r & 0xFFF)]
    return int(_kernel_low(ids, rule))


def five_high(ids: tuple[int, ...]) -> int:
    """High strength of exactly five ids."""
    return high_strength_of(list(ids))


def five_low(ids: tuple[int, ...], rule: int) -> int:
    """Low strength of exactly five ids."""
    t = _lists()
    key = SUIT_START
    bits = 0
    for c in ids:
        key += t.card_keys[c]
        bits |= t.card_bits[c]
    suit = _flush_suit(key)
    if suit >= 0:
        return t.low_flush[rule][bits >> (16 * suit) & 0x1FFF]
    r = key & 0xFFFFFFFF
    return t.low_rank[rule][t.offsets[r >> 12] + (r & 0xFFF)]


def _kernel_high(ids: list[int]) -> int:
    from homegame.evaluate import kernels

    t = tables()
    out = np.empty(1, dtype=np.int32)
    kernels.high_rows(np.array([ids], dtype=np.int64), t.card_keys, t.card_bits, *high_tables(), out, 1)
    return int(out[0])


def _kernel_low(ids: list[int], rule: int) -> int:
    from homegame.evaluate import kernels

    t = tables()
    out = np.empty(1, dtype=np.int32)
    kernels.low_rows(np.array([ids], dtype=np.int64), rule, 0, t.card_keys, t.card_bits, *low_tables(), out, 1)
    return int(out[0])
