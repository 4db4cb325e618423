"""Bots for empty seats: the project's bots when present, a plain legal-action player otherwise.

A bot sees only its seat's view and answers with an action string (``Bot.act(view) -> str``).

>>> view = {"legal": ["fold", "call 2", "raise 4..200"], "cards": ["As", "Kd"], "up": []}
>>> simple_action(view, random.Random(1)).split()[0] in ("fold", "call", "raise")
True
>>> simple_action({"legal": ["pass 2"], "cards": ["As", "Kd", "2c"], "up": []}, random.Random(0)).split()[0]
'pass'
"""

from __future__ import annotations

import importlib
import random
import re
from collections.abc import Callable
from typing import Any

BotPolicy = Callable[[dict[str, Any]], str]

#: Bot kinds a host may add; the first is the default.
BOT_KINDS = ("rule", "random", "equity")

_RANGE = re.compile(r"(bet|raise) (\d+)(?:\.\.(\d+))?")


def simple_action(view: dict[str, Any], rng: random.Random) -> str:
    """A legal action chosen from ``view["legal"]``: mostly check or call, sometimes a small bet."""
    legal: list[str] = list(view.get("legal") or [])
    if not legal:
        raise ValueError("the view offers no legal action: this seat owes no decision now")
    cards: list[str] = list(view.get("cards") or [])
    up = set(view.get("up") or [])
    verbs = {a.split()[0]: a for a in legal}
    if "pass" in verbs or "discard" in verbs:
        verb = "pass" if "pass" in verbs else "discard"
        count = int(verbs[verb].split()[1])
        return f"{verb} " + " ".join(rng.sample(cards, count))
    if "expose" in verbs:
        down = [c for c in cards if c not in up] or cards
        return "expose " + rng.choice(down)
    if "arrange" in verbs:
        order = cards[:]
        rng.shuffle(order)
        return "arrange " + " ".join(order)
    declares = [a for a in legal if a.startswith("declare")]
    if declares:
        return rng.choice(declares)
    roll = rng.random()
    for verb in ("bet", "raise"):
        if verb in verbs and roll < 0.15:
            m = _RANGE.fullmatch(verbs[verb])
            if m:
                return f"{verb} {m.group(2)}"
    if "check" in verbs:
        return "check"
    if "call" in verbs and roll < 0.85:
        return "call"
    return "fold" if "fold" in verbs else legal[0].split()[0]


def make_bot(kind: str, seed: int | None = None) -> BotPolicy:
    """A policy for a bot of ``kind`` (one of :data:`BOT_KINDS`).

    Uses :mod:`homegame.bots` when it provides the kind, else :func:`simple_action`.
    """
    if kind not in BOT_KINDS:
        raise ValueError(f"unknown bot kind {kind!r}; choose one of {', '.join(BOT_KINDS)}")
    rng = random.Random(seed)
    try:
        bots: Any = importlib.import_module("homegame.bots")
        act: BotPolicy = bots.make_bot(kind, seed=seed).act
        return act
    except (ImportError, AttributeError, ValueError):
        return lambda view: simple_action(view, rng)


__all__ = ["BOT_KINDS", "BotPolicy", "make_bot", "simple_action"]
