"""homegame's games in OpenSpiel: importing this registers ``pyspiel.load_game("homegame", {...})`` and
``"homegame_simultaneous"`` (simultaneous steps as simultaneous nodes).

The implementation and its design notes are :mod:`homegame.rl.openspiel` (the ``rl`` extra).
"""

from homegame.rl.encode import view_text
from homegame.rl.openspiel import NAME, HomegameGame, HomegameState, load
from homegame.rl.openspiel_simultaneous import SimultaneousGame, SimultaneousState, load_simultaneous

__all__ = ["NAME", "HomegameGame", "HomegameState", "SimultaneousGame", "SimultaneousState", "load",
           "load_simultaneous", "view_text"]
