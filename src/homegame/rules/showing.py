"""Who opens a betting round: positional, best-showing, or the stud bring-in (RULES.md §1.5, §7)."""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from homegame.cards import Card
from homegame.evaluate import evaluate
from homegame.rules.wilds import public_mask

if TYPE_CHECKING:
    from homegame.rules.state import HandState


def showing_strength(up: list[int], *, lowball: bool = False, wild: int = 0) -> tuple[int, ...]:
    """How face-up cards rank for acting first. With fewer than five cards only pairs, two pair, trips
    and quads count, then high cards; with five or more the best five-card high hand counts.
    ``lowball`` (razz): aces are low and the hand is judged for low; the *smallest* key shows best.

    >>> showing_strength([48, 49]) > showing_strength([51, 47])   # a pair of aces beats A-K
    True
    >>> showing_strength([48, 0], lowball=True) < showing_strength([4, 8], lowball=True)  # A-2 beats 3-4
    True

    ``wild`` (a card mask, high games): the wild cards showing join the best rank they can; a wild card
    and an ace show as a pair of aces.

    >>> showing_strength([0, 51], wild=0xF) == showing_strength([50, 51])
    True
    """
    if not up:
        return (99,) if lowball else (-1,)
    if wild and not lowball and any(wild >> c & 1 for c in up):
        return _wild_showing(up, wild)
    if len(up) >= 5 and not lowball:
        return (10, evaluate([Card(c) for c in up], wild=wild or None).strength)  # one scale with the wild showings
    counts = Counter(((c >> 2) + 1) % 13 if lowball else c >> 2 for c in up)
    groups = sorted(((n, r) for r, n in counts.items()), reverse=True)
    shape = [n for n, _ in groups]
    if shape[0] == 4:
        cat = 5
    elif shape[0] == 3:
        cat = 4
    elif shape[:2] == [2, 2]:
        cat = 3
    elif shape[0] == 2:
        cat = 2
    else:
        cat = 1
    ranks: list[int] = []
    for n, r in groups:
        ranks.extend([r] * n)
    return (cat, *ranks)


def _wild_showing(up: list[int], wild: int) -> tuple[int, ...]:
    """The best :func:`showing_strength` the wild cards among ``up`` can make."""
    if len(up) >= 5:
        return (10, evaluate([Card(c) for c in up], wild=wild).strength)
    naturals = [c for c in up if not wild >> c & 1]
    w = len(up) - len(naturals)
    # the wild cards all play as one rank (joining the best group is never worse), each a card of a suit
    # the naturals do not use so the shape counts it
    return max(showing_strength(naturals + [4 * r + k for k in range(w)]) for r in range(13))


def best_showing(h: HandState, seats: list[int]) -> int:
    """The seat among ``seats`` whose face-up cards rank highest (lowest in a lowball game, razz); ties
    to the first clockwise from the button."""
    n = h.players
    lowball = h.game.split == "low"
    wild = 0
    if h.game.wild and not lowball:
        wild = public_mask(h)
    best = -1
    best_key: tuple[int, ...] = ()
    for i in range(1, n + 1):
        s = (h.button + i) % n
        if s not in seats:
            continue
        up = [c for c, f in zip(h.cards[s], h.faceup[s], strict=True) if f]
        key = showing_strength(up, lowball=lowball, wild=wild)
        if best < 0 or (key < best_key if lowball else key > best_key):
            best, best_key = s, key
    return best


def bring_in_seat(h: HandState) -> int:
    """The seat still in with the lowest face-up card (suits c < d < h < s), or -1. In a lowball game
    (razz) the highest face-up card brings in instead, aces low (a king of spades before a king of
    hearts): Robert's Rules, razz."""
    lowball = h.game.split == "low"
    low, seat = 99, -1
    for s in range(h.players):
        if h.folded[s]:
            continue
        for c, f in zip(h.cards[s], h.faceup[s], strict=True):
            key = (51 - c if c < 48 else 55 - (c & 3)) if lowball else c  # aces after the deuces
            if f and key < low:
                low, seat = key, s
    return seat
