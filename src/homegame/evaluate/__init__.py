"""Hand evaluation: high hands, the three low rules, hand-usage rules and the numba batch kernels.

See ``docs/evaluator-api.md``. Nothing here compiles or builds tables at import time.

>>> from homegame.evaluate import evaluate
>>> evaluate("As Ks Qs Js Ts 2c 2d").category
'straight flush'
"""

from __future__ import annotations

from homegame.evaluate.batch import evaluate_low_many, evaluate_many
from homegame.evaluate.classes import UnknownLowRule
from homegame.evaluate.values import BadHand, HandValue, LowValue, evaluate, evaluate_low

__all__ = [
    "BadHand", "HandValue", "LowValue", "UnknownLowRule", "evaluate", "evaluate_low", "evaluate_low_many",
    "evaluate_many",
]
