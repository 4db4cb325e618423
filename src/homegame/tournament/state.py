"""A tournament's state: its entries, tables, clock and what has been decided. No I/O; ``now`` is
passed in. :class:`homegame.tournament.Tournament` adds the changes on top (see :mod:`.core`)."""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from typing import Any, Literal

from homegame.table import Table
from homegame.table.fairness import Fairness, FairShuffle
from homegame.table.seats import name_key
from homegame.tournament.config import Config, Level, default_payouts
from homegame.tournament.results import prize_amounts, rank_group, share

EntryStatus = Literal["registered", "playing", "out"]


@dataclass
class Entry:
    """One player in the tournament (a person or a bot) and what they paid and won."""

    id: int
    name: str
    kind: Literal["human", "bot"] = "human"
    bot: str | None = None
    status: EntryStatus = "registered"
    table: int | None = None
    rebuys: int = 0
    add_on: bool = False
    auto_rebuy: bool = False
    away: bool = False
    paid: int = 0
    place: int | None = None
    places: list[int] = field(default_factory=list)  # the places shared, when tied
    prize: int = 0
    bounties: int = 0  # money won by knocking players out (and one's own bounty back when winning)
    knocked_out: list[str] = field(default_factory=list)


@dataclass(frozen=True)
class SeatMove:
    """One seat the floor changed: the ``number``-th move of the tournament, ``name`` (entry ``entry``)
    from ``source`` to ``target``, each ``(table, seat)`` with seats counted from 1 as the players say."""

    number: int
    name: str
    entry: int
    source: tuple[int, int]
    target: tuple[int, int]

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready (the stored form)."""
        return {**asdict(self), "source": list(self.source), "target": list(self.target)}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> SeatMove:
        """The inverse of :meth:`to_dict`."""
        return cls(int(data["number"]), str(data["name"]), int(data["entry"]),
                   (int(data["source"][0]), int(data["source"][1])), (int(data["target"][0]), int(data["target"][1])))


class TournamentState:
    """Entries, tables, the clock, the results so far."""

    def __init__(self, config: Config, seed: int | None = None) -> None:
        config.check()
        self.config = config
        self.rng = random.Random(seed)
        self.entries: list[Entry] = []
        self._index: dict[str, Entry] = {}
        self.tables: dict[int, Table] = {}
        self.next_table = 1
        self.started = False
        self.finished = False
        self.breaking: set[int] = set()
        self.final_redraw = False
        # the clock: seconds of running time, the level and when (in running time) it began
        self.elapsed_base = 0.0
        self.running_since: float | None = None
        self.level_index = 0
        self.level_started = 0.0
        self.chips_in_play = 0  # chips given out (stacks, rebuys, add-ons) less chips taken off (the winner's)
        self.eliminated: list[list[tuple[str, int]]] = []  # busts in order, one group per hand or round
        self.round_busts: list[tuple[str, int]] = []  # hand-for-hand: this round's busts so far
        self.hand_for_hand = False
        self.round_dealt: set[int] = set()
        self.rounds = 0  # hand-for-hand rounds finished
        self.synced: dict[int, int] = {}  # each table's last hand the tournament read
        self.deal: dict[str, Any] | None = None  # a proposal, then the deal made
        self.deal_asked: str | None = None  # the kind of a deal asked for while hands are in play
        self.owed: dict[str, int] = {}  # chips bought (rebuy, add-on) during the player's hand: added after it
        self.log: list[str] = []
        self.moves = 0  # seats the floor changed, all told
        self.moved: list[SeatMove] = []  # the latest of them, as the floor records them
        self.hands = 0  # hands read at every table
        self.decks: dict[int, list[str]] = {}  # each table's deck for its current (or last) hand
        self.payout_shares: list[int] | None = None
        #: Called with ``(table id, table)`` when a table's hand has ended, before the tournament reads it
        #: (its busts leave their seats, the last one ends the tournament): the server shows every
        #: phone at that table the hand's end first. Not stored.
        self.hand_ends: Callable[[int, Table], None] | None = None
        #: Called with ``(table id, table)`` for the deck of the hand that table is about to deal (the
        #: server's committed shuffle, with secret chains it stores itself); ``None``: the tournament's
        #: own committed seed chains, their secrets from its seeded generator. Not stored.
        self.shuffler: Callable[[int, Table], list[str]] | None = None
        #: Without a shuffler, each table's committed seed chain and the shuffle of its current (or
        #: last) hand (see :mod:`homegame.tournament.shuffles`); stored.
        self.fairs: dict[int, Fairness] = {}
        self.shuffles: dict[int, FairShuffle] = {}

    # ----- reading -----------------------------------------------------------------------------
    def entry(self, entry_id: int) -> Entry:
        """The entry ``entry_id``; ``KeyError``-free: a :class:`ValueError` naming it when unknown."""
        if not isinstance(entry_id, int) or not 0 <= entry_id < len(self.entries):
            raise ValueError(f"entry: no entry {entry_id!r}")
        return self.entries[entry_id]

    def _names(self) -> dict[str, Entry]:
        """Entries by name and by :func:`homegame.table.seats.name_key` (entries are only ever added)."""
        if len(self._index) != 2 * len(self.entries):
            self._index = {}
            for entry in self.entries:
                self._index[entry.name] = entry
                self._index["\0" + name_key(entry.name)] = entry
        return self._index

    def by_name(self, name: str) -> Entry:
        """The entry called ``name``."""
        entry = self._names().get(name)
        if entry is None:
            raise ValueError(f"entry: nobody called {name!r}")
        return entry

    def name_taken(self, name: str) -> bool:
        """Whether an entry's name is ``name`` ignoring case, spacing and invisible characters."""
        return "\0" + name_key(name) in self._names()

    def playing(self) -> list[Entry]:
        """The entries still in."""
        return [e for e in self.entries if e.status == "playing"]

    def elapsed(self, now: float) -> float:
        """Seconds the clock has run."""
        return self.elapsed_base + (now - self.running_since if self.running_since is not None else 0.0)

    @property
    def level(self) -> Level:
        """The current level (or break)."""
        return self.config.levels[self.level_index]

    def level_number(self) -> int:
        """The current level counted from 1, breaks included."""
        return self.level_index + 1

    def time_left(self, now: float) -> float:
        """Seconds left in the current level (the last level never ends)."""
        return max(0.0, self.level.minutes * 60 - (self.elapsed(now) - self.level_started))

    def stacks(self) -> dict[str, int]:
        """Each seated player's chips (at the start of a hand being played)."""
        out: dict[str, int] = {}
        for table in self.tables.values():
            for seat in table.seats.values():
                out[seat.name] = seat.stack
        return out

    def chips_on_tables(self) -> int:
        """Every chip at every table (a live hand's as at its start), chips bought during a hand and
        owed to the player's stack once it ends included."""
        return sum(self.stacks().values()) + sum(self.owed.values())

    def shares(self) -> list[int]:
        """The payout shares (per cent by place): the host's, else the default for the entries."""
        if self.payout_shares is not None:
            return self.payout_shares
        if self.config.payouts is not None:
            return list(self.config.payouts)
        return default_payouts(max(1, len(self.entries)))

    def prize_pool(self) -> int:
        """The money to be paid by place: everything paid in less the bounties."""
        return sum(e.paid for e in self.entries) - self.config.bounty * len(self.entries)

    def prizes(self) -> list[int]:
        """Prize amounts for 1st, 2nd, … (no more places than entries)."""
        shares = self.shares()[:max(1, len(self.entries))]
        if sum(shares) != 100:
            shares = shares[:-1] + [100 - sum(shares[:-1])]
        return prize_amounts(self.prize_pool(), shares)

    def rebuys_open(self) -> bool:
        """Whether a player who busts may buy in again now."""
        return self.config.rebuy_level >= self.level_number() and not self.finished

    def registration_open(self) -> bool:
        """Whether a new player may still register."""
        return not self.finished and (not self.started or self.config.late_registration_level >= self.level_number())

    def add_on_open(self) -> bool:
        """Whether a player may take the add-on now: during the first break after the rebuys end (or
        any break when there are no rebuys)."""
        if not self.config.add_on_price or not self.level.is_break or self.finished:
            return False
        first = next((i for i, lv in enumerate(self.config.levels) if lv.is_break and i + 1 > self.config.rebuy_level),
                     None)
        return first == self.level_index

    def seat_of(self, name: str) -> tuple[int, int] | None:
        """``(table id, position)`` where ``name`` sits, or ``None``."""
        for tid, table in self.tables.items():
            for pos, seat in table.seats.items():
                if seat.name == name:
                    return tid, pos
        return None

    def _run_clock(self, now: float) -> None:
        elapsed = self.elapsed(now)
        while self.level_index + 1 < len(self.config.levels) and \
                elapsed - self.level_started >= self.level.minutes * 60:
            self.level_started += self.level.minutes * 60
            self.level_index += 1
            self.log.append(f"level {self.level_number()}: {'break' if self.level.is_break else 'blinds up'}")

    def _place_everyone(self, dealt: dict[str, int]) -> None:
        """Places from the order of elimination (the last group first), prizes by place, shared places
        sharing their prizes; ``dealt`` are the prizes of a deal (which replace the places' prizes)."""
        prizes = self.prizes()
        place = 1
        for group in reversed(self.eliminated):
            for name, where, places in rank_group(group, place):
                entry = self.by_name(name)
                entry.place, entry.places = where, places
            ties: dict[int, list[str]] = {}
            for name, where, _ in rank_group(group, place):
                ties.setdefault(where, []).append(name)
            for where, names in ties.items():
                amounts = share([prizes[p - 1] for p in range(where, where + len(names)) if p <= len(prizes)],
                                len(names))
                for name, amount in zip(sorted(names), amounts, strict=True):
                    self.by_name(name).prize = dealt.get(name, amount)
            place += len(group)
        self.finished = True
        self.running_since = None


__all__ = ["Entry", "EntryStatus", "SeatMove", "TournamentState"]
