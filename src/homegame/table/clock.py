"""Time: what is due at ``now`` (bots act, clocks run out, the dealer's choice is made) and when the
next thing is due. The caller owns the clock and calls :meth:`Clock.advance`. No I/O.
"""

from __future__ import annotations

from homegame.table.choice import DealersChoice
from homegame.table.mucking import ShowOrMuck

#: The most due actions one :meth:`Clock.advance` plays (a whole hand of bots, and then some).
MAX_DUE = 200


class Clock(DealersChoice, ShowOrMuck):
    """What moves the table by itself as time passes."""

    def next_wakeup(self, now: float) -> float | None:
        """The earliest time something is due (a bot, a timeout, a choice, the next deal), possibly
        already past; ``None`` when only a message can move the table (see :meth:`waiting`)."""
        self._tick(now)
        if self.paused:
            return None
        times = list(self.deadlines.values()) if self.live else []
        if self.choose_deadline is not None:
            times.append(self.choose_deadline)
        muck = self.muck_ask  # the losers' show-or-muck window runs out on time, whenever the next deal is
        muck_due = float(muck["deadline"]) if muck is not None and muck["positions"] and not self.live else None
        if muck_due is not None:
            times.append(muck_due)
        if self._can_deal() and (self.next_game() is not None or self.chooser is None):
            due = self.next_hand_at if self.next_hand_at is not None else now
            ask = self.straddle_ask  # the deal waits for the straddler's answer, at most until its clock runs out
            due = max(due, float(ask["deadline"])) if ask is not None else due
            times.append(due if muck_due is None else max(due, muck_due))
        return min(times) if times else None

    def advance(self, now: float, most: int = MAX_DUE) -> bool:
        """Do what is due at ``now``: bots act, clocks run out, the dealer's choice; ``True`` if any.

        At most ``most`` actions are played: a caller that must not hold its thread long (the server's
        event loop) plays one and calls again, since :meth:`next_wakeup` still says what is due."""
        now = self._tick(now)
        if self.paused:
            return False
        did = False
        played = 0
        while played < most:
            due = sorted((t, p) for p, t in self.deadlines.items() if t <= now)
            if not due or not self.live:
                break
            pos = due[0][1]
            if pos not in self.owing():
                del self.deadlines[pos]
                continue
            seat = self.seats.get(pos)
            human = seat is not None and seat.kind == "human" and seat.status != "leaving"
            action = self._default_for(pos)
            hs = self.start.dealt.index(pos) if self.start is not None else 0
            seq = len(self.actions)  # the index the table's action gets (pre-actions it sets off come after)
            try:
                self._play_for(pos, hs, action, now)
            except ValueError:
                action = str(self.hand.default_action(hs))
                self._play_for(pos, hs, action, now)
            played += 1
            if human and seat is not None:
                seat.bank = 0.0
                self.timed_out.append(pos)
                self.timeouts.append({"position": pos, "hand_seat": hs, "seq": seq})
                # the hand's own line says what the table played ("Bob timed out and passes", marked from
                # ``timeouts``); the table's log says once, after it, what follows from it
                self._changed(None if seat.sitting_out else
                              f"{seat.name} (seat {pos + 1}) is away (the time ran out): checks or folds until back"
                              if self.settings.tournament else
                              f"{seat.name} (seat {pos + 1}) sits out from the next hand: the time ran out")
                seat.sitting_out = True
            did = True
        if self.muck_ask is not None and not self.live:
            revision = self.revision
            self._muck_pending(now)  # a show-or-muck window that ran out mucks the hand
            did = did or self.revision != revision
        did = self._advance_choice(now) or did
        return did


__all__ = ["MAX_DUE", "Clock"]
