"""A table across many hands: seats, the button, dealer's choice, sitting out, turn clocks, the ledger.

No I/O and no clock: every method that depends on time takes ``now`` (seconds, any epoch), and the
deck is handed in by the caller (the server shuffles and commits to it). The server drives a table
from a single task; the table is not thread-safe.
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass
from typing import Any

import homegame as hg
from homegame.table.autoplay import BOT_KINDS, BotPolicy, make_bot
from homegame.table.ledger import Ledger
from homegame.table.seats import DEALERS_CHOICE, SEED_GAMES, Seat, SeatKind, Settings, TableError

#: Longest name a player may choose.
NAME_LIMIT = 24
_TITLES: dict[tuple[str, str], str] = {}


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

    def to_dict(self) -> dict[str, Any]:
        """A JSON-serialisable form."""
        return {"number": self.number, "game": self.game, "rules": self.rules, "stakes": self.stakes,
                "stacks": self.stacks, "button": self.button, "dealt": self.dealt}

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> HandStart:
        """The inverse of :meth:`to_dict`."""
        return cls(int(d["number"]), str(d["game"]), dict(d["rules"]), dict(d["stakes"]),
                   [int(x) for x in d["stacks"]], int(d["button"]), [int(x) for x in d["dealt"]])


def make_stakes(stakes: dict[str, Any]) -> Any:
    """``hg.Stakes`` from its JSON form; a :class:`TableError` saying what is wrong otherwise."""
    args = dict(stakes)
    structure = args.pop("structure", None)
    if "blinds" in args:
        args["blinds"] = tuple(args["blinds"] or ())
    try:
        return hg.Stakes(structure, **args)
    except (TypeError, ValueError) as exc:
        raise TableError(f"bad stakes {stakes}: {exc}") from exc


def make_game(name: str, rules: dict[str, Any]) -> Any:
    """``hg.game(name, **rules)``, its error turned into a :class:`TableError`."""
    try:
        return hg.game(name, **rules)
    except (TypeError, ValueError) as exc:
        raise TableError(f"bad game {name!r} {rules}: {exc}") from exc


class Table:
    """Seats, settings, the ledger and the current hand of one table."""

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
        self.deadlines: dict[int, float] = {}
        self.turn_started: dict[int, float] = {}
        self.choose_deadline: float | None = None
        self.next_hand_at: float | None = None
        self.revision = 0
        self.notices: list[str] = []
        self.timed_out: list[int] = []
        self._bots: dict[int, BotPolicy] = {}
        self._ledger_cache: tuple[Any, list[dict[str, Any]], int] | None = None
        self._settings_cache: tuple[int, dict[str, Any]] | None = None
        self._rng = random.Random(seed)
        if self.settings.game != DEALERS_CHOICE:
            make_game(self.settings.game, self.settings.rules)
        make_stakes(self.settings.stakes)

    # ----- seats -------------------------------------------------------------------------------
    def _changed(self, notice: str | None = None) -> None:
        self.revision += 1
        if notice:
            self.notices = (self.notices + [notice])[-30:]

    def free_position(self) -> int:
        """The lowest empty position; :class:`TableError` when the table is full."""
        for pos in range(self.settings.max_seats):
            if pos not in self.seats:
                return pos
        raise TableError(f"the table is full ({self.settings.max_seats} seats)")

    def sit(self, name: str, *, kind: SeatKind = "human", bot: str | None = None,
            token_hash: str = "", position: int | None = None, approved: bool = False) -> Seat:
        """Seat a player (pending the host's approval unless ``approved`` or the table approves all)."""
        name = " ".join(name.split())
        if not name or len(name) > NAME_LIMIT:
            raise TableError(f"a name must be 1 to {NAME_LIMIT} characters, got {len(name)}")
        if any(s.name.lower() == name.lower() for s in self.seats.values()):
            raise TableError(f"the name {name!r} is taken at this table; choose another")
        if kind == "bot" and bot not in BOT_KINDS:
            raise TableError(f"unknown bot kind {bot!r}; choose one of {', '.join(BOT_KINDS)}")
        pos = self.free_position() if position is None else position
        if pos in self.seats or not 0 <= pos < self.settings.max_seats:
            raise TableError(f"seat {pos} is not free")
        seat = Seat(pos, name, kind, bot=bot, bank=self.settings.time_bank, token_hash=token_hash,
                    buy_in=self.settings.buy_in)
        self.seats[pos] = seat
        self._changed(f"{name} sits in seat {pos + 1}")
        if approved or kind == "bot" or not self.settings.approve_seats:
            self.approve(pos)
        return seat

    def add_bot(self, kind: str = "rule", name: str | None = None) -> Seat:
        """Seat a bot of ``kind`` with the table's buy-in."""
        if name is None:
            taken = {s.name for s in self.seats.values()}
            name = next(f"{kind.capitalize()}Bot {i}" for i in range(1, 100) if f"{kind.capitalize()}Bot {i}" not in taken)
        return self.sit(name, kind="bot", bot=kind)

    def _seat(self, pos: int) -> Seat:
        if pos not in self.seats:
            raise TableError(f"no one sits in seat {pos}; occupied seats are {sorted(self.seats)}")
        return self.seats[pos]

    def approve(self, pos: int) -> None:
        """Let a pending player in: they buy in for the table's buy-in."""
        seat = self._seat(pos)
        if seat.status != "pending":
            raise TableError(f"seat {pos} is already approved")
        seat.status = "active"
        seat.stack = seat.buy_in
        self.ledger.buy_in(seat.name, seat.buy_in, self.hand_number)
        if seat.kind == "bot" and seat.bot:
            self._bots[pos] = make_bot(seat.bot, self._rng.randrange(2**31))
        self._changed(f"{seat.name} buys in for {seat.buy_in}")

    def in_live_hand(self, pos: int) -> bool:
        """Whether ``pos`` was dealt into the hand being played."""
        return self.live and self.start is not None and pos in self.start.dealt

    def remove(self, pos: int) -> None:
        """Take a player off the table; one in the live hand folds out of it and leaves after it."""
        seat = self._seat(pos)
        if self.in_live_hand(pos):
            seat.status = "leaving"
            self.deadlines.pop(pos, None)
            self._changed(f"{seat.name} is leaving after this hand")
            return
        self._cash_out(seat)

    def _cash_out(self, seat: Seat) -> None:
        if seat.status != "pending":
            self.ledger.cash_out(seat.name, seat.stack, self.hand_number)
        del self.seats[seat.position]
        self._bots.pop(seat.position, None)
        self.deadlines.pop(seat.position, None)
        self._changed(f"{seat.name} leaves with {seat.stack}" if seat.status != "pending" else None)

    def set_sitting_out(self, pos: int, value: bool) -> None:
        """Sit out from the next hand on (``True``) or come back (``False``)."""
        seat = self._seat(pos)
        seat.sitting_out = value
        if not value:
            seat.bank = max(seat.bank, self.settings.time_bank / 2)
        self._changed(f"{seat.name} {'sits out' if value else 'is back'}")

    def adjust_stack(self, pos: int, stack: int) -> None:
        """Set a stack (between hands): the difference is booked as a buy-in or a cash-out."""
        seat = self._seat(pos)
        if seat.status != "active":
            raise TableError(f"seat {pos} is not an approved player")
        if self.in_live_hand(pos):
            raise TableError("stacks can be changed only between hands; wait for this hand to end")
        if stack < 0:
            raise TableError(f"a stack must be zero or more, got {stack}")
        diff = stack - seat.stack
        if diff > 0:
            self.ledger.buy_in(seat.name, diff, self.hand_number)
        elif diff < 0:
            self.ledger.cash_out(seat.name, -diff, self.hand_number)
        seat.stack = stack
        self._changed(f"{seat.name}'s stack is set to {stack}")

    # ----- settings ----------------------------------------------------------------------------
    def set_game(self, game: str, rules: dict[str, Any] | None = None) -> None:
        """Change the game (or dealer's choice) from the next hand on."""
        rules = dict(rules or {})
        if game == DEALERS_CHOICE:
            rules = {}
        else:
            g = make_game(game, rules)
            game, rules = g.name, dict(g.rules)
        self.settings.game, self.settings.rules = game, rules
        self.choice = None
        self.chooser = None
        self._changed(f"next game: {self.game_title(game, rules)}")

    def set_stakes(self, stakes: dict[str, Any], buy_in: int | None = None) -> None:
        """Change the stakes (and the buy-in) from the next hand on."""
        make_stakes(stakes)
        if buy_in is not None:
            if buy_in <= 0:
                raise TableError(f"a buy-in must be positive, got {buy_in}")
            self.settings.buy_in = buy_in
        self.settings.stakes = dict(stakes)
        self._changed("the stakes change from the next hand")

    def set_paused(self, value: bool) -> None:
        """Pause (no new hand starts; the current one plays out) or resume."""
        self.paused = value
        self._changed("the host pauses the game" if value else "the host resumes the game")

    @staticmethod
    def game_title(game: str, rules: dict[str, Any]) -> str:
        """A short description of a game and its house rules that differ from the defaults."""
        key = (game, json.dumps(rules, sort_keys=True))
        title = _TITLES.get(key)
        if title is None:
            title = _TITLES[key] = Table._title(game, rules)
        return title

    @staticmethod
    def _title(game: str, rules: dict[str, Any]) -> str:
        if game == DEALERS_CHOICE:
            return "Dealer's choice"
        g = make_game(game, rules)
        base = make_game(game, {})
        changed = [f"{k}={v}" for k, v in g.rules.items() if base.rules.get(k) != v]
        return str(g.title) + (f" ({', '.join(changed)})" if changed else "")

    def choose(self, pos: int, game: str, rules: dict[str, Any] | None = None) -> None:
        """The dealer's pick for the coming hand in dealer's choice."""
        if self.chooser is None:
            raise TableError("no game is being chosen now")
        if pos != self.chooser:
            raise TableError(f"seat {self.chooser} is the dealer and chooses the game, not seat {pos}")
        if game == DEALERS_CHOICE:
            raise TableError("choose one game for this hand")
        g = make_game(game, dict(rules or {}))
        count = len(self.eligible())
        if not g.min_players <= count <= g.max_players:
            raise TableError(f"{g.title} takes {g.min_players} to {g.max_players} players, not {count}")
        self.choice = {"game": g.name, "rules": dict(g.rules), "by": pos}
        self.chooser = None
        self.choose_deadline = None
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

    def ready_to_deal(self, now: float) -> bool:
        """Whether a new hand should start now (the caller then shuffles and calls :meth:`deal`)."""
        if self.live or self.paused or len(self.eligible()) < 2:
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
        game = make_game(game_name, rules)
        positions = self.eligible()
        button = self._next_button(positions)
        # clockwise from the button, at most the game's maximum, then back in seat order
        i = positions.index(button)
        ring = positions[i + 1:] + positions[:i + 1]
        dealt = sorted(ring[-game.max_players:] if len(ring) > game.max_players else ring)
        if button not in dealt:
            button = dealt[-1]
        start = HandStart(self.hand_number + 1, game.name, dict(game.rules), dict(self.settings.stakes),
                          [self.seats[p].stack for p in dealt], dealt.index(button), dealt)
        self._begin(start, deck, [], now)
        return start

    def resume(self, start: HandStart, deck: list[str], actions: list[tuple[int, str]], now: float) -> None:
        """Rebuild a hand exactly from its start, deck and the actions taken so far."""
        self._begin(start, deck, actions, now)

    def _begin(self, start: HandStart, deck: list[str], actions: list[tuple[int, str]], now: float) -> None:
        game = make_game(start.game, start.rules)
        hand = game.deal(start.stacks, stakes=make_stakes(start.stakes), button=start.button, deck=deck)
        for seat, action in actions:
            hand.act(seat, action)
        self.hand, self.start, self.actions = hand, start, list(actions)
        self.hand_number = start.number
        self.button = start.dealt[start.button]
        self.choice = None
        self.chooser = None
        self.choose_deadline = None
        self.next_hand_at = None
        self.deadlines.clear()
        self.turn_started.clear()
        self._changed()
        if hand.over:
            self._finish(now)
        else:
            self._refresh_clocks(now)

    def hand_seat(self, pos: int) -> int | None:
        """The seat number in the current hand of table position ``pos`` (``None`` if not dealt)."""
        if self.start is None or pos not in self.start.dealt:
            return None
        return self.start.dealt.index(pos)

    def owing(self) -> list[int]:
        """Table positions that owe a decision in the live hand."""
        if not self.live or self.start is None:
            return []
        return [self.start.dealt[s] for s in self.hand.to_act]

    def act(self, pos: int, action: str, now: float) -> None:
        """``pos`` plays ``action`` in the live hand; ``hg.IllegalAction`` leaves everything as it was."""
        if not self.live:
            raise TableError("no hand is being played; wait for the next deal")
        hs = self.hand_seat(pos)
        if hs is None:
            raise TableError(f"seat {pos} is not in this hand")
        self.hand.act(hs, action)
        self.actions.append((hs, action))
        seat = self.seats.get(pos)
        if seat is not None and seat.kind == "human" and pos in self.turn_started:
            used = now - self.turn_started[pos]
            seat.bank = max(0.0, seat.bank - max(0.0, used - self.settings.turn_seconds))
        self.deadlines.pop(pos, None)
        self.turn_started.pop(pos, None)
        if self.hand.over:
            self._finish(now)
        else:
            self._refresh_clocks(now)

    def _refresh_clocks(self, now: float) -> None:
        owing = set(self.owing())
        for pos in list(self.deadlines):
            if pos not in owing:
                del self.deadlines[pos]
                self.turn_started.pop(pos, None)
        for pos in sorted(owing - set(self.deadlines)):
            seat = self.seats.get(pos)
            if seat is None or seat.status == "leaving":
                self.deadlines[pos] = now
            elif seat.kind == "bot":
                self.deadlines[pos] = now + self.settings.bot_delay
            else:
                self.turn_started[pos] = now
                self.deadlines[pos] = now + self.settings.turn_seconds + seat.bank

    def _finish(self, now: float) -> None:
        assert self.start is not None
        for i, pos in enumerate(self.start.dealt):
            seat = self.seats.get(pos)
            if seat is not None:
                seat.stack = self.start.stacks[i] + int(self.hand.payoffs[i])
        for seat in [s for s in self.seats.values() if s.status == "leaving"]:
            self._cash_out(seat)
        for seat in self.seats.values():
            if seat.kind == "bot" and seat.status == "active" and seat.stack == 0:
                # a bot that fills a seat buys in again rather than leave the table short
                seat.stack = self.settings.buy_in
                self.ledger.buy_in(seat.name, seat.stack, self.hand_number)
                self.notices = (self.notices + [f"{seat.name} buys in again for {seat.stack}"])[-30:]
        self.deadlines.clear()
        self.turn_started.clear()
        self.next_hand_at = now + self.settings.between_hands
        self._changed()

    def _default_for(self, pos: int) -> str:
        hs = self.hand_seat(pos)
        assert hs is not None
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
        """The earliest time something is due (a bot, a timeout, a choice, the next deal).

        A deal time already past is not counted: what holds the deal up then (too few players, a
        pause) changes only when a message arrives.
        """
        times = list(self.deadlines.values()) if self.live else []
        if self.choose_deadline is not None:
            times.append(self.choose_deadline)
        if not self.live and not self.paused and self.next_hand_at is not None and self.next_hand_at > now:
            times.append(self.next_hand_at)
        return min(times) if times else None

    def advance(self, now: float) -> bool:
        """Do what is due at ``now``: bots act, clocks run out, the dealer's choice; ``True`` if any."""
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
            try:
                self.act(pos, action, now)
            except ValueError:
                hs = self.hand_seat(pos)
                assert hs is not None
                self.act(pos, str(self.hand.default_action(hs)), now)
            if human and seat is not None:
                seat.bank = 0.0
                seat.sitting_out = True
                self.timed_out.append(pos)
                self._changed(f"{seat.name} ran out of time and sits out from the next hand")
            did = True
        did = self._advance_choice(now) or did
        return did

    def _advance_choice(self, now: float) -> bool:
        if self.settings.game != DEALERS_CHOICE or self.live or self.choice or self.paused:
            if self.chooser is not None and (self.choice or self.settings.game != DEALERS_CHOICE):
                self.chooser = self.choose_deadline = None
            return False
        positions = self.eligible()
        if len(positions) < 2:
            return False
        if self.next_hand_at is not None and now < self.next_hand_at:
            return False
        dealer = self._next_button(positions)
        if self.chooser != dealer:
            self.chooser = dealer
            seat = self.seats[dealer]
            delay = self.settings.bot_delay if seat.kind == "bot" else self.settings.turn_seconds
            self.choose_deadline = now + delay
            self._changed(f"{seat.name} is choosing the game")
            return True
        if self.choose_deadline is not None and now >= self.choose_deadline:
            fits = [g for g in SEED_GAMES if make_game(g, {}).max_players >= len(positions)]
            seat = self.seats[dealer]
            last = self.start.game if self.start else None
            pick = self._rng.choice(fits) if seat.kind == "bot" or last not in fits else last
            assert pick is not None
            self.choose(dealer, pick, {})
            return True
        return False

    # ----- what players see --------------------------------------------------------------------
    def view(self, pos: int | None) -> dict[str, Any] | None:
        """The current (or last) hand as ``pos`` may see it; ``None`` before the first hand."""
        if self.hand is None:
            return None
        hs = None if pos is None else self.hand_seat(pos)
        view: dict[str, Any] = self.hand.view(hs)
        return view

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
            self._settings_cache = (self.revision, self.settings.to_dict())
        chosen = self.next_game()
        return {
            "name": self.settings.name,
            "settings": self._settings_cache[1],
            "game_title": self.game_title(self.settings.game, self.settings.rules),
            "next_game": None if chosen is None else {"game": chosen[0], "rules": chosen[1],
                                                      "title": self.game_title(*chosen)},
            "paused": self.paused,
            "hand_number": self.hand_number,
            "live": self.live,
            "button": self.button,
            "dealt": list(self.start.dealt) if self.start else [],
            "seats": seats,
            "chooser": self.chooser,
            "choose_deadline": self.choose_deadline,
            "next_hand_at": None if self.live else self.next_hand_at,
            "now": now,
            "notices": list(self.notices[-8:]),
            "ledger": ledger_lines,
            "balance": balance,
        }

    # ----- persistence -------------------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        """The table between hands, JSON-serialisable (a live hand is stored as its start + actions)."""
        return {"settings": self.settings.to_dict(), "seats": [s.to_dict() for s in self.seats.values()],
                "ledger": self.ledger.to_list(), "button": self.button, "hand_number": self.hand_number,
                "paused": self.paused, "choice": self.choice, "notices": self.notices}

    @classmethod
    def from_dict(cls, data: dict[str, Any], *, seed: int | None = None) -> Table:
        """The inverse of :meth:`to_dict` (stacks as at the start of a live hand)."""
        table = cls(Settings.from_dict(data["settings"]), seed=seed)
        table.ledger = Ledger.from_list(data["ledger"])
        for item in data["seats"]:
            seat = Seat.from_dict(item)
            table.seats[seat.position] = seat
            if seat.kind == "bot" and seat.bot and seat.status != "pending":
                table._bots[seat.position] = make_bot(seat.bot, table._rng.randrange(2**31))
        table.button = int(data["button"])
        table.hand_number = int(data["hand_number"])
        table.paused = bool(data["paused"])
        table.choice = data.get("choice")
        table.notices = list(data.get("notices", []))
        return table


__all__ = ["NAME_LIMIT", "HandStart", "Table", "make_game", "make_stakes"]
