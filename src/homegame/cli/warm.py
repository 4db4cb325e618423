"""``homegame warm``: compile the evaluator's kernels once (``make install`` and ``make serve`` run it), and
the one line a command prints on stderr when it compiles them itself on a new install.

numba keeps the compiled kernels in the user's cache folder (:mod:`homegame._numba_cache`); a marker file
there says they were compiled for this homegame and numba, so the line is printed once.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import typer

from homegame.cli import app

#: About how long the first compilation takes on a quiet two-core machine (README, "First run").
COMPILE_SECONDS = 40


#: What each command compiles on its first run: the kernels differ (``homegame warm`` compiles all).
USES = ("odds", "play")


def marker(use: str) -> Path:
    """The file that says the kernels ``use`` needs were compiled for this homegame with this numba (in
    numba's cache folder)."""
    from importlib.metadata import version

    from homegame import __version__
    from homegame._numba_cache import cache_dir

    return Path(cache_dir()) / f"homegame-{__version__}-numba-{version('numba')}-{use}.compiled"


@contextmanager
def compiling_once(use: str) -> Iterator[None]:
    """Say on stderr, the first time only, that the kernels ``use`` (odds, play) needs are being compiled
    while the block runs."""
    done = marker(use)
    if done.exists():
        yield
        return
    typer.echo(f"compiling the evaluator once (about {COMPILE_SECONDS} s)…", err=True)
    yield
    _mark(done)


def _mark(done: Path) -> None:
    try:
        done.parent.mkdir(parents=True, exist_ok=True)
        done.touch()
    except OSError:  # a read-only cache folder: numba compiles each time, and says so
        pass


def compile_kernels() -> None:
    """Compile what the first command of each kind needs: a hand of each seed game to the showdown (play,
    serve) and exact hold'em and Omaha odds (odds)."""
    import homegame as hg
    from homegame.server.app import warm_up

    warm_up()
    hg.equity(hg.game("holdem"), ["As Ks", "Qh Qd"])
    hg.equity(hg.game("omaha"), ["As Ks Qs Js", "Qh Qd 9c 8c"], board="2c 7d 9h")
    hg.equity(hg.game("holdem"), ["As Ks", ""], trials=1000, seed=1)
    hg.equity(hg.game("omaha"), ["As Ks Qd Jd", "Ah Ad 7c 8c"], board="2c 7d 9h 3s")  # the board sweep
    hg.equity(hg.game("short-deck"), ["As Ks", "Qh Qd"], board="6c 7d 9h Jc")


@app.command()
def warm() -> None:
    """Compile the evaluator's kernels now (once per install), so the first play, odds or serve answers at once."""
    started = time.perf_counter()
    with compiling_once(USES[0]):
        compile_kernels()
    for use in USES[1:]:
        _mark(marker(use))  # compiled above
    typer.echo(f"homegame: kernels ready in {marker(USES[0]).parent} ({time.perf_counter() - started:.1f} s)")
