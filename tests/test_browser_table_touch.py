"""A tap is a decision, the loud status line and the keys (issue 17, "Seen" 2, 4 and 6; "What to build"
2, 7 and 9): a double tap with a finger on Check never checks the next street; the status line says my
decision in words, who the table waits for and that the game is paused; wild cards are said and marked;
F, C and R act on a laptop but not while typing in the chat."""

from __future__ import annotations

from typing import Any

import pytest

from browser_support import (  # noqa: F401 (fixtures)
    ARTIFACTS,
    PHONE,
    News,
    Pages,
    base,
    browser,
    pages,
    play_until,
    state,
    take_turn,
    unpause,
)

pytestmark = pytest.mark.browser


def my_turn(page: Any) -> dict[str, Any] | None:
    """The page's view when the player has a decision, else None."""
    v = state(page)["view"]
    return v if v and v["legal"] and not v["over"] else None


def test_a_double_tap_on_check_does_not_check_the_flop(pages: Pages) -> None:
    """Heads-up, the big blind double-taps Check preflop, two touch taps 120 ms apart: the flop is not checked."""
    _, page = pages.host_seated(PHONE, game="holdem", bots=1, bot_kind="rule", bot_delay=0.02, between_hands=0.5,
                                approve_seats=False, paused=True, turn_seconds=120)
    unpause(page)
    play_until([page], lambda: bool((v := my_turn(page)) and "check" in v["legal"] and not v["board"]),
               what="the big blind was never offered a check preflop")  # the small blind's call, a later street: on
    button = page.locator('#actions button[data-action="check"]')
    button.wait_for(state="visible")
    page.wait_for_function("!document.querySelector('#actions button[data-action=\"check\"]').disabled")
    # the first tap is a deliberate one: after the new buttons' guard time (a tap in it, less than a second
    # after my own last action, is the second tap of a double tap and is dropped by design)
    page.wait_for_function("!document.getElementById('actions').classList.contains('arming')")
    hand = state(page)["hand"]
    box = button.bounding_box()
    assert box is not None
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    page.touchscreen.tap(x, y)
    page.wait_for_timeout(120)
    page.touchscreen.tap(x, y)
    # the flop comes at once (the big blind acts first after it): the second tap found its Check
    page.wait_for_function(f"(s => s.hand !== {hand} || (s.view.board.length >= 3))(window.homegame.state)")
    page.wait_for_timeout(700)
    s = state(page)
    assert s["hand"] == hand
    v = s["view"]
    assert len(v["board"]) == 3 and "check" in v["legal"], ("the double tap checked the flop too", v["log"][-3:])
    # a tap after the guard time is a decision again
    page.touchscreen.tap(x, y)
    page.wait_for_function(f"(s => s.hand !== {hand} || s.view.board.length > 3 || !s.view.legal.includes('check'))(window.homegame.state)")
    assert not pages.errors, pages.errors


def test_the_status_line_says_my_decision_the_wait_and_the_pause(pages: Pages) -> None:
    made, host = pages.host_seated("laptop", name="Dave", game="holdem", bots=0, between_hands=30, approve_seats=False,
                                   paused=True, turn_seconds=60)
    ben = pages.guest_seated(made, PHONE, "Ben")
    unpause(host)
    players = [host, ben]
    host.wait_for_function("window.homegame.state.view && window.homegame.state.view.legal.length || "
                           "(window.homegame.state.view && window.homegame.state.view.to_act.length)")
    # whoever acts: their line says the decision in words, the other's says whom the table waits for, with seconds
    actor, other, actor_name = (host, ben, "Dave") if my_turn(host) else (ben, host, "Ben")
    actor.wait_for_function("document.getElementById('banner').textContent.startsWith('Your turn: ')")
    said = actor.inner_text("#banner")
    assert said.startswith("Your turn: call 1 or raise") or said.startswith("Your turn: check or raise"), said
    other.wait_for_function(f"/^Waiting for {actor_name} \\((?:bank )?\\d+s\\)$/.test(document.getElementById('banner').textContent)")
    assert other.get_attribute("#said", "aria-live") == "polite"
    actor.wait_for_function("document.getElementById('said').textContent.startsWith('Your turn')")
    # the host pauses: every phone says so, loudly
    host.evaluate("window.homegame.send({type: 'pause', value: true})")
    for p in players:
        p.wait_for_function("document.getElementById('banner').textContent.startsWith('PAUSED by ')")
        assert "paused" in (p.get_attribute("#banner", "class") or "")
    ben.screenshot(path=str(ARTIFACTS / "status-paused-phone.png"))
    # F, C and R on the laptop: C calls or checks; not while typing in the chat
    host.evaluate("window.homegame.send({type: 'pause', value: false})")
    play_until(players, lambda: my_turn(host) is not None, skip=host, what="the host never had a turn")
    seq = state(host)["seq"]
    host.wait_for_function("!document.querySelector('#actions button[data-action=\"fold\"], #actions button[data-action=\"check\"]').disabled")
    host.click("#chat-form input")
    host.keyboard.press("c")
    host.keyboard.press("f")
    host.wait_for_timeout(300)
    assert state(host)["seq"] == seq, "a key typed into the chat acted"
    host.locator("#chat-form input").fill("")
    host.locator("#felt").click()
    host.keyboard.press("c")
    host.wait_for_function(f"window.homegame.state.seq > {seq}")
    assert any(w in state(host)["view"]["log"][-1] for w in ("checks", "calls")) or state(host)["view"]["over"], state(host)["view"]["log"][-2:]
    assert not pages.errors, pages.errors


