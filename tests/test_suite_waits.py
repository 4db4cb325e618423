"""The suite's own rules (issue 21, item 5): ``make test`` runs it on pytest-xdist workers, and its
verdict does not depend on how busy the machine is. A browser test waits for the page's next state
(``browser_support.News``), never for a wall-clock deadline, and a Playwright wait has the shared hang
guard (``browser_support.STALL``) rather than a few seconds of its own; the bot panel is split into
pieces the workers share (``tests/test_bot_panel.py``).

These read the test files themselves, so that a test added later with a short deadline fails here.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

TESTS = Path(__file__).resolve().parent
ROOT = TESTS.parent
BROWSER_FILES = sorted(TESTS.glob("test_browser*.py")) + [TESTS / "browser_support.py"]
#: A Playwright wait given a literal timeout (in milliseconds), or a test's own clock.
PLAYWRIGHT_TIMEOUT = re.compile(r"\.(?:wait_for_function|wait_for_selector|wait_for_url|click)\([^#\n]*timeout=\d")
DEADLINE = re.compile(r"time\.monotonic\(\)\s*\+\s*+(?!STALL\b|HANG\b)")


@pytest.mark.parametrize("path", BROWSER_FILES, ids=lambda p: p.name)
def test_no_browser_test_waits_on_the_clock(path: Path) -> None:
    lines = path.read_text(encoding="utf-8").splitlines()
    found = [f"{path.name}:{i}: {line.strip()}" for i, line in enumerate(lines, 1)
             if PLAYWRIGHT_TIMEOUT.search(line) or DEADLINE.search(line)]
    assert not found, "\n".join(found)


def test_make_test_runs_the_suite_on_workers() -> None:
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    target = makefile.split("\npytest:", 1)[1].split("\n\n", 1)[0]
    assert re.search(r"-m pytest -n \$\(TEST_WORKERS\)", target), target
    assert re.search(r"^TEST_WORKERS \?= 2$", makefile, re.M)



def test_a_table_a_test_leaves_dealing_is_paused_before_the_next(tmp_path: Path) -> None:
    # Seen: a test left four bots dealing with no delay on its module's server, in the test process: the
    # module's later tests shared the process with them (one of them took 54 s, alone 5 s). The ``pages``
    # fixture pauses every table when a test ends (``harness.pause_every_table``).
    import asyncio
    import time

    from homegame.server import harness
    from waiting import HANG

    with harness.server_thread(f"sqlite:///{tmp_path / 'left.db'}") as base:
        made = harness.create_table(base, game="holdem", bots=3, bot_delay=0, between_hands=0)
        app, loop = harness._IN_THREADS[base]

        async def load() -> Any:  # as a host's page does when it connects
            return app.state.server.room(made["table_id"]).table

        table = asyncio.run_coroutine_threadsafe(load(), loop).result(HANG)

        def until(done: Any) -> None:
            guard = time.monotonic() + HANG
            while not done():
                assert time.monotonic() < guard, "stuck"
                time.sleep(0.02)

        until(lambda: table.hand_number >= 3)  # the bots deal on by themselves
        assert harness.pause_every_table(base) == 1
        until(lambda: table.paused)  # a hand in play is held where it is
        stopped = table.hand_number
        time.sleep(0.3)  # long enough for many hands at this pace
        assert table.hand_number == stopped  # no other hand is dealt
        assert harness.pause_every_table(base) == 0


def test_a_server_start_waits_under_the_one_hang_guard() -> None:
    # Seen: the tournament kill test failed with "nothing listens on port ... after 60 s" at a load of 15
    # (a start was measured at 14 to 45 s): a start waits for the port under START_GUARD, never a guard of its own
    literal = re.compile(r"wait_for_port\([^)#\n]*,\s*\d")
    files = sorted(TESTS.glob("*.py")) + sorted((ROOT / "src" / "homegame").rglob("*.py"))
    found = [f"{path.name}:{i}: {line.strip()}" for path in files
             for i, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1) if literal.search(line)]
    assert not found, "\n".join(found)
