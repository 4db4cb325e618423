"""Game files: a game as TOML data (docs/games/game-files.md), read and checked against the schema.

:func:`parse` turns the text into a :class:`GameFile`; every error is a :class:`GameFileError` (a
ValueError) that names the line and says what is allowed. :mod:`homegame.games.compose` turns a
GameFile and house rules into a game.

>>> gf = parse('name = "mini"\\nplayers = [2, 6]\\n[[steps]]\\nkind = "deal"\\nfaces = "down down"\\n'
...            '[[steps]]\\nkind = "bet"\\n[[steps]]\\nkind = "board"\\ncount = 5\\n[[steps]]\\nkind = "bet"\\n'
...            '[[steps]]\\nkind = "showdown"\\n')
>>> gf.name, [s.kind for s in gf.steps]
('mini', ['deal', 'bet', 'board', 'bet', 'showdown'])
>>> parse('name = "mini"\\nplayers = [2, 66]\\n')
Traceback (most recent call last):
...
homegame.games.gamefile.GameFileError: game file line 2: players must be [least, most], whole numbers from 2 to 10 with least <= most, not [2, 66]
"""

from __future__ import annotations

import re
import string
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from homegame.evaluate.wild import BadWild
from homegame.games.locate import Path, key_lines, line_of
from homegame.games.scan import ShapeError, check_shape
from homegame.rules.carduse import CardUse
from homegame.rules.spec import OPENERS
from homegame.rules.steps import kinds, rule_for
from homegame.rules.wilds import RULES, parse_wild

FORMAT = "homegame-game/1"
MAX_BYTES = 64_000  # a game file's size
MAX_ENTRIES = 100  # step tables written in a file, repeats' bodies included
MAX_STEPS = 200  # steps once repeats are unrolled
MAX_DEPTH = 2  # repeats inside repeats
MAX_REPEAT = 52  # times one repeat may run
MAX_OPTIONS = 24
MAX_WHOLE = 1_000_000  # the largest bound of a whole-number option (a price in chips)
MAX_TEXT = 80  # characters in a name, title, alias, label or allowed text
MAX_ABOUT = 400  # characters in ``about``, what the game is in a sentence or two

TOP_KEYS = ("format", "name", "title", "aliases", "players", "usage", "deck", "wild", "buy", "about", "phh",
            "par", "options", "steps")
#: the betting structures and splits a ``phh`` key names ("no-limit high")
PHH_STRUCTURES = ("no-limit", "pot-limit", "fixed-limit")
PHH_SPLITS = ("high", "low", "high-low")
#: a [usage] table's keys (homegame.rules.carduse.CardUse)
USAGE_KEYS = ("shared", "own", "all_own", "lines", "layout", "boards", "split")
#: the short names the first game files gave their usage, each a way to write a [usage] table (still read)
NAMED_USAGES: dict[str, dict[str, Any]] = {
    "any": {}, "own": {"shared": "none"}, "omaha": {"own": [2]}, "passem": {"own": [2, 3]},
    "three-hole": {"shared": "face-up", "all_own": True},
    "cross": {"lines": [[0, 2, 4], [1, 3, 4]], "layout": "cross"},
    "elevator": {"lines": [[0, 6, 3], [1, 6, 4], [2, 6, 5]], "layout": "elevator"},
}
#: deck name -> the ranks it holds (docs/games/short-deck.md)
DECKS = {"standard": "23456789TJQKA", "short": "6789TJQKA"}
STRIKE_RULES = ("match-pot", "fold", "free")
#: a repeat's fields (besides kind, label and when) as (type, default); "required" has no default. A step
#: kind's fields are its rule's (:attr:`homegame.rules.steps.StepRule.fields`)
REPEAT_FIELDS: dict[str, tuple[str, Any]] = {
    "each": ("name", "required"), "in": ("list", None), "from": ("int 0 52", None), "to": ("int 0 52", None),
    "steps": ("steps", "required")}


def step_kinds() -> tuple[str, ...]:
    """The kinds a step table may have: every registered step kind (:mod:`homegame.rules.steps`), then
    ``repeat``."""
    return (*kinds(), "repeat")


