"""The games: the four seed games, the controls and the catalogue, each a game file shipped with the
package (``homegame/games/data/*.toml``, the format in docs/games/game-files.md), and any game file a
host writes (:func:`load_game`).

>>> from homegame.games import game, game_names
>>> game_names()[:7]
['passem', 'sameem', 'pass-the-trash', 'three-hole', 'holdem', 'omaha', 'stud']
>>> game_names()[7:14]
['five-card-draw', '27-triple-draw', 'razz', 'stud-hi-lo', 'big-o', 'crazy-pineapple', 'irish']
>>> g = game("trash", passes=(3, 2, 1), keep=6, declare_after=4)
>>> g.name, g.rules["passes"], g.max_players
('pass-the-trash', [3, 2, 1], 7)
>>> game("trash", keep=9)
Traceback (most recent call last):
...
ValueError: keep=9 is not allowed: use a whole number from 5 to 7
"""

from __future__ import annotations

import os
from functools import cache
from importlib import resources
from typing import Any

from homegame.games.compose import build, options_of
from homegame.games.gamefile import MAX_BYTES, GameFile, GameFileError, parse
from homegame.rules.spec import Game, file_digest


@cache
def _catalogue() -> dict[str, GameFile]:
    data = resources.files("homegame.games") / "data"
    order = (data / "CATALOGUE").read_text(encoding="utf-8").split()
    out: dict[str, GameFile] = {}
    for name in order:
        gf = parse((data / f"{name}.toml").read_text(encoding="utf-8"), source=f"{name}.toml")
        if gf.name != name:
            raise RuntimeError(f"catalogue file {name}.toml declares the game {gf.name!r}")
        out[name] = gf
    return out


#: engine name -> the game file it is read from
GAMES: dict[str, GameFile] = _catalogue()


def _json(value: Any) -> Any:
    return list(value) if isinstance(value, tuple) else value


#: engine name -> {option: (allowed values, default)}
OPTIONS: dict[str, dict[str, tuple[str, Any]]] = {
    name: {k: (o.allowed, _json(o.default)) for k, o in options_of(gf).items()} for name, gf in GAMES.items()
}


@cache
def _aliases() -> dict[str, str]:
    return {alias: name for name, gf in _catalogue().items() for alias in (name, *gf.aliases)}


def game_names() -> list[str]:
    """The engine names of every game."""
    return list(_catalogue())


def game(name: str, **house_rules: Any) -> Game:
    """A game with its house rules fixed. Unknown names, options or values raise ValueError listing
    the valid ones."""
    aliases = _aliases()
    if not isinstance(name, str) or name.strip().lower() not in aliases:
        raise ValueError(f"unknown game {name!r}: the games are {', '.join(_catalogue())} "
                         f"(aliases: {', '.join(a for a in aliases if a not in _catalogue())})")
    return build(_catalogue()[aliases[name.strip().lower()]], house_rules)


def load_game(path_or_text: str | os.PathLike[str], **house_rules: Any) -> Game:
    """A game from a game file (a path, or the TOML text itself), with its house rules fixed. A file that
    breaks the schema raises ValueError naming the line and what is allowed (docs/games/game-files.md).

    >>> g = load_game('name = "tiny"\\n[[steps]]\\nkind = "deal"\\nfaces = "down down down down down"\\n'
    ...               '[[steps]]\\nkind = "bet"\\n[[steps]]\\nkind = "showdown"\\n')
    >>> g.name, g.use.describe(), [s.kind for s in g.steps]
    ('tiny', 'any five of own cards and board cards', ['deal', 'bet', 'showdown'])
    >>> load_game('name = "tiny"\\nwild = "J7"\\n')  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    homegame.games.gamefile.GameFileError: game file line 2: 'J7' is not a wild card: ...
    """
    text, source = _read(path_or_text)
    gf = parse(text, source=source)
    g = build(gf, house_rules, source=text)
    if gf.name not in GAMES:
        _LOADED[gf.name] = gf
        _BY_DIGEST[file_digest(text)] = gf
    return g



#: games read by load_game in this process, by name (the last file read for a name), so that a bot that
#: has only a view can rebuild the game it is playing (:func:`known_game`)
_LOADED: dict[str, GameFile] = {}
#: the same, by :func:`file_digest` of their text (every file read, not only the last of a name)
_BY_DIGEST: dict[str, GameFile] = {}


def known_game(name: str, file: str | None = None, **house_rules: Any) -> Game:
    """``game(name, ...)``, or else the game file read by :func:`load_game` in this process whose
    :func:`file_digest` is ``file`` (a view's ``"file"``), or else the one of that name read last (the
    bots rebuild a game from a view's name and rules this way)."""
    if file is not None and file in _BY_DIGEST:
        gf = _BY_DIGEST[file]
        return build(gf, house_rules, source=gf.text)
    key = name.strip().lower() if isinstance(name, str) else name
    if isinstance(key, str) and key not in _aliases() and key in _LOADED:
        gf = _LOADED[key]
        return build(gf, house_rules, source=gf.text)
    return game(name, **house_rules)


def _read(path_or_text: str | os.PathLike[str]) -> tuple[str, str]:
    if isinstance(path_or_text, os.PathLike) or (
            isinstance(path_or_text, str) and "\n" not in path_or_text and "=" not in path_or_text):
        path = os.fspath(path_or_text)
        try:
            size = os.path.getsize(path)
            if size > MAX_BYTES:
                raise GameFileError(f"{path}: the file is larger than {MAX_BYTES} bytes, the most a game file may be")
            with open(path, encoding="utf-8") as f:
                return f.read(), os.path.basename(path)
        except OSError as e:
            raise GameFileError(f"cannot read the game file {path!r}: {e.strerror or e}") from None
        except UnicodeDecodeError:
            raise GameFileError(f"{path}: a game file must be UTF-8 text") from None
    if not isinstance(path_or_text, str):
        raise GameFileError(f"load_game takes a path or the text of a game file, not {type(path_or_text).__name__}")
    return path_or_text, "game file"


__all__ = ["GAMES", "OPTIONS", "GameFileError", "file_digest", "game", "game_names", "known_game", "load_game"]
