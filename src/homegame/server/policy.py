"""Who may do what on a server open to strangers: the host key, per-address limits, hello deadlines,
bot pace floors (see docs/security.md for every default and how to change it).

>>> public_bind("127.0.0.1"), public_bind("192.168.1.20"), public_bind("0.0.0.0"), public_bind("poker.example")
(False, False, True, True)
>>> Policy().key_ok(None), Policy(host_key="k" * 20).key_ok("wrong")
(True, False)
>>> limits = AddressLimits(Policy(tables_per_hour=2, limit_loopback=True))
>>> limits.open_table("10.0.0.9", now=100.0, recent=[40.0])  # what the database says it opened (any process)
0.0
>>> limits.open_table("10.0.0.9", now=100.0, recent=[0.0, 40.0])  # two in the hour: the first leaves it at 3600
3500.0
>>> opener_key("10.0.0.9") == opener_key("10.0.0.9") != opener_key("10.0.0.10"), len(opener_key("::1"))
(True, 32)
"""

from __future__ import annotations

import hashlib
import hmac
import ipaddress
import math
import os
import secrets
from collections.abc import Sequence
from dataclasses import dataclass, fields, replace
from typing import Any

#: The header a lobby sends the host key in (the page asks for it once and keeps it in the tab).
HOST_KEY_HEADER = "x-homegame-host-key"
#: How long the table-opening window is (``tables_per_hour`` counts within it).
HOUR = 3600.0
#: Addresses remembered at most (the oldest quiet ones are forgotten first).
MAX_ADDRESSES = 50_000


class PolicyError(ValueError):
    """A policy option out of its range (said with the option's name)."""


@dataclass(frozen=True)
class Policy:
    """The server's rules for strangers. Each field has an option of ``homegame serve`` and an
    environment variable (``HOMEGAME_`` and the upper-case name): see :data:`OPTIONS`."""

    #: When set, ``POST /api/tables`` needs it in the ``X-Homegame-Host-Key`` header.
    host_key: str | None = None
    #: Origins, besides the server's own, whose pages may open a websocket (``*``: any).
    origins: tuple[str, ...] = ()
    #: Tables one address may open per hour.
    tables_per_hour: int = 30
    #: Websockets one address may hold open at once.
    connections_per_address: int = 40
    #: Messages per second one address may send over all its websockets (twice that in a burst).
    messages_per_second: float = 100.0
    #: Seconds a websocket has to say ``hello`` before it is closed.
    hello_seconds: float = 10.0
    #: Whether the limits also apply to loopback clients (off: the operator's own scripts, the
    #: benchmarks; behind a proxy the forwarded address counts, see docs/security.md).
    limit_loopback: bool = False
    #: The least ``bot_delay`` and ``between_hands`` (seconds) a table may ask for.
    min_bot_delay: float = 0.0
    min_between_hands: float = 0.0
    #: Seconds a table with bots and no human connection deals on before it pauses itself.
    bots_alone_seconds: float = 600.0

    def key_ok(self, given: str | None) -> bool:
        """Whether ``given`` opens tables (constant time; always when no key is set)."""
        if self.host_key is None:
            return True
        return hmac.compare_digest((given or "").encode(), self.host_key.encode())

    def limited(self, address: str | None) -> bool:
        """Whether the per-address limits apply to ``address``."""
        if self.limit_loopback or address is None:
            return True
        try:
            return not ipaddress.ip_address(address).is_loopback
        except ValueError:
            return True

    def checked(self) -> Policy:
        """This policy, or a :class:`PolicyError` naming the first value out of range."""
        for name, low, high in _RANGES:
            value = getattr(self, name)
            if not (isinstance(value, int | float) and math.isfinite(value) and low <= value <= high):
                raise PolicyError(f"--{name.replace('_', '-')} must be from {low:g} to {high:g}, not {value!r}")
        if self.host_key is not None and len(self.host_key) < 12:
            raise PolicyError("--host-key must be at least 12 characters (a guessable key opens tables for anyone)")
        return self

    def to_env(self) -> dict[str, str]:
        """This policy as the environment variables :meth:`from_env` reads (for ``--workers``)."""
        out = {}
        for f in fields(self):
            value = getattr(self, f.name)
            text = (",".join(value) if isinstance(value, tuple) else "1" if value is True else
                    "0" if value is False else "" if value is None else str(value))
            out[f"HOMEGAME_{f.name.upper()}"] = text
        return out

    @classmethod
    def from_env(cls, env: dict[str, str] | None = None, base: Policy | None = None) -> Policy:
        """``base`` (the defaults) with each ``HOMEGAME_<FIELD>`` that is set and not empty."""
        env = dict(os.environ) if env is None else env
        policy = base or cls()
        changes: dict[str, Any] = {}
        for f in fields(cls):
            text = env.get(f"HOMEGAME_{f.name.upper()}")
            if text is None or text == "":
                continue
            default = getattr(policy, f.name)
            try:
                if f.name == "host_key":
                    changes[f.name] = text
                elif f.name == "origins":
                    changes[f.name] = tuple(o.strip() for o in text.split(",") if o.strip())
                elif isinstance(default, bool):
                    changes[f.name] = text.strip().lower() in ("1", "true", "yes", "on")
                elif isinstance(default, int):
                    changes[f.name] = int(text)
                else:
                    changes[f.name] = float(text)
            except ValueError:
                raise PolicyError(f"$HOMEGAME_{f.name.upper()} must be a number, not {text[:20]!r}") from None
        return replace(policy, **changes).checked()


