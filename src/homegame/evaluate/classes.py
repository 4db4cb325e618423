"""The 7,462 five-card hand classes and their order, for the high hand and each low rule.

A five-card hand is described by its ranks (``0`` = two .. ``12`` = ace) and whether all five
cards share a suit. Every distinct class gets a *strength*: an int, larger is better, counted
from 1. High strengths run from 1 (7-5-4-3-2 of mixed suits) to 7,462 (a royal flush).

Low rules (RULES.md §2) reuse the same description with the ranking turned round:

- ``a5``: aces low, straights and flushes ignored;
- ``a6``: aces low, straights and flushes count against the hand;
- ``27``: aces high, straights and flushes count against, A-2-3-4-5 is no straight.

>>> high_strength((12, 11, 10, 9, 8), True)
7462
>>> high_strength((5, 3, 2, 1, 0), False)
1
>>> low_strength((3, 2, 1, 0, 12), False, "a5") == max(LOW_TABLES["a5"].values())
True
"""

from __future__ import annotations

from collections import Counter
from functools import cache
from itertools import combinations_with_replacement
from typing import Final, Literal

LowRule = Literal["a5", "a6", "27"]
LOW_RULES: Final[tuple[LowRule, ...]] = ("a5", "a6", "27")

CATEGORIES: Final = (
    "high card", "one pair", "two pair", "three of a kind", "straight", "flush",
    "full house", "four of a kind", "straight flush",
)

#: Five-card rank multisets (sorted high to low) with at most four of a rank: 6,175 of them.
RANK_SETS: Final[tuple[tuple[int, ...], ...]] = tuple(
    tuple(sorted(combo, reverse=True))
    for combo in combinations_with_replacement(range(13), 5)
    if max(Counter(combo).values()) <= 4
)

ClassKey = tuple[int, tuple[int, ...]]


def class_key(ranks: tuple[int, ...], flush: bool, *, ace_low: bool = False, straights: bool = True,
              flushes: bool = True, wheel: bool = True) -> ClassKey:
    """A key that orders five-card classes as a high hand: ``(category index, tie-break ranks)``.

    ``ace_low`` makes the ace the lowest rank; ``straights``/``flushes`` say whether they count;
    ``wheel`` whether A-2-3-4-5 is a straight when aces are high.

    >>> class_key((12, 12, 12, 5, 5), False)
    (6, (12, 5))
    """
    values = [(r + 1) % 13 if ace_low else r for r in ranks]
    counts = Counter(values)
    groups = sorted(counts.items(), key=lambda item: (item[1], item[0]), reverse=True)
    order = tuple(v for v, _ in groups)
    shape = tuple(c for _, c in groups)
    straight_high = -1
    if straights and len(counts) == 5:
        top = max(values)
        if top - min(values) == 4:
            straight_high = top
        elif wheel and not ace_low and set(values) == {12, 0, 1, 2, 3}:
            straight_high = 3
    is_flush = flushes and flush
    if straight_high >= 0 and is_flush:
        return 8, (straight_high,)
    if shape == (4, 1):
        return 7, order
    if shape == (3, 2):
        return 6, order
    if is_flush:
        return 5, order
    if straight_high >= 0:
        return 4, (straight_high,)
    category = {(3, 1, 1): 3, (2, 2, 1): 2, (2, 1, 1, 1): 1}.get(shape, 0)
    return category, order


def _all_classes() -> list[tuple[tuple[int, ...], bool]]:
    out = [(ranks, False) for ranks in RANK_SETS]
    out += [(ranks, True) for ranks in RANK_SETS if len(set(ranks)) == 5]
    return out


def _strengths(keys: dict[tuple[tuple[int, ...], bool], ClassKey],
               *, reverse: bool) -> dict[tuple[tuple[int, ...], bool], int]:
    distinct = sorted(set(keys.values()), reverse=reverse)
    index = {key: i + 1 for i, key in enumerate(distinct)}
    return {cls: index[key] for cls, key in keys.items()}


