"""A seat played over the public websocket protocol: what ``homegame bot --url LINK`` runs.

The bot sees exactly what a browser at that seat sees: the ``state`` messages built from its view.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urlsplit

import websockets

from homegame.table import SEED_GAMES, make_bot


class LinkError(ValueError):
    """A table link that cannot be used: it must look like ``http://host:port/t/TABLE#TOKEN``."""


@dataclass(frozen=True)
class Link:
    """The parts of a table link."""

    ws_url: str
    table_id: str
    token: str


def parse_link(link: str) -> Link:
    """Split a table link into its websocket URL, table id and token.

    >>> parse_link("http://127.0.0.1:8000/t/abc123#s3cr3t-token")
    Link(ws_url='ws://127.0.0.1:8000/ws/abc123', table_id='abc123', token='s3cr3t-token')
    """
    parts = urlsplit(link)
    segments = [s for s in parts.path.split("/") if s]
    if parts.scheme not in ("http", "https") or len(segments) != 2 or segments[0] != "t" or not parts.fragment:
        raise LinkError(f"not a table link: {link!r}; expected http://HOST/t/TABLE#TOKEN")
    scheme = "wss" if parts.scheme == "https" else "ws"
    return Link(f"{scheme}://{parts.netloc}/ws/{segments[1]}", segments[1], parts.fragment)


@dataclass
class BotClient:
    """Plays one seat: sits under ``name`` if the link is not a seat link, then acts when asked."""

    link: str
    name: str = "Bot"
    kind: str = "rule"
    seed: int | None = None
    hands: int | None = None  # stop after this many finished hands
    seat_token: str | None = None
    errors: list[str] = field(default_factory=list)
    finished: int = 0
    _sent: int = 0
    _acked: int = 0
    _last_over: int = 0
    _sitting: bool = False
    _chose_after: int = -1
    _dealt: set[int] = field(default_factory=set)  # the hands this seat was dealt into (seen in play)
    _moved: bool = False  # the server said ``moved``: reconnect at once
    _quick: int = 0  # reconnections at once since the last state heard
    on_message: Callable[[dict[str, Any]], None] | None = None  # sees every message received
    on_hand: Callable[[BotClient, dict[str, Any]], None] | None = None  # told of each hand it finished

    async def run(self) -> None:
        """Connect (and reconnect) until ``hands`` hands have finished."""
        target = parse_link(self.link)
        policy = make_bot(self.kind, self.seed)
        rng = random.Random(self.seed)
        while self.hands is None or self.finished < self.hands:
            self._moved = False
            try:
                async with websockets.connect(target.ws_url, max_size=2**22) as ws:
                    await self._play(ws, target, policy, rng)
                    return
            except (OSError, websockets.ConnectionClosed):
                self._quick = self._quick + 1 if self._moved else 0
                await asyncio.sleep(reconnect_delay(self._moved, self._quick))

    async def _play(self, ws: Any, target: Link, policy: Any, rng: random.Random) -> None:
        hello: dict[str, Any] = {"type": "hello", "v": 1, "token": target.token}
        if self.seat_token:
            hello["seat_token"] = self.seat_token
        await ws.send(json.dumps(hello))
        self._sent = self._acked = 0  # act messages sent, and handled (so no stale view is acted on)
        self._last_over = 0
        self._sitting = False
        self._chose_after = -1
        last_state: dict[str, Any] | None = None
        async for raw in ws:
            msg = json.loads(raw)
            if self.on_message is not None:
                self.on_message(msg)
            kind = msg.get("type")
            if kind == "error":
                self.errors.append(msg["message"])
                self._acked = max(self._acked, int(msg.get("acked", self._acked)))
                if msg.get("code") == "moved":
                    self._moved = True
                if msg.get("code") in ("bad_token", "no_table"):
                    raise LinkError(msg["message"])
                if msg.get("code") == "rate_limited" and last_state is not None:
                    # the last message was dropped: wait, then decide again on the last state
                    await asyncio.sleep(1.0)
                    self._sent = self._acked
                    if await self._react(ws, last_state, policy, rng):
                        return
            elif kind == "seated":
                self.seat_token = msg["seat_token"]
            elif kind == "state":
                last_state = msg
                self._quick = 0
                if await self._react(ws, msg, policy, rng):
                    return

    async def _react(self, ws: Any, msg: dict[str, Any], policy: Any, rng: random.Random) -> bool:
        """Act on a state message if it is this seat's turn; ``True`` once enough hands are played."""
        you, table, view = msg["you"], msg["table"], msg["view"]
        self._acked = max(self._acked, int(msg.get("acked", self._acked)))
        if you["seat"] is None and you["role"] in ("guest", "host"):
            if not self._sitting:
                self._sitting = True
                await ws.send(json.dumps({"type": "sit", "v": 1, "name": self.name}))
            return False
        if view and you["seat"] is not None and view.get("seat") == you["seat"] and not view.get("over"):
            self._dealt.add(msg["hand"])
        if view and view.get("over") and msg["hand"] != self._last_over and msg["hand"] in self._dealt:
            self._last_over = msg["hand"]  # only a hand it was dealt into counts (not one it sat down after)
            self.finished += 1
            if self.on_hand is not None:
                self.on_hand(self, msg)
            if self.hands is not None and self.finished >= self.hands:
                return True
        if table.get("chooser") is not None and table["chooser"] == you["seat"]:
            if self._chose_after != table["hand_number"]:
                self._chose_after = table["hand_number"]
                await ws.send(json.dumps({"type": "choose", "v": 1, "game": rng.choice(SEED_GAMES)}))
            return False
        if view and view.get("legal") and view.get("seat") is not None and self._acked >= self._sent:
            self._sent += 1
            action = policy(view)
            await ws.send(json.dumps({"type": "act", "v": 1, "action": action, "hand": msg["hand"],
                                      "decision": you.get("decision")}))
        return False


#: Seconds before reconnecting after a connection ended (unless the server said ``moved``).
RECONNECT_SECONDS = 0.5
#: Reconnections at once in a row after ``moved``, before waiting again.
QUICK_RECONNECTS = 3


def reconnect_delay(moved: bool, quick: int) -> float:
    """Seconds to wait before reconnecting: none when the server said ``moved`` (the table was handed
    over, or its process is stopping: the next process is ready now), at most
    :data:`QUICK_RECONNECTS` times in a row; otherwise :data:`RECONNECT_SECONDS`.

    >>> reconnect_delay(True, 1), reconnect_delay(False, 0), reconnect_delay(True, QUICK_RECONNECTS + 1)
    (0.0, 0.5, 0.5)
    """
    return 0.0 if moved and quick <= QUICK_RECONNECTS else RECONNECT_SECONDS


async def run_bots(link: str, count: int = 1, kind: str = "rule", hands: int | None = None) -> None:
    """Run ``count`` bots on one invite link at once."""
    bots = [BotClient(link, name=f"{kind.capitalize()} {i + 1}", kind=kind, seed=i, hands=hands)
            for i in range(count)]
    with contextlib.suppress(asyncio.CancelledError):
        await asyncio.gather(*(b.run() for b in bots))


__all__ = ["QUICK_RECONNECTS", "RECONNECT_SECONDS", "BotClient", "Link", "LinkError", "parse_link",
           "reconnect_delay", "run_bots"]
