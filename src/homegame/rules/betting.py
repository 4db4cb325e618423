"""Betting rounds by Robert's Rules (RULES.md §1.4): who must act, what each seat may do, and doing it.

The functions work on a :class:`~homegame.rules.hand.Hand`'s betting state:

- ``high``: the amount every seat must match this round (a short big blind or bring-in still counts
  in full);
- ``level``: the last *full* bet or raise (0 when nobody has made one yet);
- ``last_raise``: the size of the last full bet or raise, the smallest raise in pot-/no-limit;
- ``raises``: full bets and raises so far, for the fixed-limit cap (the big blind is the first);
  ``capped`` once the cap was reached with three or more players not all in;
- ``bring_in_open``: a stud bring-in is owed or out and nobody has completed it yet;
- ``bring_in_due``: the stud low card, while it has yet to choose between posting the bring-in
  (``call``, the amount to match being the bring-in) and completing to the small bet (``bet``); it may
  not fold (-1 otherwise);
- ``seq``: bumped at each full bet or raise; ``faced``: the amount to match each seat last acted on.
  Reopening is judged per player (:func:`_reopened`): in fixed-limit a seat that has acted may raise
  again once a full wager was made since and it faces at least half a bet more than it acted on; in
  pot- and no-limit once a full raise was made since or the all-ins since add up to one.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Any

from homegame.cards import Card
from homegame.evaluate import evaluate
from homegame.rules.action import CHECK, FOLD, Option
from homegame.rules.errors import IllegalAction
from homegame.rules.events import NO_EXTRA, Event, new_event
from homegame.rules.showing import best_showing, bring_in_seat
from homegame.rules.steps import Rule, words

if TYPE_CHECKING:
    from homegame.rules.hand import Hand
    from homegame.rules.spec import Step


def can_bet(h: Hand, s: int) -> bool:
    """The seat is still in and has chips."""
    return not h.folded[s] and h.stacks[s] > 0


def needs_action(h: Hand, s: int) -> bool:
    """The seat owes a betting decision now."""
    if h.folded[s] or h.stacks[s] == 0:
        return False
    if h.bets[s] < h.high:
        return True
    if h.acted[s]:
        return False
    # an unacted seat with the bet matched acts only if someone else can still bet
    return (h.free if h.in_round else free_players(h)) > 1


def next_to_act(h: Hand, start: int) -> int:
    """The first seat clockwise from ``start`` (inclusive) that owes a decision, or -1."""
    folded, stacks, bets, acted, high = h.folded, h.stacks, h.bets, h.acted, h.high
    others = h.free > 1  # an unacted seat with the bet matched acts only if another seat can still bet
    for s in h.rows[start % h.players]:
        if folded[s] or stacks[s] == 0:
            continue
        if bets[s] < high:
            return s
        if not acted[s] and others:
            return s
    return -1


def clockwise(players: int, start: int) -> tuple[int, ...]:
    """Every seat once, clockwise from ``start`` (made once per table size and start).

    >>> clockwise(4, 2)
    (2, 3, 0, 1)
    """
    try:
        return _CLOCKWISE[players][start]
    except (KeyError, IndexError):
        rows = _CLOCKWISE[players] = tuple(tuple((first + i) % players for i in range(players))
                                           for first in range(players))
        return rows[start % players]


_CLOCKWISE: dict[int, tuple[tuple[int, ...], ...]] = {}


def seat_rows(players: int) -> tuple[tuple[int, ...], ...]:
    """For each seat, every seat once clockwise from it (:func:`clockwise` of each start).

    >>> seat_rows(3)
    ((0, 1, 2), (1, 2, 0), (2, 0, 1))
    """
    clockwise(players, 0)
    return _CLOCKWISE[players]


def free_players(h: Hand) -> int:
    """How many seats are still in with chips (may still bet); during a betting round ``h.free`` holds
    it, kept up to date by folds and all-ins."""
    stacks = h.stacks
    free = 0
    for o, out in enumerate(h.folded):
        if not out and stacks[o] > 0:
            free += 1
    return free


def raise_range(h: Hand, s: int) -> tuple[int, int] | None:
    """The smallest and largest total a bet or raise by the seat may come to, or None if it may not."""
    stacks, bets, high = h.stacks, h.bets, h.high
    stack, mine = stacks[s], bets[s]
    if stack <= high - mine:
        return None
    limit = h.limit
    if h.acted[s] and not _reopened(h, s):
        return None  # not reopened since the seat acted
    if h.need_openers and h.high == 0 and not holds_openers(h, s):
        return None  # jacks or better to open
    if limit and h.raises >= 4 and (h.capped or h.free >= 3):
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
        size = h.bet_unit
        target = h.level + size
        if target <= high:  # cannot happen with sane stakes; keep raises moving up
            target = high + size
        t = target if target < most else most
        return t, t
    # a raise is at least the last full bet or raise over the amount to match (completing a short
    # all-in is for fixed-limit only); a stud bring-in is completed to the smallest bet
    least = h.bet_unit if h.bring_in_open else high + h.last_raise
    if least <= high:
        least = high + 1
    if h.pot_limit:
        top = high + sum(h.totals) + (high - mine)
        top = min(max(top, least), most)
    else:
        top = most
    return (least if least < most else most), top


def holds_openers(h: Hand, s: int) -> bool:
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


def _reopened(h: Hand, s: int) -> bool:
    """Whether the betting is reopened for a seat that has acted this round: judged per player by the
    wager it now faces over what it last acted on (Robert's Rules, betting and raising rule 6; no-limit
    rule 3). Fixed-limit: a full bet or raise has been made since, and what the seat faces is at least
    half a bet (short all-ins add up, but one that is short *for this player* reopens nothing for it, even
    if it completes a full raise over the last full wager for others). Pot- and no-limit: a full raise
    has been made since, or the all-ins since add up to one."""
    more = h.high - h.faced[s]
    if h.limit:
        return h.seen_seq[s] < h.seq and 2 * more >= h.bet_unit
    return h.seen_seq[s] < h.seq or more >= h.last_raise


def legal(h: Hand, s: int, step: Step | None = None) -> list[str]:
    """The seat's legal betting actions, as text (``step``, the round's, is not needed: :class:`Bet` passes it)."""
    owe = h.high - h.bets[s]
    rng = raise_range(h, s)
    h.offer = (len(h.actions), s, rng)  # act() reuses it while nothing has happened since
    if owe > 0:
        stack = h.stacks[s]
        pay = owe if owe < stack else stack
        call = "call " + (NUMBERS[pay] if pay < 1000 else str(pay))
        out = [call] if s == h.bring_in_due else ["fold", call]
    else:
        out = ["check"]
    if rng is not None:
        verb = "bet " if h.high == 0 or s == h.bring_in_due else "raise "
        lo, hi = rng
        least = NUMBERS[lo] if lo < 1000 else str(lo)
        out.append(verb + least if lo == hi else f"{verb}{least}..{NUMBERS[hi] if hi < 1000 else hi}")
    return out


NUMBERS = tuple(map(str, range(1000)))  # the amounts below 1000 as text, written once for every legal()


def options(h: Hand, s: int, step: Step | None = None) -> tuple[Option, ...]:
    """The seat's legal betting actions as records (the same ones as :func:`legal`, in its order)."""
    owe = h.high - h.bets[s]
    rng = raise_range(h, s)
    opening = h.high == 0 or s == h.bring_in_due
    if owe > 0:
        stack = h.stacks[s]
        pay = owe if owe < stack else stack
        call = _record(Option, ("call", pay, pay, ""))
        if rng is None:
            return (call,) if s == h.bring_in_due else (FOLD, call)
        wager = _record(Option, ("bet" if opening else "raise", rng[0], rng[1], ""))
        return (call, wager) if s == h.bring_in_due else (FOLD, call, wager)
    if rng is None:
        return (CHECK,)
    return CHECK, _record(Option, ("bet" if opening else "raise", rng[0], rng[1], ""))


