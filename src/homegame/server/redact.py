"""Keep capability tokens out of the server's logs.

Downloads authenticate with an ``Authorization: Bearer TOKEN`` header, which no access log records. An
older client may still put ``?token=`` in the URL; :class:`RedactTokens`, installed on uvicorn's loggers
by :func:`install`, blanks such values in every record before it is written.

>>> redact('{"type": "hello", "token": "abc"}')
'{"type": "hello", "token": "[redacted]"}'
>>> redact('127.0.0.1 - "GET /api/tables/x/hands?token=abc&x=1 HTTP/1.1" 200')
'127.0.0.1 - "GET /api/tables/x/hands?token=[redacted]&x=1 HTTP/1.1" 200'
"""

from __future__ import annotations

import logging
import re
from typing import Any

_TOKEN = re.compile(r"((?:^|[?&#;\s])(?:token|seat_token|access_token)=)[^&#\s\"']*", re.IGNORECASE)
_JSON_TOKEN = re.compile(r'("(?:token|seat_token)"\s*:\s*")[^"]*', re.IGNORECASE)
#: How the websockets library logs each frame at debug level (the frame's text may hold cards).
_FRAME = re.compile(r"^[<>] (?:TEXT|BINARY|CONT)\b")
#: The loggers whose records may carry a request's URL.
LOGGERS = ("uvicorn.access", "uvicorn.error", "uvicorn", "homegame.server", "websockets", "websockets.server",
           "websockets.protocol")


def redact(text: str) -> str:
    """``text`` with the value of every ``token=`` (and ``seat_token=``) parameter blanked."""
    return _JSON_TOKEN.sub(r"\1[redacted]", _TOKEN.sub(r"\1[redacted]", text))


def _clean(value: Any) -> Any:
    return redact(value) if isinstance(value, str) and "token" in value.lower() else value


class RedactTokens(logging.Filter):
    """A logging filter that blanks token parameters in a record's message and arguments, and drops
    the websockets library's debug lines that quote whole frames."""

    def filter(self, record: logging.LogRecord) -> bool:
        """Rewrite the record in place; drop it only if it quotes a websocket frame."""
        try:
            if _FRAME.match(record.getMessage()):
                return False
        except Exception:  # noqa: BLE001, S110 - a record that cannot be formatted is judged as it is
            pass
        record.msg = _clean(record.msg)
        if isinstance(record.args, tuple):
            record.args = tuple(_clean(a) for a in record.args)
        elif isinstance(record.args, dict):
            record.args = {k: _clean(v) for k, v in record.args.items()}
        return True


def install() -> None:
    """Put one :class:`RedactTokens` on each logger in :data:`LOGGERS` (again is a no-op)."""
    for name in LOGGERS:
        logger = logging.getLogger(name)
        if not any(isinstance(f, RedactTokens) for f in logger.filters):
            logger.addFilter(RedactTokens())


__all__ = ["LOGGERS", "RedactTokens", "install", "redact"]
