"""The CI install scripts (``scripts/ensure-*.sh`` over ``scripts/lib-apt.sh``), run with stand-ins for
``id``, ``apt-get`` and ``service`` on the PATH: as root the package is installed and said, a failed
install is said with what will fail, the system service is stopped; as anyone else the script says how
to install and touches nothing. Every path exits 0."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

SCRIPTS = Path(__file__).resolve().parent.parent / "scripts"
BASH = shutil.which("bash")

pytestmark = pytest.mark.skipif(BASH is None, reason="bash is not installed")


def stubs(tmp_path: Path, uid: int, apt_fails: bool = False) -> Path:
    """A folder of stand-ins that log their arguments to ``tmp_path/calls``."""
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    log = tmp_path / "calls"
    fail = "exit 100" if apt_fails else "exit 0"
    for name, body in (("id", f"echo {uid}"), ("apt-get", fail), ("service", "exit 0")):
        script = bin_dir / name
        script.write_text(f'#!/bin/sh\necho "{name} $*" >> {log}\n{body}\n', encoding="utf-8")
        script.chmod(0o755)
    return bin_dir


def install(tmp_path: Path, uid: int, service: str = "", apt_fails: bool = False) -> tuple[subprocess.CompletedProcess[str], list[str]]:
    """``apt_install`` for a made-up package; returns the run and the stand-ins' calls (``id`` left out)."""
    bin_dir = stubs(tmp_path, uid, apt_fails)
    line = f'source {SCRIPTS / "lib-apt.sh"}; apt_install fakepkg Fake "fake tests will fail" "{service}" echo /opt/fake'
    done = subprocess.run([str(BASH), "-c", f"set -u; {line}"], capture_output=True, text=True, timeout=30,
                          env={"PATH": f"{bin_dir}:/usr/bin:/bin"})
    log = tmp_path / "calls"
    calls = log.read_text(encoding="utf-8").splitlines() if log.exists() else []
    return done, [c for c in calls if not c.startswith("id")]


@pytest.mark.parametrize("script", sorted(p.name for p in SCRIPTS.glob("*.sh")))
def test_every_script_parses(script: str) -> None:
    assert subprocess.run([str(BASH), "-n", str(SCRIPTS / script)], capture_output=True, timeout=30).returncode == 0


def test_as_root_the_package_is_installed_and_said(tmp_path: Path) -> None:
    done, calls = install(tmp_path, uid=0)
    assert done.returncode == 0 and done.stdout == "installed /opt/fake\n" and done.stderr == ""
    assert calls == ["apt-get update -qq", "apt-get install -y -qq fakepkg"]


def test_as_root_a_failed_install_says_what_will_fail_and_the_service_is_stopped(tmp_path: Path) -> None:
    done, calls = install(tmp_path, uid=0, service="fakesvc", apt_fails=True)
    assert done.returncode == 0 and done.stdout == ""
    assert done.stderr == "could not install Fake; fake tests will fail\n"
    assert calls == ["apt-get update -qq", "service fakesvc stop"]


def test_as_anyone_else_it_says_how_and_touches_nothing(tmp_path: Path) -> None:
    done, calls = install(tmp_path, uid=1000, service="fakesvc")
    assert done.returncode == 0 and done.stdout == ""
    assert done.stderr == "Fake is missing; install it with: sudo apt-get install fakepkg\n"
    assert calls == []


@pytest.mark.parametrize("script", sorted(p.name for p in SCRIPTS.glob("ensure-*.sh")))
def test_each_ensure_script_exits_0_without_root(tmp_path: Path, script: str) -> None:
    """Present or missing, a script run by someone else exits 0 and never runs apt-get."""
    bin_dir = stubs(tmp_path, uid=1000)
    done = subprocess.run([str(BASH), str(SCRIPTS / script)], capture_output=True, text=True, timeout=30,
                          env={"PATH": f"{bin_dir}:/usr/bin:/bin:/usr/sbin:/sbin"})
    assert done.returncode == 0, done.stderr
    assert done.stderr in ("", *(f"{w} is missing; install it with: sudo apt-get install {p}\n" for w, p in
                                 (("chromium", "chromium"), ("nginx", "nginx"), ("PostgreSQL", "postgresql"),
                                  ("redis-server", "redis-server"))))
    log = tmp_path / "calls"
    assert not any(c.startswith(("apt-get", "service")) for c in (log.read_text().splitlines() if log.exists() else []))