def fields_of(kind: str) -> Mapping[str, tuple[str, Any]]:
    """A step kind's fields in a file (besides kind, label and when): ``name -> (type, default)``."""
    return REPEAT_FIELDS if kind == "repeat" else rule_for(kind).fields
OPTION_TYPES = ("choice", "whole", "flag", "counts", "split")
OPTION_KEYS = {"choice": ("values",), "whole": ("min", "max", "none"), "flag": (),
               "counts": ("min", "max", "most"), "split": ("low", "qualifier", "swing_ties")}
RESERVED = {"buy": "the top-level key buy is reserved: a buy is a step ([[steps]] kind = \"buy\", "
                   "docs/games/game-files.md)"}
_NAME = re.compile(r"[a-z][a-z0-9_]*$")
_GAME_NAME = re.compile(r"[a-z0-9][a-z0-9'_-]*$")
_EXPR = re.compile(r"\$([a-z][a-z0-9_]*)\s*(?:([+-])\s*(\d+))?$")
_COND = re.compile(r"(\S+)\s*(==|!=|<=|>=|<|>)\s*(\S+)$")


class GameFileError(ValueError):
    """A game file that breaks the schema: the message names the line and what is allowed."""


@dataclass(frozen=True)
class OptionSpec:
    """A house-rule option declared in a file (``[options.NAME]``)."""

    name: str
    kind: str
    default: Any
    allowed: str
    settings: dict[str, Any]
    path: Path


@dataclass(frozen=True)
class StepSpec:
    """A step table as written: its kind, fields (literals or ``$`` expressions), conditions, and for a
    repeat its body."""

    kind: str
    fields: dict[str, Any]
    when: tuple[str, ...]
    path: Path
    body: tuple[StepSpec, ...] = ()


@dataclass(frozen=True)
class GameFile:
    """A checked game file: everything :func:`homegame.games.compose.build` needs."""

    name: str
    title: str
    aliases: tuple[str, ...]
    min_players: int
    max_players: int
    usage: CardUse
    options: tuple[OptionSpec, ...]
    steps: tuple[StepSpec, ...]
    text: str = field(repr=False)
    deck: str = "standard"
    wild: str = ""
    about: str = ""
    #: PHH's variant code for each "structure split" the game is in PHH (``{"no-limit high": "NT"}``)
    phh: tuple[tuple[str, str], ...] = ()
    #: a typical winning hand, as a category index (0 high card .. 9 five of a kind; ``None``: not said)
    par: float | None = None
    source: str = "game file"
    lines: dict[Path, int] = field(default_factory=dict, repr=False, compare=False)

    def error(self, path: Path, message: str) -> GameFileError:
        """An error about ``path`` that names its line."""
        return GameFileError(f"{self.source} line {line_of(self.lines, path)}: {message}")


class _Reader:
    def __init__(self, text: str, source: str) -> None:
        self.text, self.source = text, source
        self.lines = key_lines(text)
        self.entries = 0

    def fail(self, path: Path, message: str) -> GameFileError:
        return GameFileError(f"{self.source} line {line_of(self.lines, path)}: {message}")

    def text_value(self, data: dict[str, Any], key: str, path: Path, default: str | None = None) -> str:
        value = data.get(key, default)
        if not isinstance(value, str) or not value.strip() or len(value) > MAX_TEXT:
            raise self.fail(path + (key,), f"{key} must be text of 1 to {MAX_TEXT} characters, not {value!r}")
        return value

    def unknown(self, data: dict[str, Any], allowed: tuple[str, ...] | list[str], path: Path, what: str) -> None:
        for key in data:
            if key not in allowed:
                raise self.fail(path + (key,), f"unknown key {key!r} in {what}: the keys are {', '.join(allowed)}")


def check_limits(text: str, source: str = "game file") -> None:
    """The checks :func:`parse` makes before any reading: the text's type, size (:data:`MAX_BYTES`) and
    shape (:func:`homegame.games.scan.check_shape`); :class:`GameFileError` naming the limit. Linear in the
    text's length: cheap enough to make anywhere, an event loop included.

    >>> check_limits("a" + ".a" * 20 + " = 1", "x.toml")
    Traceback (most recent call last):
    ...
    homegame.games.gamefile.GameFileError: x.toml line 1: a dotted key has more than 8 parts, the most a game file may (MAX_KEY_PARTS)
    """
    if not isinstance(text, str):
        raise GameFileError(f"a game file is TOML text, not {type(text).__name__}")
    if len(text.encode("utf-8", "replace")) > MAX_BYTES:
        raise GameFileError(f"{source}: the file is larger than {MAX_BYTES} bytes, the most a game file may be")
    try:  # nesting, key depth and key count bounded before the TOML reader sees the text
        check_shape(text, source)
    except ShapeError as e:
        raise GameFileError(str(e)) from None


