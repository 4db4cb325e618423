"""Who opens a betting round: positional, best-showing, or the stud bring-in (RULES.md §1.5, §7)."""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from homegame.rules.hand import Hand


def showing_strength(up: list[int], *, lowball: bool = False) -> tuple[int, ...]:
    """How face-up cards rank for acting first. With fewer than five cards only pairs, two pair, trips
    and quads count, then high cards; with five or more the best five-card high hand counts.
    ``lowball`` (razz): aces are low and the hand is judged for low; the *smallest* key shows best.

    >>> showing_strength([48, 49]) > showing_strength([51, 47])   # a pair of aces beats A-K
    True
    >>> showing_strength([48, 0], lowball=True) < showing_strength([4, 8], lowball=True)  # A-2 beats 3-4
    True
    """
    if not up:
        return (99,) if lowball else (-1,)
    if len(up) >= 5 and not lowball:
        from homegame.cards import Card
        from homegame.evaluate import evaluate

        return (10, evaluate([Card(c) for c in up]).strength)
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


def best_showing(h: Hand, seats: list[int]) -> int:
    """The seat among ``seats`` whose face-up cards rank highest (lowest in a lowball game, razz); ties
    to the first clockwise from the button."""
    n = h.players
    lowball = h.game.split == "low"
    best = -1
    best_key: tuple[int, ...] = ()
    for i in range(1, n + 1):
        s = (h.button + i) % n
        if s not in seats:
            continue
        up = [c for c, f in zip(h.cards[s], h.faceup[s], strict=True) if f]
        key = showing_strength(up, lowball=lowball)
        if best < 0 or (key < best_key if lowball else key > best_key):
            best, best_key = s, key
    return best


def bring_in_seat(h: Hand) -> int:
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
