"""One fixed integer action space per game: :class:`homegame.bots.abstraction.ActionSpace`, re-exported.

The abstraction lives with the bots (the ``cfr`` bot plays in it, and ``rl`` sits above ``bots``).

>>> import homegame as hg
>>> ActionSpace(hg.game("three-hole")).size
16
"""

from __future__ import annotations

from homegame.bots.abstraction import ActionSpace, View, max_cards

__all__ = ["ActionSpace", "View", "max_cards"]