def test_wild_cards_are_said_and_marked_during_the_hand(pages: Pages) -> None:
    _, page = pages.host_seated(PHONE, game="kings-and-little-ones", bots=3, bot_delay=0.02, between_hands=30, approve_seats=False,
                                paused=True, turn_seconds=120,
                                stakes={"structure": "fixed-limit", "ante": 1, "bring_in": 1, "small_bet": 2, "big_bet": 4})
    unpause(page)
    page.wait_for_function("(s => s.view && s.view.legal.length)(window.homegame.state)")
    line = page.locator("#wild-line")
    assert line.is_visible()
    assert line.inner_text().startswith("Kings and each player's lowest card are wild"), line.inner_text()
    # my own wild cards (my lowest rank, any king) are marked on the cards themselves
    mine = state(page)["view"]["wild"]["mine"]
    assert mine, "a player always has a lowest rank"
    marked = page.eval_on_selector_all("#my-cards .card.wild", "cs => cs.map((c) => c.dataset.card)")
    assert sorted(marked) == sorted(mine)
    assert all("wild" in (page.get_attribute(f'#my-cards .card[data-card="{c}"]', "aria-label") or "") for c in mine)
    page.screenshot(path=str(ARTIFACTS / "wild-phone.png"))
    assert not pages.errors, pages.errors


READINGS = """() => {
  const n = (el) => el ? (el.textContent.match(/(\\d+) ?s\\b/) || [])[1] ?? null : null;
  return {felt: n(document.querySelector('#felt .clock[data-deadline]')), mine: n(document.querySelector('#actions .my-clock')),
          banner: n(document.getElementById('banner'))};
}"""


def test_every_clock_reading_on_the_page_says_the_same_seconds(pages: Pages) -> None:
    # issue 17: the banner, the seat's countdown and "N s to act · bank M s" counted apart (one with the
    # time bank in it) and showed different numbers at the same moment
    made, host = pages.host_seated("laptop", name="Dave", game="holdem", bots=0, between_hands=30,
                                   approve_seats=False, paused=True, turn_seconds=60, time_bank=30)
    ben = pages.guest_seated(made, PHONE, "Ben")
    unpause(host)
    host.wait_for_function("window.homegame.state.view && window.homegame.state.view.to_act.length > 0")
    actor, other = (host, ben) if my_turn(host) else (ben, host)
    actor.wait_for_function(f"({READINGS})().mine !== null && ({READINGS})().felt !== null")
    other.wait_for_function(f"({READINGS})().banner !== null && ({READINGS})().felt !== null")
    for _ in range(3):  # each read at one instant: all the page's readings of the one clock
        mine = actor.evaluate(READINGS)
        assert mine["felt"] == mine["mine"], mine
        theirs = other.evaluate(READINGS)
        assert theirs["felt"] == theirs["banner"], theirs
        assert abs(int(theirs["felt"]) - int(mine["felt"])) <= 1  # two pages, a moment apart
    assert 50 <= int(mine["felt"]) <= 60  # the turn's own seconds, the 30 s bank apart
    assert not pages.errors, pages.errors


# The point of a control of the new layout inside the old button's box nearest to that box's centre (where
# the finger came down): {x, y, what}, or null when no control overlaps the old box.
MOVED_UNDER = """(box) => {
  const cx = box.x + box.width / 2, cy = box.y + box.height / 2;
  let best = null;
  for (const c of document.querySelectorAll('button, a, input, summary')) {
    const r = c.getBoundingClientRect();
    const left = Math.max(r.left, box.x) + 2, right = Math.min(r.right, box.x + box.width) - 2;
    const top = Math.max(r.top, box.y) + 2, bottom = Math.min(r.bottom, box.y + box.height) - 2;
    if (left > right || top > bottom) continue;
    const x = Math.min(Math.max(cx, left), right), y = Math.min(Math.max(cy, top), bottom);
    if (document.elementFromPoint(x, y)?.closest('button, a, input, summary') !== c) continue;
    const d = Math.hypot(x - cx, y - cy);
    if (!best || d < best.d) best = {x, y, d, what: c.textContent};
  }
  return best;
}"""
PHONE_360 = {**PHONE, "viewport": {"width": 360, "height": 780}}