def parse(text: str, source: str = "game file") -> GameFile:
    """Read a game file's text and check it against the schema (docs/games/game-files.md)."""
    check_limits(text, source)
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as e:
        where = re.search(r"line (\d+)", str(e))
        line = where.group(1) if where else max(1, text.count("\n") + 1)
        raise GameFileError(f"{source} line {line}: not valid TOML ({e})") from None
    r = _Reader(text, source)
    r.unknown(data, TOP_KEYS, (), "a game file")
    for key, why in RESERVED.items():
        if key in data:
            raise r.fail((key,), why)
    if data.get("format", FORMAT) != FORMAT:
        raise r.fail(("format",), f"format must be {FORMAT!r}, not {data['format']!r}")
    deck = data.get("deck", "standard")
    if deck not in DECKS:
        raise r.fail(("deck",), f"deck {deck!r} is not allowed: use 'standard' (52 cards) or 'short' (36 cards, "
                     "sixes to aces)")
    wild = data.get("wild", "")
    if not isinstance(wild, str) or len(wild) > MAX_TEXT:
        raise r.fail(("wild",), f"wild must be text of up to {MAX_TEXT} characters, such as \"2\" or \"Q "
                     f"follow-queen\", not {wild!r}")
    if wild.strip():
        try:
            parse_wild(wild)
        except BadWild as e:
            raise r.fail(("wild",), f"{e}; or a rule: {', '.join(RULES)}") from None
        if deck == "short":
            raise r.fail(("wild",), "wild cards are not supported with deck = 'short'")
    if "name" not in data:
        raise r.fail((), "a game file needs name = \"...\" (lower-case letters, digits, - and ')")
    name = r.text_value(data, "name", ())
    if not _GAME_NAME.match(name):
        raise r.fail(("name",), f"name {name!r} must be lower-case letters, digits, - and ' (such as 'my-game')")
    title = r.text_value(data, "title", (), default=name)
    about = data.get("about", "")
    if not isinstance(about, str) or len(about) > MAX_ABOUT:
        raise r.fail(("about",), f"about must be text of up to {MAX_ABOUT} characters (what the game is, in a "
                     f"sentence or two), not {str(about)[:40]!r}")
    aliases = data.get("aliases", [])
    if not isinstance(aliases, list) or len(aliases) > 10 or not all(
            isinstance(a, str) and _GAME_NAME.match(a) and len(a) <= MAX_TEXT for a in aliases):
        raise r.fail(("aliases",), "aliases must be a list of up to 10 names (lower-case letters, digits, - "
                     f"and '), not {aliases!r}")
    players = data.get("players", [2, 10])
    if (not isinstance(players, list) or len(players) != 2 or not all(type(p) is int for p in players)
            or not 2 <= players[0] <= players[1] <= 10):
        raise r.fail(("players",), "players must be [least, most], whole numbers from 2 to 10 with least <= most, "
                     f"not {players!r}")
    usage = _usage(r, data.get("usage", {}))
    options = _options(r, data.get("options", {}))
    names = {o.name for o in options} | ({"split", "low", "qualifier", "swing_ties"} if any(
        o.kind == "split" for o in options) else set())
    if "steps" not in data:
        raise r.fail((), "a game file needs its steps: [[steps]] tables, the first a deal, the last the showdown")
    steps = _steps(r, data["steps"], ("steps",), names, depth=0)
    return GameFile(name=name, title=title, aliases=tuple(aliases), min_players=players[0],
                    max_players=players[1], usage=usage, options=tuple(options), steps=steps, text=text,
                    source=source, lines=r.lines, deck=deck, wild=wild.strip(), about=" ".join(about.split()),
                    phh=_phh(r, data.get("phh", {})), par=_par(r, data.get("par")))


