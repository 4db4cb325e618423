"""The built-in step kinds, each registered with its rule (:mod:`homegame.rules.steps`).

Each rule lives in the module that holds its logic; this table only names them, in the order a game
file's error lists the kinds. Importing :mod:`homegame.rules.spec` imports this module, so the kinds
are known before any game is built.
"""

from __future__ import annotations

from homegame.rules import betting, buy, choices, dealing, draw
from homegame.rules.state import StepRule
from homegame.rules.steps import Showdown, register

BUILT_IN: dict[str, StepRule] = {
    "deal": dealing.Deal(), "board": dealing.Board(), "pass": choices.Pass(), "expose": choices.Expose(),
    "discard": choices.Discard(), "draw": draw.Draw(), "buy": buy.Buy(), "strike": buy.Strike(),
    "arrange": choices.Arrange(), "roll": dealing.Roll(), "declare": choices.Declare(), "bet": betting.Bet(),
    "showdown": Showdown(),
}

for _kind, _rule in BUILT_IN.items():
    register(_kind, _rule)
