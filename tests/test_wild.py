"""Wild cards (issue 11): known five-card counts with deuces wild and with a joker, an independent brute
force over substitutions for high and low, batch equals scalar, what each wild card stands for, bad input."""

from __future__ import annotations

import pickle
import random
import re
import subprocess
import sys
from itertools import combinations

import numpy as np
import pytest

import homegame as hg
from homegame.cards import DECK, card_ids
from homegame.evaluate import evaluate, evaluate_low, evaluate_low_many, evaluate_many
from homegame.evaluate.batch import BadIds
from homegame.evaluate.tables import tables
from homegame.evaluate.wild import BadWild, WildHandValue, wild_mask
from homegame.evaluate.wildscale import FIVE_OF_A_KIND, wild_category_starts
from test_wild_support import brute

NAMES = ("high card", "one pair", "two pair", "three of a kind", "straight", "flush", "full house",
         "four of a kind", "straight flush", "five of a kind")

# The same two tables (deuces wild; one joker, fully wild, in a 53-card deck) are printed in Wikipedia's
# "Poker probability" article, sections "Deuces wild" and "Joker wild" (checked against it, Dec 2026).
# Cactus Kev, "Enumerating Wild Card Hands" (http://suffe.cool/poker/wild.html), whose stipulations are
# ours: five of a kind allowed, a wild card represents any card, a hand takes its highest value. (The page
# stipulates no double-ace flushes; we allow them, which changes no count: a flush that repeats a rank
# is still a flush, and a hand that makes one made a flush of different ranks before.) Deuces wild, all C(52,5) hands (the 672 quints also in Brian Alspach, "Wild Cards
# in Profusion: Part 2", Poker Digest 5(9), 2002, http://people.math.sfu.ca/~alspach/mag94):
DEUCES_WILD = {
    "five of a kind": 672, "straight flush": 2_552, "four of a kind": 31_552, "full house": 12_672,
    "flush": 14_472, "straight": 62_232, "three of a kind": 355_080, "two pair": 95_040,
    "one pair": 1_225_008, "high card": 799_680,
}
# The same page, a 53-card deck with the joker fully wild, all C(53,5) hands:
JOKER_WILD = {
    "five of a kind": 13, "straight flush": 204, "four of a kind": 3_120, "full house": 6_552,
    "flush": 7_804, "straight": 20_532, "three of a kind": 137_280, "two pair": 123_552,
    "one pair": 1_268_088, "high card": 1_302_540,
}


def census(strengths: np.ndarray, *, wild: bool = True) -> dict[str, int]:
    """Hands per category of wild-scale strengths (flushes may repeat a rank, five of a kind on top), or
    of natural strengths."""
    starts = wild_category_starts() if wild else tables().category_start
    category = np.searchsorted(starts, strengths, side="right") - 1
    category[strengths >= FIVE_OF_A_KIND] = 9
    return dict(zip(NAMES, np.bincount(category, minlength=10).tolist(), strict=True))


@pytest.fixture(scope="module")
def all_fives() -> np.ndarray:
    return np.fromiter(combinations(range(52), 5), dtype=np.dtype((np.int8, 5)), count=2_598_960)


def joker_rows() -> tuple[np.ndarray, np.ndarray]:
    """Every four-card hand with a joker: the fifth card is one the four lack, made wild in its row alone
    (a fully wild card is the same whichever card it is)."""
    fours = np.fromiter(combinations(range(52), 4), dtype=np.dtype((np.int8, 4)), count=270_725)
    held = np.zeros((len(fours), 52), dtype=bool)
    held[np.arange(len(fours))[:, None], fours] = True
    joker = np.argmin(held, axis=1).astype(np.int64)
    return np.concatenate([fours, joker[:, None].astype(np.int8)], axis=1), np.int64(1) << joker


def test_deuces_wild_census(all_fives: np.ndarray) -> None:
    strengths = evaluate_many(all_fives, wild="2")
    assert sum(DEUCES_WILD.values()) == 2_598_960
    assert census(strengths) == DEUCES_WILD


