"""What the browser tests share: Debian's Chromium (a missing one skips, or fails under
``HOMEGAME_REQUIRE_BROWSER=1``), the two viewports, a server and one Chromium per test module, the
pages one test opens (``pages``: a context each, their script errors collected, all closed when the test
ends), a host or guest seated at a new table, and the clicks that play a turn or a hand to its end.

Test modules import the fixtures by name (``from browser_support import base, browser, pages``).
"""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import sqlite3
import time
import urllib.error
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from homegame.server.harness import api, create_table, pause_every_table, server_thread
from waiting import HANG

CHROMIUM = shutil.which("chromium") or ("/usr/bin/chromium" if Path("/usr/bin/chromium").exists() else None)
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run"]
ARTIFACTS = Path(__file__).resolve().parent.parent / "test-artifacts"

if CHROMIUM is None:
    if os.environ.get("HOMEGAME_REQUIRE_BROWSER") == "1":
        pytest.fail("chromium is required (HOMEGAME_REQUIRE_BROWSER=1) but missing; "
                    "run scripts/ensure-chromium.sh", pytrace=False)
    pytest.skip("chromium is not installed", allow_module_level=True)

LAPTOP = {"viewport": {"width": 1280, "height": 800}}
PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}
VIEWPORTS = {"laptop": LAPTOP, "phone": PHONE}
#: ``@each_device`` runs a test once per viewport, as ``device`` ("laptop", then "phone").
each_device = pytest.mark.parametrize("device", list(VIEWPORTS))


@pytest.fixture(scope="module")
def base(tmp_path_factory: pytest.TempPathFactory, request: pytest.FixtureRequest, migrated_sqlite: Path) -> Iterator[str]:
    """A server on its own SQLite file for the test module that asks: a copy of the process's migrated
    empty database (``tests/conftest.py``), which the server finds at the newest schema."""
    name = request.module.__name__.rsplit(".", 1)[-1]
    db = tmp_path_factory.mktemp(name) / f"{name}.db"
    copy_sqlite(migrated_sqlite, db)
    with server_thread(f"sqlite:///{db}") as url:
        yield url


@pytest.fixture(scope="module")
def browser(one_chromium: Any) -> Any:
    """Debian's Chromium, headless: the one this test process shares (``tests/conftest.py``)."""
    return one_chromium


def copy_sqlite(source: Path, target: Path) -> None:
    """Copy the SQLite database ``source`` to the new file ``target`` with SQLite's own backup (whole and
    consistent whatever its journal holds)."""
    with contextlib.closing(sqlite3.connect(source)) as src, contextlib.closing(sqlite3.connect(target)) as dst:
        src.backup(dst)


class Pages:
    """The pages one test opens, each in a browser context of its own.

    Every page's script errors land in ``errors`` (a test ends with ``assert not pages.errors``); every
    context is closed when the test ends, passed or failed.
    """

    def __init__(self, browser: Any, base: str) -> None:
        self.browser = browser
        self.base = base
        self.errors: list[str] = []
        self._contexts: list[Any] = []

    def new(self, device: str | dict[str, Any]) -> Any:
        """A blank page on a viewport (``"laptop"``, ``"phone"`` or Playwright's context options)."""
        # the tests' own probes (wait_for_function, evaluate) are script the page's CSP would refuse; the
        # page under its real CSP is tested in tests/test_browser_csp.py
        ctx = self.browser.new_context(bypass_csp=True, **(VIEWPORTS[device] if isinstance(device, str) else device))
        ctx.set_default_timeout(STALL * 1000)
        self._contexts.append(ctx)
        page = ctx.new_page()
        page.on("pageerror", lambda exc: self.errors.append(str(exc)))
        return page

    def open(self, url: str, device: str | dict[str, Any]) -> Any:
        """A table page by its link, once the page holds the table's state."""
        page = self.new(device)
        page.goto(url)
        page.wait_for_function("window.homegame && window.homegame.state")
        return page

    def host_seated(self, device: str | dict[str, Any], name: str = "Ann", **spec: Any) -> tuple[dict[str, Any], Any]:
        """A new table (``spec`` as for ``create_table``) and its host's page, seated as ``name``."""
        made = create_table(self.base, **spec)
        page = self.open(made["links"]["host"], device)
        sit(page, name)
        return made, page

    def guest_seated(self, made: dict[str, Any], device: str, name: str) -> Any:
        """A friend's page on the table's invite link, seated as ``name`` (the table approves no seats)."""
        page = self.open(made["links"]["invite"], device)
        sit(page, name)
        return page

    def close(self) -> None:
        """Close every context opened (one the test closed already is passed over)."""
        for ctx in self._contexts:
            with contextlib.suppress(Exception):  # closed by the test already
                ctx.close()
        self._contexts.clear()


