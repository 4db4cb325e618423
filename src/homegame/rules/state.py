"""The hand as the rules see it: the types every part of the engine below :mod:`homegame.rules.hand` names.

The hand (:class:`homegame.rules.hand.Hand`) drives the steps; the modules that carry them out (the step
rules, the betting, the dealing, the showdown, the views...) read and write the hand's records through
:class:`HandState` and read the game through :class:`GameRules`, so none of them imports the hand or the
game, and the hand imports them all. :class:`StepRule` is what one kind of step does (registered by kind in
:mod:`homegame.rules.steps`); :class:`StepCards` is how many cards a step takes. The three name each other,
so they live together here.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Any, NamedTuple, Protocol

from homegame.cards import Card

if TYPE_CHECKING:
    from homegame.evaluate.usage import Usage
    from homegame.rules.action import Option
    from homegame.rules.betting_state import Betting
    from homegame.rules.carduse import CardUse
    from homegame.rules.deck import Dealer
    from homegame.rules.events import Event
    from homegame.rules.history import History
    from homegame.rules.options import HandOptions
    from homegame.rules.stakes import Stakes
    from homegame.rules.step import Step
    from homegame.rules.view_types import View

#: cards as an action, a preset or a caller names them: text (``"As 7d"``) or cards, their text or ids
CardsIn = str | Iterable[str | int | Card]


class StepCards(NamedTuple):
    """How many cards one step takes, as its kind's rule counts them (:meth:`StepRule.cards`); the game adds
    them up over its steps (:meth:`homegame.rules.spec.Game.final_counts` and the deck it needs).

    - ``dealt``: cards dealt to every player still in (a ``deal``'s faces);
    - ``keep``: the cards a player holds after the step, at most (a ``discard``; None: no limit);
    - ``board``: community cards turned; ``burned``: cards burned with them;
    - ``drawn``: the most replacement cards one player may be dealt (a ``draw``), from its own discards;
    - ``reserve``: (``key``, cards): the most extra cards the step may deal over the hand, shared by every
      step with the same ``key`` (every ``buy`` of the fours buys from the same four cards).
    """

    dealt: int = 0
    keep: int | None = None
    board: int = 0
    burned: int = 0
    drawn: int = 0
    reserve: tuple[str, int] | None = None


#: a step that takes no card
NO_CARDS = StepCards()


class StepRule(Protocol):
    """What one kind of step does. ``h`` is the hand, ``seat`` one of ``h.to_act``, ``step`` the step
    the hand is in (the hand asks about a decision only while the seat owes one)."""

    #: ``automatic`` (no decision), ``betting``, ``in-turn`` (one seat at a time) or ``at-once`` (every
    #: seat still in chooses, hidden until all have)
    timing: str
    #: the step turns cards the run-it-twice option may deal twice (the hand checks for it first)
    deals: bool
    #: the game file's fields for this kind: ``name -> (type, default)`` with ``name`` a field of
    #: :class:`~homegame.rules.step.Step` and ``type`` one of :mod:`homegame.games.gamefile`'s
    #: (``"int 1 5"``, ``"bool"``, ...); the default ``"required"`` means the file must give it
    fields: Mapping[str, tuple[str, Any]]
    #: the label a game file's step of this kind gets when it gives none
    label: str

    def cards(self, step: Step) -> StepCards:
        """How many cards ``step`` takes (the game adds them up to size its deck and its hands)."""
        ...

    def start(self, h: HandState, step: Step) -> bool:
        """Run the step as the hand reaches it; True when the hand must wait (a seat owes a decision,
        or the hand is over), False to go on to the next step."""
        ...

    def legal(self, h: HandState, seat: int, step: Step) -> list[str]:
        """The seat's legal actions as the contract writes them."""
        ...

    def options(self, h: HandState, seat: int, step: Step) -> tuple[Option, ...]:
        """The same actions as records, one per string of :meth:`legal`, in its order."""
        ...

    def act(self, h: HandState, seat: int, step: Step, action: str) -> None:
        """Check ``action`` (text), carry it out and move the hand on; IllegalAction, nothing changed,
        when it is not allowed."""
        ...

    def apply(self, h: HandState, seat: int, step: Step, option: Option, amount: int | None,
              named: CardsIn | None) -> None:
        """Carry out ``option``, one of :meth:`options` (the hand has checked that), with the ``amount``
        or the ``named`` cards it needs; IllegalAction, nothing changed, when they do not fit."""
        ...

    def default(self, h: HandState, seat: int, step: Step) -> str:
        """What a turn timer plays for the seat."""
        ...

    def describe(self, step: Step) -> str:
        """The step in words, after its label ("Flop: burn one, turn 3 community cards")."""
        ...


class GameRules(Protocol):
    """A game as the engine reads it (:class:`homegame.rules.spec.Game` is one): its steps with their rules,
    how hands are made and split, and the counts worked out from the steps."""

    @property
    def name(self) -> str: ...
    @property
    def title(self) -> str: ...
    @property
    def file(self) -> str | None: ...
    @property
    def phh(self) -> tuple[tuple[str, str], ...]: ...
    @property
    def rules(self) -> dict[str, Any]: ...
    @property
    def steps(self) -> tuple[Step, ...]: ...
    @property
    def step_rules(self) -> tuple[StepRule, ...]: ...
    @property
    def min_players(self) -> int: ...
    @property
    def max_players(self) -> int: ...
    @property
    def use(self) -> CardUse: ...
    @property
    def usage(self) -> Usage: ...
    @property
    def split(self) -> str: ...
    @property
    def low(self) -> str: ...
    @property
    def qualifier(self) -> int | None: ...
    @property
    def swing_ties(self) -> bool: ...
    @property
    def showdown_cards_count(self) -> bool: ...
    @property
    def spade(self) -> str | None: ...
    @property
    def source(self) -> str | None: ...
    @property
    def ranks(self) -> str: ...
    @property
    def wild(self) -> str: ...
    @property
    def ranking(self) -> str: ...
    @property
    def cards(self) -> tuple[int, ...]: ...

    def cards_needed(self, players: int) -> int: ...
    def hole_count(self) -> int: ...
    def most_received(self) -> int: ...
    def final_counts(self) -> tuple[int, int]: ...

    def deal(self, stacks: Iterable[int], *, stakes: Stakes, button: int = 0, seed: int | None = None,
             hole: Mapping[int, CardsIn] | None = None, board: CardsIn | None = None,
             deck: CardsIn | None = None, options: Mapping[str, Any] | None = None,
             rng: random.Random | None = None) -> HandState:
        """A new hand of this game (a replay deals one to follow another)."""
        ...


class HandState(Protocol):
    """One hand's records as the rules read and write them (:class:`homegame.rules.hand.Hand` holds them),
    and the few things they ask of the hand. A record's comment in ``Hand.__init__`` says who writes it."""

    game: GameRules
    stakes: Stakes
    button: int
    players: int
    starting: list[int]
    stacks: list[int]
    betting: Betting
    totals: list[int]
    dead: list[int]
    folded: list[bool]
    live: int
    rows: tuple[tuple[int, ...], ...]
    cards: list[list[int]]
    faceup: list[list[bool]]
    board: list[int]
    burned: list[int]
    mucked: list[int]
    turns: list[int]
    declared: list[str | None]
    pending: dict[int, list[int] | str]
    pending_text: dict[int, str]
    step_index: int
    over: bool
    to_act: tuple[int, ...]
    actions: list[tuple[int, str]]
    dealer: Dealer
    options: HandOptions
    agreements: list[tuple[int, int, bool]]
    runs: list[tuple[list[int], list[list[int]]]] | None
    shows: list[tuple[int, list[int]]]
    run_checked: bool
    _log: list[Event]
    _offered: tuple[int, tuple[Option, ...]] | None
    _pending: tuple[Any, ...] | None
    _results: dict[str, Any] | None
    _payoffs: list[int] | None

    @property
    def results(self) -> dict[str, Any] | None: ...
    @results.setter
    def results(self, value: dict[str, Any] | None) -> None: ...
    @property
    def history(self) -> History: ...
    @property
    def event_records(self) -> list[Event]: ...
    @property
    def events(self) -> list[dict[str, Any]]: ...
    @property
    def step(self) -> Step | None: ...

    def log(self, kind: str, seat: int | None, text: str, *args: Any, **extra: Any) -> None: ...
    def legal(self, seat: int) -> list[str]: ...
    def legal_actions(self, seat: int) -> tuple[Option, ...]: ...
    def act(self, seat: int, action: str) -> None: ...
    def view(self, seat: int | None = None) -> View: ...
    def deck_order(self) -> list[int]: ...
    def showable(self, seat: int) -> list[str]: ...
    def rabbit(self) -> list[str]: ...
    def _next_step(self) -> None: ...
    def _settle(self) -> None: ...
