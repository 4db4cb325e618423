"""Conditional deals (docs/games/baseball.md): steps that act on the cards the deal just before dealt face up.

``buy`` (Baseball's four): each player still in who was just dealt a card of ``rank`` face up gets one
more card face down for each such card. With ``price`` 0 the card is dealt at once; otherwise each such
player in turn, clockwise from the button's left, buys it (``call N``, also written ``buy``) or declines
(``check``, also ``decline``).

``strike`` (Baseball's three): a player just dealt a card of ``rank`` face up, under ``rule``
``match-pot``, pays as much as the pot holds (``call N``, also ``pay``; all in when short) or folds
(``fold``); under ``fold`` is struck out at once; under ``free`` plays on.

Chips paid in these steps are dead money: they go to the main pot, never back as uncalled (``Hand.dead``).
The legal actions are betting words (``call N``, ``check``, ``fold``) so that any bot can answer them.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from homegame.cards import RANKS
from homegame.rules import dealing
from homegame.rules.errors import IllegalAction
from homegame.rules.state import NO_CARDS, StepCards
from homegame.rules.steps import InTurn

if TYPE_CHECKING:
    from homegame.rules.state import HandState
    from homegame.rules.step import Step


def _just_dealt(h: HandState, s: int, step: Step) -> int:
    """How many cards of the step's rank the seat was dealt face up by the deal before the step."""
    steps = h.game.steps
    i = h.step_index - 1
    while i >= 0 and steps[i].kind in ("buy", "strike"):
        i -= 1
    if i < 0 or steps[i].kind != "deal":
        return 0
    faces = steps[i].faces
    rank = RANKS.index(step.rank)
    held, up = h.cards[s], h.faceup[s]
    if len(held) < len(faces):
        return 0
    tail = range(len(held) - len(faces), len(held))
    return sum(1 for j in tail if up[j] and held[j] >> 2 == rank)


def _order(h: HandState) -> list[int]:
    n = h.players
    return [s for s in ((h.button + i) % n for i in range(1, n + 1)) if not h.folded[s]]


def _extra(h: HandState, s: int, count: int) -> None:
    for _ in range(count):
        h.cards[s].append(dealing.next_card(h, s))
        h.faceup[s].append(False)
    h.log("buy", s, "Seat {} is dealt {} more card{} face down", s, count, "" if count == 1 else "s")


def _fold(h: HandState, s: int, why: str) -> None:
    h.folded[s] = True
    h.live -= 1
    h.log("fold", s, "Seat {} folds ({})", s, why)


class Buy(InTurn):
    """``buy``: a player just dealt the rank face up gets one more card face down for each, free (price
    0: no decision) or bought (``call N``, also ``buy``) or declined (``check``, also ``decline``; what a
    turn timer plays)."""

    fields: Mapping[str, tuple[str, Any]] = {"rank": ("rank", "required"), "price": ("int 0 1000000", 0)}
    label: str = "Extra card"

    def cards(self, step: Step) -> StepCards:
        """At most one extra card per card of the rank in the deck, however many buys of it there are."""
        return StepCards(reserve=(f"rank {step.rank}", 4))

    def order(self, h: HandState, step: Step) -> list[int]:
        out = []
        for s in _order(h):
            count = _just_dealt(h, s, step)
            if not count:
                continue
            if step.price <= 0:
                _extra(h, s, count)
            elif h.stacks[s] > 0:
                out.append(s)
        return out

    def price(self, h: HandState, s: int, step: Step) -> int:
        """What the seat pays for its extra cards (at most its stack)."""
        return min(step.price * _just_dealt(h, s, step), h.stacks[s])

    def legal(self, h: HandState, seat: int, step: Step) -> list[str]:
        return [f"call {self.price(h, seat, step)}", "check"]

    def allowed(self, h: HandState, s: int, step: Step) -> str:
        """The decision in words."""
        n = self.price(h, s, step)
        return (f"{step.label}: seat {s} was dealt a {step.rank} face up and may buy one more card face down "
                f"for {n} ('call {n}' or 'buy') or decline ('check' or 'decline')")

    def check(self, h: HandState, seat: int, step: Step, verb: str, args: list[str]) -> tuple[str, Any]:
        return _answer(self, h, seat, step, verb, args, ("check", {"check", "decline"}))

    def carry_out(self, h: HandState, seat: int, step: Step, choice: Any) -> None:
        if choice:
            _pay(h, seat, self.price(h, seat, step), "for the extra card")
            _extra(h, seat, _just_dealt(h, seat, step))
        else:
            h.log("decline", seat, "Seat {} declines the extra card", seat)

    def default(self, h: HandState, seat: int, step: Step) -> str:
        return "check"

    def describe(self, step: Step) -> str:
        cost = f"may buy one more card face down for {step.price}" if step.price else "is dealt one more card face down"
        return f"{step.label}: a player just dealt a {step.rank} face up {cost}"


