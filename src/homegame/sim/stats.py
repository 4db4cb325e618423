"""Win rates with their confidence intervals, from per-hand results.

>>> import numpy as np
>>> rate = win_rate(np.array([4.0, -4.0, 8.0, 0.0]), big_bet=4)
>>> rate.bb100
50.0
>>> round(rate.ci95, 1)
126.5
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

#: The two-sided 95% normal quantile.
Z95 = 1.959963984540054


@dataclass(frozen=True, slots=True)
class WinRate:
    """A mean result in big bets per 100 hands and the half-width of its 95% confidence interval."""

    bb100: float
    ci95: float
    hands: int

    @property
    def low(self) -> float:
        """The interval's lower end."""
        return self.bb100 - self.ci95

    @property
    def high(self) -> float:
        """The interval's upper end."""
        return self.bb100 + self.ci95

    def __str__(self) -> str:
        return f"{self.bb100:+.1f} ± {self.ci95:.1f} bb/100"


def win_rate(payoffs: npt.NDArray[np.float64], big_bet: int) -> WinRate:
    """The win rate of one seat from its chips won or lost in each hand (normal approximation)."""
    if big_bet <= 0:
        raise ValueError(f"big_bet must be more than 0, not {big_bet}")
    n = int(len(payoffs))
    if n == 0:
        return WinRate(0.0, math.inf, 0)
    scaled = np.asarray(payoffs, dtype=np.float64) / big_bet * 100.0
    mean = float(scaled.mean())
    spread = float(scaled.std(ddof=1)) if n > 1 else math.inf
    return WinRate(mean, Z95 * spread / math.sqrt(n), n)