_record = new_event  # an Option from its four fields at C speed (NamedTuple's own __new__ is Python)


def said(h: Hand, s: int, action: str) -> str | None:
    """Carry out ``action`` when it is written as :func:`legal` writes it (``fold``, ``check``, ``call``
    with or without its cost, ``bet N`` / ``raise N`` with the total in digits) and allowed now: its
    normalised text, as :func:`act` would return. None, with nothing changed, for anything else, which
    :func:`act` then parses in full (and refuses, saying why). The common case costs no parsing.
    """
    owe = h.high - h.bets[s]
    if action == "check":
        return check(h, s) if owe <= 0 else None
    if action == "fold":
        return fold(h, s) if owe > 0 and s != h.bring_in_due else None
    verb, _, amount = action.partition(" ")
    if verb == "call":
        if owe <= 0:
            return None
        stack = h.stacks[s]
        pay = owe if owe < stack else stack
        return call(h, s, pay) if not amount or amount == (NUMBERS[pay] if pay < 1000 else str(pay)) else None
    if (verb != "raise" and verb != "bet") or not (amount.isascii() and amount.isdigit()):
        return None
    offer = h.offer
    rng = offer[2] if offer is not None and offer[0] == len(h.actions) and offer[1] == s else raise_range(h, s)
    if rng is None:
        return None
    total = int(amount)
    return wager(h, s, total) if rng[0] <= total <= rng[1] else None


