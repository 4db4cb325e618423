"""The dead button of tournament play (TDA 2004 rule 6: "Tournament play will use a dead button";
Robert's Rules of Poker, "Button and Blind Use"): the big blind moves forward exactly one player each
hand, and the small blind and the button follow it. The seat that was big blind is the small blind's
seat and the seat that was small blind is the button's, occupied or not: so when players bust, the
button may sit on an empty seat (a dead button) and a hand may have no small blind. Nobody posts the
big blind twice in a row or misses it. Heads-up the button posts the small blind and the other player
the big blind; going from three players to two the big blind still moves one player on, so nobody takes
it twice in a row. Pure functions over table positions (seat numbers); no I/O.

``positions`` are the table positions dealt in (sorted); ``last`` is the last hand's (small blind,
big blind) seats, ``None`` before the first hand.

>>> next_blinds([0, 1, 2, 3, 4, 5], (1, 2))  # nobody busted: everything moves one seat
(1, 2, 3)
>>> next_blinds([0, 1, 3, 4, 5], (1, 2))  # the big blind (seat 2) busted: no small blind this hand
(1, 2, 3)
>>> next_blinds([0, 2, 3, 4, 5], (1, 2))  # the small blind (seat 1) busted: the button is dead
(1, 2, 3)
>>> next_blinds([0, 3], (1, 2))  # down to two: the big blind moves on, the other player is the button
(0, 0, 3)
>>> lineup([0, 1, 3, 4, 5], (1, 2, 3))  # no small blind: the button's player is the engine's button
([0, 1, 3, 4, 5], 1, False)
>>> lineup([0, 2, 3, 4, 5], (1, 2, 3))  # a dead button: the player before it deals for the engine
([0, 2, 3, 4, 5], 0, True)
"""

from __future__ import annotations


def _after(positions: list[int], seat: int) -> int:
    """The first of ``positions`` clockwise after ``seat`` (``seat`` itself only when it is the only one)."""
    later = [p for p in positions if p > seat]
    return later[0] if later else positions[0]


def next_blinds(positions: list[int], last: tuple[int, int] | None) -> tuple[int, int, int]:
    """The next hand's (button, small blind, big blind) seats among ``positions`` (2 or more).

    The big blind is the first player after the last big blind's seat; the small blind's seat is the
    last big blind's and the button's the last small blind's (either may be empty, or hold a player who
    is not dealt in: then there is no small blind, or the button is dead). Heads-up the player who is not
    the big blind is the button and posts the small blind. Before the first hand (``last`` ``None``)
    the button is the first position, as a moving button starts."""
    if len(positions) < 2:
        raise ValueError(f"the blinds need two players or more, not {positions}")
    if last is None:
        button = positions[0]
        i = positions.index(button)
        small, big = positions[(i + 1) % len(positions)], positions[(i + 2) % len(positions)]
        return (button, button, small) if len(positions) == 2 else (button, small, big)
    small_was, big_was = last
    big = _after(positions, big_was)
    if len(positions) == 2:
        other = positions[1 - positions.index(big)]
        return other, other, big
    return small_was, big_was, big


def _between(seat: int, start: int, end: int) -> bool:
    """Whether ``seat`` is strictly between ``start`` and ``end`` going clockwise round the table.

    >>> _between(7, 6, 1), _between(0, 6, 1), _between(3, 6, 1), _between(2, 2, 2)
    (True, True, False, False)
    """
    ring = max(seat, start, end) + 1  # any ring at least this big keeps the clockwise order
    return 0 < (seat - start) % ring < (end - start) % ring


def lineup(positions: list[int], blinds: tuple[int, int, int]) -> tuple[list[int], int, bool]:
    """Who is dealt in, the engine's button (an index into them) and whether a small blind is posted,
    for the (button, small blind, big blind) seats ``blinds`` from :func:`next_blinds`.

    The engine deals to players only and puts the small blind left of its button and the big blind
    next (a single blind left of its button when there is no small blind): so its button is the player
    just before the small blind (before the big blind when there is none), who acts where the dead
    button would. A player who has come to a seat between the button and the small blind waits for the
    button to pass (they are not dealt in)."""
    button, small, big = blinds
    if len(positions) == 2 or button == small:
        dealt = list(positions)
        return dealt, dealt.index(button), True
    dealt = [p for p in positions if p in (button, small) or not _between(p, button, big)]
    posted = small in dealt
    first = dealt.index(small if posted else big)
    return dealt, (first - 1) % len(dealt), posted


__all__ = ["lineup", "next_blinds"]
