"""The showdown's hand values for games with wild cards or a short-deck ranking (docs/games/wild-cards.md,
docs/games/short-deck.md): one value per player, each player's own wild cards applied
(:mod:`homegame.rules.wilds`)."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

import numpy as np

from homegame.cards import RANK_NAMES, RANKS, Card
from homegame.evaluate.batch import evaluate_low_many, evaluate_many
from homegame.evaluate.short import evaluate_short
from homegame.evaluate.usage import best_high, best_low
from homegame.rules.boards import shared_cards
from homegame.rules.wilds import hand_masks

if TYPE_CHECKING:
    from homegame.rules.state import HandState


def applies(h: HandState) -> bool:
    """Whether the game needs these values (wild cards, or a ranking other than the standard one)."""
    return bool(h.game.wild) or h.game.ranking != "standard"


_STANDS = re.compile(r" as ([2-9TJQKA])([cdhs])\b")
_SUITS = {"c": "clubs", "d": "diamonds", "h": "hearts", "s": "spades"}


def words(value: Any) -> str:
    """A value in words for a view: what a wild card stands for is said in words ("2c as the nine of
    spades"), so that no view names a card nobody holds face up.

    >>> from homegame.evaluate import evaluate
    >>> words(evaluate("9h 9d 2c 5s 7d", wild="2"))
    'Three of a kind, nines (one wild: 2c as the nine of spades)'
    """
    return _STANDS.sub(lambda m: f" as the {RANK_NAMES[RANKS.index(m.group(1))]} of {_SUITS[m.group(2)]}", str(value))


def _groups(h: HandState, s: int, contenders: list[int]) -> list[tuple[list[Card], list[Card], Any]]:
    """(own cards, shared cards, usage) for each way the seat may make a hand (a layout: one per line)."""
    g = h.game
    own = [Card(c) for c in h.cards[s]]
    if g.use.lines:
        return [(own, [Card(h.board[i]) for i in line], g.usage) for line in g.use.lines]
    return [(own, shared_cards(h, s, contenders), g.usage)]


def value(h: HandState, s: int, contenders: list[int], *, low: bool) -> Any:
    """The seat's best high value (or low value, None when none qualifies)."""
    g = h.game
    if g.ranking != "standard":
        if low:
            return None
        return max(evaluate_short([*own, *shared], g.ranking) for own, shared, _ in _groups(h, s, contenders))
    mask = hand_masks(h, [s])[s]
    values: list[Any] = []
    for own, shared, usage in _groups(h, s, contenders):
        v: Any = (best_low(own, shared, usage, rule=g.low, qualifier=g.qualifier, wild=mask) if low
                  else best_high(own, shared, usage, wild=mask))
        if v is not None:
            values.append(v)
    return max(values, key=lambda v: v.strength, default=None)


def strengths(h: HandState, contenders: list[int], low: bool) -> tuple[dict[int, int], dict[int, int]]:
    """High and low strengths (0: no qualifying low) of every hand still in (wild cards in an own-cards or
    any-five game: one batch call with each row's own wild cards)."""
    g = h.game
    if g.wild and g.ranking == "standard" and g.use.free and not g.use.lines and g.use.shared != "face-up":
        rows = [h.cards[s] + (h.board if g.use.shared == "board" else []) for s in contenders]
        if len({len(r) for r in rows}) == 1 and 5 <= len(rows[0]) <= 10:
            masks = hand_masks(h, contenders)
            ids = np.array(rows, dtype=np.int64)
            wild = np.array([masks[s] for s in contenders], dtype=np.int64)
            hi = evaluate_many(ids, wild=wild).tolist()
            lo = evaluate_low_many(ids, g.low, g.qualifier, wild=wild).tolist() if low else []
            return dict(zip(contenders, hi, strict=True)), dict(zip(contenders, lo, strict=False))
    highs: dict[int, int] = {}
    lows: dict[int, int] = {}
    for s in contenders:
        hv = value(h, s, contenders, low=False)
        highs[s] = hv.strength if hv is not None else 0
        if low:
            lv = value(h, s, contenders, low=True)
            lows[s] = lv.strength if lv is not None else 0
    return highs, lows
