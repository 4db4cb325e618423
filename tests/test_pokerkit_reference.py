"""Robert's Rules of Poker on who may bet or raise, and to what, as a small independent model that the
PokerKit differential tests judge homegame's bet/raise options by; its tests are Robert's Rules' own
worked examples (betting and raising rule 6; no-limit rules 3-4)."""

from __future__ import annotations


class RaiseReference:
    """Who may bet or raise, and to what, by Robert's Rules of Poker (betting and raising, rules 3-6;
    no-limit rules 2-3): an independent model the engine's raises are judged by.

    Fixed-limit: the cap is a bet and three raises while three or more players not all in are in the
    pot (the big blind is the bet; the completion of a stud bring-in is the bet); it is lifted when the
    action is heads-up before the cap is reached and stays once reached. An all-in of half a bet or more
    counts as a full bet and reopens the betting; less reopens nothing, and a player who may raise
    raises to the last full wager plus a bet ("complete the wager"). Reopening is judged per player
    (rule 6: several all-ins reopen "if the resulting wager size to a player qualifies as a raise"): a
    player who has acted may raise again only if a full wager was made since and what it now faces over
    what it acted on is at least half a bet. Posting the stud bring-in is a forced bet, like a blind.

    No-limit and pot-limit: a bet is at least the minimum bet, a raise at least the last full bet or raise (so facing
    an all-in bet below the minimum, a raise is to that all-in plus the minimum bet: completing is for
    limit poker only); an all-in short of that does not reopen the betting for a player who has acted,
    unless the all-ins since that player acted add up to a full raise. Pot-limit: the largest raise
    makes the bet the pot after the call (no-limit rules, introduction).
    """

    def __init__(self, structure: str) -> None:
        self.limit = structure == "fixed-limit"
        self.pot_limit = structure == "pot-limit"
        self.size = self.level = self.high = self.full = 0
        self.capped = False
        self.acted: dict[int, int] = {}  # seat -> the amount to match it last acted on
        self.before: dict[int, int] = {}  # fixed-limit: the same for seats that acted before the last full wager

    def start(self, size: int, *, big_blind: int = 0, bring_in: int = 0) -> None:
        """A new round: ``size`` is the fixed-limit bet or the no-limit minimum bet; ``bring_in``: the
        stud bring-in the low card owes (it acts first: posting it is a call, completing it the bet)."""
        self.size, self.capped, self.acted, self.before = size, False, {}, {}
        self.level = self.high = big_blind
        self.full = 1 if big_blind else 0
        self.last = size  # no-limit: the size of the last full bet or raise
        if bring_in:
            self.high = bring_in

    def raised(self, seat: int, total: int, live_players: int) -> None:
        """``live_players``: players still in who are not all in, after the raise."""
        if self.limit:
            full = 2 * (total - self.level) >= self.size
            if full:
                self.level = total
                self.full += 1
                if self.full >= 4 and live_players >= 3:
                    self.capped = True
        else:
            full = total - self.high >= self.last
            if full:
                self.last = total - self.high
        if full:
            self.before.update(self.acted)
            self.acted = {}
        self.high = max(self.high, total)
        self.acted[seat] = self.high
        self.before.pop(seat, None)

    def called(self, seat: int, *, forced: bool = False) -> None:
        """``forced``: the stud low card posts the bring-in (it has acted on nothing yet)."""
        self.acted[seat] = 0 if forced else self.high
        self.before.pop(seat, None)

    def reopened(self, seat: int) -> bool:
        """The seat may raise: it has not acted since the last full wager, or all-ins since add up to
        a full one."""
        if self.limit:
            if seat in self.acted:
                return False
            return seat not in self.before or 2 * (self.high - self.before[seat]) >= self.size
        if seat not in self.acted:
            return True
        return self.high - self.acted[seat] >= self.last

    def raise_range(self, seat: int, stack: int, bet: int, others_can_bet: bool,
                    pot: int = 0) -> tuple[int, int] | None:
        """The smallest and largest total the seat may bet or raise to, or None. ``pot``: every chip in
        the middle, this round's bets included (pot-limit)."""
        if self.capped or not self.reopened(seat) or stack <= self.high - bet or not others_can_bet:
            return None
        most = stack + bet
        if self.limit:
            least = min(self.level + self.size, most)
            return least, least
        least = min(self.high + self.last, most)
        if self.pot_limit:
            most = min(most, max(least, self.high + pot + (self.high - bet)))
        return least, most


