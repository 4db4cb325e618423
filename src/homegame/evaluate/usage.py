"""Hand-usage rules: which of a player's own cards and the shared cards may make the hand.

- :data:`ANY`: the best five of own and shared cards together (hold'em, stud, Same'Em, Pass The Trash);
- :data:`OMAHA`: exactly two own cards with exactly three shared cards;
- :data:`PASSEM`: two own with three shared, or three own with two shared (seed ``000_4d47a75da2826cb4.txt``);
- :data:`THREE_HOLE`: all own cards plus the best two shared (others' face-up cards), seed
  ``004_dd2d1f817d061823.txt``.

The high and the low hand are chosen independently under the same rule.

>>> str(best_high("As 7d 7c", "7h Ks 2d", PASSEM))
'Three of a kind, sevens'
>>> str(best_high("Ks 9d Kc", "Kh 4c 9h", THREE_HOLE))
'Full house, kings full of nines'
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from itertools import combinations
from typing import Final, Literal

from homegame.cards import Card, cards
from homegame.evaluate.classes import check_rule, qualifier_threshold
from homegame.evaluate.values import (
    MAX_CARDS,
    BadHand,
    CardsLike,
    HandValue,
    LowValue,
    best_high_of,
    best_low_of,
    check_distinct,
)

UsageKind = Literal["any", "split", "own-plus"]


class BadUsage(ValueError):
    """A usage rule that makes no sense, or cards that cannot make a hand under it."""


@dataclass(frozen=True)
class Usage:
    """How own and shared cards combine into a five-card hand.

    ``kind="any"``: best five of all; ``"split"``: exactly ``(own, shared)`` counts, one of
    ``splits``; ``"own-plus"``: all own cards plus the best ``pool`` shared cards.
    """

    kind: UsageKind
    splits: tuple[tuple[int, int], ...] = ()
    pool: int = 0

    def __post_init__(self) -> None:
        if self.kind not in ("any", "split", "own-plus"):
            raise BadUsage(f"unknown usage kind {self.kind!r}: use 'any', 'split' or 'own-plus'")
        if self.kind == "split" and (
            not self.splits or any(h < 0 or b < 0 or h + b != 5 for h, b in self.splits)
        ):
            raise BadUsage(f"splits {self.splits!r} must be (own, shared) pairs adding up to 5")
        if self.kind == "own-plus" and self.pool < 0:
            raise BadUsage(f"pool {self.pool} must be 0 or more")

    def choices(self, own: tuple[Card, ...], shared: tuple[Card, ...]) -> Iterator[tuple[Card, ...]]:
        """Every card group (5 to 10 cards) the player may take their best five from."""
        if self.kind == "any":
            yield own + shared
        elif self.kind == "split":
            for h, b in self.splits:
                for mine in combinations(own, h):
                    for theirs in combinations(shared, b):
                        yield mine + theirs
        else:
            for theirs in combinations(shared, min(self.pool, len(shared))):
                yield own + theirs


ANY: Final = Usage("any")
OMAHA: Final = Usage("split", ((2, 3),))
PASSEM: Final = Usage("split", ((2, 3), (3, 2)))
THREE_HOLE: Final = Usage("own-plus", pool=2)


def _groups(own: CardsLike, shared: CardsLike, usage: Usage) -> list[tuple[Card, ...]]:
    if not isinstance(usage, Usage):
        raise BadUsage(f"usage must be a Usage (ANY, OMAHA, PASSEM, THREE_HOLE), got {usage!r}")
    mine, theirs = cards(own), cards(shared)
    check_distinct(mine + theirs)
    groups = [g for g in usage.choices(mine, theirs) if len(g) >= 5]
    if not groups:
        raise BadHand(f"{len(mine)} own and {len(theirs)} shared cards make no five-card hand "
                      f"under {usage}")
    too_big = max(len(g) for g in groups)
    if too_big > MAX_CARDS:
        raise BadHand(f"a hand needs 5 to {MAX_CARDS} cards, got {too_big}")
    return groups


def best_high(own: CardsLike, shared: CardsLike, usage: Usage = ANY) -> HandValue:
    """The best high hand ``own`` and ``shared`` cards make under ``usage``.

    >>> str(best_high("Ah Kh 2c 3d", "Qh Jh Th 9s 8s", OMAHA))
    'Royal flush'
    """
    return max(best_high_of(group) for group in _groups(own, shared, usage))


def best_low(own: CardsLike, shared: CardsLike, usage: Usage = ANY, rule: str = "a5",
             qualifier: int | None = None) -> LowValue | None:
    """The best low under ``usage`` and ``rule``, or ``None`` when none qualifies.

    >>> str(best_low("Ah 2h Kc Kd", "3s 4s 5s Qd Jc", OMAHA, "a5", 8))
    '5-4-3-2-A low'
    >>> best_low("Ah Kh Kc Kd", "3s 4s 5s Qd Jc", OMAHA, "a5", 8) is None
    True
    """
    checked = check_rule(rule)
    threshold = qualifier_threshold(checked, qualifier)
    lows = [low for group in _groups(own, shared, usage)
            if (low := best_low_of(group, checked, threshold)) is not None]
    return max(lows, key=lambda low: low.strength) if lows else None
