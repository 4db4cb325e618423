"""Wild cards: which cards are wild, and hand values that say what each wild card stands for.

``wild`` is text or an iterable of tokens: a rank alone (``"2"``, ``"J"``, ``"10"``) makes every card of
that rank wild, a card (``"Jh"``) makes that card wild. One-eyed jacks are ``"Jh Js"``; deuces wild is
``"2"``. A wild card stands for any card at all, even one the hand already holds, whichever makes the
best hand (so a flush may repeat a rank); five of a kind ranks above a straight flush. When some card
is wild, high values are on the wild scale of :mod:`homegame.evaluate.wildscale`, hands that hold no
wild card too, so that every hand of a wild game compares with every other; when none is (``wild=""``),
values are natural.

>>> v = evaluate_wild("As Ah Ad 2c 2d", "2")
>>> v.category, str(v)
('five of a kind', 'Five of a kind, aces (two wild: 2c as Ac, 2d as As)')
>>> [str(c) for c in v.cards]
['As', 'Ah', 'Ad', '2c', '2d']
>>> str(evaluate_wild("As Ks Qs 9s 2d", "2"))
'Flush, A-A-K-Q-9 (one wild: 2d as As)'
>>> str(evaluate_low_wild("Jh 2c 3d 4s Kc", "a5", None, "Jh Js"))
'K-4-3-2-A low (one wild: Jh as As)'
>>> wild_mask("J7") # doctest: +ELLIPSIS
Traceback (most recent call last):
...
homegame.evaluate.wild.BadWild: 'J7' is not a wild card: ...
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import lru_cache
from typing import Final

from homegame.cards import RANKS, Card
from homegame.evaluate.classes import LOW_RULES, LowRule, check_rule, class_key, low_key, qualifier_threshold
from homegame.evaluate.values import (
    CardsLike,
    HandValue,
    LowValue,
    WildLike,
    _low_rank_text,
    _set_hand,
    _set_strength,
    describe_high,
    high_value,
    low_order,
    low_value,
    parse_hand,
)
from homegame.evaluate.wildscale import FIVE_OF_A_KIND, from_wild, to_wild, wild_category
from homegame.evaluate.wildsearch import best_high, best_low

_RANK_TOKENS: Final = {**{r: i for i, r in enumerate(RANKS)}, **{r.lower(): i for i, r in enumerate(RANKS)},
                       "10": 8}
_SEPARATORS: Final = re.compile(r"[\s,]+")
_COUNT_WORDS: Final = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")


class BadWild(ValueError):
    """A wild-card token that is neither a rank nor a card."""


def _token_mask(token: object) -> int:
    if isinstance(token, Card):
        return 1 << token.id
    if isinstance(token, str):
        text = token.strip()
        if text in _RANK_TOKENS:
            return 0xF << (4 * _RANK_TOKENS[text])
        try:
            return 1 << Card(text).id
        except ValueError:
            pass
    raise BadWild(f"{token!r} is not a wild card: write a rank alone (2-9, T or 10, J, Q, K, A) to make every "
                  "card of that rank wild, or a card such as 'Jh'; separate several with spaces")


@lru_cache(maxsize=256)
def _text_mask(text: str) -> int:
    mask = 0
    for token in _SEPARATORS.split(text.strip()):
        if token:
            mask |= _token_mask(token)
    return mask


def wild_mask(wild: WildLike) -> int:
    """The 52-bit mask (bit = card id) of the cards ``wild`` makes wild; an int is taken as a mask.

    >>> wild_mask("2") == 0b1111, wild_mask("Jh Js") == (1 << 38) | (1 << 39), wild_mask(["10", "Jh"]) >> 32
    (True, True, 79)
    """
    if isinstance(wild, bool):
        raise BadWild(f"{wild!r} is not a wild card: give ranks or cards such as '2' or 'Jh Js'")
    if isinstance(wild, int):
        if not 0 <= wild < 1 << 52:
            raise BadWild(f"wild mask {wild:#x} is not a set of card ids 0..51")
        return wild
    if isinstance(wild, str):
        return _text_mask(wild)
    mask = 0
    for token in wild:
        mask |= _token_mask(token)
    return mask


def _count(n: int) -> str:
    return _COUNT_WORDS[n] if n < len(_COUNT_WORDS) else str(n)


def _wild_words(stands: Sequence[tuple[Card, Card]]) -> str:
    if not stands:
        return ""
    return f" ({_count(len(stands))} wild: " + ", ".join(f"{w} as {s}" for w, s in stands) + ")"


def _ordered(pairs: list[tuple[Card, Card]], *, ace_low: bool, wheel_low: bool = True) -> list[tuple[Card, Card]]:
    """(card, what it plays as) pairs, the most important first: bigger groups, then higher ranks."""
    ranks = {s.rank for _, s in pairs}
    wheel = wheel_low and ranks == {12, 0, 1, 2, 3}

    def value(rank: int) -> int:
        return (rank + 1) % 13 if ace_low or wheel else rank

    counts: dict[int, int] = {}
    for _, s in pairs:
        counts[value(s.rank)] = counts.get(value(s.rank), 0) + 1
    return sorted(pairs, key=lambda p: (counts[value(p[1].rank)], value(p[1].rank)), reverse=True)


class WildHandValue(HandValue):
    """A high hand made with wild cards: :attr:`cards` holds the wild cards themselves, and
    :attr:`stands_for` says what each one plays as. :attr:`strength` is on the wild scale; compared with
    a natural :class:`HandValue`, that one is read on the wild scale too.

    >>> evaluate_wild("As Ks Qs 9s 2d", "2") > HandValue(7140, "As Ks Qs Js 9s")  # the best natural flush
    True
    """

    __slots__ = ("_stands",)
    _stands: tuple[tuple[Card, Card], ...]

    @staticmethod
    def _scaled(other: object) -> int | None:
        if isinstance(other, WildHandValue):
            return other.strength
        if type(other) is HandValue:
            return int(to_wild()[other.strength])
        return None

    def __eq__(self, other: object) -> bool:
        scaled = self._scaled(other)
        return NotImplemented if scaled is None else self.strength == scaled

    def __lt__(self, other: HandValue) -> bool:
        scaled = self._scaled(other)
        return NotImplemented if scaled is None else self.strength < scaled

    def __gt__(self, other: HandValue) -> bool:
        scaled = self._scaled(other)
        return NotImplemented if scaled is None else self.strength > scaled

    def __le__(self, other: HandValue) -> bool:
        return not self > other

    def __ge__(self, other: HandValue) -> bool:
        return not self < other

    def __hash__(self) -> int:
        natural = int(from_wild()[self.strength])
        return hash(natural if natural else self.strength)

    @property
    def stands_for(self) -> tuple[tuple[Card, Card], ...]:
        """``(wild card, the card it stands for)`` for each wild card used."""
        return self._stands

    def _plays(self) -> list[Card]:
        played = dict(self._stands)
        return [played.get(c, c) for c in self.cards]

    @property
    def category(self) -> str:
        """The category word, read on the wild scale (:mod:`homegame.evaluate.wildscale`)."""
        return wild_category(self.strength)

    def __str__(self) -> str:
        plays = self._plays()
        ranks = tuple(sorted((c.rank for c in plays), reverse=True))
        if self.strength >= FIVE_OF_A_KIND:
            words = describe_high(9, (plays[0].rank,))
        elif self.category == "flush" and len(set(ranks)) < 5:  # a wild card copies a held card
            words = "Flush, " + "-".join(RANKS[r] for r in ranks)
        else:
            words = describe_high(*class_key(ranks, len({c.suit for c in plays}) == 1))
        return words + _wild_words(self._stands)

    def __repr__(self) -> str:
        wild = " ".join(str(w) for w, _ in self._stands)
        return f"evaluate({' '.join(str(c) for c in self.cards)!r}, wild={wild!r})"

    def __reduce__(self) -> tuple[object, ...]:  # type: ignore[override]
        return (_restore_high, (self.strength, self._hand, self._five, self._stands))


def _restore_high(strength: int, hand: tuple[Card, ...], five: tuple[Card, ...],
                  stands: tuple[tuple[Card, Card], ...]) -> WildHandValue:
    value = object.__new__(WildHandValue)
    _set_strength(value, strength)
    _set_hand(value, hand)
    object.__setattr__(value, "_five", five)
    object.__setattr__(value, "_stands", stands)
    return value


class WildLowValue(LowValue):
    """A low made with wild cards; :attr:`stands_for` says what each wild card plays as."""

    __slots__ = ("_stands",)
    _stands: tuple[tuple[Card, Card], ...]

    @property
    def stands_for(self) -> tuple[tuple[Card, Card], ...]:
        """``(wild card, the card it stands for)`` for each wild card used."""
        return self._stands

    def __str__(self) -> str:
        played = dict(self._stands)
        plays = low_order([played.get(c, c) for c in self.cards], self.rule)
        words = "-".join(_low_rank_text(self.rule, c.rank) for c in plays) + " low"
        category = low_key(self.rule, tuple(c.rank for c in plays), len({c.suit for c in plays}) == 1)[0]
        if category in (4, 5, 8):
            words += f" ({('straight', 'flush', 'full house', 'four of a kind', 'straight flush')[category - 4]})"
        return words + _wild_words(self._stands)

    def __repr__(self) -> str:
        wild = " ".join(str(w) for w, _ in self._stands)
        return f"evaluate_low({' '.join(str(c) for c in self.cards)!r}, rule={self.rule!r}, wild={wild!r})"

    def __reduce__(self) -> tuple[object, ...]:  # type: ignore[override]
        return (_restore_low, (self.strength, self.rule, self._hand, self._five, self._stands))


def _restore_low(strength: int, rule: LowRule, hand: tuple[Card, ...], five: tuple[Card, ...],
                 stands: tuple[tuple[Card, Card], ...]) -> WildLowValue:
    value = object.__new__(WildLowValue)
    for name, item in (("strength", strength), ("rule", rule), ("_hand", hand), ("_five", five),
                       ("_stands", stands)):
        object.__setattr__(value, name, item)
    return value


def split_wild(hand: Sequence[Card], mask: int) -> tuple[list[Card], list[Card]]:
    """The natural cards and the wild cards of ``hand``."""
    naturals = [c for c in hand if not mask >> c.id & 1]
    wilds = [c for c in hand if mask >> c.id & 1]
    return naturals, wilds


def evaluate_wild(cards: CardsLike, wild: WildLike) -> HandValue:
    """The best high hand of 5 to 10 cards when the cards ``wild`` names are wild (see the module)."""
    mask = wild_mask(wild)
    hand = parse_hand(cards)
    naturals, wilds = split_wild(hand, mask)
    if not mask:  # no card is wild: the natural value
        return high_value(hand)
    if not wilds:  # the same hand, its value on the wild scale so that it compares with wild hands
        natural = high_value(hand)
        return _restore_high(int(to_wild()[natural.strength]), hand, natural.cards, ())
    strength, used, stands = best_high(naturals, len(wilds))
    played = list(zip(wilds, stands, strict=False))
    if wild_category(strength) == "flush":  # highest first, a repeated rank not grouped ahead
        pairs = sorted([(c, c) for c in used] + played, key=lambda p: p[1].rank, reverse=True)
    else:
        pairs = _ordered([(c, c) for c in used] + played, ace_low=False)
    return _restore_high(strength, hand, tuple(c for c, _ in pairs),
                         tuple((c, s) for c, s in pairs if c in wilds))


def evaluate_low_wild(cards: CardsLike, rule: str = "a5", qualifier: int | None = None,
                      wild: WildLike = ()) -> LowValue | None:
    """The best low of 5 to 10 cards when the cards ``wild`` names are wild, or ``None`` when none
    qualifies: each wild card plays as the best low card for the hand (never pairing one it holds
    when it need not)."""
    checked = check_rule(rule)
    threshold = qualifier_threshold(checked, qualifier)
    mask = wild_mask(wild)
    hand = parse_hand(cards)
    naturals, wilds = split_wild(hand, mask)
    if not wilds:
        return low_value(hand, checked, threshold)
    strength, used, stands = best_low(naturals, len(wilds), checked)
    if strength < threshold:
        return None
    pairs = _ordered([(c, c) for c in used] + list(zip(wilds, stands, strict=False)),
                     ace_low=checked != "27", wheel_low=checked != "27")
    return _restore_low(strength, checked, hand, tuple(c for c, _ in pairs),
                        tuple((c, s) for c, s in pairs if c in wilds))


__all__ = ["LOW_RULES", "BadWild", "WildHandValue", "WildLike", "WildLowValue", "evaluate_low_wild",
           "evaluate_wild", "split_wild", "wild_mask"]
