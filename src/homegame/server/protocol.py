"""The websocket protocol: typed JSON messages with a ``type`` field and a version ``v`` (pydantic).

Every message a client sends is parsed by :func:`parse_client`; anything malformed raises
:class:`ProtocolError` with a code and a message the server sends back as an ``error`` message.
See ``docs/protocol.md`` for the whole protocol.

>>> parse_client('{"type": "act", "v": 1, "action": "call"}')
Act(v=1, type='act', action='call', hand=None, decision=None)
>>> parse_client('{"type": "dance"}')
Traceback (most recent call last):
...
homegame.server.protocol.ProtocolError: unknown message type 'dance'; known types: hello, ping, sit, act, sit_out, leave, choose, approve, remove, add_bot, pause, set_game, set_stakes, adjust, configure, reissue
"""

from __future__ import annotations

import json
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, ValidationError

#: The protocol version this server speaks.
VERSION = 1
#: Longest text message accepted from a client, in characters.
MAX_MESSAGE = 4096
#: The rate limit in words (enforced per connection by the server).
RATE_TEXT = "30 messages a second on average, 60 in a burst"


class ProtocolError(ValueError):
    """A client message that cannot be accepted; ``code`` is machine-readable."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code


class _Msg(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    v: Literal[1] = 1


Name = Annotated[str, Field(min_length=1, max_length=24)]
Token = Annotated[str, Field(min_length=8, max_length=64)]
SeatNo = Annotated[int, Field(ge=0, le=9)]


class Hello(_Msg):
    """First message: who is connecting (host, invite, spectator or seat token)."""

    type: Literal["hello"]
    token: Token
    seat_token: Token | None = None


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
    hand: int | None = None
    decision: Annotated[int, Field(ge=0)] | None = None


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
    """The stakes, as ``homegame.Stakes`` takes them."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    structure: Literal["fixed-limit", "pot-limit", "no-limit"]
    ante: Annotated[int, Field(ge=0, le=10**9)] = 0
    blinds: Annotated[list[Annotated[int, Field(ge=0, le=10**9)]], Field(max_length=2)] = []
    small_bet: Annotated[int, Field(ge=0, le=10**9)] = 0
    big_bet: Annotated[int, Field(ge=0, le=10**9)] = 0
    bring_in: Annotated[int, Field(ge=0, le=10**9)] = 0


class SetStakes(_Msg):
    """Host: stakes (and buy-in) from the next hand on."""

    type: Literal["set_stakes"]
    stakes: StakesModel
    buy_in: Annotated[int, Field(gt=0, le=10**9)] | None = None


class Adjust(_Msg):
    """Host: set a player's stack between hands (booked in the ledger)."""

    type: Literal["adjust"]
    seat: SeatNo
    stack: Annotated[int, Field(ge=0, le=10**9)]


class Configure(_Msg):
    """Host: clocks and seating policy."""

    type: Literal["configure"]
    turn_seconds: Annotated[float, Field(ge=0, le=3600)] | None = None
    time_bank: Annotated[float, Field(ge=0, le=3600)] | None = None
    bot_delay: Annotated[float, Field(ge=0, le=30)] | None = None
    between_hands: Annotated[float, Field(ge=0, le=120)] | None = None
    approve_seats: bool | None = None
    bot_rebuys: Annotated[int, Field(ge=0, le=1000)] | None = None


class Reissue(_Msg):
    """Host: a new link for a player's seat (a lost phone); the old seat token stops working at once."""

    type: Literal["reissue"]
    seat: SeatNo


ClientMessage = Annotated[
    Hello | Ping | Sit | Act | SitOut | Leave | Choose | Approve | Remove | AddBot | Pause | SetGame
    | SetStakes | Adjust | Configure | Reissue,
    Field(discriminator="type"),
]
CLIENT_TYPES = ("hello", "ping", "sit", "act", "sit_out", "leave", "choose", "approve", "remove", "add_bot",
                "pause", "set_game", "set_stakes", "adjust", "configure", "reissue")
#: Messages only the host may send.
HOST_TYPES = frozenset({"approve", "remove", "add_bot", "pause", "set_game", "set_stakes", "adjust",
                        "configure", "reissue"})
_ADAPTER: TypeAdapter[Any] = TypeAdapter(ClientMessage)


def parse_client(text: str | bytes) -> Any:
    """A client message from its JSON text; :class:`ProtocolError` saying what is wrong otherwise."""
    if len(text) > MAX_MESSAGE:
        raise ProtocolError("too_large", f"message of {len(text)} characters; the limit is {MAX_MESSAGE}")
    try:
        data = json.loads(text)
    except (ValueError, UnicodeDecodeError) as exc:
        raise ProtocolError("bad_json", f"not JSON: {exc}") from None
    if not isinstance(data, dict):
        raise ProtocolError("bad_message", "a message must be a JSON object with a 'type' field")
    kind = data.get("type")
    if kind not in CLIENT_TYPES:
        raise ProtocolError("unknown_type",
                            f"unknown message type {kind!r}; known types: {', '.join(CLIENT_TYPES)}")
    if data.get("v", VERSION) != VERSION:
        raise ProtocolError("bad_version", f"protocol version {data.get('v')!r}; this server speaks {VERSION}")
    try:
        return _ADAPTER.validate_python(data)
    except ValidationError as exc:
        problems = "; ".join(f"{'.'.join(str(x) for x in e['loc'][1:]) or 'message'}: {e['msg']}"
                             for e in exc.errors())
        raise ProtocolError("invalid", f"bad {kind!r} message: {problems}") from None


def error(code: str, message: str, about: str | None = None) -> dict[str, Any]:
    """An ``error`` message for a client."""
    return {"type": "error", "v": VERSION, "code": code, "message": message, "about": about}


__all__ = [
    "CLIENT_TYPES", "HOST_TYPES", "MAX_MESSAGE", "VERSION", "Act", "AddBot", "Adjust", "Approve", "Choose",
    "ClientMessage", "Configure", "Hello", "Leave", "Pause", "Ping", "ProtocolError", "Reissue", "Remove", "SetGame",
    "SetStakes", "Sit", "SitOut", "StakesModel", "error", "parse_client",
]
