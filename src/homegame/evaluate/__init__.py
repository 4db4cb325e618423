"""Hand evaluation: high hands, the three low rules, hand-usage rules and the numba batch kernels.

See ``docs/evaluator-api.md``. Importing this package loads nothing heavy: names are resolved on
first use, numba kernels compile (or load from their cache) on first call, tables load on first use.

>>> from homegame.evaluate import evaluate
>>> evaluate("As Ks Qs Js Ts 2c 2d").category
'straight flush'
>>> evaluate("As Ah Ad Ks Qs 2c 2d", wild="2").category
'five of a kind'
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from homegame.evaluate.batch import BadIds, evaluate_low_many, evaluate_many
    from homegame.evaluate.best import evaluate, evaluate_low
    from homegame.evaluate.classes import UnknownLowRule
    from homegame.evaluate.usage import (
        ANY,
        OMAHA,
        PASSEM,
        THREE_HOLE,
        BadUsage,
        Usage,
        best_high,
        best_high_many,
        best_low,
        best_low_many,
    )
    from homegame.evaluate.values import BadHand, HandValue, LowValue
    from homegame.evaluate.wild import BadWild, WildHandValue, WildLowValue, wild_mask

_LAZY = {
    **dict.fromkeys(("BadIds", "evaluate_low_many", "evaluate_many"), "homegame.evaluate.batch"),
    "UnknownLowRule": "homegame.evaluate.classes",
    **dict.fromkeys(("ANY", "OMAHA", "PASSEM", "THREE_HOLE", "BadUsage", "Usage", "best_high", "best_high_many",
                     "best_low", "best_low_many"), "homegame.evaluate.usage"),
    **dict.fromkeys(("BadHand", "HandValue", "LowValue"), "homegame.evaluate.values"),
    **dict.fromkeys(("evaluate", "evaluate_low"), "homegame.evaluate.best"),
    **dict.fromkeys(("BadWild", "WildHandValue", "WildLowValue", "wild_mask"), "homegame.evaluate.wild"),
}

__all__ = [
    "ANY", "OMAHA", "PASSEM", "THREE_HOLE", "BadHand", "BadIds", "BadUsage", "BadWild", "HandValue", "LowValue",
    "UnknownLowRule", "Usage", "WildHandValue", "WildLowValue", "best_high", "best_high_many", "best_low",
    "best_low_many", "evaluate", "evaluate_low", "evaluate_low_many", "evaluate_many", "wild_mask",
]


def __getattr__(name: str) -> Any:
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module 'homegame.evaluate' has no attribute {name!r}")
    value = getattr(importlib.import_module(module), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))
