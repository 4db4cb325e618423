"""One step of a game as a game declares it: a frozen record, and the short ways to write the common ones.

A game (:class:`homegame.rules.spec.Game`) is a tuple of these; what a step of each kind does is its
kind's rule (:mod:`homegame.rules.steps`), which also says it in words and how many cards it takes.
This module imports nothing of the engine, so every part of it may name a step.
"""

from __future__ import annotations

from dataclasses import dataclass

#: Who opens a betting round.
OPENERS = ("positional", "best-showing", "bring-in", "jacks")


@dataclass(frozen=True, slots=True)
class Step:
    """One step of a game.

    kind: ``deal`` (``faces``: one bool per card, True = face up, to every player still in),
    ``board`` (``count`` community cards, ``burn`` first), ``pass`` (``count`` cards to the player
    ``distance`` seats away in ``direction``, +1 left / -1 right, counting players still in),
    ``expose`` (one face-down card turned up), ``discard`` (down to ``keep`` cards), ``draw`` (each
    player in turn, clockwise from the button's left, discards 0 to ``count`` cards and is dealt as
    many, face down; ``burn`` one first; see :mod:`homegame.rules.draw`), ``arrange``
    (lock the order cards will be rolled), ``roll`` (each player turns the next arranged card),
    ``declare`` (high / low / both), ``bet`` (a betting round: ``big`` bet in fixed-limit, ``opener``
    positional, best-showing, bring-in, or ``jacks``: positional, but the first bet needs a pair of jacks
    or better and a round nobody opens passes the hand out) and ``showdown``.
    """

    kind: str
    label: str
    faces: tuple[bool, ...] = ()
    count: int = 0
    burn: bool = False
    direction: int = 1
    distance: int = 1
    keep: int = 0
    big: bool = False
    opener: str = "positional"
    #: ``buy`` / ``strike``: the rank (``"4"``) a card dealt face up in the deal just before must show
    rank: str = ""
    #: ``buy``: what the extra card costs (0: dealt free, no decision); ``strike``: ``match-pot`` (pay as
    #: much as the pot or fold), ``fold`` (struck out) or ``free`` (nothing happens)
    price: int = 0
    rule: str = ""


def deal(*faces: bool, label: str = "Deal") -> Step:
    """A deal of one card per flag (True = face up) to every player still in."""
    return Step("deal", label, faces=tuple(faces))


def board(count: int, *, burn: bool, label: str) -> Step:
    """Community cards."""
    return Step("board", label, count=count, burn=burn)


def draw(count: int, *, label: str, burn: bool = True) -> Step:
    """A draw: each player in turn discards up to ``count`` cards and is dealt replacements."""
    return Step("draw", label, count=count, burn=burn)


def bet(label: str, *, big: bool = False, opener: str = "positional") -> Step:
    """A betting round."""
    return Step("bet", label, big=big, opener=opener)
