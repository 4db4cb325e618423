"""The high-hand value scale with wild cards: a wild card may copy a card the hand already holds.

So a flush may repeat a rank (``As Ks Qs 9s`` and a wild card make the flush A-A-K-Q-9, which beats
A-K-Q-J-9). Flushes still compare card by card from the highest, so the flush block of this scale
holds every multiset of five ranks that is neither five of a kind, a full house nor four of a kind
(nor five different ranks in a row: those are straight flushes), 5,853 of them against the natural
1,277. Below the flush block the scale is the natural one (1..5,863); above it every natural value is
shifted by :data:`SHIFT`, and five of a kind of rank ``r`` is ``FIVE_OF_A_KIND + r`` at the top.

>>> wild_strength((12, 12, 11, 10, 7), True) > wild_strength((12, 11, 10, 9, 7), True)
True
>>> wild_category(wild_strength((12, 12, 11, 10, 7), True)), wild_category(FIVE_OF_A_KIND)
('flush', 'five of a kind')
>>> int(to_wild()[7462]) == FIVE_OF_A_KIND - 1  # a royal flush sits just below five twos
True
"""

from __future__ import annotations

from collections import Counter
from functools import cache
from itertools import combinations, combinations_with_replacement
from typing import Final

import numpy as np
import numpy.typing as npt

from homegame.evaluate.classes import CATEGORIES, high_strength
from homegame.evaluate.tables import tables

#: The first natural flush value (A-high and below start above every straight).
FLUSH_START: Final = 5_864
#: The first natural full-house value.
FULL_HOUSE_START: Final = 7_141
#: The largest natural high strength (a royal flush).
NATURAL_TOP: Final = 7_462
#: The number of flushes that repeat a rank: values above the flush block move up by this much.
SHIFT: Final = 4_576
#: Five twos; five of a kind of rank ``r`` is ``FIVE_OF_A_KIND + r``.
FIVE_OF_A_KIND: Final = NATURAL_TOP + 1 + SHIFT


def _is_flush_shape(ranks: tuple[int, ...]) -> bool:
    """Whether five suited ranks (sorted, highest first) rank as a flush: no five, four or full house
    of a rank, and not five different ranks in a row."""
    shape = sorted(Counter(ranks).values(), reverse=True)
    if shape[0] >= 4 or shape[:2] == [3, 2]:
        return False
    return len(shape) < 5 or high_strength(ranks, True) < FULL_HOUSE_START


@cache
def flush_block() -> tuple[tuple[int, ...], ...]:
    """Every flush (five ranks, highest first) on the wild scale, the worst first.

    >>> len(flush_block()), flush_block()[-1]
    (5853, (12, 12, 12, 11, 10))
    """
    fives = (tuple(sorted(m, reverse=True)) for m in combinations_with_replacement(range(13), 5))
    block = sorted(f for f in fives if _is_flush_shape(f))
    assert len(block) == FULL_HOUSE_START - FLUSH_START + SHIFT
    return tuple(block)


@cache
def _flush_values() -> dict[tuple[int, ...], int]:
    return {ranks: FLUSH_START + i for i, ranks in enumerate(flush_block())}


@cache
def to_wild() -> npt.NDArray[np.int16]:
    """The wild-scale value of each natural high strength (index 0 stays 0)."""
    out = np.arange(NATURAL_TOP + 1, dtype=np.int64)
    out[FULL_HOUSE_START:] += SHIFT
    values = _flush_values()
    for five in combinations(range(12, -1, -1), 5):
        natural = high_strength(five, True)
        if natural < FULL_HOUSE_START:
            out[natural] = values[five]
    return out.astype(np.int16)


@cache
def from_wild() -> npt.NDArray[np.int32]:
    """The natural high strength of each wild-scale value that a natural hand has (0 for the others).

    >>> all(int(from_wild()[to_wild()[v]]) == v for v in range(NATURAL_TOP + 1))
    True
    """
    out = np.zeros(FIVE_OF_A_KIND + 13, dtype=np.int32)
    out[to_wild()] = np.arange(NATURAL_TOP + 1, dtype=np.int32)
    return out


def wild_strength(ranks: tuple[int, ...], flush: bool) -> int:
    """The wild-scale strength of five cards of these ranks (any order, repeats allowed), suited or not."""
    ordered = tuple(sorted(ranks, reverse=True))
    if ordered[0] == ordered[4]:
        return FIVE_OF_A_KIND + ordered[0]
    if flush and _is_flush_shape(ordered):
        return _flush_values()[ordered]
    return int(to_wild()[high_strength(ordered, flush and len(set(ordered)) == 5)])


@cache
def wild_category_starts() -> tuple[int, ...]:
    """The first wild-scale value of each category from high card to straight flush (five of a kind
    starts at :data:`FIVE_OF_A_KIND`)."""
    natural = [int(s) for s in tables().category_start]
    return tuple(s if s < FULL_HOUSE_START else s + SHIFT for s in natural)


def wild_category(strength: int) -> str:
    """The category word of a wild-scale strength."""
    if strength >= FIVE_OF_A_KIND:
        return "five of a kind"
    return CATEGORIES[sum(1 for s in wild_category_starts() if s <= strength) - 1]
