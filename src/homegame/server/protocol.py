"""The websocket protocol: typed JSON messages with a ``type`` field and a version ``v`` (pydantic).

Every message a client sends is parsed by :func:`parse_client`; anything malformed raises
:class:`ProtocolError` with a code and a message the server sends back as an ``error`` message.
See ``docs/protocol.md`` for the whole protocol.

>>> parse_client('{"type": "act", "v": 1, "action": "call"}')
Act(v=1, type='act', action='call', hand=None, decision=None)
>>> parse_client('{"type": "dance"}')  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
homegame.server.protocol.ProtocolError: unknown message type 'dance'; known types: hello, ping, sit, act, ...
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from typing import Annotated, Any, Literal

from pydantic import (
    AfterValidator,
    BaseModel,
    BeforeValidator,
    ConfigDict,
    Field,
    TypeAdapter,
    ValidationError,
    model_validator,
)

from homegame.table.seats import OPTION_RANGES
from homegame.table.stakes_words import stakes_problem

#: The protocol version this server speaks.
VERSION = 1
#: Longest text message accepted from a client, in characters.
MAX_MESSAGE = 4096
#: Longest ``game_file`` message (a game file of up to 64,000 bytes, escaped as JSON text), in characters.
MAX_UPLOAD = 200_000
#: Deepest nesting of arrays and objects accepted in a client message (the deepest real one is 3).
MAX_DEPTH = 8
#: Most chips in any stack, buy-in, blind, ante or bet size (ten million).
MAX_CHIPS = 10**7
#: Highest hand number a client may name (hands are numbered from 1).
MAX_HAND = 2**31 - 1
#: The rate limit in words (enforced per connection by the server).
RATE_TEXT = "30 messages a second on average, 60 in a burst"


class ProtocolError(ValueError):
    """A client message that cannot be accepted; ``code`` is machine-readable."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code


