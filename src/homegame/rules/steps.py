"""A rule per step kind: the one object the hand asks about a step, and the registry that finds it by kind.

A game is a list of :class:`~homegame.rules.step.Step` declarations; what a step of each kind *does* is a
:class:`~homegame.rules.state.StepRule`, registered by kind (:func:`register`). The hand (:mod:`homegame.rules.hand`) drives
every step through its rule and compares no kind itself:

- :meth:`StepRule.start` runs the step when the hand reaches it: an automatic step (deal, board, roll)
  does its work and lets the hand go on; a step with decisions says who acts (``h.to_act``) and makes the
  hand wait;
- :meth:`StepRule.legal` and :meth:`StepRule.options` list what a seat may do (the strings of the
  contract and the :class:`~homegame.rules.action.Option` records, one per string, in its order);
- :meth:`StepRule.act` and :meth:`StepRule.apply` check an action (text, or a record offered) and carry
  it out, the hand unchanged when it is refused, then move the hand on (the next seat, the step's end);
- :meth:`StepRule.default` is what a turn timer plays;
- :meth:`StepRule.cards` says how many cards the step deals, turns or holds back (:class:`StepCards`): the
  game adds them up (the deck a hand needs, the cards a player holds at the showdown), so a new kind
  counts its own cards;
- :meth:`StepRule.describe` says the step in words.

A rule works on the hand through :class:`~homegame.rules.state.HandState` (the hand's records), so no rule
imports the hand: the hand imports them.

The built-in kinds live with their logic (:mod:`~homegame.rules.betting`, :mod:`~homegame.rules.draw`,
:mod:`~homegame.rules.buy`, :mod:`~homegame.rules.choices`, :mod:`~homegame.rules.dealing`) and are
registered by :mod:`homegame.rules.kinds`. A new kind is one module: a rule (usually a subclass of
:class:`Automatic`, :class:`InTurn` or :class:`homegame.rules.choices.AtOnce`) and a call to
:func:`register`; a game file may then use it (its ``fields`` say which of :class:`Step`'s fields the
file may set).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import TYPE_CHECKING, Any

from homegame.cards import Card, cards
from homegame.rules.action import Option
from homegame.rules.errors import IllegalAction
from homegame.rules.state import NO_CARDS, CardsIn, HandState, StepCards, StepRule

if TYPE_CHECKING:
    from homegame.rules.step import Step

#: how a step's decisions are taken (:attr:`StepRule.timing`)
TIMINGS = ("automatic", "betting", "in-turn", "at-once")
_STR = [str(Card(i)) for i in range(52)]


_RULES: dict[str, StepRule] = {}


def register(kind: str, rule: StepRule) -> None:
    """Make ``rule`` the rule of steps of ``kind`` (replacing any rule the kind had): games built from now
    on may use the kind, and game files may name it."""
    if not isinstance(kind, str) or not kind.isascii() or not kind.replace("-", "").isalpha() or not kind.islower():
        raise ValueError(f"a step kind is a lower-case word, not {kind!r}")
    if kind == "repeat":
        raise ValueError("'repeat' is a game file's loop, not a step kind")
    if getattr(rule, "timing", None) not in TIMINGS:
        raise ValueError(f"a step rule's timing must be one of {', '.join(TIMINGS)}, not {getattr(rule, 'timing', None)!r}")
    _RULES[kind] = rule


def unregister(kind: str) -> None:
    """Forget the rule of ``kind`` (games built before keep it); KeyError when it has none."""
    del _RULES[kind]


def rule_for(kind: str) -> StepRule:
    """The rule of steps of ``kind``; ValueError naming the known kinds when there is none."""
    rule = _RULES.get(kind)
    if rule is None:
        raise ValueError(f"step kind {kind!r} is not known: the kinds are {', '.join(kinds())}")
    return rule


def kinds() -> tuple[str, ...]:
    """Every registered step kind, in the order registered."""
    return tuple(_RULES)


class KindsTimed:
    """The registered kinds of one timing, asked with ``in`` (``kind in SIMULTANEOUS``); it follows the
    registry, so a kind registered later is in it too."""

    __slots__ = ("timing",)

    def __init__(self, timing: str) -> None:
        self.timing = timing

    def __contains__(self, kind: object) -> bool:
        rule = _RULES.get(kind) if isinstance(kind, str) else None
        return rule is not None and rule.timing == self.timing

    def __iter__(self) -> Iterator[str]:
        return iter([k for k, r in _RULES.items() if r.timing == self.timing])

    def __repr__(self) -> str:
        return f"KindsTimed({self.timing!r}: {', '.join(self)})"


#: Step kinds in which every player still in chooses at once (``kind in SIMULTANEOUS``; the registry's
#: kinds of that timing, a kind registered later included).
SIMULTANEOUS = KindsTimed("at-once")
#: Step kinds in which the players that must decide choose one at a time.
SEQUENTIAL = KindsTimed("in-turn")
#: Step kinds the dealer carries out with no decision (deal, board, roll, showdown).
AUTOMATIC = KindsTimed("automatic")


def words(h: HandState, seat: int, action: str) -> tuple[str, list[str]]:
    """An action's verb (lower case) and its arguments; commas separate like spaces. IllegalAction for
    an empty action."""
    parts = (action.replace(",", " ") if "," in action else action).split()
    if not parts:
        raise IllegalAction(f"an empty action; legal now: {', '.join(h.legal(seat))}")
    return parts[0].lower(), parts[1:]


def card_text(named: CardsIn | None) -> str:
    """Cards given to :meth:`Hand.apply` as the text an action names them with ("" for none)."""
    if named is None:
        return ""
    if isinstance(named, str):
        return " ".join(_STR[c.id] for c in cards(named))
    return " ".join(_STR[Card(c).id] for c in named)


class Rule:
    """What most rules share: no fields, the options read from :meth:`legal`'s strings (a number is the
    option's min and max; none: every card the seat holds), and a record carried out as its text."""

    timing: str = "automatic"
    deals: bool = False
    fields: Mapping[str, tuple[str, Any]] = {}
    label: str = "Step"
    #: a record of this step names cards (``pass``, ``discard``...): :meth:`apply` writes them after its kind
    names_cards: bool = False

    def cards(self, step: Step) -> StepCards:
        """A step that deals, turns or holds back no card (a kind that does says how many)."""
        return NO_CARDS

    def start(self, h: HandState, step: Step) -> bool:
        raise NotImplementedError

    def legal(self, h: HandState, seat: int, step: Step) -> list[str]:
        raise NotImplementedError

    def options(self, h: HandState, seat: int, step: Step) -> tuple[Option, ...]:
        held = len(h.cards[seat])
        return tuple(Option(kind, int(rest), int(rest)) if rest else Option(kind, held, held)
                     for kind, _, rest in (a.partition(" ") for a in self.legal(h, seat, step)))

    def act(self, h: HandState, seat: int, step: Step, action: str) -> None:
        raise NotImplementedError

    def apply(self, h: HandState, seat: int, step: Step, option: Option, amount: int | None,
              named: CardsIn | None) -> None:
        if self.names_cards:
            text = card_text(named)
            h.act(seat, f"{option.kind} {text}" if text else option.kind)
        else:
            h.act(seat, option.text)

    def default(self, h: HandState, seat: int, step: Step) -> str:
        raise NotImplementedError

    def describe(self, step: Step) -> str:
        return f"{step.label}: {step.kind}"


