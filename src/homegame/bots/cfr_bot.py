"""The ``cfr`` bot: plays a policy solved by CFR+ (``homegame.rl.solve``) where one exists.

Solved settings are tiny research games (``docs/rl.md``): heads-up fixed-limit on a deck of two or three
ranks. Each solved policy is a data file ``homegame/data/cfr-<setting>.json``: the setting's OpenSpiel
parameters and, for every information state, the probability of each action. An information state is
stored under a digest of its :func:`homegame.bots.abstraction.projection_key` (the seat's position and
cards by rank, the face-up and community cards, the public events and its own hidden choices; no other
field of the view), an action under its text with the cards by rank (``"bet 1"``, ``"pass K"``,
``"expose A"``). Positions count from the button, so the bot plays either seat wherever the button is.

The bot plays a setting's policy only when the view is that setting's table (the game and its rules, the
stakes, two seats, every seat's starting chips, the deck's ranks); in any other spot it plays as the rule
bot. Registered but not listed (``make_bot("cfr")``), since it only plays solved settings. It remembers
its own actions of the current hand (its hidden choices are part of the key); a view whose log does not
continue the last one, or shows fewer of its decisions than it made, starts a new hand.

>>> bot = CfrBot(seed=1)
>>> "three-hole-KA" in bot.policies
True
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
from importlib import resources
from typing import Any

from homegame.bots.abstraction import (
    PROJECTION,
    ActionSpace,
    bet_fractions,
    house_rules,
    projection_key,
    strip_suits,
)
from homegame.bots.base import View
from homegame.bots.rule_bot import RuleBot
from homegame.games import game as make_game
from homegame.rules.stakes import Stakes


def solved_settings() -> list[str]:
    """The solved settings shipped (``homegame/data/cfr-<name>.json``)."""
    files = resources.files("homegame.data").iterdir()
    return sorted(f.name[4:-5] for f in files if f.name.startswith("cfr-") and f.name.endswith(".json"))


def key_of(text: str) -> str:
    """The digest an information state is stored under."""
    return hashlib.sha1(text.encode()).hexdigest()[:20]


def _load(name: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(resources.files("homegame.data").joinpath(f"cfr-{name}.json").read_text())
    if data.get("projection") != PROJECTION:
        raise ValueError(f"cfr-{name}.json is keyed by {data.get('projection')!r}, this bot reads {PROJECTION!r}")
    return data


_DECIDED = (" checks", " bets", " calls", " raises", " folds", " completes", " brings in", " has chosen",
            " draws", " stands pat")


def _own_in_log(log: list[str], seat: object) -> int:
    """How many of the seat's own decisions the public log shows (a new hand shows fewer than made)."""
    start = f"Seat {seat} "
    return sum(1 for e in log if e.startswith(start) and any(w in e for w in _DECIDED))


class _Setting:
    """A solved setting's table, to tell whether a view is at it, and its action space."""

    def __init__(self, params: dict[str, Any]) -> None:
        game = dataclasses.replace(make_game(params["game"], **house_rules(params.get("rules", "{}"))),
                                   ranks=params["ranks"])
        self.space = ActionSpace(game, bet_fractions(params.get("bets", "0.5;1")))
        self.players = int(params.get("players", 2))
        self.chips = int(params["stacks"])
        self.ranks = set(params["ranks"])
        stakes = Stakes("fixed-limit", ante=params["ante"], small_bet=params["small_bet"],
                           big_bet=params["big_bet"])
        ref = game.deal([self.chips] * self.players, stakes=stakes).view(0)
        self.table = {k: ref[k] for k in ("game", "rules", "stakes")}

    def matches(self, view: View) -> bool:
        """Whether ``view`` is a seat's view at this setting's table."""
        seats = view.get("seats", [])
        if any(view.get(k) != v for k, v in self.table.items()) or len(seats) != self.players:
            return False
        if any(int(s.get("stack", 0)) + int(s.get("in_pot", 0)) != self.chips for s in seats):
            return False
        cards = [*view.get("cards", []), *view.get("board", []), *(c for s in seats for c in s.get("up", []))]
        return all(str(c)[0] in self.ranks for c in cards)


class CfrBot(RuleBot):
    """Plays the solved average policy of a shipped setting, else as :class:`RuleBot`."""

    name = "cfr"

    def __init__(self, seed: int | None = None) -> None:
        super().__init__(seed=seed)
        self.policies = {name: _load(name) for name in solved_settings()}
        self._settings: dict[str, _Setting] = {}
        self._own: list[str] = []
        self._log: list[str] = []
        self.hits = self.misses = 0

    def _setting(self, name: str) -> _Setting:
        if name not in self._settings:
            self._settings[name] = _Setting(self.policies[name]["params"])
        return self._settings[name]

    def act(self, view: View) -> str:
        """The solved policy's action in a solved spot, else the rule bot's."""
        log = list(view.get("log", []))
        if log[:len(self._log)] != self._log or _own_in_log(log, view.get("seat")) < len(self._own):
            self._own = []  # a new hand
        self._log = log
        action = self._solved(view)
        if action is None:
            self.misses += 1
            action = super().act(view)
        else:
            self.hits += 1
        self._own.append(action)
        return action

    def _solved(self, view: View) -> str | None:
        key: str | None = None
        for name, data in self.policies.items():
            if view.get("game") != data["params"]["game"]:
                continue
            setting = self._setting(name)
            if not setting.matches(view):
                continue
            key = key or key_of(projection_key(view, self._own))
            probs: dict[str, float] | None = data["policy"].get(key)
            if probs is None:
                continue
            legal: dict[str, str] = {}
            for text in setting.space.legal(view).values():
                legal.setdefault(strip_suits(text), text)  # like cards: any one of them
            texts = [t for t in probs if t in legal]
            if not texts:
                continue
            return legal[self.rng.choices(texts, [probs[t] for t in texts])[0]]
        return None
