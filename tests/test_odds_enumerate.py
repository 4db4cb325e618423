"""Issue 19 item 11: heads-up Omaha and short-deck hold'em are enumerated (every board), not sampled.
Each answer is checked against a brute force written here: short-deck hands ranked by a plain Python
ranking of the short deck, Omaha by the batch evaluator over every two-plus-three selection."""

from __future__ import annotations

import random
from collections import Counter
from fractions import Fraction
from itertools import combinations
from typing import Any

import numpy as np
import pytest

import homegame as hg
from homegame.cards import DECK, Card, cards
from homegame.evaluate.batch import evaluate_many
from homegame.odds import calculator as calc

SHORT_DECK = [c for c in DECK if c.rank >= 4]  # sixes to aces


def _short_five(five: tuple[Card, ...], trips_beat_straight: bool) -> tuple[int, ...]:
    """A five-card short-deck hand as (category, tie-break ranks), larger is better, ranked from the rules
    (docs/games/short-deck.md): A-6-7-8-9 the lowest straight, a flush over a full house."""
    ranks = sorted((c.rank for c in five), reverse=True)
    counts = Counter(ranks)
    flush = len({c.suit for c in five}) == 1
    high = None
    if len(counts) == 5 and ranks[0] - ranks[4] == 4:
        high = ranks[0]
    elif set(ranks) == {12, 4, 5, 6, 7}:  # A 6 7 8 9
        high = 7
    shape = sorted(counts.values(), reverse=True)
    order = sorted(counts, key=lambda r: (counts[r], r), reverse=True)
    straight_cat, trips_cat = (3, 4) if trips_beat_straight else (4, 3)
    if high is not None and flush:
        return (8, high)
    if shape[0] == 4:
        return (7, *order)
    if flush:
        return (6, *order)
    if shape == [3, 2]:
        return (5, *order)
    if high is not None:
        return (straight_cat, high)
    if shape[0] == 3:
        return (trips_cat, *order)
    if shape[:2] == [2, 2]:
        return (2, *order)
    if shape[0] == 2:
        return (1, *order)
    return (0, *order)


def _deals(known: list[tuple[Card, ...]], left: list[Card]) -> Any:
    """Every completion of each player's known cards to two, with the cards left."""
    if not known:
        yield [], left
        return
    for extra in combinations(left, 2 - len(known[0])):
        rest = [c for c in left if c not in extra]
        for hands, remaining in _deals(known[1:], rest):
            yield [(*known[0], *extra), *hands], remaining


def _brute_short(hole: list[str], board: str, trips_beat_straight: bool = False) -> list[Fraction]:
    held = [cards(h) for h in hole]
    shown = cards(board)
    used = {c for h in held for c in h} | set(shown)
    totals = [Fraction(0)] * len(held)
    outcomes = 0
    for hands, left in _deals(held, [c for c in SHORT_DECK if c not in used]):
        for rest in combinations(left, 5 - len(shown)):
            full = (*shown, *rest)
            best = [max(_short_five(f, trips_beat_straight) for f in combinations((*h, *full), 5)) for h in hands]
            top = max(best)
            winners = [p for p, b in enumerate(best) if b == top]
            for p in winners:
                totals[p] += Fraction(1, len(winners))
            outcomes += 1
    return [t / outcomes for t in totals]


def _brute_omaha(hole: list[str], board: str) -> list[float]:
    held = [[c.id for c in cards(h)] for h in hole]
    shown = [c.id for c in cards(board)]
    used = {c for h in held for c in h} | set(shown)
    left = [c.id for c in DECK if c.id not in used]
    boards = [shown + list(rest) for rest in combinations(left, 5 - len(shown))]
    best = []
    for h in held:
        rows = [list(two) + [b[i] for i in three] for b in boards for two in combinations(h, 2)
                for three in combinations(range(5), 3)]
        strengths = np.asarray(evaluate_many(np.array(rows, dtype=np.int64)))
        best.append(strengths.reshape(len(boards), -1).max(axis=1))
    values = np.stack(best, axis=1)
    top = values.max(axis=1, keepdims=True)
    wins = values == top
    shares = wins / wins.sum(axis=1, keepdims=True)
    return [float(x) for x in shares.mean(axis=0)]


def test_short_deck_heads_up_is_enumerated_exactly() -> None:
    r = hg.equity("short-deck", ["As Ks", "Qh Qd"])
    assert r.exact and r.method == "exact" and r.stderr == [0.0, 0.0]
    assert r.outcomes == 201_376  # C(32, 5): every board
    assert round(r.shares[0] * 100, 4) == 54.2773  # the exact figure