def _par(r: _Reader, raw: Any) -> float | None:
    """``par``: how strong a typical winning hand is, as a category index from 0 (high card) to 9 (five of
    a kind), halves allowed: 1.5 is between one pair and two pair."""
    if raw is None:
        return None
    if isinstance(raw, bool) or not isinstance(raw, (int, float)) or not 0 <= raw <= 9:
        raise r.fail(("par",), "par must be a number from 0 (high card) to 9 (five of a kind), such as 1.5 "
                     f"(between one pair and two pair), not {str(raw)[:20]!r}")
    return float(raw)


def _phh(r: _Reader, raw: Any) -> tuple[tuple[str, str], ...]:
    """The ``phh`` table: PHH's variant code (such as ``"NT"``) for each ``"structure split"`` the game has one."""
    if not isinstance(raw, dict) or len(raw) > 9:
        raise r.fail(("phh",), 'phh must be a table of PHH variant codes, such as { "no-limit high" = "NT" }')
    out = []
    for key, code in raw.items():
        parts = key.split(" ") if isinstance(key, str) else []
        if len(parts) != 2 or parts[0] not in PHH_STRUCTURES or parts[1] not in PHH_SPLITS:
            raise r.fail(("phh", key), f"phh key {str(key)[:40]!r} must be a structure ({', '.join(PHH_STRUCTURES)}) "
                         f"and a split ({', '.join(PHH_SPLITS)}), such as \"no-limit high\"")
        if not isinstance(code, str) or not 1 <= len(code) <= 8 or not code.replace("/", "").isalnum():
            raise r.fail(("phh", key), f"phh code must be PHH's variant code (such as \"NT\"), not {str(code)[:20]!r}")
        out.append((key, code))
    return tuple(out)


def _usage(r: _Reader, raw: Any) -> CardUse:
    """The ``[usage]`` table (or one of the short names of :data:`NAMED_USAGES`) as a checked rule."""
    if isinstance(raw, str):
        if raw not in NAMED_USAGES:
            raise r.fail(("usage",), f"usage {raw[:40]!r} is not a known name ({', '.join(map(repr, NAMED_USAGES))}); "
                         f"or write a [usage] table with {', '.join(USAGE_KEYS)}")
        raw = NAMED_USAGES[raw]
    if not isinstance(raw, dict):
        raise r.fail(("usage",), f"usage must be a [usage] table with {', '.join(USAGE_KEYS)}, not {str(raw)[:40]!r}")
    unknown = sorted(set(raw) - set(USAGE_KEYS))
    if unknown:
        raise r.fail(("usage", unknown[0]), f"usage has no key {unknown[0]!r}: use {', '.join(USAGE_KEYS)}")
    own, lines = raw.get("own", []), raw.get("lines", [])
    if not isinstance(own, list) or len(own) > 6 or not all(type(n) is int for n in own):
        raise r.fail(("usage", "own"), f"usage.own must list numbers of own cards (such as [2] or [2, 3]), not {own!r}")
    if not isinstance(lines, list) or len(lines) > 10 or not all(
            isinstance(line, list) and len(line) <= 5 and all(type(i) is int for i in line) for line in lines):
        raise r.fail(("usage", "lines"), f"usage.lines must be lists of board positions (such as [[0, 2, 4], "
                     f"[1, 3, 4]]), not {str(lines)[:60]}")
    boards = raw.get("boards", [])
    if not isinstance(boards, list) or len(boards) > 10 or not all(
            isinstance(b, list) and len(b) <= 5 and all(type(i) is int for i in b) for b in boards):
        raise r.fail(("usage", "boards"), f"usage.boards must be lists of board positions, one per board (such as "
                     f"[[0, 1, 2, 6, 8], [3, 4, 5, 7, 9]]), not {str(boards)[:60]}")
    shared, all_own, layout = raw.get("shared", "board"), raw.get("all_own", False), raw.get("layout", "")
    split = raw.get("split", "")
    if not isinstance(shared, str) or not isinstance(all_own, bool) or not isinstance(layout, str) \
            or not isinstance(split, str):
        raise r.fail(("usage",), "usage.shared, usage.layout and usage.split are text, usage.all_own is true or false")
    try:
        return CardUse(shared=shared, own=tuple(own), all_own=all_own, lines=tuple(tuple(line) for line in lines),
                       layout=layout, boards=tuple(tuple(b) for b in boards), split=split)
    except ValueError as e:
        raise r.fail(("usage",), str(e)) from None


