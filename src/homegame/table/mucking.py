"""Show or muck (issue 17): under the house rule "losers may muck" the engine keeps a beaten hand
unseen at the showdown; the table then asks each person whose hand that was whether to show it or muck
it, and the next deal waits for the answers, at most :func:`muck_window` seconds (then the hand is mucked). Nobody is
told a hand was mucked before its player chose or ran out of time. Bots are not asked. No I/O.
"""

from __future__ import annotations

from typing import Any

from homegame.table.seats import TableError
from homegame.table.turns import TableTurns

#: The least time a loser is given to read the show-or-muck question and answer it, in seconds.
MUCK_FLOOR = 8.0


def muck_window(between_hands: float, turn_seconds: float) -> float:
    """How long the losers of a showdown are asked to show or muck, in seconds: the table's pause
    between hands, but at least :data:`MUCK_FLOOR` to read the question, and never more than a turn.

    >>> muck_window(0, 20), muck_window(12, 20), muck_window(45, 20), muck_window(3, 5)
    (8.0, 12.0, 20.0, 5.0)
    """
    return float(min(turn_seconds, max(between_hands, MUCK_FLOOR)))


class ShowOrMuck(TableTurns):
    """The show-or-muck question put to the losers of the last hand, and their answers."""

    def _finish(self, now: float) -> None:
        super()._finish(now)
        results = self.hand.results or {}
        shown = results.get("shown") or {}
        assert self.start is not None
        asked = []
        for hs in results.get("mucked") or []:
            pos = self.start.dealt[int(hs)]
            seat = self.seats.get(pos)
            if seat is not None and seat.kind == "human" and seat.status != "leaving" and not shown.get(str(hs)):
                asked.append(pos)
        self.muck_ask = ({"hand": self.hand_number, "positions": asked, "deadline": now + muck_window(self.settings.between_hands, self.settings.turn_seconds)}
                         if asked else None)

    def _muck_pending(self, now: float) -> bool:
        """Whether the deal waits for a loser's show-or-muck answer; a clock run out mucks the hand."""
        ask = self.muck_ask
        if ask is None:
            return False
        if ask["hand"] != self.hand_number or not ask["positions"]:
            self.muck_ask = None
            return False
        if now >= float(ask["deadline"]):
            for pos in list(ask["positions"]):
                self._decide_muck(pos, "{} mucks (time ran out)")
            self.muck_ask = None
            return False
        return True

    def muck(self, pos: int) -> None:
        """The asked seat mucks its beaten hand: its cards stay unseen and the table says so."""
        ask = self.muck_ask
        if ask is None or pos not in ask["positions"]:
            raise TableError("there is no hand of yours to show or muck now; a player is asked after a "
                             "showdown their hand lost under the house rule 'losers may muck'")
        self._decide_muck(pos, "{} mucks")

    def _decide_muck(self, pos: int, notice: str | None) -> None:
        """``pos`` answered (or its clock ran out): no longer asked; ``notice`` says so, with the name."""
        ask: dict[str, Any] | None = self.muck_ask
        if ask is None or pos not in ask["positions"]:
            return
        ask["positions"] = [p for p in ask["positions"] if p != pos]
        seat = self.seats.get(pos)
        self._changed(notice.format(seat.name if seat is not None else f"Seat {pos + 1}") if notice else None)


__all__ = ["MUCK_FLOOR", "ShowOrMuck", "muck_window"]
