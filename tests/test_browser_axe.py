"""Accessible (issue 17, "What to build" 9): axe-core, the npm package (installed into tests/.npm by this
module when missing; loaded by the test, never shipped in the page), reports no serious or critical
violation on the lobby, the table on a phone and a laptop during a decision, and the host panel; the
page is installable (a web app manifest and its icons, served) and has no inline script or handler."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import urllib.request
from pathlib import Path
from typing import Any

import pytest

from browser_support import PHONE, Pages, base, browser, pages, unpause  # noqa: F401 (fixtures)

pytestmark = pytest.mark.browser

NPM = Path(__file__).resolve().parent / ".npm"
AXE = NPM / "node_modules" / "axe-core" / "axe.min.js"
WEB = Path(__file__).resolve().parent.parent / "src" / "homegame" / "web"


@pytest.fixture(scope="module")
def axe() -> str:
    """axe-core's script, installed with npm into tests/.npm the first time."""
    if not AXE.exists():
        npm = shutil.which("npm")
        if npm is None:
            pytest.skip("npm is not installed: axe-core cannot be fetched")
        subprocess.run([npm, "install", "--prefix", str(NPM), "axe-core@4", "--no-audit", "--no-fund", "--no-save"],
                       check=True, timeout=300, capture_output=True)
    return AXE.read_text(encoding="utf-8")


def violations(page: Any, axe: str) -> list[str]:
    """The serious and critical violations axe-core finds on the page as it is now."""
    page.add_script_tag(content=axe)
    found = page.evaluate("""async () => {
      const r = await axe.run(document, { resultTypes: ['violations'] });
      return r.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map((v) => `${v.id} (${v.impact}): ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(', ')}`);
    }""")
    return list(found)


def test_lobby_table_and_host_panel_pass_axe(pages: Pages, base: str, axe: str) -> None:
    lobby = pages.new(PHONE)
    lobby.goto(base + "/")
    lobby.wait_for_selector("#new-table")
    found = violations(lobby, axe)
    assert not found, found
    for device in (PHONE, "laptop"):
        _, page = pages.host_seated(device, game="holdem", bots=2, bot_delay=0.02, between_hands=30, approve_seats=False,
                                    paused=True, turn_seconds=120)
        unpause(page)
        page.wait_for_function("(s => s.view && s.view.legal.length)(window.homegame.state)")
        page.wait_for_timeout(500)
        found = violations(page, axe)
        assert not found, (device, found)
        # the host panel, open
        page.evaluate("document.getElementById('host-panel').open = true")
        page.locator("#host").scroll_into_view_if_needed()
        found = violations(page, axe)
        assert not found, ("host panel", device, found)
    assert not pages.errors, pages.errors


def test_the_table_is_installable(base: str) -> None:
    html = urllib.request.urlopen(base + "/t/anything").read().decode()
    lobby = urllib.request.urlopen(base + "/").read().decode()
    for page in (html, lobby):
        assert '<link rel="manifest" href="/static/manifest.json">' in page
    with urllib.request.urlopen(base + "/static/manifest.json") as r:
        manifest = json.loads(r.read())
    assert manifest["display"] in ("standalone", "fullscreen")
    assert manifest["start_url"] and manifest["name"] and manifest["short_name"]
    sizes = set()
    for icon in manifest["icons"]:
        with urllib.request.urlopen(base + icon["src"]) as r:
            assert r.headers["content-type"] == "image/png"
            assert r.read(8) == b"\x89PNG\r\n\x1a\n"
        sizes.add(icon["sizes"])
    assert {"192x192", "512x512"} <= sizes
    for link in re.findall(r'href="(/static/icons/[^"]+)"', html):
        assert urllib.request.urlopen(base + link).status == 200


def test_no_inline_script_or_handler() -> None:
    """A strict Content-Security-Policy (script-src 'self') runs the page: no inline script, no on…= handler."""
    bad = []
    for path in [*WEB.glob("*.html"), *WEB.glob("js/*.js")]:
        text = path.read_text(encoding="utf-8")
        if path.suffix == ".html":
            bad += [f"{path.name}: inline script" for s in re.findall(r"<script\b[^>]*>", text) if "src=" not in s]
        bad += [f"{path.name}: {m}" for m in re.findall(r"<[a-z][^>]*\son[a-z]+\s*=", text)]
        bad += [f"{path.name}: javascript: URL" for _ in re.findall(r"javascript:", text)]
    assert bad == []


def test_the_tournament_clock_host_page_and_players_phone_pass_axe(pages: Pages, base: str, axe: str) -> None:
    """Issue 20: the clock as the host sees it (every panel open) and the registration on a phone."""
    from homegame.server.harness import api

    made = api(base, "/api/tournaments", {"preset": "turbo"})
    host = pages.new("laptop")
    host.goto(made["links"]["host"])
    host.wait_for_selector("body[data-ready=true]")
    host.evaluate("for (const d of document.querySelectorAll('details')) d.open = true")
    found = violations(host, axe)
    assert not found, ("host", found)
    phone = pages.new(PHONE)
    phone.goto(made["links"]["invite"])
    phone.wait_for_selector("#register-box:not([hidden])")
    found = violations(phone, axe)
    assert not found, ("phone", found)
    assert not pages.errors, pages.errors
