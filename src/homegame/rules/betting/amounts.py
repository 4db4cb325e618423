"""What a seat may do in a betting round: the amounts to call, bet and raise, as text and as records.

Reopening is judged per player (:func:`reopened`): in fixed-limit a seat that has acted may raise again
once a full wager was made since and it faces at least half a bet more than it acted on; in pot- and
no-limit once a full raise was made since or the all-ins since add up to one.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from homegame.cards import Card
from homegame.evaluate import evaluate
from homegame.rules.action import CHECK, FOLD, Option

if TYPE_CHECKING:
    from homegame.rules.state import HandState
    from homegame.rules.step import Step


def raise_range(h: HandState, s: int) -> tuple[int, int] | None:
    """The smallest and largest total a bet or raise by the seat may come to, or None if it may not."""
    b = h.betting
    stacks, bets, high = h.stacks, b.bets, b.high
    stack, mine = stacks[s], bets[s]
    if stack <= high - mine:
        return None
    limit = b.limit
    if b.acted[s] and not reopened(h, s):
        return None  # not reopened since the seat acted
    if b.need_openers and high == 0 and not holds_openers(h, s):
        return None  # jacks or better to open
    if limit and b.raises >= 4 and (b.capped or b.free >= 3):
        # a bet and three raises at most while three or more players not all in are in the pot;
        # once reached, a fold that leaves two heads-up does not lift the cap (Robert's Rules)
        return None
    # a raise must be one somebody else could put more chips against
    folded = h.folded
    for o in range(h.players):
        if o != s and not folded[o] and stacks[o] + bets[o] > high:
            break
    else:
        return None
    most = stack + mine
    if limit:
        size = b.bet_unit
        target = b.level + size
        if target <= high:  # cannot happen with sane stakes; keep raises moving up
            target = high + size
        t = target if target < most else most
        return t, t
    # a raise is at least the last full bet or raise over the amount to match (completing a short
    # all-in is for fixed-limit only); a stud bring-in is completed to the smallest bet
    least = b.bet_unit if b.bring_in_open else high + b.last_raise
    if least <= high:
        least = high + 1
    if b.pot_limit:
        top = high + sum(h.totals) + (high - mine)
        top = min(max(top, least), most)
    else:
        top = most
    return (least if least < most else most), top


def holds_openers(h: HandState, s: int) -> bool:
    """The seat holds a pair of jacks or better (jackpots: what it takes to open the betting).

    >>> import homegame as hg
    >>> g = hg.game("five-card-draw", openers="jacks")
    >>> h = g.deal([50, 50], stakes=hg.Stakes("fixed-limit", ante=1, small_bet=2, big_bet=4),
    ...            hole={0: "Jc Jd 4h 5s 9c", 1: "Tc Td Ah Ks Qc"})
    >>> holds_openers(h, 0), holds_openers(h, 1)
    (True, False)
    """
    ranks = Counter(c >> 2 for c in h.cards[s])
    if any(n >= 2 and r >= 9 for r, n in ranks.items()):
        return True

    return len(h.cards[s]) >= 5 and evaluate([Card(c) for c in h.cards[s]]).category not in ("high card",
                                                                                              "one pair")


def reopened(h: HandState, s: int) -> bool:
    """Whether the betting is reopened for a seat that has acted this round: judged per player by the
    wager it now faces over what it last acted on (Robert's Rules, betting and raising rule 6; no-limit
    rule 3). Fixed-limit: a full bet or raise has been made since, and what the seat faces is at least
    half a bet (short all-ins add up, but one that is short *for this player* reopens nothing for it, even
    if it completes a full raise over the last full wager for others). Pot- and no-limit: a full raise
    has been made since, or the all-ins since add up to one."""
    b = h.betting
    more = b.high - b.faced[s]
    if b.limit:
        return b.seen_seq[s] < b.seq and 2 * more >= b.bet_unit
    return b.seen_seq[s] < b.seq or more >= b.last_raise


def legal(h: HandState, s: int, step: Step | None = None) -> list[str]:
    """The seat's legal betting actions, as text (``step``, the round's, is not needed: :class:`Bet` passes it)."""
    b = h.betting
    high = b.high
    owe = high - b.bets[s]
    rng = raise_range(h, s)
    b.offer = (len(h.actions), s, rng)  # said() and act() reuse it while nothing has happened since
    if owe > 0:
        stack = h.stacks[s]
        pay = owe if owe < stack else stack
        call = "call " + (NUMBERS[pay] if pay < 1000 else str(pay))
        out = [call] if s == b.bring_in_due else ["fold", call]
    else:
        out = ["check"]
    if rng is not None:
        verb = "bet " if high == 0 or s == b.bring_in_due else "raise "
        lo, hi = rng
        least = NUMBERS[lo] if lo < 1000 else str(lo)
        out.append(verb + least if lo == hi else f"{verb}{least}..{NUMBERS[hi] if hi < 1000 else hi}")
    return out


NUMBERS = tuple(map(str, range(1000)))  # the amounts below 1000 as text, written once for every legal()


def options(h: HandState, s: int, step: Step | None = None) -> tuple[Option, ...]:
    """The seat's legal betting actions as records (the same ones as :func:`legal`, in its order)."""
    b = h.betting
    owe = b.high - b.bets[s]
    rng = raise_range(h, s)
    opening = b.high == 0 or s == b.bring_in_due
    if owe > 0:
        stack = h.stacks[s]
        pay = owe if owe < stack else stack
        call = _record(Option, ("call", pay, pay, ""))
        if rng is None:
            return (call,) if s == b.bring_in_due else (FOLD, call)
        wager = _record(Option, ("bet" if opening else "raise", rng[0], rng[1], ""))
        return (call, wager) if s == b.bring_in_due else (FOLD, call, wager)
    if rng is None:
        return (CHECK,)
    return CHECK, _record(Option, ("bet" if opening else "raise", rng[0], rng[1], ""))


_record = tuple.__new__  # an Option from its four fields at C speed (NamedTuple's own __new__ is Python)


def offered_range(h: HandState, s: int) -> tuple[int, int] | None:
    """:func:`raise_range` for the seat, taken from the last :func:`legal` when nothing has happened since."""
    offer = h.betting.offer
    if offer is not None and offer[0] == len(h.actions) and offer[1] == s:
        return offer[2]
    return raise_range(h, s)
