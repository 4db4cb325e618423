"""A bot of simple rules: bet what it has, pass and roll its trash, hide what helps, declare by shape.

- Facing a bet: the pot odds against the bettor's likely range (:mod:`homegame.bots.defend`): weak
  hands fold to a big bet from a player who bets seldom, strong ones call or raise; a player seen betting
  and raising nearly every time is taken to hold anything.
- Betting when nobody has bet: the made hand (own cards with the board, or with the best table cards in
  Three-Hole) is measured against a per-game par, scaled by how much of the hand has been seen; well
  above par, and ahead of the hands that would call it (a quick look at its share against their
  ranges), it bets; otherwise it checks. It bluffs now and then, but only against players seen to
  fold: never against a calling station or a maniac.
- Passing and discarding (Pass'Em, Pass The Trash): the least useful cards, low unpaired ones first,
  which also "keeps the gift small" as the Pass'Em page advises.
- Exposing (Three-Hole): a card that pairs nobody's upcard, low before high, as the page warns.
- Arranging (Pass The Trash): worst cards roll first, the best card stays down longest.
- Declaring: the side it is likelier to win, by a quick sample of the showdown (both only when a
  strong favourite both ways); :meth:`RuleBot.shape_declare` is the older rule by the hand's shape.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from homegame.bots.base import (
    BaseBot,
    BotError,
    LegalOptions,
    View,
    big_bet,
    opponents,
    passive,
    sized,
)
from homegame.bots.defend import judge, raise_bar, widths
from homegame.bots.estimate import game_of, side_chances
from homegame.bots.ranges import ranged_share
from homegame.bots.reads import PRIOR_FOLDS, Reads
from homegame.cards import Card
from homegame.odds.policy import expose_choice, face_down, least_useful_first, others_up
from homegame.odds.shape import low_top, made_category, progress, usable_cards


def _rules(view: View) -> dict[str, object]:
    return dict(view.get("rules") or {})


def plays_low(view: View) -> bool:
    """True when a low hand can win part of the pot in this game."""
    return _rules(view).get("split", "high") != "high"


def low_rule(view: View) -> tuple[str, int | None]:
    """The low ranking and the qualifier the bot aims for (eight-or-better when none is set)."""
    rules = _rules(view)
    qualifier = rules.get("qualifier")
    return str(rules.get("low") or "a5"), int(qualifier) if isinstance(qualifier, int) else 8


class RuleBot(BaseBot):
    """Plays by the rules of thumb above; deterministic apart from an occasional small bluff."""

    name = "rule"

    #: How often it bets a weak hand when checking is free.
    bluff = 0.05
    #: Sampled completions for judging a bet it faces.
    defend_trials = 500
    #: Sampled completions for checking that a hand it would bet is ahead of what calls it.
    value_trials = 200
    #: Sampled showdowns for choosing the side to declare.
    declare_trials = 300

    def __init__(self, seed: int | None = None) -> None:
        super().__init__(seed)
        self.reads = Reads()

    def act(self, view: View) -> str:
        """Read the log for what the opponents did, then decide."""
        self.reads.read(view)
        return super().act(view)

    def known_cards(self, view: View) -> dict[int, list[str]]:
        """Cards it knows another seat holds face down (none, for this bot)."""
        return {}

    def range_share(self, view: View, trials: int) -> float:
        """Its share of the pot against the opponents' likely ranges."""
        return ranged_share(view, widths(view, self.reads), trials, seed=self.rng.randrange(2**31),
                            known=self.known_cards(view))

    def defend(self, view: View, options: LegalOptions) -> str:
        """Facing a bet: raise a strong hand, call when the call is worth its chips, else fold."""
        me: Mapping[str, Any] = next((x for x in view["seats"] if x["seat"] == view.get("seat")), {})
        big = (options.call or 0) * 5 >= int(me.get("stack") or 0) + int(me.get("in_pot") or 0)
        trials = self.defend_trials
        verdict = judge(view, options, self.reads, self.range_share(view, trials))
        pot = int(view.get("pot") or 0)
        close = abs(verdict.call_ev) < 0.06 * (pot + (options.call or 0))
        if big and close:  # a big call close to its price: look again, four times as closely
            more = self.range_share(view, 3 * trials)
            verdict = judge(view, options, self.reads, (verdict.share + 3 * more) / 4)
        if options.raise_range is not None and self.may_raise(view) and verdict.raise_ok:
            return sized(options, self._top_bet(view) + max(int(pot * verdict.share), 1))
        if verdict.call_ev > (0.0 if big else 0.01) * (pot + (options.call or 0)) or not options.fold:
            return "call"
        return "fold"

    # -- judging the hand ---------------------------------------------------------------------------
    def strength(self, view: View) -> float:
        """The hand's worth on the category scale (0 high card .. 8 straight flush), lows included."""
        game = game_of(view)
        usable = usable_cards(view, game)
        value = float(made_category(usable))
        if view["cards"]:
            value += 0.6 * max(Card(c).rank for c in view["cards"]) / 12
        if plays_low(view):
            rule, qualifier = low_rule(view)
            top = low_top(usable, rule, qualifier)
            if top is not None:
                value = max(value, game.par + 0.5 * (8 - top))
        return value

    def margin(self, view: View) -> float:
        """How far the hand is above (positive) or below the par for what has been seen."""
        game = game_of(view)
        return self.strength(view) - game.par * progress(view, game)

    # -- decisions -------------------------------------------------------------------------------------
    def choose_bet(self, view: View, options: LegalOptions) -> str:
        if options.call:
            return self.defend(view, options)
        pot = int(view.get("pot") or 0)
        if options.raise_range is None or not self.may_raise(view):
            return passive(options)
        sticky = 1.0 - self.fold_odds(view)  # 1 against players who never fold
        strong = self.margin(view) >= 1.0
        if strong or sticky >= 0.5:  # against a calling station any hand well ahead is a value bet
            share = self.range_share(view, self.value_trials)
            if share >= raise_bar(view, self.reads, 0.1 if strong else 0.3):
                extra = sticky * max(0.0, share - 0.5) * 2  # bigger against those who call anything
                return sized(options, self._top_bet(view) + max(int(pot * (0.5 + extra)), 1))
        if options.check and self.rng.random() < self.bluff * self.fold_odds(view):
            return sized(options, self._top_bet(view) + max(pot // 2, 1))
        return passive(options)

    def fold_odds(self, view: View) -> float:
        """How much a bluff is worth trying, 0..1: 1 while the seldom-folding opponent folds like an
        ordinary player (or is not known yet), 0 once it is seen folding half as often (a calling
        station, a maniac)."""
        folds = min((self.reads.folding(int(s["seat"])) for s in opponents(view)), default=0.0)
        return min(1.0, max(0.0, (folds - PRIOR_FOLDS / 2) / (PRIOR_FOLDS / 2)))

    def choose_pass(self, view: View, count: int) -> list[str]:
        return least_useful_first(list(view["cards"]), low=plays_low(view))[:count]

    def choose_expose(self, view: View) -> str:
        hidden = face_down(view)
        if not hidden:
            raise BotError(f"seat {view.get('seat')} has no face-down card to expose")
        return expose_choice(hidden, others_up(view))

    def choose_arrange(self, view: View) -> list[str]:
        return least_useful_first(list(view["cards"]), low=plays_low(view))

    def choose_declare(self, view: View, allowed: Sequence[str]) -> str:
        """The side it is likelier to win (a quick sample of the showdown); both only when it is a
        strong favourite both ways."""
        high, low = side_chances(view, self.declare_trials, seed=self.rng.randrange(2**31))
        if high >= 0.85 and low >= 0.85 and "both" in allowed:
            return "both"
        choice = "low" if low > high else "high"
        return choice if choice in allowed else allowed[0]

    def shape_declare(self, view: View, allowed: Sequence[str]) -> str:
        """Declaring by the hand's shape alone: high with a real high hand, low with a good low, both
        with both."""
        usable = usable_cards(view, game_of(view))
        high = made_category(usable)
        rule, qualifier = low_rule(view)
        top = low_top(usable, rule, qualifier)
        if top is not None and top <= 7 and high >= 4 and "both" in allowed:
            choice = "both"
        elif high >= 2 or top is None:
            choice = "high"
        else:
            choice = "low"
        return choice if choice in allowed else allowed[0]

    def may_raise(self, view: View) -> bool:
        """Raise at all only while its own bet this round is under two big bets: no endless raise wars."""
        return self._my_bet(view) < 2 * big_bet(view)

    @staticmethod
    def _my_bet(view: View) -> int:
        me = view.get("seat")
        return next((int(s.get("bet") or 0) for s in view["seats"] if s["seat"] == me), 0)

    @staticmethod
    def _top_bet(view: View) -> int:
        return max((int(s.get("bet") or 0) for s in view["seats"]), default=0)
