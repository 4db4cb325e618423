"""Where the blinds fall at a table, read through :class:`homegame.table.Table`'s public state: who
would be big blind next (the player a balancing move takes, TDA rule 11 of 2022) and the worst free seat at a
short table (the one that posts the big blind soonest, never the small blind).

Tournament tables play the dead button (``Settings.dead_button``, TDA 2004 rule 6; see
:mod:`homegame.table.dead_button`): the big blind moves one player on from the last hand's
(``Table.last_blinds``), the small blind takes the last big blind's seat and the button the last small
blind's, empty or not. A table with a moving button (a cash table) moves its button to the next player
dealt in after ``Table.button``; :func:`next_blinds` is that rule. Both are read by
:func:`coming_blinds`, so the balancing move and the worst seat follow whichever the table plays.

>>> next_blinds([0, 2, 5, 7], button=2)
(5, 7, 0)
>>> next_blinds([3, 6], button=3)
(6, 6, 3)
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterator

from homegame.table import Table
from homegame.table import dead_button as dead


def next_blinds(positions: list[int], button: int) -> tuple[int, int, int]:
    """The next hand's (button, small blind, big blind) among ``positions`` (sorted, 2 or more) after a
    hand whose button was at ``button`` (-1 before the first), with a moving button; heads-up the
    button posts the small blind."""
    later = [p for p in positions if p > button]
    nxt = later[0] if later else positions[0]
    i = positions.index(nxt)
    if len(positions) == 2:
        return nxt, nxt, positions[1 - i]
    return nxt, positions[(i + 1) % len(positions)], positions[(i + 2) % len(positions)]


def coming_blinds(table: Table, positions: list[int]) -> Iterator[tuple[int, int, int]]:
    """The (button, small blind, big blind) of ``table``'s coming hands, one per hand without end, were
    ``positions`` (sorted, 2 or more) dealt in every one: under the dead button the big blind moves
    one player each hand (the button and the small blind may be empty seats), else the button moves."""
    if table.settings.dead_button:
        last = table.last_blinds
        while True:
            button, small, big = dead.next_blinds(positions, last)
            yield button, small, big
            last = small, big
    else:
        moving = table.button
        while True:
            blinds = next_blinds(positions, moving)
            yield blinds
            moving = blinds[0]


def hands_until_big_blind(table: Table, positions: list[int], seat: int) -> int:
    """How many hands ``table`` deals before ``seat`` (one of ``positions``) posts the big blind (0: the next)."""
    for hands, (_, _, big) in enumerate(itertools.islice(coming_blinds(table, positions), len(positions) + 1)):
        if big == seat:
            return hands
    raise AssertionError("a seat at the table never posts the big blind")


def players(table: Table) -> list[int]:
    """The positions with chips (whoever the table deals in, sitting out or not)."""
    return sorted(p for p, s in table.seats.items() if s.status == "active" and s.stack > 0)


def next_big_blind(table: Table) -> int:
    """The position that would post the big blind in the table's next hand."""
    positions = players(table)
    if len(positions) < 2:
        return positions[0]
    return next(coming_blinds(table, positions))[2]


def worst_free_seat(table: Table, rng: random.Random) -> int:
    """The free seat where a player moved in posts the big blind soonest and never the small blind
    (any free seat at a table with fewer than two players, by draw)."""
    free = [p for p in range(table.settings.max_seats) if p not in table.seats]
    if not free:
        raise ValueError("the table is full")
    positions = players(table)
    if len(positions) < 2:
        return rng.choice(free)

    def cost(seat: int) -> tuple[int, int]:
        with_seat = sorted(positions + [seat])
        _, small, _ = next(coming_blinds(table, with_seat))
        return (1 if small == seat else 0, hands_until_big_blind(table, with_seat, seat))

    return min(free, key=cost)


__all__ = ["coming_blinds", "hands_until_big_blind", "next_big_blind", "next_blinds", "players", "worst_free_seat"]
