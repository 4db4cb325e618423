"""A betting round from start to end: who opens it, the next seat after each move, and its close
(the hand goes on, is settled, or is passed out); and :class:`Bet`, the ``bet`` step's rule."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Any

from homegame.rules.action import Option
from homegame.rules.betting.amounts import legal, options
from homegame.rules.betting.moves import act, call, check, fold, said, wager
from homegame.rules.betting.turns import free_players, next_to_act
from homegame.rules.errors import IllegalAction
from homegame.rules.showing import best_showing, bring_in_seat
from homegame.rules.steps import Rule, words

if TYPE_CHECKING:
    from homegame.cards import Card
    from homegame.rules.state import HandState
    from homegame.rules.step import Step


def start_round(h: HandState, step: Step) -> bool:
    """Open a betting round; True if someone must act."""
    n = h.players
    st = h.stakes
    b = h.betting
    b.in_round = True
    b.acted = [False] * n
    b.faced = [0] * n
    b.seen_seq = [0] * n
    b.seq = 0
    limit = b.limit
    b.bet_unit = b.last_raise = st.bet_size(big=step.big) if limit else st.min_bet
    b.level = b.raises = 0
    b.capped = b.bring_in_open = False
    b.need_openers = step.opener == "jacks"
    b.free = free_players(h)
    b.high = max(b.bets)
    b.aggressor = -1
    if b.blinds_due:
        b.blinds_due = False
        bb = st.blinds[-1]
        b.high = max(b.high, bb)
        b.level = bb
        b.raises = 1
        if not limit:
            b.last_raise = bb
        first = (b.bb_seat + 1) % n
        if b.straddle_seat >= 0:
            # the straddle is a blind raise: it is the bet to match, a raise must be by at least
            # its size (to twice the straddle), and the straddler acts last (Robert's Rules)
            posted = b.bets[b.straddle_seat]
            if posted >= 2 * bb:
                b.high = b.level = 2 * bb
                b.raises = 2
                if not limit:
                    b.last_raise = 2 * bb
            else:  # a straddle all in for less is a short bet: to be matched, not a raise
                b.high = max(b.high, posted)
            first = (b.straddle_seat + 1) % n
    elif step.opener == "bring-in":
        seat = bring_in_seat(h)
        first = (h.button + 1) % n
        if seat >= 0 and st.bring_in and h.stacks[seat] > 0 and free_players(h) > 1:
            # the low card owes the bring-in and acts first: it posts it ("call") or completes
            # to the small bet (Robert's Rules, stud); with nobody else able to bet there is
            # no betting, so no bring-in (as in PokerKit)
            b.high = max(b.high, st.bring_in)
            b.bring_in_open = True
            b.bring_in_due = seat
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


def end_round(h: HandState) -> None:
    """Close the betting round: the bets are in the pot, nobody owes one."""
    b = h.betting
    b.in_round = False
    b.bets = [0] * h.players
    b.high = 0
    h.to_act = ()


def hand_over(h: HandState) -> None:
    """The hand is over: no betting round is open (the bets stay as they were, for the last view)."""
    h.betting.in_round = False


def acted(h: HandState, seat: int, text: str) -> None:
    """Record a betting move ``seat`` made (both action APIs), then the next seat to act, or the round's end."""
    h.actions.append((seat, text))
    if h.live > 1:
        n = seat + 1
        s = next_to_act(h, n if n < h.players else 0)
        if s >= 0:
            h.to_act = (s,)
            return
    round_over(h)


def round_over(h: HandState) -> None:
    """Nobody owes a bet any more: the hand is settled (one player left), passed out, or goes on."""
    if h.live <= 1:
        end_round(h)
        h._settle()
        return
    if h.betting.need_openers and h.betting.high == 0:
        pass_out(h)
        return
    end_round(h)
    h._next_step()


def pass_out(h: HandState) -> None:
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

    def start(self, h: HandState, step: Step) -> bool:
        if h.options.bomb_pot and not any(s.kind == "bet" for s in h.game.steps[:h.step_index]):
            h.log("skip", None, "Bomb pot: no betting in {}", step.label)
            return False
        if start_round(h, step):
            return True
        end_round(h)
        return False

    # the functions themselves: a move's legal() and legal_actions() cost no extra call
    legal = staticmethod(legal)  # type: ignore[assignment]
    options = staticmethod(options)  # type: ignore[assignment]

    def act(self, h: HandState, seat: int, step: Step, action: str) -> None:
        # a move written as legal() writes it is taken as it is, anything else parsed
        acted(h, seat, said(h, seat, action) or act(h, seat, *words(h, seat, action)))

    def apply(self, h: HandState, seat: int, step: Step, option: Option, amount: int | None,
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

    def default(self, h: HandState, seat: int, step: Step) -> str:
        """Check when free, else fold (a stud bring-in, which may not fold, calls)."""
        choices = legal(h, seat)
        return "check" if "check" in choices else "fold" if "fold" in choices else "call"

    def describe(self, step: Step) -> str:
        size = "big" if step.big else "small"
        return f"{step.label}: betting ({size} bet in fixed-limit), {step.opener} opens"
