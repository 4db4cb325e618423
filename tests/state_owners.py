"""Who writes a state record: the source scan behind the tests that one module (or package) alone changes
the hand's records (``hand.betting``, ``hand.dealer``).

It finds writes of the form ``<x>.<holder>.<field> = ...`` (an item of one too, and ``+=``); a write
through a local alias of the record is not seen.
"""

from __future__ import annotations

import ast
from pathlib import Path


def writes_to(tree: ast.AST, holder: str) -> list[int]:
    """Lines of ``tree`` that assign to ``<x>.<holder>.<field>`` (or an item of one)."""
    out = []
    for node in ast.walk(tree):
        targets = node.targets if isinstance(node, ast.Assign) else \
            [node.target] if isinstance(node, ast.AugAssign | ast.AnnAssign) else []
        for target in targets:
            while isinstance(target, ast.Subscript):
                target = target.value
            if isinstance(target, ast.Attribute) and isinstance(target.value, ast.Attribute) \
                    and target.value.attr == holder:
                out.append(node.lineno)
    return out


def writers(root: Path, holder: str, owner: str) -> dict[str, list[int]]:
    """Each file under ``root`` but ``owner`` (a module's path, ``rules/dealing.py``, or a package's,
    ``rules/betting``, relative to ``root``) that writes ``holder``'s fields, with the lines."""
    found = {}
    for path in sorted(root.rglob("*.py")):
        where = path.relative_to(root).as_posix()
        if where == owner or where.startswith(owner + "/"):
            continue
        lines = writes_to(ast.parse(path.read_text(encoding="utf-8")), holder)
        if lines:
            found[where] = lines
    return found
