"""A bot that weighs its chance of winning against the price of staying in.

It estimates its share of the pot at the showdown from its view (:func:`homegame.bots.estimate.share`),
bets when that share is well above a fair share among the players still in, and facing a bet weighs
the call's expected chips against the bettor's likely range as the rule-based bot does
(:mod:`homegame.bots.defend`), with more samples. It declares the
side it is likelier to win. Its other decisions (passing, exposing, arranging) are the rule-based bot's;
in Pass'Em it remembers the card it passed, which its neighbour holds for the rest of the hand.
"""

from __future__ import annotations

from collections.abc import Sequence

from homegame.bots.base import LegalOptions, View, passive, sized
from homegame.bots.defend import raise_bar
from homegame.bots.estimate import game_of, side_chances
from homegame.bots.rule_bot import RuleBot


class EquityBot(RuleBot):
    """Pot odds against an equity estimate from ``trials`` sampled outcomes."""

    name = "equity"

    #: How far above a fair share (as a fraction of the rest) its share must be to bet or raise.
    aggression = 0.3

    def __init__(self, seed: int | None = None, trials: int = 250) -> None:
        super().__init__(seed)
        self.trials = trials
        self.defend_trials = max(trials, 800)
        self._gift: tuple[int, frozenset[str], tuple[str, ...]] | None = None

    def choose_pass(self, view: View, count: int) -> list[str]:
        """The rule-based choice, remembered when the game passes only once (Pass'Em): the neighbour it went
        to holds it till the end."""
        chosen = super().choose_pass(view, count)
        passes = [s for s in game_of(view).steps if s.kind == "pass"]
        if len(passes) == 1 and view.get("seat") is not None:
            seats, me = len(view["seats"]), int(view["seat"])
            kept = frozenset(c for c in view["cards"] if c not in chosen)
            self._gift = ((me + passes[0].direction * passes[0].distance) % seats, kept, tuple(chosen))
        return chosen

    def known_cards(self, view: View) -> dict[int, list[str]]:
        """Cards it knows another seat holds: the card it passed this hand, while that is still true."""
        if self._gift is None:
            return {}
        target, kept, given = self._gift
        held = set(view["cards"])
        if not kept <= held or held & set(given):  # another hand by now
            self._gift = None
            return {}
        return {target: list(given)}

    def choose_bet(self, view: View, options: LegalOptions) -> str:
        if options.call:
            return self.defend(view, options)
        equity = self.range_share(view, self.trials)
        pot = int(view.get("pot") or 0)
        if options.raise_range is not None and self.may_raise(view) and equity >= raise_bar(view, self.reads, self.aggression):
            return sized(options, self._top_bet(view) + int(pot * equity))
        return passive(options)

    def choose_declare(self, view: View, allowed: Sequence[str]) -> str:
        """The side it is likelier to win; both only when it is a strong favourite both ways."""
        high, low = side_chances(view, self.trials * 2, seed=self.rng.randrange(2**31), known=self.known_cards(view))
        if high >= 0.85 and low >= 0.85 and "both" in allowed:
            return "both"
        choice = "low" if low > high else "high"
        return choice if choice in allowed else allowed[0]
