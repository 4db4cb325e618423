"""Hand-usage rules (issue 2 item 5) and the seed pages' worked examples."""

from __future__ import annotations

import random

import numpy as np
import pytest

import homegame as hg
from homegame.evaluate import BadHand, BadIds, evaluate, evaluate_low
from homegame.evaluate.usage import (
    ANY,
    OMAHA,
    PASSEM,
    THREE_HOLE,
    BadUsage,
    Usage,
    best_high,
    best_high_many,
    best_low,
    best_low_many,
)


def _brute_high(own: list[int], shared: list[int], usage: Usage) -> int:
    return max(evaluate(list(five)).strength
               for five in usage.fives(hg.cards(own), hg.cards(shared)))


def _brute_low(own: list[int], shared: list[int], usage: Usage, rule: str, qualifier: int | None) -> int:
    lows = [evaluate_low(list(five), rule, qualifier) for five in usage.fives(hg.cards(own), hg.cards(shared))]
    return max((v.strength for v in lows if v is not None), default=0)


# --- seed 000_4d47a75da2826cb4.txt (Pass'Em) ---

def test_passem_seed_example_uses_all_three_hole_cards() -> None:
    """000_4d47a75da2826cb4.txt: A♠7♦7♣ with 7♥K♠2♦ is 7-7-7-A-K, better than 7-7-7-K-2."""
    value = best_high("A♠7♦7♣", "7♥K♠2♦", PASSEM)
    assert [c.rank for c in value.cards] == [5, 5, 5, 12, 11]
    assert str(value) == "Three of a kind, sevens"
    assert set(value.cards) == set(hg.cards("As 7d 7c 7h Ks"))
    two_hole = best_high("A♠7♦7♣", "7♥K♠2♦", Usage("split", ((2, 3),)))
    assert value > two_hole and {c.rank for c in two_hole.cards} == {5, 11, 0}


def test_passem_allows_two_with_three_or_three_with_two() -> None:
    """000_4d47a75da2826cb4.txt rule 4.1: (a) two hole with all three community, (b) three hole with two."""
    assert PASSEM.groups(3, 3) == tuple(
        [((0, 1), (0, 1, 2)), ((0, 2), (0, 1, 2)), ((1, 2), (0, 1, 2))]
        + [((0, 1, 2), (0, 1)), ((0, 1, 2), (0, 2)), ((0, 1, 2), (1, 2))]
    )
    # (a): a flush needs all three board hearts and two hole hearts
    assert best_high("Ah Kh 2c", "Qh 9h 4h", PASSEM).category == "flush"
    # one hole heart is not enough even though five hearts are in view... there are only four here
    assert best_high("Ah Kc 2c", "Qh 9h 4h", PASSEM).category == "high card"


# --- seed 001_9b4a2539f1ed78a4.txt (Same'Em) ---

def test_sameem_seed_example() -> None:
    """001_9b4a2539f1ed78a4.txt: board K♠9♦7♣4♥2♠; A holds 3♦5♣6♠A♥K♦, B holds K♥K♣9♠8♥3♣."""
    board = "K♠9♦7♣4♥2♠"
    a = best_high("3♦5♣6♠A♥K♦", board, ANY)
    b = best_high("K♥K♣9♠8♥3♣", board, ANY)
    assert str(a) == "Straight, seven high"
    assert set(a.cards) == set(hg.cards("3♦4♥5♣6♠7♣"))
    assert str(b) == "Full house, kings full of nines"
    assert set(b.cards) == set(hg.cards("K♥K♣K♠9♠9♦"))
    assert b > a
    assert hg.evaluate(hg.cards("K♥K♣9♠8♥3♣") + hg.cards(board)) == b


# --- seed 004_dd2d1f817d061823.txt (Three-Hole) ---

def test_three_hole_seed_example() -> None:
    """004_dd2d1f817d061823.txt: Anna K♠9♦ + K♣, Ben K♥4♣ + 4♦, Cara exposed 9♥ and folded."""
    anna = best_high("K♠9♦K♣", "K♥4♣9♥", THREE_HOLE)        # Ben's and Cara's face-up cards
    ben = best_high("K♥4♣4♦", "K♠9♦9♥", THREE_HOLE)         # Anna's and Cara's face-up cards
    assert str(anna) == "Full house, kings full of nines"
    assert set(anna.cards) == set(hg.cards("K♠9♦K♣K♥9♥"))
    assert str(ben) == "Two pair, kings and fours"
    assert anna > ben
    # "Even if Anna's final king could count for him under rule 4.3, his best would be kings full of fours."
    ben_with_showdown_card = best_high("K♥4♣4♦", "K♠9♦9♥K♣", THREE_HOLE)
    assert str(ben_with_showdown_card) == "Full house, kings full of fours"
    assert anna > ben_with_showdown_card


def test_three_hole_uses_all_three_own_cards() -> None:
    """004_dd2d1f817d061823.txt: 'your hand is always all three of your own cards plus two other cards'."""
    value = best_high("2c 7d Jh", "As Ad Ah Ac", THREE_HOLE)
    assert str(value) == "One pair, aces"
    assert set(hg.cards("2c 7d Jh")) <= set(value.cards)


# --- the usage rules in general ---

