"""Where a key of a TOML file is: ``tomllib`` gives no positions for values, so the lines are found by
scanning the text (table headers, arrays of tables and ``key =`` lines).

>>> text = 'name = "x"\\n[[steps]]\\nkind = "deal"\\n[[steps]]\\nkind = "bet"\\nbig = true\\n'
>>> lines = key_lines(text)
>>> line_of(lines, ("steps", 1, "big")), line_of(lines, ("steps", 1, "opener")), line_of(lines, ("name",))
(6, 4, 1)
"""

from __future__ import annotations

import re

Path = tuple[str | int, ...]

_KEY = re.compile(r'\s*((?:[A-Za-z0-9_-]+|"[^"]*"|\'[^\']*\')(?:\s*\.\s*(?:[A-Za-z0-9_-]+|"[^"]*"|\'[^\']*\'))*)\s*=')
_HEADER = re.compile(r"\s*(\[\[?)\s*([^\]]+?)\s*\]\]?\s*(?:#.*)?$")


def _parts(dotted: str) -> list[str]:
    return [p.strip().strip("\"'") for p in re.findall(r'"[^"]*"|\'[^\']*\'|[^.]+', dotted)]


def _depth(value: str) -> int:
    """Open brackets minus closed ones in a value, strings and comments left out."""
    depth, quote, i = 0, "", 0
    while i < len(value):
        ch = value[i]
        if quote:
            if ch == "\\" and quote == '"':
                i += 1
            elif ch == quote:
                quote = ""
        elif ch in "\"'":
            quote = ch
        elif ch == "#":
            break
        elif ch in "[{":
            depth += 1
        elif ch in "]}":
            depth -= 1
        i += 1
    return depth


def key_lines(text: str) -> dict[Path, int]:
    """The line (1-based) of every table header and key in ``text``, keyed by its path; arrays of
    tables are indexed (``("steps", 2, "count")``)."""
    lines: dict[Path, int] = {(): 1}
    arrays: dict[Path, int] = {}
    current: Path = ()
    depth = 0
    multiline = ""
    for number, line in enumerate(text.splitlines(), 1):
        if multiline:  # inside a multi-line string
            if multiline in line:
                multiline = ""
            continue
        if depth > 0:
            depth += _depth(line)
            continue
        stripped = line.strip()
        if not stripped or stripped.startswith("#"):
            continue
        header = _HEADER.match(line) if stripped.startswith("[") else None
        if header:
            parts = _parts(header.group(2))
            resolved: Path = ()
            for i, part in enumerate(parts):
                resolved += (part,)
                if i < len(parts) - 1 and resolved in arrays:
                    resolved += (arrays[resolved],)
            if header.group(1) == "[[":
                arrays[resolved] = arrays.get(resolved, -1) + 1
                resolved += (arrays[resolved],)
            current = resolved
            lines.setdefault(current, number)
            continue
        key = _KEY.match(line)
        if key:
            path = current + tuple(_parts(key.group(1)))
            lines.setdefault(path, number)
            value = line[key.end():]
            for quote in ('"""', "'''"):
                if value.count(quote) == 1:
                    multiline = quote
            if not multiline:
                depth = max(0, _depth(value))
    return lines


def line_of(lines: dict[Path, int], path: Path) -> int:
    """The line of ``path``, or of the nearest enclosing table or key that has one."""
    for end in range(len(path), -1, -1):
        if path[:end] in lines:
            return lines[path[:end]]
    return 1
