"""Every homegame game as an OpenSpiel Python game: ``pyspiel.load_game("homegame", {...})``.

Importing this module (or ``homegame.openspiel``) registers one game, ``homegame``, whose parameters
choose the game and the table:

============  ==============  ===============================================================
parameter     default         meaning
============  ==============  ===============================================================
game          ``three-hole``  any name of ``game_names()``
players       2               seats
stacks        20              every seat's stack
structure     ``fixed-limit`` ``fixed-limit``, ``pot-limit`` or ``no-limit``
ante          1               chips
small_blind   0               chips (with ``big_blind``)
big_blind     0
small_bet     2               the fixed-limit sizes (no-limit's minimum bet without blinds)
big_bet       4
bring_in      0               stud games
bets          ``0.5;1``       the bet-size abstraction: pot fractions (plus the most allowed)
ranks         ``""``          a research deck (``"JQKA"``: 16 cards); empty for the game's own
rules         ``{}``          house rules as JSON (``{"passes": [1]}``)
deal          ``cards``       chance outcomes: ``cards`` (a card) or ``ranks`` (see below)
============  ==============  ===============================================================

A game's string (``str(game)``) names its parameters in one canonical form that OpenSpiel's parameter
parser reads back: ``bets`` separated by ``;`` and ``rules`` as sorted JSON with ``;`` between items
(either separator, and plain JSON, is accepted on the way in), so ``pyspiel.load_game(str(game))``,
``pyspiel.serialize_game_and_state`` and pickling a game or a state all round-trip.

Design. The button is seat 0 (OpenSpiel's player ``p`` is seat ``p``). Chance deals one card per
chance node, each remaining card of the deck equally likely, when the hand first needs it (burns
included), so stacked decks, replay and exact enumeration all go through the same deal. Actions are
:class:`homegame.rl.actions.ActionSpace` ids. Simultaneous steps (passes, exposures, discards,
arrangements, declarations) are **sequentialised**: the seats still in choose one after another in
seat order, and since ``hand.view`` hides a committed choice from every other seat until all are in,
no seat's information state tells it what the others chose: the information structure is that of the
simultaneous step. (Convert nothing: OpenSpiel's CFR and best response run on it directly.) The same
games with OpenSpiel simultaneous nodes are ``homegame_simultaneous``
(:mod:`homegame.rl.openspiel_simultaneous`).

Information state: the seat's current view plus the seat's own past actions (it knew them), as text
(:func:`homegame.rl.encode.view_text`) and vector. Observation: the current view alone. Both hold only
what ``hand.view(seat)`` holds. Returns are the hand's payoffs in chips.

``deal="ranks"`` (only for a deck of at most four ranks, no stud bring-in) deals a rank per chance node,
weighted by how many of its cards remain, and gives the lowest-suited card left of it; views are then
read without suits (followed by the legal ids, since which of two like cards a seat may expose is then
known only from them). With at most four ranks no flush, straight or five-card low can be made, so suits
decide nothing and this game is the same as ``deal="cards"`` with far fewer chance outcomes.
"""

from __future__ import annotations

import dataclasses
import io
import json
import pickle
from typing import Any

import numpy as np
import pyspiel

from homegame.bots.abstraction import bet_fractions, house_rules, rules_text
from homegame.cards import Card
from homegame.games import game as make_game
from homegame.rl.actions import ActionSpace
from homegame.rl.encode import encode_view, information_text, observation_size, view_text
from homegame.rules.hand import Hand
from homegame.rules.stakes import Stakes

NAME = "homegame"
#: how many of a seat's own betting actions the information-state vector spells out
_OWN_BETS = 24
DEFAULTS: dict[str, Any] = {
    "game": "three-hole", "players": 2, "stacks": 20, "structure": "fixed-limit", "ante": 1,
    "small_blind": 0, "big_blind": 0, "small_bet": 2, "big_bet": 4, "bring_in": 0, "bets": "0.5;1",
    "ranks": "", "rules": "{}", "deal": "cards",
}
_TYPE = pyspiel.GameType(
    short_name=NAME, long_name="homegame poker games",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.ZERO_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=10, min_num_players=2,
    provides_information_state_string=True, provides_information_state_tensor=True,
    provides_observation_string=True, provides_observation_tensor=True,
    parameter_specification=DEFAULTS)