def act(h: Hand, s: int, verb: str, args: list[str]) -> str:
    """Validate and carry out one betting action; return its normalised text. Raises IllegalAction
    (the hand unchanged) when it is not allowed."""
    owe = h.high - h.bets[s]
    if args and verb in ("fold", "check"):
        raise IllegalAction(f"{verb!r} takes no amount; legal now: {', '.join(legal(h, s))}")
    if verb == "fold":
        if owe <= 0:
            raise IllegalAction(f"seat {s} may check for free, so folding is not allowed; legal now: "
                                f"{', '.join(legal(h, s))}")
        if s == h.bring_in_due:
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
    offer = h.offer
    if offer is not None and offer[0] == len(h.actions) and offer[1] == s:
        rng = offer[2]  # worked out by legal() in this same state
    else:
        rng = raise_range(h, s)
    if rng is None:
        raise IllegalAction(f"seat {s} may not bet or raise now; legal now: {', '.join(legal(h, s))}")
    lo, hi = rng
    if not args:
        if not h.limit:
            raise IllegalAction(f"say the total: '{verb} N' with N from {lo} to {hi}")
        total = lo
    else:
        if len(args) != 1 or not (args[0].isascii() and args[0].isdigit()):
            raise IllegalAction(f"{verb} needs one whole number, the total of the seat's bet this round, "
                                f"from {lo} to {hi}; got {' '.join(args)!r}")
        total = int(args[0])
        if not lo <= total <= hi:
            what = f"exactly {lo}" if lo == hi else f"any total from {lo} to {hi}"
            raise IllegalAction(f"seat {s} may {'bet' if h.high == 0 else 'raise'} to {what}, not {total}; "
                                f"legal now: {', '.join(legal(h, s))}")
    return wager(h, s, total)


# The four moves, once validated (by act() from text, by Hand.apply from a record): each changes the
# state, logs it and returns its normalised text for the history.

def fold(h: Hand, s: int) -> str:
    """The seat folds."""
    h.folded[s] = True
    h.live -= 1
    h.free -= 1
    h.acted[s] = True
    h.faced[s] = h.high
    h.seen_seq[s] = h.seq
    h._log.append(new_event(Event, ("fold", s, "Seat {} folds", (s,), NO_EXTRA)))  # Hand.log's entry, without the call
    return "fold"


def check(h: Hand, s: int) -> str:
    """The seat checks."""
    h.acted[s] = True
    h.faced[s] = h.high
    h.seen_seq[s] = h.seq
    h._log.append(new_event(Event, ("check", s, "Seat {} checks", (s,), NO_EXTRA)))
    return "check"


def call(h: Hand, s: int, pay: int) -> str:
    """The seat calls ``pay`` chips (or brings in for them)."""
    left = h.stacks[s] = h.stacks[s] - pay
    h.bets[s] += pay
    h.totals[s] += pay
    if left == 0:
        h.free -= 1
    h.acted[s] = True
    h.faced[s] = h.high
    h.seen_seq[s] = h.seq
    all_in = "" if left else " and is all in"
    if s == h.bring_in_due:
        h.bring_in_due = -1
        h.faced[s] = 0  # a forced bet, like a blind: any full bet over it reopens the betting for it
        h._log.append(new_event(Event, ("bring-in", s, "Seat {} brings in for {}{}", (s, pay, all_in), NO_EXTRA)))
    else:
        h._log.append(new_event(Event, ("call", s, "Seat {} calls {}{}", (s, pay, all_in), NO_EXTRA)))
    return "call"