def test_omaha_needs_exactly_two_hole_cards() -> None:
    assert best_high("Ah Kh Qc Jd", "2h 3h 7h 8c 9d", OMAHA).category == "flush"
    assert best_high("Ah Kh Qh Jh", "2h 3h 7c 8c 9d", OMAHA).category == "high card"  # four hearts in hand
    assert best_high("Ah Kc Qd Js", "Th 9h 8h 7h 2c", OMAHA).category == "straight"
    assert best_high("As Ac Ad Kc", "2h 3h 7c 8c 9d", OMAHA).category == "one pair"
    assert str(best_low("Ah 2h Kc Kd", "3s 4s 5s Qd Jc", OMAHA, "a5", 8)) == "5-4-3-2-A low"
    assert best_low("Ah Kh Kc Kd", "3s 4s 5s Qd Jc", OMAHA, "a5", 8) is None


@pytest.mark.parametrize(("usage", "own", "shared"), [
    (ANY, 2, 5), (ANY, 5, 5), (ANY, 7, 0), (OMAHA, 4, 5), (OMAHA, 4, 3), (PASSEM, 3, 3), (PASSEM, 3, 2),
    (THREE_HOLE, 3, 2), (THREE_HOLE, 3, 6), (THREE_HOLE, 3, 9),
])
def test_batch_forms_match_the_scalar_ones(usage: Usage, own: int, shared: int) -> None:
    rng = random.Random(own * 10 + shared)
    rows = [rng.sample(range(0, 52, 2) if i % 2 else range(52), own + shared) for i in range(300)]
    own_ids = np.array([r[:own] for r in rows], dtype=np.int64)
    shared_ids = np.array([r[own:] for r in rows], dtype=np.int64).reshape(len(rows), shared)
    highs = best_high_many(own_ids, shared_ids, usage).tolist()
    lows = best_low_many(own_ids, shared_ids, usage, "a5", 8).tolist()
    lows27 = best_low_many(own_ids, shared_ids, usage, "27", None).tolist()
    for i, r in enumerate(rows[:120]):
        mine, theirs = r[:own], r[own:]
        assert highs[i] == _brute_high(mine, theirs, usage) == best_high(mine, theirs, usage).strength
        assert lows[i] == _brute_low(mine, theirs, usage, "a5", 8)
        assert lows27[i] == _brute_low(mine, theirs, usage, "27", None)
        value = best_low(mine, theirs, usage, "a5", 8)
        assert lows[i] == (0 if value is None else value.strength)


def test_cards_of_a_usage_value_obey_the_usage() -> None:
    rng = random.Random(11)
    for _ in range(200):
        r = rng.sample(range(52), 9)
        own, shared = hg.cards(r[:4]), hg.cards(r[4:])
        value = best_high(own, shared, OMAHA)
        assert len(set(value.cards) & set(own)) == 2
        assert evaluate(value.cards) == value


def test_own_plus_with_fewer_shared_cards_than_the_pool_uses_them_all() -> None:
    assert Usage("own-plus", pool=3).groups(3, 2) == (((0, 1, 2), (0, 1)),)
    assert str(best_high("Ac Ad 2h", "As 3c", Usage("own-plus", pool=3))) == "Three of a kind, aces"
    with pytest.raises(BadHand, match="3 own and 1 shared cards make no five-card hand"):
        best_high("2c 7d Jh", "As", THREE_HOLE)


def test_bad_usage_and_cards() -> None:
    with pytest.raises(BadUsage, match="unknown usage kind"):
        Usage("some")  # type: ignore[arg-type]
    with pytest.raises(BadUsage, match="adding up to 5"):
        Usage("split", ((2, 2),))
    with pytest.raises(BadUsage, match="must be a Usage"):
        best_high("As Ks", "Qs Js Ts", "omaha")  # type: ignore[arg-type]
    with pytest.raises(BadHand, match="given twice"):
        best_high("As Ks", "As Js Ts", ANY)
    with pytest.raises(BadHand, match="no five-card hand"):
        best_high("As Ks", "Qs Js", ANY)
    with pytest.raises(BadHand, match="no five-card hand"):
        best_high("As Ks Qs", "Js Ts 9s", Usage("split", ((4, 1),)))
    with pytest.raises(BadIds, match="2 rows but shared has 1"):
        best_high_many(np.zeros((2, 2), dtype=np.int64), np.array([[1, 2, 3]]), ANY)
    with pytest.raises(BadIds, match="same card twice"):
        best_high_many(np.array([[1, 2]]), np.array([[3, 4, 2]]), ANY)
    with pytest.raises(BadIds, match="outside 0..51"):
        best_low_many(np.array([[1, 2, 60, 9]]), np.array([[3, 4, 5, 6, 7]]), OMAHA)


def test_values_pickle_and_copy() -> None:
    import copy
    import pickle

    high = best_high("Ah Kh 2c 3d", "Qh Jh Th 9s 8s", OMAHA)
    low = best_low("Ah 2h Kc Kd", "3s 4s 5s Qd Jc", OMAHA, "a5", 8)
    assert low is not None
    for value in (high, low, evaluate("As Ks Qs Js Ts 2c"), evaluate_low("5h 4d 3c 2s Ah 9c")):
        again = pickle.loads(pickle.dumps(value))
        assert again == value and again.cards == value.cards and str(again) == str(value)
        assert copy.deepcopy(value) == value