class Strike(Buy):
    """``strike``: a player just dealt the rank face up, under ``rule`` ``match-pot``, pays as much as the
    pot holds (``call N``, also ``pay``; all in when short) or folds (``fold``, what a turn timer plays);
    under ``fold`` is struck out at once; under ``free`` plays on."""

    fields: Mapping[str, tuple[str, Any]] = {"rank": ("rank", "required"), "rule": ("strike", "match-pot")}
    label: str = "Strike"

    def cards(self, step: Step) -> StepCards:
        return NO_CARDS

    def order(self, h: HandState, step: Step) -> list[int]:
        out = []
        for s in _order(h):
            if not _just_dealt(h, s, step):
                continue
            if step.rule == "fold":
                if h.live > 1:
                    _fold(h, s, f"struck out by a {step.rank} face up")
            elif step.rule == "match-pot" and h.stacks[s] > 0 and self.price(h, s, step) > 0:
                out.append(s)
        return out

    def price(self, h: HandState, s: int, step: Step) -> int:
        """As much as the pot (at most the seat's stack)."""
        return min(sum(h.totals), h.stacks[s])

    def legal(self, h: HandState, seat: int, step: Step) -> list[str]:
        return [f"call {self.price(h, seat, step)}", "fold"]

    def allowed(self, h: HandState, s: int, step: Step) -> str:
        n = self.price(h, s, step)
        return (f"{step.label}: seat {s} was dealt a {step.rank} face up and pays {n}, as much as the pot "
                f"('call {n}' or 'pay'), or folds ('fold')")

    def check(self, h: HandState, seat: int, step: Step, verb: str, args: list[str]) -> tuple[str, Any]:
        return _answer(self, h, seat, step, verb, args, ("fold", {"fold"}))

    def carry_out(self, h: HandState, seat: int, step: Step, choice: Any) -> None:
        if choice:
            _pay(h, seat, self.price(h, seat, step), "to match the pot")
        else:
            _fold(h, seat, f"will not match the pot for a {step.rank} face up")

    def default(self, h: HandState, seat: int, step: Step) -> str:
        return "fold"

    def describe(self, step: Step) -> str:
        then = {"match-pot": "pays as much as the pot or folds", "fold": "folds (struck out)",
                "free": "plays on"}.get(step.rule, step.rule)
        return f"{step.label}: a player just dealt a {step.rank} face up {then}"


def _answer(rule: Buy, h: HandState, s: int, step: Step, verb: str, args: list[str],
            declines: tuple[str, set[str]]) -> tuple[str, bool]:
    """Check the seat's answer: (normalised text, whether it pays). Raises IllegalAction."""
    n = rule.price(h, s, step)
    if verb in ("call", "buy", "pay") and (not args or args == [str(n)]):
        return f"call {n}", True
    if verb in declines[1] and not args:
        return declines[0], False
    raise IllegalAction(f"{verb} {' '.join(args)!s}".strip() + f" is not allowed now. {rule.allowed(h, s, step)}")


def _pay(h: HandState, s: int, n: int, what: str) -> None:
    """The seat pays ``n`` chips of dead money (the main pot's, never uncalled)."""
    h.stacks[s] -= n
    h.totals[s] += n
    h.dead[s] += n
    h.log("pay", s, "Seat {} pays {} {}{}", s, n, what, " and is all in" if h.stacks[s] == 0 else "")


__all__ = ["Buy", "Strike"]
