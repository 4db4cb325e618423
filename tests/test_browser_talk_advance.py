"""Acting in advance on the page (issue 10, §5): while it is not my turn, one tap queues check/fold,
check, call N or call any; it shows as queued, is dropped with a notice when the bet changes, is played
when my turn comes, and is never played on a later street.

Three people play hold'em by link on a laptop or a phone viewport; screenshots go to ``test-artifacts/``.
"""

from __future__ import annotations

import re
from typing import Any

import pytest

from browser_support import ARTIFACTS, Pages, base, browser, each_device, pages, play_until, state, unpause  # noqa: F401 (fixtures)

pytestmark = pytest.mark.browser


def facing(page: Any) -> int:
    """What this seat faces to call now (the highest bet less its own)."""
    v = state(page)["view"]
    return max(x["bet"] for x in v["seats"]) - v["seats"][v["seat"]]["bet"]


@each_device
def test_act_in_advance_is_queued_dropped_when_the_bet_changes_and_kept_to_its_street(
        pages: Pages, device: str) -> None:
    made, ann = pages.host_seated(device, "Ann", game="holdem", approve_seats=False, paused=True, turn_seconds=60, between_hands=30)
    others = []
    for name in ("Bob", "Cy"):
        p = pages.guest_seated(made, device, name)
        others.append(p)
    players = [ann, *others]
    unpause(ann)
    ann.wait_for_function("(s => s.view && !s.view.over)(window.homegame.state)")
    for p in players:
        p.wait_for_function("(s => s.view && !s.view.over)(window.homegame.state)")

    # the first to act preflop; the two others wait, and each sees the choices for what it faces
    actor = next(p for p in players if state(p)["view"]["legal"])
    waiters = [p for p in players if p is not actor]
    assert actor.locator("#pre-actions button").count() == 0  # my turn: the real buttons, not these
    for w in waiters:
        w.wait_for_selector("#pre-actions button")
        labels = w.eval_on_selector_all("#pre-actions button", "bs => bs.map(b => b.textContent)")
        cost = facing(w)
        assert labels == (["Check/fold", f"Call {cost}", "Call any"] if cost else ["Check/fold", "Check", "Call any"]), labels
        # one tap queues it: lit as queued, and only this seat is told
        w.click('#pre-actions [data-pre="call"]' if cost else '#pre-actions [data-pre="check"]')
        w.wait_for_function("window.homegame.state.you.pre_action !== null")
        assert state(w)["you"]["pre_action"] == ({"action": "call", "amount": cost} if cost else {"action": "check", "amount": None})
        assert w.locator('#pre-actions button[aria-pressed="true"]').count() == 1
        assert "Queued" in w.inner_text("#pre-actions")
    assert state(actor)["you"]["pre_action"] is None
    waiters[0].screenshot(path=str(ARTIFACTS / f"advance-queued-{device}.png"), full_page=True)

    # the bet changes before their turns: both queued actions are dropped, and each page says so
    actor.evaluate("(s => window.homegame.send({type: 'act', action: 'raise 8', decision: s.you.decision}))(window.homegame.state)")
    for w in waiters:
        w.wait_for_function("/dropped/.test(document.getElementById('pre-note').textContent)")
        # the notice and the state without the action are two messages: the second may come a moment later
        w.wait_for_function("window.homegame.state.you.pre_action === null")
    nxt = next(w for w in waiters if state(w)["view"]["legal"])
    last = next(w for w in waiters if w is not nxt)
    last.wait_for_selector('#pre-actions [data-pre="call"]')
    assert last.get_attribute('#pre-actions [data-pre="call"]', "aria-pressed") == "false"
    last.screenshot(path=str(ARTIFACTS / f"advance-dropped-{device}.png"), full_page=True)

    # "call N" for the new bet is played the moment the turn comes, with no tap; a new choice clears the notice
    last_hs = state(last)["you"]["hand_seat"]
    last.click('#pre-actions [data-pre="call"]')
    last.wait_for_function("(s => s.you.pre_action && s.you.pre_action.action === 'call')(window.homegame.state)")
    assert last.inner_text("#pre-note") == ""
    play_until(players, lambda: any(re.match(rf"Seat {last_hs} calls", line) for line in state(last)["view"]["log"]), skip=last)
    assert state(last)["you"]["pre_action"] is None

    # on the flop: the first to act checks, then queues check/fold; the others check, the round ends, and
    # the queued check/fold is dropped: it never checks on the turn, where this seat acts first again
    play_until(players, lambda: len(state(ann)["view"]["board"]) >= 3 and any(state(p)["view"]["legal"] for p in players))
    first = next(p for p in players if state(p)["view"]["legal"])
    f_hs = state(first)["you"]["hand_seat"]
    first.click('#actions button[data-action="check"]')
    first.wait_for_selector('#pre-actions [data-pre="check/fold"]')
    first.click('#pre-actions [data-pre="check/fold"]')
    first.wait_for_function("window.homegame.state.you.pre_action !== null")
    play_until(players, lambda: len(state(first)["view"]["board"]) >= 4, skip=first)
    first.wait_for_function("window.homegame.state.view.legal.length > 0")
    assert state(first)["you"]["pre_action"] is None
    log = state(first)["view"]["log"]
    turn = max(i for i, line in enumerate(log) if line.lower().startswith("turn"))
    assert not any(re.match(rf"Seat {f_hs} checks", line) for line in log[turn:]), log[turn:]
    first.screenshot(path=str(ARTIFACTS / f"advance-next-street-{device}.png"), full_page=True)
    assert not pages.errors, pages.errors
