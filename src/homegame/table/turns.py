"""Whose turn it is: after every action the table settles a finished hand, or gives each seat that owes a
decision its clock and plays a pre-action whose turn has come (see :mod:`homegame.table.advance`).

These are the steps every way of acting ends in (a player, a bot, a timeout, a pre-action). No I/O.
"""

from __future__ import annotations

from typing import Any

from homegame.table import advance
from homegame.table.seats import TableError
from homegame.table.state import TableState


class TableTurns(TableState):
    """The clocks of the seats that owe a decision, pre-actions, and the end of a hand."""

    def _after_action(self, now: float) -> None:
        """After any action: settle a finished hand, or drop the pre-actions that no longer hold,
        give the seats that owe a decision their clocks, and play a pre-action whose turn has come."""
        if self.hand.over:
            self.pre_actions.clear()
            self._finish(now)
            return
        self._check_pre_actions()
        self._refresh_clocks(now)
        self._apply_pre_action(now)

    def _refresh_clocks(self, now: float) -> None:
        """Give every seat that owes a decision a clock (due at once for a seat nobody holds)."""
        owing = set(self.owing())
        if self.paused and self.paused_at is None:
            self.paused_at = now
        for clocks in (self.deadlines, self.frozen, self.turn_started, self.decision_at):
            for pos in [p for p in clocks if p not in owing]:
                del clocks[pos]
        for pos in sorted(owing):
            seat = self.seats.get(pos)
            gone = seat is None or seat.status == "leaving"
            self.decision_at.setdefault(pos, len(self.actions))
            if pos in self.deadlines or pos in self.frozen:
                if gone:
                    (self.frozen if self.paused else self.deadlines)[pos] = 0.0 if self.paused else now
                continue
            if gone or seat is None:
                duration = 0.0
            elif seat.kind == "bot":
                duration = self.settings.bot_delay
            else:
                duration = self.settings.turn_seconds + seat.bank
                self.turn_started[pos] = now
            if self.paused:
                self.frozen[pos] = duration
            else:
                self.deadlines[pos] = now + duration

    def _play_for(self, pos: int, hs: int, action: str, now: float) -> None:
        """The table plays ``action`` for ``pos`` (a bot, a timeout, a seat nobody holds)."""
        self.hand.act(hs, action)
        self.actions.append((hs, action))
        self.deadlines.pop(pos, None)
        self.turn_started.pop(pos, None)
        self.decision_at.pop(pos, None)
        self._after_action(now)

    def _default_for(self, pos: int) -> str:
        hs = self.hand_seat(pos)
        assert hs is not None or pos in self.owing()
        if hs is None:
            assert self.start is not None
            hs = self.start.dealt.index(pos)
        seat = self.seats.get(pos)
        if seat is not None and seat.kind == "bot" and pos in self._bots:
            try:
                action = self._bots[pos](self.hand.view(hs))
                if isinstance(action, str) and action:
                    return action
            except Exception:  # noqa: BLE001 - a broken bot must not stop the table
                pass
        if (seat is None or seat.status == "leaving") and "fold" in self.hand.legal(hs):
            return "fold"
        return str(self.hand.default_action(hs))

    def _finish(self, now: float) -> None:
        assert self.start is not None
        for i, pos in enumerate(self.start.dealt):
            seat = self.seats.get(pos)
            if seat is not None:
                seat.stack = self.start.stacks[i] + int(self.hand.payoffs[i])
        for seat in [s for s in self.seats.values() if s.status == "leaving"]:
            self._cash_out(seat)
        for seat in [s for s in self.seats.values() if s.kind == "bot" and s.status == "active" and s.stack == 0]:
            if seat.rebuys < self.settings.bot_rebuys:
                # a bot that fills a seat buys in again rather than leave the table short, a few times
                seat.rebuys += 1
                seat.stack = self.settings.buy_in
                self._book(seat, "buy-in", seat.stack)
                self._changed(f"{seat.name} buys in again for {seat.stack} "
                              f"(rebuy {seat.rebuys} of {self.settings.bot_rebuys})")
            else:
                self._cash_out(seat)
                if not self.settings.tournament:  # a tournament's table said "is out" as it left
                    self._changed(f"{seat.name} (seat {seat.position + 1}) is out of chips after "
                                  f"{seat.rebuys} rebuys and leaves the table")
        self.deadlines.clear()
        self.frozen.clear()
        self.turn_started.clear()
        self.decision_at.clear()
        self.next_hand_at = now + self.settings.between_hands
        self._changed()

    def _facing(self, pos: int) -> list[int] | None:
        """What a pre-action of ``pos`` would be queued against now, ``None`` if it cannot have one."""
        hs = self.hand_seat(pos)
        seat = self.seats.get(pos)
        if (not self.live or hs is None or seat is None or seat.status == "leaving" or not self.hand.in_round
                or self.hand.folded[hs]):
            return None
        return advance.facing(self.hand, self.hand_number, hs)

    def set_pre_action(self, pos: int, text: str | None) -> None:
        """Queue ``text`` (see :data:`homegame.table.advance.PRE_ACTIONS`) for ``pos``, or clear it (``None``).

        It is played the moment the seat's decision comes, and dropped (``pre_dropped``) as soon as the
        bet the seat faces (except for ``call any``), the betting round or the hand changes.
        """
        seat = self._seat(pos)
        if text is None:
            if self.pre_actions.pop(pos, None) is not None:
                self._changed()
            return
        if seat.kind != "human":
            raise TableError("only a player queues a pre-action")
        if not self.live:
            raise TableError("no hand is being played; a pre-action is for the hand in play")
        hs = self.hand_seat(pos)
        if hs is None:
            raise TableError(f"seat {pos + 1} is not in this hand")
        if self.hand.folded[hs]:
            raise TableError("you have folded this hand")
        if pos in self.owing():
            raise TableError("it is your turn now: act instead of queueing a pre-action")
        key = self._facing(pos)
        if key is None:
            raise TableError("acting in advance works only in a betting round; wait for your turn")
        if int(self.hand.stacks[hs]) == 0:
            raise TableError("you are all in: there is nothing left for you to decide")
        kind, amount = advance.parse(text, key[2])
        self.pre_actions[pos] = {"action": kind, "amount": amount, "key": key, "sid": seat.sid}
        self._changed()

    def pre_action(self, pos: int) -> dict[str, Any] | None:
        """The pre-action ``pos`` has queued, as its own state shows it: ``{"action", "amount"}``."""
        pre = self.pre_actions.get(pos)
        return None if pre is None else {"action": pre["action"], "amount": pre["amount"]}

    def _check_pre_actions(self) -> None:
        for pos, pre in list(self.pre_actions.items()):
            seat = self.seats.get(pos)
            key = self._facing(pos) if seat is not None and seat.sid == pre["sid"] else None
            if key is not None and pre["action"] == "call any" and key[:2] == pre["key"][:2]:
                pre["key"] = key  # "call any" calls whatever the bet becomes in this round
            if key != pre["key"]:
                del self.pre_actions[pos]
                if seat is not None and seat.sid == pre["sid"]:
                    self.pre_dropped.append((pos, advance.drop_reason(pre, key)))
                self._changed()

    def _apply_pre_action(self, now: float) -> None:
        """Play the pre-action of a seat whose decision has come (at once: no clock, no delay)."""
        if self.paused or not self.live:
            return
        for pos in self.owing():
            pre = self.pre_actions.pop(pos, None)
            hs = self.hand_seat(pos)
            if pre is None or hs is None:
                continue
            action = advance.resolve(pre["action"], {option.kind for option in self.hand.legal_actions(hs)})
            if action is None:
                self.pre_dropped.append((pos, f"your pre-action '{advance.label(pre)}' cannot be played "
                                              "now; choose an action"))
                self._changed()
                continue
            self._changed()
            self._play_for(pos, hs, action, now)
            return


__all__ = ["TableTurns"]
