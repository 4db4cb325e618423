"""A group-sequential test that a win rate is above zero: look at the results a few times on a schedule
fixed in advance and stop at the first look whose (stricter) interval already lies above zero.

Looking four times and passing whenever the plain 95% interval is above zero would pass a bot that
only breaks even far more often than 2.5% of the time. O'Brien-Fleming-type boundaries keep the
overall error at the one-sided 2.5% of a single 95% interval: at a look after the fraction ``t`` of the
planned deals the boundary is ``C / sqrt(t)``, with ``C`` chosen so that a zero mean crosses some
boundary with probability 0.025. For four equally spaced looks ``C = 2.024`` (Jennison and Turnbull,
*Group Sequential Methods with Applications to Clinical Trials*, 2000, table 2.3, ``C_B(4, 0.05)``;
O'Brien and Fleming, *Biometrics* 35, 1979): the boundaries are 4.048, 2.862, 2.337 and 2.024 at
1/4, 1/2, 3/4 and the whole schedule (the last a little stricter than a single look's 1.960, the price
of looking early). The spread is estimated from the results, so each boundary is turned into its
nominal one-sided level and read back from Student's t with ``n - 1`` degrees of freedom (the
"significance level approach", Jennison and Turnbull section 3.8): stricter still at a small look.

>>> look_sizes(80)
(20, 40, 60, 80)
>>> round(student_t_quantile(0.975, 19), 3)
2.093
>>> round(boundary(20, 80), 2), round(boundary(80, 80), 2)
(5.19, 2.06)
"""

from __future__ import annotations

import math
from statistics import NormalDist

import numpy as np
import numpy.typing as npt

from homegame.sim.stats import WinRate

#: How many times a schedule is looked at (equally spaced).
LOOKS = 4
#: O'Brien-Fleming's constant for four equally spaced looks, one-sided 2.5% (two-sided 5%).
OBRIEN_FLEMING_C = 2.024
#: From this many degrees of freedom on, t's quantile is its expansion around the normal one (the
#: closed-form sum takes ``df / 2`` terms; the expansion's error there is below 1e-9).
EXPANSION_DF = 1000


def look_sizes(deals: int, looks: int = LOOKS) -> tuple[int, ...]:
    """How many deals have been played at each look: ``k / looks`` of ``deals`` (rounded up), the last
    the whole schedule; looks of fewer than two deals (no spread to measure) are left out."""
    if deals < 2:
        raise ValueError(f"a sequential schedule needs at least 2 deals, not {deals}")
    if looks < 1:
        raise ValueError(f"a sequential schedule needs at least one look, not {looks}")
    return tuple(dict.fromkeys(n for n in (-(-k * deals // looks) for k in range(1, looks + 1)) if n >= 2))


def student_t_sf(x: float, df: int) -> float:
    """P(T > x) for Student's t with ``df`` (a whole number, at least 1) degrees of freedom, summed in
    closed form (Abramowitz and Stegun 26.7.3 and 26.7.4)."""
    if df < 1:
        raise ValueError(f"degrees of freedom must be at least 1, not {df}")
    theta = math.atan(abs(x) / math.sqrt(df))
    sin, cos2 = math.sin(theta), math.cos(theta) ** 2
    term, total = 1.0, 1.0
    if df % 2 == 0:  # A = sin θ (1 + 1/2 cos²θ + 1·3/(2·4) cos⁴θ + ...)
        for j in range(1, df // 2):
            term *= cos2 * (2 * j - 1) / (2 * j)
            total += term
        inside = sin * total
    else:  # A = 2/π (θ + sin θ cos θ (1 + 2/3 cos²θ + 2·4/(3·5) cos⁴θ + ...))
        for j in range(1, (df - 1) // 2):
            term *= cos2 * (2 * j) / (2 * j + 1)
            total += term
        inside = 2 / math.pi * (theta + (sin * math.sqrt(cos2) * total if df > 1 else 0.0))
    tail = (1.0 - inside) / 2
    return tail if x >= 0 else 1.0 - tail


def student_t_quantile(p: float, df: int) -> float:
    """The ``p`` quantile of Student's t with ``df`` degrees of freedom (bisection on :func:`student_t_sf`)."""
    if not 0.0 < p < 1.0:
        raise ValueError(f"a quantile's probability must lie strictly between 0 and 1, not {p}")
    if p < 0.5:
        return -student_t_quantile(1.0 - p, df)
    if df >= EXPANSION_DF:
        return _cornish_fisher(NormalDist().inv_cdf(p), df)
    low, high = 0.0, 1.0
    while student_t_sf(high, df) > 1.0 - p:
        high *= 2
    for _ in range(200):
        middle = (low + high) / 2
        if student_t_sf(middle, df) > 1.0 - p:
            low = middle
        else:
            high = middle
        if high - low <= 1e-12 * high:
            break
    return (low + high) / 2


def _cornish_fisher(z: float, df: int) -> float:
    """t's quantile from the normal one, to the fourth power of ``1 / df`` (Abramowitz and Stegun 26.7.5)."""
    g1 = (z**3 + z) / 4
    g2 = (5 * z**5 + 16 * z**3 + 3 * z) / 96
    g3 = (3 * z**7 + 19 * z**5 + 17 * z**3 - 15 * z) / 384
    g4 = (79 * z**9 + 776 * z**7 + 1482 * z**5 - 1920 * z**3 - 945 * z) / 92160
    return z + g1 / df + g2 / df**2 + g3 / df**3 + g4 / df**4


def boundary(n: int, deals: int) -> float:
    """How many standard errors above zero the mean must be after ``n`` of ``deals`` deals:
    O'Brien-Fleming's ``C / sqrt(n / deals)`` at its nominal level, read from Student's t."""
    if not 2 <= n <= deals:
        raise ValueError(f"a look must come after 2 to {deals} deals, not {n}")
    level = NormalDist().cdf(-OBRIEN_FLEMING_C * math.sqrt(deals / n))
    return student_t_quantile(1.0 - level, n - 1)


def sequential_rate(payoffs: npt.NDArray[np.float64], big_bet: int, deals: int) -> WinRate:
    """The win rate over ``payoffs`` (the first of ``deals`` planned deals) with the repeated 95%
    interval of that look: the mean ± :func:`boundary` standard errors."""
    if big_bet <= 0:
        raise ValueError(f"big_bet must be more than 0, not {big_bet}")
    n = int(len(payoffs))
    scaled = np.asarray(payoffs, dtype=np.float64) / big_bet * 100.0
    spread = float(scaled.std(ddof=1)) if n > 1 else math.inf
    return WinRate(float(scaled.mean()), boundary(n, deals) * spread / math.sqrt(n), n)
