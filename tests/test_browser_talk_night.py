"""The night on the page (issue 10, §6): the hand list, the per-player figures (hands, VPIP, won at
showdown, net) and the stack chart, as the server's /stats counts them; laptop and phone viewports,
screenshots in ``test-artifacts/``."""

from __future__ import annotations

import pytest

from browser_support import (  # noqa: F401 (fixtures)
    ARTIFACTS,
    Pages,
    base,
    browser,
    each_device,
    pages,
    play_until,
    state,
    stored_hand,
    unpause,
)
from homegame.server.harness import api

pytestmark = pytest.mark.browser


@each_device
def test_the_nights_figures_and_chart(base: str, pages: Pages, device: str) -> None:
    made, ann = pages.host_seated(device, "Ann", game="holdem", approve_seats=False, paused=True, bots=1, bot_delay=0.05, between_hands=0.5)
    bob = pages.guest_seated(made, device, "Bob")
    unpause(ann)
    play_until([ann, bob], lambda: state(ann)["hand"] >= 3, what="two hands did not finish")
    ann.evaluate("window.homegame.send({type: 'pause', value: true})")
    ann.wait_for_function("window.homegame.state.table.paused")
    s = state(ann)  # paused, nothing more is played: every hand over is stored (or about to be)
    stored_hand(base, made, s["hand"] if (s["view"] or {}).get("over") else s["hand"] - 1)
    token = made["links"]["host"].split("#", 1)[1]
    stats = api(base, f"/api/tables/{made['table_id']}/stats?token={token}")
    bob.click("#replay-panel summary")
    bob.click('#replay-panel [data-action="chart"]')
    bob.wait_for_selector("#stats table.stats tbody tr")
    rows = bob.eval_on_selector_all("#stats tbody tr", "rs => rs.map(r => [...r.children].map(c => c.textContent.trim()))")
    assert len(rows) == len(stats["players"]) == 3
    for p in stats["players"]:
        row = next(r for r in rows if r[0] == p["name"])
        net = f"+{p['net']}" if p["net"] > 0 else str(p["net"])
        assert row[1:] == [str(p["hands"]), f"{round(p['vpip_percent'])}%", f"{p['won_showdown']}/{p['showdowns']}", net], row
    assert bob.locator("#chart svg polyline").count() == 3
    bob.click('#replay-panel [data-action="night"]')
    bob.wait_for_selector("#night .night-list li")
    assert bob.locator("#night .night-list li").count() >= 2
    bob.locator("#replay-panel").screenshot(path=str(ARTIFACTS / f"night-figures-{device}.png"))
    assert not pages.errors, pages.errors
