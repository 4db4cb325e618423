"""PettingZoo environments for every homegame game: one hand per episode.

:class:`HomegameAEC` (agents ``seat_0`` ...) asks one seat at a time: the betting seat, and in a
simultaneous step (passes, exposures, discards, arrangements, declarations) each seat still in, in seat
order; a committed choice stays hidden from the others (observations are views). :class:`HomegameParallel`
asks every seat at once and plays, at each step, the actions of the seats that owe one: all the seats
of a simultaneous step together, the one betting seat otherwise (the others' actions are ignored; their
masks are all zero).

The AEC environment's turns follow the hand (the betting seat acts again after a raise; seats that owe
nothing are skipped), not a fixed cycle of every agent, so its metadata says ``is_parallelizable:
False`` and PettingZoo's ``aec_to_parallel`` refuses it: the parallel form is :class:`HomegameParallel`
(and ``parallel_to_aec`` of it is a cyclic AEC environment that ``aec_to_parallel`` takes back).

``max_cycles`` (default ``None``: a hand plays to its end) cuts a hand short, every agent truncated,
with no reward: in the parallel environment after that many steps, in the AEC one once a seat has made
that many decisions.

Observations are ``{"observation": the view as a vector, "action_mask": the legal ids}``
(:mod:`homegame.rl.encode`, :mod:`homegame.rl.actions`); rewards are the hand's payoffs in chips, given
at the end. An illegal id raises ``ValueError`` in the AEC environment; in the parallel one it plays
``hand.default_action`` for that seat and sets ``infos[agent]["illegal"]``.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv, ParallelEnv

from homegame.rl.table import Table
from homegame.rules.hand import Hand


def _spaces(table: Table) -> tuple[spaces.Dict, spaces.Discrete]:
    obs = spaces.Dict({
        "observation": spaces.Box(0.0, 1.0, (table.size,), np.float32),
        "action_mask": spaces.Box(0, 1, (table.actions.size,), np.int8),
    })
    return obs, spaces.Discrete(table.actions.size)


def _cycles(max_cycles: int | None) -> int | None:
    if max_cycles is not None and (isinstance(max_cycles, bool) or not isinstance(max_cycles, int) or max_cycles < 1):
        raise ValueError(f"max_cycles={max_cycles!r}: use a whole number of at least 1, or None")
    return max_cycles


class HomegameAEC(AECEnv):  # type: ignore[misc]
    """One hand of ``game`` as an agent-environment-cycle game (keyword arguments: :class:`Table`)."""

    metadata = {"name": "homegame_aec_v0", "render_modes": ["ansi"], "is_parallelizable": False}

    def __init__(self, game: str = "three-hole", render_mode: str | None = None, max_cycles: int | None = None,
                 **table: Any) -> None:
        super().__init__()
        self.table = Table(game, **table)
        self.max_cycles = _cycles(max_cycles)
        self._decisions: dict[str, int] = {}
        self.possible_agents = [f"seat_{i}" for i in range(self.table.players)]
        self._obs, self._act = _spaces(self.table)
        self.render_mode = render_mode
        self.hand: Hand | None = None
        self._rng = np.random.default_rng()

    def observation_space(self, agent: str) -> spaces.Dict:
        """The same for every seat."""
        return self._obs

    def action_space(self, agent: str) -> spaces.Discrete:
        """The game's :class:`homegame.rl.actions.ActionSpace` ids."""
        return self._act

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        """The seat's view and mask."""
        assert self.hand is not None
        seat = self.possible_agents.index(agent)
        return {"observation": self.table.observe(self.hand, seat), "action_mask": self.table.mask(self.hand, seat)}

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Deal a new hand (``seed`` fixes this and every later deal)."""
        if seed is not None:
            self._rng = np.random.default_rng(seed)
        self.hand = self.table.deal(int(self._rng.integers(2**31)))
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._decisions = dict.fromkeys(self.agents, 0)
        self._select()

    def _select(self) -> None:
        assert self.hand is not None
        if self.hand.over:
            self.agent_selection = self.agents[0]
        else:
            self.agent_selection = self.possible_agents[self.hand.to_act[0]]

    def step(self, action: int | None) -> None:
        """Play the selected seat's id (``None`` once the hand is over)."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        assert self.hand is not None and action is not None
        seat = self.possible_agents.index(agent)
        text = self.table.legal(self.hand, seat).get(int(action))
        if text is None:
            raise ValueError(f"{agent} may not play id {action} now: legal {self.table.legal(self.hand, seat)}")
        self.hand.act(seat, text)
        self._cumulative_rewards[agent] = 0.0
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._decisions[agent] += 1
        if self.hand.over:
            for a, won in zip(self.possible_agents, self.hand.payoffs, strict=True):
                self.rewards[a] = float(won)
                self.terminations[a] = True
        elif self.max_cycles is not None and self._decisions[agent] >= self.max_cycles:
            self.truncations = dict.fromkeys(self.agents, True)
        self._select()
        self._accumulate_rewards()

    def render(self) -> str | None:
        """The hand's public log (``render_mode="ansi"``)."""
        if self.render_mode != "ansi" or self.hand is None:
            return None
        return "\n".join(self.hand.view(None)["log"])

    def close(self) -> None:
        """Nothing to release."""


