"""The betting state of one hand: a record that only :mod:`homegame.rules.betting` writes.

The hand holds one (``hand.betting``); everyone else reads it. The amounts follow Robert's Rules
(RULES.md §1.4); reopening is judged per player (:func:`homegame.rules.betting.amounts.reopened`).
"""

from __future__ import annotations


class Betting:
    """Who has bet what this round, what it takes to call and to raise, and the forced bets' seats.

    - ``bets``: each seat's chips in front of it this round;
    - ``high``: the amount every seat must match (a short big blind or bring-in still counts in full);
    - ``level``: the last *full* bet or raise (0 when nobody has made one yet);
    - ``last_raise``: the size of the last full bet or raise, the smallest raise in pot-/no-limit;
    - ``raises``: full bets and raises so far, for the fixed-limit cap (the big blind is the first);
      ``capped`` once the cap was reached with three or more players not all in;
    - ``bet_unit``: this round's fixed-limit bet, or the pot-/no-limit minimum bet;
    - ``bring_in_open``: a stud bring-in is owed or out and nobody has completed it yet;
      ``bring_in_due``: the stud low card while it has yet to choose between posting the bring-in
      (``call``) and completing (``bet``); it may not fold (-1 otherwise);
    - ``seq``: bumped at each full bet or raise; ``seen_seq`` and ``faced``: per seat, the ``seq`` and the
      amount to match when it last acted; ``acted``: per seat, it has acted this round;
    - ``free``: seats still in with chips, kept during a round; ``in_round``: a round is open;
    - ``need_openers``: a jacks-or-better round nobody has opened yet;
    - ``aggressor``: the last seat to bet or raise in the current (or last) round;
    - ``offer``: (actions so far, seat, bet/raise range) from the last ``legal()``, the same while no
      action has been taken since;
    - ``blinds_due``: the blinds open the next round; ``sb_seat``, ``bb_seat``, ``straddle_seat``: who
      posted them (-1: nobody);
    - ``limit``, ``pot_limit``: the structure, read at every decision.
    """

    __slots__ = ("bets", "high", "level", "last_raise", "raises", "capped", "bet_unit", "bring_in_open",
                 "bring_in_due", "seq", "seen_seq", "faced", "acted", "free", "in_round", "need_openers",
                 "aggressor", "offer", "blinds_due", "sb_seat", "bb_seat", "straddle_seat", "limit", "pot_limit")

    def __init__(self, players: int, structure: str) -> None:
        self.bets = [0] * players
        self.high = self.level = self.last_raise = self.raises = self.seq = self.bet_unit = 0
        self.capped = self.bring_in_open = False
        self.bring_in_due = -1
        self.acted = [False] * players
        self.faced = [0] * players
        self.seen_seq = [0] * players
        self.free = 0
        self.in_round = False
        self.need_openers = False
        self.aggressor = -1
        self.offer: tuple[int, int, tuple[int, int] | None] | None = None
        self.blinds_due = False
        self.sb_seat = self.bb_seat = self.straddle_seat = -1
        self.limit = structure == "fixed-limit"
        self.pot_limit = structure == "pot-limit"

    def __repr__(self) -> str:
        return (f"<Betting bets={self.bets} high={self.high} level={self.level} raises={self.raises} "
                f"in_round={self.in_round}>")