def wager(h: Hand, s: int, total: int) -> str:
    """The seat bets or raises to ``total`` (or completes a bring-in)."""
    opening = h.high == 0 or s == h.bring_in_due
    completes = s == h.bring_in_due
    h.bring_in_due = -1
    chips = total - h.bets[s]  # the chips in, then the seat has acted
    left = h.stacks[s] = h.stacks[s] - chips
    h.bets[s] = total
    h.totals[s] += chips
    if left == 0:
        h.free -= 1
    _raise_to(h, total)
    h.acted[s] = True
    h.faced[s] = h.high
    h.seen_seq[s] = h.seq
    h.aggressor = s
    word = "completes to" if completes else "bets" if opening else "raises to"
    h._log.append(new_event(Event, ("bet", s, "Seat {} {} {}{}", (s, word, total, "" if left else " and is all in"), NO_EXTRA)))
    return ("bet " if opening else "raise ") + (NUMBERS[total] if total < 1000 else str(total))




def _raise_to(h: Hand, total: int) -> None:
    """Raise the amount to match to ``total``; decide whether it is a full bet or raise."""
    if total <= h.high:
        return
    if h.limit:
        size = h.bet_unit
        full = 2 * (total - h.level) >= size
        if full:
            h.level = total
            h.raises += 1
            h.seq += 1
            if h.raises >= 4 and h.free >= 3:
                h.capped = True
    elif h.bring_in_open:
        if total >= h.bet_unit:  # the completion is the round's first full bet
            h.bring_in_open = False
            h.last_raise = total
            h.level = total
            h.seq += 1
    elif total - h.high >= h.last_raise:
        h.last_raise = total - h.high
        h.level = total
        h.seq += 1
    h.high = total


def post(h: Hand, s: int, amount: int, *, live: bool) -> int:
    """Post a forced bet of up to ``amount`` (all in for less if short). ``live`` bets count in the
    round's bets (blinds, bring-in); antes go straight to the pot. Returns the chips posted."""
    pay = min(amount, h.stacks[s])
    h.stacks[s] -= pay
    h.totals[s] += pay
    if live:
        h.bets[s] += pay
    return pay


# ----------------------------------------------------------------- the round, start to end

def start_round(h: Hand, step: Step) -> bool:
    """Open a betting round; True if someone must act."""
    n = h.players
    st = h.stakes
    h.in_round = True
    h.round_big = step.big
    h.acted = [False] * n
    h.faced = [0] * n
    h.seen_seq = [0] * n
    h.seq = 0
    limit = h.limit
    h.bet_unit = h.last_raise = st.bet_size(big=step.big) if limit else st.min_bet
    h.level = h.raises = 0
    h.capped = h.bring_in_open = False
    h.need_openers = step.opener == "jacks"
    h.free = free_players(h)
    h.high = max(h.bets)
    h.aggressor = -1
    if h.blinds_due:
        h.blinds_due = False
        bb = st.blinds[-1]
        h.high = max(h.high, bb)
        h.level = bb
        h.raises = 1
        if not limit:
            h.last_raise = bb
        first = (h.bb_seat + 1) % n
        if h.straddle_seat >= 0:
            # the straddle is a blind raise: it is the bet to match, a raise must be by at least
            # its size (to twice the straddle), and the straddler acts last (Robert's Rules)
            posted = h.bets[h.straddle_seat]
            if posted >= 2 * bb:
                h.high = h.level = 2 * bb
                h.raises = 2
                if not limit:
                    h.last_raise = 2 * bb
            else:  # a straddle all in for less is a short bet: to be matched, not a raise
                h.high = max(h.high, posted)
            first = (h.straddle_seat + 1) % n
    elif step.opener == "bring-in":
        seat = bring_in_seat(h)
        first = (h.button + 1) % n
        if seat >= 0 and st.bring_in and h.stacks[seat] > 0 and free_players(h) > 1:
            # the low card owes the bring-in and acts first: it posts it ("call") or completes
            # to the small bet (Robert's Rules, stud); with nobody else able to bet there is
            # no betting, so no bring-in (as in PokerKit)
            h.high = max(h.high, st.bring_in)
            h.bring_in_open = True
            h.bring_in_due = seat
            first = seat
        elif seat >= 0:
            first = seat
    elif step.opener == "best-showing" and free_players(h):
        # the best hand showing among players still in; if it cannot act, the next seat that can
        first = best_showing(h, [s for s in range(n) if not h.folded[s]])
    else:
        first = (h.button + 1) % n
    s = next_to_act(h, first)
    if s < 0:
        return False
    h.to_act = (s,)
    return True


