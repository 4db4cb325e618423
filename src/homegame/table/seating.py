"""Who sits at a table: sitting down, the host's approval, leaving, links, sitting out, stacks, and what
a seat may say (chat, reactions, the host's mute). No I/O.
"""

from __future__ import annotations

from typing import Any

from homegame.table.autoplay import BOT_KINDS, make_bot
from homegame.table.seats import NAME_LIMIT, Seat, SeatKind, TableError, clean_name, name_key
from homegame.table.turns import TableTurns


class Seating(TableTurns):
    """Seats come, go, sit out, change stacks and talk."""

    def free_position(self) -> int:
        """The lowest empty position; :class:`TableError` when the table is full."""
        for pos in range(self.settings.max_seats):
            if pos not in self.seats:
                return pos
        raise TableError(f"the table is full ({self.settings.max_seats} seats)")

    def sit(self, name: str, *, kind: SeatKind = "human", bot: str | None = None,
            token_hash: str = "", position: int | None = None, approved: bool = False,
            returning: str = "") -> Seat:
        """Seat a player (pending the host's approval unless ``approved`` or the table approves all).

        The name is kept as :func:`clean_name` makes it and must differ from every other seat's name
        ignoring case, spacing and invisible characters. ``returning`` is the hash of a seat token the
        player held here before (their device remembers it): someone who left and sits again, under
        that token or the same name, is the same person in the ledger, and one who left out of chips
        waits for the host (or the table's rebuy policy) to buy them in again, whatever the table's
        seating policy.
        """
        clean = clean_name(name)
        if not clean or len(clean) > NAME_LIMIT:
            hidden = " once invisible and control characters are removed" if clean != " ".join(name.split()) else ""
            raise TableError(f"a name must be 1 to {NAME_LIMIT} characters{hidden}, got {len(clean)}")
        key = name_key(clean)
        for other in self.seats.values():
            if name_key(other.name) == key and other.kind == "human":
                host = next((s.name for s in self.seats.values() if s.sid == self.host_sid), "the host")
                raise TableError(f"This name is seated (seat {other.position + 1}), so it is taken. If it is yours, ask {host} to show "
                                 "your seat code and scan it with this phone to get your seat back; otherwise choose "
                                 "another name (names are compared ignoring case and spacing)")
            if name_key(other.name) == key:
                raise TableError(f"the name {clean!r} is taken at this table (seat {other.position + 1}); names "
                                 "are compared ignoring case, spacing and invisible characters; choose another")
        if kind == "bot" and bot not in BOT_KINDS:
            raise TableError(f"unknown bot kind {bot!r}; choose one of {', '.join(BOT_KINDS)}")
        pos = self.free_position() if position is None else position
        if pos in self.seats or not 0 <= pos < self.settings.max_seats:
            raise TableError(f"seat {pos + 1} is not free")
        person, broke = self._person(clean, returning) if kind == "human" else (clean, False)
        seat = Seat(pos, clean, kind, bot=bot, bank=self.settings.time_bank, token_hash=token_hash,
                    buy_in=self.settings.buy_in, sid=self.next_sid, person=person)
        self.next_sid += 1
        self.seats[pos] = seat
        self._changed(f"{clean} sits in seat {pos + 1}")
        if broke and not approved and self.settings.rebuy != "auto":
            self._changed(f"{clean} left out of chips; the host approves a new buy-in")
        elif approved or kind == "bot" or not self.settings.approve_seats or broke:
            self.approve(pos)
        return seat

    def _person(self, clean: str, returning: str) -> tuple[str, bool]:
        """Who sits down as ``clean`` (holding once the seat token hashed ``returning``): a person who left
        (the ledger name they had, and whether they left out of chips), or a new one."""
        key = name_key(clean)
        seated = {s.person for s in self.seats.values()}  # one still leaving after the hand is not back yet
        gone = {p: x for p, x in self.departed.items() if p not in seated}
        found = next((p for p, x in gone.items() if returning and x["token"] == returning), None)
        if found is None:
            found = next((p for p, x in gone.items() if x["key"] == key), None)
        if found is not None:
            return found, bool(self.departed.pop(found)["broke"])
        taken = {e.name for e in self.ledger.entries} | {s.person for s in self.seats.values()}
        return next(n for n in (clean, *(f"{clean} ({i})" for i in range(2, 1000))) if n not in taken), False

    def add_bot(self, kind: str = "rule", name: str | None = None) -> Seat:
        """Seat a bot of ``kind`` with the table's buy-in."""
        if name is None:
            taken = {name_key(s.name) for s in self.seats.values()}
            label = f"{kind.capitalize()}Bot"
            name = next(f"{label} {i}" for i in range(1, 100) if name_key(f"{label} {i}") not in taken)
        return self.sit(name, kind="bot", bot=kind)

    def approve(self, pos: int) -> None:
        """Let a pending player in: they buy in for the table's buy-in."""
        seat = self._seat(pos)
        if seat.status == "active" and seat.rebuy_asked:
            self._rebuy(seat, approved=True)
            return
        if seat.status != "pending":
            raise TableError(f"{seat.name} (seat {pos + 1}) is already approved")
        again = any(e.name == seat.person and e.kind == "buy-in" for e in self.ledger.entries)
        seat.status = "active"
        seat.stack = seat.buy_in
        self._book(seat, "buy-in", seat.buy_in)
        if seat.kind == "bot" and seat.bot:
            self._bots[pos] = make_bot(seat.bot, self._rng.randrange(2**31))
        # a tournament's player brings its chips along (:meth:`adjust_stack` says how many if not these)
        self._changed(None if self.settings.tournament
                      else f"{seat.name} {'rebuys' if again else 'buys in for'} {seat.buy_in}")

    def request_rebuy(self, pos: int) -> None:
        """A player out of chips asks to buy in again for the table's buy-in: granted at once under the
        ``auto`` rebuy policy, else when the host approves it (:meth:`approve`)."""
        seat = self._seat(pos)
        if not self.out_of_chips(pos):
            raise TableError("a rebuy is for a player out of chips between hands; you still have chips in play")
        if self.settings.rebuy == "auto":
            self._rebuy(seat)
            return
        if not seat.rebuy_asked:
            seat.rebuy_asked = True
            self._changed(f"{seat.name} (seat {pos + 1}) asks to rebuy {self.settings.buy_in}")

    def _rebuy(self, seat: Seat, *, approved: bool = False) -> None:
        """Buy ``seat`` in again for the table's buy-in; the log says the host approved it when ``approved``
        (the ask was logged when it was asked: one line per event, each when it happens)."""
        seat.rebuy_asked = False
        seat.stack = self.settings.buy_in
        self._book(seat, "buy-in", seat.stack)
        said = f"{seat.name} rebuys {seat.stack}"
        self._changed(f"the host approves {seat.name}'s rebuy: {said}" if approved else said)

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
            self.departed[seat.person or seat.name] = {"token": seat.token_hash, "key": name_key(seat.name),
                                                       "broke": False}  # settled as it cashes out
            seat.token_hash = seat.shown_hash = ""
            self.pre_actions.pop(pos, None)
            self._refresh_clocks(now)
            self._changed(f"{seat.name} leaves seat {pos + 1}; their cards are folded or played by the "
                          "table until this hand ends")
            return
        self._cash_out(seat)

    def show_link(self, pos: int, shown_hash: str) -> None:
        """The host shows a human seat's link for a new device (a lost phone): ``shown_hash`` is kept
        pending on the seat, and the seat's current token keeps working until the shown link is used
        (:meth:`use_shown_link`). Showing again replaces the pending link: only the latest one works."""
        seat = self._seat(pos)
        if seat.kind != "human":
            raise TableError(f"seat {pos + 1} is a bot; only a player's seat has a link")
        if seat.status == "leaving":
            raise TableError(f"{seat.name} (seat {pos + 1}) is leaving; the seat has no link any more")
        seat.shown_hash = shown_hash
        self._changed(f"the host showed a new link for {seat.name} (seat {pos + 1}); the old one works until "
                      "the new one is opened")

    def use_shown_link(self, pos: int) -> None:
        """The link the host showed for seat ``pos`` was opened: it holds the seat from now on and the
        seat's old token stops working."""
        seat = self._seat(pos)
        if not seat.shown_hash:
            raise TableError(f"no new link was shown for seat {pos + 1}")
        seat.token_hash, seat.shown_hash = seat.shown_hash, ""
        self._changed(f"{seat.name}'s new seat link was opened (seat {pos + 1}); the old one no longer works")

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
        diff, was = stack - seat.stack, seat.stack
        if diff > 0:
            self._book(seat, "buy-in", diff)
        elif diff < 0:
            self._book(seat, "cash-out", -diff)
        seat.stack = stack
        seat.rebuy_asked = seat.rebuy_asked and stack == 0
        if diff and self.settings.tournament:  # a move, a rebuy, an add-on, a chip race: the chips it has now
            self._changed(f"{seat.name} has {stack} chips")
        elif diff > 0:
            self._changed(f"{seat.name} rebuys {diff}" if was == 0 else f"{seat.name} adds {diff} (stack {stack})")
        elif diff < 0:
            self._changed(f"{seat.name} takes {-diff} off the table (stack {stack})")

    def _speaker(self, pos: int | None, host: bool, what: str, spectator: str = "Spectator"
                 ) -> tuple[str, int | None, str]:
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
        return spectator, None, "spectator"

    def say(self, pos: int | None, text: str, now: float, *, host: bool = False,
            spectator: str = "Spectator") -> dict[str, Any]:
        """A chat line from the seat at ``pos`` (``None``: the host if ``host``, else a spectator
        named ``spectator``), kept with the table; :class:`TableError` for empty, over-long or muted talk."""
        name, seat, role = self._speaker(pos, host, "chat messages", spectator)
        return self.chat.say(name, seat, role, text, self._tick(now))

    def react(self, pos: int | None, emoji: str, now: float, *, host: bool = False,
              spectator: str = "Spectator") -> dict[str, Any]:
        """A quick reaction, kept with the chat's lines: ``{"id", "at", "name", "seat", "role", "text", "emoji"}``."""
        name, seat, role = self._speaker(pos, host, "reactions", spectator)
        return self.chat.react(name, seat, role, emoji, self._tick(now))

    def mute(self, pos: int, value: bool) -> None:
        """The host mutes (or unmutes) whoever sits at ``pos`` now (a new player there is not muted)."""
        seat = self._seat(pos)
        if seat.kind == "bot":
            raise TableError(f"seat {pos + 1} is a bot; bots do not chat")
        seat.muted = value
        self._changed(f"the host {'mutes' if value else 'unmutes'} {seat.name} (seat {pos + 1})")


__all__ = ["Seating"]
