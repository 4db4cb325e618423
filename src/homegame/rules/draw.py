"""The draw (docs/games/draw.md): each player still in, one at a time clockwise from the button's left,
discards 0 to N cards and is dealt as many face down; discarding none is standing pat.

Legal actions are ``discard 0`` ... ``discard N`` (how many cards, the contract's ``discard N`` form,
one string per count the seat may draw); the action names the cards: ``discard 8s 6d`` or ``discard``
alone to stand pat (``stand pat`` and ``pat`` are accepted too and recorded as ``discard``). The number
drawn is public ("Seat 2 draws 3"); the discards and the replacements are seen by nobody else.

The stub (Robert's Rules of Poker, draw poker): a card is burned before the first replacement; the last
card of the stub is never dealt while there are discards to shuffle: the dealer then shuffles that last
card with the discards and burn cards so far (never the discards of the player being served) and deals
on from those (:func:`homegame.rules.dealing.next_card`). The shuffle is derived from the hand's deck
order (:meth:`homegame.rules.dealing.Stub.reshuffle`), so a history replays it exactly and no
randomness outside the deck is used.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from homegame.cards import Card, cards
from homegame.rules import dealing
from homegame.rules.errors import IllegalAction
from homegame.rules.state import StepCards
from homegame.rules.steps import InTurn

if TYPE_CHECKING:
    from homegame.rules.state import HandState
    from homegame.rules.step import Step

PAT = ("pat", "stand")


def most(h: HandState, s: int, step: Step) -> int:
    """How many cards the seat may draw at most."""
    return min(step.count, len(h.cards[s]))


def legal(h: HandState, s: int, step: Step) -> list[str]:
    """``discard 0`` to ``discard N``: how many cards the seat may draw."""
    return [f"discard {k}" for k in range(most(h, s, step) + 1)]


def _text(ids: list[int]) -> str:
    return " ".join(str(Card(c)) for c in ids)


def allowed(h: HandState, s: int, step: Step) -> str:
    """The step, the seat, how many cards and exactly which it may discard."""
    n = most(h, s, step)
    return (f"{step.label}: seat {s} discards 0 to {n} card{'s' if n != 1 else ''} of "
            f"{_text(h.cards[s])} and is dealt as many ('discard' alone stands pat)")


def validate(h: HandState, s: int, step: Step, verb: str, args: list[str]) -> tuple[str, list[int]]:
    """Check a draw; return (normalised text, the cards discarded). Raises IllegalAction."""
    def refuse(why: str) -> IllegalAction:
        return IllegalAction(f"{why}. {allowed(h, s, step)}")

    if verb in PAT and (not args or [a.lower() for a in args] == ["pat"]):
        return "discard", []
    if verb != "discard":
        raise refuse(f"now seat {s} draws, not {verb!r}; seat {s} may: {', '.join(legal(h, s, step))}")
    try:
        ids = [c.id for c in cards(" ".join(args))]
    except ValueError as e:
        raise refuse(str(e)) from None
    for c in ids:
        if c not in h.cards[s]:
            raise refuse(f"seat {s} does not hold {Card(c)}")
    if len(set(ids)) != len(ids):
        dup = next(c for c in ids if ids.count(c) > 1)
        raise refuse(f"{Card(dup)} is named more than once in {' '.join(args)!r}")
    if len(ids) > most(h, s, step):
        raise refuse(f"{len(ids)} cards named, more than {most(h, s, step)}")
    return ("discard " + _text(ids)).strip(), ids


def apply(h: HandState, s: int, step: Step, ids: list[int]) -> None:
    """Take the discards from the seat and deal it as many replacements, face down."""
    held, up = h.cards[s], h.faceup[s]
    for c in ids:
        j = held.index(c)
        del held[j]
        del up[j]
    for _ in ids:
        held.append(dealing.next_card(h, s))
        up.append(False)
    h.mucked.extend(ids)
    dealing.spend(h, ids)
    if ids:
        h.log("draw", s, "Seat {} draws {}", s, len(ids))
    else:
        h.log("draw", s, "Seat {} stands pat", s)


class Draw(InTurn):
    """``draw``: a card burned first (``burn``), then each player still in, clockwise from the button's
    left, discards and is dealt as many; a turn timer stands pat."""

    fields: Mapping[str, tuple[str, Any]] = {"count": ("int 1 10", "required"), "burn": ("bool", True)}
    label: str = "Draw"
    names_cards: bool = True

    def cards(self, step: Step) -> StepCards:
        """The replacements come from the deck (its stub and the spent cards once it runs short), so they
        count only as cards a player may receive; the burn is not counted."""
        return StepCards(drawn=step.count)

    def order(self, h: HandState, step: Step) -> list[int]:
        if step.burn:
            dealing.burn_for_draw(h)
        n = h.players
        return [s for s in ((h.button + i) % n for i in range(1, n + 1)) if not h.folded[s]]

    def legal(self, h: HandState, seat: int, step: Step) -> list[str]:
        return legal(h, seat, step)

    def check(self, h: HandState, seat: int, step: Step, verb: str, args: list[str]) -> tuple[str, Any]:
        return validate(h, seat, step, verb, args)

    def carry_out(self, h: HandState, seat: int, step: Step, choice: Any) -> None:
        apply(h, seat, step, choice)

    def default(self, h: HandState, seat: int, step: Step) -> str:
        return "discard"

    def describe(self, step: Step) -> str:
        return (f"{step.label}: {'burn one, then ' if step.burn else ''}each player in turn discards up to "
                f"{step.count} card{'s' if step.count > 1 else ''} and is dealt as many (none: stands pat)")
