"""Win rates with their confidence intervals, from per-hand results.

>>> import numpy as np
>>> rate = win_rate(np.array([4.0, -4.0, 8.0, 0.0]), big_bet=4)
>>> rate.bb100
50.0
>>> round(rate.ci95, 1)
126.5
>>> str(win_rate(np.array([8.0]), big_bet=4))
'+200.0 bb/100 (interval n/a: need at least 2 hands)'
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

#: The two-sided 95% normal quantile.
Z95 = 1.959963984540054
#: What stands for the interval of a win rate measured over fewer than two hands.
NO_INTERVAL = "n/a: need at least 2 hands"


@dataclass(frozen=True, slots=True)
class WinRate:
    """A mean result in big bets per 100 hands and the half-width of its 95% confidence interval
    (infinite, and :attr:`known` false, over fewer than two hands)."""

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

    @property
    def known(self) -> bool:
        """Whether there is an interval at all: it takes at least two hands to measure a spread."""
        return math.isfinite(self.ci95)

    @property
    def interval(self) -> str:
        """The interval as the command line prints it: ``"-73.0 .. +123.0"``, or why there is none."""
        return f"{self.low:+.1f} .. {self.high:+.1f}" if self.known else NO_INTERVAL

    def __str__(self) -> str:
        if not self.known:
            return f"{self.bb100:+.1f} bb/100 (interval {NO_INTERVAL})"
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
