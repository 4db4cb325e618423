"""A table across many hands: seats, the button, dealer's choice, sitting out, turn clocks, the ledger.

No I/O and no clock: every method that depends on time takes ``now`` (seconds, any epoch), and the
deck is handed in by the caller (the server shuffles and commits to it). The server drives a table
from a single task; the table is not thread-safe.
"""

from __future__ import annotations

import inspect
import json
import random
import re
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

import homegame as hg
from homegame.rules.views import build_views
from homegame.table import advance, house
from homegame.table.autoplay import BOT_KINDS, BotPolicy, make_bot
from homegame.table.chat import Chat, check_reaction
from homegame.table.gamefiles import MAX_GAME_FILES, MAX_TABLE_BYTES, checked_file, describe
from homegame.table.ledger import Ledger
from homegame.table.seats import (
    DEALERS_CHOICE,
    NAME_LIMIT,
    OPTION_RANGES,
    SEED_GAMES,
    Seat,
    SeatKind,
    Settings,
    StaleDecision,
    TableError,
    check_option,
    clean_name,
    name_key,
)
from homegame.table.stakes_words import stakes_problem
from homegame.table.status import did_text, people, waiting_reason

#: A decision id is ``hand number * DECISION_BASE + the number of actions taken when it was posed``.
DECISION_BASE = 1_000_000
#: Seconds a resumed hand's owing seat gets at least, however little its clock had left (see :meth:`Table.resume`).
RESUME_GRACE = 5.0
_TITLES: dict[tuple[str, str, str], str] = {}
_HAND_SEAT = re.compile(r"\bseat (\d+)\b")
_GAMES: dict[tuple[str, str, str], Any] = {}
#: Whether the ledger can mark a bot's buy-ins and cash-outs (``bot=True``).
_LEDGER_KNOWS_BOTS = "bot" in inspect.signature(Ledger.buy_in).parameters


@dataclass(frozen=True)
class HandStart:
    """Everything needed, with the deck and the actions, to rebuild a hand exactly."""

    number: int
    game: str
    rules: dict[str, Any]
    stakes: dict[str, Any]
    stacks: list[int]
    button: int  # index into ``dealt``
    dealt: list[int]  # hand seat i is table position dealt[i]
    holders: tuple[int, ...] = ()  # the ``Seat.sid`` of whoever sat at dealt[i] when dealt
    names: tuple[str, ...] = ()  # the name of whoever sat at dealt[i] when dealt
    options: dict[str, Any] | None = None  # the hand's engine options (straddle, bomb pot, …), None: none
    file: str | None = None  # the game file's text, for a game the host uploaded (None: a catalogue game)

    def to_dict(self) -> dict[str, Any]:
        """A JSON-serialisable form (``options`` only when the hand has some, ``file`` only for an
        uploaded game)."""
        out = {"number": self.number, "game": self.game, "rules": self.rules, "stakes": self.stakes,
               "stacks": self.stacks, "button": self.button, "dealt": self.dealt, "holders": list(self.holders),
               "names": list(self.names)}
        if self.options:
            out["options"] = dict(self.options)
        if self.file is not None:
            out["file"] = self.file
        return out

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> HandStart:
        """The inverse of :meth:`to_dict`."""
        return cls(int(d["number"]), str(d["game"]), dict(d["rules"]), dict(d["stakes"]),
                   [int(x) for x in d["stacks"]], int(d["button"]), [int(x) for x in d["dealt"]],
                   tuple(int(x) for x in d.get("holders", ())), tuple(str(x) for x in d.get("names", ())),
                   dict(d["options"]) if d.get("options") else None,
                   d["file"] if isinstance(d.get("file"), str) else None)


def make_stakes(stakes: dict[str, Any]) -> Any:
    """``hg.Stakes`` from its JSON form; a :class:`TableError` saying what is wrong otherwise."""
    problem = stakes_problem(stakes)
    if problem is not None:
        raise TableError(f"bad stakes: {problem}")
    args = dict(stakes)
    structure = args.pop("structure", None)
    if "blinds" in args:
        args["blinds"] = tuple(args["blinds"] or ())
    try:
        return hg.Stakes(structure, **args)
    except (TypeError, ValueError) as exc:
        raise TableError(f"bad stakes {stakes}: {exc}") from exc


def make_game(name: str, rules: dict[str, Any], file: str | None = None) -> Any:
    """``hg.game(name, **rules)``, or with ``file`` (a game file's text: an uploaded game, a hand's
    start) ``hg.load_game(file, **rules)``; an error turned into a :class:`TableError`."""
    key = (name, json.dumps(rules, sort_keys=True, default=str), file or "")
    game = _GAMES.get(key)
    if game is not None:
        return game
    try:
        if file is not None:
            if "=" not in file:  # load_game would read a path: a stored file is always TOML text
                raise ValueError("the stored game file is not a game file's text")
            game = hg.load_game(file, **rules)
        else:
            game = hg.game(name, **rules)
    except (TypeError, ValueError) as exc:
        raise TableError(f"bad game {name!r} {rules}: {exc}") from exc
    if len(_GAMES) > 500:
        _GAMES.clear()
    _GAMES[key] = game
    return game


