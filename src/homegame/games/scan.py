"""A game file's shape, bounded before any parser sees it.

The standard library's TOML reader is recursive in how deeply arrays and inline tables nest (a file of
30,000 ``[`` ends in ``RecursionError``) and slow in the square of a dotted key's depth (a 24 KB key
``a.a.a…`` takes seconds). :func:`check_shape` reads the text once, in time linear in its length, and
refuses a file past any of these limits with a :class:`ShapeError` naming the limit and its line:

- :data:`MAX_NESTING`: arrays and inline tables inside one another (a table header's brackets count);
- :data:`MAX_KEY_PARTS`: the parts of one dotted key, ``a.b.c`` having three (a table header's too);
- :data:`MAX_KEYS`: keys written in the file (``key =``) and table headers, all counted.

Strings and comments are skipped, so their contents count for nothing.

>>> check_shape('name = "a.b.c.d.e.f.g.h.i"\\nplayers = [2, 6]\\n[[steps]]\\nkind = "deal"\\n')
>>> check_shape("x = " + "[" * 40 + "]" * 40)
Traceback (most recent call last):
...
homegame.games.scan.ShapeError: game file line 1: arrays and inline tables nest more than 8 deep, the most a game file may (MAX_NESTING)
>>> check_shape("a.b.c.d.e.f.g.h.i.j = 1", source="bomb.toml")
Traceback (most recent call last):
...
homegame.games.scan.ShapeError: bomb.toml line 1: a dotted key has more than 8 parts, the most a game file may (MAX_KEY_PARTS)
"""

from __future__ import annotations

import re

#: Arrays and inline tables inside one another (``[[steps.steps]]`` is 2 deep, ``[[1, 2]]`` 2 too).
MAX_NESTING = 8
#: Parts of one dotted key or table header (``[[steps.steps.steps]]`` has 3).
MAX_KEY_PARTS = 8
#: Keys and table headers written in one file (a schema-sized file has a few hundred at most).
MAX_KEYS = 2_000

#: The text's tokens that matter: strings and comments (skipped whole), and the characters that
#: open, close or separate. Every alternative starts with a distinct character, so matching never backtracks
#: beyond one token.
_TOKENS = re.compile(
    r'"""(?:[^"\\]|\\.|"(?!""))*"{3,5}'  # a multi-line basic string
    r"|'''(?:[^']|'(?!''))*'{3,5}"  # a multi-line literal string
    r'|"(?:[^"\\\n]|\\.)*"'  # a basic string
    r"|'[^'\n]*'"  # a literal string
    r"|#[^\n]*"  # a comment
    r"|[\[\]{}=,.\n]",
    re.DOTALL)


class ShapeError(ValueError):
    """A game file past a shape limit (the message names the limit and the line)."""


def check_shape(text: str, source: str = "game file") -> None:
    """Refuse ``text`` (:class:`ShapeError`) if it nests, dots or keys past the limits; ``None`` if not.

    Work is linear in ``len(text)``: one regular-expression pass, no recursion."""
    depth = parts = keys = 0
    line = 1
    valued = False  # an = came earlier on this line: a [ opens an array, not a table header
    for m in _TOKENS.finditer(text):
        token = m.group()
        first = token[0]
        if first in "\"'":
            line += token.count("\n")
        elif first == "\n":
            line, parts, valued = line + 1, 0, False
        elif first in "[{":
            if depth == 0 and not valued:  # a table header
                keys += 1
            depth, parts = depth + 1, 0
            if depth > MAX_NESTING:
                raise ShapeError(f"{source} line {line}: arrays and inline tables nest more than {MAX_NESTING} "
                                 "deep, the most a game file may (MAX_NESTING)")
        elif first == ".":
            parts += 1
            if parts >= MAX_KEY_PARTS:
                raise ShapeError(f"{source} line {line}: a dotted key has more than {MAX_KEY_PARTS} parts, the "
                                 "most a game file may (MAX_KEY_PARTS)")
        elif first != "#":  # ] } = ,
            depth, parts = max(0, depth - 1) if first in "]}" else depth, 0
            if first == "=":
                keys, valued = keys + 1, True
        if keys > MAX_KEYS:
            raise ShapeError(f"{source} line {line}: more than {MAX_KEYS} keys and table headers, the most a game "
                             "file may have (MAX_KEYS)")


__all__ = ["MAX_KEYS", "MAX_KEY_PARTS", "MAX_NESTING", "ShapeError", "check_shape"]