class Setting:
    """The table a ``homegame`` OpenSpiel game plays: the game, stakes, stacks and action space."""

    def __init__(self, params: dict[str, Any]) -> None:
        p = {**DEFAULTS, **params}
        unknown = set(p) - set(DEFAULTS)
        if unknown:
            raise ValueError(f"unknown homegame parameter(s) {sorted(unknown)}: allowed {sorted(DEFAULTS)}")
        rules = house_rules(str(p["rules"]))
        game = make_game(str(p["game"]), **rules)
        if p["ranks"]:
            game = dataclasses.replace(game, ranks=str(p["ranks"]))
        self.game = game
        self.players = int(p["players"])
        self.stack = int(p["stacks"])
        blinds = (int(p["small_blind"]), int(p["big_blind"])) if int(p["big_blind"]) else ()
        self.stakes = Stakes(str(p["structure"]), ante=int(p["ante"]), blinds=blinds,
                                small_bet=int(p["small_bet"]), big_bet=int(p["big_bet"]),
                                bring_in=int(p["bring_in"]))
        bets = bet_fractions(str(p["bets"]))
        self.actions = ActionSpace(game, bets)
        self.deal = str(p["deal"])
        if self.deal not in ("cards", "ranks"):
            raise ValueError(f"deal is 'cards' or 'ranks', not {self.deal!r}")
        if self.deal == "ranks" and (len(game.ranks or "23456789TJQKA") > 4 or self.stakes.bring_in):
            raise ValueError("deal='ranks' needs a deck of at most four ranks and no bring-in")
        self.cards = list(game.cards)
        self.chips = self.players * self.stack
        #: the parameters in the form OpenSpiel's game strings keep whole (module notes)
        self.params = {**p, "bets": ";".join(f"{b:g}" for b in bets), "rules": rules_text(rules)}
        game.deal([self.stack] * self.players, stakes=self.stakes)  # refuse a bad table now

    def new_hand(self, dealt: list[int]) -> Hand:
        """A hand whose deck starts with ``dealt`` (the rest in the deck's own order)."""
        taken = set(dealt)
        order = dealt + [c for c in self.cards if c not in taken]
        return self.game.deal([self.stack] * self.players, stakes=self.stakes, deck=order)

    def __deepcopy__(self, memo: dict[int, Any]) -> Setting:
        return self  # immutable once made: every copy of a state shares it

    def copy_hand(self, hand: Hand) -> Hand:
        """A copy of ``hand`` sharing this setting's game and stakes (a pickle round trip, several times
        faster than ``copy.deepcopy``)."""
        shared = {id(self.game): "game", id(self.stakes): "stakes"}
        objects: dict[str, Any] = {"game": self.game, "stakes": self.stakes}
        buffer = io.BytesIO()
        pickler = pickle.Pickler(buffer, protocol=pickle.HIGHEST_PROTOCOL)
        pickler.persistent_id = lambda obj: shared.get(id(obj))  # type: ignore[method-assign]
        pickler.dump(hand)
        buffer.seek(0)
        unpickler = pickle.Unpickler(buffer)
        unpickler.persistent_load = objects.__getitem__  # type: ignore[method-assign]
        copied: Hand = unpickler.load()
        return copied

    def max_length(self) -> int:
        """A bound on the number of actions (chance included) of one hand."""
        return len(self.cards) * 2 + len(self.game.steps) * self.players * 3 + self.players * self.chips


