"""Reinforcement-learning and game-solving interfaces to homegame (the ``rl`` extra).

- :mod:`homegame.rl.actions`: one fixed integer action space per game (bet sizes from an abstraction
  parameter, card choices as bit masks over the seat's own cards, arrangements as permutations); it
  lives in :mod:`homegame.bots.abstraction`, with the projection the ``cfr`` bot's policies are keyed on.
- :mod:`homegame.rl.encode`: a seat's view as a fixed-size tensor.
- :mod:`homegame.rl.openspiel` (also ``homegame.openspiel``): every game as an OpenSpiel Python game.
- :mod:`homegame.rl.pettingzoo_env`, :mod:`homegame.rl.gym_env`: PettingZoo and Gymnasium environments.
- :mod:`homegame.rl.solve`: small settings solved with OpenSpiel's CFR+ (Three-Hole, Pass'Em, Pass The
  Trash on research decks); :mod:`homegame.rl.report` the figures of ``docs/rl.md``.

These modules sit at the level of ``table``/``sim``: they import ``rules``, ``games`` and ``bots`` only.
See ``docs/rl.md``.
"""
