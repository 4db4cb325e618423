"""The group-sequential test the bot panel stops its cells with (``homegame.sim.sequential``): its
boundaries are O'Brien-Fleming's, and looking four times passes a break-even bot no more often than one
95% interval at the end does."""

from __future__ import annotations

import math

import numpy as np
import pytest

from homegame.sim.sequential import (
    EXPANSION_DF,
    OBRIEN_FLEMING_C,
    boundary,
    look_sizes,
    sequential_rate,
    student_t_quantile,
    student_t_sf,
)
from homegame.sim.stats import Z95


def test_looks_are_a_quarter_of_the_schedule_apart_rounded_up() -> None:
    assert look_sizes(80) == (20, 40, 60, 80)
    assert look_sizes(150) == (38, 75, 113, 150)
    assert look_sizes(1000) == (250, 500, 750, 1000)
    assert look_sizes(5) == (2, 3, 4, 5) and look_sizes(3) == (2, 3) and look_sizes(2) == (2,)


@pytest.mark.parametrize("bad", [0, 1, -4])
def test_a_schedule_too_short_to_measure_a_spread_is_refused(bad: int) -> None:
    with pytest.raises(ValueError, match="at least 2 deals"):
        look_sizes(bad)
    with pytest.raises(ValueError, match="a look must come after"):
        boundary(1, 80)
    with pytest.raises(ValueError, match="a look must come after"):
        boundary(81, 80)


# two-sided 95% points of Student's t from any printed table
@pytest.mark.parametrize(("df", "point"), [(1, 12.706), (2, 4.303), (5, 2.571), (10, 2.228), (19, 2.093),
                                           (30, 2.042), (120, 1.980)])
def test_student_t_matches_the_printed_table(df: int, point: float) -> None:
    assert student_t_quantile(0.975, df) == pytest.approx(point, abs=5e-4)
    assert student_t_sf(point, df) == pytest.approx(0.025, rel=2e-3)
    assert student_t_sf(-point, df) == pytest.approx(0.975, rel=1e-4)
    assert student_t_quantile(0.025, df) == -student_t_quantile(0.975, df)


def test_the_expansion_for_many_degrees_of_freedom_agrees_with_the_sum_where_it_takes_over() -> None:
    for df in (EXPANSION_DF - 1, EXPANSION_DF, 4 * EXPANSION_DF):  # a bisection, then the expansion
        for p in (0.975, 0.9785, 0.99997):
            assert student_t_sf(student_t_quantile(p, df), df) == pytest.approx(1 - p, rel=1e-7)


def test_with_many_deals_the_boundaries_are_obrien_flemings_own() -> None:
    # equally spaced looks, so C * sqrt(4 / k): 4.048, 2.862, 2.337, 2.024 (Jennison and Turnbull, table 2.3)
    deals = 4_000_000
    assert [boundary(n, deals) for n in look_sizes(deals)] == pytest.approx(
        [OBRIEN_FLEMING_C * math.sqrt(4 / k) for k in (1, 2, 3, 4)], abs=2e-3)
    assert OBRIEN_FLEMING_C * math.sqrt(4 / 1) == pytest.approx(4.048) and OBRIEN_FLEMING_C > Z95


def test_the_rate_carries_the_boundary_of_its_look() -> None:
    payoffs = np.array([4.0, 8.0, 0.0, 12.0, 4.0, 8.0, 4.0, 8.0])
    rate = sequential_rate(payoffs[:4], big_bet=4, deals=8)
    spread = float(np.std(payoffs[:4] / 4 * 100, ddof=1))
    assert rate.bb100 == 150.0 and rate.hands == 4
    assert rate.ci95 == pytest.approx(boundary(4, 8) * spread / 2)


def test_four_looks_pass_a_break_even_bot_no_more_often_than_one_interval_at_the_end() -> None:
    # 40,000 break-even cells of 80 deals each (normal results, a zero mean), seeded: the share that
    # passes at some look must stay within the one-sided 2.5% (plus three standard errors of the count).
    # The same looks with the plain 95% interval at each would pass far more of them.
    cells, deals = 40_000, 80
    results = np.random.default_rng(21).standard_normal((cells, deals))
    passed = np.zeros(cells, dtype=bool)
    naive = np.zeros(cells, dtype=bool)
    for n in look_sizes(deals):
        mean = results[:, :n].mean(axis=1)
        error = results[:, :n].std(axis=1, ddof=1) / math.sqrt(n)
        passed |= mean - boundary(n, deals) * error > 0
        naive |= mean - Z95 * error > 0
    slack = 3 * math.sqrt(0.025 * 0.975 / cells)
    assert passed.mean() <= 0.025 + slack, passed.mean()
    assert naive.mean() > 0.05, naive.mean()  # what stopping at the first plain pass would do