class HomegameParallel(ParallelEnv):  # type: ignore[misc]
    """One hand of ``game`` with every seat answering each step (keyword arguments: :class:`Table`)."""

    metadata = {"name": "homegame_parallel_v0", "render_modes": []}

    def __init__(self, game: str = "three-hole", max_cycles: int | None = None, **table: Any) -> None:
        self.table = Table(game, **table)
        self.max_cycles = _cycles(max_cycles)
        self._steps = 0
        self.possible_agents = [f"seat_{i}" for i in range(self.table.players)]
        self._obs, self._act = _spaces(self.table)
        self.hand: Hand | None = None
        self._rng = np.random.default_rng()
        self.agents: list[str] = []
        self.render_mode: str | None = None

    def observation_space(self, agent: str) -> spaces.Dict:
        """The same for every seat."""
        return self._obs

    def action_space(self, agent: str) -> spaces.Discrete:
        """The game's action ids."""
        return self._act

    def _observations(self) -> dict[str, dict[str, np.ndarray]]:
        assert self.hand is not None
        return {a: {"observation": self.table.observe(self.hand, i), "action_mask": self.table.mask(self.hand, i)}
                for i, a in enumerate(self.possible_agents) if a in self.agents}

    def reset(self, seed: int | None = None,
              options: dict[str, Any] | None = None) -> tuple[dict[str, Any], dict[str, Any]]:
        """Deal a new hand."""
        if seed is not None:
            self._rng = np.random.default_rng(seed)
        self.hand = self.table.deal(int(self._rng.integers(2**31)))
        self.agents = list(self.possible_agents)
        self._steps = 0
        return self._observations(), {a: {} for a in self.agents}

    def step(self, actions: dict[str, int]) -> tuple[dict[str, Any], ...]:
        """Play the actions of every seat that owes one now."""
        assert self.hand is not None
        infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        for seat in list(self.hand.to_act):
            agent = self.possible_agents[seat]
            if not self.table.play(self.hand, seat, int(actions.get(agent, -1))):
                infos[agent]["illegal"] = True
        self._steps += 1
        over = self.hand.over
        rewards = {a: float(self.hand.payoffs[i]) if over else 0.0 for i, a in enumerate(self.possible_agents)}
        obs = self._observations()
        done = dict.fromkeys(self.agents, over)
        cut = dict.fromkeys(self.agents, not over and self.max_cycles is not None and self._steps >= self.max_cycles)
        if over or any(cut.values()):
            self.agents = []
        return obs, rewards, done, cut, infos

    def close(self) -> None:
        """Nothing to release."""
