"""The hand's public log as frozen records: one :class:`Event` for every thing that happened.

Each transition of a hand (a deal, a forced bet, a move, a card turned, a show, a win) appends one
``Event``; the hand's ``event_records`` lists them in order. Readers in the engine use the fields (who,
what kind, which cards); the words are written only when somebody reads :attr:`Event.text`, and the
wire's form, ``{"type", "seat", "text", ...}`` (``view["log"]``, stored hands), is :meth:`Event.to_dict`.
Nothing here may name a face-down card: the log is public.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, NamedTuple

from homegame.cards import Card

_STR = [str(Card(i)) for i in range(52)]


class Shown(tuple[int, ...]):
    """Card ids in an event, written out only when the event is read: ``str`` joins them with spaces
    (for the text), :meth:`text` lists them (for the event's ``cards``).

    >>> s = Shown([51, 0]); str(s), s.text()
    ('As 2c', ['As', '2c'])
    """

    __slots__ = ()

    def __str__(self) -> str:
        return " ".join(_STR[c] for c in self)

    def text(self) -> list[str]:
        """The cards as text."""
        return [_STR[c] for c in self]


NO_EXTRA: Mapping[str, Any] = {}  # the events' empty extras (shared: read, never written)


class Event(NamedTuple):
    """One public event: its ``kind`` (the wire's ``"type"``), the ``seat`` it is about (None: the
    table's), a ``str.format`` ``template`` and its ``args`` (cards as :class:`Shown` ids), and
    ``extra`` fields for the wire (``cards``, ``to``, ``action``; read only).

    >>> e = Event("board", None, "{}: {}", ("Flop", Shown([51, 0, 4])), {"cards": Shown([51, 0, 4])})
    >>> e.text, e.cards
    ('Flop: As 2c 3c', (51, 0, 4))
    >>> e.to_dict()
    {'type': 'board', 'seat': None, 'text': 'Flop: As 2c 3c', 'cards': ['As', '2c', '3c']}
    """

    kind: str
    seat: int | None
    template: str
    args: tuple[Any, ...] = ()
    extra: Mapping[str, Any] = NO_EXTRA

    @property
    def text(self) -> str:
        """The event in words (the template filled in; a template without args is the text itself)."""
        return self.template.format(*self.args) if self.args else self.template

    @property
    def cards(self) -> tuple[int, ...]:
        """The ids of the cards the event turns or shows (``extra["cards"]``), empty when it names none."""
        named = self.extra.get("cards", ())
        return named if type(named) is Shown else tuple(Card(c).id for c in named)

    def to_dict(self) -> dict[str, Any]:
        """The wire's form: ``{"type", "seat", "text"}`` and the extras (cards as text)."""
        out: dict[str, Any] = {"type": self.kind, "seat": self.seat, "text": self.text}
        if self.extra:
            out.update({k: v.text() if type(v) is Shown else v for k, v in self.extra.items()})
        return out


new_event = tuple.__new__  # an Event from its five fields at C speed: new_event(Event, (kind, seat, ...))