class _Held:
    """The engine's hand inside a state: OpenSpiel clones a Python state by deep-copying its attributes,
    and this copies the hand by :meth:`Setting.copy_hand`. ``legal`` keeps each seat's legal ids until
    the hand changes (an arrangement of seven cards has 5,040, and OpenSpiel names every one)."""

    __slots__ = ("hand", "legal", "setting")

    def __init__(self, setting: Setting, hand: Hand | None) -> None:
        self.setting = setting
        self.hand = hand
        self.legal: dict[int, dict[int, str]] = {}

    def __deepcopy__(self, memo: dict[int, Any]) -> _Held:
        hand = self.hand
        return _Held(self.setting, self.setting.copy_hand(hand) if hand is not None else None)


class HomegameGame(pyspiel.Game):  # type: ignore[misc]
    """A homegame game as an OpenSpiel game (parameters: module notes)."""

    game_type = _TYPE

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        self.setting = Setting(dict(params or {}))
        s = self.setting
        info = pyspiel.GameInfo(
            num_distinct_actions=s.actions.size, max_chance_outcomes=52, num_players=s.players,
            min_utility=-float(s.stack), max_utility=float(s.chips - s.stack), utility_sum=0.0,
            max_game_length=s.max_length())
        super().__init__(self.game_type, info, s.params)

    def new_initial_state(self) -> HomegameState:
        """The hand before its first card."""
        return HomegameState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> Observer:
        """Information states (perfect recall) or observations, as text and vectors."""
        recall = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
        return Observer(self.setting, recall)


class HomegameState(pyspiel.State):  # type: ignore[misc]
    """One hand: the cards chance dealt, the seats' actions, and the engine's hand once it has its cards."""

    def __init__(self, game: HomegameGame) -> None:
        super().__init__(game)
        self.setting = game.setting
        self.dealt: list[int] = []
        self.actions: list[tuple[int, str]] = []
        self._held = _Held(self.setting, None)
        self._rebuild()

    @property
    def hand(self) -> Hand | None:
        """The engine's hand, once it has every card it has asked for (None while chance deals)."""
        return self._held.hand

    @hand.setter
    def hand(self, hand: Hand | None) -> None:
        self._held.hand = hand
        self._held.legal = {}

    def _act(self, seat: int, text: str) -> None:
        """Play ``text`` for ``seat`` on the engine's hand, recorded."""
        assert self.hand is not None
        self.actions.append((seat, text))
        self.hand.act(seat, text)
        self._held.legal = {}

    def _rebuild(self) -> None:
        hand = self.setting.new_hand(self.dealt)
        for seat, action in self.actions:
            hand.act(seat, action)
        self.hand = hand if hand.cards_drawn <= len(self.dealt) else None

    def current_player(self) -> int:
        """The seat to act, chance, or terminal."""
        hand = self.hand
        if hand is None:
            return int(pyspiel.PlayerId.CHANCE)
        if hand.over:
            return int(pyspiel.PlayerId.TERMINAL)
        return int(hand.to_act[0])

    def _legal_actions(self, player: int) -> list[int]:
        return list(self.legal_texts(player))

    def legal_texts(self, player: int) -> dict[int, str]:
        """The seat's legal ids and the action texts they stand for."""
        known = self._held.legal.get(player)
        if known is None:
            known = self._held.legal[player] = self._legal_now(player)
        return known

    def _legal_now(self, player: int) -> dict[int, str]:
        hand = self.hand
        if hand is None or hand.over or player not in hand.to_act[:1]:
            return {}
        return self.setting.actions.legal(hand.view(player))

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The cards left, each equally likely (``deal="ranks"``: a card per rank, weighted)."""
        taken = set(self.dealt)
        left = [c for c in self.setting.cards if c not in taken]
        if self.setting.deal == "cards":
            return [(c, 1.0 / len(left)) for c in left]
        first: dict[int, int] = {}
        count: dict[int, int] = {}
        for c in left:
            first.setdefault(c // 4, c)
            count[c // 4] = count.get(c // 4, 0) + 1
        return sorted((first[r], count[r] / len(left)) for r in first)

    def _apply_action(self, action: int) -> None:
        if self.hand is None:
            self.dealt.append(int(action))
            self._rebuild()
            return
        seat = int(self.hand.to_act[0])
        text = self.legal_texts(seat).get(int(action))
        if text is None:
            raise ValueError(f"action {action} is not legal for seat {seat}: {self.legal_texts(seat)}")
        self._act(seat, text)
        if self.hand.cards_drawn > len(self.dealt):
            self.hand = None

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"deal {Card(int(action))}"
        text = self.legal_texts(player).get(int(action))
        return text if text is not None else self.setting.actions.describe(int(action))

    def is_terminal(self) -> bool:
        """The pot has been awarded."""
        return self.hand is not None and self.hand.over

    def returns(self) -> list[float]:
        """Each seat's net chips (0 before the end)."""
        if self.hand is None or not self.hand.over:
            return [0.0] * self.setting.players
        return [float(x) for x in self.hand.payoffs]

    def view(self, seat: int) -> dict[str, Any]:
        """What ``seat`` may know now: the hand's view; while chance deals, only the public betting, its
        own actions and how many cards are out (the engine's hand then holds cards chance has not dealt)."""
        hand = self.hand
        if hand is not None:
            return dict(hand.view(seat))
        public = ("fold", "check", "call", "bet", "raise")
        return {"dealing": len(self.dealt), "seat": seat,
                "betting": [[s, a] for s, a in self.actions if a.split()[0] in public],
                "own": [a for s, a in self.actions if s == seat]}

    def __str__(self) -> str:
        return f"dealt {[str(Card(c)) for c in self.dealt]} actions {self.actions}"


