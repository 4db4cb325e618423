"""Carrying out a betting move: reading it (as text), then fold, check, call, bet or raise, and posting a
forced bet. Each move changes the betting state, appends its event and returns its normalised text for
the history; validation comes first, so a refused move changes nothing."""

from __future__ import annotations

from typing import TYPE_CHECKING

from homegame.rules.betting.amounts import NUMBERS, legal, offered_range
from homegame.rules.errors import IllegalAction
from homegame.rules.events import NO_EXTRA, Event, new_event

if TYPE_CHECKING:
    from homegame.rules.state import HandState


def said(h: HandState, s: int, action: str) -> str | None:
    """Carry out ``action`` when it is written as :func:`legal` writes it (``fold``, ``check``, ``call``
    with or without its cost, ``bet N`` / ``raise N`` with the total in digits) and allowed now: its
    normalised text, as :func:`act` would return. None, with nothing changed, for anything else, which
    :func:`act` then parses in full (and refuses, saying why). The common case costs no parsing.
    """
    b = h.betting
    owe = b.high - b.bets[s]
    if action == "check":
        return check(h, s) if owe <= 0 else None
    if action == "fold":
        return fold(h, s) if owe > 0 and s != b.bring_in_due else None
    verb, _, amount = action.partition(" ")
    if verb == "call":
        if owe <= 0:
            return None
        stack = h.stacks[s]
        pay = owe if owe < stack else stack
        return call(h, s, pay) if not amount or amount == (NUMBERS[pay] if pay < 1000 else str(pay)) else None
    if (verb != "raise" and verb != "bet") or not (amount.isascii() and amount.isdigit()):
        return None
    rng = offered_range(h, s)
    if rng is None:
        return None
    total = int(amount)
    return wager(h, s, total) if rng[0] <= total <= rng[1] else None


def act(h: HandState, s: int, verb: str, args: list[str]) -> str:
    """Validate and carry out one betting action; return its normalised text. Raises IllegalAction
    (the hand unchanged) when it is not allowed."""
    b = h.betting
    owe = b.high - b.bets[s]
    if args and verb in ("fold", "check"):
        raise IllegalAction(f"{verb!r} takes no amount; legal now: {', '.join(legal(h, s))}")
    if verb == "fold":
        if owe <= 0:
            raise IllegalAction(f"seat {s} may check for free, so folding is not allowed; legal now: "
                                f"{', '.join(legal(h, s))}")
        if s == b.bring_in_due:
            raise IllegalAction(f"seat {s} has the low card and must bring in ('call') or complete ('bet'); "
                                f"legal now: {', '.join(legal(h, s))}")
        return fold(h, s)
    if verb == "check":
        if owe > 0:
            raise IllegalAction(f"seat {s} cannot check: it owes {min(owe, h.stacks[s])} to call; legal now: "
                                f"{', '.join(legal(h, s))}")
        return check(h, s)
    if verb == "call":
        if owe <= 0:
            raise IllegalAction(f"seat {s} has nothing to call; legal now: {', '.join(legal(h, s))}")
        pay = min(owe, h.stacks[s])
        if args and (len(args) != 1 or args[0] != str(pay)):
            raise IllegalAction(f"'call' takes no amount or the exact cost; legal now: {', '.join(legal(h, s))}")
        return call(h, s, pay)
    if verb not in ("bet", "raise"):
        raise IllegalAction(f"{verb!r} is not a betting action; legal now: {', '.join(legal(h, s))}")
    rng = offered_range(h, s)
    if rng is None:
        raise IllegalAction(f"seat {s} may not bet or raise now; legal now: {', '.join(legal(h, s))}")
    lo, hi = rng
    if not args:
        if not b.limit:
            raise IllegalAction(f"say the total: '{verb} N' with N from {lo} to {hi}")
        total = lo
    else:
        if len(args) != 1 or not (args[0].isascii() and args[0].isdigit()):
            raise IllegalAction(f"{verb} needs one whole number, the total of the seat's bet this round, "
                                f"from {lo} to {hi}; got {' '.join(args)!r}")
        total = int(args[0])
        if not lo <= total <= hi:
            what = f"exactly {lo}" if lo == hi else f"any total from {lo} to {hi}"
            raise IllegalAction(f"seat {s} may {'bet' if b.high == 0 else 'raise'} to {what}, not {total}; "
                                f"legal now: {', '.join(legal(h, s))}")
    return wager(h, s, total)


