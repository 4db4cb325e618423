"""Bots by name: ``make_bot("equity", seed=1)``; the panel's exploiting opponents are made by name too
but not listed.

>>> bot_names()
['random', 'rule', 'equity']
>>> make_bot("rule").name
'rule'
>>> make_bot("allin").name
'allin'
>>> make_bot("genius")
Traceback (most recent call last):
...
homegame.bots.registry.UnknownBot: no bot named 'genius': choose one of random, rule, equity
"""

from __future__ import annotations

from homegame.bots.base import BaseBot
from homegame.bots.cfr_bot import CfrBot
from homegame.bots.equity_bot import EquityBot
from homegame.bots.exploit import AllInBot, RaiserBot, StationBot
from homegame.bots.random_bot import RandomBot
from homegame.bots.rule_bot import RuleBot

BOTS: dict[str, type[BaseBot]] = {"random": RandomBot, "rule": RuleBot, "equity": EquityBot}

#: Opponents for testing the bots (always all in, a calling station, always raise): made by name, not listed.
HIDDEN: dict[str, type[BaseBot]] = {"allin": AllInBot, "station": StationBot, "raiser": RaiserBot,
                                    "cfr": CfrBot}  # cfr: plays solved research settings only (docs/rl.md)


class UnknownBot(ValueError):
    """A bot name that is not in the registry."""


def bot_names() -> list[str]:
    """The registered bot names, weakest first."""
    return list(BOTS)


def make_bot(name: str, seed: int | None = None) -> BaseBot:
    """A new bot of the named kind, its own random choices seeded by ``seed``."""
    key = name.strip().lower()
    kind = BOTS.get(key) or HIDDEN.get(key)
    if kind is None:
        raise UnknownBot(f"no bot named {name!r}: choose one of {', '.join(BOTS)}")
    return kind(seed=seed)
