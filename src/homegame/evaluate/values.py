"""Hand values: :class:`HandValue` (high), :class:`LowValue`, :func:`evaluate`, :func:`evaluate_low`.

>>> v = evaluate("As 7d 7c 7h Ks 2d")
>>> v.category, str(v)
('three of a kind', 'Three of a kind, sevens')
>>> [str(c) for c in v.cards]
['7d', '7c', '7h', 'As', 'Ks']
>>> evaluate("Kh Kc Ks 9s 9d") > evaluate("Ah Ac As 2s 3d")
True
>>> str(evaluate_low("8s 6d 4c 2h Ad Kc Kd", "a5", 8))
'8-6-4-2-A low'
>>> evaluate_low("9s 6d 4c 2h Ad Kc Kd", "a5", 8) is None
True
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from itertools import combinations
from typing import Final

from homegame.cards import RANK_NAMES, RANK_PLURALS, RANKS, Card, cards
from homegame.evaluate.classes import (
    CATEGORIES,
    LowRule,
    check_rule,
    class_key,
    high_table,
    low_key,
    low_strength,
    qualifier_threshold,
)

CardsLike = str | Iterable[str | int | Card]

MIN_CARDS: Final = 5
MAX_CARDS: Final = 10


class BadHand(ValueError):
    """Cards that cannot be evaluated: too few or too many, or a card given twice."""


def parse_hand(items: CardsLike, *, low: int = MIN_CARDS, high: int = MAX_CARDS) -> tuple[Card, ...]:
    """Parse and check the cards of one hand: ``low`` to ``high`` cards, none twice."""
    hand = cards(items)
    if not low <= len(hand) <= high:
        raise BadHand(f"a hand needs {low} to {high} cards, got {len(hand)}")
    check_distinct(hand)
    return hand


def check_distinct(hand: Sequence[Card]) -> None:
    """Raise :class:`BadHand` naming a card given twice."""
    if len(set(hand)) != len(hand):
        seen: set[Card] = set()
        for card in hand:
            if card in seen:
                raise BadHand(f"card {card} is given twice: every card may appear once")
            seen.add(card)


@dataclass(frozen=True, order=True)
class HandValue:
    """A high hand: ordered and hashed by :attr:`strength` alone, so suits never break ties."""

    strength: int
    """1..7,462, larger is better; the same scale as ``evaluate_many``."""
    cards: tuple[Card, ...] = field(compare=False)
    """The five cards used, the most important first (``7-7-7-A-K``)."""

    @property
    def category(self) -> str:
        """One of the contract's nine category words, e.g. ``'full house'``."""
        return CATEGORIES[_key_of(self.cards)[0]]

    def __str__(self) -> str:
        category, order = _key_of(self.cards)
        return describe_high(category, order)

    def __repr__(self) -> str:
        return f"evaluate({' '.join(str(c) for c in self.cards)!r})"


@dataclass(frozen=True)
class LowValue:
    """A low hand under one rule; a better low compares greater. Lows of different rules never compare."""

    strength: int
    """Larger is a better low; the scale of ``evaluate_low_many`` for the same rule."""
    rule: LowRule
    cards: tuple[Card, ...] = field(compare=False)
    """The five cards used, highest (worst) first: ``8-6-4-2-A``."""

    def _check(self, other: object) -> LowValue:
        if not isinstance(other, LowValue):
            raise TypeError(f"cannot compare a low with {type(other).__name__}")
        if other.rule != self.rule:
            raise ValueError(f"cannot compare an {self.rule} low with an {other.rule} low")
        return other

    def __lt__(self, other: LowValue) -> bool:
        return self.strength < self._check(other).strength

    def __le__(self, other: LowValue) -> bool:
        return self.strength <= self._check(other).strength

    def __gt__(self, other: LowValue) -> bool:
        return self.strength > self._check(other).strength

    def __ge__(self, other: LowValue) -> bool:
        return self.strength >= self._check(other).strength

    def __str__(self) -> str:
        words = "-".join(_low_rank_text(self.rule, c.rank) for c in self.cards) + " low"
        category = low_key(self.rule, tuple(c.rank for c in self.cards), _suited(self.cards))[0]
        if category in (4, 5, 8):
            words += f" ({CATEGORIES[category]})"
        return words

    def __repr__(self) -> str:
        return f"evaluate_low({' '.join(str(c) for c in self.cards)!r}, rule={self.rule!r})"


def _suited(five: Sequence[Card]) -> bool:
    return len({c.suit for c in five}) == 1


def _key_of(five: Sequence[Card]) -> tuple[int, tuple[int, ...]]:
    return class_key(tuple(sorted((c.rank for c in five), reverse=True)), _suited(five))


def _low_rank_text(rule: LowRule, rank: int) -> str:
    return "A" if rank == 12 and rule != "27" else RANKS[rank]


