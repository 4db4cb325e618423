"""Bots that play any game from one seat's view: ``bot.act(hand.view(seat)) -> str``.

A bot never sees the hand itself, only what its seat may know. Three kinds are registered by name:
``random`` (uniform over legal actions), ``rule`` (simple hand-shape rules) and ``equity`` (its share of
the pot against the pot odds).

>>> from homegame.bots import make_bot
>>> make_bot("random", seed=1).act({"seat": 0, "cards": [], "legal": ["check"], "seats": []})
'check'
"""

from homegame.bots.base import BaseBot, Bot, BotError, LegalOptions, parse_legal
from homegame.bots.equity_bot import EquityBot
from homegame.bots.random_bot import RandomBot
from homegame.bots.registry import BOTS, UnknownBot, bot_names, make_bot
from homegame.bots.rule_bot import RuleBot

__all__ = [
    "BOTS", "BaseBot", "Bot", "BotError", "EquityBot", "LegalOptions", "RandomBot", "RuleBot", "UnknownBot",
    "bot_names", "make_bot", "parse_legal",
]
