"""Batch evaluation with wild cards (the numba kernels of :mod:`homegame.evaluate.wildkernels`); high
values are on the wild scale of :mod:`homegame.evaluate.wildscale` (rows without a wild card too) unless
the row's mask is empty (no card is wild: natural values).

``wild`` is what :func:`homegame.evaluate.wild.wild_mask` takes (the same wild cards for every row), or a
1-D numpy integer array of 52-bit masks, one per row (wild cards that change from hand to hand).

>>> import numpy as np
>>> from homegame.cards import card_ids
>>> from homegame.evaluate import evaluate_low
>>> ids = np.array([card_ids("As Ah Ad 2c 7d 8d 9h"), card_ids("Ks Qs Js Ts 2h 3c 4d")])
>>> from homegame.evaluate import evaluate
>>> high_many_wild(ids, "2").tolist() == [evaluate("As Ah Ad 2c 7d 8d 9h", wild="2").strength,
...                                       evaluate("Ks Qs Js Ts 2h 3c 4d", wild="2").strength]  # aces, royal
True
>>> low_many_wild(ids, "2", "a5").tolist() == [evaluate_low("As Ah Ad 2c 7d 8d 9h", wild="2").strength,
...                                            evaluate_low("Ks Qs Js Ts 2h 3c 4d", wild="2").strength]
True
"""

from __future__ import annotations

from functools import partial
from typing import Any

import numpy as np
import numpy.typing as npt

from homegame.evaluate import wildkernels
from homegame.evaluate.classes import LOW_RULES, check_rule, qualifier_threshold
from homegame.evaluate.pool import run_all
from homegame.evaluate.tables import tables
from homegame.evaluate.wild import BadWild, wild_mask
from homegame.evaluate.wildscale import from_wild
from homegame.evaluate.wildtables import wild_low_tables, wild_tables

Strengths = npt.NDArray[np.int32]


def row_masks(wild: Any, rows: int) -> tuple[npt.NDArray[np.uint64], int]:
    """The wild masks as an array and the stride to read row ``i``'s at ``i * stride``."""
    if isinstance(wild, np.ndarray):
        if wild.ndim != 1 or len(wild) != rows or not np.issubdtype(wild.dtype, np.integer):
            raise BadWild(f"a wild array must be 1-D integer masks, one per row ({rows}), got shape "
                          f"{wild.shape} of {wild.dtype}")
        masks = np.ascontiguousarray(wild)
        if masks.dtype.itemsize != 8:
            masks = masks.astype(np.int64)
        return masks.view(np.uint64), 1  # the kernels mark a mask beyond bit 51 (or negative)
    return np.array([wild_mask(wild)], dtype=np.uint64), 0


def check_masks(out: Strengths) -> Strengths:
    """Raise :class:`BadWild` if a kernel marked a row's wild mask as bad, else return ``out``."""
    if len(out) and out.min() <= wildkernels.BAD_WILD:
        row = int(np.argmax(out == wildkernels.BAD_WILD))
        raise BadWild(f"wild mask of row {row} is not a set of card ids 0..51 (a 52-bit mask)")
    return out


def high_many_wild(rows: Any, wild: Any, spans: list[tuple[int, int]] | None = None) -> Strengths:
    """High strengths of checked, C-contiguous ``rows`` with wild cards (``-1`` marks a bad row)."""
    masks, stride = row_masks(wild, len(rows))
    t = tables()
    w = wild_tables()
    out = np.empty(len(rows), dtype=np.int32)
    spans = spans or [(0, len(rows))]
    run_all([partial(wildkernels.wild_high_rows, rows[a:b], masks[a:b] if stride else masks, stride, t.card_keys, t.card_bits, t.offsets, w.rank_values, w.flush_values,
                     t.rank_keys, t.top_keys, t.straight_keys, t.top_rank, w.high, w.flush, w.straight, out[a:b])
             for a, b in spans])
    checked = check_masks(out)
    natural = masks[:len(rows)] == 0 if stride else np.full(len(rows), masks[0] == 0)
    if natural.any():  # no card is wild for these rows: natural values, as evaluate gives them
        checked[natural] = np.where(checked[natural] > 0, from_wild()[np.maximum(checked[natural], 0)],
                                    checked[natural])
    return checked


def low_many_wild(rows: Any, wild: Any, rule: str = "a5", qualifier: int | None = None,
                  spans: list[tuple[int, int]] | None = None) -> Strengths:
    """Low strengths (0 when none qualifies) of checked ``rows`` with wild cards."""
    checked = check_rule(rule)
    threshold = max(qualifier_threshold(checked, qualifier), 1)
    masks, stride = row_masks(wild, len(rows))
    t = tables()
    w = wild_low_tables()
    out = np.empty(len(rows), dtype=np.int32)
    spans = spans or [(0, len(rows))]
    run_all([partial(wildkernels.wild_low_rows, rows[a:b], masks[a:b] if stride else masks, stride, LOW_RULES.index(checked), threshold, t.card_keys, t.card_bits, t.offsets,
                     t.low_rank, t.low_flush, t.rank_keys, w.low, w.low_order, w.low_order_strength, out[a:b])
             for a, b in spans])
    return check_masks(out)


__all__ = ["high_many_wild", "low_many_wild", "row_masks"]
