"""Seats at a table and the settings a host chooses: pure data, JSON round-trippable."""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass, field
from typing import Any, Literal

SeatStatus = Literal["pending", "active", "leaving"]
SeatKind = Literal["human", "bot"]

#: The four games the table is built for, offered first in dealer's choice.
SEED_GAMES = ("passem", "sameem", "pass-the-trash", "three-hole")
#: The table setting that lets each dealer pick the game before the deal.
DEALERS_CHOICE = "dealers-choice"


class TableError(ValueError):
    """A request the table refuses: the message says what was wrong and what is allowed."""


class StaleDecision(TableError):
    """An action that answers a decision the seat no longer owes (a double tap, a late click)."""


#: Longest name a player may choose.
NAME_LIMIT = 24
#: Unicode categories never allowed in a name: control, format (zero-width, bidi), surrogate, private,
#: unassigned.
_INVISIBLE = frozenset({"Cc", "Cf", "Cs", "Co", "Cn"})


def clean_name(name: str) -> str:
    r"""A name as the table keeps it: NFKC, invisible and control characters removed, spaces collapsed.

    Two names are the same player when their clean forms are equal ignoring case (:func:`name_key`).

    >>> clean_name("  Ann\u200b  Lee ")
    'Ann Lee'
    >>> clean_name("\u202eAnn") == clean_name("A\x00nn") == "Ann"
    True
    >>> clean_name("\uff21nn")  # a full-width A
    'Ann'
    """
    text = unicodedata.normalize("NFKC", name)
    text = "".join(" " if ch.isspace() else ch for ch in text if unicodedata.category(ch) not in _INVISIBLE
                   or ch.isspace())
    return " ".join(text.split())


def name_key(name: str) -> str:
    r"""The form names are compared in: :func:`clean_name`, case-folded.

    >>> name_key("ANN") == name_key("ann\u200d")
    True
    """
    return clean_name(name).casefold()


@dataclass
class Seat:
    """One chair at the table and whoever sits in it.

    ``token_hash`` is opaque to the table (the server keeps there the hash of the seat's capability
    token); ``shown_hash`` the hash of a link the host showed for a new device, pending until it is
    used (:meth:`~homegame.table.seating.Seating.use_shown_link`); ``bank`` is the seat's remaining time bank in seconds.
    """

    position: int
    name: str
    kind: SeatKind = "human"
    stack: int = 0
    status: SeatStatus = "pending"
    sitting_out: bool = False
    bot: str | None = None
    bank: float = 60.0
    token_hash: str = ""
    shown_hash: str = ""  # a seat link the host showed and nobody opened yet: the old one works until it is
    buy_in: int = 0
    rebuys: int = 0  # times a bot bought in again after going broke
    sid: int = 0  # who holds the seat: unique at the table, never reused
    muted: bool = False  # the host muted this player's chat and reactions
    person: str = ""  # who holds the seat, as the ledger names them (the same person across sittings)
    rebuy_asked: bool = False  # out of chips, the player asked for a rebuy the host has still to approve

    def to_dict(self) -> dict[str, Any]:
        """A JSON-serialisable form (a copy: changing it changes nothing here)."""
        return {f: _copied(getattr(self, f)) for f in self.__dataclass_fields__}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Seat:
        """The inverse of :meth:`to_dict` (unknown keys are ignored)."""
        return cls(**{k: v for k, v in data.items() if k in cls.__dataclass_fields__})


