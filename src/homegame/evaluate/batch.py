"""Batch evaluation over numpy arrays of card ids, one row per hand (the fast path).

>>> import numpy as np
>>> from homegame.cards import card_ids
>>> evaluate_many(np.array([card_ids("As Ks Qs Js Ts"), card_ids("7c 5d 4h 3s 2c")])).tolist()
[7462, 1]
>>> evaluate_low_many(np.array([card_ids("5h 4d 3c 2s Ah 9c Kd")]), "a5", 8).tolist()
[6175]
"""

from __future__ import annotations

from functools import partial
from typing import Any, Final

import numpy as np
import numpy.typing as npt

from homegame.evaluate import kernels
from homegame.evaluate.classes import LOW_RULES, check_rule, qualifier_threshold
from homegame.evaluate.pool import run_all, spans, threads
from homegame.evaluate.tables import high_tables, low_tables, tables

#: Batches of at least this many hand evaluations are split across numba's threads.
PARALLEL_ROWS: Final = 200_000
Strengths = npt.NDArray[np.int32]


class BadIds(ValueError):
    """An id array of the wrong shape or type, with ids outside 0..51 or a card twice in a row."""


def check_array(ids: Any, *, low: int, high: int, name: str = "ids") -> npt.NDArray[np.integer[Any]]:
    """Check the shape and type of a 2-D integer array of card ids with ``low`` to ``high`` columns."""
    if not isinstance(ids, np.ndarray):
        raise BadIds(f"{name} must be a numpy array of card ids, got {type(ids).__name__}")
    if ids.ndim != 2:
        raise BadIds(f"{name} must be 2-D (hands, cards), got shape {ids.shape}")
    if not np.issubdtype(ids.dtype, np.integer) or ids.dtype == np.uint64:
        raise BadIds(f"{name} must hold integer card ids (int8..int64), got dtype {ids.dtype}")
    if not low <= ids.shape[1] <= high:
        raise BadIds(f"{name} must have {low} to {high} cards per row, got {ids.shape[1]}")
    return np.ascontiguousarray(ids)


def raise_bad_rows(out: Strengths, name: str = "ids") -> Strengths:
    """Raise :class:`BadIds` if a kernel marked a row as bad, else return ``out``."""
    if len(out) and out.min() < 0:
        row = int(np.argmax(out < 0))
        raise BadIds(f"{name} row {row} holds an id outside 0..51 or the same card twice")
    return out


def _spans(rows: int, parallel: bool | None) -> list[tuple[int, int]]:
    if parallel is None:
        parallel = rows >= PARALLEL_ROWS
    return spans(rows, threads() if parallel else 1)


def evaluate_many(ids: Any, *, wild: Any = None, parallel: bool | None = None) -> Strengths:
    """The high strength of each row of card ids: shape ``(n, k)``, ``5 <= k <= 7`` (up to 10 accepted).

    Larger is better, ordered exactly as :func:`homegame.evaluate.evaluate` orders the same hands.
    ``wild``: wild cards as :func:`~homegame.evaluate.evaluate` takes them (``"2"``, ``"Jh Js"``), or a 1-D
    integer array of 52-bit id masks, one per row; with ``wild`` the values are on the wild scale of
    :mod:`homegame.evaluate.wildscale` (flushes may repeat a rank; five of a kind on top).
    ``parallel``: split across numba's threads (default: for large batches on several cores).
    """
    rows = check_array(ids, low=5, high=10)
    if wild is not None:
        from homegame.evaluate.wildbatch import high_many_wild
        return raise_bad_rows(high_many_wild(rows, wild, _spans(len(rows), parallel)))
    return raise_bad_rows(high_rows_of(rows, parallel))


def high_rows_of(rows: npt.NDArray[np.integer[Any]], parallel: bool | None = None) -> Strengths:
    """:func:`evaluate_many` of checked ``rows`` (:func:`check_array`), bad rows marked (negative), not raised."""
    t = tables()
    out = np.empty(len(rows), dtype=np.int32)
    high = high_tables()
    run_all([partial(kernels.high_rows, rows[a:b], t.card_keys, t.card_bits, *high, out[a:b], 1)
             for a, b in _spans(len(rows), parallel)])
    return out


def evaluate_low_many(ids: Any, rule: str = "a5", qualifier: int | None = None, *, wild: Any = None,
                      parallel: bool | None = None) -> Strengths:
    """The low strength of each row under ``rule``: larger is better, ``0`` when no low qualifies.
    ``wild`` as for :func:`evaluate_many`."""
    checked = check_rule(rule)
    threshold = max(qualifier_threshold(checked, qualifier), 1)
    rows = check_array(ids, low=5, high=10)
    if wild is not None:
        from homegame.evaluate.wildbatch import low_many_wild
        return raise_bad_rows(low_many_wild(rows, wild, checked, qualifier, _spans(len(rows), parallel)))
    return raise_bad_rows(low_rows_of(rows, LOW_RULES.index(checked), threshold, parallel))


def low_rows_of(rows: npt.NDArray[np.integer[Any]], rule: int, threshold: int, parallel: bool | None = None
                ) -> Strengths:
    """:func:`evaluate_low_many` of checked ``rows`` under the rule ``LOW_RULES[rule]`` (0 below
    ``threshold``), bad rows marked (negative), not raised."""
    t = tables()
    out = np.empty(len(rows), dtype=np.int32)
    low = low_tables()
    run_all([partial(kernels.low_rows, rows[a:b], rule, threshold, t.card_keys, t.card_bits, *low, out[a:b], 1)
             for a, b in _spans(len(rows), parallel)])
    return out


__all__ = ["BadIds", "check_array", "evaluate_low_many", "evaluate_many", "raise_bad_rows"]
