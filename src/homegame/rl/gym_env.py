"""A single-agent Gymnasium environment: one seat of a homegame game against homegame bots.

``HomegameEnv("three-hole", opponents=["random"], seat=0)``: each episode is one hand; the other seats
are the named bots (:func:`homegame.bots.make_bot`), answering their own views. Observations are the
learner's view as a vector (:mod:`homegame.rl.encode`), actions the game's ids
(:mod:`homegame.rl.actions`); ``info["action_mask"]`` lists the legal ones. The reward is the hand's
payoff in chips, at the end. An id that is not legal now plays ``hand.default_action`` (check, else
fold; the lowest cards) and sets ``info["illegal"]``, so any sampled action is a move.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import gymnasium as gym
import numpy as np
from gymnasium import spaces

from homegame.bots import make_bot
from homegame.bots.base import BaseBot
from homegame.rl.table import Table
from homegame.rules.hand import Hand


class HomegameEnv(gym.Env[np.ndarray, Any]):
    """One seat against bots (keyword arguments beyond these: :class:`homegame.rl.table.Table`)."""

    metadata = {"render_modes": ["ansi"]}

    def __init__(self, game: str = "three-hole", *, opponents: Sequence[str] = ("random",), seat: int = 0,
                 render_mode: str | None = None, **table: Any) -> None:
        self.table = Table(game, players=len(opponents) + 1, **table)
        if not 0 <= seat < self.table.players:
            raise ValueError(f"seat is 0 to {self.table.players - 1}, not {seat}")
        self.seat = seat
        self.names = list(opponents)
        self.observation_space = spaces.Box(0.0, 1.0, (self.table.size,), np.float32)
        self.action_space = spaces.Discrete(self.table.actions.size)
        self.render_mode = render_mode
        self.hand: Hand | None = None
        self.bots: dict[int, BaseBot] = {}

    def _others(self) -> None:
        hand = self.hand
        assert hand is not None
        while not hand.over and self.seat not in hand.to_act:
            s = hand.to_act[0]
            hand.act(s, self.bots[s].act(hand.view(s)))

    def _info(self) -> dict[str, Any]:
        assert self.hand is not None
        return {"action_mask": self.table.mask(self.hand, self.seat)}

    def reset(self, *, seed: int | None = None,
              options: dict[str, Any] | None = None) -> tuple[np.ndarray, dict[str, Any]]:
        """Deal a hand and let the bots play until the learner owes a decision."""
        super().reset(seed=seed)
        draw = self.np_random.integers(2**31, size=self.table.players + 1)
        others = [s for s in range(self.table.players) if s != self.seat]
        self.bots = {s: make_bot(name, seed=int(draw[i])) for i, (s, name) in enumerate(zip(others, self.names,
                                                                                                 strict=True))}
        self.hand = self.table.deal(int(draw[-1]), button=int(draw[-2]) % self.table.players)
        self._others()
        while self.hand.over:  # the bots ended it before the learner's first decision: deal again
            self.hand = self.table.deal(int(self.np_random.integers(2**31)))
            self._others()
        return self.table.observe(self.hand, self.seat), self._info()

    def step(self, action: Any) -> tuple[np.ndarray, float, bool, bool, dict[str, Any]]:
        """Play the learner's id, then the bots until its next decision."""
        hand = self.hand
        assert hand is not None and not hand.over
        legal = self.table.play(hand, self.seat, int(action))
        self._others()
        info = self._info()
        if not legal:
            info["illegal"] = True
        reward = float(hand.payoffs[self.seat]) if hand.over else 0.0
        return self.table.observe(hand, self.seat), reward, hand.over, False, info

    def render(self) -> str | None:
        """The public log so far (``render_mode="ansi"``)."""
        if self.render_mode != "ansi" or self.hand is None:
            return None
        return "\n".join(self.hand.view(self.seat)["log"])