def _copied(value: Any) -> Any:
    """``value`` with its dicts, lists and tuples copied, as :func:`dataclasses.asdict` gives it, but
    without deep-copying every number and string on the way (this runs on every stored step).

    >>> inner = {"bomb": [1, 2]}
    >>> out = _copied({"house": inner, "pair": (1, 2)})
    >>> out == {"house": {"bomb": [1, 2]}, "pair": (1, 2)}, out["house"] is inner, out["house"]["bomb"] is inner["bomb"]
    (True, False, False)
    """
    if isinstance(value, dict):
        return {k: _copied(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return type(value)(_copied(v) for v in value)
    return value


#: The range each numeric table option may take, ``(lowest, highest)``: seconds, or a count for
#: ``bot_rebuys``. The turn clock's 5 seconds is the least a person can read and tap in.
OPTION_RANGES: dict[str, tuple[int, int]] = {"turn_seconds": (5, 3600), "time_bank": (0, 3600), "bot_delay": (0, 30),
                                             "between_hands": (0, 120), "bot_rebuys": (0, 1000)}
#: What each of :data:`OPTION_RANGES` is called in a refusal.
OPTION_WORDS = {"turn_seconds": "the turn time", "time_bank": "the time bank", "bot_delay": "the bots' delay",
                "between_hands": "the pause between hands", "bot_rebuys": "the bots' rebuys"}


def check_option(key: str, value: Any) -> None:
    """Refuse a numeric table option outside :data:`OPTION_RANGES`, saying the allowed range.

    >>> check_option("turn_seconds", 30)
    >>> check_option("turn_seconds", 1)
    Traceback (most recent call last):
    ...
    homegame.table.seats.TableError: turn_seconds: the turn time must be from 5 to 3600 seconds, not 1
    """
    low, high = OPTION_RANGES[key]
    unit = "" if key == "bot_rebuys" else " seconds"
    number = type(value) in (int, float) and value == value  # not a bool, not NaN
    if not number or not low <= value <= high:
        raise TableError(f"{key}: {OPTION_WORDS[key]} must be from {low} to {high}{unit}, not {value!r}")


@dataclass
class Settings:
    """What the host chooses for a table.

    ``game`` is an engine name or :data:`DEALERS_CHOICE`; ``rules`` are that game's house rules;
    ``stakes`` are the keyword arguments of :class:`homegame.Stakes` (``blinds`` as a list);
    ``game_files`` are the game files the host uploaded (see :mod:`homegame.table.gamefiles`).
    Times are in seconds.
    """

    game: str = "passem"
    rules: dict[str, Any] = field(default_factory=dict)
    stakes: dict[str, Any] = field(default_factory=lambda: {"structure": "no-limit", "blinds": [1, 2]})
    buy_in: int = 200
    max_seats: int = 9
    turn_seconds: float = 30.0
    time_bank: float = 60.0
    bot_delay: float = 0.8
    between_hands: float = 4.0
    approve_seats: bool = True
    name: str = "Home game"
    bot_rebuys: int = 2  # times a broke bot buys in again; then it leaves the table
    spectator_chat: bool = False  # whether spectators may chat and react (everyone may read)
    house: dict[str, Any] = field(default_factory=dict)  # straddle, bomb pots, chip, showdown, rabbit (see .house)
    bomb_next: bool = False  # the host called a bomb pot for the next hand
    game_files: dict[str, str] = field(default_factory=dict)  # uploaded game files: game name -> the file's text
    rebuy: Literal["host", "auto"] = "host"  # who grants a player's rebuy: the host's tap, or the table at once
    #: The tournament's dead button (see :mod:`homegame.table.dead_button`): the big blind moves one player
    #: each hand and the button may sit on an empty seat. ``False``: the button moves to the next player.
    dead_button: bool = False
    #: A tournament's table: its chips are tournament chips, never bought or cashed, so its log says who
    #: sits where with how many chips, who is out and who is away (the cash words are the cash table's).
    tournament: bool = False

    def to_dict(self) -> dict[str, Any]:
        """A JSON-serialisable form (a copy: changing it changes nothing here)."""
        return {f: _copied(getattr(self, f)) for f in self.__dataclass_fields__}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Settings:
        """The inverse of :meth:`to_dict` (unknown keys are ignored)."""
        known = {k: v for k, v in data.items() if k in cls.__dataclass_fields__}
        return cls(**known)


__all__ = ["DEALERS_CHOICE", "NAME_LIMIT", "OPTION_RANGES", "OPTION_WORDS", "SEED_GAMES", "Seat", "SeatKind", "SeatStatus", "Settings", "StaleDecision",
           "TableError", "check_option", "clean_name", "name_key"]
