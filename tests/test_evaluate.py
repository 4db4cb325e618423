"""High hands (issue 2): the five-card census, agreement with phevaluator and treys, the batch kernel,
bad input."""

from __future__ import annotations

import random
from itertools import combinations

import numpy as np
import pytest

import homegame as hg
from homegame.cards import DECK, Card, card_ids
from homegame.evaluate import BadHand, BadIds, evaluate, evaluate_many, kernels
from homegame.evaluate.tables import RANK_KEYS, high_tables, tables

CENSUS = {
    "straight flush": 40, "four of a kind": 624, "full house": 3_744, "flush": 5_108, "straight": 10_200,
    "three of a kind": 54_912, "two pair": 123_552, "one pair": 1_098_240, "high card": 1_302_540,
}


@pytest.fixture(scope="module")
def all_fives() -> np.ndarray:
    combos = np.fromiter(combinations(range(52), 5), dtype=np.dtype((np.int8, 5)), count=2_598_960)
    return combos


def test_every_five_card_hand(all_fives: np.ndarray) -> None:
    strengths = evaluate_many(all_fives)
    assert len(np.unique(strengths)) == 7_462
    assert strengths.min() == 1 and strengths.max() == 7_462
    starts = tables().category_start
    category = np.searchsorted(starts, strengths, side="right") - 1
    names = ["high card", "one pair", "two pair", "three of a kind", "straight", "flush", "full house",
             "four of a kind", "straight flush"]
    counts = {names[i]: int(n) for i, n in enumerate(np.bincount(category, minlength=9))}
    assert counts == CENSUS


def test_scalar_categories_on_a_sample_of_five_card_hands(all_fives: np.ndarray) -> None:
    rng = np.random.default_rng(2)
    rows = all_fives[rng.choice(len(all_fives), 3_000, replace=False)]
    many = evaluate_many(rows)
    for row, strength in zip(rows.tolist(), many.tolist(), strict=True):
        value = evaluate(row)
        assert value.strength == strength
        assert sorted(c.id for c in value.cards) == sorted(row)


def test_rank_keys_sum_uniquely_over_seven_cards() -> None:
    sums: set[int] = set()
    count = 0

    def walk(rank: int, left: int, total: int) -> None:
        nonlocal count
        if rank == 13:
            if left == 0:
                sums.add(total)
                count += 1
            return
        for c in range(min(4, left) + 1):
            walk(rank + 1, left - c, total + c * RANK_KEYS[rank])

    walk(0, 7, 0)
    assert count == 49_205 and len(sums) == count


def _same_order(ours: list[int], theirs: list[int]) -> bool:
    """True when ``ours`` (larger better) and ``theirs`` (smaller better) order the hands identically."""
    pairs = sorted(set(zip(ours, theirs, strict=True)))
    ours_sorted = [p[0] for p in pairs]
    theirs_sorted = [p[1] for p in pairs]
    return (len(set(ours_sorted)) == len(pairs) and len(set(theirs_sorted)) == len(pairs)
            and theirs_sorted == sorted(theirs_sorted, reverse=True))


@pytest.mark.parametrize("k", [5, 6, 7])
def test_orders_as_phevaluator(k: int) -> None:
    phevaluator = pytest.importorskip("phevaluator")
    rng = random.Random(k)
    hands = [rng.sample(range(52), k) for _ in range(20_000)]
    ours = evaluate_many(np.array(hands)).tolist()
    theirs = [phevaluator.evaluate_cards(*[str(DECK[c]) for c in h]) for h in hands]
    assert _same_order(ours, theirs)


@pytest.mark.parametrize("k", [6, 7])
def test_orders_as_treys(k: int) -> None:
    treys = pytest.importorskip("treys")
    evaluator = treys.Evaluator()
    rng = random.Random(100 + k)
    hands = [rng.sample(range(52), k) for _ in range(5_000)]
    ours = [evaluate(h).strength for h in hands]
    theirs = []
    for h in hands:
        ints = [treys.Card.new(str(DECK[c])) for c in h]
        theirs.append(evaluator.evaluate(ints[:2], ints[2:]))
    assert _same_order(ours, theirs)


@pytest.mark.parametrize("k", [5, 6, 7, 8, 9, 10])
def test_evaluate_many_matches_evaluate(k: int) -> None:
    rng = random.Random(k)
    hands = [rng.sample(range(52), k) for _ in range(2_000)]
    # hands heavy in two suits, where flushes and straight flushes are common
    hands += [rng.sample(range(0, 52, 2), k) for _ in range(2_000)]
    many = evaluate_many(np.array(hands, dtype=np.int16))
    assert many.tolist() == [evaluate(h).strength for h in hands]


