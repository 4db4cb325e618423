"""What a bot learns about its opponents from the hand logs in the views it is shown.

A bot sees ``view["log"]`` each time it acts. :class:`Reads` reads the lines it has not read yet and
counts, per opponent seat, how many betting decisions it saw that seat make and how many of them were
bets or raises (all-in ones apart), in how many betting rounds it acted and how many of those it bet
or raised in, and in how many hands it acted and how many of those it moved all in. From these it
guesses how wide a range an opponent's bet stands for: the share of the rounds it acted in where it
bet or raised (for an all-in, the share of its hands where it moved all in). A big bet from an unknown
player is taken as a strong range (the top 11% of holdings for a shove of 100 big blinds); the guess
widens towards every holding as the player is seen betting every round or shoving every hand (a
maniac's shove means little) and narrows as the player is seen to do it seldom.

>>> reads = Reads()
>>> log = ["Seat 0 posts the small blind 1", "Seat 1 posts the big blind 2", "Seat 0 raises to 200 and is all in"]
>>> reads.read({"seat": 1, "button": 0, "cards": ["2c", "7d"], "log": log})
>>> reads.aggression(0)  # nothing known yet from finished hands
0.1
>>> reads.read({"seat": 1, "button": 0, "cards": ["Ks", "Qd"], "log": log[:2]})  # the next hand
>>> reads.stats[0].decisions, reads.stats[0].aggressive
(1, 1)
>>> round(reads.aggression(0), 2)
0.25
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, field, replace
from functools import lru_cache
from typing import Any

from homegame.bots.base import View, big_bet

_LINE = re.compile(r"Seat (\d+) (folds|checks|calls|bets|raises|completes)\b(.*)")

#: How many decisions' worth of weight the prior guess of an opponent's aggression carries.
PRIOR_WEIGHT = 5.0
#: The prior share of an unknown opponent's betting decisions that are bets or raises.
PRIOR_AGGRESSION = 0.1
#: The prior share of an unknown opponent's betting decisions that are folds.
PRIOR_FOLDS = 0.3
#: How many hands' worth of weight the prior guess of a bet's range carries.
PRIOR_HANDS = 3.0
#: The narrowest range a bet is taken to stand for.
NARROWEST = 0.04


@dataclass
class SeatStats:
    """One opponent seat's betting decisions seen so far."""

    decisions: int = 0
    aggressive: int = 0
    all_in: int = 0
    folds: int = 0
    rounds: int = 0  # betting rounds it acted in
    rounds_aggressive: int = 0  # ... and bet or raised in
    hands: int = 0  # hands it acted in
    hands_all_in: int = 0  # ... and moved all in (by a bet or raise)


@dataclass
class HandTally:
    """The other seats' betting decisions in one hand's log, counted line by line as the log grows: a bot
    reads the whole log at every turn, and only the lines it has not counted yet are new (a new betting
    round starts after any line that is not a betting decision or a blind)."""

    me: Any = None
    seats: dict[int, SeatStats] = field(default_factory=dict)
    lines: int = 0  # how many of the log's lines are counted
    round_no: int = 0
    between: bool = False
    acted: set[tuple[int, int]] = field(default_factory=set)  # (seat, round) where the seat decided
    raised: set[tuple[int, int]] = field(default_factory=set)  # ... and bet or raised

    def copy(self) -> HandTally:
        """A tally that counts on apart from this one."""
        return HandTally(self.me, {seat: replace(s) for seat, s in self.seats.items()}, self.lines, self.round_no,
                         self.between, set(self.acted), set(self.raised))

    def feed(self, log: list[str]) -> None:
        """Count the lines of ``log`` (the same hand's log, grown) after those already counted."""
        for line in log[self.lines:]:
            decision = _decision(line)
            if decision is None:
                self.between = self.between or " posts " not in line
                continue
            if self.between:
                self.round_no, self.between = self.round_no + 1, False
            who, verb, all_in = decision
            if who == self.me:
                continue
            seat = self.seats.get(who)
            if seat is None:
                seat = self.seats[who] = SeatStats(hands=1)
            seat.decisions += 1
            if (who, self.round_no) not in self.acted:
                self.acted.add((who, self.round_no))
                seat.rounds += 1
            if verb in ("bets", "raises", "completes"):
                seat.aggressive += 1
                if (who, self.round_no) not in self.raised:
                    self.raised.add((who, self.round_no))
                    seat.rounds_aggressive += 1
                if all_in:
                    seat.all_in += 1
                    seat.hands_all_in = 1
            elif verb == "folds":
                seat.folds += 1
        self.lines = len(log)


