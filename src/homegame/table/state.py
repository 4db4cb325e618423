"""A table's state and what can be read from it: the seats, the hand in play, the clocks, and the
questions every part of the table asks (who is dealt in next, who owes a decision, which game comes).

:class:`TableState` is the base of :class:`homegame.table.Table`; the modules above it (``turns``,
``seating``, ``host``, ``choice``, ``dealing``, ``acting``, ``clock``) each add one kind of change.
No I/O and no clock: every method that depends on time takes ``now``.
"""

from __future__ import annotations

import random
from typing import Any

import orjson

from homegame.table import dead_button
from homegame.table.autoplay import BotPolicy
from homegame.table.chat import Chat
from homegame.table.ledger import Ledger
from homegame.table.seats import DEALERS_CHOICE, Seat, Settings, TableError, name_key
from homegame.table.start import HandStart, make_game, make_stakes

#: A decision id is ``hand number * DECISION_BASE + the number of actions taken when it was posed``.
DECISION_BASE = 1_000_000
_TITLES: dict[tuple[str, str, str], str] = {}


class TableState:
    """Every attribute of a table, and the queries over them (see :class:`homegame.table.Table`)."""

    def __init__(self, settings: Settings, rng: random.Random) -> None:
        self.settings = settings
        self.seats: dict[int, Seat] = {}
        self.ledger = Ledger()
        self.button = -1
        #: Under the dead button: the last hand's (small blind, big blind) seats, ``None`` before the first.
        self.last_blinds: tuple[int, int] | None = None
        self.hand_number = 0
        self.paused = False
        #: Whether the host has started the night: no hand is dealt, and no dealer chooses, before it.
        self.started = True
        #: Who paused the game, as the status line names them ("PAUSED by Dave"): the host's seat name or "the host".
        self.paused_by = "the host"
        #: The seat id (``Seat.sid``) the host sat in, to name the host to players ("ask Dave …"); 0: none.
        self.host_sid = 0
        self.hand: Any = None
        self.start: HandStart | None = None
        self.actions: list[tuple[int, str]] = []
        self.choice: dict[str, Any] | None = None  # dealer's choice for the coming hand
        self.chooser: int | None = None
        self.deadlines: dict[int, float] = {}  # running clocks of the seats that owe a decision
        self.frozen: dict[int, float] = {}  # seconds left on each clock while the host pauses
        self.turn_started: dict[int, float] = {}
        self.decision_at: dict[int, int] = {}  # actions taken when each owing seat began to owe
        self.choose_deadline: float | None = None
        self.choose_left: float | None = None
        self.paused_at: float | None = None
        self._stored_frozen: dict[int, float] = {}  # seconds left on each clock while paused, as stored
        self._stored_clocks: dict[int, tuple[int, int, float]] = {}  # (hand, decision_at, turn_started), as stored
        self.next_hand_at: float | None = None
        self.now = 0.0  # the latest time a caller gave the table
        self.revision = 0
        self.next_sid = 1
        #: The table's own log lines (sits, buy-ins, pauses, time-outs), the last 30, oldest first.
        self.notices: list[str] = []
        #: Where each of :attr:`notices` happened: ``[hand number, lines of that hand's log then]`` (see :meth:`note`).
        self.notice_marks: list[list[int]] = []
        self.timed_out: list[int] = []
        #: The live (or last) hand's time-outs: ``{"position", "hand_seat", "seq"}``, ``seq`` the index in
        #: :attr:`actions` of the action the table played when that seat's clock ran out (public: no card).
        self.timeouts: list[dict[str, int]] = []
        self.chat = Chat()
        #: Each seat's queued pre-action: ``{"action", "amount", "key", "sid"}`` (see :mod:`.advance`).
        self.pre_actions: dict[int, dict[str, Any]] = {}
        #: Pre-actions dropped since the caller last looked: ``(position, why)``; the server tells the seat.
        self.pre_dropped: list[tuple[int, str]] = []
        #: Run-it-twice agreements in the live hand: ``[actions before it, hand seat, agrees]``.
        self.agreements: list[list[Any]] = []
        self.agreements_hand = 0
        #: People who left the table, by their ledger name: ``{"token", "key", "broke"}`` (the hash of the last
        #: seat token they held, their name's :func:`name_key`, whether they left out of chips), so that
        #: sitting again is the same person in the ledger, and out of chips stays out until the host or
        #: the rebuy policy buys them in.
        self.departed: dict[str, dict[str, Any]] = {}
        #: The straddle question open for the coming hand: ``{"hand", "position", "sid", "amount", "deadline"}``.
        self.straddle_ask: dict[str, Any] | None = None
        #: The answer for the coming hand: ``[hand number, sid, straddles]`` (see :mod:`.straddle`).
        self.straddle_answer: list[Any] | None = None
        #: The losers of the last hand asked to show or muck: ``{"hand", "positions", "deadline"}`` (see :mod:`.mucking`).
        self.muck_ask: dict[str, Any] | None = None
        self._bots: dict[int, BotPolicy] = {}
        self._ledger_cache: tuple[Any, list[dict[str, Any]], int] | None = None
        self._settings_cache: tuple[int, dict[str, Any]] | None = None
        self._rng = rng
        if self.settings.game != DEALERS_CHOICE:
            self.find_game(self.settings.game, self.settings.rules)
        make_stakes(self.settings.stakes)

    def _tick(self, now: float | None) -> float:
        if now is not None:
            self.now = now
        return self.now

    def _changed(self, notice: str | None = None) -> None:
        self.revision += 1
        if notice:
            self.note([notice])

    def note(self, lines: list[str]) -> None:
        """Add ``lines`` to the table's log, each marked with where it happened in the hand log: the hand
        number and how many of that hand's log lines there were then (a line made while hand 7 is played,
        after its blinds, comes after the blinds; one made between hands after the last hand's lines),
        so that a reader shows every line once, in the order of events."""
        mark = [self.hand_number, len(self.hand.event_records) if self.hand is not None else 0]
        self.notices = (self.notices + list(lines))[-30:]
        self.notice_marks = (self.notice_marks + [list(mark) for _ in lines])[-30:]

    def _book(self, seat: Seat, kind: str, amount: int) -> None:
        book = self.ledger.buy_in if kind == "buy-in" else self.ledger.cash_out
        book(seat.person or seat.name, amount, self.hand_number, bot=seat.kind == "bot")

    def _seat(self, pos: int) -> Seat:
        if pos not in self.seats:
            occupied = ", ".join(str(p + 1) for p in sorted(self.seats)) or "none"
            raise TableError(f"no one sits in seat {pos + 1}; occupied seats: {occupied}")
        return self.seats[pos]

    def in_live_hand(self, pos: int) -> bool:
        """Whether ``pos`` was dealt into the hand being played."""
        return self.live and self.start is not None and pos in self.start.dealt

    def out_of_chips(self, pos: int) -> bool:
        """Whether an approved seat is out of chips: none in front of it and none at stake in a live
        hand (a seat all in mid-hand is not out: it may still win). The one test every reader uses:
        the host's rebuy offer, the player's own notice, who is dealt in next."""
        seat = self.seats.get(pos)
        if seat is None or seat.status != "active":
            return False
        return seat.stack <= 0 and not self.in_live_hand(pos)

    def _cash_out(self, seat: Seat) -> None:
        if seat.status != "pending":
            self._book(seat, "cash-out", seat.stack)
        if seat.kind == "human" and (seat.status != "pending" or seat.person in self.departed):
            gone = self.departed.get(seat.person or seat.name, {})
            self.departed[seat.person or seat.name] = {
                "token": seat.token_hash or gone.get("token", ""), "key": name_key(seat.name),
                "broke": seat.stack == 0 if seat.status != "pending" else bool(gone.get("broke"))}
        del self.seats[seat.position]
        self._bots.pop(seat.position, None)
        self.deadlines.pop(seat.position, None)
        net = self.ledger.nets({}).get(seat.person or seat.name, 0) if seat.status != "pending" else 0
        if seat.status == "pending":
            self._changed()
        elif self.settings.tournament:  # out (no chips left), or moved by the floor with its chips
            self._changed(f"{seat.name} is out" if seat.stack == 0
                          else f"{seat.name} leaves seat {seat.position + 1} with {seat.stack} chips")
        else:
            self._changed(f"{seat.name} leaves and cashes out {seat.stack} ({net:+d} tonight)")

    def find_game(self, name: str, rules: dict[str, Any] | None = None) -> Any:
        """The game ``name`` with ``rules``: one of the table's uploaded game files, else ``hg.game``'s;
        :class:`TableError` saying why when there is none or the rules do not fit it."""
        key = name.strip().lower() if isinstance(name, str) else name
        file = self.settings.game_files.get(key) if isinstance(key, str) else None
        return make_game(key if file is not None else name, dict(rules or {}), file)

    def game_title(self, game: str, rules: dict[str, Any]) -> str:
        """A short description of a game and its house rules that differ from the defaults."""
        file = self.settings.game_files.get(game)
        key = (game, orjson.dumps(rules, option=orjson.OPT_SORT_KEYS, default=str).decode() if rules else "",
               file or "")
        title = _TITLES.get(key)
        if title is None:
            if len(_TITLES) > 2000:
                _TITLES.clear()
            title = _TITLES[key] = self._title(game, rules)
        return title

    def _title(self, game: str, rules: dict[str, Any]) -> str:
        if game == DEALERS_CHOICE:
            return "Dealer's choice"
        g = self.find_game(game, rules)
        base = self.find_game(game, {})
        changed = [f"{k}={v}" for k, v in g.rules.items() if base.rules.get(k) != v]
        return str(g.title) + (f" ({', '.join(changed)})" if changed else "")

    @property
    def live(self) -> bool:
        """Whether a hand is being played."""
        return self.hand is not None and not self.hand.over

    def eligible(self) -> list[int]:
        """Positions that would be dealt in now: approved, not sitting out, with chips."""
        return [p for p, s in sorted(self.seats.items())
                if s.status == "active" and not s.sitting_out and s.stack > 0]

    def no_person_dealt_in(self) -> bool:
        """Whether people hold seats but none of them would be dealt in now (all out of chips, sitting
        out or leaving): the bots do not play on alone. A table of bots only (tests, benches) deals."""
        people = [s for s in self.seats.values() if s.kind == "human" and s.status != "pending"]
        return bool(people) and not any(self.seats[p].kind == "human" for p in self.eligible())

    def next_game(self) -> tuple[str, dict[str, Any]] | None:
        """The game the coming hand will be, or ``None`` while a dealer has still to choose."""
        if self.settings.game != DEALERS_CHOICE:
            return self.settings.game, self.settings.rules
        if self.choice:
            return self.choice["game"], self.choice["rules"]
        return None

    def min_players(self) -> int:
        """The fewest players the coming hand needs (2 while a dealer has still to choose)."""
        chosen = self.next_game()
        return 2 if chosen is None else max(2, int(self.find_game(*chosen).min_players))

    def _next_button(self, positions: list[int]) -> int:
        """The seat of the player who deals the coming hand: the next one after the last button, or under
        the dead button the engine's button (the player who acts where a dead button would)."""
        if self.settings.dead_button and len(positions) >= 2:
            dealt, button, _, _ = self._dead_lineup()
            return dealt[button]
        later = [p for p in positions if p > self.button]
        return later[0] if later else positions[0]

    def next_blind_seats(self) -> tuple[int, int, int]:
        """The coming hand's (button, small blind, big blind) seats under the dead button (the button's
        or the small blind's may be an empty seat; see :mod:`homegame.table.dead_button`)."""
        return dead_button.next_blinds(self.eligible(), self.last_blinds)

    def _dead_lineup(self) -> tuple[list[int], int, tuple[int, int, int], bool]:
        """Under the dead button: who is dealt in, the engine's button among them, the (button, small
        blind, big blind) seats and whether the small blind is posted."""
        blinds = self.next_blind_seats()
        dealt, button, posted = dead_button.lineup(self.eligible(), blinds)
        return dealt, button, blinds, posted

    def _can_deal(self) -> bool:
        return (not self.live and not self.paused and self.started and len(self.eligible()) >= self.min_players()
                and not self.no_person_dealt_in())

    def hand_seat(self, pos: int) -> int | None:
        """The seat number in the current (or last) hand of table position ``pos``: ``None`` if the
        position was not dealt in, or if whoever sits there now is not whoever was dealt in."""
        if self.start is None or pos not in self.start.dealt:
            return None
        i = self.start.dealt.index(pos)
        if self.start.holders:
            seat = self.seats.get(pos)
            if seat is None or seat.sid != self.start.holders[i]:
                return None
        return i

    def owing(self) -> list[int]:
        """Table positions that owe a decision in the live hand."""
        if not self.live or self.start is None:
            return []
        return [self.start.dealt[s] for s in self.hand.to_act]

    def decision(self, pos: int) -> int | None:
        """The id of the decision ``pos`` owes now, or ``None``.

        An id changes only when that seat's decision changes: another seat's choice in a
        simultaneous step leaves it alone; acting and owing again (the next street) gives a new one.
        """
        if not self.live or pos not in self.decision_at or pos not in self.owing():
            return None
        return self.hand_number * DECISION_BASE + self.decision_at[pos]


__all__ = ["DECISION_BASE", "TableState"]
