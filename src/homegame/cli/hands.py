"""Every shown hand in words, worked out from a view: what each player had, not only the winner.

A player who loses at the showdown wants to know what they had and why it lost, so the terminal
describes every shown hand (high, and low in a split game) from the cards the view shows: the seat's
own cards plus the cards it may use (the board, or in Three-Hole the other seats' face-up cards and,
with ``showdown_cards_count``, the other contenders' third cards).

>>> view = {"game": "holdem", "rules": {}, "board": ["Qd", "5d", "Ah", "2c", "7s"], "seat": 0,
...         "seats": [{"seat": 0, "up": [], "shown": ["Qh", "9c"], "folded": False},
...                   {"seat": 1, "up": [], "shown": ["Qc", "Kd"], "folded": False}]}
>>> shown_hands(view)[0]
'one pair, queens (Q♥ Q♦ A♥ 9♣ 7♠)'
>>> lower_first("Full house, sevens full of queens")
'a full house, sevens full of queens'
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from homegame.cards import Card

View = Mapping[str, Any]

#: The category words that read better with an article in the middle of a sentence.
_ARTICLES = ("straight", "flush", "full house", "straight flush", "royal flush")


def lower_first(words: str) -> str:
    """A hand's description as it reads mid-sentence: ``"Flush, ace high"`` to ``"a flush, ace high"``."""
    if not words or "-" in words.split()[0]:  # a low such as "J-J-8-8-T low" keeps its ranks
        return words
    text = words[0].lower() + words[1:]
    category = text.split(",")[0]
    return f"a {text}" if category in _ARTICLES else text


def _symbols(items: Sequence[Any]) -> str:
    return " ".join(Card(str(c)).symbol for c in items)


def _game(view: View) -> Any:
    from homegame.games import known_game

    try:  # a game read from a game file too (by its name, in this process)
        return known_game(str(view["game"]), **dict(view.get("rules") or {}))
    except (ValueError, TypeError, KeyError):
        return None


def shared_cards(view: View, seat: int, game: Any) -> list[str]:
    """The cards outside ``seat``'s own that it may use at the showdown, as the view shows them."""
    if game.use.shared == "none":
        return []
    if game.use.shared != "face-up":
        return list(view.get("board") or [])
    out: list[str] = []
    for info in view["seats"]:
        if info["seat"] == seat:
            continue
        up = list(info.get("up") or [])
        out += up
        if game.showdown_cards_count and not info.get("folded") and info.get("shown"):
            out += [c for c in info["shown"] if c not in up]
    return out


def describe_seat(view: View, seat: int, held: Sequence[str], game: Any, declared: str | None = None) -> str:
    """The seat's best high hand and, in a split game, its low, in words with the five cards of each.

    In a declare game only the side or sides the seat declared are described. A laid-out board (lines): the
    best over the lines; several boards: each board's hand in turn ("on board 1 ...; on board 2 ...").
    """
    shared = shared_cards(view, seat, game)
    if game.use.boards and game.use.shared == "board":
        return "; ".join(f"on board {k + 1} " + _describe(held, [shared[i] for i in b if i < len(shared)], [], game,
                                                          declared) for k, b in enumerate(game.use.boards))
    if game.use.lines and game.use.shared == "board":
        return _describe(held, [], [[shared[i] for i in line if i < len(shared)] for line in game.use.lines], game,
                         declared)
    return _describe(held, shared, [], game, declared)


def _describe(held: Sequence[str], shared: list[str], lines: list[list[str]], game: Any, declared: str | None) -> str:
    """:func:`describe_seat` with the shared cards (or, with ``lines``, the best of the lines) known."""
    from homegame.evaluate.usage import best_high, best_low

    sides = ("high", "low") if game.split == "high-low" else ("high",) if game.split == "high" else (
        ("high", "low") if declared in (None, "both") else (declared,))
    ways = lines or [shared]
    parts = []
    if "high" in sides:
        high = max((best_high(list(held), way, game.usage) for way in ways), key=lambda v: v.strength)
        parts.append(f"{lower_first(str(high))} ({_symbols(high.cards)})")
    if "low" in sides:
        lows = [v for v in (best_low(list(held), way, game.usage, rule=game.low, qualifier=game.qualifier)
                            for way in ways) if v is not None]
        low = max(lows, key=lambda v: v.strength, default=None)
        words = f"{lower_first(str(low))} ({_symbols(low.cards)})" if low is not None else "no qualifying low"
        parts.append(f"for low {words}" if "high" in sides else words)
    return "; ".join(parts)


def shown_hands(view: View) -> dict[int, str]:
    """Each shown seat's hand in words, by seat; empty when the view shows no hands or they cannot be read."""
    game = _game(view)
    if game is None:
        return {}
    out: dict[int, str] = {}
    for info in view["seats"]:
        held = info.get("shown")
        if not held or info.get("folded"):
            continue
        try:
            out[int(info["seat"])] = describe_seat(view, int(info["seat"]), held, game, info.get("declared"))
        except ValueError:
            continue
    return out


def borrowed_cards(view: View, seat: int, cards: Sequence[str]) -> str:
    """Which of ``cards`` (a winning five) came from other seats, e.g. ``"7♦ from Seat 3"`` (Three-Hole)."""
    if str(view.get("game")) != "three-hole":
        return ""
    owners: dict[str, int] = {}
    for info in view["seats"]:
        for card in list(info.get("up") or []) + list(info.get("shown") or []):
            owners.setdefault(card, int(info["seat"]))
    you = view.get("seat")
    parts = []
    for card in cards:
        owner = owners.get(card)
        if owner is not None and owner != seat:
            parts.append(f"{Card(card).symbol} from {'you' if owner == you else f'Seat {owner}'}")
    return ", ".join(parts)