class Table:
    """Seats, settings, the ledger and the current hand of one table.

    The table is a state machine: between hands (waiting for players, for the host, for a dealer's
    choice, or for the deal time), or in a live hand where every seat that owes a decision has a clock
    (frozen while the host pauses). :meth:`check_invariants` states what must hold after every step.
    """

    def __init__(self, settings: Settings | None = None, *, seed: int | None = None) -> None:
        self.settings = settings or Settings()
        self.seats: dict[int, Seat] = {}
        self.ledger = Ledger()
        self.button = -1
        self.hand_number = 0
        self.paused = False
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
        self.notices: list[str] = []
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
        self._bots: dict[int, BotPolicy] = {}
        self._ledger_cache: tuple[Any, list[dict[str, Any]], int] | None = None
        self._settings_cache: tuple[int, dict[str, Any]] | None = None
        self._rng = random.Random(seed)
        if self.settings.game != DEALERS_CHOICE:
            self.find_game(self.settings.game, self.settings.rules)
        make_stakes(self.settings.stakes)

    def _tick(self, now: float | None) -> float:
        if now is not None:
            self.now = now
        return self.now

    # ----- seats -------------------------------------------------------------------------------
    def _changed(self, notice: str | None = None) -> None:
        self.revision += 1
        if notice:
            self.notices = (self.notices + [notice])[-30:]

    def _book(self, seat: Seat, kind: str, amount: int) -> None:
        extra: dict[str, Any] = {"bot": True} if seat.kind == "bot" and _LEDGER_KNOWS_BOTS else {}
        book = self.ledger.buy_in if kind == "buy-in" else self.ledger.cash_out
        book(seat.name, amount, self.hand_number, **extra)

    def free_position(self) -> int:
        """The lowest empty position; :class:`TableError` when the table is full."""
        for pos in range(self.settings.max_seats):
            if pos not in self.seats:
                return pos
        raise TableError(f"the table is full ({self.settings.max_seats} seats)")

    def sit(self, name: str, *, kind: SeatKind = "human", bot: str | None = None,
            token_hash: str = "", position: int | None = None, approved: bool = False) -> Seat:
        """Seat a player (pending the host's approval unless ``approved`` or the table approves all).

        The name is kept as :func:`clean_name` makes it and must differ from every other seat's name
        ignoring case, spacing and invisible characters.
        """
        clean = clean_name(name)
        if not clean or len(clean) > NAME_LIMIT:
            hidden = " once invisible and control characters are removed" if clean != " ".join(name.split()) else ""
            raise TableError(f"a name must be 1 to {NAME_LIMIT} characters{hidden}, got {len(clean)}")
        key = name_key(clean)
        for other in self.seats.values():
            if name_key(other.name) == key:
                raise TableError(f"the name {clean!r} is taken at this table (seat {other.position + 1}); names "
                                 "are compared ignoring case, spacing and invisible characters; choose another")
        if kind == "bot" and bot not in BOT_KINDS:
            raise TableError(f"unknown bot kind {bot!r}; choose one of {', '.join(BOT_KINDS)}")
        pos = self.free_position() if position is None else position
        if pos in self.seats or not 0 <= pos < self.settings.max_seats:
            raise TableError(f"seat {pos + 1} is not free")
        seat = Seat(pos, clean, kind, bot=bot, bank=self.settings.time_bank, token_hash=token_hash,
                    buy_in=self.settings.buy_in, sid=self.next_sid)
        self.next_sid += 1
        self.seats[pos] = seat
        self._changed(f"{clean} sits in seat {pos + 1}")
        if approved or kind == "bot" or not self.settings.approve_seats:
            self.approve(pos)
        return seat

    def add_bot(self, kind: str = "rule", name: str | None = None) -> Seat:
        """Seat a bot of ``kind`` with the table's buy-in."""
        if name is None:
            taken = {name_key(s.name) for s in self.seats.values()}
            label = f"{kind.capitalize()}Bot"
            name = next(f"{label} {i}" for i in range(1, 100) if name_key(f"{label} {i}") not in taken)
        return self.sit(name, kind="bot", bot=kind)

    def _seat(self, pos: int) -> Seat:
        if pos not in self.seats:
            occupied = ", ".join(str(p + 1) for p in sorted(self.seats)) or "none"
            raise TableError(f"no one sits in seat {pos + 1}; occupied seats: {occupied}")
        return self.seats[pos]

    def approve(self, pos: int) -> None:
        """Let a pending player in: they buy in for the table's buy-in."""
        seat = self._seat(pos)
        if seat.status != "pending":
            raise TableError(f"{seat.name} (seat {pos + 1}) is already approved")
        seat.status = "active"
        seat.stack = seat.buy_in
        self._book(seat, "buy-in", seat.buy_in)
        if seat.kind == "bot" and seat.bot:
            self._bots[pos] = make_bot(seat.bot, self._rng.randrange(2**31))
        self._changed(f"{seat.name} buys in for {seat.buy_in}")

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

    def remove(self, pos: int, now: float | None = None) -> None:
        """Take a player off the table at once: nobody holds the seat from now on (its token is
        cleared). One dealt into the live hand is folded out of it (their clock runs out at once)
        and cashed out when it ends."""
        now = self._tick(now)
        seat = self._seat(pos)
        if self.in_live_hand(pos):
            if seat.status == "leaving":
                raise TableError(f"{seat.name} (seat {pos + 1}) is already leaving after this hand")
            seat.status = "leaving"
            seat.token_hash = ""
            self.pre_actions.pop(pos, None)
            self._refresh_clocks(now)
            self._changed(f"{seat.name} leaves seat {pos + 1}; their cards are folded or played by the "
                          "table until this hand ends")
            return
        self._cash_out(seat)

    def _cash_out(self, seat: Seat) -> None:
        if seat.status != "pending":
            self._book(seat, "cash-out", seat.stack)
        del self.seats[seat.position]
        self._bots.pop(seat.position, None)
        self.deadlines.pop(seat.position, None)
        self._changed(f"{seat.name} leaves with {seat.stack}" if seat.status != "pending" else None)

    def set_token(self, pos: int, token_hash: str) -> None:
        """Give a human seat a new capability token hash (a lost phone): the old one stops at once."""
        seat = self._seat(pos)
        if seat.kind != "human":
            raise TableError(f"seat {pos + 1} is a bot; only a player's seat has a link")
        if seat.status == "leaving":
            raise TableError(f"{seat.name} (seat {pos + 1}) is leaving; the seat has no link any more")
        seat.token_hash = token_hash
        self._changed(f"the host issued a new link for {seat.name} (seat {pos + 1}); the old one no longer works")

    def set_sitting_out(self, pos: int, value: bool) -> None:
        """Sit out from the next hand on (``True``) or come back (``False``)."""
        seat = self._seat(pos)
        seat.sitting_out = value
        if not value:
            seat.bank = max(seat.bank, self.settings.time_bank / 2)
        self._changed(f"{seat.name} (seat {pos + 1}) sits out from the next hand" if value
                      else f"{seat.name} (seat {pos + 1}) is back")

    def adjust_stack(self, pos: int, stack: int) -> None:
        """Set a stack (between hands): the difference is booked as a buy-in or a cash-out."""
        seat = self._seat(pos)
        if seat.status != "active":
            raise TableError(f"seat {pos + 1} is not an approved player")
        if self.in_live_hand(pos):
            raise TableError("stacks can be changed only between hands; wait for this hand to end")
        if stack < 0:
            raise TableError(f"a stack must be zero or more, got {stack}")
        diff = stack - seat.stack
        if diff > 0:
            self._book(seat, "buy-in", diff)
        elif diff < 0:
            self._book(seat, "cash-out", -diff)
        seat.stack = stack
        self._changed(f"{seat.name}'s stack is set to {stack}")

    # ----- settings ----------------------------------------------------------------------------
    def set_game(self, game: str, rules: dict[str, Any] | None = None) -> None:
        """Change the game (or dealer's choice) from the next hand on."""
        rules = dict(rules or {})
        if game == DEALERS_CHOICE:
            rules = {}
        else:
            g = self.find_game(game, rules)
            game, rules = g.name, dict(g.rules)
        self.settings.game, self.settings.rules = game, rules
        self.choice = None
        self.chooser = None
        self.choose_deadline = self.choose_left = None
        self._changed(f"next game: {self.game_title(game, rules)}")

    def find_game(self, name: str, rules: dict[str, Any] | None = None) -> Any:
        """The game ``name`` with ``rules``: one of the table's uploaded game files, else ``hg.game``'s;
        :class:`TableError` saying why when there is none or the rules do not fit it."""
        key = name.strip().lower() if isinstance(name, str) else name
        file = self.settings.game_files.get(key) if isinstance(key, str) else None
        return make_game(key if file is not None else name, dict(rules or {}), file)

    def add_game_file(self, text: str, filename: str | None = None) -> str:
        """The host uploads a game file (its text): checked as ``hg.load_game`` checks it, then dealt
        like any game from the next hand it is chosen (a file of a name the table holds replaces it).
        Returns the game's name; :class:`TableError` saying why (and nothing changed) otherwise."""
        files = self.settings.game_files
        name, game = checked_file(text, files, filename)
        uses = [(what, rules) for what, rules in (
            ("the table's game", self.settings.rules if self.settings.game == name else None),
            ("the dealer's choice", self.choice["rules"] if self.choice and self.choice["game"] == name else None))
            if rules is not None]
        for what, rules in uses:
            try:
                make_game(name, rules, text)
            except TableError as exc:
                raise TableError(f"{name} is {what} with house rules {rules} that the new file does not allow "
                                 f"({exc}); set another game first") from None
        replaced = name in files
        self.settings.game_files = {**files, name: text}
        self._changed(f"the host {'replaces' if replaced else 'adds'} the game file {name!r}: {game.title}")
        return name

    def remove_game_file(self, name: str) -> None:
        """The host takes an uploaded game off the table (not while it is the table's game or chosen)."""
        files = self.settings.game_files
        if name not in files:
            raise TableError(f"this table has no uploaded game {name!r}; its game files: "
                             f"{', '.join(sorted(files)) or 'none'}")
        if self.settings.game == name or (self.choice and self.choice["game"] == name):
            raise TableError(f"{name} is the coming hand's game; set another game before you remove its file")
        self.settings.game_files = {k: v for k, v in files.items() if k != name}
        self._changed(f"the host removes the game file {name!r}")

    def set_stakes(self, stakes: dict[str, Any], buy_in: int | None = None) -> None:
        """Change the stakes (and the buy-in) from the next hand on."""
        make_stakes(stakes)
        if buy_in is not None:
            if buy_in <= 0:
                raise TableError(f"a buy-in must be positive, got {buy_in}")
            self.settings.buy_in = buy_in
        self.settings.stakes = dict(stakes)
        self._changed("the stakes change from the next hand")

    def configure(self, **changes: Any) -> None:
        """Change clocks and seating policy (``None`` values are left alone).

        A new ``time_bank`` becomes every player's bank at once (0 included).
        """
        known = ("turn_seconds", "time_bank", "bot_delay", "between_hands", "approve_seats", "bot_rebuys",
                 "spectator_chat")
        for key, value in changes.items():
            if key not in known:
                raise TableError(f"unknown setting {key!r}; settings are {', '.join(known)}")
            if value is not None and key in OPTION_RANGES:
                check_option(key, value)  # every value is checked before any is set
        for key, value in changes.items():
            if value is not None:
                setattr(self.settings, key, value)
        bank = changes.get("time_bank")
        if bank is not None:
            for seat in self.seats.values():
                if seat.kind == "human":
                    seat.bank = float(bank)
        self._changed()

    def set_paused(self, value: bool, now: float | None = None) -> None:
        """Pause or resume. A pause stops every clock (turns, bots, the dealer's choice, the next
        deal); resuming gives each clock the time it had left."""
        now = self._tick(now)
        if value and not self.paused:
            self.paused_at = now
            self.frozen.update({p: max(0.0, d - now) for p, d in self.deadlines.items()})
            self.deadlines.clear()
            if self.choose_deadline is not None:
                self.choose_left, self.choose_deadline = max(0.0, self.choose_deadline - now), None
        elif not value and self.paused:
            shift = now - (self.paused_at if self.paused_at is not None else now)
            for p in self.turn_started:
                self.turn_started[p] += shift
            self.deadlines.update({p: now + left for p, left in self.frozen.items()})
            self.frozen.clear()
            if self.choose_left is not None:
                self.choose_deadline, self.choose_left = now + self.choose_left, None
            if self.next_hand_at is not None:
                self.next_hand_at += shift
            self.paused_at = None
        self.paused = value
        self._changed("the host pauses the game; every clock stops" if value
                      else "the host resumes the game")
        if not value and self.live:
            self._apply_pre_action(now)

    def game_title(self, game: str, rules: dict[str, Any]) -> str:
        """A short description of a game and its house rules that differ from the defaults."""
        file = self.settings.game_files.get(game)
        key = (game, json.dumps(rules, sort_keys=True), file or "")
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

    def choose(self, pos: int, game: str, rules: dict[str, Any] | None = None) -> None:
        """The dealer's pick for the coming hand in dealer's choice."""
        if self.chooser is None:
            raise TableError("no game is being chosen now")
        if pos != self.chooser:
            who = self.seats[self.chooser].name if self.chooser in self.seats else "the dealer"
            raise TableError(f"{who} (seat {self.chooser + 1}) is the dealer and chooses the game, "
                             f"not seat {pos + 1}")
        if game == DEALERS_CHOICE:
            raise TableError("choose one game for this hand")
        g = self.find_game(game, dict(rules or {}))
        count = len(self.eligible())
        if not g.min_players <= count <= g.max_players:
            raise TableError(f"{g.title} takes {g.min_players} to {g.max_players} players, not {count}")
        self.choice = {"game": g.name, "rules": dict(g.rules), "by": pos}
        self.chooser = None
        self.choose_deadline = self.choose_left = None
        self._changed(f"{self.seats[pos].name} deals {self.game_title(g.name, dict(g.rules))}")

    # ----- hands -------------------------------------------------------------------------------
    @property
    def live(self) -> bool:
        """Whether a hand is being played."""
        return self.hand is not None and not self.hand.over

    def eligible(self) -> list[int]:
        """Positions that would be dealt in now: approved, not sitting out, with chips."""
        return [p for p, s in sorted(self.seats.items())
                if s.status == "active" and not s.sitting_out and s.stack > 0]

    def min_players(self) -> int:
        """The fewest players the coming hand needs (2 while a dealer has still to choose)."""
        chosen = self.next_game()
        return 2 if chosen is None else max(2, int(self.find_game(*chosen).min_players))

    def _next_button(self, positions: list[int]) -> int:
        later = [p for p in positions if p > self.button]
        return later[0] if later else positions[0]

    def next_game(self) -> tuple[str, dict[str, Any]] | None:
        """The game the coming hand will be, or ``None`` while a dealer has still to choose."""
        if self.settings.game != DEALERS_CHOICE:
            return self.settings.game, self.settings.rules
        if self.choice:
            return self.choice["game"], self.choice["rules"]
        return None

    def _can_deal(self) -> bool:
        return not self.live and not self.paused and len(self.eligible()) >= self.min_players()

    def ready_to_deal(self, now: float) -> bool:
        """Whether a new hand should start now (the caller then shuffles and calls :meth:`deal`)."""
        if not self._can_deal():
            return False
        if self.next_hand_at is not None and now < self.next_hand_at:
            return False
        return self.next_game() is not None

    def deal(self, deck: list[str], now: float) -> HandStart:
        """Start the next hand with ``deck`` (a full order of the 52 cards)."""
        chosen = self.next_game()
        if self.live or chosen is None:
            raise TableError("a hand cannot start now")
        game_name, rules = chosen
        game = self.find_game(game_name, rules)
        positions = self.eligible()
        button = self._next_button(positions)
        # clockwise from the button, at most the game's maximum, then back in seat order
        i = positions.index(button)
        ring = positions[i + 1:] + positions[:i + 1]
        dealt = sorted(ring[-game.max_players:] if len(ring) > game.max_players else ring)
        if button not in dealt:
            button = dealt[-1]
        stacks = [self.seats[p].stack for p in dealt]
        options = self._options_for(game, stacks, dealt.index(button), deck)
        start = HandStart(self.hand_number + 1, game.name, dict(game.rules), dict(self.settings.stakes),
                          stacks, dealt.index(button), dealt,
                          tuple(self.seats[p].sid for p in dealt), tuple(self.seats[p].name for p in dealt),
                          options or None, self.settings.game_files.get(game.name))
        if options.get("bomb_pot"):
            self.settings.bomb_next = False
        if house.words(options):
            self._changed(f"hand {start.number}: {house.words(options)}")
        self.timeouts = []
        self._begin(start, deck, [], now)
        return start

    def _options_for(self, game: Any, stacks: list[int], button: int, deck: list[str]) -> dict[str, Any]:
        """The house rules as this hand's engine options; one that does not fit this hand (a straddle
        heads-up, a chip the stacks are not whole numbers of) is left out and the notices say why."""
        options = house.hand_options(self.settings.house, number=self.hand_number + 1,
                                     bomb_next=self.settings.bomb_next)
        while True:
            try:
                game.deal(stacks, stakes=make_stakes(self.settings.stakes), button=button, deck=list(deck),
                          options=options or None)
                return options
            except ValueError as exc:
                drop = next((k for k in ("chip", "straddle", "bomb_pot", "showdown", "rabbit") if k in options), None)
                if drop is None:
                    return {}
                self._changed(f"no {drop.replace('_', ' ')} this hand: {exc}")
                options = {k: v for k, v in options.items() if k != drop}

    def set_house(self, changes: dict[str, Any], bomb_next: bool | None = None) -> None:
        """The host sets house rules (see :mod:`homegame.table.house`) from the next hand, or calls a
        bomb pot for the next hand (``bomb_next``); :class:`TableError` saying why when out of place."""
        checked = house.check_house(changes)
        rules = {**house.HOUSE_DEFAULTS, **self.settings.house, **checked}
        bomb = bool(bomb_next) if bomb_next is not None else self.settings.bomb_next
        if bomb and not rules["bomb_ante"]:
            raise TableError("set the bomb pot's ante first (every player antes that amount)")
        stakes = self.settings.stakes
        if rules["straddle"] and len(stakes.get("blinds") or []) < 2:
            raise TableError("a straddle needs blinds; these stakes have none")
        if self.settings.game != DEALERS_CHOICE:
            trial = {k: v for k, v in house.hand_options(rules, number=1, bomb_next=False).items() if k != "straddle"}
            if rules["bomb_ante"]:
                trial["bomb_pot"] = rules["bomb_ante"]
            try:
                self.find_game(self.settings.game, self.settings.rules).deal(
                    [self.settings.buy_in] * 3, stakes=make_stakes(stakes), button=0, seed=1, options=trial or None)
            except ValueError as exc:
                raise TableError(f"that does not fit {self.game_title(self.settings.game, self.settings.rules)}: {exc}") from exc
        before = {**house.HOUSE_DEFAULTS, **self.settings.house}
        plain = {"showdown": "show-all"}  # what a rule left unset means, for saying what changed
        said = [house.said(k, v) for k, v in checked.items() if (before[k] or plain.get(k)) != (v or plain.get(k))]
        if bomb and not self.settings.bomb_next:
            said.append("a bomb pot next hand")
        elif self.settings.bomb_next and not bomb:
            said.append("no bomb pot next hand")
        self.settings.house = {k: v for k, v in rules.items() if v != house.HOUSE_DEFAULTS[k]}
        self.settings.bomb_next = bomb
        if said:
            self._changed(f"house rules from the next hand: {', '.join(said)}")
        else:
            self._changed()

    def agree_run_twice(self, pos: int, value: bool) -> None:
        """The seat at ``pos`` agrees (or no longer agrees) to run the board twice in the live hand."""
        if not self.settings.house.get("run_twice"):
            raise TableError("the host has not allowed running it twice at this table")
        hs = self.hand_seat(pos)
        if not self.live or hs is None:
            raise TableError("running it twice is agreed during a hand you are dealt into")
        try:
            self.hand.agree_run_twice(hs, value)
        except hg.IllegalAction as exc:
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
        except hg.IllegalAction as exc:
            raise TableError(str(exc)) from exc
        self._changed()
        return shown

    def resume(self, start: HandStart, deck: list[str], actions: list[tuple[int, str]], now: float, *,
               times: list[float] | None = None, saved_at: float | None = None) -> None:
        """Rebuild a hand exactly from its start, deck and the actions taken so far.

        ``times``, when given, is when the hand started followed by when each action was taken
        (``len(actions) + 1`` times, the same clock as ``now``), and ``saved_at`` when the last of it
        was written (the latest time by default). Each human seat that owes a decision then keeps the
        clock it had at ``saved_at``: what it had used of its turn and bank stays used (time while
        nothing ran the table is not charged), but it gets at least :data:`RESUME_GRACE` seconds.
        Without ``times`` every owing seat's clock starts again in full.
        """
        if times is not None and len(times) != len(actions) + 1:
            raise TableError(f"resume needs the hand's start time and one time per action: {len(actions) + 1} "
                             f"times, not {len(times)}")
        self._begin(start, deck, actions, now)
        if times is not None and self.live:
            self._carry_clocks(times, max(times) if saved_at is None else max(saved_at, max(times)), now)

    def _carry_clocks(self, times: list[float], saved_at: float, now: float) -> None:
        """Charge each owing human seat the time it had used by ``saved_at`` (see :meth:`resume`)."""
        for pos, count in self.decision_at.items():
            seat = self.seats.get(pos)
            if (seat is None or seat.kind != "human" or seat.status == "leaving" or count >= len(times)
                    or pos not in self.turn_started):
                continue
            duration = self.settings.turn_seconds + seat.bank
            # paused: the clock stood still since the pause, at what the stored state says was left
            left = self._stored_frozen.get(pos) if self.paused else None
            # a clock stored with the state for this very decision knows of earlier pauses and takeovers
            began = times[count]
            stored = self._stored_clocks.get(pos)
            if stored is not None and stored[:2] == (self.hand_number, count):
                began = stored[2]
            used = max(0.0, min(saved_at - began if left is None else duration - left, duration - RESUME_GRACE))
            self.turn_started[pos] = now - used
            (self.frozen if self.paused else self.deadlines)[pos] = duration - used + (0.0 if self.paused else now)

    def _begin(self, start: HandStart, deck: list[str], actions: list[tuple[int, str]], now: float) -> None:
        now = self._tick(now)
        game = make_game(start.game, start.rules, start.file)
        hand = game.deal(start.stacks, stakes=make_stakes(start.stakes), button=start.button, deck=deck,
                         options=start.options)
        since: dict[int, int] = {}  # hand seat -> actions taken when it began to owe its decision

        def track(count: int, acted: int | None) -> None:
            owing = set() if hand.over else set(hand.to_act)
            for s in list(since):
                if s not in owing or s == acted:
                    del since[s]
            for s in owing:
                since.setdefault(s, count)

        track(0, None)
        agreed = [list(a) for a in (self.agreements if self.agreements and self.agreements_hand == start.number else [])]
        for count, (seat, action) in enumerate(actions, start=1):
            house.agree_at(hand, agreed, count - 1)
            hand.act(seat, action)
            track(count, seat)
        house.agree_at(hand, agreed, len(actions))
        self.agreements, self.agreements_hand = agreed, start.number
        self.hand, self.start, self.actions = hand, start, list(actions)
        self.hand_number = start.number
        self.button = start.dealt[start.button]
        self.choice = None
        self.chooser = None
        self.choose_deadline = self.choose_left = None
        self.next_hand_at = None
        self.deadlines.clear()
        self.frozen.clear()
        self.turn_started.clear()
        self.decision_at = {start.dealt[s]: count for s, count in since.items()}
        self.pre_actions = {p: x for p, x in self.pre_actions.items() if x["key"][0] == start.number}
        self._changed()
        self._after_action(now)

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

    def act(self, pos: int, action: str, now: float, *, decision: int | None = None) -> None:
        """``pos`` plays ``action`` in the live hand; ``hg.IllegalAction`` leaves everything as it was.

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
            raise hg.IllegalAction(self._not_your_turn(pos, hs))
        try:
            self.hand.act(hs, action)
        except hg.IllegalAction as exc:
            raise hg.IllegalAction(self._table_words(str(exc))) from None
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

    # ----- acting in advance -------------------------------------------------------------------
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
            action = advance.resolve(pre["action"], self.hand.legal(hs))
            if action is None:
                self.pre_dropped.append((pos, f"your pre-action '{advance.label(pre)}' cannot be played "
                                              "now; choose an action"))
                self._changed()
                continue
            self._changed()
            self._play_for(pos, hs, action, now)
            return

    # ----- talk --------------------------------------------------------------------------------
    def _speaker(self, pos: int | None, host: bool, what: str) -> tuple[str, int | None, str]:
        if pos is not None:
            seat = self._seat(pos)
            if seat.muted:
                raise TableError(f"the host has muted you (seat {pos + 1}); you cannot send {what} at this "
                                 "table until the host unmutes you")
            return seat.name, pos + 1, "player"
        if host:
            return "Host", None, "host"
        if not self.settings.spectator_chat:
            raise TableError(f"the host has not opened the chat to spectators; take a seat to send {what}")
        return "Spectator", None, "spectator"

    def say(self, pos: int | None, text: str, now: float, *, host: bool = False) -> dict[str, Any]:
        """A chat line from the seat at ``pos`` (``None``: the host if ``host``, else a spectator),
        kept with the table; :class:`TableError` for empty, over-long or muted talk."""
        name, seat, role = self._speaker(pos, host, "chat messages")
        return self.chat.say(name, seat, role, text, self._tick(now))

    def react(self, pos: int | None, emoji: str, now: float, *, host: bool = False) -> dict[str, Any]:
        """A quick reaction (not kept): ``{"name", "seat", "role", "emoji", "at"}``."""
        name, seat, role = self._speaker(pos, host, "reactions")
        return {"name": name, "seat": seat, "role": role, "emoji": check_reaction(emoji), "at": self._tick(now)}

    def mute(self, pos: int, value: bool) -> None:
        """The host mutes (or unmutes) whoever sits at ``pos`` now (a new player there is not muted)."""
        seat = self._seat(pos)
        if seat.kind == "bot":
            raise TableError(f"seat {pos + 1} is a bot; bots do not chat")
        seat.muted = value
        self._changed(f"the host {'mutes' if value else 'unmutes'} {seat.name} (seat {pos + 1})")

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
                self._changed(f"{seat.name} (seat {seat.position + 1}) is out of chips after "
                              f"{seat.rebuys} rebuys and leaves the table")
        self.deadlines.clear()
        self.frozen.clear()
        self.turn_started.clear()
        self.decision_at.clear()
        self.next_hand_at = now + self.settings.between_hands
        self._changed()

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

    # ----- time --------------------------------------------------------------------------------
    def next_wakeup(self, now: float) -> float | None:
        """The earliest time something is due (a bot, a timeout, a choice, the next deal), possibly
        already past; ``None`` when only a message can move the table (see :meth:`waiting`)."""
        self._tick(now)
        if self.paused:
            return None
        times = list(self.deadlines.values()) if self.live else []
        if self.choose_deadline is not None:
            times.append(self.choose_deadline)
        if self._can_deal() and (self.next_game() is not None or self.chooser is None):
            times.append(self.next_hand_at if self.next_hand_at is not None else now)
        return min(times) if times else None

    def advance(self, now: float) -> bool:
        """Do what is due at ``now``: bots act, clocks run out, the dealer's choice; ``True`` if any."""
        now = self._tick(now)
        if self.paused:
            return False
        did = False
        for _ in range(200):
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
            if human and seat is not None:
                seat.bank = 0.0
                seat.sitting_out = True
                self.timed_out.append(pos)
                self.timeouts.append({"position": pos, "hand_seat": hs, "seq": seq})
                self._changed(f"{seat.name} (seat {pos + 1}) timed out and {did_text(action)}; "
                              f"{seat.name} sits out from the next hand")
            did = True
        did = self._advance_choice(now) or did
        return did

    def _play_for(self, pos: int, hs: int, action: str, now: float) -> None:
        """The table plays ``action`` for ``pos`` (a bot, a timeout, a seat nobody holds)."""
        self.hand.act(hs, action)
        self.actions.append((hs, action))
        self.deadlines.pop(pos, None)
        self.turn_started.pop(pos, None)
        self.decision_at.pop(pos, None)
        self._after_action(now)

    def _advance_choice(self, now: float) -> bool:
        if self.settings.game != DEALERS_CHOICE or self.live or self.choice or self.paused:
            if self.chooser is not None and (self.choice or self.settings.game != DEALERS_CHOICE):
                self.chooser = self.choose_deadline = None
            return False
        positions = self.eligible()
        if len(positions) < 2:
            if self.chooser is not None:
                self.chooser = self.choose_deadline = None
                self._changed()
            return False
        if self.next_hand_at is not None and now < self.next_hand_at:
            return False
        dealer = self._next_button(positions)
        if self.chooser != dealer:
            self.chooser = dealer
            seat = self.seats[dealer]
            delay = self.settings.bot_delay if seat.kind == "bot" else self.settings.turn_seconds
            self.choose_deadline = now + delay
            self._changed(f"{seat.name} (seat {dealer + 1}) is choosing the game")
            return True
        if self.choose_deadline is not None and now >= self.choose_deadline:
            fits = [g for g in (*SEED_GAMES, *sorted(self.settings.game_files))
                    if self.find_game(g, {}).min_players <= len(positions) <= self.find_game(g, {}).max_players]
            seat = self.seats[dealer]
            last = self.start.game if self.start else None
            pick = self._rng.choice(fits) if seat.kind == "bot" or last not in fits else last
            assert pick is not None
            self.choose(dealer, pick, {})
            return True
        return False

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

    def views(self, positions: Iterable[int | None]) -> dict[int | None, dict[str, Any] | None]:
        """:meth:`view` for each of ``positions`` at once, what they see alike built once (see
        :func:`homegame.rules.views.build_views`: the views share those parts, so do not change them)."""
        wanted = list(dict.fromkeys(positions))
        if self.hand is None:
            return dict.fromkeys(wanted)
        seats = {pos: None if pos is None else self.hand_seat(pos) for pos in wanted}
        built = build_views(self.hand, seats.values())
        return {pos: built[hs] for pos, hs in seats.items()}

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
            out[seat.name] = seat.stack
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
            "waiting": self.waiting(),
            "hand_number": self.hand_number,
            "live": self.live,
            "button": self.button,
            "dealt": list(self.start.dealt) if self.start else [],
            "seats": seats,
            "timeouts": [dict(t) for t in self.timeouts],
            "chooser": self.chooser,
            "choose_deadline": self.choose_deadline,
            "next_hand_at": None if self.live else self.next_hand_at,
            "now": now,
            "notices": list(self.notices[-8:]),
            "ledger": ledger_lines,
            "balance": balance,
            "game_files": [describe(n, t) for n, t in sorted(self.settings.game_files.items())],
        }

    # ----- persistence -------------------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        """The table between hands, JSON-serialisable (a live hand is stored as its start + actions)."""
        return {"settings": self.settings.to_dict(), "seats": [s.to_dict() for s in self.seats.values()],
                "ledger": self.ledger.to_list(), "button": self.button, "hand_number": self.hand_number,
                "paused": self.paused, "frozen": {str(p): x for p, x in self.frozen.items()} if self.paused else None,
                "clocks": {str(p): [self.hand_number, self.decision_at[p], t] for p, t in self.turn_started.items()
                           if p in self.decision_at} if self.live else None,
                "choice": self.choice, "notices": self.notices, "next_sid": self.next_sid,
                "chat": self.chat.to_dict(), "pre_actions": {str(p): x for p, x in self.pre_actions.items()},
                "agreements": {"hand": self.agreements_hand, "made": self.agreements} if self.live and self.agreements else None}

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
        table.hand_number = int(data["hand_number"])
        table.paused = bool(data["paused"])
        table._stored_frozen = {int(p): float(x) for p, x in (data.get("frozen") or {}).items()} if table.paused else {}
        table._stored_clocks = {int(p): (int(x[0]), int(x[1]), float(x[2])) for p, x in (data.get("clocks") or {}).items()}
        table.choice = data.get("choice")
        table.notices = list(data.get("notices", []))
        table.chat = Chat.from_dict(data.get("chat"))
        table.pre_actions = {int(p): dict(x) for p, x in (data.get("pre_actions") or {}).items()}
        agreed = data.get("agreements") or {}
        table.agreements, table.agreements_hand = [list(a) for a in agreed.get("made", [])], int(agreed.get("hand", 0))
        return table


__all__ = ["MAX_GAME_FILES", "MAX_TABLE_BYTES", "NAME_LIMIT", "RESUME_GRACE", "HandStart", "Table", "make_game", "make_stakes"]