_RANGES = (("tables_per_hour", 1, 100_000), ("connections_per_address", 1, 100_000),
           ("messages_per_second", 1, 100_000), ("hello_seconds", 0.5, 300), ("min_bot_delay", 0, 60),
           ("min_between_hands", 0, 600), ("bots_alone_seconds", 5, 7 * 86400))

#: On an address strangers can reach: bots play no faster than a person would watch.
PUBLIC_PACE = {"min_bot_delay": 0.5, "min_between_hands": 2.0}


def public_bind(host: str) -> bool:
    """Whether a server listening on ``host`` can be reached from the internet: not loopback, not a
    private (LAN) address. ``0.0.0.0``/``::`` listen everywhere, a public address included; a name
    other than ``localhost`` is taken as public."""
    if host in ("localhost", ""):
        return False
    try:
        address = ipaddress.ip_address(host)
    except ValueError:
        return True
    if address.is_unspecified:
        return True
    return not (address.is_loopback or address.is_private or address.is_link_local)


def policy_for(host: str, open_tables: str, host_key: str | None, base: Policy) -> tuple[Policy, bool]:
    """The policy of a server bound to ``host``: ``open_tables`` is ``anyone``, ``key`` or ``auto``
    (a key on a public address, see :func:`public_bind`, or whenever one is given); a key is made up when one is needed and not
    given. Also whether it was made up (then it is printed once at start)."""
    if open_tables not in ("anyone", "key", "auto"):
        raise PolicyError(f"--open-tables must be anyone, key or auto, not {open_tables[:20]!r}")
    public = public_bind(host)
    need_key = open_tables == "key" or (open_tables == "auto" and (public or bool(host_key)))
    made = False
    if need_key and not host_key:
        host_key, made = secrets.token_urlsafe(18), True
    policy = replace(base, host_key=host_key if need_key else None)
    if public:
        policy = replace(policy, min_bot_delay=max(policy.min_bot_delay, PUBLIC_PACE["min_bot_delay"]),
                         min_between_hands=max(policy.min_between_hands, PUBLIC_PACE["min_between_hands"]))
    return policy.checked(), made


def opener_key(address: str | None) -> str:
    """The one-way hash of an address stored with the tables and tournaments it opens (``opened_by``), so
    that every process sharing a database counts the same openings (docs/security.md says what it keeps)."""
    return hashlib.sha256(f"homegame opener {address or '?'}".encode()).hexdigest()[:32]


class AddressLimits:
    """The per-address limits: tables opened in the last hour (counted in the database every process
    shares), and this process's counters of websockets open now and a token bucket of messages. Each
    method answers 0 (allowed, counted) or the seconds to wait."""

    def __init__(self, policy: Policy) -> None:
        self.policy = policy
        self._open: dict[str, int] = {}
        self._bucket: dict[str, tuple[float, float]] = {}

    def open_table(self, address: str | None, now: float, recent: Sequence[float]) -> float:
        """0 if ``address`` may open a table now, else the seconds until it may.

        ``recent``: when (on the same clock as ``now``) it opened tables lately, as the database that every
        process shares says (a process's own memory would give each of N processes the whole limit)."""
        if not self.policy.limited(address):
            return 0.0
        counted = sorted(t for t in recent if now - t < HOUR)
        if len(counted) >= self.policy.tables_per_hour:
            return max(1.0, HOUR - (now - counted[-self.policy.tables_per_hour]))
        return 0.0

    def connect(self, address: str | None) -> bool:
        """Whether ``address`` may open one more websocket (counted until :meth:`disconnect`)."""
        if not self.policy.limited(address):
            return True
        key = address or "?"
        if self._open.get(key, 0) >= self.policy.connections_per_address:
            return False
        self._open[key] = self._open.get(key, 0) + 1
        return True

    def disconnect(self, address: str | None) -> None:
        """A websocket counted by :meth:`connect` closed."""
        key = address or "?"
        left = self._open.get(key, 0) - 1
        if left > 0:
            self._open[key] = left
        else:
            self._open.pop(key, None)

    def message(self, address: str | None, now: float) -> bool:
        """Whether ``address`` may send one more message now (over all its websockets)."""
        if not self.policy.limited(address):
            return True
        key = address or "?"
        rate = self.policy.messages_per_second
        tokens, last = self._bucket.get(key, (2 * rate, now))
        tokens = min(2 * rate, tokens + (now - last) * rate)
        allowed = tokens >= 1
        self._bucket[key] = (tokens - 1 if allowed else tokens, now)
        self._forget(self._bucket)
        return allowed

    @staticmethod
    def _forget(counters: dict[str, Any]) -> None:
        while len(counters) > MAX_ADDRESSES:
            counters.pop(next(iter(counters)))


__all__ = ["HOST_KEY_HEADER", "PUBLIC_PACE", "AddressLimits", "Policy", "PolicyError", "opener_key", "policy_for",
           "public_bind"]
