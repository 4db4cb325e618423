"""A seat's view (``hand.view(seat)``) as text and as a fixed-size vector, for learning and solving.

The text is the view itself (sorted JSON), so it holds exactly what that seat may know. The vector
(``observation_size(players)`` floats) lays the same view out in fixed places:

- 52 own cards held, 52 of them face up, 52 community cards;
- per seat: 52 face-up cards, 52 cards shown at the showdown, then stack, bet, chips in the pot (each
  over all the chips at the table), folded, all in, ready (a committed simultaneous choice), face-down
  cards over 10, this seat, the button, to act, declared high / low / both (14 numbers);
- the pot (over all the chips) and the step kind, one of :data:`KINDS`;
- with ``positions``: the seat's own cards in the order the view lists them, 53 places per position
  (the card, then whether it is face up: with ``suits=False`` two like cards differ only by that)
  (the card-choice action ids of :class:`homegame.rl.actions.ActionSpace` name cards by that position,
  so without the order two states could share a vector while an id plays different cards in them).

With ``suits=False`` (a research deck of at most four ranks, where a suit can decide nothing), card texts
lose their suit and a card's place is its rank's four places filled in order (the second ace goes to the
ace's second place), so that which suits were dealt leaks nothing.

>>> text = "Seat 0 exposes Kd; cards As 7d"
>>> strip_suits(text)
'Seat 0 exposes K; cards A 7'
>>> observation_size(2), observation_size(2, positions=3)
(401, 560)
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np

from homegame.bots.abstraction import strip_suits
from homegame.cards import Card

__all__ = ["KINDS", "encode_view", "information_text", "observation_size", "strip_suits", "view_text"]

KINDS = ("bet", "pass", "discard", "draw", "expose", "arrange", "declare", "over")
_PER_SEAT = 52 * 2 + 14
_IDS = {str(Card(i)): i for i in range(52)}


def view_text(view: Mapping[str, Any], *, suits: bool = True) -> str:
    """The view as canonical JSON text (``suits=False``: ranks only): OpenSpiel's observation and (with the
    seat's own actions) information-state strings. (The ``cfr`` bot's policies are keyed on a projection
    of the view instead, :func:`homegame.bots.abstraction.projection_key`, which no new view field changes.)

    >>> view_text({"cards": ["As"], "pot": 2}, suits=False)
    '{"cards":["A"],"pot":2}'
    """
    text = json.dumps(view, sort_keys=True, separators=(",", ":"))
    return text if suits else strip_suits(text)


def information_text(view: Mapping[str, Any], own: Sequence[str], legal: Sequence[int] | None, *,
                     suits: bool = True) -> str:
    """A seat's information state as text: its view, with ``suits=False`` its legal ids (which of two like
    cards is which is known only from them), then its own past actions.

    >>> information_text({"cards": ["As"]}, ["expose As"], [5], suits=False)
    '{"cards":["A"]} legal:[5] own:{"own":["expose A"]}'
    """
    text = view_text(view, suits=suits)
    if not suits:
        text += " legal:" + json.dumps(list(legal or []))
    mine = json.dumps(list(own)) if suits else view_text({"own": list(own)}, suits=False)
    return f"{text} own:{mine}"


def observation_size(players: int, positions: int = 0) -> int:
    """How many floats :func:`encode_view` writes for a table of ``players`` (and ``positions`` of own
    cards in order)."""
    return 52 * 3 + players * _PER_SEAT + 1 + len(KINDS) + 53 * positions


def _cards(out: np.ndarray, start: int, cards: Sequence[str], suits: bool) -> None:
    if suits:
        for c in cards:
            out[start + _IDS[c]] = 1.0
        return
    used: dict[int, int] = {}
    for c in cards:
        rank = _IDS[c] // 4
        k = used.get(rank, 0)
        used[rank] = k + 1
        out[start + 4 * rank + min(k, 3)] = 1.0


def encode_view(view: Mapping[str, Any], players: int, chips: int, *, suits: bool = True,
                positions: int = 0) -> np.ndarray:
    """The view as a float32 vector of :func:`observation_size` ``(players, positions)`` (``chips``: all at
    the table; ``positions``: how many of the seat's own cards to lay out in order, the game's most).

    >>> v = encode_view({"cards": ["Kd", "Ah"]}, 2, 40, positions=3)
    >>> w = encode_view({"cards": ["Ah", "Kd"]}, 2, 40, positions=3)
    >>> bool((v[:401] == w[:401]).all()), bool((v == w).all())
    (True, False)
    """
    out = np.zeros(observation_size(players, positions), np.float32)
    scale = 1.0 / max(chips, 1)
    _cards(out, 0, view.get("cards", []), suits)
    _cards(out, 52, view.get("up", []), suits)
    _cards(out, 104, view.get("board", []), suits)
    to_act = set(view.get("to_act", []))
    for s in view.get("seats", []):
        i = int(s["seat"])
        base = 156 + i * _PER_SEAT
        _cards(out, base, s.get("up", []), suits)
        _cards(out, base + 52, s.get("shown") or [], suits)
        k = base + 104
        declared = s.get("declared")
        out[k:k + 14] = (
            s.get("stack", 0) * scale, s.get("bet", 0) * scale, s.get("in_pot", 0) * scale,
            float(bool(s.get("folded"))), float(bool(s.get("all_in"))), float(bool(s.get("ready"))),
            s.get("down", 0) / 10.0, float(view.get("seat") == i), float(view.get("button") == i),
            float(i in to_act), float(declared == "high"), float(declared == "low"), float(declared == "both"),
            0.0)
    tail = 156 + players * _PER_SEAT
    out[tail] = view.get("pot", 0) * scale
    kind = "over" if view.get("over") else (view.get("step") or {}).get("kind", "over")
    if kind in KINDS:
        out[tail + 1 + KINDS.index(kind)] = 1.0
    start = tail + 1 + len(KINDS)
    up = set(view.get("up", []))
    for i, card in enumerate(view.get("cards", [])[:positions]):  # the order the ids' positions refer to
        out[start + 53 * i + (_IDS[card] if suits else _IDS[card] // 4 * 4)] = 1.0
        out[start + 53 * i + 52] = float(card in up)
    return out
