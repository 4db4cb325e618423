"""Short-deck high hands (docs/games/short-deck.md): 36 cards, sixes to aces.

Two things change from the standard ranking: a flush beats a full house, and the ace plays low in the
straight A-6-7-8-9 (the lowest straight; suited, the lowest straight flush). Under ``short-trips`` three
of a kind also beats a straight. Strengths run 1..7,462 like the standard scale (larger is better) but in
the short order, so they compare only with other short strengths of the same ranking.

>>> v = evaluate_short("Ah 6d 7c 8s 9h Kd Kc")
>>> v.category, str(v), [str(c) for c in v.cards]
('straight', 'Straight, nine high (A-6-7-8-9)', ['9h', '8s', '7c', '6d', 'Ah'])
>>> evaluate_short("Ah Kh 9h 7h 6h Ac Ad") > evaluate_short("As Ad Ac Kh Kd 6c 7c")  # flush over full house
True
>>> evaluate_short("9c 9d 9h Ks 6d Th Jc", "short-trips") > evaluate_short("Tc Jd Qh Ks 9d 6h 7c", "short-trips")
True
>>> evaluate_many_short([card_ids("Ah 6d 7c 8s 9h Kd Kc"), card_ids("Tc Jd Qh Ks 9d 6h 7c")]).tolist()
[5854, 5862]
"""

from __future__ import annotations

from functools import cache
from itertools import combinations
from typing import Any, Final

import numpy as np
import numpy.typing as npt

from homegame.cards import Card, card_ids
from homegame.evaluate.values import CardsLike, HandValue, _set_hand, _set_strength, describe_high, parse_hand

#: (first strength, last strength) of each standard category, low to high: high card .. straight flush
BOUNDS: Final = ((1, 1277), (1278, 4137), (4138, 4995), (4996, 5853), (5854, 5863), (5864, 7140),
                 (7141, 7296), (7297, 7452), (7453, 7462))
NAMES: Final = ("high card", "one pair", "two pair", "three of a kind", "straight", "flush", "full house",
                "four of a kind", "straight flush")
#: the category orders, low to high (indexes into BOUNDS)
ORDERS: Final = {"short": (0, 1, 2, 3, 4, 6, 5, 7, 8), "short-trips": (0, 1, 2, 4, 3, 6, 5, 7, 8)}
WHEEL: Final = 5854  # the lowest straight and straight flush on the standard scale (A-2-3-4-5)
STEEL: Final = 7453
LOW_STRAIGHT: Final = (1 << 12) | (1 << 4) | (1 << 5) | (1 << 6) | (1 << 7)  # A 6 7 8 9 as rank bits


@cache
def remap(ranking: str = "short") -> npt.NDArray[np.int32]:
    """Standard strength -> short strength (index 0 unused)."""
    if ranking not in ORDERS:
        raise ValueError(f"ranking must be one of {', '.join(ORDERS)}, not {ranking!r}")
    out = np.zeros(7463, dtype=np.int32)
    start = 1
    for cat in ORDERS[ranking]:
        lo, hi = BOUNDS[cat]
        out[lo:hi + 1] = np.arange(start, start + hi - lo + 1)
        start += hi - lo + 1
    return out


def _category(standard: int) -> int:
    return next(i for i, (lo, hi) in enumerate(BOUNDS) if lo <= standard <= hi)


def _five_standard(five: npt.NDArray[Any]) -> npt.NDArray[np.int32]:
    """Standard strengths of rows of five ids, with A-6-7-8-9 moved to the lowest straight (flush)."""
    from homegame.evaluate.batch import evaluate_many

    std = np.asarray(evaluate_many(five), dtype=np.int32).copy()
    bits = np.bitwise_or.reduce(np.left_shift(1, five >> 2), axis=1)
    suited = np.all((five & 3) == (five[:, :1] & 3), axis=1)
    low = bits == LOW_STRAIGHT
    std[low & ~suited] = WHEEL
    std[low & suited] = STEEL
    return std


def evaluate_many_short(rows: Any, ranking: str = "short") -> npt.NDArray[np.int32]:
    """Short strengths of rows of 5 to 7 card ids (a 2-D array or list of equal-length lists)."""
    ids = np.asarray(rows, dtype=np.int64)
    if ids.ndim != 2 or not 5 <= ids.shape[1] <= 7 or len(ids) == 0:
        if ids.ndim == 2 and len(ids) == 0:
            return np.zeros(0, dtype=np.int32)
        raise ValueError(f"rows must be a 2-D array of 5 to 7 card ids each, not shape {ids.shape}")
    if ids.min() < 0 or ids.max() > 51:
        raise ValueError("card ids are 0..51")
    combos = np.array(list(combinations(range(ids.shape[1]), 5)), dtype=np.int64)
    fives = ids[:, combos].reshape(-1, 5)
    short = remap(ranking)[_five_standard(fives)].reshape(len(ids), len(combos))
    return np.asarray(short.max(axis=1), dtype=np.int32)


class ShortHandValue(HandValue):
    """A short-deck high hand; compares with other short values of the same ranking by strength."""

    __slots__ = ("_ranking", "_words")
    _words: str
    _ranking: str

    @property
    def category(self) -> str:
        """The category word (``'flush'``, ``'straight'`` ...)."""
        return self._words_category()

    def _words_category(self) -> str:
        text = self._words.split(",")[0].lower()
        return "straight flush" if text == "royal flush" else text

    def __str__(self) -> str:
        return self._words

    def __repr__(self) -> str:
        return f"evaluate_short({' '.join(str(c) for c in self.cards)!r})"

    def __reduce__(self) -> tuple[Any, ...]:
        return (evaluate_short, (" ".join(str(c) for c in self.cards), self._ranking))


def evaluate_short(cards: CardsLike, ranking: str = "short") -> ShortHandValue:
    """The best five-card short-deck hand of 5 to 7 cards."""
    hand = parse_hand(cards, high=7)
    ids = [c.id for c in hand]
    fives = np.array(list(combinations(ids, 5)), dtype=np.int64)
    std = _five_standard(fives)
    short = remap(ranking)[std]
    best = int(np.argmax(short))
    five = [Card(int(i)) for i in fives[best]]
    ranks = {c.rank for c in five}
    low = ranks == {12, 4, 5, 6, 7}
    order = sorted(five, key=lambda c: (-1 if low and c.rank == 12 else c.rank), reverse=True)
    counts = {r: sum(1 for c in five if c.rank == r) for r in ranks}
    order = sorted(order, key=lambda c: counts[c.rank], reverse=True) if not low else order
    cat = _category(int(std[best]))
    if low:
        words = ("Straight flush" if cat == 8 else "Straight") + ", nine high (A-6-7-8-9)"
    else:
        tie = tuple(dict.fromkeys(c.rank for c in order))
        words = describe_high(cat, tie)
    value = object.__new__(ShortHandValue)
    _set_strength(value, int(short[best]))
    _set_hand(value, hand)
    object.__setattr__(value, "_five", tuple(order))
    object.__setattr__(value, "_words", words)
    object.__setattr__(value, "_ranking", ranking)
    return value


__all__ = ["ShortHandValue", "card_ids", "evaluate_many_short", "evaluate_short", "remap"]
