"""The rules engine: a pure core (no I/O, clock or global randomness) that plays one hand of any
declared game.

>>> from homegame.rules import Stakes, IllegalAction
>>> Stakes("no-limit", blinds=(1, 2)).structure
'no-limit'
"""

from homegame.rules.errors import IllegalAction
from homegame.rules.hand import Hand
from homegame.rules.history import History
from homegame.rules.spec import Game, Step
from homegame.rules.stakes import Stakes

__all__ = ["Game", "Hand", "History", "IllegalAction", "Stakes", "Step"]
