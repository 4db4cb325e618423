"""Support for the wild-card tests (no tests here). An independent reference for wild cards: every wild card replaced by every one of the 52 cards (a card
the hand holds included), each five-card choice valued from the class rankings of
:mod:`homegame.evaluate.classes` alone (no evaluator tables), the best kept.

A five-card choice with a repeated card is valued by its ranks, suited only when its five ranks differ
(a flush is five different ranks); five equal ranks are five of a kind, above every natural hand.
"""

from __future__ import annotations

from functools import cache
from itertools import combinations, product

import numpy as np
import numpy.typing as npt

from homegame.evaluate.classes import LOW_RULES, high_table, low_table

POWERS = 13 ** np.arange(5)
FIVE_OF_A_KIND = 7_463


def _code(ranks: tuple[int, ...]) -> int:
    return int(sum(r * 13**i for i, r in enumerate(sorted(ranks, reverse=True))))


@cache
def dense(kind: str) -> npt.NDArray[np.int64]:
    """``table[suited, code of the ranks sorted high to low]`` for ``"high"`` or a low rule."""
    table = np.zeros((2, 13**5), dtype=np.int64)
    source = high_table() if kind == "high" else low_table(kind)  # type: ignore[arg-type]
    for (ranks, suited), strength in source.items():
        table[int(suited), _code(ranks)] = strength  # a suited row is looked up only for five ranks
    if kind == "high":
        for rank in range(13):
            table[:, _code((rank,) * 5)] = FIVE_OF_A_KIND + rank
    return table


@cache
def substitutions(w: int) -> npt.NDArray[np.int64]:
    """Every way to replace ``w`` wild cards by cards (52 ** w rows)."""
    return np.array(list(product(range(52), repeat=w)), dtype=np.int64)


def _value(ids: npt.NDArray[np.int64], kind: str) -> npt.NDArray[np.int64]:
    ranks = -np.sort(-(ids >> 2), axis=1)
    suits = ids & 3
    suited = (suits == suits[:, :1]).all(axis=1) & (np.diff(ranks, axis=1) != 0).all(axis=1)
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
