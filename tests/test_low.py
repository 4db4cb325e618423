"""Low hands (issue 2, RULES.md section 2): a5, a6 and 27, with and without a qualifier."""

from __future__ import annotations

import random
from itertools import combinations

import numpy as np
import pytest

import homegame as hg
from homegame.cards import DECK
from homegame.evaluate import LowValue, UnknownLowRule, evaluate_low, evaluate_low_many
from homegame.evaluate.classes import LOW_RULES, low_strength


def low(text: str, rule: str = "a5", qualifier: int | None = None) -> LowValue:
    value = evaluate_low(text, rule, qualifier)
    assert value is not None
    return value


def test_a5_wheel_is_the_best_low() -> None:
    wheel = low("5h 4d 3c 2s Ah")
    assert str(wheel) == "5-4-3-2-A low"
    assert wheel > low("6h 4d 3c 2s Ah") > low("6h 5d 3c 2s Ah")
    assert low("5h 4h 3h 2h Ah") == wheel  # flushes and straights do not count in a5
    best = max(low(" ".join(str(c) for c in five)) for five in combinations(DECK[:16] + DECK[48:], 5))
    assert best == wheel


def test_a5_pairs_are_worse_than_any_unpaired_low() -> None:
    assert low("Kh Qd Jc 9s 8h") > low("2h 2d 3c 4s 5h")
    assert low("2h 2d 3c 4s 5h") > low("3h 3d 2c 4s 5h")
    assert low("2h 2d 3c 3s 5h") < low("Ah Ad 2c 3s 4h")
    assert str(low("5h 5d 3c 2s Ah")) == "5-5-3-2-A low"


def test_a6_wheel_is_a_straight_and_flushes_count() -> None:
    assert str(low("5h 4d 3c 2s Ah", "a6")) == "5-4-3-2-A low (straight)"
    best = low("6h 4d 3c 2s Ah", "a6")
    assert str(best) == "6-4-3-2-A low"
    assert best > low("7h 4d 3c 2s Ah", "a6") > low("5h 4d 3c 2s Ah", "a6")
    assert low("6h 4h 3h 2h Ah", "a6") < low("Kh Qd Jc 9s 8h", "a6")  # a flush counts against
    assert str(low("6h 4h 3h 2h Ah", "a6")) == "6-4-3-2-A low (flush)"
    # the ace is low: A-K-Q-J-T is no straight, just a king-high low
    assert str(low("Ah Kd Qc Js Th", "a6")) == "K-Q-J-T-A low"


def test_27_ace_is_high_and_the_wheel_is_no_straight() -> None:
    best = low("7h 5d 4c 3s 2h", "27")
    assert str(best) == "7-5-4-3-2 low"
    assert best > low("7h 6d 4c 3s 2h", "27") > low("8h 5d 4c 3s 2h", "27")
    wheel = low("5h 4d 3c 2s Ah", "27")
    assert str(wheel) == "A-5-4-3-2 low"  # ace high, no straight
    assert wheel < low("Kh Qd Jc 9s 8h", "27")
    assert low("6h 5d 4c 3s 2h", "27") < low("Ah Kd Qc Js 9h", "27")  # 6-high straight counts against
    assert low("7h 5h 4h 3h 2h", "27") < low("Ah Kd Qc Js 9h", "27")  # so does a flush


def test_seven_cards_take_the_best_five() -> None:
    assert str(low("8s 6d 4c 2h Ad Kc Kd")) == "8-6-4-2-A low"
    assert str(low("7h 5h 4h 3h 2h 8d Ks", "27")) == "8-5-4-3-2 low"  # avoids the flush
    assert str(low("6c 5d 4h 3s 2c Ad 9d", "a6")) == "6-4-3-2-A low"  # avoids the straights


