"""Bots by name: ``make_bot("equity", seed=1)``.

>>> bot_names()
['random', 'rule', 'equity']
>>> make_bot("rule").name
'rule'
>>> make_bot("genius")
Traceback (most recent call last):
...
homegame.bots.registry.UnknownBot: no bot named 'genius': choose one of random, rule, equity
"""

from __future__ import annotations

from homegame.bots.base import BaseBot
from homegame.bots.equity_bot import EquityBot
from homegame.bots.random_bot import RandomBot
from homegame.bots.rule_bot import RuleBot

BOTS: dict[str, type[BaseBot]] = {"random": RandomBot, "rule": RuleBot, "equity": EquityBot}


class UnknownBot(ValueError):
    """A bot name that is not in the registry."""


def bot_names() -> list[str]:
    """The registered bot names, weakest first."""
    return list(BOTS)


def make_bot(name: str, seed: int | None = None) -> BaseBot:
    """A new bot of the named kind, its own random choices seeded by ``seed``."""
    kind = BOTS.get(name.strip().lower())
    if kind is None:
        raise UnknownBot(f"no bot named {name!r}: choose one of {', '.join(BOTS)}")
    return kind(seed=seed)
