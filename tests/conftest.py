"""One headless Chromium per browser test module (per pytest-xdist worker), started by the module's first
browser test and closed after its last.

Not one for the whole process: Playwright's sync API leaves its event loop marked as running in the
thread while it is started, so a later test of the same worker calling ``asyncio.run`` would fail with
"cannot be called from a running event loop". Closing it at the end of each module keeps every other
test's thread clean (``tests/test_suite_waits.py`` checks this).

The browser tests reach it through ``browser_support.browser``; a missing Chromium is decided there
(skip, or fail under ``HOMEGAME_REQUIRE_BROWSER=1``) before this fixture is asked for.
"""

from __future__ import annotations

from collections.abc import Iterator
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
