"""homegame: dealer's-choice home poker.

The public names (see the README) are imported lazily, so ``import homegame`` stays fast: nothing
is compiled and no table is built until it is first needed.

>>> import homegame as hg
>>> hg.Card("As").id
51
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from homegame.cards import Card, card_ids, cards

# Load the (light) evaluate package now and drop the attribute the import system binds to it, so that
# `homegame.evaluate` is the function below, whatever imports `homegame.evaluate.*` later.
importlib.import_module("homegame.evaluate")
del globals()["evaluate"]

if TYPE_CHECKING:
    from homegame.evaluate import evaluate, evaluate_low, evaluate_many
    from homegame.games import game, game_names, load_game
    from homegame.odds import equity
    from homegame.rules import Hand, IllegalAction, Stakes, replay

__version__ = "0.1.0"

_LAZY = {
    "evaluate": "homegame.evaluate",
    "evaluate_low": "homegame.evaluate",
    "evaluate_many": "homegame.evaluate",
    "game": "homegame.games",
    "game_names": "homegame.games",
    "load_game": "homegame.games",
    "Stakes": "homegame.rules",
    "Hand": "homegame.rules",
    "IllegalAction": "homegame.rules",
    "replay": "homegame.rules",
    "equity": "homegame.odds",
}

__all__ = [
    "Card", "Hand", "IllegalAction", "Stakes", "card_ids", "cards", "equity", "evaluate", "evaluate_low",
    "evaluate_many", "game", "game_names", "load_game", "replay",
]


def __getattr__(name: str) -> Any:
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module 'homegame' has no attribute {name!r}")
    value = getattr(importlib.import_module(module), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))
