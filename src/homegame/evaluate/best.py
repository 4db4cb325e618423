"""The best hand of some cards: :func:`evaluate` (high) and :func:`evaluate_low`, with or without wild
cards (:mod:`homegame.evaluate.values` holds the values, :mod:`homegame.evaluate.wild` the wild scale).

>>> v = evaluate("As 7d 7c 7h Ks 2d")
>>> v.category, str(v)
('three of a kind', 'Three of a kind, sevens')
>>> evaluate("Kh Kc Ks 9s 9d") > evaluate("Ah Ac As 2s 3d")
True
>>> str(evaluate_low("8s 6d 4c 2h Ad Kc Kd", "a5", 8))
'8-6-4-2-A low'
>>> evaluate_low("9s 6d 4c 2h Ad Kc Kd", "a5", 8) is None
True
"""

from __future__ import annotations

from homegame.evaluate.classes import check_rule, qualifier_threshold
from homegame.evaluate.fast import high_strength_of
from homegame.evaluate.values import (
    CardsLike,
    HandValue,
    LowValue,
    WildLike,
    _new_value,
    _set_hand,
    _set_strength,
    high_value,
    low_value,
    parse_hand,
)
from homegame.evaluate.wild import evaluate_low_wild, evaluate_wild


def evaluate(cards: CardsLike, wild: WildLike | None = None) -> HandValue:
    """The best five-card high hand of 5 to 10 cards (``Card``, text, or ids).

    ``wild`` names wild cards: ranks (``"2"``) or cards (``"Jh Js"``), as text or an iterable; see
    :mod:`homegame.evaluate.wild`.

    >>> str(evaluate("Kh Kc Ks 9s 9d 2c"))
    'Full house, kings full of nines'
    >>> evaluate("As Ks")
    Traceback (most recent call last):
    ...
    homegame.evaluate.values.BadHand: a hand needs 5 to 10 cards, got 2
    >>> str(evaluate("Kh Kc Ks 9s Jh", wild="Jh Js"))
    'Four of a kind, kings (one wild: Jh as Kd)'
    """
    if wild is not None:
        return evaluate_wild(cards, wild)
    if isinstance(cards, (tuple, list)):
        try:
            ids = [c._id for c in cards]  # Card's slot: the fast path for cards already parsed
        except AttributeError:
            pass
        else:
            if 5 <= len(ids) <= 7 and len(set(ids)) == len(ids):
                value = _new_value(HandValue)
                _set_strength(value, high_strength_of(ids))
                _set_hand(value, tuple(cards))
                return value
    return high_value(parse_hand(cards))


def evaluate_low(cards: CardsLike, rule: str = "a5", qualifier: int | None = None,
                 wild: WildLike | None = None) -> LowValue | None:
    """The best five-card low of 5 to 10 cards under ``rule`` (``"a5"``, ``"a6"``, ``"27"``), or
    ``None`` when no low qualifies. ``qualifier`` is the highest card a low may hold (``8`` =
    eight-or-better): the low must also be unpaired, and not a straight or flush where they count.
    ``wild`` names wild cards as for :func:`evaluate`; each plays as the best low card for the hand.

    >>> str(evaluate_low("5h 4d 3c 2s Ah", "a5"))
    '5-4-3-2-A low'
    >>> str(evaluate_low("5h 4d 3c 2s Ah", "a6"))
    '5-4-3-2-A low (straight)'
    >>> evaluate_low("5h 4d 3c 2s Ah", "a6", 8) is None
    True
    >>> str(evaluate_low("5h 4d 3c 2s Ah", "a6", 8, wild="5h"))
    '6-4-3-2-A low (one wild: 5h as 6s)'
    """
    if wild is not None:
        return evaluate_low_wild(cards, rule, qualifier, wild)
    checked = check_rule(rule)
    threshold = qualifier_threshold(checked, qualifier)
    return low_value(parse_hand(cards), checked, threshold)


__all__ = ["evaluate", "evaluate_low"]