# The four moves, once validated (by act() from text, by Hand.apply from a record).

def fold(h: HandState, s: int) -> str:
    """The seat folds."""
    b = h.betting
    h.folded[s] = True
    h.live -= 1
    b.free -= 1
    b.acted[s] = True
    b.faced[s] = b.high
    b.seen_seq[s] = b.seq
    h._log.append(new_event(Event, ("fold", s, "Seat {} folds", (s,), NO_EXTRA)))  # as Hand.log(), without the call
    return "fold"


def check(h: HandState, s: int) -> str:
    """The seat checks."""
    b = h.betting
    b.acted[s] = True
    b.faced[s] = b.high
    b.seen_seq[s] = b.seq
    h._log.append(new_event(Event, ("check", s, "Seat {} checks", (s,), NO_EXTRA)))
    return "check"


def call(h: HandState, s: int, pay: int) -> str:
    """The seat calls ``pay`` chips (or brings in for them)."""
    b = h.betting
    left = h.stacks[s] = h.stacks[s] - pay
    b.bets[s] += pay
    h.totals[s] += pay
    if left == 0:
        b.free -= 1
    b.acted[s] = True
    b.faced[s] = b.high
    b.seen_seq[s] = b.seq
    all_in = "" if left else " and is all in"
    if s == b.bring_in_due:
        b.bring_in_due = -1
        b.faced[s] = 0  # a forced bet, like a blind: any full bet over it reopens the betting for it
        h._log.append(new_event(Event, ("bring-in", s, "Seat {} brings in for {}{}", (s, pay, all_in), NO_EXTRA)))
    else:
        h._log.append(new_event(Event, ("call", s, "Seat {} calls {}{}", (s, pay, all_in), NO_EXTRA)))
    return "call"


def wager(h: HandState, s: int, total: int) -> str:
    """The seat bets or raises to ``total`` (or completes a bring-in)."""
    b = h.betting
    completes = s == b.bring_in_due
    opening = b.high == 0 or completes
    b.bring_in_due = -1
    chips = total - b.bets[s]  # the chips in, then the seat has acted
    left = h.stacks[s] = h.stacks[s] - chips
    b.bets[s] = total
    h.totals[s] += chips
    if left == 0:
        b.free -= 1
    _raise_to(h, total)
    b.acted[s] = True
    b.faced[s] = b.high
    b.seen_seq[s] = b.seq
    b.aggressor = s
    word = "completes to" if completes else "bets" if opening else "raises to"
    h._log.append(new_event(Event, ("bet", s, "Seat {} {} {}{}", (s, word, total, "" if left else " and is all in"),
                                    NO_EXTRA)))
    return ("bet " if opening else "raise ") + (NUMBERS[total] if total < 1000 else str(total))


def _raise_to(h: HandState, total: int) -> None:
    """Raise the amount to match to ``total``; decide whether it is a full bet or raise."""
    b = h.betting
    if total <= b.high:
        return
    if b.limit:
        size = b.bet_unit
        full = 2 * (total - b.level) >= size
        if full:
            b.level = total
            b.raises += 1
            b.seq += 1
            if b.raises >= 4 and b.free >= 3:
                b.capped = True
    elif b.bring_in_open:
        if total >= b.bet_unit:  # the completion is the round's first full bet
            b.bring_in_open = False
            b.last_raise = total
            b.level = total
            b.seq += 1
    elif total - b.high >= b.last_raise:
        b.last_raise = total - b.high
        b.level = total
        b.seq += 1
    b.high = total


def post(h: HandState, s: int, amount: int, *, live: bool) -> int:
    """Post a forced bet of up to ``amount`` (all in for less if short). ``live`` bets count in the
    round's bets (blinds, bring-in); antes go straight to the pot. Returns the chips posted."""
    pay = min(amount, h.stacks[s])
    h.stacks[s] -= pay
    h.totals[s] += pay
    if live:
        h.betting.bets[s] += pay
    return pay
