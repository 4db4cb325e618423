"""``hg.icm`` (issue 20, CONTRACT.md "Tournaments") against a brute force over every finishing order and
published worked examples, and the chip chop."""

from __future__ import annotations

import itertools
import math
import random
import time

import pytest

import homegame as hg
from homegame.tournament.icm import chip_chop


def brute_force(stacks: list[int], payouts: list[float]) -> list[float]:
    """Malmuth-Harville by its definition: the chance of each finishing order, written out."""
    values = [0.0] * len(stacks)
    for order in itertools.permutations(range(len(stacks))):
        chance, left = 1.0, sum(stacks)
        for player in order:
            chance *= stacks[player] / left
            left -= stacks[player]
        for place, player in enumerate(order[: len(payouts)]):
            values[player] += chance * payouts[place]
    return values


def test_icm_equals_the_brute_force() -> None:
    rng = random.Random(20)
    for _ in range(60):
        n = rng.randint(1, 7)
        stacks = [rng.randint(1, 10_000) for _ in range(n)]
        payouts = [rng.choice([0, rng.randint(1, 1000)]) for _ in range(rng.randint(0, 9))]
        got = hg.icm(stacks, payouts)
        assert got == pytest.approx(brute_force(stacks, payouts), rel=1e-9, abs=1e-9)
        assert sum(got) == pytest.approx(sum(payouts[:n]), abs=1e-6)


def test_published_worked_examples() -> None:
    # Wikipedia, "Independent Chip Model": 50% / 30% / 20% of the chips, 70 and 30 paid -> ~45, ~32, ~22.
    a, b, c = hg.icm([50, 30, 20], [70, 30])
    assert (round(a), round(b), round(c)) == (45, 32, 23) and math.isclose(a + b + c, 100)
    # pailiku.com ICM calculator, a four-handed final table: 5000/3000/1500/500, paying 500/300/200.
    four = hg.icm([5000, 3000, 1500, 500], [500, 300, 200])
    assert [round(x, 2) for x in four] == [377.78, 312.89, 225.60, 83.73]
    # the same calculator, 5000/3000/2000 paying 50/30/20: 38.39 / 32.75 / 28.86.
    assert [round(x, 2) for x in hg.icm([5000, 3000, 2000], [50, 30, 20])] == [38.39, 32.75, 28.86]


def test_ten_players_exact_and_fast() -> None:
    stacks = [1000 * (i + 1) for i in range(10)]
    payouts = [40, 25, 15, 8, 5, 3, 2, 1, 1, 0]
    start = time.perf_counter()
    values = hg.icm(stacks, payouts)
    assert time.perf_counter() - start < 0.5
    assert sum(values) == pytest.approx(100)
    assert values == sorted(values)  # more chips, more money
    # equal stacks share equally
    assert hg.icm([7] * 10, payouts) == pytest.approx([10.0] * 10)


@pytest.mark.parametrize(
    ("stacks", "payouts", "named"),
    [
        ([], [10], "stacks: no players"),
        ([10, -1], [10], "stacks: -1"),
        ([10, 0], [10], "stacks: 0"),
        ([10, 2.5], [10], "stacks: 2.5"),
        ([10, True], [10], "stacks: True"),
        ([10, 20], [10, -3], "payouts: -3"),
        ([10, 20], [float("nan")], "payouts: nan"),
        ([10] * 40, [1] * 40, "too many for exact ICM"),
    ],
)
def test_bad_input_is_named(stacks: list[int], payouts: list[float], named: str) -> None:
    with pytest.raises(ValueError, match=named.replace(".", r"\.")):
        hg.icm(stacks, payouts)


def test_many_players_few_places() -> None:
    values = hg.icm([100] * 60, [50, 30, 20])
    assert values == pytest.approx([100 / 60] * 60)


def test_chip_chop() -> None:
    assert chip_chop([6000, 3000, 1000], [50, 30, 20]) == pytest.approx([44, 32, 24])
    assert chip_chop([1, 1], [70, 30]) == pytest.approx([50, 50])
    assert sum(chip_chop([5, 17, 3, 9], [100, 50])) == pytest.approx(150)
    with pytest.raises(ValueError, match="stacks"):
        chip_chop([0, 5], [10])
