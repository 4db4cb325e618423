"""A player acts in the live hand: checked against the decision it answers and whose turn it is, the
engine's refusals told in table seats; and the choices around a hand (run it twice, show). No I/O.
"""

from __future__ import annotations

import re

from homegame.rules.errors import IllegalAction
from homegame.table.seats import StaleDecision, TableError
from homegame.table.state import DECISION_BASE
from homegame.table.status import people
from homegame.table.turns import TableTurns

_HAND_SEAT = re.compile(r"\bseat (\d+)\b")


class Acting(TableTurns):
    """A seat's own actions in and after a hand."""

    def act(self, pos: int, action: str, now: float, *, decision: int | None = None) -> None:
        """``pos`` plays ``action`` in the live hand; ``IllegalAction`` leaves everything as it was.

        ``decision``, when given, must be :meth:`decision` of ``pos``: otherwise :class:`StaleDecision`.
        """
        now = self._tick(now)
        if not self.live:
            if decision is not None:
                raise StaleDecision(self._stale(pos, decision))
            raise TableError("no hand is being played; wait for the next deal")
        hs = self.hand_seat(pos)
        if hs is None:
            raise TableError(f"seat {pos + 1} is not in this hand")
        if decision is not None and decision != self.decision(pos):
            raise StaleDecision(self._stale(pos, decision))
        if self.paused:
            raise TableError("the host has paused the game; every clock is stopped until the host resumes")
        if pos not in self.owing():
            raise IllegalAction(self._not_your_turn(pos, hs))
        try:
            self.hand.act(hs, action)
        except IllegalAction as exc:
            raise IllegalAction(self._table_words(str(exc))) from None
        self.actions.append((hs, action))
        self.pre_actions.pop(pos, None)
        seat = self.seats.get(pos)
        if seat is not None and seat.kind == "human" and pos in self.turn_started:
            used = now - self.turn_started[pos]
            bank = max(0.0, seat.bank - max(0.0, used - self.settings.turn_seconds))
            if bank != seat.bank:  # the stored state must keep what was spent (a resumed hand charges it)
                seat.bank = bank
                self._changed()
        self.deadlines.pop(pos, None)
        self.turn_started.pop(pos, None)
        self.decision_at.pop(pos, None)
        self._after_action(now)

    def _stale(self, pos: int, decision: int) -> str:
        hand, count = divmod(decision, DECISION_BASE)
        current = self.decision(pos)
        owes = "you owe no decision now" if current is None else f"you now owe decision {current}"
        return (f"that action answered decision {decision} (hand {hand}, after {count} actions), but the hand "
                f"has moved on (hand {self.hand_number}, {len(self.actions)} actions): {owes}; nothing was "
                "changed")

    def _not_your_turn(self, pos: int, hs: int) -> str:
        names = [f"{self.seats[p].name} (seat {p + 1})" if p in self.seats else f"seat {p + 1}"
                 for p in self.owing()]
        if hs in getattr(self.hand, "pending", {}):
            return f"you have already chosen; waiting for {people(names)}"
        return f"it is not your turn; the table waits for {people(names) or 'nobody'}"

    def _table_words(self, message: str) -> str:
        """An engine message with its hand seats (from 0) told as table seats (from 1)."""
        assert self.start is not None
        dealt = self.start.dealt
        return _HAND_SEAT.sub(lambda m: f"seat {dealt[int(m.group(1))] + 1}" if int(m.group(1)) < len(dealt)
                              else m.group(0), message)

    def agree_run_twice(self, pos: int, value: bool) -> None:
        """The seat at ``pos`` agrees (or no longer agrees) to run the board twice in the live hand."""
        if not self.settings.house.get("run_twice"):
            raise TableError("the host has not allowed running it twice at this table")
        hs = self.hand_seat(pos)
        if not self.live or hs is None:
            raise TableError("running it twice is agreed during a hand you are dealt into")
        try:
            self.hand.agree_run_twice(hs, value)
        except IllegalAction as exc:
            raise TableError(str(exc)) from exc
        self.agreements.append([len(self.actions), hs, value])
        self.agreements_hand = self.hand_number
        self._changed()

    def show(self, pos: int, cards: list[str] | None) -> list[str]:
        """After the hand, the seat at ``pos`` shows some (``cards``) or all (None) of its unseen cards."""
        hs = self.hand_seat(pos)
        if self.hand is None or hs is None:
            raise TableError("you were not dealt into the last hand, so there is nothing of yours to show")
        if not self.hand.over:
            raise TableError("cards are shown by choice once the hand is over")
        try:
            shown: list[str] = self.hand.show(hs, cards)
        except IllegalAction as exc:
            raise TableError(str(exc)) from exc
        if self.muck_ask is not None and pos in self.muck_ask["positions"]:  # a show answers the show-or-muck question
            self.muck_ask["positions"] = [p for p in self.muck_ask["positions"] if p != pos]
        self._changed()
        return shown


__all__ = ["Acting"]
