"""A seat's share of the pot at the showdown, estimated from its view alone.

The known cards are the seat's own, the board, and every face-up card on the table; everything else
(opponents' face-down cards, cards still to come) is unknown. :func:`homegame.odds.equity` does the
work when it is available; otherwise a small sampler over :func:`homegame.evaluate.usage.best_high`
estimates the high-hand share.
"""

from __future__ import annotations

import json
import random
from functools import lru_cache
from typing import Any

from homegame.bots.base import View, opponents
from homegame.bots.shape import FINAL
from homegame.cards import DECK, Card, cards


@lru_cache(maxsize=64)
def _game(name: str, rules_json: str) -> Any:
    from homegame.games import game

    rules = {k: tuple(v) if isinstance(v, list) else v for k, v in json.loads(rules_json).items()}
    return game(name, **rules)


def game_of(view: View) -> Any:
    """The game object a view is about (its house rules included), cached."""
    return _game(str(view["game"]), json.dumps(view.get("rules") or {}, sort_keys=True))


def share(view: View, trials: int = 300, seed: int | None = None) -> float:
    """This seat's expected share of the pot at the showdown against the seats still in (0..1)."""
    opps = opponents(view)
    if not opps:
        return 1.0
    game = game_of(view)
    hole = [" ".join(view["cards"])] + [" ".join(s.get("up") or ()) for s in opps]
    board = " ".join(view.get("board") or ())
    exposed: dict[int, str] | None = None
    if game.name == "three-hole":
        exposed = {0: " ".join(view.get("up") or ())}
        exposed.update({i + 1: " ".join(s.get("up") or ()) for i, s in enumerate(opps)})
        exposed = {k: v for k, v in exposed.items() if v}
    try:
        from homegame.odds import equity
    except ImportError:
        return sampled_high_share(view, trials, seed)
    result = equity(game, hole, board=board, exposed=exposed or None, trials=trials, seed=seed)
    return float(result.shares[0])


def sampled_high_share(view: View, trials: int, seed: int | None) -> float:
    """The share of the high pot by plain sampling (a fallback that ignores low halves)."""
    from homegame.evaluate.usage import best_high

    game = game_of(view)
    name = str(view["game"])
    own_final, board_final = FINAL.get(name, (len(view["cards"]), len(view.get("board") or ())))
    if name == "pass-the-trash":
        own_final, board_final = int(game.rules.get("keep", 7)), 0
    elif name == "stud":
        own_final, board_final = 7, 0
    mine = list(cards(view["cards"]))
    board = list(cards(view.get("board") or ()))
    opps = [list(cards(s.get("up") or ())) for s in opponents(view)]
    known = {c.id for c in mine + board} | {c.id for hand in opps for c in hand}
    known |= {Card(c).id for s in view["seats"] for c in s.get("up") or ()}
    rest = [c for c in DECK if c.id not in known]
    rng = random.Random(seed)
    total = 0.0
    three_hole = name == "three-hole"
    for _ in range(trials):
        draw = iter(rng.sample(rest, len(rest)))
        full_board = board + [next(draw) for _ in range(max(0, board_final - len(board)))] if not three_hole \
            else board
        holdings = [mine + [next(draw) for _ in range(max(0, own_final - len(mine)))]]
        holdings += [hand + [next(draw) for _ in range(max(0, own_final - len(hand)))] for hand in opps]
        values = []
        for i, hand in enumerate(holdings):
            shared = full_board
            if three_hole:
                shared = [c for j, other in enumerate(holdings) if j != i for c in other[:2]]
            values.append(best_high(hand, shared, game.usage))
        best = max(values)
        winners = sum(1 for v in values if v == best)
        if values[0] == best:
            total += 1.0 / winners
    return total / trials
