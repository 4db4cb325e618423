"""``homegame``'s public names (issue 13, part 6): ``__all__`` and ``dir()`` hold the API and nothing stray
(``Any``, ``TYPE_CHECKING``, ``annotations`` and ``importlib`` used to be exported), every name resolves,
and ``homegame --version`` prints the package's version."""

from __future__ import annotations

import re
import tomllib
import types
from pathlib import Path

from typer.testing import CliRunner

import homegame as hg

STRAY = {"Any", "TYPE_CHECKING", "annotations", "importlib", "typing"}


def test_all_is_the_api() -> None:
    assert not STRAY & set(hg.__all__)
    assert hg.__all__ == sorted(hg.__all__, key=lambda n: (n[0].islower(), n))
    for name in hg.__all__:
        assert getattr(hg, name) is not None
    for name in ("range_equity", "parse_range", "Range", "from_phh", "from_pokerstars", "equity", "Hand"):
        assert name in hg.__all__


def test_dir_holds_no_stray_names() -> None:
    for name in hg.__all__:
        getattr(hg, name)  # load everything lazily loaded, which binds submodules too
    public = {n for n in dir(hg) if not n.startswith("_")}
    modules = {n for n in public if isinstance(getattr(hg, n), types.ModuleType)}
    assert public - modules == set(hg.__all__)
    assert not STRAY & public
    namespace: dict[str, object] = {}
    exec("from homegame import *", namespace)  # noqa: S102
    assert {n for n in namespace if n != "__builtins__"} == set(hg.__all__)


def test_version_everywhere() -> None:
    root = Path(__file__).resolve().parents[1]
    declared = tomllib.loads((root / "pyproject.toml").read_text())["project"]["version"]
    assert hg.__version__ == declared and re.fullmatch(r"\d+\.\d+\.\d+.*", declared)
    from homegame.cli import _load_commands, app

    _load_commands()
    result = CliRunner().invoke(app, ["--version"])
    assert result.exit_code == 0 and result.output.strip() == f"homegame {declared}"
