"""The shape of a seat's view (``hand.view(seat)``) as typed records: what the server sends to the page and
to bots, and what ``docs/view.schema.json`` is generated from (``python -m homegame.server.schema``).

Plain ``TypedDict`` records (from ``typing_extensions``, which a schema generator reads on Python 3.11 too):
a view stays the JSON-serialisable dict CONTRACT.md promises, and ``mypy`` and the schema know its keys.
Nothing here builds a view (:mod:`homegame.rules.views` does) and nothing here does I/O.

A view is :class:`CommonView` (what every seat and a spectator see alike) joined with :class:`OwnView`
(the seat's own part); their keys never overlap.
"""

from __future__ import annotations

from typing import Any, Literal, NotRequired

from typing_extensions import TypedDict

#: The kinds of :class:`LegalOption` (the first word of its ``text``).
OptionKind = Literal["fold", "check", "call", "bet", "raise", "pass", "discard", "expose", "arrange", "declare"]


class LegalOption(TypedDict):
    """One action a seat may take now, as a record beside the legal string it stands for.

    - ``kind``: what the action is (the first word of ``text``);
    - ``cards``: how many of its own cards the action names (``pass``, ``discard``: that many, a draw
      offers one record per count, 0 = stand pat; ``expose``: 1; ``arrange``: all the seat holds),
      ``None`` for an action that names no card;
    - ``min``, ``max``: the chips it costs or the range of its total (``call``: both the cost; ``bet``,
      ``raise``: the smallest and largest total the seat's bet in this round may come to), else 0;
    - ``choice``: a declaration's side (``"high"``, ``"low"``, ``"both"``), else ``None``;
    - ``text``: the action as ``view["legal"]`` (CONTRACT.md) writes it.
    """

    kind: OptionKind
    cards: int | None
    min: int
    max: int
    choice: Literal["high", "low", "both"] | None
    text: str


class StepView(TypedDict):
    """The step the hand is at (``{"kind": "over", "label": "Over"}`` once it is over)."""

    kind: str
    label: str


class SeatView(TypedDict):
    """One seat at the table as everyone sees it."""

    seat: int
    stack: int
    bet: int
    in_pot: int
    folded: bool
    all_in: bool
    up: list[str]
    down: int
    shown: list[str] | None
    declared: str | None
    ready: bool


class PotView(TypedDict):
    """A pot and the seats that may win it."""

    amount: int
    eligible: list[int]


class UncalledView(TypedDict):
    """The part of the biggest bet nobody matched, back to the seat that made it."""

    seat: int
    amount: int


class ResultsView(TypedDict):
    """How the hand ended: each seat's net, the awards, the hands shown and mucked."""

    payoffs: list[int]
    awards: list[dict[str, Any]]
    shown: dict[str, list[str]]
    uncalled: UncalledView | None
    mucked: list[int]
    runs: list[dict[str, Any]] | None


class WildView(TypedDict):
    """The game's wild cards: as declared, wild for everyone now, and wild in the seat's own hand."""

    declared: str
    now: list[str]
    mine: NotRequired[list[str]]


class CommonView(TypedDict):
    """The part of a view every seat and a spectator see alike."""

    game: str
    title: str
    rules: dict[str, str | int | bool | list[int] | None]  # the house rules in force (see docs/games)
    stakes: dict[str, Any]
    button: int
    step: StepView
    street: str
    board: list[str]
    seats: list[SeatView]
    pot: int
    pots: list[PotView]
    to_act: list[int]
    over: bool
    results: ResultsView | None
    log: list[str]
    options: dict[str, Any]  # the hand's options that differ from the defaults (run it twice, ...)
    straddle: int | None
    runs: list[list[str]] | None
    rabbit: list[str] | None
    file: NotRequired[str]  # a game read from a file: the file's digest (bots rebuild that very game)
    boards: NotRequired[list[list[str]]]  # a game of several boards: each board's cards so far


class OwnView(TypedDict):
    """The seat's own part of a view (a spectator's: empty lists and ``None``)."""

    seat: int | None
    pass_to: int | None
    cards: list[str]
    up: list[str]
    legal: list[str]
    legal_options: list[LegalOption]
    chosen: str | None
    can_show: list[str]
    wild: WildView | None
    log_mine: dict[str, str]


class View(CommonView, OwnView):
    """Everything one seat (or a spectator, ``seat`` None) may know now: ``hand.view(seat)``."""


__all__ = ["CommonView", "LegalOption", "OptionKind", "OwnView", "PotView", "ResultsView", "SeatView", "StepView",
           "UncalledView", "View", "WildView"]
