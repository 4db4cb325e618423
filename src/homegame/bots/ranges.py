"""A seat's share of the pot against what its opponents are likely to hold, not against any holding.

The unknown cards are sampled as in :mod:`homegame.bots.estimate`; each opponent's sampled holding as
it is now (its cards so far, with the board or the table's face-up cards) gets a quick strength score
(made hand, the rank that makes it, high cards, suits and neighbours, low cards in games with a low),
and a completion counts fully only where each opponent's holding is within the top ``width`` of its
samples (elsewhere it counts for little). ``width`` 1 is any holding, 0.12 a strong one.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

import numpy as np
import numpy.typing as npt
from numba import njit

from homegame.bots.base import View
from homegame.bots.estimate import Known, Sampled, parts, sample
from homegame.cards import card_ids

#: The weight of a completion in which an opponent holds something outside its range, per unit of width
#: (so that such completions weigh about 2% of the range's, however narrow).
OUTSIDE = 0.02


def _straights() -> npt.NDArray[np.int64]:
    """Per 13-bit mask of the ranks held (bit 0 the deuce): 5 with a straight, 4 with four of some five
    ranks in a row (an open-ended or inside draw), else 0; the ace also plays low."""
    masks = np.arange(1 << 13)
    low = (masks << 1) | (masks >> 12)  # bit 0 is the ace played low
    windows = np.array([(low >> i) & 31 for i in range(10)])
    return np.where((windows == 31).any(axis=0), 5, np.where(
        np.isin(windows, (15, 23, 27, 29, 30)).any(axis=0), 4, 0))


#: :func:`_straights`, worked out once.
_STRAIGHT = _straights()


def strength_now(cards: npt.NDArray[np.int64], shared: npt.NDArray[np.int64], *, low: bool = False
                 ) -> npt.NDArray[np.float64]:
    """A quick score per row of the holding ``cards`` (trials × n ids) with the ``shared`` cards seen now.

    >>> ids = np.array([[48, 49], [0, 5], [48, 44]])  # As Ad, 2c 3d, As Kc
    >>> s = strength_now(ids, np.zeros((3, 0), dtype=np.int64))
    >>> bool(s[0] > s[2] > s[1])
    True
    """
    if cards.shape[1] == 0:
        raise ValueError("strength_now needs at least one own card per row")
    everything = np.hstack([cards, shared]) if shared.shape[1] else cards
    out = np.empty(len(cards), dtype=np.float64)
    _strength_rows(np.ascontiguousarray(everything, dtype=np.int64), cards.shape[1], low, _STRAIGHT, out)
    return out


@njit(cache=True, nogil=True)
def _strength_rows(rows: Any, own: int, low: bool, straight: Any, out: Any) -> None:  # pragma: no cover - jit
    """:func:`strength_now` row by row (each row's first ``own`` cards are the holding), every float
    operation in the order the array version took, so the scores are the same to the last bit."""
    total = rows.shape[1]
    weight = 1.5 if total >= 5 else 0.5
    counts = np.zeros(13, dtype=np.int64)
    suits = np.zeros(4, dtype=np.int64)
    for i in range(rows.shape[0]):
        counts[:] = 0
        suits[:] = 0
        for j in range(total):
            counts[rows[i, j] >> 2] += 1
            suits[rows[i, j] & 3] += 1
        top = 0
        pairs = 0
        made = -1
        mask = 0
        for r in range(13):
            c = counts[r]
            top = max(top, c)
            if c >= 2:
                pairs += 1
                made = r
            if c > 0:
                mask |= 1 << r
        category = 0
        if top >= 4:
            category = 7
        elif top == 3 and pairs >= 2:
            category = 6
        elif top == 3:
            category = 3
        elif pairs >= 2:
            category = 2
        elif pairs == 1:
            category = 1
        longest = straight[mask]
        flush = max(suits[0], suits[1], suits[2], suits[3])
        if flush >= 5:
            category = max(category, 5)
        if longest >= 5:
            category = max(category, 4)
        first = -1
        second = -1
        for j in range(own):
            r = rows[i, j] >> 2
            if r > first:
                first, second = r, first
            elif r > second:
                second = r
        score = weight * category + max(made, 0) / 13.0
        score = score + 0.8 * first / 12.0
        if own > 1:
            score = score + 0.4 * second / 12.0
        score = score + 0.3 * (1.0 if flush == 4 else 0.0) + 0.2 * (1.0 if longest == 4 else 0.0)
        if own > 1:
            suited = False
            for a in range(own):
                for b in range(a + 1, own):
                    if (rows[i, a] & 3) == (rows[i, b] & 3):
                        suited = True
            score = score + 0.25 * (1.0 if suited else 0.0)
        if low:
            ace = 1 if counts[12] > 0 else 0
            held = ace
            for r in range(7):
                if counts[r] > 0:
                    held += 1
            score = max(score, 0.75 * held + 0.2 * ace)
        out[i] = score


def weights(view: View, dealt: Sampled, widths: Mapping[int, float]) -> npt.NDArray[np.float64]:
    """Each completion's weight: how far every opponent's sampled holding fits its range."""
    w = np.ones(dealt.trials, dtype=np.float64)
    low = dealt.game.rules.get("split", "high") != "high"
    table_shared = dealt.game.use.shared == "face-up"  # the others' face-up cards are shared
    entries = {int(s["seat"]): s for s in view["seats"]}
    ranged: list[tuple[float, npt.NDArray[np.int64], npt.NDArray[np.int64]]] = []  # (width, own, shared)
    for index, seat in enumerate(dealt.seats[1:], start=1):
        width = widths.get(seat, 1.0)
        if width >= 0.999:
            continue
        entry = entries[seat]
        held = len(entry.get("up") or ()) + int(entry.get("down") or 0)
        own = dealt.rows[index][:, :max(1, held)]
        if table_shared:
            table = [c for s in view["seats"] if s["seat"] != seat for c in s.get("up") or ()]
            shared = _ids(table, dealt.trials)
        else:
            shared = dealt.board[:, :len(view.get("board") or ())]
        ranged.append((width, own, shared))
    if not ranged:
        return w
    for (width, _, _), score in zip(ranged, _scores([(o, s) for _, o, s in ranged], low), strict=True):
        cut = quantile(score, 1.0 - width)
        w *= np.where(score >= cut, 1.0, OUTSIDE * width)
    return w


def _scores(holdings: list[tuple[npt.NDArray[np.int64], npt.NDArray[np.int64]]], low: bool
            ) -> list[npt.NDArray[np.float64]]:
    """:func:`strength_now` of each (own, shared) holding, in one call when their shapes are alike."""
    if len(holdings) > 1 and len({(o.shape, s.shape) for o, s in holdings}) == 1:
        scores = strength_now(np.vstack([o for o, _ in holdings]), np.vstack([s for _, s in holdings]), low=low)
        return list(scores.reshape(len(holdings), -1))
    return [strength_now(own, shared, low=low) for own, shared in holdings]


def quantile(values: npt.NDArray[np.float64], q: float) -> float:
    """``np.quantile(values, q)`` (its default, linear interpolation), to the last bit, from the two order
    statistics around it: numpy's own general path cost more than a range estimate's sampling.

    >>> v = np.array([3.0, 1.0, 2.0, 2.0, 5.0])
    >>> [quantile(v, q) == float(np.quantile(v, q)) for q in (0.0, 0.3, 0.5, 0.88, 1.0)]
    [True, True, True, True, True]
    """
    top = len(values) - 1
    at = top * q  # numpy's virtual index for "linear"
    below = math.floor(at)
    if at >= top:
        return float(values.max())
    if at <= 0:
        return float(values.min())
    low, high = (float(x) for x in np.partition(values, (below, below + 1))[below:below + 2])
    t = at - below
    step = high - low
    return high - step * (1 - t) if t >= 0.5 else low + step * t  # numpy's _lerp, both branches


def _ids(cards: list[str], trials: int) -> npt.NDArray[np.int64]:
    return np.broadcast_to(np.array(card_ids(cards), dtype=np.int64).reshape(1, -1), (trials, len(cards)))


def ranged_sides(view: View, widths: Mapping[int, float], trials: int = 600, seed: int | None = None,
                 known: Known | None = None) -> tuple[float, float | None]:
    """This seat's chances (ties shared) of the high side and of the low side (``None`` in a high game)
    against opponents holding the top ``widths[seat]`` of their possible holdings."""
    dealt = sample(view, trials, seed, known)
    high, low = parts(dealt)
    w = weights(view, dealt, widths)
    total = float(w.sum())
    high_chance = float((w * high).sum() / total)
    if low is None:
        return high_chance, None
    return high_chance, float((w * np.clip(low, 0, 1)).sum() / total)


def ranged_share(view: View, widths: Mapping[int, float], trials: int = 600, seed: int | None = None,
                 known: Known | None = None) -> float:
    """This seat's expected share of the pot against opponents' ranges: in a high game the high side; in
    a high-low game half of each side (all of the high side when no low qualifies); in a declare game
    the likelier side."""
    dealt = sample(view, trials, seed, known)
    if len(dealt.seats) == 1:
        return 1.0
    high, low = parts(dealt)
    w = weights(view, dealt, widths)
    total = float(w.sum())
    if low is None:
        return float((w * high).sum() / total)
    if dealt.game.rules.get("split") == "declare":
        return max(float((w * high).sum() / total), float((w * np.clip(low, 0, 1)).sum() / total))
    return float((w * np.where(low >= 0, 0.5 * high + 0.5 * low, high)).sum() / total)
