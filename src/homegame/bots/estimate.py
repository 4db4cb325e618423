"""A seat's share of the pot at the showdown, estimated from its view alone.

The known cards are the seat's own, the board, and every face-up card on the table; everything else
(opponents' face-down cards, cards still to come) is unknown. :func:`homegame.odds.equity` does the
work when it is available; otherwise :func:`sampled_share` samples the unknown cards in one batch over
the evaluator's batch kernels.
"""

from __future__ import annotations

import json
from functools import lru_cache
from typing import Any

import numpy as np

from homegame.bots.base import View, opponents
from homegame.bots.shape import FINAL
from homegame.cards import Card, card_ids


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
        return sampled_share(view, trials, seed)
    result = equity(game, hole, board=board, exposed=exposed or None, trials=trials, seed=seed)
    return float(result.shares[0])


def sampled_share(view: View, trials: int, seed: int | None) -> float:
    """This seat's share by sampling the unknown cards in one batch over the evaluator's kernels.

    Used when :mod:`homegame.odds` is not available. High-low games are judged cards-speak with the
    game's qualifier (eight-or-better when none is set), declare games the same way.
    """
    from homegame.evaluate.usage import best_high_many, best_low_many

    game = game_of(view)
    name = str(view["game"])
    own_final, board_final = FINAL.get(name, (len(view["cards"]), len(view.get("board") or ())))
    if name == "pass-the-trash":
        own_final, board_final = int(game.rules.get("keep", 7)), 0
    elif name == "stud":
        own_final, board_final = 7, 0
    three_hole = name == "three-hole"
    if three_hole:
        board_final = 0
    me = view.get("seat")
    up_mine = list(view.get("up") or ())
    holdings = [up_mine + [c for c in view["cards"] if c not in up_mine]]
    holdings += [list(s.get("up") or ()) for s in opponents(view)]
    dead_up = [c for s in view["seats"] if s["seat"] != me and s["folded"] for c in s.get("up") or ()]
    board = list(view.get("board") or ())
    known = {Card(c).id for c in board + dead_up} | {Card(c).id for h in holdings for c in h}
    rest = np.array([i for i in range(52) if i not in known], dtype=np.int64)
    missing = [max(0, own_final - len(h)) for h in holdings]
    board_missing = max(0, board_final - len(board))
    rng = np.random.default_rng(seed)
    order = rng.random((trials, len(rest))).argsort(axis=1)[:, :board_missing + sum(missing)]
    drawn = rest[order]
    full_board = np.hstack([np.broadcast_to(np.array(card_ids(board), dtype=np.int64), (trials, len(board))),
                            drawn[:, :board_missing]])
    rows, at = [], board_missing
    for held, need in zip(holdings, missing, strict=True):
        known_part = np.broadcast_to(np.array(card_ids(held), dtype=np.int64), (trials, len(held)))
        rows.append(np.hstack([known_part, drawn[:, at:at + need]]))
        at += need
    dead = np.broadcast_to(np.array(card_ids(dead_up), dtype=np.int64), (trials, len(dead_up)))
    highs, lows = [], []
    rules = game.rules
    split = rules.get("split", "high")
    qualifier = rules.get("qualifier")
    qualifier = qualifier if isinstance(qualifier, int) else 8
    for i, own in enumerate(rows):
        shared = full_board
        if three_hole:
            shared = np.hstack([r[:, :2] for j, r in enumerate(rows) if j != i] + [dead])
        highs.append(best_high_many(own, shared, game.usage))
        if split != "high":
            lows.append(best_low_many(own, shared, game.usage, rules.get("low", "a5"), qualifier))
    high = np.vstack(highs)
    won = (high[0] == high.max(axis=0)) / (high == high.max(axis=0)).sum(axis=0)
    if lows:
        low = np.vstack(lows)
        best_low = low.max(axis=0)
        low_won = np.where(best_low > 0, (low[0] == best_low) / np.maximum((low == best_low).sum(axis=0), 1), 0)
        won = np.where(best_low > 0, 0.5 * won + 0.5 * low_won, won)
    return float(won.mean())
