"""A new user's first commands (issue 19, items 9 and 11): numba caches in the user's cache folder and says
once that it compiles; odds names a bad card, takes a game file, and stops on Ctrl-C."""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

from test_cli_words import _run

ROOT = Path(__file__).resolve().parents[1]
SRC = str(ROOT / "src")


def _env(**extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k != "NUMBA_CACHE_DIR"}
    env.update(PYTHONPATH=SRC, **extra)
    return env


def test_numba_caches_in_the_users_cache_folder_unless_told(tmp_path: Path) -> None:
    code = "import homegame, numba.core.config as c; print(c.CACHE_DIR)"
    out = subprocess.run([sys.executable, "-c", code], env=_env(XDG_CACHE_HOME=str(tmp_path)),
                         capture_output=True, text=True, check=True).stdout.strip()
    assert out == str(tmp_path / "homegame" / "numba")
    out = subprocess.run([sys.executable, "-c", code], env=_env(NUMBA_CACHE_DIR=str(tmp_path / "mine")),
                         capture_output=True, text=True, check=True).stdout.strip()
    assert out == str(tmp_path / "mine")


def test_the_compiling_line_is_printed_once(tmp_path: Path) -> None:
    """With a fresh cache folder the first odds says it compiles (on stderr); the second does not."""
    args = [sys.executable, "-m", "homegame.cli", "odds", "holdem", "As Ks", "Qh Qd", "--board", "2c 7d 9h 4s"]
    env = _env(XDG_CACHE_HOME=str(tmp_path))
    first = subprocess.run(args, env=env, capture_output=True, text=True, timeout=600)
    second = subprocess.run(args, env=env, capture_output=True, text=True, timeout=600)
    assert first.returncode == second.returncode == 0, first.stderr
    assert "compiling the evaluator once" in first.stderr and "compiling" not in second.stderr
    assert "compiling" not in first.stdout and list((tmp_path / "homegame" / "numba").glob("*.compiled"))


def test_odds_names_the_card_that_is_not_one() -> None:
    code, out = _run("odds", "holdem", "As Kx", "Qh Qd")
    assert code == 2 and "'Kx' is not a card" in out and "'As'" not in out.replace("'As Kx'", ""), out


def test_odds_takes_a_game_file() -> None:
    code, out = _run("odds", "--game-file", str(ROOT / "src/homegame/games/data/holdem.toml"), "As Ks", "Qh Qd",
                     "--board", "2c 7d 9h 4s")
    assert code == 0 and "exact over 44 outcomes" in out, out


def test_ctrl_c_stops_a_long_sample_promptly() -> None:
    proc = subprocess.Popen([sys.executable, "-m", "homegame.cli", "odds", "holdem", "As Ks", "", "", "", "",
                             "--trials", "10000000"], env=_env(), stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True)
    # the most trials allowed take longer than this on two cores: Ctrl-C comes while it samples
    with contextlib.suppress(subprocess.TimeoutExpired):
        proc.wait(timeout=3)
    proc.send_signal(signal.SIGINT)
    sent = time.monotonic()
    proc.wait(timeout=60)
    assert time.monotonic() - sent < 10 and proc.returncode != 0
