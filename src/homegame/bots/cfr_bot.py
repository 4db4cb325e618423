"""The ``cfr`` bot: plays a policy solved by CFR+ (``homegame.rl.solve``) where one exists.

Solved settings are tiny research games (``docs/rl.md``): heads-up fixed-limit on a deck of two ranks,
button seat 0. Each solved policy is a data file ``homegame/data/cfr-<setting>.json``: the setting's
OpenSpiel parameters and, for every information state (the seat's view read without suits, its legal
action ids and its own past actions, :func:`homegame.rl.encode.information_text`; stored as a SHA-1
digest), the probability of each action id (:class:`homegame.rl.actions.ActionSpace`). In any other
spot (another game, table or deck) it plays as the rule bot. Registered but not listed
(``make_bot("cfr")``), since it only plays solved settings. It remembers its own actions of the current
hand (its information state holds them); a view whose log does not continue the last one, or shows fewer
of its decisions than it made, starts a new hand.

>>> bot = CfrBot(seed=1)
>>> sorted(bot.policies)
['three-hole-KA', 'three-hole-KA-allin']
"""

from __future__ import annotations

import hashlib
import json
from importlib import resources
from typing import Any

from homegame.bots.base import View
from homegame.bots.rule_bot import RuleBot
from homegame.rl.actions import ActionSpace
from homegame.rl.encode import information_text


def solved_settings() -> list[str]:
    """The solved settings shipped (``homegame/data/cfr-<name>.json``)."""
    files = resources.files("homegame.data").iterdir()
    return sorted(f.name[4:-5] for f in files if f.name.startswith("cfr-") and f.name.endswith(".json"))


def key_of(text: str) -> str:
    """The digest an information state is stored under."""
    return hashlib.sha1(text.encode()).hexdigest()[:20]


def _load(name: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(resources.files("homegame.data").joinpath(f"cfr-{name}.json").read_text())
    return data


_DECIDED = (" checks", " bets", " calls", " raises", " folds", " completes", " brings in", " has chosen",
            " draws", " stands pat")


def _own_in_log(log: list[str], seat: object) -> int:
    """How many of the seat's own decisions the public log shows (a new hand shows fewer than made)."""
    start = f"Seat {seat} "
    return sum(1 for e in log if e.startswith(start) and any(w in e for w in _DECIDED))


class CfrBot(RuleBot):
    """Plays the solved average policy of a shipped setting, else as :class:`RuleBot`."""

    name = "cfr"

    def __init__(self, seed: int | None = None) -> None:
        super().__init__(seed=seed)
        self.policies = {name: _load(name) for name in solved_settings()}
        self._spaces: dict[str, ActionSpace] = {}
        self._own: list[str] = []
        self._log: list[str] = []
        self.hits = self.misses = 0

    def _space(self, name: str, data: dict[str, Any]) -> ActionSpace:
        if name not in self._spaces:
            import dataclasses

            import homegame as hg

            params = data["params"]
            game = dataclasses.replace(hg.game(params["game"], **json.loads(params.get("rules", "{}"))),
                                       ranks=params["ranks"])
            self._spaces[name] = ActionSpace(game, [float(x) for x in params.get("bets", "0.5,1").split(",")])
        return self._spaces[name]

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
        for name, data in self.policies.items():
            if view.get("game") != data["params"]["game"] or view.get("button") != 0:
                continue
            legal = self._space(name, data).legal(view)
            text = information_text(view, self._own, list(legal), suits=False)
            probs = data["policy"].get(key_of(text))
            if probs is None:
                continue
            ids = [int(a) for a in probs if int(a) in legal]
            if not ids:
                continue
            pick = self.rng.choices(ids, [probs[str(a)] for a in ids])[0]
            return legal[pick]
        return None
