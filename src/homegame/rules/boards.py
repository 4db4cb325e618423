"""The shared cards a hand may use (:func:`shared_cards`), and several boards (a game file's
``usage.boards``, :class:`homegame.rules.carduse.CardUse`): which of the board's cards are on which board,
and a pot's equal parts, one per board.

The hand keeps one board (``Hand.board``, the cards in the order they are turned); a game with boards says
which positions of it make each board. The showdown makes every hand on each board in turn by looking at
that board alone (:func:`on_board`), so that every way of making a hand (own-card counts, wild cards, hi/lo)
works on a board as it works on the one board of a hold'em game.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING

from homegame.cards import Card

if TYPE_CHECKING:
    from homegame.rules.state import HandState


def board_indices(h: HandState) -> list[int | None]:
    """The boards a showdown settles on: ``[0, 1, ...]`` for a game with boards, ``[None]`` (the one board)."""
    return list(range(len(h.game.use.boards))) or [None]


@contextmanager
def on_board(h: HandState, board: int | None) -> Iterator[None]:
    """Within the block the hand's board is board ``board`` alone (its dealt cards, in its order); the whole
    board again after it. ``None``: the whole board."""
    if board is None:
        yield
        return
    whole = h.board
    h.board = [whole[i] for i in h.game.use.boards[board] if i < len(whole)]
    try:
        yield
    finally:
        h.board = whole


def shared_cards(h: HandState, s: int, contenders: list[int]) -> list[Card]:
    """The cards outside seat ``s``'s own hand that it may use at the showdown: the board, the others'
    face-up cards (and the face-down ones of ``contenders`` where showdown cards count), or none."""
    g = h.game
    if g.use.shared == "face-up":
        out = [Card(c) for o in range(h.players) if o != s
               for c, up in zip(h.cards[o], h.faceup[o], strict=True) if up]
        if g.showdown_cards_count:
            out += [Card(c) for o in contenders if o != s
                    for c, up in zip(h.cards[o], h.faceup[o], strict=True) if not up]
        return out
    if g.use.shared == "none":
        return []
    return [Card(c) for c in h.board]


def board_of(boards: tuple[tuple[int, ...], ...], position: int) -> int | None:
    """The board (0, 1, ...) that a board position belongs to, ``None`` when no board has it.

    >>> board_of(((0, 1, 2, 6, 8), (3, 4, 5, 7, 9)), 7)
    1
    """
    return next((b for b, positions in enumerate(boards) if position in positions), None)


def even_parts(amount: int, count: int, chip: int = 1) -> list[int]:
    """A pot shared between ``count`` boards: equal parts in whole chips, the odd chips one each to the
    first boards, any remainder smaller than a chip to the first (as :func:`homegame.rules.pots.halves`
    does for two runs).

    >>> even_parts(101, 2), even_parts(100, 3), even_parts(130, 2, chip=25)
    ([51, 50], [34, 33, 33], [80, 50])
    """
    units, rest = divmod(amount, chip)
    base, odd = divmod(units, count)
    out = [(base + (1 if i < odd else 0)) * chip for i in range(count)]
    out[0] += rest
    return out


__all__ = ["board_indices", "board_of", "even_parts", "on_board", "shared_cards"]
