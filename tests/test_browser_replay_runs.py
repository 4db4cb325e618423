"""The replay of a hand run twice (issue 17, "Seen" 7): a Same'Em hand deals the fourth and fifth hole
cards again for the second run, so each run has its own hole cards as well as its own board; the replay
shows each run's cards, and every card a winner's hand is made of can be seen on the replay."""

from __future__ import annotations

from typing import Any

import pytest

from browser_support import (  # noqa: F401 (fixtures)
    Pages,
    agree_to_run_twice,
    base,
    browser,
    pages,
    state,
    stored_hand,
    unpause,
)

pytestmark = pytest.mark.browser


def send_act(page: Any, action: str) -> None:
    page.evaluate(f"(s => window.homegame.send({{type: 'act', action: {action!r}, decision: s.you.decision}}))(window.homegame.state)")


def test_a_sameem_hand_run_twice_replays_each_runs_own_hole_cards(pages: Pages) -> None:
    made, ann = pages.host_seated("phone", "Ann", game="sameem", approve_seats=False, paused=True, between_hands=60)
    bob = pages.guest_seated(made, "phone", "Bob")
    ann.check('#host .house-form input[name="run_twice"]')
    ann.click('#host [data-action="set-house"]')
    ann.wait_for_function("window.homegame.state.table.settings.house.run_twice === true")
    unpause(ann)
    for p in (ann, bob):
        p.wait_for_function("(s => s.view && !s.view.over && s.view.legal !== undefined)(window.homegame.state)")
    first = next(p for p in (ann, bob) if state(p)["view"]["legal"])
    other = bob if first is ann else ann
    send_act(first, "raise 200")
    agree_to_run_twice(first, other)
    other.click('#actions button[data-action="call"]')
    first.wait_for_function("(v => v && v.over && v.results && v.results.runs)(window.homegame.state.view)")
    view = state(first)["view"]
    runs = view["results"]["runs"]
    assert any(runs[0]["cards"][s] != runs[1]["cards"][s] for s in runs[0]["cards"]), runs  # Same'Em deals again
    number = state(first)["hand"]
    stored_hand(pages.base, made, number)
    watch = made["links"]["watch"]
    friend = pages.new("phone")
    friend.goto(f"{watch.split('#')[0]}?replay={number}#{watch.split('#', 1)[1]}")
    friend.wait_for_selector("#replay .replay-log li")
    friend.click('#replay [data-action="replay-last"]')
    friend.wait_for_selector("#replay .run-board >> nth=1")
    rows = friend.locator("#replay .replay-seat")
    for seat, run in ((int(s), i) for i, r in enumerate(runs) for s in r["cards"]):
        # the seat's row holds each run's hole cards, in a part of its own for that run
        part = rows.nth(seat).locator(f'[data-run="{run + 1}"]')
        assert part.count() == 1, rows.nth(seat).inner_html()
        held = [c.get_attribute("data-card") for c in part.locator(".card").all()]
        assert held == runs[run]["cards"][str(seat)], (run, seat, held)
    # every card a winning hand is made of is on the replay's felt: its run's board or the winner's row
    for award in view["results"]["awards"]:
        if not award.get("cards"):
            continue
        run = award.get("run", 1)
        board = friend.locator("#replay .run-board").nth(run - 1)
        seen = {c.get_attribute("data-card") for c in board.locator(".card").all()}
        seen |= {c.get_attribute("data-card")
                 for c in rows.nth(award["seat"]).locator(f'[data-run="{run}"] .card').all()}
        assert set(award["cards"]) <= seen, (award, seen)
    assert not pages.errors, pages.errors
