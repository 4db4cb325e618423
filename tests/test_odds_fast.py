"""The fast exact paths (issue 12 section 2) give the plain enumeration's answer: hold'em boards by rank
class, and every game's enumeration up to suit isomorphism, on random inputs."""

from __future__ import annotations

import random
from typing import Any

import pytest

import homegame as hg
from homegame.cards import DECK, SUITS
from homegame.odds import Equity
from homegame.odds import calculator as calc
from homegame.odds.symmetry import symmetries


def _both(monkeypatch: pytest.MonkeyPatch, game: Any, hole: list[str], board: str = "") -> tuple[Equity, Equity]:
    fast = hg.equity(game, hole, board=board)
    with monkeypatch.context() as m:
        m.setattr(calc, "RANK_CLASSES", False)
        m.setattr(calc, "SUIT_ISOMORPHISM", False)
        plain = hg.equity(game, hole, board=board)
    return fast, plain


def _agree(fast: Equity, plain: Equity) -> None:
    assert fast.exact and plain.exact
    assert fast.outcomes == plain.outcomes
    assert fast.shares == pytest.approx(plain.shares, abs=1e-12, rel=0)


def _deal(rng: random.Random, sizes: list[int], suits: str = SUITS) -> list[str]:
    pool = [str(c) for c in DECK if str(c)[1] in suits]
    drawn = rng.sample(pool, sum(sizes))
    out, at = [], 0
    for size in sizes:
        out.append(" ".join(drawn[at:at + size]))
        at += size
    return out


@pytest.mark.parametrize("hole", [["As Ks", "Qh Qd"], ["Ah Kd", "7c 7s"], ["8s 7s", "Ac Ad"], ["2c 2d", "Ah Kh"]])
def test_rank_classes_equal_every_board_heads_up(monkeypatch: pytest.MonkeyPatch, hole: list[str]) -> None:
    fast, plain = _both(monkeypatch, hg.game("holdem"), hole)
    assert fast.outcomes == 1_712_304
    assert fast.shares == plain.shares  # wins plus half the ties: whole and half numbers, so bit for bit


def test_rank_classes_equal_every_board_on_random_deals(monkeypatch: pytest.MonkeyPatch) -> None:
    rng = random.Random(12)
    holdem = hg.game("holdem")
    for trial in range(40):
        players = rng.randint(2, 6)
        known_board = rng.choice([0, 0, 3, 4]) if trial >= 4 else 0
        # few suits make flushes (and the boards that need the suit-by-suit walk) common
        suits = rng.choice([SUITS, SUITS, "sh", "shd", "s"]) if players * 2 + known_board <= 13 else SUITS
        dealt = _deal(rng, [2] * players + [known_board], suits)
        fast, plain = _both(monkeypatch, holdem, dealt[:-1], dealt[-1])
        _agree(fast, plain)


def test_symmetries_are_the_suit_swaps_that_fix_every_block() -> None:
    assert len(symmetries([])) == 24
    assert symmetries([[0, 1], [2, 6]]).tolist() == [[0, 1, 2, 3], [1, 0, 2, 3]]  # 2c 2d | 2h 3h
    aks_qq = symmetries([[c.id for c in hg.cards("As Ks")], [c.id for c in hg.cards("Qh Qd")]])
    assert aks_qq.tolist() == [[0, 1, 2, 3], [0, 2, 1, 3]]  # hearts and diamonds swap
    assert len(symmetries([[c.id for c in hg.cards("As")]])) == 6
    assert len(symmetries([[c.id for c in hg.cards("2c 2d 2h")]])) == 6  # clubs, diamonds, hearts permute
    assert len(symmetries([[c.id for c in hg.cards("2c 3d 4h")]])) == 1


CASES: list[tuple[str, dict[str, Any], list[int], int]] = [
    # game, house rules, known cards per player (0: unknown), known board/table cards
    ("holdem", {}, [2, 0], 4),
    ("holdem", {}, [2, 0], 3),
    ("holdem", {}, [2, 2, 0], 4),
    ("holdem", {"split": "high-low"}, [2, 2], 3),
    ("omaha", {"split": "high-low"}, [4, 4], 3),
    ("omaha", {}, [4, 4], 3),
    ("omaha", {"split": "high-low"}, [4, 4], 4),
    ("stud-hi-lo", {}, [6, 6], 0),
    ("stud", {}, [7, 6, 6], 0),
    ("passem", {}, [3, 0], 3),
    ("passem", {}, [3, 3], 2),
    ("sameem", {}, [5, 5], 3),
    ("three-hole", {}, [3, 2, 2], 1),
]


@pytest.mark.parametrize(("name", "rules", "sizes", "board"), CASES)
def test_suit_isomorphism_equals_plain_enumeration(monkeypatch: pytest.MonkeyPatch, name: str,
                                                   rules: dict[str, Any], sizes: list[int], board: int) -> None:
    rng = random.Random(f"{name}{sizes}{board}")
    game = hg.game(name, **rules)
    reduced = 0
    for trial in range(6):
        suits = ["s", "sh", "sh", "shd", SUITS, SUITS][trial]
        if sum(sizes) + board > 13 * len(suits):
            suits = SUITS
        dealt = _deal(rng, sizes + [board], suits)
        fast, plain = _both(monkeypatch, game, dealt[:-1], dealt[-1])
        _agree(fast, plain)
        blocks = [[c.id for c in hg.cards(x)] for x in dealt]
        reduced += len(symmetries(blocks)) > 1
    assert reduced >= 2  # the test exercises real orbits, not only the identity


def test_rank_classes_with_hole_cards_to_come_equal_every_deal(monkeypatch: pytest.MonkeyPatch) -> None:
    rng = random.Random(7)
    holdem = hg.game("holdem")
    spots = [([2, 0], 3, "s"), ([2, 0], 4, SUITS), ([1, 0], 4, "sh"), ([2, 0, 2], 4, SUITS), ([0, 1], 4, "sd"),
             ([2, 1], 3, SUITS), ([2, 2, 1], 3, "shd"), ([2, 0], 3, "sh"), ([1, 1], 4, SUITS), ([2, 0], 5, "s")]
    for sizes, board, suits in spots:
        dealt = _deal(rng, sizes + [board], suits)
        fast, plain = _both(monkeypatch, holdem, dealt[:-1], dealt[-1])
        _agree(fast, plain)