@pytest.fixture
def pages(browser: Any, base: str) -> Iterator[Pages]:
    """The pages of one test on the module's server (see ``Pages``). When the test ends, its pages close
    and every table on the module's server is paused, as a host would: a table the test left dealing (bots
    at full speed) would otherwise deal on beside the module's later tests, in their process."""
    opened = Pages(browser, base)
    yield opened
    opened.close()
    pause_every_table(base)


def sit(page: Any, name: str) -> None:
    """Type ``name`` into the sit form, sit, and wait until the page has a seat."""
    page.fill("#sit input[name=name]", name)
    page.click('#sit [data-action="sit"]')
    page.wait_for_function("window.homegame.state.you.seat !== null")


def unpause(page: Any) -> None:
    """The host's page lets the table deal."""
    page.evaluate("window.homegame.send({type: 'pause', value: false})")


def state(page: Any) -> dict[str, Any]:
    """The page's copy of the table's state (``window.homegame.state``; ``None`` before it has one).

    Read as JSON text: Playwright's own copy of a page object took 55 to 63 ms a state on a loaded machine,
    the text 15 ms (the state came as JSON, so nothing is lost), and the tests read it hundreds of times."""
    result: dict[str, Any] = json.loads(page.evaluate("JSON.stringify(window.homegame.state ?? null)"))
    return result


def take_turn(page: Any, *, calls: bool = True) -> bool:
    """Click through this player's decision if there is one; ``True`` if something was clicked.

    Like a person, it first lets new buttons arm: a click in their first moments, within a second of this
    player's last action, is taken for the second half of a double tap and dropped (``earlyTap``).

    A bet is called (the hand goes on to its showdown) unless ``calls`` is false: then it is folded (a bet
    is called only where folding is not offered). A test that plays hand after hand until something comes
    must not call: a bot's bets, called down with whatever was dealt, can take the whole stack in one hand,
    and a table with one player left deals no more."""
    page.wait_for_function("!document.getElementById('actions').classList.contains('arming')")
    actions = page.locator("#actions")
    confirm = actions.locator("button.confirm")
    if confirm.count():
        kind = confirm.first.get_attribute("data-action")
        if kind == "arrange":
            # order the cards by tapping them one by one, as a player would
            cards = page.locator("#my-cards button.card")
            for i in range(cards.count()):
                cards.nth(i).click()
            confirm.first.click()
            return True
        if kind in ("pass", "discard"):
            # the button says how many are chosen and needed (data-chosen, data-need): tap cards until exactly
            # that many are chosen, whatever was chosen before (a state that arrived while this player's
            # earlier taps were on their way may have kept some)
            for _ in range(2 * page.locator("#my-cards button.card").count() + 1):
                chosen, need = (int(confirm.first.get_attribute(f"data-{n}") or 0) for n in ("chosen", "need"))
                if chosen == need:
                    break
                pick = "button.card.selected" if chosen > need else "button.card:not(.selected)"
                page.locator(f"#my-cards {pick}").first.click()
            confirm.first.click()
            return True
        if kind == "draw":
            # the draw: throw away the first two cards (or stand pat when the page offers only that)
            cards = page.locator("#my-cards button.card")
            for i in range(min(2, cards.count())):
                cards.nth(i).click()
            if confirm.first.is_enabled():
                confirm.first.click()
            else:
                actions.locator('button[data-action="stand-pat"]').click()
            return True
        if kind == "expose":
            page.locator("#my-cards button.card:not(.up)").first.click()
            confirm.first.click()
            return True
    order = ["declare high", "check", "call", "fold"] if calls else ["declare high", "check", "fold", "call"]
    # the first of them offered and enabled, found in one look (a look at each took eight round trips)
    action = page.evaluate(FIRST_ENABLED, order)
    if action is None:
        return False
    actions.locator(f'button[data-action="{action}"]').first.click()
    return True


#: The first of the actions named (``data-action``) whose button is in ``#actions`` and enabled, or ``null``.
FIRST_ENABLED = """(names) => names.find((name) => {
  const button = document.querySelector(`#actions button[data-action="${name}"]`);
  return button !== null && !button.matches(':disabled');
}) ?? null"""


#: The longest a page may hear nothing new from its table before a test calls it stuck, and the longest
#: any one Playwright wait may take: the suite's hang guard (``tests/waiting.py``), not a measure of speed
#: (the tables here act every fraction of a second, so on a loaded machine a wait is longer but never near this).
STALL = HANG
#: The most table states a page may receive while a test waits for one thing (a hand has tens of actions):
#: a wait that never ends fails by this count, whatever the machine's speed.
MOST_STATES = 3000
#: How long (ms) :meth:`News.wait` waits for a state before the caller looks again (say, to click again).
LOOK_AGAIN = 1000


