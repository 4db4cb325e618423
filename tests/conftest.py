"""What the browser test modules share in a test process: one headless Chromium per module (per
pytest-xdist worker), started by the module's first browser test and closed after its last, and an empty
database migrated once, which each module's server starts on a copy of (``migrated_sqlite``).

Not one for the whole process: Playwright's sync API leaves its event loop marked as running in the
thread while it is started, so a later test of the same worker calling ``asyncio.run`` would fail with
"cannot be called from a running event loop". Closing it at the end of each module keeps every other
test's thread clean (``tests/test_suite_waits.py`` checks this).

The browser tests reach it through ``browser_support.browser``; a missing Chromium is decided there
(skip, or fail under ``HOMEGAME_REQUIRE_BROWSER=1``) before this fixture is asked for.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest


@pytest.fixture(scope="module")
def one_chromium() -> Iterator[Any]:
    """Debian's Chromium, headless, for the browser tests of one module."""
    from playwright.sync_api import sync_playwright

    from browser_support import ARGS, ARTIFACTS, CHROMIUM

    ARTIFACTS.mkdir(exist_ok=True)
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS, headless=True)
        yield browser
        browser.close()


@pytest.fixture(scope="session")
def migrated_sqlite(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """An empty SQLite database at the newest schema, migrated once per test process. Each browser test
    module's server starts on a copy of its own (``browser_support.base``): Alembic's
    migrations of a fresh file took 0.4 to 1.4 s each on a loaded machine, a copy 0.1 s."""
    from homegame.server.storage import Store

    path = tmp_path_factory.mktemp("migrated") / "migrated.db"
    Store(f"sqlite:///{path}").close()
    return path

