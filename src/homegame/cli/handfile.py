"""Reading every hand file homegame writes, for ``homegame replay``.

The project writes hands in these forms, and all of them are read here:

- the engine's history (``hand.history.to_json()``, format ``homegame-history/1``), on one line or
  pretty-printed;
- the server's hand download (``GET /api/tables/T/hands/N.json``, format ``homegame-hand``), whose
  ``history`` is the engine's history and whose ``names`` name the players;
- JSON lines of either, one hand a line (``play --save`` and ``simulate --save``), or a JSON list of them.

Anything else is refused with one line saying what the file is and what replay reads.

>>> hands = read_hands_text('{"format": "homegame-history/1", "game": "passem"}', "h.json")
>>> hands[0].history["game"], hands[0].where
('passem', 'h.json')
>>> read_hands_text('{"deck": []}', "x.json")
Traceback (most recent call last):
...
homegame.cli.handfile.HandFileError: x.json is not a hand file homegame writes: replay reads an engine history (format 'homegame-history/1'), the server's hand download (format 'homegame-hand') or JSON lines of those
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

HISTORY = "homegame-history/1"
SERVER_HAND = "homegame-hand"
WHAT_REPLAY_READS = (f"replay reads an engine history (format {HISTORY!r}), the server's hand download "
                     f"(format {SERVER_HAND!r}) or JSON lines of those")


class HandFileError(ValueError):
    """A file that holds no hand replay can read, or a hand in it that cannot be read."""


@dataclass(frozen=True)
class StoredHand:
    """One hand found in a file: the engine's history as a dict, where it was, and what the file adds."""

    history: dict[str, Any]
    where: str
    names: dict[int, str] = field(default_factory=dict)
    table: str = ""
    number: int | None = None

    @property
    def origin(self) -> str:
        """``"table T, hand 2"`` for a server download, else ``""``."""
        if not self.table:
            return ""
        return f"table {self.table}, hand {self.number}" if self.number is not None else f"table {self.table}"


def _values(text: str, where: str) -> list[tuple[Any, int]]:
    """Every JSON value in ``text`` (one, or one a line, or several in a row), each with its line number."""
    decoder = json.JSONDecoder()
    out: list[tuple[Any, int]] = []
    pos = 0
    while True:
        while pos < len(text) and text[pos].isspace():
            pos += 1
        if pos >= len(text):
            return out
        line = text.count("\n", 0, pos) + 1
        try:
            value, pos = decoder.raw_decode(text, pos)
        except (ValueError, RecursionError) as exc:
            if not out and _looks_like_phh(text):
                raise HandFileError(f"{where} is a PHH file (PokerKit's format, which homegame writes for "
                                    "PokerKit but does not read back): replay the hand's .json download "
                                    "instead") from None
            detail = getattr(exc, "msg", None) or type(exc).__name__
            at = f" at line {line}" if out or line > 1 else ""
            raise HandFileError(f"{where} is not JSON{at} ({detail}): {WHAT_REPLAY_READS}") from None
        out.append((value, line))


def _looks_like_phh(text: str) -> bool:
    return any(line.replace(" ", "").startswith("variant=") for line in text.splitlines()[:40])


def _hand(value: Any, where: str) -> StoredHand:
    if not isinstance(value, dict):
        raise HandFileError(f"{where} is not a hand file homegame writes: {WHAT_REPLAY_READS}")
    kind = value.get("format")
    if kind == HISTORY:
        return StoredHand(value, where)
    if kind == SERVER_HAND:
        history = value.get("history")
        if not isinstance(history, dict) or history.get("format") != HISTORY:
            raise HandFileError(f"{where} is a server hand file that has no history (format {HISTORY!r}) "
                                "to replay")
        raw_names = value.get("names")
        names = {int(k): str(v) for k, v in raw_names.items() if str(k).isdigit()} \
            if isinstance(raw_names, dict) else {}
        number = value.get("number")
        return StoredHand(history, where, names, str(value.get("table_id") or ""),
                          number if isinstance(number, int) else None)
    if kind is None and set(value) == {"detail"}:
        raise HandFileError(f"{where} is the server's error answer, not a hand: {value['detail']}")
    if kind is not None:
        raise HandFileError(f"{where} has format {kind!r}, not one homegame replays: {WHAT_REPLAY_READS}")
    raise HandFileError(f"{where} is not a hand file homegame writes: {WHAT_REPLAY_READS}")


def read_hands_text(text: str, name: str) -> list[StoredHand]:
    """Every hand in a file's ``text`` (``name`` is how messages call the file)."""
    values = _values(text, name)
    if not values:
        raise HandFileError(f"{name} is empty: {WHAT_REPLAY_READS}")
    if len(values) == 1 and isinstance(values[0][0], list):
        items = values[0][0]
        if not items:
            raise HandFileError(f"{name} is an empty list: {WHAT_REPLAY_READS}")
        return [_hand(item, f"{name}, hand {i}" if len(items) > 1 else name) for i, item in enumerate(items, 1)]
    if len(values) == 1:
        return [_hand(values[0][0], name)]
    return [_hand(value, f"{name}, hand {i} (line {line})") for i, (value, line) in enumerate(values, 1)]


def read_hands(path: Path) -> list[StoredHand]:
    """Every hand in the file at ``path``; :class:`HandFileError` (or ``OSError``) when there is none."""
    try:
        text = path.read_text(encoding="utf-8")
    except UnicodeDecodeError:
        raise HandFileError(f"{path} is not text: {WHAT_REPLAY_READS}") from None
    return read_hands_text(text, str(path))


def choose(hands: list[StoredHand], number: int | None, name: str) -> StoredHand:
    """Hand ``number`` (from 1) of a file's hands; the only one when ``number`` is None."""
    if number is None:
        if len(hands) != 1:
            raise HandFileError(f"{name} holds {len(hands)} hands: choose one with --hand N")
        return hands[0]
    if not 1 <= number <= len(hands):
        if len(hands) == 1:
            raise HandFileError(f"{name} holds one hand: --hand must be 1, not {number}")
        raise HandFileError(f"{name} holds {len(hands)} hands: --hand must be 1 to {len(hands)}, not {number}")
    return hands[number - 1]
