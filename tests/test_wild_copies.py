"""Issue 19 §2: a wild card may copy a card the hand already holds (CONTRACT.md), so
``As Ks Qs 9s 2d`` with deuces wild is a flush A-A-K-Q-9 that beats ``As Ks Qs Js 9s``.

Checked against an independent brute force that puts each of the 52 cards (duplicates allowed) in place
of each wild card and ranks the five cards: five of a kind above a straight flush; a flush, with
repeated ranks or not, compared card by card from the highest. The wild scale
(:mod:`homegame.evaluate.wildscale`) has a flush block of every such flush; the scalar search, the
numba kernels and the descriptions follow it. The low evaluator already agreed (a copied card can
only pair a low)."""

from __future__ import annotations

import itertools
import random
from collections import Counter

import numpy as np
import pytest

import homegame as hg
from homegame.evaluate.classes import class_key, low_strength
from homegame.evaluate.wild import wild_mask as hg_wild_mask
from test_wild_support import brute

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


def test_one_eyed_jacks_copy_a_held_card_too() -> None:
    one_eyed = "Jh Js"
    double_ace = hg.evaluate("Ad Kd Qd 9d Jh", wild=one_eyed)
    assert double_ace.category == "flush"
    assert str(double_ace) == "Flush, A-A-K-Q-9 (one wild: Jh as Ad)"
    assert double_ace > hg.evaluate("Ad Kd Qd Td 9d", wild=one_eyed)
    assert double_ace > hg.evaluate("Ad Kd Qd Td 9d")  # a natural value is read on the wild scale
    # the best flush is kept whether the copy is of the top card or not: K-K beats K-Q-J-9-8
    assert hg.evaluate("Kc Qc 9c 8c Js", wild=one_eyed) > hg.evaluate("Kc Qc Jc 9c 8c", wild=one_eyed)


def test_four_suited_and_a_pair_make_the_best_flush() -> None:
    """A pair with four suited cards and a wild card: the flush (with a copied ace) beats the trips."""
    value = hg.evaluate("As 9s 7s 4s 9d 2c", wild="2")
    assert value.category == "flush"
    assert [str(p) for _, p in value.stands_for] == ["As"]
    assert str(value).startswith("Flush, A-A-9-7-4")


def _random_hands(rng: random.Random, count: int, size: int) -> list[list[int]]:
    hands = []
    while len(hands) < count:
        suit = rng.randrange(4)
        hand = {4 * r + suit for r in rng.sample(range(13), rng.choice((3, 4, 5)))}  # often flushy
        hand |= set(rng.sample(range(52), size))
        hands.append(sorted(hand)[:size] if rng.random() < 0.5 else rng.sample(sorted(hand), size))
    return hands


@pytest.mark.parametrize("size", [5, 6, 7, 8])
def test_batch_kernel_agrees_with_the_scalar_path_and_the_brute_force(size: int) -> None:
    """Per-row wild masks (a rank, one-eyed jacks, a joker-like single card, none): the numba kernel,
    the scalar search and the brute force give the same values."""
    rng = random.Random(size)
    masks = [hg_wild_mask("2"), hg_wild_mask("Jh Js"), 1 << 51, 0, hg_wild_mask("2 Jh Js")]
    hands = _random_hands(rng, 300, size)
    row_masks = np.array([rng.choice(masks) for _ in hands], dtype=np.int64)
    batch = hg.evaluate_many(np.array(hands, dtype=np.int64), wild=row_masks).tolist()
    scalar = [hg.evaluate([DECK[c] for c in h], wild=int(m)).strength for h, m in zip(hands, row_masks, strict=True)]
    assert batch == scalar
    for hand, mask, value in list(zip(hands, row_masks.tolist(), scalar, strict=True))[:60]:
        wild = {c for c in hand if mask >> c & 1}
        if mask and len(wild) <= 2:
            assert value == brute(hand, wild), (hand, mask)


def test_a_hand_without_its_wild_card_equals_and_hashes_as_its_natural_value() -> None:
    """Values of a wild game are on the wild scale; a natural value compares and hashes alike."""
    for text in ("As Ks Qs Js 9s", "Kh Kd Kc 7s 7d", "9c 8c 7c 6c 5c", "Ah Kd 7c 5s 3h"):
        wild, natural = hg.evaluate(text, wild="2"), hg.evaluate(text)
        assert wild == natural and hash(wild) == hash(natural) and len({wild, natural}) == 1
        assert not wild < natural and not natural < wild and wild <= natural and natural >= wild
    assert hg.evaluate("Kh Kd Kc 7s 7d", wild="2") > hg.evaluate("As Ks Qs 9s 2d", wild="2")  # full house


def test_showing_five_up_cards_compares_on_one_scale() -> None:
    """Baseball can show five up cards: the best showing must order a wild full house below a natural
    straight flush, as the showdown does."""
    from homegame.cards import card_ids
    from homegame.rules.showing import showing_strength

    deuces = 0xF
    full_house = showing_strength(list(card_ids("Kh Kd Kc 7s 2d")), wild=deuces)
    straight_flush = showing_strength(list(card_ids("9c 8c 7c 6c 5c")), wild=deuces)
    assert straight_flush > full_house
