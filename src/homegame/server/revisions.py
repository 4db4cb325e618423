"""The schema revisions this homegame knows, read from its migration files without loading Alembic.

A server starting on a database already at :func:`head_revision` has nothing to migrate; reading the
``revision`` and ``down_revision`` assignments of ``migrations/versions/*.py`` (with :mod:`ast`, nothing
executed) lets it check that and go on, instead of importing Alembic (about 1.5 s of a start on a loaded
machine) to be told so. ``tests/test_server_start_cost.py`` checks that these are Alembic's own answers.

>>> "0001" in known_revisions() and head_revision() in known_revisions()
True
"""

from __future__ import annotations

import ast
from functools import cache
from pathlib import Path

#: The migration scripts, one revision a file.
VERSIONS = Path(__file__).with_name("migrations") / "versions"


def _assigned(path: Path) -> dict[str, object]:
    """The module-level constants a migration file assigns (``revision = "0002"``, ``down_revision = ...``)."""
    values: dict[str, object] = {}
    for node in ast.parse(path.read_text(encoding="utf-8")).body:
        if isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name):
            try:
                values[node.targets[0].id] = ast.literal_eval(node.value)
            except ValueError:  # not a constant: not one of the names read here
                continue
    return values


@cache
def _revisions() -> dict[str, tuple[str, ...]]:
    """Each revision and the revisions it follows."""
    found: dict[str, tuple[str, ...]] = {}
    for path in sorted(VERSIONS.glob("*.py")):
        values = _assigned(path)
        revision, down = values.get("revision"), values.get("down_revision")
        if isinstance(revision, str):
            found[revision] = (down,) if isinstance(down, str) else tuple(down) if isinstance(down, tuple) else ()
    return found


def known_revisions() -> set[str]:
    """Every schema revision this version of homegame knows."""
    return set(_revisions())


def head_revision() -> str | None:
    """The newest revision, or ``None`` when there is not exactly one (branches: Alembic decides)."""
    revisions = _revisions()
    followed = {down for downs in revisions.values() for down in downs}
    heads = [revision for revision in revisions if revision not in followed]
    return heads[0] if len(heads) == 1 else None
