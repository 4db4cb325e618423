"""homegame: dealer's-choice home poker.

The public names (see the README) are imported lazily, so ``import homegame`` stays fast: nothing
is compiled and no table is built until it is first needed.

>>> import homegame as hg
>>> hg.Card("As").id
51
"""

# No `from __future__ import annotations` and only `_`-prefixed helpers: every public name here is
# in __all__ (tests/test_public_names.py).
import importlib as _importlib
import typing as _typing

from homegame.cards import Card, card_ids, cards

# numba's cache in the user's cache folder, set before anything imports numba (homegame/_numba_cache.py)
_importlib.import_module("homegame._numba_cache").configure()

# Load the (light) evaluate package now and drop the attribute the import system binds to it, so that
# `homegame.evaluate` is the function below, whatever imports `homegame.evaluate.*` later.
_importlib.import_module("homegame.evaluate")
del globals()["evaluate"]

if _typing.TYPE_CHECKING:
    from homegame.evaluate import evaluate, evaluate_low, evaluate_many
    from homegame.games import game, game_names, load_game
    from homegame.odds import Range, equity, parse_range, range_equity
    from homegame.records.phh_import import from_phh
    from homegame.records.pokerstars import from_pokerstars
    from homegame.records.replay import replay
    from homegame.rules import Hand, IllegalAction, Stakes
    from homegame.tournament.icm import icm

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
    "replay": "homegame.records.replay",
    "equity": "homegame.odds",
    "Range": "homegame.odds",
    "parse_range": "homegame.odds",
    "range_equity": "homegame.odds",
    "from_phh": "homegame.records.phh_import",
    "from_pokerstars": "homegame.records.pokerstars",
    "icm": "homegame.tournament.icm",
}

__all__ = [
    "Card", "Hand", "IllegalAction", "Range", "Stakes", "card_ids", "cards", "equity", "evaluate",
    "evaluate_low", "evaluate_many", "from_phh", "from_pokerstars", "game", "game_names", "icm",
    "load_game", "parse_range", "range_equity", "replay",
]


def __getattr__(name: str) -> _typing.Any:
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module 'homegame' has no attribute {name!r}")
    value = getattr(_importlib.import_module(module), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    import types

    modules = {n for n, v in globals().items() if isinstance(v, types.ModuleType) and not n.startswith("_")}
    return sorted(set(__all__) | modules | {n for n in globals() if n.startswith("__")})
