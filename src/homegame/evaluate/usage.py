"""Hand-usage rules: which of a player's own cards and the shared cards may make the hand.

- :data:`ANY`: the best five of own and shared cards together (hold'em, stud, Same'Em, Pass The Trash);
- :data:`OMAHA`: exactly two own cards with exactly three shared cards;
- :data:`PASSEM`: two own with three shared, or three own with two shared (seed ``000_4d47a75da2826cb4.txt``);
- :data:`THREE_HOLE`: all own cards plus the best two shared (others' face-up cards), seed
  ``004_dd2d1f817d061823.txt``.

The high and the low hand are chosen independently under the same rule.

>>> str(best_high("As 7d 7c", "7h Ks 2d", PASSEM))
'Three of a kind, sevens'
>>> str(best_high("Ks 9d Kc", "Kh 4c 9h", THREE_HOLE))
'Full house, kings full of nines'
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache, partial
from itertools import combinations
from typing import Any, Final, Literal

import numpy as np
import numpy.typing as npt

from homegame.cards import Card, cards
from homegame.evaluate import kernels
from homegame.evaluate.batch import (
    PARALLEL_ROWS,
    BadIds,
    Strengths,
    check_array,
    high_rows_of,
    low_rows_of,
    raise_bad_rows,
)
from homegame.evaluate.best import evaluate, evaluate_low
from homegame.evaluate.classes import LOW_RULES, check_rule, qualifier_threshold
from homegame.evaluate.fast import high_strength_of, low_strength_of
from homegame.evaluate.pool import run_all, spans, threads
from homegame.evaluate.tables import high_tables, tables
from homegame.evaluate.values import (
    MAX_CARDS,
    BadHand,
    CardsLike,
    HandValue,
    LowValue,
    WildLike,
    check_distinct,
    high_value,
    low_value,
)

UsageKind = Literal["any", "split", "own-plus"]


class BadUsage(ValueError):
    """A usage rule that makes no sense, or cards that cannot make a hand under it."""


@dataclass(frozen=True)
class Usage:
    """How own and shared cards combine into a five-card hand.

    ``kind="any"``: best five of all; ``"split"``: exactly ``(own, shared)`` counts, one of
    ``splits``; ``"own-plus"``: all own cards plus the best ``pool`` shared cards.
    """

    kind: UsageKind
    splits: tuple[tuple[int, int], ...] = ()
    pool: int = 0

    def __post_init__(self) -> None:
        if self.kind not in ("any", "split", "own-plus"):
            raise BadUsage(f"unknown usage kind {self.kind!r}: use 'any', 'split' or 'own-plus'")
        if self.kind == "split" and (
            not self.splits or any(h < 0 or b < 0 or h + b != 5 for h, b in self.splits)
        ):
            raise BadUsage(f"splits {self.splits!r} must be (own, shared) pairs adding up to 5")
        if self.kind == "own-plus" and self.pool < 0:
            raise BadUsage(f"pool {self.pool} must be 0 or more")

    def groups(self, own: int, shared: int) -> tuple[tuple[tuple[int, ...], tuple[int, ...]], ...]:
        """The card groups a player with ``own`` and ``shared`` cards may take their best five from,
        as ``(own positions, shared positions)``; raises :class:`BadHand` if there is none."""
        return _groups(self, own, shared)

    def fives(self, own: tuple[Card, ...], shared: tuple[Card, ...]) -> Iterator[tuple[Card, ...]]:
        """Every five-card hand the rule allows."""
        for mine, theirs in self.groups(len(own), len(shared)):
            group = tuple(own[i] for i in mine) + tuple(shared[j] for j in theirs)
            yield from combinations(group, 5)


@cache
def _groups(usage: Usage, own: int, shared: int) -> tuple[tuple[tuple[int, ...], tuple[int, ...]], ...]:
    mine_all, theirs_all = tuple(range(own)), tuple(range(shared))
    if usage.kind == "any":
        out = [(mine_all, theirs_all)]
    elif usage.kind == "split":
        out = [(m, t) for h, b in usage.splits if h <= own and b <= shared
               for m in combinations(mine_all, h) for t in combinations(theirs_all, b)]
    else:
        out = [(mine_all, t) for t in combinations(theirs_all, min(usage.pool, shared))]
    out = [(m, t) for m, t in out if len(m) + len(t) >= 5]
    if not out:
        raise BadHand(f"{own} own and {shared} shared cards make no five-card hand under {usage}")
    size = max(len(m) + len(t) for m, t in out)
    if size > MAX_CARDS:
        raise BadHand(f"a hand needs 5 to {MAX_CARDS} cards, got {size}")
    return tuple(out)


@cache
def _selections(usage: Usage, own: int, shared: int) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int64]]:
    groups = _groups(usage, own, shared)
    own_sel = np.array([sum(1 << i for i in m) for m, _ in groups], dtype=np.int64)
    shared_sel = np.array([sum(1 << j for j in t) for _, t in groups], dtype=np.int64)
    return own_sel, shared_sel


ANY: Final = Usage("any")
OMAHA: Final = Usage("split", ((2, 3),))
PASSEM: Final = Usage("split", ((2, 3), (3, 2)))
THREE_HOLE: Final = Usage("own-plus", pool=2)


def _parse(own: CardsLike, shared: CardsLike, usage: Usage) -> tuple[tuple[Card, ...], tuple[Card, ...]]:
    if not isinstance(usage, Usage):
        raise BadUsage(f"usage must be a Usage (ANY, OMAHA, PASSEM, THREE_HOLE), got {usage!r}")
    mine, theirs = cards(own), cards(shared)
    check_distinct(mine + theirs)
    usage.groups(len(mine), len(theirs))
    return mine, theirs


def _one_row(mine: tuple[Card, ...], theirs: tuple[Card, ...], usage: Usage, rule: int, threshold: int) -> int:
    groups = usage.groups(len(mine), len(theirs))
    if len(groups) <= 12 and all(len(m) + len(t) <= 7 for m, t in groups):
        own_list, shared_list = [c.id for c in mine], [c.id for c in theirs]
        hands = [[own_list[i] for i in m] + [shared_list[j] for j in t] for m, t in groups]
        if rule < 0:
            return max(high_strength_of(hand) for hand in hands)
        best = max(low_strength_of(hand, rule) for hand in hands)
        return best if best >= threshold else 0
    own_ids = np.array([[c.id for c in mine]], dtype=np.int64)
    shared_ids = np.array([[c.id for c in theirs]], dtype=np.int64).reshape(1, len(theirs))
    return int(_run_groups(own_ids, shared_ids, usage, rule, threshold)[0])


def _group_cards(mine: tuple[Card, ...], theirs: tuple[Card, ...], usage: Usage) -> list[tuple[Card, ...]]:
    return [tuple(mine[i] for i in m) + tuple(theirs[j] for j in t)
            for m, t in usage.groups(len(mine), len(theirs))]


def best_high(own: CardsLike, shared: CardsLike, usage: Usage = ANY, wild: WildLike | None = None) -> HandValue:
    """The best high hand ``own`` and ``shared`` cards make under ``usage``; ``wild`` names wild cards as
    for :func:`homegame.evaluate.evaluate`.

    >>> str(best_high("Ah Kh 2c 3d", "Qh Jh Th 9s 8s", OMAHA))
    'Royal flush'
    >>> str(best_high("Ah Ad 2c 3d", "Qh Jh Th 9s 8s", OMAHA, wild="2"))
    'Royal flush (one wild: 2c as Kh)'
    """
    mine, theirs = _parse(own, shared, usage)
    if wild is not None:
        return max(evaluate(group, wild=wild) for group in _group_cards(mine, theirs, usage))
    if usage.kind == "any":
        return high_value(mine + theirs)
    strength = _one_row(mine, theirs, usage, -1, 0)
    return HandValue(strength, lambda: usage.fives(mine, theirs))


def best_low(own: CardsLike, shared: CardsLike, usage: Usage = ANY, rule: str = "a5",
             qualifier: int | None = None, wild: WildLike | None = None) -> LowValue | None:
    """The best low under ``usage`` and ``rule``, or ``None`` when none qualifies (``wild`` as for
    :func:`best_high`).

    >>> str(best_low("Ah 2h Kc Kd", "3s 4s 5s Qd Jc", OMAHA, "a5", 8))
    '5-4-3-2-A low'
    >>> best_low("Ah Kh Kc Kd", "3s 4s 5s Qd Jc", OMAHA, "a5", 8) is None
    True
    """
    checked = check_rule(rule)
    threshold = qualifier_threshold(checked, qualifier)
    mine, theirs = _parse(own, shared, usage)
    if wild is not None:
        lows = [v for group in _group_cards(mine, theirs, usage)
                if (v := evaluate_low(group, checked, qualifier, wild=wild)) is not None]
        return max(lows) if lows else None
    if usage.kind == "any":
        return low_value(mine + theirs, checked, threshold)
    strength = _one_row(mine, theirs, usage, LOW_RULES.index(checked), max(threshold, 1))
    if strength == 0:
        return None
    return LowValue(strength, checked, lambda: usage.fives(mine, theirs))


def _run_groups(own: npt.NDArray[Any], shared: npt.NDArray[Any], usage: Usage, rule: int,
                threshold: int) -> Strengths:
    own_sel, shared_sel = _selections(usage, own.shape[1], shared.shape[1])
    if len(own_sel) == 1 and own_sel[0] == (1 << own.shape[1]) - 1 and shared_sel[0] == (1 << shared.shape[1]) - 1:
        # one group of every card (hold'em's any five of seven): the plain batch kernels, three times as fast
        rows = np.ascontiguousarray(np.hstack([own, shared]))
        parallel = len(rows) >= PARALLEL_ROWS
        return high_rows_of(rows, parallel) if rule < 0 else low_rows_of(rows, rule, threshold, parallel)
    t = tables()
    out = np.empty(len(own), dtype=np.int32)
    parallel = len(own) * len(own_sel) >= PARALLEL_ROWS
    high = high_tables()
    run_all([partial(kernels.group_rows, own[a:b], shared[a:b], own_sel, shared_sel, rule, threshold, t.card_keys,
                     t.card_bits, *high, t.low_rank, t.low_flush, out[a:b], 1)
             for a, b in spans(len(own), threads() if parallel else 1)])
    return out


def _check_pair(own: Any, shared: Any, usage: Usage) -> tuple[npt.NDArray[Any], npt.NDArray[Any]]:
    if not isinstance(usage, Usage):
        raise BadUsage(f"usage must be a Usage (ANY, OMAHA, PASSEM, THREE_HOLE), got {usage!r}")
    mine = check_array(own, low=0, high=10, name="own")
    theirs = check_array(shared, low=0, high=50, name="shared")
    if len(mine) != len(theirs):
        raise BadIds(f"own has {len(mine)} rows but shared has {len(theirs)}: one row per hand in both")
    if mine.shape[1] + theirs.shape[1] > 52:
        raise BadIds("own and shared hold more cards than a deck")
    usage.groups(mine.shape[1], theirs.shape[1])
    return mine, theirs


def _wild_groups(mine: npt.NDArray[Any], theirs: npt.NDArray[Any], usage: Usage, wild: Any,
                 low: tuple[str, int | None] | None) -> Strengths:
    """The best over the usage's card groups, each group one batch call with wild cards."""
    from homegame.evaluate.batch import evaluate_low_many, evaluate_many

    best = np.zeros(len(mine), dtype=np.int32)
    for m, t in usage.groups(mine.shape[1], theirs.shape[1]):
        rows = np.concatenate([mine[:, list(m)], theirs[:, list(t)]], axis=1).astype(np.int64)
        if len(m) + len(t) > 10:
            raise BadIds(f"a hand needs 5 to 10 cards, got {len(m) + len(t)}")
        values = (evaluate_many(rows, wild=wild) if low is None
                  else evaluate_low_many(rows, low[0], low[1], wild=wild))
        best = np.maximum(best, values)
    return best


