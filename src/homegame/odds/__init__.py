"""Odds: each player's expected share of the pot, exact where feasible, sampled otherwise.

>>> import homegame as hg
>>> result = hg.equity("holdem", ["As Ks", "Qh Qd"], board="2c 7d 9h Tc")  # 6 outs of 44
>>> result.exact, [round(s, 4) for s in result.shares]
(True, [0.1364, 0.8636])
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from homegame.odds.calculator import BadOdds, Equity, equity
    from homegame.odds.ranges import Range, parse_range
    from homegame.odds.versus import range_equity

__all__ = ["BadOdds", "Equity", "Range", "equity", "parse_range", "range_equity"]
_HOME = {"Range": "ranges", "parse_range": "ranges", "range_equity": "versus"}


def __getattr__(name: str) -> Any:
    if name not in __all__:
        raise AttributeError(f"module 'homegame.odds' has no attribute {name!r}")
    value = getattr(importlib.import_module("homegame.odds." + _HOME.get(name, "calculator")), name)
    globals()[name] = value
    return value
