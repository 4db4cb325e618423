"""The same games with OpenSpiel simultaneous nodes: ``pyspiel.load_game("homegame_simultaneous", {...})``.

Parameters, chance, actions, information states and returns are those of :mod:`homegame.rl.openspiel`
(``homegame``); the difference is the steps in which every player still in chooses at once (passes,
exposures, discards, arrangements, declarations): there ``current_player()`` is
``pyspiel.PlayerId.SIMULTANEOUS``, each seat that owes a choice has its legal ids, every other seat
(folded) has the single id ``1`` (no decision), and the joint action is carried out at once.
Betting rounds and draws stay one seat at a time. Algorithms for turn-based games take
``pyspiel.convert_to_turn_based(game)``, or the ``homegame`` game, whose sequentialisation has the same
information structure.

>>> g = load_simultaneous("passem", players=3)
>>> state = g.new_initial_state()
>>> while state.is_chance_node():
...     state.apply_action(state.chance_outcomes()[0][0])
>>> state.is_simultaneous_node(), [len(state.legal_actions(p)) for p in range(3)]
(True, [3, 3, 3])
"""

from __future__ import annotations

from typing import Any

import pyspiel

from homegame.rl.openspiel import _TYPE, DEFAULTS, HomegameGame, HomegameState
from homegame.rules.spec import SIMULTANEOUS

NAME = "homegame_simultaneous"
#: the id a seat that owes nothing plays at a simultaneous node
NO_DECISION = 1
_SIM_TYPE = pyspiel.GameType(
    short_name=NAME, long_name="homegame poker games, simultaneous steps as simultaneous nodes",
    dynamics=pyspiel.GameType.Dynamics.SIMULTANEOUS, chance_mode=_TYPE.chance_mode,
    information=_TYPE.information, utility=_TYPE.utility, reward_model=_TYPE.reward_model,
    max_num_players=10, min_num_players=2,
    provides_information_state_string=True, provides_information_state_tensor=True,
    provides_observation_string=True, provides_observation_tensor=True,
    parameter_specification=DEFAULTS)


class SimultaneousGame(HomegameGame):
    """:class:`HomegameGame` with simultaneous nodes."""

    game_type = _SIM_TYPE

    def new_initial_state(self) -> SimultaneousState:
        """The hand before its first card."""
        return SimultaneousState(self)


class SimultaneousState(HomegameState):
    """A hand whose simultaneous steps are OpenSpiel simultaneous nodes."""

    def _simultaneous(self) -> bool:
        hand = self.hand
        return hand is not None and not hand.over and hand.step is not None and hand.step.kind in SIMULTANEOUS

    def current_player(self) -> int:
        """Simultaneous in a simultaneous step, else as in the sequential game."""
        if self._simultaneous():
            return int(pyspiel.PlayerId.SIMULTANEOUS)
        return super().current_player()

    def _legal_now(self, player: int) -> dict[int, str]:
        """The seat's legal ids and texts (in a simultaneous step, every seat that owes a choice)."""
        hand = self.hand
        if self._simultaneous() and hand is not None and player in hand.to_act:
            return self.setting.actions.legal(hand.view(player))
        return super()._legal_now(player)

    def _legal_actions(self, player: int) -> list[int]:
        ids = list(self.legal_texts(player))
        return ids if ids or not self._simultaneous() else [NO_DECISION]

    def _apply_actions(self, actions: list[int]) -> None:
        hand = self.hand
        assert hand is not None
        for seat in list(hand.to_act):
            text = self.legal_texts(seat).get(int(actions[seat]))
            if text is None:
                raise ValueError(f"action {actions[seat]} is not legal for seat {seat}: {self.legal_texts(seat)}")
            self._act(seat, text)
        if hand.cards_drawn > len(self.dealt):
            self.hand = None


pyspiel.register_game(_SIM_TYPE, SimultaneousGame)


def load_simultaneous(game: str = "three-hole", **params: Any) -> Any:
    """``pyspiel.load_game("homegame_simultaneous", {"game": game, **params})``."""
    return pyspiel.load_game(NAME, {"game": game, **params})