@cache
def high_table() -> dict[tuple[tuple[int, ...], bool], int]:
    """``(ranks high to low, all one suit)`` -> high strength 1..7,462."""
    return _strengths({cls: class_key(*cls) for cls in _all_classes()}, reverse=False)


def _low_key(rule: LowRule, ranks: tuple[int, ...], flush: bool) -> ClassKey:
    if rule == "a5":
        return class_key(ranks, flush, ace_low=True, straights=False, flushes=False)
    if rule == "a6":
        return class_key(ranks, flush, ace_low=True)
    return class_key(ranks, flush, wheel=False)


@cache
def low_table(rule: LowRule) -> dict[tuple[tuple[int, ...], bool], int]:
    """``(ranks high to low, all one suit)`` -> low strength for ``rule``, larger is a better low."""
    keys = {cls: _low_key(rule, *cls) for cls in _all_classes()}
    return _strengths(keys, reverse=True)


class _LowTables(dict[str, dict[tuple[tuple[int, ...], bool], int]]):
    def __missing__(self, rule: str) -> dict[tuple[tuple[int, ...], bool], int]:
        check_rule(rule)
        table = low_table(rule)
        self[rule] = table
        return table


#: Lazily filled low tables by rule.
LOW_TABLES: Final = _LowTables()


class UnknownLowRule(ValueError):
    """A low rule other than ``a5``, ``a6`` or ``27``."""


def check_rule(rule: object) -> LowRule:
    """Return ``rule`` if it is a known low rule, else raise :class:`UnknownLowRule`."""
    if rule not in LOW_RULES:
        raise UnknownLowRule(f"unknown low rule {rule!r}: use one of 'a5', 'a6', '27'")
    return rule


def high_strength(ranks: tuple[int, ...], flush: bool) -> int:
    """The high strength of five cards given their ranks (any order) and whether they are suited."""
    return high_table()[tuple(sorted(ranks, reverse=True)), flush and len(set(ranks)) == 5]


def low_strength(ranks: tuple[int, ...], flush: bool, rule: LowRule) -> int:
    """The low strength of five cards under ``rule``, larger is better."""
    return LOW_TABLES[rule][tuple(sorted(ranks, reverse=True)), flush and len(set(ranks)) == 5]


def low_key(rule: LowRule, ranks: tuple[int, ...], flush: bool) -> ClassKey:
    """The high-style key of a low hand under ``rule`` (smaller is a better low)."""
    return _low_key(rule, tuple(sorted(ranks, reverse=True)), flush)


def qualifier_threshold(rule: LowRule, qualifier: int | None) -> int:
    """The smallest low strength that qualifies: a no-pair, non-straight, non-flush (where those
    count) low whose highest card is at most ``qualifier``. ``0`` when there is no qualifier.

    ``qualifier`` is a card value 1..13 as players say it (``8`` = eight-or-better; ``1`` or ``14``
    is the ace, ``11``..``13`` the jack, queen and king).
    Qualifying lows are exactly the best ones, so one threshold decides.
    """
    if qualifier is None:
        return 0
    if isinstance(qualifier, bool) or not isinstance(qualifier, int) or not 1 <= qualifier <= 14:
        raise ValueError(f"qualifier {qualifier!r} is not a card value: use 2..13 (8 = eight-or-better) "
                         "or None")
    return _threshold(rule, qualifier)


@cache
def _threshold(rule: LowRule, qualifier: int) -> int:
    table = LOW_TABLES[rule]
    qualifying = [s for (ranks, flush), s in table.items()
                  if low_key(rule, ranks, flush)[0] == 0 and _low_top(rule, ranks) <= qualifier]
    if not qualifying:
        return max(table.values()) + 1
    return min(qualifying)


def _low_top(rule: LowRule, ranks: tuple[int, ...]) -> int:
    """The highest card of a low as a card value (ace 1 in aces-low rules, 14 in 27)."""
    if rule == "27":
        return max(ranks) + 2
    return max((r + 2) if r != 12 else 1 for r in ranks)
