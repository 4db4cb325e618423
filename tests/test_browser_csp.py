"""The page under its real Content-Security-Policy (issue 18, Seen 9-10): it loads, connects and
draws with no violation, takes the token out of the address bar, and reconnects after a reload.

The other browser tests bypass the CSP (their probes are evaluated script); this one uses only
selectors and the page's address, so the server's policy applies in full.
"""

from __future__ import annotations

from typing import Any

from browser_support import base, browser  # noqa: F401 - fixtures
from homegame.server.harness import create_table


def test_the_table_page_works_under_its_csp_and_drops_the_token_from_the_address(base: str, browser: Any) -> None:  # noqa: F811
    made = create_table(base, game="holdem", bots=2, paused=True)
    ctx = browser.new_context()
    problems: list[str] = []
    try:
        page = ctx.new_page()
        page.on("console", lambda m: problems.append(m.text) if m.type == "error" else None)
        page.on("pageerror", lambda exc: problems.append(str(exc)))
        page.goto(made["links"]["host"])
        page.wait_for_selector("#seats .seat")
        assert "#" not in page.url and made["table_id"] in page.url  # the token left the address bar
        page.reload()
        page.wait_for_selector("#seats .seat")  # the tab kept the token: it reconnects
        lobby = ctx.new_page()
        lobby.on("console", lambda m: problems.append(m.text) if m.type == "error" else None)
        lobby.goto(base + "/#key=some-host-key-here")
        lobby.wait_for_selector("#new-table")
        assert "#" not in lobby.url
    finally:
        ctx.close()
    assert not problems, problems
