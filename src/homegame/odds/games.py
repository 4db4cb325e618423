"""What the odds calculator needs to know about each game: the cards a player ends with, the community
cards, and how they combine (the usage rule), keyed by the engine's game name."""

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


#: outcomes sampled by :func:`engine_equity` when no number is given
ENGINE_TRIALS: Final = 4_000


def _seat_value(game: Any, own: list[int], shared: list[int], *, low: bool) -> int:
    """A hand's strength at the showdown as the engine judges it (0: no qualifying low)."""
    from homegame.cards import Card
    from homegame.evaluate.usage import best_high, best_low
    from homegame.rules.spec import LAYOUTS
    from homegame.rules.wilds import parse_wild, seat_mask

    mine = [Card(c) for c in own]
    if game.usage_name in LAYOUTS:
        groups = [(mine, [Card(shared[i]) for i in line], ANY) for line in LAYOUTS[game.usage_name]]
    else:
        groups = [(mine, [Card(c) for c in shared], game.usage)]
    if game.ranking != "standard":
        from homegame.evaluate.short import evaluate_short

        return 0 if low else max(evaluate_short([*a, *b], game.ranking).strength for a, b, _ in groups)
    wild = seat_mask(parse_wild(game.wild), own, own) if game.wild else None
    best = 0
    for a, b, usage in groups:
        v = (best_low(a, b, usage, rule=game.low, qualifier=game.qualifier, wild=wild) if low
             else best_high(a, b, usage, wild=wild))
        best = max(best, v.strength if v is not None else 0)
    return best


def _shares(game: Any, holds: list[list[int]], board: list[int]) -> list[float]:
    """Each player's share of one pot with these final cards."""
    n = len(holds)
    split = game.split
    highs = [_seat_value(game, h, board, low=False) for h in holds]
    lows = [_seat_value(game, h, board, low=True) for h in holds] if split != "high" else [0] * n
    out = [0.0] * n

    def give(values: list[int], part: float) -> bool:
        top = max(values)
        if top <= 0:
            return False
        winners = [i for i, v in enumerate(values) if v == top]
        for i in winners:
            out[i] += part / len(winners)
        return True

    spade = getattr(game, "spade", None)
    rest = 1.0
    if spade is not None:
        spades = [[c for c in h if c & 3 == 3] for h in holds]
        keys = [(max(s) if spade == "high" else -min(s)) if s else -99 for s in spades]
        if max(keys) > -99:
            give([k + 100 for k in keys], 0.5)
            rest = 0.5
    if split == "low":
        if not give(lows, rest):
            give(highs, rest)
    elif split == "high" or not give(lows, rest / 2):
        give(highs, rest)
    else:
        give(highs, rest / 2)
    return out


def engine_equity(game: Any, hole: list[list[int]], board: list[int], *, trials: int | None = None,
                  seed: int | None = None) -> tuple[list[float], list[float], int]:
    """Each player's share of the pot, sampled by dealing out the unknown cards from the game's own deck and
    judging the showdown as the engine does (wild cards, a short deck, layouts, the spade half): for games
    the calculator's kernels do not cover. A player's listed cards are the cards they hold at the showdown
    (no draw, pass, buy or roll is modelled; Follow the Queen counts queens only; each player's lowest rank
    among all their cards). Returns (shares, standard errors, outcomes)."""
    import math
    import random

    held, board_size = game.final_counts()
    known = [c for h in hole for c in h] + list(board)
    if len(set(known)) != len(known):
        raise ValueError("a card is listed twice")
    deck = [c for c in game.cards if c not in set(known)]
    if any(c not in set(game.cards) for c in known):
        raise ValueError(f"a listed card is not in {game.name}'s deck (ranks {game.ranks})")
    for i, h in enumerate(hole):
        if len(h) > held:
            raise ValueError(f"player {i} lists {len(h)} cards; a {game.name} player holds {held} at the showdown")
    if len(board) > board_size:
        raise ValueError(f"{len(board)} community cards listed; {game.name} has {board_size}")
    need = sum(held - len(h) for h in hole) + board_size - len(board)
    if need > len(deck):
        raise ValueError(f"{len(hole)} players need {need} more cards; the deck has {len(deck)} left")
    rng = random.Random(seed)
    n = 1 if need == 0 else ENGINE_TRIALS if trials is None else trials
    totals = [0.0] * len(hole)
    squares = [0.0] * len(hole)
    for _ in range(n):
        drawn = rng.sample(deck, need)
        k = 0
        holds = []
        for h in hole:
            extra = held - len(h)
            holds.append(list(h) + drawn[k:k + extra])
            k += extra
        shares = _shares(game, holds, list(board) + drawn[k:])
        for i, x in enumerate(shares):
            totals[i] += x
            squares[i] += x * x
    means = [t / n for t in totals]
    errors = [math.sqrt(max(sq / n - m * m, 0.0) * n / max(n - 1, 1) / n) for sq, m in zip(squares, means, strict=True)]
    return means, errors, n