def _short(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 30 else text[:27] + "..."


def _whole(low: int, high: int) -> Any:
    """A check that takes only a JSON integer from ``low`` to ``high`` (not ``1e9``, ``1.0``, ``true``)."""
    def check(value: Any) -> int:
        if type(value) is not int or not low <= value <= high:
            raise ValueError(f"must be a whole number from {low} to {high}, not {_short(value)}")
        return value

    return check


def _seconds(high: float, low: float = 0) -> Any:
    """A check that takes a JSON number of seconds from ``low`` to ``high`` (no bool, NaN or infinity)."""
    def check(value: Any) -> float:
        if type(value) not in (int, float) or not low <= value <= high:
            raise ValueError(f"must be a number of seconds from {low:g} to {high:g}, not {_short(value)}")
        return float(value)

    return check


def _no_control(value: str) -> str:
    if any(ord(ch) < 32 or ord(ch) == 127 for ch in value):
        raise ValueError("must not contain control characters")
    return value


class _Msg(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, strict=True)
    v: Literal[1] = 1


Name = Annotated[str, Field(min_length=1, max_length=24)]
Token = Annotated[str, Field(min_length=8, max_length=64), AfterValidator(_no_control)]
#: A seat number, 0 to 9.
SeatNo = Annotated[int, BeforeValidator(_whole(0, 9))]
#: A number of chips, 0 to :data:`MAX_CHIPS` (a JSON integer: ``1e9``, ``1.0`` and ``true`` are refused).
Chips = Annotated[int, BeforeValidator(_whole(0, MAX_CHIPS))]
#: A buy-in, 1 to :data:`MAX_CHIPS`.
BuyIn = Annotated[int, BeforeValidator(_whole(1, MAX_CHIPS))]
HandNo = Annotated[int, BeforeValidator(_whole(1, MAX_HAND))]
#: The table's ranges (:data:`homegame.table.seats.OPTION_RANGES`), checked as a message arrives.
TurnClock = Annotated[float, BeforeValidator(_seconds(OPTION_RANGES["turn_seconds"][1], OPTION_RANGES["turn_seconds"][0]))]
TurnSeconds = Annotated[float, BeforeValidator(_seconds(OPTION_RANGES["time_bank"][1]))]
DelaySeconds = Annotated[float, BeforeValidator(_seconds(OPTION_RANGES["bot_delay"][1]))]
PauseSeconds = Annotated[float, BeforeValidator(_seconds(OPTION_RANGES["between_hands"][1]))]
Rebuys = Annotated[int, BeforeValidator(_whole(*OPTION_RANGES["bot_rebuys"]))]


class Hello(_Msg):
    """First message: who is connecting (host, invite, spectator or seat token)."""

    type: Literal["hello"]
    token: Token
    seat_token: Token | None = None


class Entropy(_Msg):
    """A seated player's random contribution to the shuffle of hand ``hand`` (before it is dealt)."""

    type: Literal["entropy"]
    hand: HandNo
    value: Annotated[str, Field(pattern=r"^[0-9a-f]{64}$")]


class Ping(_Msg):
    """Keep-alive; answered by ``pong``."""

    type: Literal["ping"]


class Sit(_Msg):
    """Take a free seat under ``name`` (host or invite)."""

    type: Literal["sit"]
    name: Name


class Act(_Msg):
    """Play an action string in the current hand.

    ``hand``: the hand number it is meant for; ``decision``: the ``you.decision`` of the state it
    answers. Either, when stale, gets the error ``stale`` and changes nothing.
    """

    type: Literal["act"]
    action: Annotated[str, Field(min_length=1, max_length=200)]
    hand: HandNo | None = None
    decision: Annotated[int, Field(ge=0, le=2**53)] | None = None


class SitOut(_Msg):
    """Sit out from the next hand (``value=true``) or come back."""

    type: Literal["sit_out"]
    value: bool


class Leave(_Msg):
    """Leave the table and cash out (after the current hand if dealt in)."""

    type: Literal["leave"]


class Choose(_Msg):
    """Dealer's choice: the dealer picks the coming hand's game and house rules."""

    type: Literal["choose"]
    game: Annotated[str, Field(min_length=1, max_length=40)]
    rules: dict[str, Any] = Field(default_factory=dict, max_length=20)


class Approve(_Msg):
    """Host: let a pending player sit."""

    type: Literal["approve"]
    seat: SeatNo


class Remove(_Msg):
    """Host: remove a player or bot (after the hand if dealt in)."""

    type: Literal["remove"]
    seat: SeatNo


class AddBot(_Msg):
    """Host: seat a bot."""

    type: Literal["add_bot"]
    kind: Literal["rule", "random", "equity"] = "rule"
    name: Name | None = None


class Pause(_Msg):
    """Host: pause or resume dealing."""

    type: Literal["pause"]
    value: bool


class SetGame(_Msg):
    """Host: the game from the next hand on (an engine name or ``dealers-choice``)."""

    type: Literal["set_game"]
    game: Annotated[str, Field(min_length=1, max_length=40)]
    rules: dict[str, Any] = Field(default_factory=dict, max_length=20)


class StakesModel(BaseModel):
    """The stakes, as ``homegame.Stakes`` takes them; checked by it, a refusal in players' words
    (:func:`homegame.table.stakes_words.stakes_problem`).

    Ante-only no-limit and pot-limit games name their smallest bet in ``small_bet``:

    >>> StakesModel(structure="no-limit", ante=1, small_bet=2).small_bet
    2
    >>> try:
    ...     StakesModel(structure="pot-limit", ante=1)
    ... except ValueError as exc:
    ...     print(problems(exc))
    message: pot limit needs blinds (like 1/2) or a smallest bet; with antes only, give small_bet (the \
minimum bet)
    """

    model_config = ConfigDict(extra="forbid", frozen=True, strict=True)
    structure: Literal["fixed-limit", "pot-limit", "no-limit"]
    ante: Chips = 0
    blinds: Annotated[list[Chips], Field(max_length=2)] = []
    small_bet: Chips = 0
    big_bet: Chips = 0
    bring_in: Chips = 0

    @model_validator(mode="after")
    def _engine_accepts(self) -> StakesModel:
        import homegame as hg

        problem = stakes_problem(self.model_dump())
        if problem is not None:
            raise ValueError(problem)
        try:
            hg.Stakes(self.structure, ante=self.ante, blinds=tuple(self.blinds), small_bet=self.small_bet,
                      big_bet=self.big_bet, bring_in=self.bring_in)
        except (TypeError, ValueError) as exc:
            hint = ("; with antes only, give small_bet (the minimum bet)"
                    if self.structure != "fixed-limit" and not self.blinds and not self.small_bet else "")
            raise ValueError(f"{exc}{hint}") from None
        return self


class SetStakes(_Msg):
    """Host: stakes (and buy-in) from the next hand on."""

    type: Literal["set_stakes"]
    stakes: StakesModel
    buy_in: BuyIn | None = None


class Adjust(_Msg):
    """Host: set a player's stack between hands (booked in the ledger)."""

    type: Literal["adjust"]
    seat: SeatNo
    stack: Chips


class Configure(_Msg):
    """Host: clocks and seating policy."""

    type: Literal["configure"]
    turn_seconds: TurnClock | None = None
    time_bank: TurnSeconds | None = None
    bot_delay: DelaySeconds | None = None
    between_hands: PauseSeconds | None = None
    approve_seats: bool | None = None
    bot_rebuys: Rebuys | None = None
    spectator_chat: bool | None = None
    rebuy: Literal["host", "auto"] | None = None


class Reissue(_Msg):
    """Host: a new link for a player's seat (a lost phone); the old seat token stops working at once.

    ``qr_base``: the page's table address up to its ``#`` (``https://host/t/ID#``); the answer then also
    holds the new link as a QR code (SVG) for the player's new phone to scan."""

    type: Literal["reissue"]
    seat: SeatNo
    qr_base: Annotated[str, Field(min_length=8, max_length=200, pattern=r"^https?://[^\s<>\"'#]+#$")] | None = None


class Chat(_Msg):
    """Say something at the table (kept with the table; the server normalises and limits it)."""

    type: Literal["chat"]
    text: Annotated[str, Field(max_length=2000)]


class React(_Msg):
    """A quick reaction, one of the fixed emoji (``homegame.table.chat.REACTIONS``); not kept."""

    type: Literal["react"]
    emoji: Annotated[str, Field(min_length=1, max_length=8)]


class PreAct(_Msg):
    """Queue one action in advance (``check/fold``, ``check``, ``call N``, ``call any``), or clear it (null)."""

    type: Literal["pre_act"]
    action: Annotated[str, Field(min_length=1, max_length=40)] | None


class Mute(_Msg):
    """Host: mute (``value=true``) or unmute whoever sits in a seat."""

    type: Literal["mute"]
    seat: SeatNo
    value: bool = True


class MuteSpectator(_Msg):
    """Host: mute (``value=true``) or unmute a spectator by the number its chat lines show
    (``Spectator 3``); the person stays muted on every connection from the same address."""

    type: Literal["mute_spectator"]
    spectator: Annotated[int, BeforeValidator(_whole(1, 100_000))]
    value: bool = True


class House(_Msg):
    """Host: house rules from the next hand (see ``homegame.table.house``); ``bomb_next`` calls a bomb pot."""

    type: Literal["house"]
    straddle: Literal["utg", "button", "utg-mandatory", "button-mandatory", "off"] | None = None
    bomb_ante: Chips | None = None
    bomb_every: Annotated[int, Field(ge=0, le=1000, strict=True)] | None = None
    chip: BuyIn | None = None
    showdown: Literal["show-all", "muck-losers"] | None = None
    rabbit: bool | None = None
    run_twice: bool | None = None
    bomb_next: bool | None = None


class GameFileUpload(_Msg):
    """Host: upload a game file (``text``, its TOML; ``filename`` names it in errors) to deal from the next
    hand, or take an uploaded one off the table (``remove``: its game name). Checked by the table as
    ``hg.load_game`` checks a file (docs/games/game-files.md)."""

    type: Literal["game_file"]
    text: Annotated[str, Field(min_length=1, max_length=64_000)] | None = None
    filename: Annotated[str, Field(max_length=200)] | None = None
    remove: Annotated[str, Field(min_length=1, max_length=80)] | None = None

    @model_validator(mode="after")
    def _one_thing(self) -> GameFileUpload:
        if (self.text is None) == (self.remove is None):
            raise ValueError("send either text (the game file's TOML) or remove (an uploaded game's name)")
        return self


class RunTwice(_Msg):
    """A player in the live hand agrees (``value=true``) or no longer agrees to run the board twice."""

    type: Literal["run_twice"]
    value: bool = True


class Straddle(_Msg):
    """The seat asked to straddle the coming hand (the table's ``straddle_ask``) answers yes or no."""

    type: Literal["straddle"]
    value: bool


class Rebuy(_Msg):
    """A player out of chips asks to buy in again (the host approves it with ``approve``, or the table's
    ``rebuy`` policy ``auto`` grants it at once)."""

    type: Literal["rebuy"]


class Start(_Msg):
    """Host: start the game (a table opened with ``wait_for_host`` deals nothing before)."""

    type: Literal["start"]


class Muck(_Msg):
    """After a showdown my hand lost under "losers may muck": keep it unseen (the table's ``muck_ask``)."""

    type: Literal["muck"]


class Show(_Msg):
    """After the hand: show some (``cards``) or all (null) of my cards nobody has seen."""

    type: Literal["show"]
    cards: Annotated[list[Annotated[str, Field(min_length=2, max_length=2)]], Field(min_length=1, max_length=12)] | None = None


ClientMessage = Annotated[
    Hello | Ping | Sit | Act | SitOut | Leave | Choose | Approve | Remove | AddBot | Pause | SetGame
    | SetStakes | Adjust | Configure | Reissue | Entropy | Chat | React | PreAct | Mute | MuteSpectator | House | Show | Muck | RunTwice
    | GameFileUpload | Straddle | Start | Rebuy,
    Field(discriminator="type"),
]
CLIENT_TYPES = ("hello", "ping", "sit", "act", "sit_out", "leave", "choose", "approve", "remove", "add_bot",
                "pause", "set_game", "set_stakes", "adjust", "configure", "reissue", "entropy", "chat", "react",
                "pre_act", "mute", "mute_spectator", "house", "show", "muck", "run_twice", "game_file", "straddle", "start",
                "rebuy")
#: Messages only the host may send.
HOST_TYPES = frozenset({"approve", "remove", "add_bot", "pause", "set_game", "set_stakes", "adjust",
                        "configure", "reissue", "mute", "mute_spectator", "house", "game_file", "start"})
#: Talk: limited per person (seat, address, host) to :data:`TALK_BURST` messages in :data:`TALK_WINDOW` seconds.
TALK_TYPES = frozenset({"chat", "react"})
TALK_BURST = 5
TALK_WINDOW = 10.0
_ADAPTER: TypeAdapter[Any] = TypeAdapter(ClientMessage)


def parse_client(text: str | bytes) -> Any:
    """A client message from its JSON text; :class:`ProtocolError` saying what is wrong otherwise.

    A message is at most :data:`MAX_MESSAGE` characters, except a ``game_file`` one (at most
    :data:`MAX_UPLOAD`)."""
    big = len(text) > MAX_MESSAGE
    too_large = ProtocolError("too_large", f"message of {len(text)} characters; the limit is {MAX_MESSAGE} "
                                           f"({MAX_UPLOAD} for a game_file message)")
    if len(text) > MAX_UPLOAD:
        raise too_large
    if isinstance(text, bytes):
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError:
            raise ProtocolError("bad_json", "not JSON: the message is not UTF-8 text") from None
    depth = nesting(text)
    if depth > MAX_DEPTH:
        raise too_large if big else ProtocolError("too_deep", f"arrays and objects nested {depth} deep; the limit "
                                                              f"is {MAX_DEPTH}")
    try:
        data = json.loads(text, parse_constant=_refuse_constant)
    except (ValueError, RecursionError) as exc:
        raise too_large if big else ProtocolError("bad_json", f"not JSON: {str(exc)[:200]}") from None
    if big and (not isinstance(data, dict) or data.get("type") != "game_file"):
        raise too_large
    if not isinstance(data, dict):
        raise ProtocolError("bad_message", "a message must be a JSON object with a 'type' field")
    kind = data.get("type")
    if kind not in CLIENT_TYPES:
        raise ProtocolError("unknown_type",
                            f"unknown message type {_short(kind)}; known types: {', '.join(CLIENT_TYPES)}")
    if type(data.get("v", VERSION)) is not int or data.get("v", VERSION) != VERSION:
        raise ProtocolError("bad_version", f"protocol version {_short(data.get('v'))}; this server speaks {VERSION}")
    try:
        return _ADAPTER.validate_python(data)
    except ValidationError as exc:
        raise ProtocolError("invalid", f"bad {kind!r} message: {problems(exc, skip=1)}") from None


def problems(exc: ValidationError, skip: int = 0) -> str:
    """A validation error in words: ``field: what is wrong`` for each problem (the first ``skip`` parts
    of each location left out)."""
    said: list[str] = []
    for e in exc.errors():
        where = ".".join(str(x) for x in e["loc"][skip:] if not str(x).startswith("function-")) or "message"
        what = str(e["msg"]).removeprefix("Value error, ")
        line = f"{where}: {what}"
        if line not in said:
            said.append(line)
    return "; ".join(said)


_STRING = re.compile(r'"(?:[^"\\]|\\.)*"?')
_BRACKETS = re.compile(r"[\[\]{}]")


def nesting(text: str) -> int:
    """How deeply arrays and objects nest in JSON ``text`` (brackets inside strings do not count), found
    without parsing, so that a deep message is refused before the parser recurses.

    >>> nesting('{"a": [1, {"b": "[[[["}]}')
    3
    >>> nesting("[" * 1000)
    1000
    """
    depth = deepest = 0
    for bracket in _BRACKETS.findall(_STRING.sub('""', text)):
        depth += 1 if bracket in "[{" else -1
        deepest = max(deepest, depth)
    return deepest


def _refuse_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a JSON number")


def frame_text(raw: Mapping[str, Any]) -> str:
    """The text of a received websocket frame; a binary frame is read as UTF-8, and one over the size
    limit (:data:`MAX_UPLOAD`, a game file's) stands as a text just over it, so :func:`parse_client`
    refuses it as too large.

    >>> frame_text({"text": "hi"}), len(frame_text({"bytes": b"x" * (MAX_UPLOAD + 5)})) == MAX_UPLOAD + 1
    ('hi', True)
    """
    text = raw.get("text")
    if text is None:
        data = raw.get("bytes") or b""
        text = data.decode("utf-8", "replace") if len(data) <= MAX_UPLOAD else "x" * (MAX_UPLOAD + 1)
    return str(text) if len(text) <= MAX_UPLOAD else "x" * (MAX_UPLOAD + 1)


def error(code: str, message: str, about: str | None = None) -> dict[str, Any]:
    """An ``error`` message for a client."""
    return {"type": "error", "v": VERSION, "code": code, "message": message, "about": about}


__all__ = [
    "CLIENT_TYPES", "HOST_TYPES", "MAX_CHIPS", "MAX_DEPTH", "MAX_HAND", "MAX_MESSAGE", "MAX_UPLOAD", "VERSION", "Act", "AddBot",
    "TALK_BURST", "TALK_TYPES", "TALK_WINDOW", "Adjust", "Approve", "BuyIn", "Chat", "Chips", "Choose", "ClientMessage", "Configure", "Entropy", "GameFileUpload", "Hello", "House", "Leave",
    "Muck", "Mute", "MuteSpectator", "Pause", "Ping", "PreAct", "ProtocolError", "React", "Rebuy", "Reissue", "Remove", "RunTwice", "SetGame", "SetStakes", "Show", "Sit", "SitOut", "StakesModel", "Start", "Straddle", "error", "frame_text",
    "nesting", "parse_client", "problems",
]
