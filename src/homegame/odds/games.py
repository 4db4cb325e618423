"""What the odds calculator's kernels need to know about each game they cover: the cards a player ends
with, the community cards, and how they combine (the usage rule), keyed by the engine's game name. Every
other game's odds are played out by the engine (:mod:`homegame.odds.playout`)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Final

from homegame.evaluate.usage import ANY, OMAHA, PASSEM, THREE_HOLE, Usage


@dataclass(frozen=True)
class GameFacts:
    """``hole``: cards each player holds at the showdown (``None``: the ``keep`` house rule);
    ``board``: community cards; ``usage``: how a player combines their own and the shared cards;
    ``table_cards``: other players' face-up cards are the shared cards (Three-Hole)."""

    hole: int | None
    board: int
    usage: Usage
    table_cards: bool = False

    def hole_cards(self, rules: dict[str, Any]) -> int:
        """Cards each player holds at the showdown under these house rules."""
        return int(rules.get("keep", 7)) if self.hole is None else self.hole


GAMES: Final = {
    "holdem": GameFacts(2, 5, ANY),
    "omaha": GameFacts(4, 5, OMAHA),
    "stud": GameFacts(7, 0, ANY),
    "passem": GameFacts(3, 3, PASSEM),
    "sameem": GameFacts(5, 5, ANY),
    "pass-the-trash": GameFacts(None, 0, ANY),
    "three-hole": GameFacts(3, 0, THREE_HOLE, table_cards=True),
    "stud-hi-lo": GameFacts(7, 0, ANY),
    "big-o": GameFacts(5, 5, OMAHA),
    "omaha-hi-lo": GameFacts(4, 5, OMAHA),
    "cincinnati": GameFacts(4, 5, ANY),
    "five-card-stud": GameFacts(5, 0, ANY),
}

#: Three-Hole: cards each player has turned face up by the showdown.
EXPOSED_AT_SHOWDOWN: Final = 2
