"""The web's usual armour: security headers on every HTTP response, and the websocket ``Origin`` check.

>>> sorted(SECURITY_HEADERS)[:3]
['content-security-policy', 'cross-origin-opener-policy', 'permissions-policy']
>>> origin_allowed("https://poker.example", "poker.example", ())
True
>>> origin_allowed("https://evil.example", "poker.example", ())
False
>>> origin_allowed("https://friend.example", "poker.example", ("https://friend.example",))
True
>>> origin_allowed(None, "poker.example", ())
True
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Iterable, MutableMapping
from typing import Any

#: No inline script or style, nothing from elsewhere, never framed; ``connect-src 'self'`` covers the
#: page's own websocket (``ws:``/``wss:`` on the same host), ``blob:`` the downloads the page saves.
CSP = ("default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data: blob:; "
       "connect-src 'self'; font-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; "
       "frame-ancestors 'none'")

#: Sent with every HTTP response (pages, static files, the API, errors).
SECURITY_HEADERS: dict[str, str] = {
    "content-security-policy": CSP,
    "x-content-type-options": "nosniff",
    "referrer-policy": "no-referrer",
    "x-frame-options": "DENY",
    "permissions-policy": "camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()",
    "cross-origin-opener-policy": "same-origin",
}

_RAW_HEADERS = [(k.encode(), v.encode()) for k, v in SECURITY_HEADERS.items()]

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]


class SecurityHeaders:
    """ASGI middleware: :data:`SECURITY_HEADERS` on every HTTP response (a header the app set itself wins)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = list(message.get("headers", []))
                present = {k.lower() for k, _ in headers}
                headers.extend((k, v) for k, v in _RAW_HEADERS if k not in present)
                message["headers"] = headers
            await send(message)

        await self.app(scope, receive, with_headers)


def origin_allowed(origin: str | None, host: str | None, allowed: Iterable[str]) -> bool:
    """Whether a websocket opened from ``origin`` may talk to this server, reached as ``host`` (the
    ``Host`` header): the server's own origin or one of ``allowed`` (``*`` allows
    any). A client that sends no ``Origin`` is not a browser (the bot command, a script): allowed, since
    it holds the token itself and no page can be made to send it."""
    if origin is None:
        return True
    origin = origin.strip().rstrip("/").lower()
    extra = {a.strip().rstrip("/").lower() for a in allowed}
    if "*" in extra or origin in extra:
        return True
    if not host:
        return False
    # either scheme: behind a TLS proxy the server itself may see plain ``ws`` for an ``https`` page
    return origin in {f"http://{host.lower()}", f"https://{host.lower()}"}


__all__ = ["CSP", "SECURITY_HEADERS", "SecurityHeaders", "origin_allowed"]