def describe_high(category: int, order: tuple[int, ...]) -> str:
    """A high hand in words, from its category index and tie-break ranks.

    >>> describe_high(6, (11, 7))
    'Full house, kings full of nines'
    """
    first = order[0]
    if category == 8:
        return "Royal flush" if first == 12 else f"Straight flush, {RANK_NAMES[first]} high"
    if category == 7:
        return f"Four of a kind, {RANK_PLURALS[first]}"
    if category == 6:
        return f"Full house, {RANK_PLURALS[first]} full of {RANK_PLURALS[order[1]]}"
    if category == 5:
        return f"Flush, {RANK_NAMES[first]} high"
    if category == 4:
        return f"Straight, {RANK_NAMES[first]} high"
    if category == 3:
        return f"Three of a kind, {RANK_PLURALS[first]}"
    if category == 2:
        return f"Two pair, {RANK_PLURALS[first]} and {RANK_PLURALS[order[1]]}"
    if category == 1:
        return f"One pair, {RANK_PLURALS[first]}"
    return f"High card, {RANK_NAMES[first]}"


def _display_order(five: Sequence[Card], *, ace_low: bool, straight_high: int | None) -> tuple[Card, ...]:
    """The five cards with the most important first: bigger groups, then higher ranks."""
    def value(card: Card) -> int:
        return (card.rank + 1) % 13 if ace_low else card.rank

    if straight_high == 3 and not ace_low and {c.rank for c in five} == {12, 0, 1, 2, 3}:
        return tuple(sorted(five, key=lambda c: -1 if c.rank == 12 else c.rank, reverse=True))
    counts: dict[int, int] = {}
    for card in five:
        counts[value(card)] = counts.get(value(card), 0) + 1
    return tuple(sorted(five, key=lambda c: (counts[value(c)], value(c)), reverse=True))


def high_value(five: Sequence[Card]) -> HandValue:
    """The :class:`HandValue` of exactly five distinct cards."""
    ranks = tuple(sorted((c.rank for c in five), reverse=True))
    suited = _suited(five) and len(set(ranks)) == 5
    key = class_key(ranks, suited)
    straight_high = key[1][0] if key[0] in (4, 8) else None
    return HandValue(high_table()[ranks, suited], _display_order(five, ace_low=False, straight_high=straight_high))


def low_value(five: Sequence[Card], rule: LowRule) -> LowValue:
    """The :class:`LowValue` of exactly five distinct cards under ``rule``."""
    ranks = tuple(c.rank for c in five)
    strength = low_strength(ranks, _suited(five), rule)
    return LowValue(strength, rule, _display_order(five, ace_low=rule != "27", straight_high=None))


def best_high_of(hand: Sequence[Card]) -> HandValue:
    """The best high :class:`HandValue` of five or more checked cards."""
    table = high_table()
    best: tuple[int, tuple[Card, ...]] | None = None
    for five in combinations(hand, 5):
        ranks = tuple(sorted((c.rank for c in five), reverse=True))
        strength = table[ranks, _suited(five) and len(set(ranks)) == 5]
        if best is None or strength > best[0]:
            best = strength, five
    assert best is not None
    return high_value(best[1])


def best_low_of(hand: Sequence[Card], rule: LowRule, threshold: int) -> LowValue | None:
    """The best low of five or more checked cards, or ``None`` if none reaches ``threshold``."""
    best: tuple[int, tuple[Card, ...]] | None = None
    for five in combinations(hand, 5):
        strength = low_strength(tuple(c.rank for c in five), _suited(five), rule)
        if best is None or strength > best[0]:
            best = strength, five
    assert best is not None
    if best[0] < threshold:
        return None
    return low_value(best[1], rule)


def evaluate(items: CardsLike) -> HandValue:
    """The best five-card high hand of 5 to 10 cards (``Card``, text, or ids).

    >>> str(evaluate("Kh Kc Ks 9s 9d 2c"))
    'Full house, kings full of nines'
    >>> evaluate("As Ks")
    Traceback (most recent call last):
    ...
    homegame.evaluate.values.BadHand: a hand needs 5 to 10 cards, got 2
    """
    return best_high_of(parse_hand(items))


def evaluate_low(items: CardsLike, rule: str = "a5", qualifier: int | None = None) -> LowValue | None:
    """The best five-card low of 5 to 10 cards under ``rule`` (``"a5"``, ``"a6"``, ``"27"``), or
    ``None`` when no low qualifies. ``qualifier`` is the highest card a low may hold (``8`` =
    eight-or-better): the low must also be unpaired, and not a straight or flush where they count.

    >>> str(evaluate_low("5h 4d 3c 2s Ah", "a5"))
    '5-4-3-2-A low'
    >>> str(evaluate_low("5h 4d 3c 2s Ah", "a6"))
    '5-4-3-2-A low (straight)'
    >>> evaluate_low("5h 4d 3c 2s Ah", "a6", 8) is None
    True
    """
    checked = check_rule(rule)
    threshold = qualifier_threshold(checked, qualifier)
    return best_low_of(parse_hand(items), checked, threshold)