@pytest.mark.parametrize(("text", "rule", "qualifier", "qualifies"), [
    ("8s 6d 4c 2h Ad", "a5", 8, True),
    ("9s 6d 4c 2h Ad", "a5", 8, False),
    ("8s 8d 4c 2h Ad", "a5", 8, False),       # paired
    ("8s 7d 6c 5h 4d", "a5", 8, True),        # the worst eight
    ("5s 4d 3c 2h Ad", "a6", 8, False),       # a straight in a6
    ("6s 4s 3s 2s As", "a6", 8, False),       # a flush in a6
    ("8s 7d 6c 5h 3d", "a6", 8, True),
    ("7s 5d 4c 3h 2d", "27", 7, True),
    ("5s 4d 3c 2h Ad", "27", 8, False),       # the ace is high in 27
    ("9s 6d 4c 2h Ad Kd Tc", "a5", 8, False),
    ("9s 6d 4c 2h Ad Kd Tc", "a5", 9, True),
    ("Ks Qd Jc 9h 8d", "a5", None, True),
])
def test_qualifier(text: str, rule: str, qualifier: int | None, qualifies: bool) -> None:
    assert (evaluate_low(text, rule, qualifier) is not None) is qualifies


def test_lows_of_different_rules_do_not_compare() -> None:
    with pytest.raises(ValueError, match="a5 low with an 27 low"):
        assert low("5h 4d 3c 2s Ah", "a5") > low("7h 5d 4c 3s 2h", "27")


def test_contract_example() -> None:
    assert hg.evaluate_low("5h 4d 3c 2s Ah 9c Kd", rule="a5", qualifier=8) is not None


@pytest.mark.parametrize("rule", LOW_RULES)
@pytest.mark.parametrize("k", [5, 6, 7, 8, 10])
def test_batch_lows_match_the_five_card_rankings(rule: str, k: int) -> None:
    rng = random.Random(k)
    hands = [rng.sample(range(52), k) for _ in range(600)]
    hands += [rng.sample(range(0, 32, 2), k) for _ in range(600)]  # low cards in two suits
    many = evaluate_low_many(np.array(hands), rule).tolist()
    for hand, strength in zip(hands, many, strict=True):
        best = max(low_strength(tuple(c >> 2 for c in f), len({c & 3 for c in f}) == 1, rule)  # type: ignore[arg-type]
                   for f in combinations(hand, 5))
        assert strength == best == low(" ".join(str(DECK[c]) for c in hand), rule).strength


@pytest.mark.parametrize("rule", LOW_RULES)
def test_batch_qualifier_gives_zero(rule: str) -> None:
    rng = random.Random(9)
    hands = [rng.sample(range(52), 7) for _ in range(3_000)]
    many = evaluate_low_many(np.array(hands), rule, 8).tolist()
    for hand, strength in zip(hands, many, strict=True):
        value = evaluate_low([DECK[c] for c in hand], rule, 8)
        assert strength == (0 if value is None else value.strength)


def test_bad_rules_and_qualifiers() -> None:
    with pytest.raises(UnknownLowRule, match="'a7'.*'a5', 'a6', '27'"):
        evaluate_low("5h 4d 3c 2s Ah", "a7")
    with pytest.raises(ValueError, match="qualifier 'eight'"):
        evaluate_low("5h 4d 3c 2s Ah", "a5", "eight")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="qualifier 20"):
        evaluate_low("5h 4d 3c 2s Ah", "a5", 20)
    with pytest.raises(ValueError, match="5 to 10 cards"):
        evaluate_low("5h 4d 3c 2s", "a5")
    with pytest.raises(UnknownLowRule):
        evaluate_low_many(np.array([[0, 1, 2, 3, 4]]), "razz")


@pytest.mark.parametrize(("hand", "wild", "words"), [
    ("3c 3d Kh 4s Ac", None, "K-4-3-3-A low"),  # a pair in its place, not first (issue 17, seen 9)
    ("Kc Kd 4h 3s Ac", None, "K-K-4-3-A low"),
    ("3c 3d Kh 4s Ac", "K", "4-3-3-2-A low"),  # the wild king plays as a deuce
])
def test_a_low_is_written_highest_card_first(hand: str, wild: str | None, words: str) -> None:
    got = str(evaluate_low(hand, "a5", wild=wild) if wild else evaluate_low(hand, "a5"))
    assert got.startswith(words), got