def _drawing(page: Any) -> bool:
    v = my_turn(page)
    return bool(v and any(o["kind"] == "discard" for o in v["legal_options"]))


def test_a_double_tap_on_draw_does_not_sit_me_out(pages: Pages) -> None:
    """Issue 17/21 play-test, 360 px phone, five-card draw: Raj double-tapped "Draw 1"; the draw went
    through, the action area collapsed, "Sit out" moved up under his finger and the second tap sat him out.
    A control that moved under the finger because the action area changed takes no tap for a moment."""
    _, page = pages.host_seated(PHONE_360, name="Raj", game="five-card-draw", bots=1, bot_kind="rule",
                                bot_delay=1.0, between_hands=30, approve_seats=False, paused=True, turn_seconds=120)
    unpause(page)
    news = News(page, "Raj never came to a draw")
    while not _drawing(page):
        if my_turn(page) and not _drawing(page):
            take_turn(page)
        news.wait()
    page.wait_for_function("!document.getElementById('actions').classList.contains('arming')")
    page.locator("#my-cards button.card").first.click()
    draw = page.locator('#actions button[data-action="draw"]')
    page.wait_for_function("!document.querySelector('#actions button[data-action=\"draw\"]').disabled")
    box = draw.bounding_box()
    assert box is not None
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    # what the page lets a click reach (heard after the page's own handlers), or what it dropped
    page.evaluate("document.addEventListener('click', (e) => { const c = e.target.closest('button, a, input, summary');"
                  " if (c) (window.reached = window.reached || []).push(c.textContent); })")
    page.touchscreen.tap(x, y)
    # the draw is answered: the buttons go (the bot takes a second to act), and the finger comes down again
    # on a control of the new layout ("Sit out", or a pre-action) that moved up to where Draw was
    page.wait_for_function("!document.querySelector('#actions button')")
    at = page.evaluate(MOVED_UNDER, box)
    assert at, "no control moved to where Draw was: the play-test's layout changed"
    page.touchscreen.tap(at["x"], at["y"])
    page.wait_for_function("(window.homegame.droppedTaps || 0) > 0 || (window.reached || []).length > 1")
    page.screenshot(path=str(ARTIFACTS / "double-draw-phone-360.png"))
    reached = page.evaluate("window.reached")
    assert reached[0].startswith("Draw"), reached
    assert reached[1:] == [], f"the second tap of a double tap on Draw reached {at['what']!r}"
    me = next(p for p in state(page)["table"]["seats"] if p["position"] == state(page)["you"]["seat"])
    assert not me["sitting_out"], "the second tap of a double tap on Draw sat the player out"
    # and the draw reads as a draw (it said "You passed 2♥ and received 7♦.")
    said = page.inner_text("#actions .received-note")
    assert said.startswith("You threw away ") and " and drew " in said, said
    # a deliberate tap, once the layout has settled, reaches the control
    page.wait_for_function("!document.body.classList.contains('settling')")
    page.touchscreen.tap(at["x"], at["y"])
    page.wait_for_function("(window.reached || []).length > 1")
    assert not pages.errors, pages.errors


def test_stud_at_a_no_limit_table_says_its_own_stakes_and_completes(pages: Pages) -> None:
    """Issue 17/21 play-test: a no-limit 1/2 table dealt Seven-Card Stud fixed limit; the top bar said
    "Seven-Card Stud · no limit, blinds 1/2" while the felt said "fixed limit, ante 1, bets 2/4", and
    completing the bring-in was labelled "Raise to 2"."""
    _, page = pages.host_seated(PHONE, name="Raj", game="stud", bots=3, bot_kind="rule", bot_delay=0.02,
                                between_hands=30, approve_seats=False, paused=True, turn_seconds=120,
                                stakes={"structure": "no-limit", "blinds": [1, 2]})
    unpause(page)
    page.wait_for_function("(s => s.view && s.view.stakes)(window.homegame.state)")
    stakes = state(page)["view"]["stakes"]
    title = page.inner_text("#game-title")
    felt = page.inner_text("#game-line")
    assert title.split(" · ")[-1] == felt.split(" · ")[-1], (title, felt, stakes)

    def completing() -> bool:
        v = my_turn(page)
        high = max((s.get("bet") or 0) for s in (v or {}).get("seats", [{}]))
        return bool(v and any(o["kind"] in ("bet", "raise") for o in v["legal_options"]) and high < (v["stakes"].get("small_bet") or 0))

    news = News(page, "Raj never faced a bring-in")
    while not completing():
        if my_turn(page):
            take_turn(page, calls=False)
        news.wait()
    go = page.locator('#actions button[data-action="raise"], #actions button[data-action="bet"]').last
    assert go.inner_text().startswith("Complete to "), go.inner_text()
    assert not pages.errors, pages.errors