def test_joker_census(all_fives: np.ndarray) -> None:
    rows, masks = joker_rows()
    natural, with_joker = census(evaluate_many(all_fives), wild=False), census(evaluate_many(rows, wild=masks))
    assert sum(JOKER_WILD.values()) == 2_869_685 == len(all_fives) + len(rows)
    assert {name: natural[name] + with_joker[name] for name in NAMES} == JOKER_WILD


@pytest.mark.slow
def test_every_joker_hand_against_substitution() -> None:
    """All 270,725 four-card hands with the joker: the joker replaced by each of the 52 cards."""
    from test_wild_support import _value

    rows, masks = joker_rows()
    ours = evaluate_many(rows, wild=masks)
    best = np.zeros(len(rows), dtype=np.int64)
    for card in range(52):
        subs = rows.astype(np.int64)
        subs[:, 4] = card
        best = np.maximum(best, _value(subs, "high"))
    assert (ours == best).all()


def random_hand(rng: random.Random) -> tuple[list[int], set[int]]:
    k = rng.randint(5, 7)
    hand = rng.sample(range(52), k)
    return hand, set(rng.sample(hand, rng.randint(1, 3 if k < 7 else 2)))  # 52**3 substitutions of 7: slow


def test_high_agrees_with_brute_force() -> None:
    rng = random.Random(11)
    for _ in range(100):
        hand, wild = random_hand(rng)
        value = evaluate([DECK[c] for c in hand], wild=[DECK[c] for c in wild])
        assert value.strength == brute(hand, wild), (hand, wild)


@pytest.mark.parametrize("rule", ["a5", "a6", "27"])
def test_low_agrees_with_brute_force(rule: str) -> None:
    rng = random.Random(12 + len(rule) + ord(rule[-1]))
    for _ in range(40):
        hand, wild = random_hand(rng)
        value = evaluate_low([DECK[c] for c in hand], rule, wild=" ".join(str(DECK[c]) for c in wild))
        assert value is not None
        assert value.strength == brute(hand, wild, rule), (hand, wild)


def test_strong_and_odd_hands_agree_with_brute_force() -> None:
    """Hands built to reach the rare categories and the forced pairs of lows."""
    hands = ["As Ah Ad Ac 2c", "Kc Kd Kh 2s 2c 7d", "2c 2d 2h 3s 4d 5h", "Ts Js Qs 2d 9c 9d",
             "5c 5d 5h 5s 2c 2d", "Kc Kd Kh Ks 2h Qc Qd", "3s 5s 7s 2h 9s", "Ah 2c 3h 4h 5d 2s",
             "9s 8s 7s 2c 2d 2h Kd"]
    for text in hands:
        ids = card_ids(text)
        wild = {c for c in ids if c >> 2 == 0}
        assert evaluate(text, wild="2").strength == brute(ids, wild), text
        for rule in ("a5", "a6", "27"):
            low = evaluate_low(text, rule, wild="2")
            assert low is not None and low.strength == brute(ids, wild, rule), (text, rule)


def test_batch_equals_scalar() -> None:
    rng = random.Random(13)
    for k in (5, 6, 7, 8, 10):
        hands = [rng.sample(range(52), k) for _ in range(400)]
        masks = np.array([sum(1 << c for c in rng.sample(h, rng.randint(0, 4))) for h in hands], dtype=np.int64)
        ids = np.array(hands, dtype=np.int16)
        high = evaluate_many(ids, wild=masks)
        assert high.tolist() == [evaluate([DECK[c] for c in h], wild=int(m)).strength
                                 for h, m in zip(hands, masks.tolist(), strict=True)]
        for rule in ("a5", "a6", "27"):
            low = evaluate_low_many(ids, rule, wild=masks)
            expected = [evaluate_low([DECK[c] for c in h], rule, wild=int(m)) for h, m in zip(hands, masks.tolist(),
                                                                                           strict=True)]
            assert low.tolist() == [0 if v is None else v.strength for v in expected]
        deuces = evaluate_many(ids, wild="2", parallel=True)
        assert deuces.tolist() == [evaluate([DECK[c] for c in h], wild="2").strength for h in hands]


