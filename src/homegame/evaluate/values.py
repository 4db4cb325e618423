"""Hand values: :class:`HandValue` (high) and :class:`LowValue`, made by :func:`high_value` and
:func:`low_value` from parsed cards (:mod:`homegame.evaluate.best` reads card text, wild cards included).

A value holds its strength (from the lookup tables) and the cards it was made from; the five cards
that make it are found only when asked for.

>>> v = high_value(parse_hand("As 7d 7c 7h Ks 2d"))
>>> v.category, str(v)
('three of a kind', 'Three of a kind, sevens')
>>> [str(c) for c in v.cards]
['7d', '7c', '7h', 'As', 'Ks']
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from functools import total_ordering
from itertools import combinations
from typing import Final

from homegame.cards import RANK_NAMES, RANK_PLURALS, RANKS, Card
from homegame.cards import cards as parse_cards
from homegame.evaluate.classes import (
    CATEGORIES,
    LOW_RULES,
    LowRule,
    class_key,
    low_key,
)
from homegame.evaluate.fast import five_high, five_low, high_strength_of, low_strength_of
from homegame.evaluate.tables import tables

CardsLike = str | Iterable[str | int | Card]
#: Wild cards: text of ranks and cards (``"2"``, ``"Jh Js"``), an iterable of them, or a 52-bit id mask.
WildLike = str | Iterable[str | Card] | int
#: A function giving the five-card hands a value may be made from (for hand-usage rules).
Choices = Callable[[], Iterator[tuple[Card, ...]]]

#: The largest strength without wild cards (a royal flush); five of a kind is above it.
NATURAL_TOP: Final = 7_462
MIN_CARDS: Final = 5
MAX_CARDS: Final = 10


class BadHand(ValueError):
    """Cards that cannot be evaluated: too few or too many, or a card given twice."""


def parse_hand(items: CardsLike, *, low: int = MIN_CARDS, high: int = MAX_CARDS) -> tuple[Card, ...]:
    """Parse and check the cards of one hand: ``low`` to ``high`` cards, none twice."""
    if isinstance(items, (tuple, list)) and all(type(c) is Card for c in items):
        hand = tuple(items)
    else:
        hand = parse_cards(items)
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


def _fives(source: tuple[Card, ...] | Choices) -> Iterator[tuple[Card, ...]]:
    return source() if callable(source) else combinations(source, 5)


def _suited(five: Sequence[Card]) -> bool:
    return len({c.suit for c in five}) == 1


def _ids(hand: Sequence[Card]) -> tuple[int, ...]:
    return tuple(c.id for c in hand)


@total_ordering
class HandValue:
    """A high hand: ordered, compared and hashed by :attr:`strength` alone (suits never break ties).

    ``HandValue(strength, cards)``: ``cards`` are the five to ten cards it was made from.
    """

    __slots__ = ("_five", "_hand", "strength")
    _five: tuple[Card, ...] | None
    _hand: tuple[Card, ...] | Choices
    strength: int
    """1..7,462, larger is better; the same scale as ``evaluate_many``."""

    def __init__(self, strength: int, cards: Sequence[Card] | Choices) -> None:
        _set_strength(self, int(strength))
        _set_hand(self, cards if callable(cards) else tuple(cards))

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("HandValue is immutable")

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, HandValue):
            return NotImplemented
        return self.strength == other.strength

    def __lt__(self, other: HandValue) -> bool:
        if not isinstance(other, HandValue):
            return NotImplemented
        return self.strength < other.strength

    def __hash__(self) -> int:
        return hash(self.strength)

    def __reduce__(self) -> tuple[type[HandValue], tuple[int, tuple[Card, ...]]]:
        return (HandValue, (self.strength, self.cards))

    @property
    def cards(self) -> tuple[Card, ...]:
        """The five cards used, the most important first (``7-7-7-A-K``; a wheel ``5-4-3-2-A``)."""
        five = getattr(self, "_five", None)
        if five is None:
            chosen = next(f for f in _fives(self._hand) if five_high(_ids(f)) == self.strength)
            five = _display_order(chosen, ace_low=False)
            object.__setattr__(self, "_five", five)
        return five

    @property
    def category(self) -> str:
        """One of the contract's category words, e.g. ``'full house'`` (``'five of a kind'`` above a
        straight flush, with wild cards)."""
        if self.strength > NATURAL_TOP:
            return "five of a kind"
        starts = tables().category_start
        return CATEGORIES[int((starts <= self.strength).sum()) - 1]

    def __str__(self) -> str:
        ranks = tuple(sorted((c.rank for c in self.cards), reverse=True))
        category, order = class_key(ranks, _suited(self.cards))
        return describe_high(category, order)

    def __repr__(self) -> str:
        return f"evaluate({' '.join(str(c) for c in self.cards)!r})"


_set_strength: Callable[[HandValue, int], None] = HandValue.__dict__["strength"].__set__
_set_hand: Callable[[HandValue, object], None] = HandValue.__dict__["_hand"].__set__


@total_ordering
class LowValue:
    """A low hand under one rule; a better low compares greater. Lows of different rules never compare.

    ``LowValue(strength, rule, cards)``: ``cards`` are the five to ten cards it was made from.
    """

    __slots__ = ("_five", "_hand", "rule", "strength")
    _five: tuple[Card, ...] | None
    _hand: tuple[Card, ...] | Choices
    strength: int
    """Larger is a better low; the scale of ``evaluate_low_many`` for the same rule."""
    rule: LowRule

    def __init__(self, strength: int, rule: LowRule, cards: Sequence[Card] | Choices) -> None:
        object.__setattr__(self, "strength", int(strength))
        object.__setattr__(self, "rule", rule)
        object.__setattr__(self, "_hand", cards if callable(cards) else tuple(cards))
        object.__setattr__(self, "_five", None)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("LowValue is immutable")

    def _other(self, other: object) -> LowValue:
        if not isinstance(other, LowValue):
            raise TypeError(f"cannot compare a low with {type(other).__name__}")
        if other.rule != self.rule:
            raise ValueError(f"cannot compare an {self.rule} low with an {other.rule} low")
        return other

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, LowValue):
            return NotImplemented
        return self.rule == other.rule and self.strength == other.strength

    def __lt__(self, other: LowValue) -> bool:
        return self.strength < self._other(other).strength

    def __hash__(self) -> int:
        return hash((self.rule, self.strength))

    def __reduce__(self) -> tuple[type[LowValue], tuple[int, LowRule, tuple[Card, ...]]]:
        return (LowValue, (self.strength, self.rule, self.cards))

    @property
    def cards(self) -> tuple[Card, ...]:
        """The five cards used, highest (worst) first: ``8-6-4-2-A``."""
        five = self._five
        if five is None:
            rule = LOW_RULES.index(self.rule)
            chosen = next(f for f in _fives(self._hand) if five_low(_ids(f), rule) == self.strength)
            five = low_order(chosen, self.rule)
            object.__setattr__(self, "_five", five)
        return five

    def __str__(self) -> str:
        five = self.cards
        words = "-".join(_low_rank_text(self.rule, c.rank) for c in five) + " low"
        category = low_key(self.rule, tuple(c.rank for c in five), _suited(five))[0]
        if category in (4, 5, 8):
            words += f" ({CATEGORIES[category]})"
        return words

    def __repr__(self) -> str:
        return f"evaluate_low({' '.join(str(c) for c in self.cards)!r}, rule={self.rule!r})"


def _low_rank_text(rule: LowRule, rank: int) -> str:
    return "A" if rank == 12 and rule != "27" else RANKS[rank]


#: A high hand in words by category index: ``name`` is its first rank ("king"), ``many`` the same in the
#: plural ("kings"), ``second`` the plural of its second rank.
_HIGH_WORDS = (
    "High card, {name}", "One pair, {many}", "Two pair, {many} and {second}", "Three of a kind, {many}",
    "Straight, {name} high", "Flush, {name} high", "Full house, {many} full of {second}", "Four of a kind, {many}",
    "Straight flush, {name} high", "Five of a kind, {many}",
)


def describe_high(category: int, order: tuple[int, ...]) -> str:
    """A high hand in words, from its category index and tie-break ranks.

    >>> describe_high(6, (11, 7))
    'Full house, kings full of nines'
    """
    if category == 8 and order[0] == 12:
        return "Royal flush"
    words = _HIGH_WORDS[category] if 0 <= category < len(_HIGH_WORDS) else _HIGH_WORDS[0]
    second = order[1] if len(order) > 1 else order[0]  # named only by two pair and a full house
    return words.format(name=RANK_NAMES[order[0]], many=RANK_PLURALS[order[0]], second=RANK_PLURALS[second])


def _display_order(five: Sequence[Card], *, ace_low: bool, wheel_low: bool = True) -> tuple[Card, ...]:
    """The five cards with the most important first: bigger groups, then higher ranks."""
    wheel = wheel_low and {c.rank for c in five} == {12, 0, 1, 2, 3}

    def value(card: Card) -> int:
        if ace_low or wheel:
            return (card.rank + 1) % 13
        return card.rank

    counts: dict[int, int] = {}
    for card in five:
        counts[value(card)] = counts.get(value(card), 0) + 1
    return tuple(sorted(five, key=lambda c: (counts[value(c)], value(c)), reverse=True))


def low_order(five: Sequence[Card], rule: str) -> tuple[Card, ...]:
    """A low's cards as players read it: highest card first, pairs in their place (RULES.md §2), the ace
    lowest except in deuce-to-seven.

    >>> from homegame.cards import RANKS, cards
    >>> "-".join(RANKS[c.rank] for c in low_order(cards("3c 3d Kh 4s Ac"), "a5"))
    'K-4-3-3-A'
    """
    return tuple(sorted(five, key=lambda c: c.rank if rule == "27" else (c.rank + 1) % 13, reverse=True))


_new_value = object.__new__


def high_value(hand: Sequence[Card]) -> HandValue:
    """The :class:`HandValue` of 5 to 10 checked cards."""
    return HandValue(high_strength_of([c.id for c in hand]), hand)


def low_value(hand: Sequence[Card], rule: LowRule, threshold: int = 0) -> LowValue | None:
    """The best low of 5 to 10 checked cards, or ``None`` below ``threshold``."""
    strength = low_strength_of([c.id for c in hand], LOW_RULES.index(rule))
    if strength < threshold:
        return None
    return LowValue(strength, rule, hand)


__all__ = ["BadHand", "Choices", "HandValue", "LowValue", "high_value", "low_value"]
