"""Who must act in a betting round: the seats clockwise, who may still bet, and who is next."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from homegame.rules.state import HandState


def clockwise(players: int, start: int) -> tuple[int, ...]:
    """Every seat once, clockwise from ``start`` (made once per table size and start).

    >>> clockwise(4, 2)
    (2, 3, 0, 1)
    """
    try:
        return _CLOCKWISE[players][start]
    except (KeyError, IndexError):
        rows = _CLOCKWISE[players] = tuple(tuple((first + i) % players for i in range(players))
                                           for first in range(players))
        return rows[start % players]


_CLOCKWISE: dict[int, tuple[tuple[int, ...], ...]] = {}


def seat_rows(players: int) -> tuple[tuple[int, ...], ...]:
    """For each seat, every seat once clockwise from it (:func:`clockwise` of each start).

    >>> seat_rows(3)
    ((0, 1, 2), (1, 2, 0), (2, 0, 1))
    """
    clockwise(players, 0)
    return _CLOCKWISE[players]


def free_players(h: HandState) -> int:
    """How many seats are still in with chips (may still bet); during a betting round
    ``h.betting.free`` holds it, kept up to date by folds and all-ins."""
    stacks = h.stacks
    free = 0
    for o, out in enumerate(h.folded):
        if not out and stacks[o] > 0:
            free += 1
    return free


def next_to_act(h: HandState, start: int) -> int:
    """The first seat clockwise from ``start`` (inclusive) that owes a decision, or -1."""
    b = h.betting
    folded, stacks, bets, acted, high = h.folded, h.stacks, b.bets, b.acted, b.high
    others = b.free > 1  # an unacted seat with the bet matched acts only if another seat can still bet
    for s in h.rows[start % h.players]:
        if folded[s] or stacks[s] == 0:
            continue
        if bets[s] < high:
            return s
        if not acted[s] and others:
            return s
    return -1
