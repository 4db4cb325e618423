"""A smoke test of ``bench/server.py --quick``: one SQLite process, two tables of six bots for two
seconds; the table of figures comes out with actions counted and no error. (The PostgreSQL and Redis
setups are the same code with other processes behind it; ``--quick`` alone runs ``sqlite,pg2``.)"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.slow
def test_the_server_bench_runs_and_prints_its_table() -> None:
    done = subprocess.run([sys.executable, str(ROOT / "bench" / "server.py"), "--quick", "--setups", "sqlite"],
                          capture_output=True, text=True, timeout=120, check=False,
                          env={**os.environ, "PYTHONPATH": str(ROOT / "src")})
    assert done.returncode == 0, done.stderr[-2000:]
    lines = [line for line in done.stdout.splitlines() if line.startswith("| sqlite")]
    assert len(lines) == 1, done.stdout
    cells = [c.strip() for c in lines[0].strip("|").split("|")]
    header = [c.strip() for c in done.stdout.splitlines()[0].strip("|").split("|")]
    row = dict(zip(header, cells, strict=True))
    # an error reply now and then is part of the load (a bot's action that arrives after its clock ran
    # out is refused as stale); the smoke run checks the bench plays and counts them, not that none came
    assert float(row["actions/s"]) > 0 and 0 <= int(row["errors"]) < float(row["actions/s"]) and row["ratio"] == "1.0"


def test_the_server_bench_refuses_an_unknown_setup() -> None:
    done = subprocess.run([sys.executable, str(ROOT / "bench" / "server.py"), "--setups", "mysql"],
                          capture_output=True, text=True, timeout=60, check=False,
                          env={**os.environ, "PYTHONPATH": str(ROOT / "src")})
    assert done.returncode != 0 and "unknown setup 'mysql'" in done.stderr
