"""The layers (issue 21): a package imports only the packages below it, checked by import-linter's
contract in pyproject.toml (``[tool.importlinter]``): cards, evaluate, rules, games, records, odds,
bots, table/sim/rl, tournament, server/cli, from the bottom up; and no circle of imports between the
modules of one package (every package but rules/, whose Hand and step modules still import each other).
An import inside a function counts as much as one at the top of a module, so hiding an upward import or
a circle in a function does not get it past.
"""

from __future__ import annotations

import os
import subprocess
import sys
import tomllib
from pathlib import Path

import homegame

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = Path(homegame.__file__).resolve().parent
LINT = Path(sys.executable).parent / "lint-imports"


def _layers() -> list[str]:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["importlinter"]
    (contract,) = [c for c in config["contracts"] if c["id"] == "layers"]
    return [name.strip() for layer in contract["layers"] for name in layer.split(":")]


def test_every_module_of_homegame_sits_in_a_layer() -> None:
    """A new package or top-level module is placed in a layer, or the contract would not look at it."""
    here = {p.stem for p in PACKAGE.glob("*.py") if p.stem != "__init__"}
    here |= {p.name for p in PACKAGE.iterdir() if (p / "__init__.py").is_file()}
    assert sorted(here - set(_layers())) == []


def test_the_layers_hold() -> None:
    """``lint-imports`` keeps every contract; on a broken one it names each import that breaks it."""
    env = {**os.environ, "PYTHONPATH": str(PACKAGE.parent)}  # the tree under test, not an installed copy
    run = subprocess.run([str(LINT), str(ROOT / "pyproject.toml")], cwd=ROOT, env=env,
                         capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stdout + run.stderr