def _options(r: _Reader, raw: Any) -> list[OptionSpec]:
    if not isinstance(raw, dict):
        raise r.fail(("options",), "options must be tables: [options.NAME] with type = "
                     f"{' | '.join(OPTION_TYPES)}")
    if len(raw) > MAX_OPTIONS:
        raise r.fail(("options",), f"a game file may declare at most {MAX_OPTIONS} options, not {len(raw)}")
    out: list[OptionSpec] = []
    seen: set[str] = set()
    for name, spec in raw.items():
        path: Path = ("options", name)
        if not _NAME.match(name) or name in ("round",):
            raise r.fail(path, f"option name {name!r} must be lower-case letters, digits and _, and not 'round'")
        if not isinstance(spec, dict):
            raise r.fail(path, f"option {name} must be a table with type = {' | '.join(OPTION_TYPES)}")
        kind = spec.get("type")
        if kind not in OPTION_TYPES:
            raise r.fail(path + ("type",), f"option {name}: type {kind!r} is not allowed: use one of "
                         f"{', '.join(map(repr, OPTION_TYPES))}")
        if kind == "split" and name != "split":
            raise r.fail(path, "type = 'split' is for [options.split] (it declares split, low, qualifier and "
                         "swing_ties)")
        r.unknown(spec, ["type", "default", "allowed", *OPTION_KEYS[kind]], path, f"option {name} ({kind})")
        settings = {k: spec[k] for k in OPTION_KEYS[kind] if k in spec}
        default = spec.get("default", "high" if kind == "split" else None)
        allowed = spec.get("allowed", "")
        if not isinstance(allowed, str) or len(allowed) > 2 * MAX_TEXT:
            raise r.fail(path + ("allowed",), f"option {name}: allowed must be text of up to {2 * MAX_TEXT} "
                         "characters")
        _check_option(r, name, kind, default, settings, path, seen)
        seen.add(name)
        out.append(OptionSpec(name, kind, default, allowed, settings, path))
    return out


def _is_expr(value: Any) -> bool:
    return isinstance(value, str) and value.startswith("$")


def _check_expr(r: _Reader, value: str, names: set[str], path: Path, what: str) -> None:
    m = _EXPR.match(value.strip())
    if not m:
        raise r.fail(path, f"{what}: {value!r} is not an expression: write $name, $name + N or $name - N")
    if m.group(1) not in names:
        raise r.fail(path, f"{what}: {value!r} names no earlier option or loop variable; known here: "
                     f"{', '.join(sorted(names)) or 'none'}")


