"""Structured logs: ``homegame serve --log-format json`` writes one JSON object per line.

Each line has ``time`` (ISO 8601, UTC), ``level``, ``logger`` and ``message``; an exception adds its
class and where it was raised, never its text (an exception's text may quote a card or a token). Every
message passes through :func:`homegame.server.redact.redact` first, so a token in a URL is blanked.

>>> import logging
>>> record = logging.LogRecord("uvicorn.access", logging.INFO, "x", 1, '"GET /x?token=%s HTTP/1.1" 200',
...                            ("abc",), None)
>>> line = json.loads(JsonLines().format(record))
>>> line["level"], line["logger"], line["message"]
('info', 'uvicorn.access', '"GET /x?token=[redacted] HTTP/1.1" 200')
"""

from __future__ import annotations

import json
import logging
import traceback
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from homegame.server.redact import redact

#: The formats ``--log-format`` accepts.
FORMATS = ("text", "json")


class JsonLines(logging.Formatter):
    """A log record as one line of JSON (redacted; an exception by class and place only)."""

    def format(self, record: logging.LogRecord) -> str:
        """The record's JSON line."""
        try:
            message = record.getMessage()
        except Exception:  # noqa: BLE001 - a record that cannot be formatted still gets a line
            message = str(record.msg)
        out: dict[str, Any] = {
            "time": datetime.fromtimestamp(record.created, UTC).isoformat(timespec="milliseconds"),
            "level": record.levelname.lower(),
            "logger": record.name,
            "message": redact(message),
        }
        if record.exc_info and record.exc_info[0] is not None:
            kind, _value, tb = record.exc_info
            frames = traceback.extract_tb(tb)
            where = f" at {Path(frames[-1].filename).name}:{frames[-1].lineno}" if frames else ""
            out["error"] = f"{kind.__name__}{where}"
        return json.dumps(out, ensure_ascii=False)


def log_config(fmt: str, level: str = "info") -> dict[str, Any]:
    """A :func:`logging.config.dictConfig` for uvicorn and homegame in format ``fmt`` (``text`` or
    ``json``); :class:`ValueError` for another format."""
    if fmt not in FORMATS:
        raise ValueError(f"unknown log format {fmt!r}; use one of: {', '.join(FORMATS)}")
    formatter: dict[str, Any] = ({"()": "homegame.server.logs.JsonLines"} if fmt == "json"
                                 else {"format": "%(levelname)s:     %(name)s: %(message)s"})
    lvl = level.upper()
    return {
        "version": 1,
        "disable_existing_loggers": False,
        "formatters": {"main": formatter},
        "filters": {"redact": {"()": "homegame.server.redact.RedactTokens"}},
        "handlers": {"main": {"class": "logging.StreamHandler", "formatter": "main", "filters": ["redact"],
                              "stream": "ext://sys.stderr"}},
        "loggers": {name: {"handlers": ["main"], "level": lvl, "propagate": False}
                    for name in ("uvicorn", "uvicorn.error", "uvicorn.access", "homegame")},
    }


__all__ = ["FORMATS", "JsonLines", "log_config"]
