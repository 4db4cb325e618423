"""What the browser tests share: the two viewports, a server per test module, one Chromium per module."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from homegame.server.harness import server_thread
from test_browser import ARGS, ARTIFACTS, CHROMIUM

LAPTOP = {"viewport": {"width": 1280, "height": 800}}
PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}
VIEWPORTS = {"laptop": LAPTOP, "phone": PHONE}


@pytest.fixture(scope="module")
def base(tmp_path_factory: pytest.TempPathFactory, request: pytest.FixtureRequest) -> Iterator[str]:
    """A server on its own SQLite file for the test module that asks."""
    name = request.module.__name__.rsplit(".", 1)[-1]
    db = tmp_path_factory.mktemp(name) / f"{name}.db"
    with server_thread(f"sqlite:///{db}") as url:
        yield url


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    """Debian's Chromium, headless, for the test module that asks."""
    from playwright.sync_api import sync_playwright

    ARTIFACTS.mkdir(exist_ok=True)
    with sync_playwright() as pw:
        b = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS, headless=True)
        yield b
        b.close()