def _check_option(r: _Reader, name: str, kind: str, default: Any, settings: dict[str, Any], path: Path,
                  seen: set[str]) -> None:
    def bad(key: str, message: str) -> GameFileError:
        return r.fail(path + (key,), f"option {name}: {message}")

    if kind == "choice":
        values = settings.get("values")
        if not isinstance(values, list) or not values or not all(isinstance(v, str) for v in values):
            raise bad("values", "a choice needs values = [\"word\", ...] (one or more words)")
        if default not in values:
            raise bad("default", f"default {default!r} must be one of its values {values!r}")
    elif kind == "flag":
        if not isinstance(default, bool):
            raise bad("default", f"a flag's default must be true or false, not {default!r}")
    elif kind in ("whole", "counts"):
        for key in ("min", "max"):
            v = settings.get(key)
            if isinstance(v, str) and _is_expr(v) and kind == "whole":
                _check_expr(r, v, seen, path + (key,), f"option {name} {key}")
            elif type(v) is not int or not 0 <= v <= (MAX_WHOLE if kind == "whole" else 52):
                raise bad(key, f"{key} must be a whole number from 0 to {MAX_WHOLE if kind == 'whole' else 52}" +
                          (" or an expression such as \"$keep - 1\"" if kind == "whole" else "") + f", not {v!r}")
        if type(settings["min"]) is int and type(settings["max"]) is int and settings["min"] > settings["max"]:
            raise bad("max", f"max {settings['max']} is below min {settings['min']}")
        if kind == "whole":
            lo, hi = settings["min"], settings["max"]
            if type(default) is int and type(lo) is int and type(hi) is int and not lo <= default <= hi:
                raise bad("default", f"default {default} must be from min {lo} to max {hi}")
            if not isinstance(settings.get("none", False), bool):
                raise bad("none", "none must be true or false (whether None is allowed)")
            if _is_expr(default):
                _check_expr(r, default, seen, path + ("default",), f"option {name} default")
            elif default == "none" and settings.get("none"):
                pass
            elif type(default) is not int:
                raise bad("default", "a whole number's default must be a number, \"none\" (with none = true) "
                          f"or an expression such as \"$keep - 1\", not {default!r}")
        else:
            most = settings.get("most", 6)
            if type(most) is not int or not 0 <= most <= 10:
                raise bad("most", f"most must be a whole number from 0 to 10 (the longest list), not {most!r}")
            if not isinstance(default, list) or not all(type(v) is int for v in default):
                raise bad("default", f"a counts option's default must be a list of whole numbers, not {default!r}")
    else:  # split
        if default not in ("high", "low", "high-low", "declare"):
            raise bad("default", f"the split's default {default!r} must be 'high', 'low', 'high-low' or 'declare'")
        if settings.get("low", "a5") not in ("a5", "a6", "27"):
            raise bad("low", f"low {settings['low']!r} must be 'a5', 'a6' or '27'")
        q = settings.get("qualifier", "auto")
        if q not in ("auto", "none") and (type(q) is not int or not 5 <= q <= 14):
            raise bad("qualifier", f"qualifier {q!r} must be \"auto\", \"none\" or a whole number from 5 to 14")
        if not isinstance(settings.get("swing_ties", False), bool):
            raise bad("swing_ties", "swing_ties must be true or false")


def _steps(r: _Reader, raw: Any, path: Path, names: set[str], depth: int) -> tuple[StepSpec, ...]:
    if not isinstance(raw, list) or not raw or not all(isinstance(s, dict) for s in raw):
        raise r.fail(path, "steps must be [[steps]] tables (one or more), each with kind = "
                     f"{' | '.join(step_kinds())}")
    out = []
    for i, step in enumerate(raw):
        r.entries += 1
        if r.entries > MAX_ENTRIES:
            raise r.fail(path + (i,), f"a game file may have at most {MAX_ENTRIES} step tables")
        out.append(_step(r, step, path + (i,), names, depth))
    return tuple(out)


def _step(r: _Reader, data: dict[str, Any], path: Path, names: set[str], depth: int) -> StepSpec:
    kind = data.get("kind")
    known = step_kinds()
    if kind not in known:
        raise r.fail(path + ("kind",), f"step kind {kind!r} is not allowed: use one of {', '.join(known)}")
    what = f"a {kind} step"
    spec = fields_of(kind)
    r.unknown(data, ["kind", "label", "when", *spec], path, what)
    label = data.get("label", "" if kind == "repeat" else rule_for(kind).label)
    when = data.get("when", [])
    when = [when] if isinstance(when, str) else when
    if not isinstance(when, list) or not all(isinstance(c, str) for c in when):
        raise r.fail(path + ("when",), f"{what}: when must be a condition such as \"$split == declare\" "
                     "or a list of them (all must hold)")
    for cond in when:
        _check_condition(r, cond, names, path + ("when",), what)
    fields: dict[str, Any] = {}
    body: tuple[StepSpec, ...] = ()
    if kind == "repeat":
        each = data.get("each")
        if not isinstance(each, str) or not _NAME.match(each) or each in names or each == "round":
            raise r.fail(path + ("each",), f"{what}: each must name a new loop variable (lower-case letters, "
                         f"digits and _), not {each!r}")
        if depth + 1 > MAX_DEPTH:
            raise r.fail(path, f"{what}: repeats may be nested at most {MAX_DEPTH} deep")
        has_in, has_range = "in" in data, "from" in data or "to" in data
        if has_in == has_range or (has_range and not ("from" in data and "to" in data)):
            raise r.fail(path, f"{what}: give either in = \"$option\" (a list option) or from = N and to = N")
        for key in ("in", "from", "to"):
            if key in data:
                v = data[key]
                if _is_expr(v):
                    _check_expr(r, v, names, path + (key,), what)
                elif key == "in" or type(v) is not int or not 0 <= v <= MAX_REPEAT:
                    raise r.fail(path + (key,), f"{what}: {key} must be " + (
                        "a list option such as \"$passes\"" if key == "in" else
                        f"a whole number from 0 to {MAX_REPEAT} or an expression such as \"$keep - 1\"")
                                 + f", not {v!r}")
                fields[key] = v
        fields["each"] = each
        body = _steps(r, data.get("steps"), path + ("steps",), names | {each}, depth + 1)
    else:
        for key, (kind_of, default) in spec.items():
            value = data.get(key, default)
            if value == "required":
                raise r.fail(path, f"{what} needs {key} ({_allowed(kind_of)})")
            if _is_expr(value) and kind_of == "faces":
                raise r.fail(path + (key,), f"{what}: faces must be written out (\"down down up\"), not an "
                             "expression")
            if _is_expr(value):
                _check_expr(r, value, names, path + (key,), what)
            else:
                value = _literal(r, kind_of, value, path + (key,), f"{what}: {key}")
            fields[key] = value
    if not isinstance(label, str) or len(label) > MAX_TEXT:
        raise r.fail(path + ("label",), f"{what}: label must be text of up to {MAX_TEXT} characters")
    _check_label(r, label, names, path + ("label",), what)
    fields["label"] = label
    return StepSpec(kind, fields, tuple(when), path, body)


