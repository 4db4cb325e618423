"""What the odds calculator's kernels need to know about a game, read from its declaration: the cards a
player holds at the showdown, the community cards, how they combine (the usage rule) and whether the
shared cards are the others' face-up cards. A game the kernels do not cover (wild cards, another deck or
ranking, a special card, a laid-out board or more than one, lowball only, or cards that change after the deal by a draw, a
buy or a discard) is played out by the engine (:mod:`homegame.odds.playout`).

>>> from homegame.games import game
>>> kernel_facts(game("holdem"))
GameFacts(hole=2, board=5, usage=Usage(kind='any', splits=(), pool=0), table_cards=False, exposed=0)
>>> kernel_facts(game("three-hole")).usage, kernel_facts(game("three-hole")).exposed
(Usage(kind='own-plus', splits=(), pool=2), 2)
>>> kernel_facts(game("pass-the-trash")).hole
7
>>> kernel_facts(game("follow-the-queen")) is None, kernel_facts(game("pineapple")) is None  # wild; a discard
(True, True)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Final

from homegame.evaluate.usage import Usage

if TYPE_CHECKING:
    from homegame.rules.spec import Game

#: Steps after which a player's cards are not the ones dealt by chance alone: the kernels do not cover them.
CHANGING_STEPS: Final = frozenset({"draw", "buy", "strike", "discard"})


@dataclass(frozen=True)
class GameFacts:
    """``hole``: cards each player holds at the showdown; ``board``: community cards; ``usage``: how a
    player combines their own and the shared cards; ``table_cards``: other players' face-up cards are the
    shared cards; ``exposed``: how many of their cards each player has turned face up by the showdown."""

    hole: int
    board: int
    usage: Usage
    table_cards: bool = False
    exposed: int = 0


def kernel_facts(game: Game) -> GameFacts | None:
    """The kernels' facts for ``game`` (with its house rules), or ``None`` when they do not cover it;
    worked out once per game object (hashing a game writes its rules out as JSON: a cache keyed by the
    game cost more than the facts at every bot decision)."""
    known = _BY_GAME.get(id(game))
    if known is not None and known[0] is game:
        return known[1]
    facts = _facts(game)
    if len(_BY_GAME) >= _KEPT:
        _BY_GAME.clear()
    _BY_GAME[id(game)] = (game, facts)  # the game is held, so its id is not another's while it is here
    return facts


#: How many games' facts :func:`kernel_facts` keeps (by the game object's id, the game held with them).
_KEPT: Final = 256
_BY_GAME: dict[int, tuple[Game, GameFacts | None]] = {}


def _facts(game: Game) -> GameFacts | None:
    if (game.wild or game.ranking != "standard" or len(game.cards) != 52 or game.spade is not None
            or game.use.lines or game.use.boards or game.split == "low" or any(s.kind in CHANGING_STEPS for s in game.steps)):
        return None
    held, board = game.final_counts()
    exposed = sum(1 for s in game.steps if s.kind == "expose")
    return GameFacts(held, board, game.usage, table_cards=game.use.shared == "face-up", exposed=exposed)


__all__ = ["CHANGING_STEPS", "GameFacts", "kernel_facts"]