class Observer:
    """Text and vector of a seat's view (``recall``: plus its own past actions, the information state)."""

    def __init__(self, setting: Setting, recall: bool) -> None:
        self.setting = setting
        self.recall = recall
        self.suits = setting.deal == "cards"
        size = observation_size(setting.players, setting.actions.cards)
        self.history_size = 52 + 3 * _OWN_BETS
        self.tensor = np.zeros(size + (self.history_size if recall else 0), np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state: HomegameState, player: int) -> None:
        """Fill :attr:`tensor` from ``player``'s view of ``state``."""
        s = self.setting
        view = state.view(player)
        self.tensor.fill(0.0)
        if "dealing" in view:
            return
        size = observation_size(s.players, s.actions.cards)
        self.tensor[:size] = encode_view(view, s.players, s.chips, suits=self.suits, positions=s.actions.cards)
        if self.recall:
            self.tensor[size:] = self._own_history(state, player)

    def _own_history(self, state: HomegameState, player: int) -> np.ndarray:
        out = np.zeros(self.history_size, np.float32)
        ids = {str(Card(i)): i for i in range(52)}
        for seat, action in state.actions:
            if seat != player:
                continue
            verb, *rest = action.split()
            if verb in ("pass", "discard"):
                for c in rest:
                    out[ids[c]] = 1.0
        own = [a.split()[0] for seat, a in state.actions if seat == player]
        cols = {"check": 0, "call": 0, "bet": 1, "raise": 1, "fold": 2}
        betting = [cols[v] for v in own if v in cols][:_OWN_BETS]
        for k, col in enumerate(betting):  # the seat's own k-th betting action: check/call, bet/raise, fold
            out[52 + 3 * k + col] = 1.0
        return out

    def string_from(self, state: HomegameState, player: int) -> str:
        """The view as text; for the information state, followed by the seat's own past actions."""
        view = state.view(player)
        legal = list(state.legal_texts(player))
        if self.recall:
            return information_text(view, [a for s, a in state.actions if s == player], legal, suits=self.suits)
        text = view_text(view, suits=self.suits)
        return text if self.suits else f"{text} legal:{json.dumps(legal)}"


pyspiel.register_game(_TYPE, HomegameGame)


def load(game: str = "three-hole", **params: Any) -> Any:
    """``pyspiel.load_game("homegame", {"game": game, **params})``.

    >>> g = load("three-hole", players=2)
    >>> g.num_players(), g.new_initial_state().is_chance_node()
    (2, True)
    """
    return pyspiel.load_game(NAME, {"game": game, **params})
