"""homegame's games in OpenSpiel: importing this registers ``pyspiel.load_game("homegame", {...})``.

The implementation and its design notes are :mod:`homegame.rl.openspiel` (the ``rl`` extra).
"""

from homegame.rl.encode import view_text
from homegame.rl.openspiel import NAME, HomegameGame, HomegameState, load

__all__ = ["NAME", "HomegameGame", "HomegameState", "load", "view_text"]