def best_high_many(own: Any, shared: Any, usage: Usage = ANY, wild: Any = None) -> Strengths:
    """High strength of each row: own ``(n, h)`` and shared ``(n, b)`` card ids under ``usage``; ``wild``
    as for :func:`homegame.evaluate.evaluate_many`.

    >>> from homegame.cards import card_ids
    >>> best_high_many(np.array([card_ids("Ah Kh 2c 3d")]), np.array([card_ids("Qh Jh Th 9s 8s")]), OMAHA)
    array([7462], dtype=int32)
    """
    mine, theirs = _check_pair(own, shared, usage)
    if wild is not None:
        return _wild_groups(mine, theirs, usage, wild, None)
    return raise_bad_rows(_run_groups(mine, theirs, usage, -1, 0), "own/shared")


def best_low_many(own: Any, shared: Any, usage: Usage = ANY, rule: str = "a5",
                  qualifier: int | None = None, wild: Any = None) -> Strengths:
    """Low strength of each row under ``usage`` and ``rule``: ``0`` when no low qualifies."""
    checked = check_rule(rule)
    threshold = max(qualifier_threshold(checked, qualifier), 1)
    mine, theirs = _check_pair(own, shared, usage)
    if wild is not None:
        return _wild_groups(mine, theirs, usage, wild, (checked, qualifier))
    return raise_bad_rows(_run_groups(mine, theirs, usage, LOW_RULES.index(checked), threshold), "own/shared")


__all__ = [
    "ANY", "OMAHA", "PASSEM", "THREE_HOLE", "BadUsage", "Usage", "best_high", "best_high_many", "best_low",
    "best_low_many",
]
