"""Where the blinds fall at a table, read through :class:`homegame.table.Table`'s public state: who
would be big blind next (the player a balancing move takes, TDA rule 11 of 2022) and the worst free seat at a
short table (the one that posts the big blind soonest, never the small blind).

The table moves its button to the next player dealt in after the last hand's button, so the next
hand's button, small blind and big blind follow from the positions dealt in and ``Table.button``.

>>> next_blinds([0, 2, 5, 7], button=2)
(5, 7, 0)
>>> next_blinds([3, 6], button=3)
(6, 6, 3)
>>> hands_until_big_blind([0, 2, 5, 7], button=2, seat=0)
0
"""

from __future__ import annotations

import random

from homegame.table import Table


def next_blinds(positions: list[int], button: int) -> tuple[int, int, int]:
    """The next hand's (button, small blind, big blind) among ``positions`` (sorted, 2 or more) after a
    hand whose button was at ``button`` (-1 before the first); heads-up the button posts the small blind."""
    later = [p for p in positions if p > button]
    nxt = later[0] if later else positions[0]
    i = positions.index(nxt)
    if len(positions) == 2:
        return nxt, nxt, positions[1 - i]
    return nxt, positions[(i + 1) % len(positions)], positions[(i + 2) % len(positions)]


def hands_until_big_blind(positions: list[int], button: int, seat: int) -> int:
    """How many hands are dealt before ``seat`` (one of ``positions``) posts the big blind (0: the next)."""
    for hands in range(len(positions) + 1):
        nxt, _, big = next_blinds(positions, button)
        if big == seat:
            return hands
        button = nxt
    raise AssertionError("a seat at the table never posts the big blind")


def players(table: Table) -> list[int]:
    """The positions with chips (whoever the table deals in, sitting out or not)."""
    return sorted(p for p, s in table.seats.items() if s.status == "active" and s.stack > 0)


def next_big_blind(table: Table) -> int:
    """The position that would post the big blind in the table's next hand."""
    positions = players(table)
    if len(positions) < 2:
        return positions[0]
    return next_blinds(positions, table.button)[2]


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
        _, small, _ = next_blinds(with_seat, table.button)
        return (1 if small == seat else 0, hands_until_big_blind(with_seat, table.button, seat))

    return min(free, key=cost)


__all__ = ["hands_until_big_blind", "next_big_blind", "next_blinds", "players", "worst_free_seat"]
