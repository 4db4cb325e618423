"""A bot that picks uniformly among its legal actions: the baseline every other bot must beat.

>>> bot = RandomBot(seed=1)
>>> view = {"seat": 0, "cards": ["As", "7d", "7c"], "up": [], "legal": ["pass 1"], "seats": []}
>>> bot.act(view) in ("pass As", "pass 7d", "pass 7c")
True
"""

from __future__ import annotations

from collections.abc import Sequence

from homegame.bots.base import BaseBot, BotError, LegalOptions, View
from homegame.odds.policy import face_down


class RandomBot(BaseBot):
    """Every choice uniformly at random: the action, the amount, the cards, the order."""

    name = "random"

    def choose_pass(self, view: View, count: int) -> list[str]:
        return self.rng.sample(list(view["cards"]), count)

    def choose_expose(self, view: View) -> str:
        hidden = face_down(view)
        if not hidden:
            raise BotError(f"seat {view.get('seat')} has no face-down card to expose")
        return self.rng.choice(hidden)

    def choose_arrange(self, view: View) -> list[str]:
        order = list(view["cards"])
        self.rng.shuffle(order)
        return order

    def choose_declare(self, view: View, allowed: Sequence[str]) -> str:
        return self.rng.choice(list(allowed))

    def choose_bet(self, view: View, options: LegalOptions) -> str:
        choices: list[str] = []
        if options.fold:
            choices.append("fold")
        if options.check:
            choices.append("check")
        if options.call is not None:
            choices.append("call")
        if options.raise_range is not None:
            choices.append("raise")
        choice = self.rng.choice(choices)
        if choice == "raise":
            assert options.raise_range is not None
            verb, low, high = options.raise_range
            return f"{verb} {self.rng.randint(low, high)}"
        return choice
