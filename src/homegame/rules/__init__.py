"""The rules engine: a pure core (no I/O, clock or global randomness) that plays one hand of any
declared game.

Its modules import downward only, with no circle (import-linter's ``engine-layers`` and ``no-circles``
contracts): the game (``spec``) deals a hand (``hand``), which drives every step through its kind's rule
(``kinds`` registers them: ``betting``, ``dealing``, ``choices``, ``draw``, ``buy``; the ``showdown``, the
``views``, ``runs`` and ``after`` work the same way); those see the hand and the game only as
``state.HandState`` and ``state.GameRules``, and a step as ``step.Step``.

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
