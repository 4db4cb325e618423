"""A bot that weighs its chance of winning against the price of staying in.

It estimates its share of the pot at the showdown from its view (:func:`homegame.bots.estimate.share`),
calls when that share is at least the pot odds (``call / (pot + call)``), bets and raises when the share
is well above a fair share among the players still in, and otherwise checks or folds. Its other
decisions (passing, exposing, arranging, declaring) are the rule-based bot's.
"""

from __future__ import annotations

from homegame.bots.base import LegalOptions, View, opponents, sized
from homegame.bots.estimate import share
from homegame.bots.rule_bot import RuleBot


class EquityBot(RuleBot):
    """Pot odds against an equity estimate from ``trials`` sampled outcomes."""

    name = "equity"

    #: How far above a fair share (as a fraction of the rest) its share must be to bet or raise.
    aggression = 0.3

    def __init__(self, seed: int | None = None, trials: int = 250) -> None:
        super().__init__(seed)
        self.trials = trials

    def choose_bet(self, view: View, options: LegalOptions) -> str:
        players = 1 + len(opponents(view))
        equity = share(view, self.trials, seed=self.rng.randrange(2**31))
        fair = 1.0 / players
        pot = int(view.get("pot") or 0)
        if options.raise_range is not None and equity >= fair + (1.0 - fair) * self.aggression:
            return sized(options, self._top_bet(view) + int(pot * equity))
        if options.check:
            return "check"
        if options.call is not None:
            price = options.call / (pot + options.call) if pot + options.call else 0.0
            if equity >= price:
                return "call"
        return "fold" if options.fold else "call"