def test_limit_half_bet_all_in_is_a_full_bet() -> None:
    """Rule 6: on a $20 round a full raise over a $15 all-in bet is to $35, and it reopens the betting."""
    ref = RaiseReference("fixed-limit")
    ref.start(20)
    ref.called(0)  # seat 0 checks
    ref.raised(1, 15, live_players=3)  # seat 1 bets all in for 15
    assert ref.raise_range(2, stack=100, bet=0, others_can_bet=True) == (35, 35)
    assert ref.raise_range(0, stack=100, bet=0, others_can_bet=True) == (35, 35)


def test_limit_short_all_in_is_completed_and_does_not_reopen() -> None:
    """Rule 6: an all-in of less than half a bet does not reopen the betting for a player who acted; a
    player yet to act may complete the wager."""
    ref = RaiseReference("fixed-limit")
    ref.start(20)
    ref.raised(0, 20, live_players=3)
    ref.raised(1, 25, live_players=2)  # all in, 5 more: under half a bet
    assert ref.raise_range(2, stack=100, bet=0, others_can_bet=True) == (40, 40)
    ref.called(2)
    assert ref.raise_range(0, stack=100, bet=20, others_can_bet=True) is None


def test_limit_all_ins_are_judged_per_player() -> None:
    """Rule 6: a bet of 10, an all-in raise to 14, a call, an all-in to 18: a full raise over the bet for
    its maker (8 more, half a bet or more), but 4 more, under half a bet, for the player who called 14."""
    ref = RaiseReference("fixed-limit")
    ref.start(10)
    ref.raised(0, 10, live_players=4)
    ref.raised(1, 14, live_players=3)
    ref.called(2)
    ref.raised(3, 18, live_players=2)
    assert ref.raise_range(0, stack=490, bet=10, others_can_bet=True) == (28, 28)
    ref.called(0)
    assert ref.raise_range(2, stack=486, bet=14, others_can_bet=True) is None


def test_limit_cap_stays_once_reached() -> None:
    """Rules 3-4: a bet and three raises with three or more players; a later fold does not lift it."""
    ref = RaiseReference("fixed-limit")
    ref.start(2, big_blind=2)
    for seat, total in [(0, 4), (1, 6), (2, 8)]:
        ref.raised(seat, total, live_players=3)
    assert ref.raise_range(0, stack=100, bet=4, others_can_bet=True) is None
    assert ref.capped


def test_no_limit_raise_over_a_short_all_in() -> None:
    """No-limit rule 4: a bet of $100 and an all-in for $140: a raise is to at least $240."""
    ref = RaiseReference("no-limit")
    ref.start(10)
    ref.raised(0, 100, live_players=3)
    ref.raised(1, 140, live_players=2)
    assert ref.raise_range(2, stack=1000, bet=0, others_can_bet=True) == (240, 1000)


def test_no_limit_short_all_in_does_not_reopen() -> None:
    """No-limit rule 3's example: A bets 100, B raises to 200, C is all in for less than 300 and A calls;
    B may not raise again (A could have)."""
    ref = RaiseReference("no-limit")
    ref.start(10)
    ref.raised(0, 100, live_players=3)  # A
    ref.raised(1, 200, live_players=3)  # B
    ref.raised(2, 250, live_players=2)  # C, all in
    assert ref.raise_range(0, stack=900, bet=100, others_can_bet=True) == (350, 1000)
    ref.called(0)
    assert ref.raise_range(1, stack=800, bet=200, others_can_bet=True) is None


def test_pot_limit_largest_raise() -> None:
    """No-limit and pot-limit, introduction: with $100 in the pot and a $50 bet, the next player may
    call $50 and raise $200, a total of $250."""
    ref = RaiseReference("pot-limit")
    ref.start(10)
    ref.raised(0, 50, live_players=3)
    assert ref.raise_range(1, stack=1000, bet=0, others_can_bet=True, pot=150) == (100, 250)
