"""A table across many hands: seats, the button, dealer's choice, sitting out, turn clocks, the ledger.

No I/O and no clock: every method that depends on time takes ``now`` (seconds, any epoch), and the
deck is handed in by the caller (the server shuffles and commits to it). The server drives a table
from a single task; the table is not thread-safe.

:class:`Table` is put together from one module per kind of change, each reading the state of
:mod:`.state`: :mod:`.turns` (clocks, pre-actions, the end of a hand), :mod:`.seating`, :mod:`.host`,
:mod:`.choice` (dealer's choice), :mod:`.dealing`, :mod:`.acting` and :mod:`.clock`. What people see
(:meth:`Table.view`, :meth:`Table.public`), the invariants and the stored form are here.
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from typing import Any

from homegame.rules.view_types import CommonView, OwnView
from homegame.rules.views import view_parts
from homegame.table.acting import Acting
from homegame.table.autoplay import make_bot
from homegame.table.chat import Chat
from homegame.table.clock import Clock
from homegame.table.dealing import RESUME_GRACE, Dealing
from homegame.table.gamefiles import MAX_GAME_FILES, MAX_TABLE_BYTES, describe
from homegame.table.host import HostControls
from homegame.table.ledger import Ledger
from homegame.table.seating import Seating
from homegame.table.seats import NAME_LIMIT, Seat, Settings, name_key
from homegame.table.start import HandStart, make_game, make_stakes
from homegame.table.state import DECISION_BASE
from homegame.table.status import waiting_reason
from homegame.table.wild_words import wild_state


class Table(Seating, HostControls, Dealing, Acting, Clock):
    """Seats, settings, the ledger and the current hand of one table.

    The table is a state machine: between hands (waiting for players, for the host, for a dealer's
    choice, or for the deal time), or in a live hand where every seat that owes a decision has a clock
    (frozen while the host pauses). :meth:`check_invariants` states what must hold after every step.
    """

    def __init__(self, settings: Settings | None = None, *, seed: int | None = None) -> None:
        super().__init__(settings or Settings(), random.Random(seed))

    # ----- the state machine's promise ---------------------------------------------------------
    def waiting(self) -> dict[str, Any] | None:
        """Why nothing moves by itself now (``{"code", "message"}``), or ``None``: see
        :func:`homegame.table.status.waiting_reason`."""
        return waiting_reason(self)

    def check_invariants(self, now: float) -> None:
        """Raise ``AssertionError`` unless the table is in a sound state.

        While a hand is live, every seat that owes a decision has a running clock (or, paused, a
        frozen one) and nothing else has; between hands either the table moves by itself (a deal or
        a dealer's choice is due at some time) or :meth:`waiting` says why not.
        """
        owing = set(self.owing())
        for pos, seat in self.seats.items():
            assert seat.position == pos, f"seat {pos} thinks it is at {seat.position}"
            assert seat.stack >= 0, f"{seat.name} has a negative stack"
            assert seat.status != "pending" or seat.stack == 0, f"pending {seat.name} has chips"
        keys = [name_key(s.name) for s in self.seats.values()]
        assert len(keys) == len(set(keys)), f"two seats share a name: {keys}"
        if self.live:
            assert owing, "a live hand where nobody owes a decision"
            assert set(self.decision_at) == owing, (self.decision_at, owing)
            for pos in owing:
                assert self.start is not None and self.seats.get(pos) is not None, \
                    f"position {pos} owes a decision but its seat is gone"
            if self.paused:
                assert not self.deadlines and set(self.frozen) == owing, (self.frozen, owing)
                assert self.waiting() is not None
            else:
                assert not self.frozen and set(self.deadlines) == owing, (self.deadlines, owing)
                wake = self.next_wakeup(now)
                assert wake is not None and wake <= min(self.deadlines.values())
            for pos, pre in self.pre_actions.items():
                assert self.paused or pos not in owing, f"seat {pos + 1} owes a decision with a pre-action queued"
                assert self._facing(pos) == pre["key"], f"seat {pos + 1} keeps a pre-action that no longer holds"
        else:
            assert not self.deadlines and not self.frozen and not self.decision_at
            assert not self.pre_actions, "a pre-action outlives its hand"
            if self.waiting() is None:
                assert self.next_wakeup(now) is not None, "between hands with nothing due and no reason given"

    # ----- what players see --------------------------------------------------------------------
    def view(self, pos: int | None) -> dict[str, Any] | None:
        """The current (or last) hand as ``pos`` may see it; ``None`` before the first hand."""
        if self.hand is None:
            return None
        hs = None if pos is None else self.hand_seat(pos)
        view: dict[str, Any] = self.hand.view(hs)
        return view

    def view_parts(self, positions: Iterable[int | None]) -> (
            tuple[CommonView, dict[int | None, OwnView]] | None):
        """:meth:`view` for each of ``positions`` at once, in two parts (``None`` before the first hand): what
        all of them see alike, built once, and each one's own (see :func:`homegame.rules.views.view_parts`)."""
        if self.hand is None:
            return None
        seats = {pos: None if pos is None else self.hand_seat(pos) for pos in dict.fromkeys(positions)}
        common, own = view_parts(self.hand, seats.values())
        return common, {pos: own[hs] for pos, hs in seats.items()}

    def _clock_parts(self, pos: int, seat: Seat) -> dict[str, Any]:
        """A human's turn clock and time bank apart: ``turn_ends`` (when the turn time runs out and the
        bank starts, while the clock runs), or, paused, ``turn_left`` and ``bank_left`` in seconds."""
        out: dict[str, Any] = {"turn_ends": None, "turn_left": None, "bank_left": None}
        if seat.kind != "human":
            return out
        if pos in self.deadlines and pos in self.turn_started:
            out["turn_ends"] = self.turn_started[pos] + self.settings.turn_seconds
        elif pos in self.frozen:
            left = self.frozen[pos]
            out["turn_left"] = round(max(0.0, left - seat.bank), 1)
            out["bank_left"] = round(min(seat.bank, left), 1)
        return out

    def stacks_by_name(self) -> dict[str, int]:
        """Chips in front of each approved player, counting a live hand's chips at their start."""
        out = {}
        for seat in self.seats.values():
            if seat.status == "pending":
                continue
            out[seat.person or seat.name] = seat.stack
        return out

    def public(self, now: float) -> dict[str, Any]:
        """The table as everyone may see it (no cards, no tokens)."""
        live_stacks: dict[int, int] = {}
        if self.hand is not None and self.start is not None and self.live:
            for i, pos in enumerate(self.start.dealt):
                live_stacks[pos] = int(self.hand.stacks[i])
        seats = []
        for pos, s in sorted(self.seats.items()):
            seats.append({
                "position": pos, "name": s.name, "kind": s.kind, "bot": s.bot, "status": s.status,
                "stack": live_stacks.get(pos, s.stack), "sitting_out": s.sitting_out,
                "bank": round(s.bank, 1), "hand_seat": self.hand_seat(pos),
                "deadline": self.deadlines.get(pos) if s.kind == "human" else None,
                "clock_left": self.frozen.get(pos) if s.kind == "human" else None,
                **self._clock_parts(pos, s), "muted": s.muted, "out_of_chips": self.out_of_chips(pos),
                "rebuy_asked": s.rebuy_asked,
            })
        stacks = self.stacks_by_name()
        key = (len(self.ledger.entries), tuple(stacks.items()))
        if self._ledger_cache is None or self._ledger_cache[0] != key:
            totals = self.ledger.lines(stacks)
            lines: list[dict[str, Any]] = [{"name": x.name, "bought_in": x.bought_in, "cashed_out": x.cashed_out,
                                            "stack": x.stack, "net": x.net} for x in totals]
            self._ledger_cache = (key, lines, sum(x.net for x in totals))
        _, ledger_lines, balance = self._ledger_cache
        if self._settings_cache is None or self._settings_cache[0] != self.revision:
            shown = self.settings.to_dict()
            shown["game_files"] = sorted(self.settings.game_files)  # the names: the texts stay in the store
            self._settings_cache = (self.revision, shown)
        chosen = self.next_game()
        return {
            "name": self.settings.name,
            "settings": self._settings_cache[1],
            "game_title": self.game_title(self.settings.game, self.settings.rules),
            "next_game": None if chosen is None else {"game": chosen[0], "rules": chosen[1],
                                                      "title": self.game_title(*chosen)},
            "paused": self.paused,
            "paused_by": self.paused_by if self.paused else None,
            "started": self.started,
            "wild": wild_state(self.hand),
            "waiting": self.waiting(),
            "hand_number": self.hand_number,
            "live": self.live,
            "button": self.button,
            "dealt": list(self.start.dealt) if self.start else [],
            "seats": seats,
            "timeouts": [dict(t) for t in self.timeouts],
            "chooser": self.chooser,
            "straddle_ask": None if self.straddle_ask is None or self.live else {
                k: self.straddle_ask[k] for k in ("hand", "position", "amount", "deadline")},
            "muck_ask": None if self.muck_ask is None or self.live or not self.muck_ask["positions"] else {
                k: self.muck_ask[k] for k in ("hand", "positions", "deadline")},
            "choose_deadline": self.choose_deadline,
            "next_hand_at": None if self.live else self.next_hand_at,
            "now": now,
            "notices": list(self.notices[-8:]),
            "notice_marks": [list(m) for m in self.notice_marks[-8:]],
            "ledger": ledger_lines,
            "balance": balance,
            "game_files": [describe(n, t) for n, t in sorted(self.settings.game_files.items())],
        }

    # ----- persistence -------------------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        """The table between hands, JSON-serialisable (a live hand is stored as its start + actions)."""
        return {"settings": self.settings.to_dict(), "seats": [s.to_dict() for s in self.seats.values()],
                "ledger": self.ledger.to_list(), "button": self.button, "hand_number": self.hand_number,
                "paused": self.paused, "paused_by": self.paused_by, "started": self.started, "frozen": {str(p): x for p, x in self.frozen.items()} if self.paused else None,
                "clocks": {str(p): [self.hand_number, self.decision_at[p], t] for p, t in self.turn_started.items()
                           if p in self.decision_at} if self.live else None,
                "choice": self.choice, "notices": self.notices, "notice_marks": self.notice_marks, "next_sid": self.next_sid,
                "chat": self.chat.to_dict(), "pre_actions": {str(p): x for p, x in self.pre_actions.items()},
                "agreements": {"hand": self.agreements_hand, "made": self.agreements} if self.live and self.agreements else None,
                "straddle_ask": self.straddle_ask, "straddle_answer": self.straddle_answer, "muck_ask": self.muck_ask,
                "departed": self.departed, "host_sid": self.host_sid,
                **({"last_blinds": list(self.last_blinds)} if self.last_blinds is not None else {})}

    @classmethod
    def from_dict(cls, data: dict[str, Any], *, seed: int | None = None) -> Table:
        """The inverse of :meth:`to_dict` (stacks as at the start of a live hand)."""
        table = cls(Settings.from_dict(data["settings"]), seed=seed)
        table.ledger = Ledger.from_list(data["ledger"])
        table.next_sid = int(data.get("next_sid", 1))
        for item in data["seats"]:
            seat = Seat.from_dict(item)
            if not seat.sid:  # stored before seats had ids
                seat.sid, table.next_sid = table.next_sid, table.next_sid + 1
            table.seats[seat.position] = seat
            if seat.kind == "bot" and seat.bot and seat.status != "pending":
                table._bots[seat.position] = make_bot(seat.bot, table._rng.randrange(2**31))
        table.button = int(data["button"])
        blinds = data.get("last_blinds")
        table.last_blinds = (int(blinds[0]), int(blinds[1])) if blinds is not None else None
        table.hand_number = int(data["hand_number"])
        table.paused = bool(data["paused"])
        table.started = bool(data.get("started", True))
        table.paused_by = str(data.get("paused_by") or "the host")
        table.host_sid = int(data.get("host_sid") or 0)
        table._stored_frozen = {int(p): float(x) for p, x in (data.get("frozen") or {}).items()} if table.paused else {}
        table._stored_clocks = {int(p): (int(x[0]), int(x[1]), float(x[2])) for p, x in (data.get("clocks") or {}).items()}
        table.choice = data.get("choice")
        table.notices = list(data.get("notices", []))
        marks = [[int(x) for x in m] for m in (data.get("notice_marks") or [])][-len(table.notices):]
        table.notice_marks = [[0, 0]] * (len(table.notices) - len(marks)) + marks  # older: before every hand
        table.chat = Chat.from_dict(data.get("chat"))
        table.pre_actions = {int(p): dict(x) for p, x in (data.get("pre_actions") or {}).items()}
        agreed = data.get("agreements") or {}
        table.agreements, table.agreements_hand = [list(a) for a in agreed.get("made", [])], int(agreed.get("hand", 0))
        table.departed = {str(k): dict(v) for k, v in (data.get("departed") or {}).items()}
        table.straddle_ask = dict(data["straddle_ask"]) if data.get("straddle_ask") else None
        table.straddle_answer = list(data["straddle_answer"]) if data.get("straddle_answer") else None
        table.muck_ask = dict(data["muck_ask"]) if data.get("muck_ask") else None
        return table


__all__ = ["DECISION_BASE", "MAX_GAME_FILES", "MAX_TABLE_BYTES", "NAME_LIMIT", "RESUME_GRACE", "HandStart", "Table",
           "make_game", "make_stakes"]