class News:
    """A page's table states as they arrive: :meth:`wait` returns once the page holds a newer state than
    at the last call (or after at most a second, for the caller to look again), and fails once the page
    has heard nothing for :data:`STALL` seconds or has received :data:`MOST_STATES` states."""

    def __init__(self, page: Any, what: str) -> None:
        self.page = page
        self.what = what
        self.states = 0
        self.heard = time.monotonic()
        self._mark()

    def _mark(self) -> None:
        self.page.evaluate("window.__seenState = window.homegame.state")

    def wait(self) -> None:
        """Until the next state (see the class)."""
        from playwright.sync_api import TimeoutError as PlaywrightTimeout

        try:
            # the newer state is marked seen in the same look (one round trip, not two)
            self.page.wait_for_function("(s => s !== window.__seenState && ((window.__seenState = s), true))(window.homegame.state)",
                                        polling=50, timeout=LOOK_AGAIN)
        except PlaywrightTimeout:
            if time.monotonic() - self.heard >= STALL:
                waiting = (state(self.page)["table"].get("waiting") or {}).get("message", "nothing")
                raise AssertionError(f"{self.what}: the table said nothing for {STALL:.0f} s (it waits for: {waiting})") from None
            return
        self.heard = time.monotonic()
        self.states += 1
        assert self.states < MOST_STATES, f"{self.what}: still not there after {MOST_STATES} table states"


def wait_until(page: Any, done: Callable[[], bool], what: str) -> None:
    """Until ``done()`` (something the test's own handlers note, say a dialog seen), looking again every
    50 ms while the page runs; fails with ``what`` after :data:`STALL` seconds."""
    end = time.monotonic() + STALL
    while not done():
        assert time.monotonic() < end, what
        page.wait_for_timeout(50)


def stored_hand(base: str, made: dict[str, Any], number: int) -> dict[str, Any]:
    """Hand ``number`` of the table ``made`` as the server stored it (the host's download), once it is
    stored: the server stores a finished hand just after its pages show the results. Fails with the
    server's answer after :data:`STALL` seconds."""
    token = made["links"]["host"].split("#", 1)[1]
    end = time.monotonic() + STALL
    while True:
        try:
            stored: dict[str, Any] = api(base, f"/api/tables/{made['table_id']}/hands/{number}.json?token={token}")
            return stored
        except urllib.error.HTTPError as e:
            if e.code != 404 or time.monotonic() > end:
                raise
        time.sleep(0.05)


def play_until(players: list[Any], done: Callable[[], bool], *, skip: Any = None,
               what: str = "the table did not get there") -> None:
    """Let the players other than ``skip`` click through their turns until ``done()``, looking again at
    each state the first player's page receives; fail with ``what`` as :class:`News` does."""
    news = News(players[0], what)
    while not done():
        for p in players:
            if p is not skip and (state(p)["view"] or {}).get("legal"):
                take_turn(p)
        news.wait()


def play_out(page: Any, on_turn: Callable[[Any, dict[str, Any]], bool] | None = None) -> dict[str, Any]:
    """Click through the hand until it is over, looking again at each state the page receives;
    ``on_turn(page, view)`` may take a turn itself."""
    news = News(page, "the hand did not finish")
    while True:
        s = state(page)
        v = s["view"]
        if v and v["over"] and s["hand"] >= 1:
            return s
        if v and v["legal"] and not (on_turn and on_turn(page, v)):
            take_turn(page)
        news.wait()


def agree_to_run_twice(first: Any, other: Any) -> None:
    """``first`` has gone all in: both players tap "run it twice", and ``other``'s page sees both agreed."""
    for p in (first, other):
        p.wait_for_selector('#run-twice [data-action="run-twice"]')
        p.click('#run-twice [data-action="run-twice"]')
        p.wait_for_selector('#run-twice [data-action="run-once"]')
    other.wait_for_function("window.homegame.state.view.options.run_twice.length === 2")


def wait_for_my_choice(page: Any) -> None:
    """Take the page's turns at a dealer's-choice table until the dealer's choice is the page's (the game
    buttons are up); fails if the button went round twice without it."""
    news = News(page, "never my choice")
    while not page.locator('#actions .choose button').count():
        s = state(page)
        assert s["hand"] <= 4, f"the button went round twice and the choice never came to me (hand {s['hand']})"
        if s["view"] and s["view"]["legal"]:
            take_turn(page, calls=False)  # broke before the button came round, the table would stop
        news.wait()
