"""The layers (issue 21): a package imports only the packages below it, checked by import-linter's
contract in pyproject.toml (``[tool.importlinter]``): cards, evaluate, rules, games, records, odds,
bots, table/sim/rl, tournament, server/cli, from the bottom up; no circle of imports between the
modules of one package; and inside the engine (rules/) the hand drives the step rules, which see only its
state (rules/state.py), never the Hand or the Game. An import inside a function, or under TYPE_CHECKING,
counts as much as one at the top of a module, so hiding an upward import or a circle there does not get
it past.
"""

from __future__ import annotations

import os
import subprocess
import sys
import tomllib
from pathlib import Path

import grimp

import homegame

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = Path(homegame.__file__).resolve().parent
LINT = Path(sys.executable).parent / "lint-imports"


def _contract(contract_id: str) -> dict[str, list[str]]:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["importlinter"]
    (contract,) = [c for c in config["contracts"] if c["id"] == contract_id]
    return dict(contract)


def _layers() -> list[str]:
    return [name.strip() for layer in _contract("layers")["layers"] for name in layer.split(":")]


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


def test_the_engine_has_no_circle_of_imports() -> None:
    """rules/ was one circle of 24 modules: the hand imported the step modules, and they named the Hand in
    their type hints. Now each imports only modules that do not import it back (every import counted, a
    TYPE_CHECKING one too), and the no-circles contract watches rules/ as it watches every package."""
    graph = grimp.build_graph("homegame")
    engine = {m for m in graph.modules if m.startswith("homegame.rules.")}
    circles = [f"{m} -> {' -> '.join(back)}" for m in sorted(engine)
               for t in sorted(graph.find_modules_directly_imported_by(m) & engine)
               if (back := graph.find_shortest_chain(importer=t, imported=m))]
    assert circles == []
    assert "homegame.rules" in _contract("no-circles")["ancestors"]
    assert _contract("engine-layers")["containers"] == ["homegame.rules"]
