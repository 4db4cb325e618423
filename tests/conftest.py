"""What every test process shares: one headless Chromium for the whole run (one per pytest-xdist worker),
started by the first browser test that asks and closed when the process's tests end.

The browser tests reach it through ``browser_support.browser``; a missing Chromium is decided there
(skip, or fail under ``HOMEGAME_REQUIRE_BROWSER=1``) before this fixture is asked for.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest


@pytest.fixture(scope="session")
def one_chromium() -> Iterator[Any]:
    """Debian's Chromium, headless, for every browser test of this process."""
    from playwright.sync_api import sync_playwright

    from browser_support import ARGS, ARTIFACTS, CHROMIUM

    ARTIFACTS.mkdir(exist_ok=True)
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS, headless=True)
        yield browser
        browser.close()
