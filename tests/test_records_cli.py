"""A new user's first hour (issue 19, items 10, 13 and 14): the command line bounds chips like the server,
speaks the command line's words, shows no type on plain flags; the package says its licence, its extras
hold what serving does not need, and its package data names files that exist."""

from __future__ import annotations

import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

from test_cli_words import _run

ROOT = Path(__file__).resolve().parents[1]
PROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]


@pytest.mark.parametrize("args", [
    ("play", "passem", "--stack", "99999999999999999999"),
    ("simulate", "passem", "--bots", "rule,rule", "--hands", "1", "--stack", "99999999999999999999"),
    ("play", "passem", "--stakes", "nl 1/99999999999"),
    ("odds", "holdem", "As Ks", "Qh Qd", "--trials", "1000000000000"),
])
def test_huge_numbers_are_refused_before_any_work(args: tuple[str, ...]) -> None:
    code, out = _run(*args)
    assert code == 2 and ("10000000" in out or "10,000,000" in out), out


def test_the_cli_chip_limit_is_the_servers() -> None:
    from homegame.cli.options import MAX_CHIPS
    from homegame.server.protocol import MAX_CHIPS as SERVER

    assert MAX_CHIPS == SERVER


@pytest.mark.parametrize("command", ["play", "games"])
def test_a_bad_flag_value_is_named_in_the_command_lines_words(command: str) -> None:
    code, out = _run(command, "passem", "--rule", "burn=maybe")
    assert code == 2 and "use true or false" in out and "True" not in out, out


@pytest.mark.parametrize("command", ["play", "odds", "simulate", "serve", "bot", "replay", "games", "verify"])
def test_help_shows_no_type_on_plain_flags(command: str) -> None:
    code, out = _run(command, "--help")
    assert code == 0 and "<bool>" not in out and "--help" in out


def test_the_licence_and_the_metadata() -> None:
    text = (ROOT / "LICENSE").read_text()
    assert text.startswith("MIT License") and "Copyright (c) 2026 homegame developers" in text
    assert PROJECT["license"] == "MIT" and "LICENSE" in PROJECT["license-files"]
    assert any(c.startswith("Topic :: Games") for c in PROJECT["classifiers"])


def test_package_data_names_only_files_that_exist() -> None:
    patterns = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]["package-data"]["homegame"]
    for pattern in patterns:
        assert list((ROOT / "src" / "homegame").glob(pattern)), pattern


def test_matplotlib_is_an_extra_that_tests_install() -> None:
    base = " ".join(PROJECT["dependencies"])
    extras = PROJECT["optional-dependencies"]
    assert "matplotlib" not in base
    assert any(d.startswith("matplotlib") for d in extras["charts"])
    assert any(d.startswith("matplotlib") for d in extras["test"])


#: Packages only the extras install (test, bench, rl, charts): serving must start without them.
EXTRAS_ONLY = ("matplotlib", "pytest", "hypothesis", "pokerkit", "phevaluator", "treys", "pexpect", "playwright",
               "pokerfast", "eval7", "pyspiel", "open_spiel", "pettingzoo", "gymnasium", "mypy", "ruff")
BLOCK = f"""
import sys
class Block:
    def find_spec(self, name, path=None, target=None):
        if name.split(".")[0] in {EXTRAS_ONLY!r}:
            raise ModuleNotFoundError(f"No module named {{name!r}}", name=name)
sys.meta_path.insert(0, Block())
"""


def test_the_server_starts_without_the_extras(tmp_path: Path) -> None:
    code = BLOCK + f"""
from fastapi.testclient import TestClient
from homegame.cli import _load_commands
_load_commands()
from homegame.server.app import create_app
with TestClient(create_app({str(tmp_path / 'hg.db')!r})) as client:
    assert client.get('/healthz').status_code == 200
print('served')
"""
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=300,
                          env={"PYTHONPATH": str(ROOT / "src"), "PATH": "/usr/bin:/bin"})
    assert done.returncode == 0 and "served" in done.stdout, done.stderr[-2000:]


def test_a_chart_without_matplotlib_says_how_to_install_it(tmp_path: Path) -> None:
    code = BLOCK + f"""
import sys
from typer.testing import CliRunner
from homegame.cli import _load_commands, app
_load_commands()
result = CliRunner().invoke(app, ["simulate", "passem", "--bots", "rule,rule", "--hands", "2", "--chart",
                                  {str(tmp_path / 'c.png')!r}], env={{"COLUMNS": "200"}})
print(result.exit_code, result.output)
"""
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=300,
                          env={"PYTHONPATH": str(ROOT / "src"), "PATH": "/usr/bin:/bin"})
    assert done.stdout.startswith("2 ") and "pip install 'homegame[charts]'" in done.stdout, done.stdout + done.stderr