def test_low_qualifier_with_wild_cards() -> None:
    low = evaluate_low("Ah 2c 3d 9s Kc", "a5", 8, wild="Kc")
    assert low is None  # the wild card makes A-2-3-4 but the fifth card is the nine
    low = evaluate_low("Ah 2c 3d 9s Kc Jd", "a5", 8, wild="K J")
    assert low is not None and str(low).startswith("5-4-3-2-A low")
    ids = np.array([card_ids("Ah 2c 3d 9s Kc Qc"), card_ids("Ah 2c 3d 9s Kc Jd")])
    assert evaluate_low_many(ids, "a5", 8, wild="K J").tolist() == [0, low.strength]
    # 2-7: the wild card takes the seven, never the card that would pair or make a straight
    assert str(evaluate_low("2c 3d 4h 5s Jh", "27", wild="Jh")).startswith("7-5-4-3-2 low")
    assert str(evaluate_low("Ac 2d 3h 4s Jh", "a6", wild="Jh")).startswith("6-4-3-2-A low")


def test_values_say_what_wild_cards_stand_for() -> None:
    value = evaluate("As Ah Ad Ac 2c", wild="2")
    assert value.category == "five of a kind"
    assert isinstance(value, WildHandValue)
    assert [str(c) for c in value.cards] == ["As", "Ah", "Ad", "Ac", "2c"]
    assert [(str(w), str(s)) for w, s in value.stands_for] == [("2c", "As")]
    assert str(value) == "Five of a kind, aces (one wild: 2c as As)"
    assert value > evaluate("9h 9d 9c 9s Jh", wild="Jh Js") > evaluate("As Ks Qs Js Ts")
    flush = evaluate("Ks Qs 2d 9s 8s", wild="2")
    assert str(flush) == "Flush, ace high (one wild: 2d as As)" and flush.category == "flush"
    one_eyed = evaluate("Kh Kc Ks 9s Jh 3c 4d", wild="Jh Js")
    assert str(one_eyed) == "Four of a kind, kings (one wild: Jh as Kd)"
    straight = evaluate("Ts Jh 2c 2d Kc 5h", wild="2")
    assert straight.category == "straight flush" or straight.category == "straight"
    assert pickle.loads(pickle.dumps(value)) == value
    assert str(pickle.loads(pickle.dumps(value))) == str(value)
    low = evaluate_low("Jh 2c 3d 4s 9c", "a5", wild="Jh Js")
    assert low is not None and str(low) == "9-4-3-2-A low (one wild: Jh as As)"
    assert [(str(w), str(s)) for w, s in low.stands_for] == [("Jh", "As")]


def test_without_wild_cards_nothing_changes() -> None:
    rng = random.Random(14)
    for _ in range(50):
        hand = [DECK[c] for c in rng.sample(range(52), 7)]
        natural = evaluate(hand)
        assert evaluate(hand, wild=None) == natural
        assert type(evaluate(hand, wild="")) is type(natural) and evaluate(hand, wild="") == natural
        held = {c.rank for c in hand}
        absent = next(r for r in "23456789TJQKA" if "23456789TJQKA".index(r) not in held)
        assert evaluate(hand, wild=absent) == natural
        assert evaluate_low(hand, "27", wild=absent) == evaluate_low(hand, "27")
    ids = np.array([card_ids("As Ks Qs Js Ts 2c 3d")])
    assert evaluate_many(ids).tolist() == evaluate_many(ids, wild="").tolist() == [7462]
    # with a wild rank the batch values are on the wild scale (flushes that repeat a rank fit in it)
    assert evaluate_many(ids, wild="4").tolist() == [evaluate(ids[0].tolist(), wild="4").strength]


@pytest.mark.parametrize("bad", ["J7", "2 Zz", "11", ["Jh", "Q?"], "jokers"])
def test_bad_wild_text_names_the_token(bad: object) -> None:
    token = bad if isinstance(bad, str) and " " not in bad else ("Zz" if bad == "2 Zz" else "Q?")
    with pytest.raises(ValueError, match=re.escape(f"'{token}' is not a wild card")):
        evaluate("As Ks Qs Js Ts", wild=bad)  # type: ignore[arg-type]
    with pytest.raises(BadWild, match=re.escape(f"'{token}'")):
        evaluate_low("As Ks Qs Js Ts", wild=bad)  # type: ignore[arg-type]
    with pytest.raises(BadWild, match=re.escape(f"'{token}'")):
        evaluate_many(np.array([card_ids("As Ks Qs Js Ts")]), wild=bad)


