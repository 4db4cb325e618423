"""Hand histories: the deal (game, stakes, stacks, deck order, presets) and the actions in order.

The history is the source of truth: :func:`homegame.records.replay.replay` deals the same cards and replays
the actions, so ``replay(hand.history.to_json())`` is in exactly the same state as ``hand``.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from homegame.cards import Card

FORMAT = "homegame-history/1"


class History:
    """A hand's record: everything needed to deal it again, and each action as ``(seat, text)``.

    ``deck`` is the full order of the 52 cards (given as a list, or as a function that returns it, so
    a hand shuffled as it is dealt completes its order only when the history is read).
    """

    __slots__ = ("_deck", "_deck_source", "actions", "agreements", "board", "button", "file", "game", "hole",
                 "options", "rules", "shows", "stacks", "stakes")

    def __init__(self, game: str, rules: dict[str, Any], stakes: dict[str, Any], stacks: list[int], button: int,
                 deck: list[int] | Callable[[], list[int]], hole: dict[int, list[int]] | None = None,
                 board: list[int] | None = None, actions: list[tuple[int, str]] | None = None,
                 options: dict[str, Any] | None = None, shows: list[tuple[int, list[int]]] | None = None,
                 agreements: list[tuple[int, int, bool]] | None = None,
                 file: str | None = None) -> None:
        self.game = game
        self.file = file  # the game file's text, for a game read by load_game
        self.rules = rules
        self.stakes = stakes
        self.stacks = stacks
        self.button = button
        self._deck: list[int] | None = None if callable(deck) else list(deck)
        self._deck_source = deck if callable(deck) else None
        self.hole = hole if hole is not None else {}
        self.board = board if board is not None else []
        self.actions: list[tuple[int, str]] = actions if actions is not None else []
        self.options: dict[str, Any] = options if options is not None else {}  # the hand's options (non-default)
        self.shows: list[tuple[int, list[int]]] = shows if shows is not None else []  # shown after the hand
        # run-it-twice agreements made during the hand: (how many actions came before, seat, agrees)
        self.agreements: list[tuple[int, int, bool]] = agreements if agreements is not None else []

    @property
    def deck(self) -> list[int]:
        """The order of the 52 cards the hand was dealt from."""
        if self._deck is None:
            assert self._deck_source is not None
            self._deck = self._deck_source()
        return self._deck

    def __eq__(self, other: object) -> bool:
        return isinstance(other, History) and self.to_dict() == other.to_dict()

    def __repr__(self) -> str:
        return f"History({self.game!r}, {len(self.actions)} actions)"

    def to_dict(self) -> dict[str, Any]:
        """A JSON-serialisable form (cards as two-character text); a game read from a game file carries
        the file's text as ``file``."""
        def text(ids: list[int]) -> str:
            return " ".join(str(Card(c)) for c in ids)

        out: dict[str, Any] = {
            "format": FORMAT, "game": self.game, "rules": self.rules, "stakes": self.stakes,
            "stacks": self.stacks, "button": self.button, "deck": text(self.deck),
            "hole": {str(s): text(v) for s, v in self.hole.items()}, "board": text(self.board),
            "actions": [[s, a] for s, a in self.actions],
        }
        if self.options:  # only when set, so a plain hand's record is as it always was
            out["options"] = dict(self.options)
        if self.shows:
            out["shows"] = [[s, text(c)] for s, c in self.shows]
        if self.agreements:
            out["agreements"] = [[n, s, yes] for n, s, yes in self.agreements]
        if self.file is not None:
            out["file"] = self.file
        return out

    def to_json(self) -> str:
        """The history as JSON text; :func:`homegame.records.replay.replay` reads it back."""
        return json.dumps(self.to_dict())

    @classmethod
    def from_json(cls, text: str | dict[str, Any]) -> History:
        """Read :meth:`to_json` output (or its dict)."""
        data = json.loads(text) if isinstance(text, str) else text
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise ValueError(f"not a homegame hand history (expected format {FORMAT!r})")

        def ids(t: str) -> list[int]:
            return [Card(c).id for c in t.split()]

        return cls(game=data["game"], rules=dict(data["rules"]), stakes=dict(data["stakes"]),
                   stacks=list(data["stacks"]), button=int(data["button"]), deck=ids(data["deck"]),
                   hole={int(s): ids(v) for s, v in data.get("hole", {}).items()},
                   board=ids(data.get("board", "")),
                   actions=[(int(s), str(a)) for s, a in data.get("actions", [])],
                   options=dict(data.get("options", {})),
                   shows=[(int(s), ids(c)) for s, c in data.get("shows", [])],
                   agreements=[(int(n), int(s), bool(yes)) for n, s, yes in data.get("agreements", [])],
                   file=data.get("file") if isinstance(data.get("file"), str) else None)
