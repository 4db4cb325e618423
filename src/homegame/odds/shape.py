"""Cheap hand-shape judgements from a seat's view: how useful each card is, what a holding makes.

These are the rule-based bot's eyes: no simulation, only counting ranks and suits and asking the
evaluator about the cards the seat can see.

>>> usefulness(["As", "7d", "7c"])["7d"] > usefulness(["As", "7d", "7c"])["As"]
True
>>> made_category(["As", "Ad", "7c"])
1
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from homegame.cards import Card, cards
from homegame.evaluate import evaluate, evaluate_low

if TYPE_CHECKING:
    from homegame.rules.spec import Game

#: The contract's categories and five of a kind (wild cards), weakest first; a hand's category index
#: is its position here.
CATEGORIES = (
    "high card", "one pair", "two pair", "three of a kind", "straight", "flush", "full house",
    "four of a kind", "straight flush", "five of a kind",
)
_INDEX = {name: i for i, name in enumerate(CATEGORIES)}



def holding_size(game: Game) -> tuple[int, int]:
    """(own, shared): the most own cards a player holds at once, and the shared cards that may play with
    them (the board's; with the others' face-up cards as the shared ones, five less the own cards), as the
    game counts them from its steps (:meth:`Game.most_held <homegame.rules.spec.Game.most_held>`,
    :meth:`Game.final_counts <homegame.rules.spec.Game.final_counts>`): how much of the hand there is to see.

    >>> from homegame.games import game
    >>> holding_size(game("holdem")), holding_size(game("irish")), holding_size(game("three-hole"))
    ((2, 5), (4, 5), (3, 2))
    """
    most = game.most_held()
    if game.use.shared == "face-up":
        return most, max(5 - most, 0)
    return most, game.final_counts()[1]


def _parse(items: Sequence[str]) -> tuple[Card, ...]:
    return cards(list(items))


def usefulness(hand: Sequence[str], *, low: bool = False) -> dict[str, float]:
    """How much each card of ``hand`` is worth keeping: pairs most, then suits, neighbours and rank.

    With ``low=True`` (a high-low or declare game) small cards are worth keeping too.

    >>> u = usefulness(["2c", "9d", "Ks"])
    >>> min(u, key=u.__getitem__)
    '2c'
    >>> u = usefulness(["Ac", "2d", "9s", "Ks", "Qh"], low=True)
    >>> min(u, key=u.__getitem__)
    '9s'
    """
    parsed = _parse(hand)
    ranks = Counter(c.rank for c in parsed)
    suits = Counter(c.suit for c in parsed)
    present = set(ranks)
    scores: dict[str, float] = {}
    for text, card in zip(hand, parsed, strict=True):
        score = 10.0 * (ranks[card.rank] - 1)
        score += max(0, suits[card.suit] - 2) * 1.0
        score += 0.6 * sum(1 for d in (-2, -1, 1, 2) if card.rank + d in present)
        score += 2.0 * card.rank / 12
        if low:
            low_rank = 0 if card.rank == 12 else card.rank + 1  # ace is the lowest low card
            if low_rank <= 7 and ranks[card.rank] == 1:
                score += 3.0 * (8 - low_rank) / 8
        scores[text] = score
    return scores


def made_category(items: Sequence[str]) -> int:
    """The category index of the best high hand the cards make (pairs and sets only below five cards).

    >>> made_category(["Ks", "Kd", "Kc", "2s", "2d"])
    6
    >>> made_category(["9h", "9c"])
    1
    >>> made_category([])
    0
    """
    parsed = _parse(items)
    if len(parsed) >= 5:
        try:
            chosen = parsed if len(parsed) <= 10 else parsed[:10]
            # an unknown category name (a new evaluator's) counts as the strongest rather than raising
            return _INDEX.get(evaluate(chosen).category, len(CATEGORIES) - 1)
        except ImportError:
            pass
    counts = sorted(Counter(c.rank for c in parsed).values(), reverse=True) + [0, 0]
    if counts[0] >= 4:
        return 7
    if counts[0] == 3:
        return 6 if counts[1] >= 2 else 3
    if counts[0] == 2:
        return 2 if counts[1] == 2 else 1
    return 0


def usable_cards(view: Mapping[str, Any], game: Game) -> list[str]:
    """The cards this seat can build a hand from now: its own, the board, or in a game whose shared cards
    are the others' face-up cards, the best of those that may play (five less the own cards)."""
    own = list(view["cards"])
    if game.use.shared == "face-up":
        me = view.get("seat")
        table = [c for s in view["seats"] if s["seat"] != me for c in s.get("up") or ()]
        own_ranks = {Card(c).rank for c in own}
        table.sort(key=lambda c: (Card(c).rank in own_ranks, Card(c).rank), reverse=True)
        return own + table[:holding_size(game)[1]]
    return own + list(view.get("board") or ())


def low_top(items: Sequence[str], rule: str = "a5", qualifier: int | None = None) -> int | None:
    """The highest card (2..14, ace 1 for a5/a6) of the best low the cards make, or ``None``.

    >>> low_top(["As", "2d", "3c", "4h", "7s", "Kd"])
    7
    >>> low_top(["As", "Ad", "3c", "4h", "Ks"], qualifier=8) is None
    True
    """
    parsed = _parse(items)
    if len(parsed) < 5:
        return None
    try:
        chosen = parsed if len(parsed) <= 10 else parsed[:10]
        value = evaluate_low(chosen, rule=rule, qualifier=qualifier)
        if value is None:
            return None
        values = [_low_rank(c, rule) for c in value.cards]
        return max(values)
    except ImportError:
        distinct = sorted({_low_rank(c, rule) for c in parsed})
        if len(distinct) < 5 or (qualifier is not None and distinct[4] > qualifier):
            return None
        return distinct[4]


def _low_rank(card: Card, rule: str) -> int:
    if rule != "27" and card.rank == 12:
        return 1
    return card.rank + 2


def progress(view: Mapping[str, Any], game: Game) -> float:
    """How much of the final holding this seat has seen, from 0 to 1 (:func:`holding_size`)."""
    own, shared = holding_size(game)
    if own + shared == 0:
        return 1.0
    seen_own = min(len(view["cards"]), own)
    if game.use.shared == "face-up":
        seen_shared = min(shared, len(usable_cards(view, game)) - len(view["cards"]))
    else:
        seen_shared = min(len(view.get("board") or ()), shared)
    return (seen_own + seen_shared) / (own + shared)