def test_eight_to_ten_cards_take_the_best_five() -> None:
    rng = random.Random(7)
    for k in (8, 9, 10):
        for _ in range(300):
            hand = rng.sample(range(0, 52, 2), k)
            best = max(evaluate(list(five)).strength for five in combinations(hand, 5))
            assert evaluate(hand).strength == best


def test_parallel_and_serial_kernels_agree() -> None:
    rng = np.random.default_rng(3)
    ids = np.argsort(rng.random((50_000, 52)), axis=1)[:, :7]
    assert (evaluate_many(ids, parallel=True) == evaluate_many(ids, parallel=False)).all()


@pytest.mark.parametrize(("text", "category", "words", "five"), [
    ("As Ks Qs Js Ts 2c", "straight flush", "Royal flush", "As Ks Qs Js Ts"),
    ("5d 4d 3d 2d Ad Kd", "straight flush", "Straight flush, five high", "5d 4d 3d 2d Ad"),
    ("9c 9d 9h 9s 2c 3c", "four of a kind", "Four of a kind, nines", "9c 9d 9h 9s 3c"),
    ("Kh Kc Ks 9s 9d 2c", "full house", "Full house, kings full of nines", "Kh Kc Ks 9s 9d"),
    ("Ah 9h 7h 4h 2h 2c 2d", "flush", "Flush, ace high", "Ah 9h 7h 4h 2h"),
    ("5c 4d 3h 2s Ac Kd", "straight", "Straight, five high", "5c 4d 3h 2s Ac"),
    ("7c 7d 7h Ac Kd 2s 3h", "three of a kind", "Three of a kind, sevens", "7c 7d 7h Ac Kd"),
    ("Kc Kd 4h 4s 9c 2d", "two pair", "Two pair, kings and fours", "Kc Kd 4h 4s 9c"),
    ("Ac Ad 9h 7s 4c 2d", "one pair", "One pair, aces", "Ac Ad 9h 7s 4c"),
    ("Ac Qd 9h 7s 4c 2d", "high card", "High card, ace", "Ac Qd 9h 7s 4c"),
])
def test_values_in_words(text: str, category: str, words: str, five: str) -> None:
    value = evaluate(text)
    assert value.category == category
    assert str(value) == words
    assert value.cards == hg.cards(five)


def test_order_and_ties() -> None:
    assert evaluate("Ks Kd Kc 2s 2d") > evaluate("Ah Kh Qh Jh 9h")
    assert evaluate("Ah Kd Qh Jh 9h") == evaluate("As Ks Qd Jc 9s")
    assert evaluate("2c 2d 3h 3s 4c") < evaluate("2h 2s 3c 3d 5c")
    assert evaluate("5c 4d 3h 2s Ac") < evaluate("6c 5d 4h 3s 2c")
    assert hash(evaluate("Ah Kd Qh Jh 9s")) == hash(evaluate("Ad Kh Qs Jc 9d"))
    assert sorted([evaluate("Ah Kd Qh Jh 9s"), evaluate("2c 2d 3h 3s 4c")])[0].category == "high card"


def test_accepts_cards_text_and_ids() -> None:
    assert evaluate(hg.cards("As Ks Qs Js Ts")) == evaluate("As Ks Qs Js Ts") == evaluate([51, 47, 43, 39, 35])
    assert evaluate([Card("As"), "Ks", 43, "J♠", "10s"]).strength == 7_462


@pytest.mark.parametrize(("text", "message"), [
    ("As Ks Qs Js", "5 to 10 cards, got 4"),
    ("As Ks Qs Js Ts 9s 8s 7s 6s 5s 4s", "5 to 10 cards, got 11"),
    ("As Ks Qs Js As", "As is given twice"),
])
def test_bad_hands(text: str, message: str) -> None:
    with pytest.raises(BadHand, match=message):
        evaluate(text)


def test_bad_card_text_names_the_token() -> None:
    with pytest.raises(ValueError, match="'Xs'"):
        evaluate("As Ks Qs Js Xs")


