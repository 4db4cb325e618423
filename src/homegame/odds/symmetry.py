"""Suit isomorphism for exact enumeration: the suit permutations that leave every known card where it is.

A permutation of the four suits that maps each *block* of known cards (a player's own cards; in
Three-Hole a player's face-up and face-down cards apart; the community cards) onto itself turns every
deal into one that scores the same for every player. So the first unknown group's card sets fall into
orbits under these permutations, and the enumeration scores one set per orbit, weighted by the orbit's
size (:func:`homegame.odds.kernels.exact_chunk_sym`). With AsKs against QhQd, hearts and diamonds may
swap; with nothing known, all 24 permutations apply.

>>> symmetries([[0, 1], [2, 6]]).tolist()  # 2c 2d | 2h 3h: clubs and diamonds swap
[[0, 1, 2, 3], [1, 0, 2, 3]]
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from itertools import permutations

import numpy as np
import numpy.typing as npt

Ints = npt.NDArray[np.int64]


def symmetries(blocks: Sequence[Sequence[int]]) -> Ints:
    """Each suit permutation (``p[suit]`` is the suit it maps to, identity first) that maps every block
    of known card ids (``4 * rank + suit``) onto itself: a group, one row per permutation."""
    return _group(tuple(sorted(tuple(sorted(b)) for b in blocks if b))).copy()


@lru_cache(maxsize=1024)
def _group(blocks: tuple[tuple[int, ...], ...]) -> Ints:
    masks = [sum(1 << (16 * (c & 3) + (c >> 2)) for c in b) for b in blocks]
    found = [perm for perm in permutations(range(4))
             if all(sum(((m >> (16 * s)) & 0x1FFF) << (16 * perm[s]) for s in range(4)) == m for m in masks)]
    return np.array(found, dtype=np.int64).reshape(len(found), 4)
