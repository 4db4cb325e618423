"""Game files a host uploads to a table (docs/games/game-files.md): checked exactly as
``load_game`` checks them, kept by name in the table's settings, and described for the page.

No I/O: a file arrives as its text. The limits are the schema's (a file of at most
:data:`homegame.games.gamefile.MAX_BYTES` bytes, its steps, options and repeats bounded) and the
table's own: at most :data:`MAX_GAME_FILES` files, :data:`MAX_TABLE_BYTES` bytes in all.

>>> text = 'name = "tiny"\\n[[steps]]\\nkind = "deal"\\nfaces = "down down down down down"\\n' \\
...        '[[steps]]\\nkind = "bet"\\n[[steps]]\\nkind = "showdown"\\n'
>>> name, game = checked_file(text, {}, "tiny.toml")
>>> name, game.title, describe(name, text)["max_players"]
('tiny', 'tiny', 10)
>>> checked_file(text.replace("5", "6").replace("down down down down down", "down sideways"), {}, "tiny.toml")
Traceback (most recent call last):
...
homegame.table.seats.TableError: tiny.toml line 4: a deal step: faces must be a list of "down" and "up", one per card (1 to 10 cards), not ['down', 'sideways']
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Any

from homegame.games import game as make_game
from homegame.games import load_game
from homegame.games.compose import options_of
from homegame.games.gamefile import MAX_BYTES, GameFileError, parse
from homegame.table.seats import DEALERS_CHOICE, TableError

#: The most game files one table holds, and their size in all (bytes).
MAX_GAME_FILES = 8
MAX_TABLE_BYTES = 128_000
#: A file name as the host's device gives it, shown in errors ("my-game.toml line 4: ...").
_FILENAME = re.compile(r"[^\w .'()+-]")


def _size(text: str) -> int:
    return len(text.encode("utf-8", "replace"))


def clean_filename(filename: str | None) -> str:
    """The name an error calls the file by: the device's file name, tidied, or ``game file``.

    >>> clean_filename("C:\\\\games\\\\my game.toml"), clean_filename(None), clean_filename("a<b>.toml")
    ('my game.toml', 'game file', 'ab.toml')
    """
    if not filename:
        return "game file"
    base = re.split(r"[\\/]", filename)[-1]
    return _FILENAME.sub("", base).strip()[:60] or "game file"


def catalogue_name(name: str) -> bool:
    """Whether ``make_game`` knows ``name`` (a catalogue game or one of its aliases)."""
    try:
        make_game(name)
    except ValueError:
        return False
    return True


def checked_file(text: Any, files: dict[str, str], filename: str | None = None) -> tuple[str, Any]:
    """The name and the game (default house rules) of an uploaded file, checked as ``load_game``
    checks it and against the table's ``files`` (name -> text); :class:`TableError` saying why (the
    file's line and what is allowed) otherwise. A file of a name the table holds replaces it."""
    source = clean_filename(filename)
    if not isinstance(text, str) or not text.strip():
        raise TableError(f"{source}: a game file is TOML text (docs/games/game-files.md), and this one is empty")
    if _size(text) > MAX_BYTES:
        raise TableError(f"{source}: the file is larger than {MAX_BYTES} bytes, the most a game file may be")
    try:
        parse(text, source=source)  # the schema's errors, naming this file (and never a path: see load_game)
        game = load_game(text)
    except GameFileError as exc:
        said = str(exc)
        if said.startswith("game file line"):  # a file no hand could be played from: name it too
            said = source + said.removeprefix("game file")
        raise TableError(said) from None
    except (TypeError, ValueError) as exc:
        raise TableError(f"{source}: {exc}") from None
    name = str(game.name)
    if name == DEALERS_CHOICE or catalogue_name(name):
        raise TableError(f"{source}: the game {name!r} is already one of homegame's games; give your file "
                         f"another name = \"...\" (such as \"my-{name}\")")
    others = {k: v for k, v in files.items() if k != name}
    if len(others) >= MAX_GAME_FILES:
        raise TableError(f"a table holds at most {MAX_GAME_FILES} game files ({', '.join(sorted(others))}); "
                         "remove one first")
    total = sum(_size(v) for v in others.values()) + _size(text)
    if total > MAX_TABLE_BYTES:
        raise TableError(f"{source}: the table's game files would come to {total} bytes; a table holds at most "
                         f"{MAX_TABLE_BYTES} bytes of them; remove one first")
    return name, game


@lru_cache(maxsize=64)
def describe(name: str, text: str) -> dict[str, Any]:
    """An uploaded game as the page lists it (the shape of ``GET /api/games``): ``name``, ``title``,
    ``about``, ``rules`` (the defaults), ``min_players``, ``max_players``, ``options``, ``layout`` and
    ``uploaded`` (true)."""
    game = load_game(text)
    read = parse(text)
    options = {k: [str(o.allowed), list(o.default) if isinstance(o.default, tuple) else o.default]
               for k, o in options_of(read).items()}
    return {"name": name, "title": str(game.title), "about": read.about, "rules": dict(game.rules), "min_players": int(game.min_players),
            "max_players": int(game.max_players), "options": options, "layout": game.use.drawing(),
            "uploaded": True}


__all__ = ["MAX_GAME_FILES", "MAX_TABLE_BYTES", "catalogue_name", "checked_file", "clean_filename", "describe"]
