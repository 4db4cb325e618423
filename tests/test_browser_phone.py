"""Cards on a phone and attention (issue 10 §7, §2): deck colours, large cards, sorting and dragging
my cards (display only), a beep and the tab title on my turn, a mute remembered per device, my clock
and my time bank apart, and the host's turn time and time bank reaching the players."""

from __future__ import annotations

from typing import Any

import pytest

from browser_support import ARTIFACTS, News, Pages, base, browser, each_device, pages, state, unpause  # noqa: F401 (fixtures)

pytestmark = pytest.mark.browser


def my_cards(page: Any) -> list[str]:
    return list(page.eval_on_selector_all("#my-cards .card", "cs => cs.map((c) => c.dataset.card)"))


@each_device
def test_my_cards_sort_drag_and_the_turn_is_heard(pages: Pages, device: str) -> None:
    _, page = pages.host_seated(device, game="pass-the-trash", bots=1, bot_delay=0.05, between_hands=30, approve_seats=False,
                                paused=True, turn_seconds=120, time_bank=30)
    # the host sets the clock from the page: every player's bank is the new bank
    if not page.locator(".clock-form").is_visible():
        page.click("#host-panel summary")
    page.fill(".clock-form input[name=turn_seconds]", "90")
    page.fill(".clock-form input[name=time_bank]", "20")
    page.click('[data-action="set-clock"]')
    page.wait_for_function("window.homegame.state.table.settings.turn_seconds === 90")
    me = next(s for s in state(page)["table"]["seats"] if s["position"] == state(page)["you"]["seat"])
    assert me["bank"] == 20
    unpause(page)
    page.wait_for_function("(s => s.view && s.view.legal.length && s.view.cards.length === 7)(window.homegame.state)")
    # my turn: a beep (recorded even when the device makes no sound), the title, my clock and my bank apart
    page.wait_for_function("window.homegame.heard.includes('turn')")
    assert page.title() == f"● Your turn — {state(page)['table']['name']}"
    clock = page.inner_text("#actions .my-clock")
    assert "to act · bank 20s" in clock, clock
    dealt = state(page)["view"]["cards"]
    assert my_cards(page) == dealt
    page.click('[data-pref="sort"]')
    ranks = "23456789TJQKA"
    shown = my_cards(page)
    assert [ranks.index(c[0]) for c in shown] == sorted((ranks.index(c[0]) for c in dealt), reverse=True)
    assert state(page)["view"]["cards"] == dealt, "sorting is only what I see"
    # drag the first card onto the last place (a mouse on the laptop, the same pointer events on a phone)
    page.locator("#my-cards").scroll_into_view_if_needed()
    first = page.locator("#my-cards .card").nth(0).bounding_box()
    last = page.locator("#my-cards .card").nth(6).bounding_box()
    (x0, y0), (x1, y1) = [(b["x"] + b["width"] / 2, b["y"] + b["height"] / 2) for b in (first, last)]
    if device == "phone":
        # a finger: touch events, which the page hears as pointer events
        cdp = page.context.new_cdp_session(page)
        cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": x0, "y": y0}]})
        for i in range(1, 9):
            p = {"x": x0 + (x1 - x0) * i / 8, "y": y0 + (y1 - y0) * i / 8}
            cdp.send("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": [p]})
        cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    else:
        page.mouse.move(x0, y0)
        page.mouse.down()
        page.mouse.move(x1, y1, steps=8)
        page.mouse.up()
    page.wait_for_function("(want) => [...document.querySelectorAll('#my-cards .card')].map((c) => c.dataset.card)"
                           ".join(' ') === want", arg=" ".join(shown[1:] + shown[:1]))
    dragged = my_cards(page)
    assert dragged == shown[1:] + shown[:1], (shown, dragged)
    assert not page.locator("#my-cards .card.selected").count(), "a drag is not a tap"
    # the deck's colours and the card size: remembered on this device
    page.click('[data-pref="colours"]')
    page.click('[data-pref="big"]')
    page.click('[data-pref="mute"]')
    page.screenshot(path=str(ARTIFACTS / f"phone-cards-{device}.png"))
    page.reload()
    page.wait_for_function("window.homegame && window.homegame.state")
    assert "two-colour" in page.evaluate("document.body.className")
    assert "big-cards" in page.evaluate("document.body.className")
    assert "Sound: off" in page.inner_text('[data-pref="mute"]')
    # a pass names the cards tapped, whatever their place
    news = News(page, "no pass came")
    while not any(a.startswith("pass") for a in (state(page)["view"] or {}).get("legal", [])):
        assert not state(page)["view"]["over"], "no pass came"
        for action in ("check", "call"):
            b = page.locator(f'#actions button[data-action="{action}"]')
            if b.count() and b.first.is_enabled():
                b.first.click()
                break
        news.wait()
    need = int(next(a for a in state(page)["view"]["legal"] if a.startswith("pass")).split()[1])
    cards = page.locator("#my-cards button.card")
    picked = [cards.nth(i).get_attribute("data-card") for i in range(need)]
    for i in range(need):
        cards.nth(i).click()
    page.click('#actions button[data-action="pass"]')
    page.wait_for_function("(s => !s.view.legal.some((a) => a.startsWith('pass')))(window.homegame.state)")
    assert not set(picked) & set(state(page)["view"]["cards"]) or state(page)["view"]["over"]
    page.screenshot(path=str(ARTIFACTS / f"phone-cards-after-{device}.png"))
    assert not pages.errors, pages.errors
