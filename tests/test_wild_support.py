"""Support for the wild-card tests (no tests here). An independent reference for wild cards: every wild card replaced by every one of the 52 cards (a card
the hand holds included), each five-card choice valued from the class rankings of
:mod:`homegame.evaluate.classes` alone (no evaluator tables), the best kept.

A wild card may copy a card the hand holds, so a suited five may repeat a rank: it is a flush unless
its ranks make a full house or four of a kind, and flushes compare card by card from the highest (the
flush A-A-K-Q-9 beats A-K-Q-J-9); five equal ranks are five of a kind, above every other hand. High
values are the dense ranks of those keys, worst first from 1: the wild scale.
"""

from __future__ import annotations

from functools import cache
from itertools import combinations, combinations_with_replacement, product

import numpy as np
import numpy.typing as npt

from homegame.evaluate.classes import LOW_RULES, ClassKey, class_key, low_table

POWERS = 13 ** np.arange(5)


def _code(ranks: tuple[int, ...]) -> int:
    return int(sum(r * 13**i for i, r in enumerate(sorted(ranks, reverse=True))))


def high_key(ranks: tuple[int, ...], suited: bool) -> ClassKey:
    """The order of five cards with copies allowed (ranks highest first)."""
    if ranks[0] == ranks[4]:
        return 9, ranks[:1]
    category, order = class_key(ranks, suited)
    if suited and category < 6 and len(set(ranks)) < 5:  # a flush that repeats a rank
        return 5, ranks
    return category, order


@cache
def dense(kind: str) -> npt.NDArray[np.int64]:
    """``table[suited, code of the ranks sorted high to low]`` for ``"high"`` or a low rule."""
    table = np.zeros((2, 13**5), dtype=np.int64)
    if kind == "high":
        fives = [tuple(sorted(f, reverse=True)) for f in combinations_with_replacement(range(13), 5)]
        keys = {(f, suited): high_key(f, suited) for f in fives for suited in (False, True)}
        value = {key: i + 1 for i, key in enumerate(sorted(set(keys.values())))}
        for (ranks, suited), key in keys.items():
            table[int(suited), _code(ranks)] = value[key]
        return table
    for (ranks, suited), strength in low_table(kind).items():  # type: ignore[arg-type]
        table[int(suited), _code(ranks)] = strength  # a suited row is looked up only for five ranks
    return table


@cache
def substitutions(w: int) -> npt.NDArray[np.int64]:
    """Every way to replace ``w`` wild cards by cards (52 ** w rows)."""
    return np.array(list(product(range(52), repeat=w)), dtype=np.int64)


def _value(ids: npt.NDArray[np.int64], kind: str) -> npt.NDArray[np.int64]:
    ranks = -np.sort(-(ids >> 2), axis=1)
    suits = ids & 3
    suited = (suits == suits[:, :1]).all(axis=1)
    if kind != "high":  # a low never gains from a suit: the low tables hold suited rows for five ranks
        suited &= (np.diff(ranks, axis=1) != 0).all(axis=1)
    return dense(kind)[suited.astype(np.int64), ranks @ POWERS]  # type: ignore[no-any-return]


def brute(hand: list[int], wild: set[int], kind: str = "high") -> int:
    """The best value of ``hand`` (card ids) with the cards in ``wild`` wild; ``kind`` is ``"high"`` or a
    low rule (``a5``, ``a6``, ``27``)."""
    assert kind == "high" or kind in LOW_RULES
    best = 0
    for five in combinations(hand, 5):
        wild_at = [i for i, c in enumerate(five) if c in wild]
        rows = np.array([five], dtype=np.int64)
        if wild_at:
            subs = substitutions(len(wild_at))
            rows = np.tile(rows, (len(subs), 1))
            rows[:, wild_at] = subs
        best = max(best, int(_value(rows, kind).max()))
    return best