def end_round(h: Hand) -> None:
    """Close the betting round: the bets are in the pot, nobody owes one."""
    h.in_round = False
    h.bets = [0] * h.players
    h.high = 0
    h.to_act = ()


def acted(h: Hand, seat: int, text: str) -> None:
    """Record a betting move ``seat`` made (both action APIs), then the next seat to act, or the round's end."""
    h.actions.append((seat, text))
    if h.live > 1:
        n = seat + 1
        s = next_to_act(h, n if n < h.players else 0)
        if s >= 0:
            h.to_act = (s,)
            return
    round_over(h)


def round_over(h: Hand) -> None:
    """Nobody owes a bet any more: the hand is settled (one player left), passed out, or goes on."""
    if h.live <= 1:
        end_round(h)
        h._settle()
        return
    if h.need_openers and h.high == 0:
        pass_out(h)
        return
    end_round(h)
    h._next_step()


def pass_out(h: Hand) -> None:
    """Nobody opened a jacks-or-better round: the hand is over, every chip goes back (a table that
    lets the antes ride carries them itself)."""
    end_round(h)
    for s in range(h.players):
        h.stacks[s] += h.totals[s]
        h.totals[s] = 0
    h.log("passed-out", None, "Nobody opens: the hand is passed out and every chip goes back")
    h.results = {"awards": [], "shown": {}, "passed_out": True}
    h.over = True
    h._payoffs = [0] * h.players


class Bet(Rule):
    """A betting round (``bet``): opened by :func:`start_round`, one seat at a time, closed when nobody
    owes a bet (:func:`round_over`). In a bomb pot the first round is skipped."""

    timing: str = "betting"
    fields: Mapping[str, tuple[str, Any]] = {"big": ("bool", False), "opener": ("opener", "positional")}
    label: str = "Round {round}"

    def start(self, h: Hand, step: Step) -> bool:
        if h.options.bomb_pot and not any(s.kind == "bet" for s in h.game.steps[:h.step_index]):
            h.log("skip", None, "Bomb pot: no betting in {}", step.label)
            return False
        if start_round(h, step):
            return True
        end_round(h)
        return False

    # the module's functions themselves: a move's legal() and legal_actions() cost no extra call
    legal = staticmethod(legal)  # type: ignore[assignment]
    options = staticmethod(options)  # type: ignore[assignment]

    def act(self, h: Hand, seat: int, step: Step, action: str) -> None:
        # a move written as legal() writes it is taken as it is, anything else parsed
        acted(h, seat, said(h, seat, action) or act(h, seat, *words(h, seat, action)))

    def apply(self, h: Hand, seat: int, step: Step, option: Option, amount: int | None,
              named: Iterable[str | int | Card] | str | None) -> None:
        kind = option[0]
        if kind == "fold":
            text = fold(h, seat)
        elif kind == "check":
            text = check(h, seat)
        elif kind == "call":
            text = call(h, seat, option[1])
        else:
            lo, hi = option[1], option[2]
            if amount is None:
                if lo != hi:
                    raise IllegalAction(f"say the total: {kind} from {lo} to {hi}")
                amount = lo
            elif type(amount) is not int or not lo <= amount <= hi:
                raise IllegalAction(f"seat {seat} may {kind} to "
                                    f"{f'exactly {lo}' if lo == hi else f'any total from {lo} to {hi}'}, "
                                    f"not {amount!r}")
            text = wager(h, seat, amount)
        h._offered = None
        acted(h, seat, text)

    def default(self, h: Hand, seat: int, step: Step) -> str:
        """Check when free, else fold (a stud bring-in, which may not fold, calls)."""
        choices = legal(h, seat)
        return "check" if "check" in choices else "fold" if "fold" in choices else "call"

    def describe(self, step: Step) -> str:
        size = "big" if step.big else "small"
        return f"{step.label}: betting ({size} bet in fixed-limit), {step.opener} opens"
