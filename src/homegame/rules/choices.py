"""Simultaneous steps (RULES.md §1.6): pass, expose, discard, arrange, declare.

Every seat still in owes one choice; each is validated when made, kept hidden, and all are carried
out together once the last is in (:class:`AtOnce`). Each kind is one rule: :class:`Pass`,
:class:`Expose`, :class:`Discard`, :class:`Arrange`, :class:`Declare`.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from homegame.cards import Card, cards
from homegame.rules.action import DECLARE, Option, public_action
from homegame.rules.errors import IllegalAction
from homegame.rules.state import StepCards
from homegame.rules.steps import Rule, words

if TYPE_CHECKING:
    from homegame.rules.state import HandState
    from homegame.rules.step import Step

DECLARATIONS = ("high", "low", "both")


def _plural(n: int) -> str:
    return f"{n} card{'s' if n != 1 else ''}"


def _text(ids: list[int]) -> str:
    return " ".join(str(Card(c)) for c in ids)


def _down(h: HandState, s: int) -> list[int]:
    return [c for c, up in zip(h.cards[s], h.faceup[s], strict=True) if not up]


def chosen_words(text: str, *, mine: bool) -> str:
    """What a seat's committed choice says in the hand log after "Seat N", from its action text: to
    the seat itself (``mine``) the cards or the declaration; to everyone else only what is public (how
    many cards; a declaration stays hidden until everyone has declared). The one place these words are
    made: the public log line and the seat's own (:func:`homegame.rules.views.own_lines`).

    >>> chosen_words("pass Ks 7d", mine=False), chosen_words("pass Ks 7d", mine=True)
    ('has chosen to pass 2 cards', 'has chosen to pass Ks 7d')
    >>> chosen_words("declare high", mine=False), chosen_words("declare high", mine=True)
    ('has chosen a declaration (shown when everyone has)', 'has declared high')
    """
    if mine:
        verb, *named = text.split()
        shown = " ".join(named)
        if verb == "declare":
            return f"has declared {shown}"
        if verb == "arrange":
            return f"has chosen the order {shown}"
        return f"has chosen to {verb} {shown}"
    verb, *count = public_action(text).split()  # what others may see is decided there, only worded here
    if verb == "declare":
        return "has chosen a declaration (shown when everyone has)"
    if verb == "expose":
        return "has chosen a card to expose"
    if verb == "arrange":
        return f"has chosen the order of {_plural(int(count[0]))}"
    return f"has chosen to {verb} {_plural(int(count[0]))}"


def pass_offset(distance: int, live: int) -> int:
    """How many players still in, counted in the pass direction, a pass travels (RULES.md §5).

    ``pass_distance`` counts only players still in (folded seats are passed across) and wraps round
    the table, so it is taken modulo the ``live`` players; a pass never lands on the passer itself:
    when the distance is a whole number of laps it goes to the next player in that direction.

    >>> pass_offset(2, 5), pass_offset(2, 3), pass_offset(3, 2), pass_offset(2, 2), pass_offset(6, 3)
    (2, 2, 1, 1, 1)
    """
    offset = distance % live
    return offset if offset else 1


class AtOnce(Rule):
    """A step in which every player still in owes one choice, made at once: each is checked
    (:meth:`choose`) and kept hidden as it comes, and all are carried out together (:meth:`carry_out`)
    once the last is in. The public log says only that a seat has chosen (:func:`chosen_words`).
    Subclasses give :meth:`legal`, :meth:`allowed`, :meth:`choose`, :meth:`carry_out` and :meth:`default`."""

    timing = "at-once"
    names_cards = True

    def allowed(self, h: HandState, s: int, step: Step) -> str:
        """What the seat may do in this step, in words: the step, how many cards and exactly which
        (seats numbered as in the views)."""
        raise NotImplementedError

    def choose(self, h: HandState, s: int, step: Step, args: list[str]) -> tuple[str, list[int] | str]:
        """Check a seat's choice (the words after the step's verb); return (normalised text, parsed
        choice). Raises IllegalAction saying why and what is allowed (:meth:`allowed`)."""
        raise NotImplementedError

    def carry_out(self, h: HandState, step: Step) -> None:
        """Carry out every committed choice (``h.pending``) at once."""
        raise NotImplementedError

    def refuse(self, h: HandState, s: int, step: Step, why: str) -> IllegalAction:
        """The refusal of a choice: why, then what is allowed."""
        return IllegalAction(f"{why}. {self.allowed(h, s, step)}")

    def parse_cards(self, h: HandState, s: int, step: Step, args: list[str]) -> list[int]:
        """The cards a choice names: each held by the seat, none twice."""
        try:
            ids = [c.id for c in cards(" ".join(args))]
        except ValueError as e:
            raise self.refuse(h, s, step, str(e)) from None
        held = h.cards[s]
        for c in ids:
            if c not in held:
                raise self.refuse(h, s, step, f"seat {s} does not hold {Card(c)}")
        if len(set(ids)) != len(ids):
            dup = next(c for c in ids if ids.count(c) > 1)
            raise self.refuse(h, s, step, f"{Card(dup)} is named more than once in {' '.join(args)!r}")
        return ids

    def start(self, h: HandState, step: Step) -> bool:
        h.pending = {}
        h.pending_text = {}
        h.to_act = tuple(s for s in range(h.players) if not h.folded[s])
        return True

    def act(self, h: HandState, seat: int, step: Step, action: str) -> None:
        verb, args = words(h, seat, action)
        if verb != step.kind:
            raise self.refuse(h, seat, step, f"now everyone chooses at once, not {verb!r}; seat {seat} may: "
                                             f"{', '.join(self.legal(h, seat, step))}")
        text, choice = self.choose(h, seat, step, args)
        h.actions.append((seat, text))
        h.pending[seat] = choice
        h.pending_text[seat] = text
        h.to_act = tuple(s for s in h.to_act if s != seat)
        # in public words (how many cards, never which); the seat's own view says what (views.own_lines)
        h.log("ready", seat, "Seat {} " + chosen_words(text, mine=False), seat, action=len(h.actions) - 1)
        if not h.to_act:
            self.carry_out(h, step)
            h.pending = {}
            h.pending_text = {}
            h._next_step()


class _GiveUp(AtOnce):
    """A step in which everyone names exactly :meth:`number` of the cards it holds (pass, discard)."""

    verb = ""

    def number(self, h: HandState, s: int, step: Step) -> int:
        raise NotImplementedError

    def legal(self, h: HandState, seat: int, step: Step) -> list[str]:
        return [f"{step.kind} {self.number(h, seat, step)}"]

    def allowed(self, h: HandState, s: int, step: Step) -> str:
        return (f"{step.label}: seat {s} {self.verb} exactly {_plural(self.number(h, s, step))} of "
                f"{_text(list(h.cards[s]))}")

    def choose(self, h: HandState, s: int, step: Step, args: list[str]) -> tuple[str, list[int] | str]:
        ids = self.parse_cards(h, s, step, args)
        n = self.number(h, s, step)
        if len(ids) != n:
            raise self.refuse(h, s, step, f"{len(ids)} card{'s' if len(ids) != 1 else ''} named, not {n}")
        return f"{step.kind} {_text(ids)}", ids

    def default(self, h: HandState, seat: int, step: Step) -> str:
        """The lowest cards."""
        return f"{step.kind} " + _text(sorted(h.cards[seat])[:self.number(h, seat, step)])


class Pass(_GiveUp):
    """``pass``: everyone passes ``count`` cards ``distance`` players still in away."""

    fields: Mapping[str, tuple[str, Any]] = {
        "count": ("int 1 10", "required"), "direction": ("direction", "left"), "distance": ("int 1 9", 1)}
    label = "Pass"
    verb = "passes"

    def number(self, h: HandState, s: int, step: Step) -> int:
        return step.count

    def carry_out(self, h: HandState, step: Step) -> None:
        chosen = h.pending
        live = [s for s in range(h.players) if not h.folded[s]]
        m = len(live)
        offset = step.direction * pass_offset(step.distance, m)
        given: dict[int, list[int]] = {}
        for i, s in enumerate(live):
            ids = chosen[s]
            assert isinstance(ids, list)
            target = live[(i + offset) % m]
            given[target] = ids
            for c in ids:
                j = h.cards[s].index(c)
                del h.cards[s][j]
                del h.faceup[s][j]
        for target, ids in given.items():
            h.cards[target].extend(ids)
            h.faceup[target].extend(False for _ in ids)
        plural = "s" if step.count > 1 else ""
        for i, s in enumerate(live):
            h.log("pass", s, f"Seat {s} passes {step.count} card{plural} to Seat {live[(i + offset) % m]}",
                  to=live[(i + offset) % m])

    def describe(self, step: Step) -> str:
        side = "left" if step.direction > 0 else "right"
        where = f"{step.distance} seats to the {side}" if step.distance > 1 else f"to the {side}"
        return f"{step.label}: everyone passes {step.count} card{'s' if step.count > 1 else ''} {where}"


class Discard(_GiveUp):
    """``discard``: everyone discards down to ``keep`` cards."""

    fields: Mapping[str, tuple[str, Any]] = {"keep": ("int 1 10", "required")}
    label = "Discard"
    verb = "discards"

    def cards(self, step: Step) -> StepCards:
        return StepCards(keep=step.keep)

    def number(self, h: HandState, s: int, step: Step) -> int:
        return len(h.cards[s]) - step.keep

    def carry_out(self, h: HandState, step: Step) -> None:
        chosen = h.pending
        for s in sorted(chosen):
            ids = chosen[s]
            assert isinstance(ids, list)
            for c in ids:
                j = h.cards[s].index(c)
                del h.cards[s][j]
                del h.faceup[s][j]
                h.mucked.append(c)
            h.log("discard", s, f"Seat {s} discards {len(ids)}")

    def describe(self, step: Step) -> str:
        return f"{step.label}: everyone discards down to {step.keep} cards"


class Expose(AtOnce):
    """``expose``: everyone turns one face-down card up.

    >>> import homegame as hg
    >>> h = hg.game("three-hole").deal([50, 50], stakes=hg.Stakes("fixed-limit", ante=1, small_bet=2,
    ...     big_bet=4), hole={0: "8s 6d Jc", 1: "2c 3c 4c"})
    >>> h.act(1, "check"); h.act(0, "check")
    >>> Expose().allowed(h, 0, h.step)
    'First exposure: seat 0 exposes exactly 1 card, one of its face-down cards 8s 6d Jc'
    """

    label = "Expose"

    def legal(self, h: HandState, seat: int, step: Step) -> list[str]:
        return ["expose"]

    def options(self, h: HandState, seat: int, step: Step) -> tuple[Option, ...]:
        return (Option("expose", 1, 1),)

    def allowed(self, h: HandState, s: int, step: Step) -> str:
        return f"{step.label}: seat {s} exposes exactly 1 card, one of its face-down cards {_text(_down(h, s))}"

    def choose(self, h: HandState, s: int, step: Step, args: list[str]) -> tuple[str, list[int] | str]:
        ids = self.parse_cards(h, s, step, args)
        if len(ids) != 1:
            raise self.refuse(h, s, step, f"{len(ids)} cards named, not 1")
        if h.faceup[s][h.cards[s].index(ids[0])]:
            raise self.refuse(h, s, step, f"{Card(ids[0])} is already face up")
        return f"expose {_text(ids)}", ids

    def carry_out(self, h: HandState, step: Step) -> None:
        chosen = h.pending
        for s in sorted(chosen):
            ids = chosen[s]
            assert isinstance(ids, list)
            h.faceup[s][h.cards[s].index(ids[0])] = True
            h.log("expose", s, f"Seat {s} exposes {Card(ids[0])}", cards=[str(Card(ids[0]))])

    def default(self, h: HandState, seat: int, step: Step) -> str:
        """The lowest face-down card."""
        return "expose " + str(Card(min(_down(h, seat))))

    def describe(self, step: Step) -> str:
        return f"{step.label}: everyone turns one card face up at once"


class Arrange(AtOnce):
    """``arrange``: everyone locks the order its cards will be rolled."""

    label = "Arrange"

    def legal(self, h: HandState, seat: int, step: Step) -> list[str]:
        return ["arrange"]

    def allowed(self, h: HandState, s: int, step: Step) -> str:
        n = len(h.cards[s])
        return (f"{step.label}: seat {s} orders all {_plural(n)} it holds, first to turn first, each once: "
                f"{_text(list(h.cards[s]))}")

    def choose(self, h: HandState, s: int, step: Step, args: list[str]) -> tuple[str, list[int] | str]:
        ids = list(h.cards[s]) if not args else self.parse_cards(h, s, step, args)
        if len(ids) != len(h.cards[s]):
            raise self.refuse(h, s, step, f"{len(ids)} cards named, not {len(h.cards[s])}")
        return f"arrange {_text(ids)}", ids

    def carry_out(self, h: HandState, step: Step) -> None:
        chosen = h.pending
        for s in sorted(chosen):
            ids = chosen[s]
            assert isinstance(ids, list)
            up = {c for c, f in zip(h.cards[s], h.faceup[s], strict=True) if f}
            h.cards[s] = list(ids)
            h.faceup[s] = [c in up for c in ids]
            h.log("arrange", s, f"Seat {s} has arranged")

    def default(self, h: HandState, seat: int, step: Step) -> str:
        """The current order."""
        return "arrange " + _text(h.cards[seat])

    def describe(self, step: Step) -> str:
        return f"{step.label}: everyone locks the order their cards will be turned"


class Declare(AtOnce):
    """``declare``: everyone declares high, low or both."""

    label = "Declare"
    names_cards = False

    def legal(self, h: HandState, seat: int, step: Step) -> list[str]:
        return ["declare high", "declare low", "declare both"]

    def options(self, h: HandState, seat: int, step: Step) -> tuple[Option, ...]:
        return DECLARE

    def allowed(self, h: HandState, s: int, step: Step) -> str:
        return f"{step.label}: seat {s} declares high, low or both ('declare high', 'declare low', 'declare both')"

    def choose(self, h: HandState, s: int, step: Step, args: list[str]) -> tuple[str, list[int] | str]:
        if len(args) != 1 or args[0].lower() not in DECLARATIONS:
            raise self.refuse(h, s, step, f"{' '.join(['declare', *args])!r} is not a declaration")
        d = args[0].lower()
        return f"declare {d}", d

    def carry_out(self, h: HandState, step: Step) -> None:
        chosen = h.pending
        for s in sorted(chosen):
            d = chosen[s]
            assert isinstance(d, str)
            h.declared[s] = d
            h.log("declare", s, f"Seat {s} declares {d}")

    def default(self, h: HandState, seat: int, step: Step) -> str:
        """High."""
        return "declare high"

    def describe(self, step: Step) -> str:
        return f"{step.label}: everyone declares high, low or both at once"