class Automatic(Rule):
    """A step the dealer carries out with no decision: subclasses give :meth:`start`, which does the work
    and returns False (the hand goes on). Nobody ever owes it an action."""

    def legal(self, h: HandState, seat: int, step: Step) -> list[str]:
        return []

    def options(self, h: HandState, seat: int, step: Step) -> tuple[Option, ...]:
        return ()

    def act(self, h: HandState, seat: int, step: Step, action: str) -> None:
        raise IllegalAction(f"{step.label} needs no decision")

    def default(self, h: HandState, seat: int, step: Step) -> str:
        raise IllegalAction(f"{step.label} needs no decision")


class InTurn(Rule):
    """A step in which the seats that must decide do so one at a time: :meth:`order` gives them (doing
    any work that needs no decision first); :meth:`check` and :meth:`carry_out` take one seat's answer.
    The order is kept in ``h.turns``."""

    timing: str = "in-turn"

    def order(self, h: HandState, step: Step) -> list[int]:
        """The seats that decide in this step, in order (after any work that needs no decision)."""
        raise NotImplementedError

    def check(self, h: HandState, seat: int, step: Step, verb: str, args: list[str]) -> tuple[str, Any]:
        """(the action's normalised text, what :meth:`carry_out` needs); IllegalAction when refused."""
        raise NotImplementedError

    def carry_out(self, h: HandState, seat: int, step: Step, choice: Any) -> None:
        """Carry out an answer :meth:`check` accepted."""
        raise NotImplementedError

    def start(self, h: HandState, step: Step) -> bool:
        order = self.order(h, step)
        if not order:
            return False
        h.turns = order
        h.to_act = (order[0],)
        return True

    def act(self, h: HandState, seat: int, step: Step, action: str) -> None:
        verb, args = words(h, seat, action)
        text, choice = self.check(h, seat, step, verb, args)
        h.actions.append((seat, text))
        self.carry_out(h, seat, step, choice)
        if h.live <= 1:  # a strike's fold left one player
            h._settle()
            return
        order = h.turns
        order.pop(0)
        if order:
            h.to_act = (order[0],)
            return
        h.to_act = ()
        h._next_step()


class Showdown(Automatic):
    """The showdown: the hand is settled (:mod:`homegame.rules.showdown`) and over."""

    label: str = "Showdown"

    def start(self, h: HandState, step: Step) -> bool:
        h._settle()
        return True

    def describe(self, step: Step) -> str:
        return f"{step.label}: showdown"
