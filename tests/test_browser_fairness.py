"""The page's own shuffle checks in a real browser: it contributes to each hand by itself, verifies the
finished hand with Web Crypto and shows a real check, and shows a loud warning for a forged deck.
"""

from __future__ import annotations

from typing import Any

import pytest

from browser_support import News, Pages, base, browser, pages, sit, unpause  # noqa: F401 (fixtures)
from homegame.server.harness import api, create_table
from homegame.server.verify import verify_hand

pytestmark = pytest.mark.browser


def test_the_page_contributes_verifies_and_warns(base: str, pages: Pages) -> None:
    made = create_table(base, game="holdem", bots=2, approve_seats=False, paused=True, bot_delay=0.05,
                        between_hands=30.0, turn_seconds=60.0, time_bank=0.0)
    host_link = made["links"]["host"]
    token = host_link.split("#", 1)[1]
    page = pages.open(host_link, "laptop")
    assert "chain " in page.inner_text("#commit") and "shuffle chain 1 head" in (page.get_attribute("#commit .fair", "title") or "")
    sit(page, "Ann")
    # the page sends its own random value for hand 1 by itself; the server lists it publicly
    page.wait_for_function("window.homegame.state.shuffle.next.contributions.length === 1")
    mine = page.evaluate("window.homegame.state.shuffle.next.contributions[0].value")
    unpause(page)
    page.wait_for_function("window.homegame.state.hand === 1")
    # a pause stops the hand's clocks and play: the 30 s between hands keeps hand 2 away instead
    news = News(page, "hand 1 did not finish")
    while not page.evaluate("window.homegame.state.view.over"):
        for action in ("check", "call", "fold"):
            button = page.locator(f'#actions button[data-action="{action}"]')
            if button.count() and button.first.is_enabled():
                button.first.click()
                break
        news.wait()
    page.wait_for_function("document.querySelector('#commit').textContent.includes('Shuffle checked ✓')")
    assert "Shuffle checked ✓ — your randomness was used" in page.inner_text("#commit")
    # the record is read in the page (a phone has nowhere to put a download), and stays open as the table moves
    page.click("#commit .fair-record summary")
    page.wait_for_function("document.querySelector('#commit .fair-record pre').textContent.includes('homegame-fairness-record')")
    stored: dict[str, Any] = api(base, f"/api/tables/{made['table_id']}/hands/1.json?token={token}")
    assert [c["value"] for c in stored["start"]["shuffle"]["contributions"]] == [mine]
    assert verify_hand(stored).ok
    record = page.evaluate("JSON.parse(localStorage.getItem(`homegame.fair.${location.pathname.split('/').pop()}`))")
    assert record["hands"]["1"]["mine"] == mine and record["hands"]["1"]["result"]["ok"]
    assert record["heads"]["1"] == stored["start"]["shuffle"]["head"]
    # a forged reveal (another deck for the same seed) gets the loud warning, not a check
    warning = page.evaluate("""async () => {
        const m = await import('/static/js/fairness.js');
        const s = structuredClone(window.homegame.state);
        s.hand = 1000; s.shuffle.hand = 1000; s.shuffle.deck = [...s.shuffle.deck].reverse();
        m.fairMessage(s, { send: () => {}, render: () => {}, tableId: location.pathname.split('/').pop() });
        for (let i = 0; i < 100; i++) {
            const rec = m.fairRecord().hands['1000'];
            if (rec && rec.result) break;
            await new Promise((r) => setTimeout(r, 50));
        }
        const el = document.createElement('div');
        m.showFairness(el, s);
        return el.textContent;
    }""")
    assert "SHUFFLE NOT VERIFIED" in warning and "deck" in warning
    assert not pages.errors, pages.errors