def _allowed(kind_of: str) -> str:
    if kind_of.startswith("int"):
        _, lo, hi = kind_of.split()
        return f"a whole number from {lo} to {hi}"
    return {"bool": "true or false", "direction": "'left' or 'right'",
            "opener": " or ".join(map(repr, OPENERS)), "faces": "a list of \"down\" and \"up\", one per card",
            "name": "a loop variable's name", "steps": "[[...steps]] tables",
            "rank": "a rank: 2-9, T, J, Q, K or A", "strike": " or ".join(map(repr, STRIKE_RULES)),
            "list": "a list option"}[kind_of]


def _literal(r: _Reader, kind_of: str, value: Any, path: Path, what: str) -> Any:
    ok = True
    if kind_of.startswith("int"):
        _, lo, hi = kind_of.split()
        ok = type(value) is int and int(lo) <= value <= int(hi)
    elif kind_of == "bool":
        ok = isinstance(value, bool)
    elif kind_of == "direction":
        ok = value in ("left", "right")
    elif kind_of == "opener":
        ok = value in OPENERS
    elif kind_of == "rank":
        ok = isinstance(value, str) and len(value) == 1 and value in "23456789TJQKA"
    elif kind_of == "strike":
        ok = value in STRIKE_RULES
    elif kind_of == "faces":
        if isinstance(value, str):
            value = value.split()
        ok = isinstance(value, list) and 1 <= len(value) <= 10 and all(f in ("down", "up") for f in value)
    if not ok:
        raise r.fail(path, f"{what} must be {_allowed(kind_of)}" + (" (1 to 10 cards)" if kind_of == "faces" else "")
                     + f", not {value!r}")
    return value


def _check_condition(r: _Reader, cond: str, names: set[str], path: Path, what: str) -> None:
    text = cond.strip()
    m = _COND.match(text)
    operands = [m.group(1), m.group(3)] if m else [text]
    if not m and not text.startswith("$"):
        raise r.fail(path, f"{what}: condition {cond!r} must be $name (true when the option is on) or "
                     "A OP B with OP one of == != < <= > >= (such as \"$keep < 7\" or \"$split == declare\")")
    for operand in operands:
        if operand.startswith("$"):
            _check_expr(r, operand, names, path, f"{what}: condition {cond!r}")


def _check_label(r: _Reader, label: str, names: set[str], path: Path, what: str) -> None:
    try:
        parsed = list(string.Formatter().parse(label))
    except ValueError as e:
        raise r.fail(path, f"{what}: label {label!r} is not a template ({e}); write {{name}} for a value") from None
    for _, field_name, spec, conversion in parsed:
        if field_name is None:
            continue
        if spec or conversion or field_name not in names | {"round"}:
            raise r.fail(path, f"{what}: label {label!r} may name only {{round}} and the options and loop "
                         f"variables known here ({', '.join(sorted(names)) or 'none'})")