@pytest.mark.parametrize("trips_beat_straight", [False, True])
def test_short_deck_equals_brute_force_on_random_flops(trips_beat_straight: bool) -> None:
    rng = random.Random(19 + trips_beat_straight)
    game = hg.game("short-deck", trips_beat_straight=trips_beat_straight)
    spots = [(["Ah 9d", "8c 7c"], "6s Kd 7h"), (["9h 9d", "Ah Kh"], "9c 8h 6h")]
    for _ in range(3):
        drawn = [str(c) for c in rng.sample(SHORT_DECK, 9)]
        spots.append(([" ".join(drawn[0:2]), " ".join(drawn[2:4]), " ".join(drawn[4:6])], " ".join(drawn[6:9])))
    for hole, board in spots:
        r = hg.equity(game, hole, board=board)
        assert r.exact and r.stderr == [0.0] * len(hole)
        assert r.shares == pytest.approx([float(x) for x in _brute_short(hole, board, trips_beat_straight)],
                                         abs=1e-12)


@pytest.mark.parametrize(("hole", "board"), [(["As Ks", ""], "Qs Js 6d 7c Th"), (["As Ks", "Qh"], "Qs Js 6d 7c"),
                                            (["9c 9d", "Kh", "Ah"], "9h 8h 6h Kd Ad")])
def test_short_deck_with_unknown_hole_cards_equals_brute_force(hole: list[str], board: str) -> None:
    r = hg.equity("short-deck", hole, board=board)
    assert r.exact
    assert r.shares == pytest.approx([float(x) for x in _brute_short(hole, board)], abs=1e-12)


def test_short_deck_ranking_decides_a_straight_against_trips() -> None:
    # 6-7-8-9-T against a set of nines: the straight wins, unless trips beat straights
    for flag, winner in ((False, 0), (True, 1)):
        r = hg.equity(hg.game("short-deck", trips_beat_straight=flag), ["Th 6d", "9h 9s"], board="7c 8d 9c Kh As")
        assert r.exact and r.shares[winner] == 1.0


def test_short_deck_unknown_cards_and_bad_cards_still_refused_or_played_out() -> None:
    with pytest.raises(ValueError, match="2s is not in short-deck's deck"):
        hg.equity("short-deck", ["2s 3s", "Ah Kh"])
    r = hg.equity("short-deck", ["As Ks", ""], board="Qs Js 6d 7c", trials=50, seed=1)
    assert not r.exact


def test_heads_up_omaha_preflop_is_exact() -> None:
    r = hg.equity("omaha", ["As Ks Qd Jd", "Ah Ad 7c 8c"])
    assert r.exact and r.method == "exact" and r.stderr == [0.0, 0.0]
    assert r.outcomes == 1_086_008  # C(44, 5)
    # the plain odometer enumeration's answer (homegame.odds.kernels, every board one by one)
    assert r.shares == pytest.approx([0.38187932317257334, 0.6181206768274267], abs=1e-12)


@pytest.mark.parametrize(("hole", "board"), [(["As Ks Qd Jd", "Ah Ad 7c 8c"], "2c 3d 9h"),
                                            (["9s 8s 7h 6h", "Kc Kd Qs Js", "Ac 2c 3d 4d"], "Ts 5h Kh"),
                                            (["As Ks Qs Js", "Ah Kh Qh Jh"], "2s 3h 4c 9d")])
def test_omaha_on_a_flop_or_turn_equals_brute_force(hole: list[str], board: str) -> None:
    r = hg.equity("omaha", hole, board=board)
    assert r.exact
    assert r.shares == pytest.approx(_brute_omaha(hole, board), abs=1e-12)


def test_omaha_sweep_equals_the_odometer_on_random_deals(monkeypatch: pytest.MonkeyPatch) -> None:
    from homegame.odds import fives

    rng = random.Random(11)
    for _ in range(6):
        players = rng.randint(2, 4)
        drawn = [str(c) for c in rng.sample(list(DECK), 4 * players + 4)]
        hole = [" ".join(drawn[4 * p:4 * p + 4]) for p in range(players)]
        board = " ".join(drawn[4 * players:4 * players + rng.choice([3, 4])])
        swept = hg.equity("omaha", hole, board=board)
        with monkeypatch.context() as m:
            m.setattr(fives, "SWEEP_BUDGET", 0)
            plain = hg.equity("omaha", hole, board=board)
        assert swept.exact and plain.exact and swept.outcomes == plain.outcomes
        assert swept.shares == pytest.approx(plain.shares, abs=1e-12)


def test_hi_lo_omaha_keeps_the_odometer(monkeypatch: pytest.MonkeyPatch) -> None:
    from homegame.odds import fives

    def refuse(*args: Any, **kwargs: Any) -> Any:
        raise AssertionError("the high-only sweep must not score a high-low game")

    monkeypatch.setattr(fives, "exact_fives", refuse)
    r = calc.equity(hg.game("omaha-hi-lo"), ["As Ks Qd Jd", "Ah Ad 7c 8c"], board="2c 3d 9h")
    assert r.exact


def test_short_deck_too_many_hole_deals_are_sampled_not_walked() -> None:
    from homegame.odds import fives

    game = hg.game("short-deck")
    assert fives.short_deck_exact(game, [[48, 49], [-1, -1], [-1, -1]], []) is None  # preflop, two unknown hands
    assert fives.short_deck_exact(game, [[48, 49], [-1, -1]], [44, 45, 46]) is not None  # 465 deals
