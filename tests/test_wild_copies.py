"""Issue 19 §2 (open): a wild card may copy a card the hand already holds (CONTRACT.md), so
``As Ks Qs 9s 2d`` with deuces wild is a flush A-A-K-Q-9 that beats ``As Ks Qs Js 9s``.

Checked against an independent brute force that puts each of the 52 cards (duplicates allowed) in place
of each wild card and ranks the five cards: five of a kind above a straight flush; a flush, with
repeated ranks or not, compared card by card from the highest. The high evaluator still keeps a flush
to five different ranks, which needs flush classes with repeated ranks on the wild scale (between the
best natural flush and the worst full house) in the wild tables, kernels and descriptions: the tests
of that are strict xfails until it is done. The low evaluator already agrees (a copied card can only
pair a low)."""

from __future__ import annotations

import itertools
import random
from collections import Counter

import pytest

import homegame as hg
from homegame.evaluate.classes import class_key, low_strength

DECK = [hg.Card(i) for i in range(52)]


def _key(cards: tuple[hg.Card, ...]) -> tuple[int, tuple[int, ...]]:
    ranks = tuple(sorted((c.rank for c in cards), reverse=True))
    if len(set(ranks)) == 1:
        return 9, ranks[:1]
    flush = len({c.suit for c in cards}) == 1
    category, order = class_key(ranks, flush)
    if flush and category < 6 and len(set(ranks)) < 5:  # a flush with a copied card: still a flush
        return 5, ranks
    return category, order


def _brute_high(hand: list[hg.Card], wild: str) -> tuple[int, tuple[int, ...]]:
    wilds = {c for c in hand if c.rank == "23456789TJQKA".index(wild)}
    best = (0, ())
    for five in itertools.combinations(hand, 5):
        w = [i for i, c in enumerate(five) if c in wilds]
        for subs in itertools.product(DECK, repeat=len(w)):
            cards = list(five)
            for i, c in zip(w, subs, strict=True):
                cards[i] = c
            best = max(best, _key(tuple(cards)))
    return best


def test_the_issues_hand() -> None:
    double_ace = hg.evaluate("As Ks Qs 9s 2d", wild="2")
    assert double_ace.category == "flush"
    assert double_ace > hg.evaluate("As Ks Qs Js 9s", wild="2")


def test_high_orders_hands_as_the_brute_force_does() -> None:
    rng = random.Random(19)
    hands = []
    for _ in range(60):
        suit = rng.choice("cdhs")
        flushy = [hg.Card(r + suit) for r in rng.sample("3456789TJQKA", 4)]
        hand = [*flushy, hg.Card("2" + rng.choice("cdhs"))] if rng.random() < 0.7 else rng.sample(DECK, 5)
        if len(set(hand)) == 5:
            hands.append(hand)
    keys = [_brute_high(h, "2") for h in hands]
    values = [hg.evaluate(h, wild="2") for h in hands]
    for (a, ka), (b, kb) in itertools.combinations(zip(values, keys, strict=True), 2):
        assert (a > b) == (ka > kb) and (a == b) == (ka == kb)


def _brute_low(hand: list[hg.Card], wild: str, rule: str) -> int:
    wilds = {c for c in hand if c.rank == "23456789TJQKA".index(wild) or str(c) == wild}
    best = 0
    for five in itertools.combinations(hand, 5):
        w = [i for i, c in enumerate(five) if c in wilds]
        for subs in itertools.product(DECK, repeat=len(w)):
            cards = list(five)
            for i, c in zip(w, subs, strict=True):
                cards[i] = c
            ranks = tuple(c.rank for c in cards)
            if max(Counter(ranks).values()) > 4:
                continue
            best = max(best, low_strength(ranks, len({c.suit for c in cards}) == 1, rule))  # type: ignore[arg-type]
    return best


@pytest.mark.parametrize("rule", ["a5", "a6", "27"])
def test_low_agrees_with_the_brute_force(rule: str) -> None:
    rng = random.Random(rule)
    for _ in range(25):
        hand = rng.sample(DECK, 6)
        if not any(c.rank == 9 for c in hand):
            hand[0] = hg.Card("J" + "hs"[rng.random() < 0.5]) if hg.Card("Jh") not in hand else hand[0]
        low = hg.evaluate_low(hand, rule, None, wild="J")
        assert (low.strength if low else 0) == _brute_low(hand, "J", rule)
