"""The JSON Schema of a seat's view, generated from its typed records (:mod:`homegame.rules.view_types`)
into ``docs/view.schema.json``, and a validator for real views.

``python -m homegame.server.schema`` writes the file (``--check`` only says whether it is current);
``tests/test_view_types.py`` fails when it is not, and validates views from every catalogue game against
it. The records live in ``rules/`` (no pydantic there); pydantic reads them here, above the engine.

>>> schema = view_schema()
>>> schema["title"], schema["additionalProperties"], "legal_options" in schema["required"]
('View', False, True)
"""

from __future__ import annotations

import argparse
import json
import sys
from functools import cache
from pathlib import Path
from typing import Any

from pydantic import TypeAdapter

from homegame.rules import view_types
from homegame.rules.view_types import View

#: Where the schema is written, from the repository's root.
SCHEMA_PATH = Path("docs") / "view.schema.json"

_ID = "https://homegame.invalid/docs/view.schema.json"


@cache
def _adapter() -> TypeAdapter[View]:
    """A validator of views that refuses a key the records do not name (so the schema lists all of them)."""
    for name in view_types.__all__:
        record = getattr(view_types, name)
        if isinstance(record, type) and hasattr(record, "__required_keys__"):  # a TypedDict
            setattr(record, "__pydantic_config__", {"extra": "forbid"})  # noqa: B010 (the attribute is pydantic's)
    return TypeAdapter(View)


def view_schema() -> dict[str, Any]:
    """The view's JSON Schema (draft 2020-12, as pydantic writes it)."""
    schema = _adapter().json_schema()
    return {"$schema": "https://json-schema.org/draft/2020-12/schema", "$id": _ID,
            "description": "hand.view(seat): what one seat, or a spectator (seat null), may know now. Generated "
                           "by `python -m homegame.server.schema` from homegame.rules.view_types; do not edit.",
            **{k: v for k, v in schema.items() if k != "description"}}


def schema_text() -> str:
    """The schema file's text, as written (keys in a stable order, one newline at the end)."""
    return json.dumps(view_schema(), indent=2, sort_keys=True) + "\n"


def validate_view(view: object) -> View:
    """``view`` checked against the records; raises ``pydantic.ValidationError`` naming the wrong field."""
    return _adapter().validate_python(view, strict=True)


def main(argv: list[str] | None = None) -> int:
    """Write the schema to ``docs/view.schema.json`` (or with ``--check`` say whether it is current)."""
    parser = argparse.ArgumentParser(prog="python -m homegame.server.schema", description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="only check that the file is current (exit 1 if not)")
    parser.add_argument("--path", type=Path, default=SCHEMA_PATH, help=f"the schema file (default {SCHEMA_PATH})")
    args = parser.parse_args(argv)
    text = schema_text()
    if args.check:
        current = args.path.is_file() and args.path.read_text(encoding="utf-8") == text
        print(f"{args.path}: {'current' if current else 'out of date: run python -m homegame.server.schema'}")
        return 0 if current else 1
    args.path.write_text(text, encoding="utf-8")
    print(f"wrote {args.path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
