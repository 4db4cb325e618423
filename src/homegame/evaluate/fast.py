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
from typing import NamedTuple

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
    t = _lists()
    key = SUIT_START
    bits = 0
    for c in ids:
        key += t.card_keys[c]
        bits |= t.card_bits[c]
    suit = _flush_suit(key)
    if suit >= 0:
        return t.high_flush[bits >> (16 * suit) & 0x1FFF]
    r = key & 0xFFFFFFFF
    return t.high_rank[t.offsets[r >> 12] + (r & 0xFFF)]


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
    kernels.high_rows(np.array([ids], dtype=np.int64), t.card_keys, t.card_bits, high_tables(), out, 1)
    return int(out[0])


def _kernel_low(ids: list[int], rule: int) -> int:
    from homegame.evaluate import kernels

    t = tables()
    out = np.empty(1, dtype=np.int32)
    kernels.low_rows(np.array([ids], dtype=np.int64), rule, 0, t.card_keys, t.card_bits, low_tables(), out, 1)
    return int(out[0])
