"""Batch evaluation over numpy arrays of card ids (one row per hand)."""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt

from homegame.cards import DECK
from homegame.evaluate.classes import check_rule, qualifier_threshold
from homegame.evaluate.values import BadHand, best_high_of, best_low_of


class BadIds(ValueError):
    """An id array of the wrong shape or type, with ids outside 0..51 or a card twice in a row."""


def check_ids(ids: Any, *, low: int = 5, high: int = 10, name: str = "ids") -> npt.NDArray[np.int64]:
    """Check a 2-D integer array of card ids: ``low`` to ``high`` columns, ids 0..51, no repeats in a row."""
    if not isinstance(ids, np.ndarray):
        raise BadIds(f"{name} must be a numpy array of card ids, got {type(ids).__name__}")
    if ids.ndim != 2:
        raise BadIds(f"{name} must be 2-D (hands, cards), got shape {ids.shape}")
    if not np.issubdtype(ids.dtype, np.integer):
        raise BadIds(f"{name} must hold integers, got dtype {ids.dtype}")
    if not low <= ids.shape[1] <= high:
        raise BadIds(f"{name} must have {low} to {high} cards per row, got {ids.shape[1]}")
    if ids.size and (ids.min() < 0 or ids.max() > 51):
        raise BadIds(f"{name} holds ids outside 0..51")
    if ids.shape[1] > 1 and ids.size:
        ordered = np.sort(ids, axis=1)
        if (ordered[:, 1:] == ordered[:, :-1]).any():
            raise BadIds(f"{name} has a row with the same card twice")
    return ids.astype(np.int64, copy=False)


def evaluate_many(ids: Any) -> npt.NDArray[np.int32]:
    """High strength of each row of card ids, shape ``(n, k)``, ``5 <= k <= 7`` (up to 10 accepted).

    >>> import numpy as np
    >>> evaluate_many(np.array([[51, 47, 43, 39, 35]])).tolist()
    [7462]
    """
    rows = check_ids(ids)
    out = np.empty(len(rows), dtype=np.int32)
    for i, row in enumerate(rows):
        out[i] = best_high_of([DECK[c] for c in row]).strength
    return out


def evaluate_low_many(ids: Any, rule: str = "a5", qualifier: int | None = None) -> npt.NDArray[np.int32]:
    """Low strength of each row (``0`` = no qualifying low, larger is better)."""
    checked = check_rule(rule)
    threshold = qualifier_threshold(checked, qualifier)
    rows = check_ids(ids)
    out = np.zeros(len(rows), dtype=np.int32)
    for i, row in enumerate(rows):
        low = best_low_of([DECK[c] for c in row], checked, threshold)
        if low is not None:
            out[i] = low.strength
    return out


__all__ = ["BadHand", "BadIds", "check_ids", "evaluate_low_many", "evaluate_many"]