def test_wild_spellings() -> None:
    assert wild_mask("10") == wild_mask("T") == wild_mask("t") == 0xF << 32
    assert wild_mask("Jh Js") == wild_mask("Jh,Js") == wild_mask(["Jh", "Js"]) == wild_mask(hg.cards("Jh Js"))
    assert wild_mask("2 Jh") == 0xF | 1 << 38
    with pytest.raises(BadWild):
        wild_mask(True)
    with pytest.raises(BadWild, match="one per row"):
        evaluate_many(np.array([card_ids("As Ks Qs Js Ts")]), wild=np.array([1, 2]))
    with pytest.raises(BadIds):
        evaluate_many(np.array([[0, 0, 1, 2, 3]]), wild="2")
    five = np.array([card_ids("As Ks Qs Js Ts")] * 2)
    for bad in (1 << 52, -1):
        with pytest.raises(BadWild, match="row 1"):
            evaluate_many(five, wild=np.array([1, bad], dtype=np.int64))
        with pytest.raises(BadWild, match="row 1"):
            evaluate_low_many(five, wild=np.array([1, bad], dtype=np.int64))
    with pytest.raises(BadWild, match="not a set of card ids"):
        evaluate("As Ks Qs Js Ts", wild=1 << 52)


def test_import_stays_light() -> None:
    code = ("import sys, homegame as hg; hg.evaluate('As Ks Qs Js Ts 2c 2d', wild='2');"
            "print(any(m.startswith('numba') for m in sys.modules), 'homegame.evaluate.wildkernels' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.split() == ["False", "False"]


def test_usage_rules_with_wild_cards() -> None:
    """Omaha, Pass'Em and Three-Hole take wild cards too: each allowed group with its wild cards, the best
    kept; the batch forms agree with the scalar ones."""
    from homegame.evaluate.usage import (
        ANY,
        OMAHA,
        PASSEM,
        THREE_HOLE,
        best_high,
        best_high_many,
        best_low,
        best_low_many,
    )

    rng = random.Random(15)
    for usage, own_n, shared_n in ((OMAHA, 4, 5), (PASSEM, 3, 4), (THREE_HOLE, 3, 4), (ANY, 2, 5)):
        hands = [rng.sample(range(52), own_n + shared_n) for _ in range(60)]
        own = np.array([h[:own_n] for h in hands])
        shared = np.array([h[own_n:] for h in hands])
        high = best_high_many(own, shared, usage, wild="2 Jh Js").tolist()
        low = best_low_many(own, shared, usage, "a5", 8, wild="2 Jh Js").tolist()
        for i, h in enumerate(hands):
            mine, theirs = [DECK[c] for c in h[:own_n]], [DECK[c] for c in h[own_n:]]
            assert high[i] == best_high(mine, theirs, usage, wild="2 Jh Js").strength
            value = best_low(mine, theirs, usage, "a5", 8, wild="2 Jh Js")
            assert low[i] == (0 if value is None else value.strength)
    # Omaha: two own cards exactly, so the deuce in the hole is used only with one other hole card
    assert best_high("2c Ah Kd Kc", "As Ad 7h 8s 9c", OMAHA, wild="2").category == "four of a kind"
    assert best_high("2c Ah Kd Kc", "As Ad 7h 8s 9c", ANY, wild="2").category == "four of a kind"


def test_eight_to_ten_cards_agree_with_brute_force() -> None:
    rng = random.Random(16)
    for k in (8, 9, 10):
        for _ in range(4):
            hand = rng.sample(range(52), k)
            wild = set(rng.sample(hand, rng.randint(1, 2)))
            cards = [DECK[c] for c in hand]
            assert evaluate(cards, wild=list(map(DECK.__getitem__, wild))).strength == brute(hand, wild), hand
            low = evaluate_low(cards, "27", wild=int(sum(1 << c for c in wild)))
            assert low is not None and low.strength == brute(hand, wild, "27"), hand