@dataclass
class Reads:
    """Per-opponent counts across the hands a bot has seen (keyed by seat number).

    The counts are of finished hands only: the hand being played says nothing yet about how often a
    player bets (a shove now is not evidence that this player shoves every hand).
    """

    stats: dict[int, SeatStats] = field(default_factory=dict)
    _hand: HandTally = field(default_factory=HandTally)
    _log: list[str] = field(default_factory=list)
    _key: tuple[Any, ...] = ()
    _cards: frozenset[str] = frozenset()

    def __deepcopy__(self, memo: dict[int, Any]) -> Reads:
        """A copy whose counts go on apart from these (the log's lines, the key and the cards are immutable
        and shared); several times faster than walking the dataclasses."""
        return Reads({seat: replace(s) for seat, s in self.stats.items()}, self._hand.copy(), self._log,
                     self._key, self._cards)

    def read(self, view: View) -> None:
        """Take in ``view["log"]``; when it is a new hand's, the last hand's counts join the totals."""
        log = list(map(str, view.get("log") or ()))
        key = (view.get("button"), len(view.get("seats") or ()), view.get("game"))
        cards = frozenset(map(str, view.get("cards") or ()))
        known = len(self._log)
        same = (key == self._key and bool(cards & self._cards) and len(log) >= known
                and log[:known] == self._log)  # some of the same cards, the log goes on
        if not same:
            for seat, counts in self._hand.seats.items():
                total = self.stats.setdefault(seat, SeatStats())
                total.decisions += counts.decisions
                total.aggressive += counts.aggressive
                total.all_in += counts.all_in
                total.folds += counts.folds
                total.rounds += counts.rounds
                total.rounds_aggressive += counts.rounds_aggressive
                total.hands += counts.hands
                total.hands_all_in += counts.hands_all_in
        me = view.get("seat")
        if not same or me != self._hand.me:
            self._hand = HandTally(me)
        self._hand.feed(log)
        self._log, self._key, self._cards = log, key, cards

    def aggression(self, seat: int) -> float:
        """The share of ``seat``'s betting decisions that were bets or raises, shrunk towards the prior."""
        s = self.stats.get(seat, SeatStats())
        return (s.aggressive + PRIOR_AGGRESSION * PRIOR_WEIGHT) / (s.decisions + PRIOR_WEIGHT)

    def folding(self, seat: int) -> float:
        """The share of ``seat``'s betting decisions that were folds, shrunk towards the prior."""
        s = self.stats.get(seat, SeatStats())
        return (s.folds + PRIOR_FOLDS * PRIOR_WEIGHT) / (s.decisions + PRIOR_WEIGHT)

    def width(self, view: View, seat: int) -> float:
        """How wide a range (the top fraction of holdings, 0..1) ``seat`` is taken to hold now.

        A seat that has bet or raised in this hand holds the share of the betting rounds it acted in
        where it bet or raised (when it shoved, all in for far more than a pot-sized raise: of the hands it
        acted in where it moved all in),
        shrunk towards a prior that narrows with what it has put in (in big bets): half of all holdings
        for one bet, the top 11% for an all-in of 100 big blinds. A seat that only called holds most
        hands (70%, more for one seen to fold seldom), one that only checked any.
        """
        entry = next((s for s in view.get("seats") or () if s["seat"] == seat), None)
        if entry is None:
            return 1.0
        acted = _this_hand(view, seat)
        if acted == "aggressive":
            unit = max(1, big_bet(view))
            size = int(entry.get("in_pot") or 0) / unit
            prior = max(0.08, min(0.5, 0.6 / (1.0 + math.log2(1.0 + size) / 1.5)))
            s = self.stats.get(seat, SeatStats())
            bet = int(entry.get("bet") or 0)
            if entry.get("all_in") and bet > 3.5 * (int(view.get("pot") or 0) - bet):  # a shove, not a bet
                seen = (s.hands_all_in + PRIOR_HANDS * prior) / (s.hands + PRIOR_HANDS)
            else:
                seen = (s.rounds_aggressive + PRIOR_HANDS * prior) / (s.rounds + PRIOR_HANDS)
            return min(1.0, max(NARROWEST, seen))
        if acted == "called":
            return max(0.7, 1.0 - self.folding(seat))
        return 1.0


@lru_cache(maxsize=4096)
def _decision(line: str) -> tuple[int, str, bool] | None:
    """A log line's betting decision: the seat, its verb and whether it went all in; ``None`` for any
    other line. Cached: a bot reads the whole hand's log at every turn, so each line comes back often."""
    m = _LINE.match(line)
    return None if m is None else (int(m.group(1)), m.group(2), "all in" in m.group(3))


def _this_hand(view: View, seat: int) -> str:
    """``aggressive`` when ``seat`` bet or raised in this hand, else ``called``, else ``passive``."""
    out = "passive"
    for line in view.get("log") or ():
        decision = _decision(str(line))
        if decision is None or decision[0] != seat:
            continue
        if decision[1] in ("bets", "raises", "completes"):
            return "aggressive"
        if decision[1] == "calls":
            out = "called"
    return out
