"""Places and money: the prize amounts by place, players knocked out together ranked by their stacks
at the start of the hand with equal stacks sharing the places' prizes, deal splits in
whole units, and the night's settle-up between people.

>>> prize_amounts(1000, [50, 30, 20])
[500, 300, 200]
>>> prize_amounts(101, [50, 30, 20])
[51, 30, 20]
>>> rank_group([("Ann", 500), ("Bob", 900), ("Cy", 500)], first_place=4)
[('Bob', 4, [4]), ('Ann', 5, [5, 6]), ('Cy', 5, [5, 6])]
>>> share([300, 200], 2)
[250, 250]
>>> share([100, 0, 1], 2)
[51, 50]
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from homegame.table import Settlement, settle


def prize_amounts(pool: int, shares: Sequence[int]) -> list[int]:
    """Whole-unit prizes for 1st, 2nd, … from per-cent ``shares`` of ``pool``; what rounding leaves
    goes to first place, so the prizes sum to the pool."""
    amounts = [pool * s // 100 for s in shares]
    if amounts:
        amounts[0] += pool - sum(amounts)
    return amounts


def rank_group(busted: Sequence[tuple[str, int]], first_place: int) -> list[tuple[str, int, list[int]]]:
    """Players knocked out in one hand (or one hand-for-hand round): ``(name, chips at the hand's start)``
    ranked from ``first_place`` down, more chips placing higher; equal chips share their places. Returns
    ``(name, place, places shared)`` in finishing order."""
    ordered = sorted(busted, key=lambda b: -b[1])
    out: list[tuple[str, int, list[int]]] = []
    place = first_place
    i = 0
    while i < len(ordered):
        tied = [b for b in ordered[i:] if b[1] == ordered[i][1]]
        places = list(range(place, place + len(tied)))
        out.extend((name, place, places) for name, _ in tied)
        place += len(tied)
        i += len(tied)
    return out


def share(prizes: Sequence[int], ways: int) -> list[int]:
    """``prizes`` summed and split ``ways`` ways in whole units (the odd units to the first)."""
    total = sum(prizes)
    base, odd = divmod(total, ways)
    return [base + (1 if i < odd else 0) for i in range(ways)]


def whole_split(values: Sequence[float], total: int) -> list[int]:
    """``values`` (summing to about ``total``) as whole units summing to exactly ``total``: floors, then
    the largest remainders.

    >>> whole_split([33.4, 33.3, 33.3], 100)
    [34, 33, 33]
    """
    floors = [math.floor(v) for v in values]
    rest = total - sum(floors)
    order = sorted(range(len(values)), key=lambda i: (floors[i] - values[i], i))
    for i in order[:max(0, rest)]:
        floors[i] += 1
    return floors


def settle_night(paid: dict[str, int], received: dict[str, int], bots: set[str]) -> Settlement:
    """Who pays whom after the tournament: each name's net (what it received less what it paid in),
    settled between people, bots apart (see :func:`homegame.table.settle`)."""
    nets = {name: received.get(name, 0) - paid.get(name, 0) for name in dict.fromkeys([*paid, *received])}
    return settle(nets, bots)


__all__ = ["prize_amounts", "rank_group", "settle_night", "share", "whole_split"]
