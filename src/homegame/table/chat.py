"""Table talk: chat lines kept with the table, mutes, and the fixed set of quick reactions.

No I/O and no clock: the caller gives the time. Rate limits are the server's (per connection).
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass, field
from typing import Any

from homegame.table.seats import TableError

#: Longest chat line kept, in characters (after normalising).
CHAT_LIMIT = 300
#: Chat lines a table keeps (the oldest are dropped).
CHAT_KEEP = 200
#: The quick reactions a player may send (a fixed set, shown as one-tap buttons).
REACTIONS = ("👍", "👏", "😂", "😮", "😢", "🔥", "🙏", "🤦")
#: Unicode categories removed from chat text: control, format (zero-width, bidi), surrogate, private use,
#: unassigned.
_INVISIBLE = frozenset({"Cc", "Cf", "Cs", "Co", "Cn"})


def clean_text(text: str) -> str:
    r"""Chat text as the table keeps it: NFKC, control and invisible characters (bidi overrides,
    zero-width) removed, every run of white space one space, trimmed. HTML stays as text.

    >>> clean_text("  hi\u202e there\n\nfriend\u200b ")
    'hi there friend'
    >>> clean_text("<b>raise</b> \uff01")
    '<b>raise</b> !'
    """
    text = unicodedata.normalize("NFKC", text)
    text = "".join(" " if ch.isspace() else ch for ch in text
                   if ch.isspace() or unicodedata.category(ch) not in _INVISIBLE)
    return " ".join(text.split())


@dataclass
class Chat:
    """The lines said at a table (the last :data:`CHAT_KEEP`), each numbered from 1.

    A line is ``{"id", "at", "name", "seat", "role", "text"}``: ``seat`` counted from 1 (``None`` for
    someone not seated), ``role`` ``player``, ``host`` or ``spectator``, ``at`` the server's time. A quick
    reaction is a line too, with ``emoji`` (its ``text`` the emoji), so that a reload shows it again.
    """

    lines: list[dict[str, Any]] = field(default_factory=list)
    next_id: int = 1

    def say(self, name: str, seat: int | None, role: str, text: str, now: float) -> dict[str, Any]:
        """Add a line; :class:`TableError` for empty or over-long text (nothing is added)."""
        clean = clean_text(text)
        if not clean:
            raise TableError("a chat message needs some visible text")
        if len(clean) > CHAT_LIMIT:
            raise TableError(f"a chat message may be at most {CHAT_LIMIT} characters, got {len(clean)}")
        line = {"id": self.next_id, "at": now, "name": name, "seat": seat, "role": role, "text": clean}
        self.next_id += 1
        self.lines = (self.lines + [line])[-CHAT_KEEP:]
        return line

    def react(self, name: str, seat: int | None, role: str, emoji: str, now: float) -> dict[str, Any]:
        """Add a reaction line (one of :data:`REACTIONS`; :class:`TableError` otherwise, nothing added).

        >>> chat = Chat()
        >>> chat.react("Ann", 1, "player", "🔥", 5.0)["emoji"], len(chat.lines)
        ('🔥', 1)
        """
        line = {"id": self.next_id, "at": now, "name": name, "seat": seat, "role": role,
                "text": check_reaction(emoji), "emoji": emoji}
        self.next_id += 1
        self.lines = (self.lines + [line])[-CHAT_KEEP:]
        return line

    def to_dict(self) -> dict[str, Any]:
        """A JSON-serialisable form."""
        return {"lines": self.lines, "next_id": self.next_id}

    @classmethod
    def from_dict(cls, data: dict[str, Any] | None) -> Chat:
        """The inverse of :meth:`to_dict` (an empty chat for ``None``)."""
        if not data:
            return cls()
        return cls([dict(x) for x in data.get("lines", [])][-CHAT_KEEP:], int(data.get("next_id", 1)))


def check_reaction(emoji: str) -> str:
    """``emoji`` if it is one of :data:`REACTIONS`; :class:`TableError` naming them otherwise.

    >>> check_reaction("🔥")
    '🔥'
    """
    if emoji not in REACTIONS:
        raise TableError(f"unknown reaction {emoji[:10]!r}; choose one of {' '.join(REACTIONS)}")
    return emoji


__all__ = ["CHAT_KEEP", "CHAT_LIMIT", "REACTIONS", "Chat", "check_reaction", "clean_text"]
