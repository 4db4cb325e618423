"""My turn on a phone (issue 17, "the card room in your hand"): a player reading the chat or the log
below the table is brought back to the action area when the turn comes, with a cue on the tab bar's Table
tab and in the page title; and a toast never covers the status line, my cards or my action buttons."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from browser_support import ARTIFACTS, Pages, base, browser, pages, state, take_turn, unpause  # noqa: F401 (fixtures)

pytestmark = pytest.mark.browser

PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}
SMALL = {"viewport": {"width": 360, "height": 740}, "is_mobile": True, "has_touch": True}
BLINDS = {"structure": "no-limit", "blinds": [1, 2]}

#: The status line, the felt, my cards, every action button and the amount box wholly inside the part of
#: the screen between the top bar and the tab bar (stuck to the bottom of the screen, or below it).
ACTIONS_IN_VIEW = """() => {
  const top = document.querySelector('.topbar').getBoundingClientRect().bottom;
  const bottom = innerHeight - document.getElementById('tabs').offsetHeight;
  const shown = [...document.querySelectorAll('#banner, #felt, #my-cards, #actions button, #actions input')].filter((el) => el.offsetParent !== null);
  return shown.length > 0 && shown.every((el) => { const b = el.getBoundingClientRect(); return b.top >= top - 1 && b.bottom <= bottom + 1; });
}"""

MY_TURN = "(s => s.view && !s.view.over && s.view.legal.length)(window.homegame.state)"


def scroll_to(page: Any, tab: str) -> None:
    """Tap a tab of the tab bar and wait until its panel has come up to the top of the screen."""
    page.click(f'#tabs .tab[data-tab="{tab}"]')
    page.wait_for_function(f"""() => Math.abs(document.querySelector('#drawers > [data-tab="{tab}"]').getBoundingClientRect().top
      - document.querySelector('.topbar').getBoundingClientRect().bottom) < 60 || innerHeight + scrollY >= document.documentElement.scrollHeight - 2""")


def wait_for_actions_in_view(page: Any, what: str) -> None:
    """The smooth scroll to the action area ends; it is a failure if it never does (the suite's hang guard)."""
    try:
        page.wait_for_function(ACTIONS_IN_VIEW)
    except PlaywrightTimeout:
        page.screenshot(path=str(ARTIFACTS / "phone-turn-missed.png"))
        pytest.fail(f"{what}: my action buttons are not on the screen (scrollY {page.evaluate('scrollY')})")


def test_my_turn_brings_the_actions_into_view_while_i_read_the_log(pages: Pages) -> None:
    """The turn comes while I read the log further down: the page scrolls back to the table (the status line,
    the felt, my cards and my buttons in view together), the Table tab is lit and the title says so."""
    made, page = pages.host_seated(PHONE, game="holdem", bots=2, bot_delay=0.3, between_hands=30, approve_seats=False,
                                   paused=True, turn_seconds=120, stakes=BLINDS)
    table = state(page)["table"]["name"]
    scroll_to(page, "log")
    assert page.evaluate("scrollY") > 100, "the page did not scroll to the log"
    unpause(page)
    page.wait_for_function(MY_TURN)
    wait_for_actions_in_view(page, "my first turn came while I read the log")
    # the cue: the Table tab carries a dot, the page title says so with the table's name
    page.wait_for_function("document.querySelector('#tabs .tab[data-tab=\"table\"]').classList.contains('my-turn')")
    assert page.title() == f"● Your turn — {table}"
    assert "your turn" in (page.get_attribute('#tabs .tab[data-tab="table"]', "aria-label") or "").lower()
    page.screenshot(path=str(ARTIFACTS / "phone-turn-brought-into-view.png"))
    # answered: the cue goes
    decision = state(page)["you"]["decision"]
    assert take_turn(page)
    page.wait_for_function("(([d]) => window.homegame.state.you.decision !== d || !window.homegame.state.view.legal.length)", arg=[decision])
    page.wait_for_function("""() => !document.querySelector('#tabs .tab[data-tab="table"]').classList.contains('my-turn')
      || window.homegame.state.view.legal.length""")
    assert not pages.errors, pages.errors


#: A long toast (it wraps) shown now; then the element at the middle of each thing I need at my turn.
COVERED = """(text) => {
  window.homegame.toast(text, 'news');
  const toast = document.getElementById('toast');
  toast.style.transition = 'none';
  toast.style.pointerEvents = 'auto'; // hit-testable for the probe only: where it lies, it would be hit
  const needed = [...document.querySelectorAll('#banner, .topbar .title, #my-cards .card, #actions button, #actions input')]
    .filter((el) => el.offsetParent !== null);
  const covered = [];
  for (const el of needed) {
    const b = el.getBoundingClientRect();
    const hit = document.elementFromPoint(b.left + b.width / 2, b.top + b.height / 2);
    if (hit && toast.contains(hit)) covered.push(el.id || el.dataset.action || el.dataset.card || el.className);
  }
  const shown = getComputedStyle(toast).opacity > 0.5 && toast.getBoundingClientRect().height > 0;
  toast.style.pointerEvents = '';
  toast.style.transition = '';
  return { covered, shown };
}"""


@pytest.mark.parametrize("size", ["phone", "small"])
def test_a_toast_covers_nothing_i_need_at_my_turn(pages: Pages, size: str) -> None:
    """A toast (a short one, and one that wraps) shown at my turn: the middle of the top bar's title, the
    status line, each of my cards and each action control is still what a tap there reaches; the toast
    goes by itself."""
    _, page = pages.host_seated(PHONE if size == "phone" else SMALL, game="holdem", bots=2, bot_delay=0.05, between_hands=30,
                                approve_seats=False, paused=True, turn_seconds=120, stakes=BLINDS)
    unpause(page)
    page.wait_for_function(MY_TURN)
    page.wait_for_function("!document.getElementById('actions').classList.contains('arming')")
    page.evaluate("window.scrollTo(0, 0)")
    for text in ("You are seated.", "Your time ran out: the table acted for you, and you sit out from the next hand."):
        got = page.evaluate(COVERED, text)
        page.screenshot(path=str(ARTIFACTS / f"phone-toast-{size}.png"))
        assert got["shown"], "the toast did not show"
        assert got["covered"] == [], f"the toast {text!r} covers {got['covered']}"
    # short-lived: it goes by itself
    page.wait_for_function("!document.getElementById('toast').classList.contains('show')")
    assert not pages.errors, pages.errors
