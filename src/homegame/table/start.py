"""Where a hand starts from: :class:`HandStart` (with the deck and the actions it rebuilds a hand
exactly) and the engine's game and stakes built from their stored JSON form. No I/O.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from homegame.games import game as game_named
from homegame.games import load_game
from homegame.rules.stakes import Stakes
from homegame.table.seats import TableError
from homegame.table.stakes_words import stakes_problem

_GAMES: dict[tuple[str, str, str], Any] = {}


@dataclass(frozen=True)
class HandStart:
    """Everything needed, with the deck and the actions, to rebuild a hand exactly."""

    number: int
    game: str
    rules: dict[str, Any]
    stakes: dict[str, Any]
    stacks: list[int]
    button: int  # index into ``dealt``
    dealt: list[int]  # hand seat i is table position dealt[i]
    holders: tuple[int, ...] = ()  # the ``Seat.sid`` of whoever sat at dealt[i] when dealt
    names: tuple[str, ...] = ()  # the name of whoever sat at dealt[i] when dealt
    options: dict[str, Any] | None = None  # the hand's engine options (straddle, bomb pot, …), None: none
    file: str | None = None  # the game file's text, for a game the host uploaded (None: a catalogue game)
    #: Under the dead button (``Settings.dead_button``): the table positions of the (button, small blind,
    #: big blind), the button's or the small blind's possibly an empty seat; ``None``: a moving button.
    blind_seats: tuple[int, int, int] | None = None

    def to_dict(self) -> dict[str, Any]:
        """A JSON-serialisable form (``options`` only when the hand has some, ``file`` only for an
        uploaded game, ``blind_seats`` only under the dead button)."""
        out = {"number": self.number, "game": self.game, "rules": self.rules, "stakes": self.stakes,
               "stacks": self.stacks, "button": self.button, "dealt": self.dealt, "holders": list(self.holders),
               "names": list(self.names)}
        if self.options:
            out["options"] = dict(self.options)
        if self.file is not None:
            out["file"] = self.file
        if self.blind_seats is not None:
            out["blind_seats"] = list(self.blind_seats)
        return out

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> HandStart:
        """The inverse of :meth:`to_dict`."""
        return cls(int(d["number"]), str(d["game"]), dict(d["rules"]), dict(d["stakes"]),
                   [int(x) for x in d["stacks"]], int(d["button"]), [int(x) for x in d["dealt"]],
                   tuple(int(x) for x in d.get("holders", ())), tuple(str(x) for x in d.get("names", ())),
                   dict(d["options"]) if d.get("options") else None,
                   d["file"] if isinstance(d.get("file"), str) else None,
                   _three(d["blind_seats"]) if d.get("blind_seats") is not None else None)


def _three(seats: Any) -> tuple[int, int, int]:
    """A stored (button, small blind, big blind) as three table positions; ValueError otherwise."""
    button, small, big = (int(x) for x in seats)
    return button, small, big


def make_stakes(stakes: dict[str, Any], *, one_blind: bool = False) -> Any:
    """``Stakes`` from its JSON form; a :class:`TableError` saying what is wrong otherwise. A table's
    stakes give both blinds or none; a hand's (``one_blind``) may give the big blind alone: a
    dead-button hand with no small blind (see :mod:`homegame.table.dead_button`)."""
    problem = stakes_problem(stakes, one_blind=one_blind)
    if problem is not None:
        raise TableError(f"bad stakes: {problem}")
    args = dict(stakes)
    structure = args.pop("structure", None)
    if "blinds" in args:
        args["blinds"] = tuple(args["blinds"] or ())
    try:
        return Stakes(structure, **args)
    except (TypeError, ValueError) as exc:
        raise TableError(f"bad stakes {stakes}: {exc}") from exc


def make_game(name: str, rules: dict[str, Any], file: str | None = None) -> Any:
    """``make_game(name, **rules)``, or with ``file`` (a game file's text: an uploaded game, a hand's
    start) ``load_game(file, **rules)``; an error turned into a :class:`TableError`."""
    key = (name, json.dumps(rules, sort_keys=True, default=str), file or "")
    game = _GAMES.get(key)
    if game is not None:
        return game
    try:
        if file is not None:
            if "=" not in file:  # load_game would read a path: a stored file is always TOML text
                raise ValueError("the stored game file is not a game file's text")
            game = load_game(file, **rules)
        else:
            game = game_named(name, **rules)
    except (TypeError, ValueError) as exc:
        raise TableError(f"bad game {name!r} {rules}: {exc}") from exc
    if len(_GAMES) > 500:
        _GAMES.clear()
    _GAMES[key] = game
    return game


__all__ = ["HandStart", "make_game", "make_stakes"]