@pytest.mark.parametrize(("ids", "message"), [
    ([[0, 1, 2, 3, 4]], "numpy array"),
    (np.array([0, 1, 2, 3, 4]), "2-D"),
    (np.array([[0, 1, 2, 3]]), "5 to 10 cards per row, got 4"),
    (np.array([[0, 1, 2, 3, 4.0]]), "integer"),
    (np.array([[0, 1, 2, 3, 52]]), "row 0 holds an id outside 0..51"),
    (np.array([[0, 1, 2, 3, 4], [0, 1, 2, 3, -1]]), "row 1 holds an id outside"),
    (np.array([[0, 1, 2, 3, 4, 5, 5]]), "the same card twice"),
    (np.array([[0, 1, 2, 3, 4, 5, 300]], dtype=np.int64), "outside 0..51"),
    (np.array([[0, 1, 2, 3, 4, 5, 60]], dtype=np.uint8), "outside 0..51"),
    (np.array([[0, 1, 2, 3, 4, -1, 6]], dtype=np.int8), "outside 0..51"),
    (np.array([[0, 1, 2, 3, 4, 5, 52 + 64]], dtype=np.int16), "outside 0..51"),
    (np.array([[9, 1, 2, 3, 4, 5, 9]], dtype=np.int32), "the same card twice"),
    (np.array([[0, 1, 2, 3, 4, 5, 6, 6]]), "the same card twice"),
    (np.array([[0, 1, 2, 3, 4, 5, 6, 52]]), "outside 0..51"),
    (np.array([[0, 1, 2, 3, 4, 4]]), "the same card twice"),
])
def test_bad_id_arrays(ids: object, message: str) -> None:
    with pytest.raises(BadIds, match=message):
        evaluate_many(ids)


def test_bad_rows_in_a_large_batch_are_caught() -> None:
    rng = np.random.default_rng(4)
    ids = np.argsort(rng.random((300_000, 52)), axis=1)[:, :7].astype(np.int8)
    ids[123_456, 3] = ids[123_456, 5]
    with pytest.raises(BadIds, match="row 123456"):
        evaluate_many(ids, parallel=True)


@pytest.mark.parametrize("k", [5, 6, 7])
@pytest.mark.parametrize("dtype", [np.uint8, np.int8, np.int16, np.int32, np.int64])
def test_every_bad_id_in_every_position_is_caught(k: int, dtype: type) -> None:
    """The kernels check ids in the same pass as the evaluation (table key at ``id & 255``, OR of ids,
    popcount of the summed ``1 << id``): each bad value the dtype can hold, in each column, gives -1."""
    info = np.iinfo(dtype)
    candidates = [52, 53, 63, 64, 64 + 5, 127, 128, 200, 255, 256, 256 + 5, 300, 2**15 - 1, 2**31 - 1, 2**40 + 7,
                  -1, -2, -52, -64, -128, -256 + 3, -(2**31), -(2**63)]
    bad = [v for v in candidates if info.min <= v <= info.max]
    good = [0, 13, 26, 39, 51, 7, 20][:k]
    rows = []
    for column in range(k):
        for value in bad:
            row = list(good)
            row[column] = value
            rows.append(row)
    ids = np.array(rows, dtype=dtype)
    t = tables()
    out = np.empty(len(ids), dtype=np.int32)
    kernels.high_rows(ids, t.card_keys, t.card_bits, *high_tables(), out, 1)
    assert (out == -1).all()
    with pytest.raises(BadIds, match="outside 0..51"):
        evaluate_many(ids)


@pytest.mark.parametrize("k", [5, 6, 7])
def test_every_repeated_card_is_caught(k: int) -> None:
    """A card twice (or three times) in any two columns, whatever the other cards (carries included)."""
    rng = random.Random(k)
    rows = []
    for _ in range(400):
        hand = rng.sample(range(52), k)
        a, b = sorted(rng.sample(range(k), 2))
        hand[b] = hand[a]
        if rng.random() < 0.3:
            hand[(b + 1) % k] = hand[a]
        rows.append(hand)
    # neighbours whose carries could fill the missing bit: 50, 50, 51 and 0, 0, 1
    rows.append([50, 50, 51, 0, 1, 2, 3][:k])
    rows.append([0, 0, 1, 2, 3, 4, 5][:k])
    ids = np.array(rows, dtype=np.uint8)
    t = tables()
    out = np.empty(len(ids), dtype=np.int32)
    kernels.high_rows(ids, t.card_keys, t.card_bits, *high_tables(), out, 1)
    assert (out == -1).all()


def test_contract_example() -> None:
    out = hg.evaluate_many(np.array([card_ids("2c 3c 4c 5c 6c 7c 8c"), [51, 47, 43, 39, 35, 30, 26]]))
    assert len(out) == 2 and out[1] > out[0]


def test_contract_argument_names() -> None:
    assert hg.evaluate(cards="As Ks Qs Js Ts").strength == 7_462
    low = hg.evaluate_low(cards="5h 4d 3c 2s Ah", rule="a5", qualifier=8)
    assert low is not None and str(low) == "5-4-3-2-A low"
    assert hg.evaluate_many(ids=np.array([[51, 47, 43, 39, 35]])).tolist() == [7_462]
