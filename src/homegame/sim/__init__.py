"""Simulation: many hands of a game between bots, with win rates in big bets per 100 hands.

>>> from homegame.sim import win_rate
>>> import numpy as np
>>> str(win_rate(np.array([4.0, 4.0, 4.0]), big_bet=4))
'+100.0 ± 0.0 bb/100'
"""

from homegame.sim.runner import (
    SeatResult,
    SimResult,
    SimulationError,
    SimulationInterrupted,
    big_bet_of,
    default_stakes,
    play_hand,
    simulate,
)
from homegame.sim.stats import WinRate, win_rate

__all__ = [
    "SeatResult", "SimResult", "SimulationError", "SimulationInterrupted", "WinRate", "big_bet_of", "default_stakes", "play_hand",
    "simulate", "win_rate",
]
