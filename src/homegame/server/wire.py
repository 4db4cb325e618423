"""JSON text for the wire: the one encoder for what the server sends and stores (compact, and fast:
a state message goes to every connection after every change, so encoding is on the hot path)."""

from __future__ import annotations

import json
from typing import Any

import orjson


def dumps(message: Any) -> str:
    """``message`` as compact JSON text (keys that are not strings are written as strings).

    >>> dumps({"type": "pong", "v": 1, 2: [1.5, None, "Ah"]})
    '{"type":"pong","v":1,"2":[1.5,null,"Ah"]}'
    >>> dumps({"chips": 10**30})  # beyond 64 bits: still written
    '{"chips":1000000000000000000000000000000}'
    """
    try:
        return orjson.dumps(message, option=orjson.OPT_NON_STR_KEYS).decode()
    except TypeError:  # what orjson does not write (an integer beyond 64 bits): the standard library does
        return json.dumps(message, separators=(",", ":"))
