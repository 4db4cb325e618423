"""House rules and after-the-hand choices on the page (issue 10, §3-4): the host sets a straddle, a bomb
pot (called for the next hand), the chip and the showdown rule from the page, and requests out of place
are refused with the reason, shown; a winner nobody called shows one card; under "losers may muck" a
beaten hand is mucked and the log says so; the rabbit hunt is revealed with one tap.

Laptop (1280x800) and phone (390x844) viewports; screenshots go to ``test-artifacts/``.
"""

from __future__ import annotations

import re
from typing import Any

import pytest

from browser_support import (  # noqa: F401 (fixtures)
    ARTIFACTS,
    News,
    Pages,
    agree_to_run_twice,
    base,
    browser,
    each_device,
    pages,
    state,
    stored_hand,
    take_turn,
    unpause,
)
from homegame.server.harness import api

pytestmark = pytest.mark.browser

#: The hands checked down while waiting for one whose loser the house rule mucks.
MUCK_HANDS = 20


def names_card(text: str, card: str) -> bool:
    """Whether ``text`` holds the card ``card`` ("9d") as a card, not as two letters of a hash or an id."""
    return re.search(rf"(?<![\w-]){card}(?![\w-])", text) is not None


def live(page: Any) -> None:
    page.wait_for_function("(s => s.view && !s.view.over && s.view.legal !== undefined)(window.homegame.state)")


def send_act(page: Any, action: str) -> None:
    page.evaluate(f"(s => window.homegame.send({{type: 'act', action: {action!r}, decision: s.you.decision}}))(window.homegame.state)")


def first_to_act(ann: Any, bob: Any) -> tuple[Any, Any]:
    """Once the hand is live on both pages: the page whose turn it is, and the other."""
    for p in (ann, bob):
        live(p)
    first = next(p for p in (ann, bob) if state(p)["view"]["legal"])
    return first, (bob if first is ann else ann)


def raise_and_fold(first: Any, other: Any) -> None:
    """``first`` raises to 10 and ``other`` folds from its page: the hand ends with nobody called."""
    send_act(first, "raise 10")
    other.wait_for_selector('#actions button[data-action="fold"]:not([disabled])')
    other.click('#actions button[data-action="fold"]')


def check_down(players: list[Any], number: int) -> None:
    """Every player checks (or calls) until hand ``number`` is over on every page (or, on a loaded
    machine, the next hand has begun there before the page was looked at)."""
    news = News(players[0], f"hand {number} did not finish")
    while not all(state(p)["hand"] > number or (state(p)["hand"] == number and (state(p)["view"] or {}).get("over"))
                  for p in players):
        for p in players:
            s = state(p)
            if s["hand"] == number and (s["view"] or {}).get("legal"):
                take_turn(p)
        news.wait()


@each_device
def test_a_winner_nobody_called_shows_one_card(base: str, pages: Pages, device: str) -> None:
    made, ann = pages.host_seated(device, "Ann", game="holdem", approve_seats=False, paused=True, between_hands=60)
    bob = pages.guest_seated(made, device, "Bob")
    # shown before the hand is over: refused, and the page says why
    bob.evaluate("window.homegame.send({type: 'show'})")
    bob.wait_for_function("/shown by choice once the hand is over|nothing of yours/.test(document.getElementById('toast').textContent)")
    unpause(ann)
    first, other = first_to_act(ann, bob)
    raise_and_fold(first, other)
    first.wait_for_selector("#after .show-choice")
    assert "Nobody has seen your cards" in first.inner_text("#after .show-choice")
    other.wait_for_selector("#after .show-choice")  # a folded hand may be shown too, and is said so
    assert "You folded" in other.inner_text("#after .show-choice")
    mine = state(first)["view"]["can_show"]
    assert len(mine) == 2
    first.click(f'#after .show-cards [data-card="{mine[1]}"]')
    assert mine[1][0] in first.inner_text('#after [data-action="show-some"]').replace("10", "T")
    first.screenshot(path=str(ARTIFACTS / f"house-show-choice-{device}.png"), full_page=True)
    first.click('#after [data-action="show-some"]')
    other.wait_for_function(f"(s => s.view.log.some(l => / shows {mine[1]}$/.test(l)))(window.homegame.state)")
    assert re.search(r"(Ann|Bob) shows", other.inner_text("#log"))
    hs = state(first)["you"]["hand_seat"]
    assert state(other)["view"]["results"]["shown"][str(hs)] == [mine[1]]
    # the card not shown stays unseen by the other player
    assert not names_card(str(state(other)["view"]), mine[0])
    # the one left may still be shown; "Muck" closes the offer
    first.wait_for_function("window.homegame.state.view.can_show.length === 1")
    first.click('#after [data-action="muck"]')
    assert first.locator("#after .show-choice").count() == 0
    other.screenshot(path=str(ARTIFACTS / f"house-shown-{device}.png"), full_page=True)
    # the show is stored with the hand: its spectator replay ends with it, and the card kept back stays hidden
    token = made["links"]["watch"].split("#", 1)[1]
    replay = api(base, f"/api/tables/{made['table_id']}/hands/{state(first)['hand']}.json?view=spectator&token={token}")
    assert replay["steps"][-1]["action"] == "show" and replay["steps"][-1]["seat"] == hs
    assert replay["steps"][-1]["view"]["results"]["shown"][str(hs)] == [mine[1]]
    assert not names_card(str(replay), mine[0])
    assert not pages.errors, pages.errors


def test_losers_may_muck_and_the_log_says_who(pages: Pages) -> None:
    made, ann = pages.host_seated("phone", "Ann", game="holdem", approve_seats=False, paused=True, between_hands=3)
    bob = pages.guest_seated(made, "phone", "Bob")
    # the host sets the showdown rule from the page
    ann.select_option('#host .house-form select[name="showdown"]', "muck-losers")
    ann.select_option('#host .house-form select[name="straddle"]', "utg")  # two players: left out, said why
    ann.click('#host [data-action="set-house"]')
    ann.wait_for_function("window.homegame.state.table.settings.house.showdown === 'muck-losers'")
    unpause(ann)
    live(ann)
    ann.wait_for_function("/no straddle this hand: a straddle needs three or more players/.test(document.getElementById('log').textContent)")
    number, mucked = beaten_hand(ann, bob)
    loser = ann if state(ann)["you"]["hand_seat"] == mucked else bob
    winner = bob if loser is ann else ann
    name = "Ann" if loser is ann else "Bob"
    # the loser is asked first (issue 17, seen 9): nothing says "mucked" and the next deal waits for the answer
    loser.wait_for_selector("#after .show-choice")
    assert "Your hand lost. Show it, or muck it?" in loser.inner_text("#after")
    winner.wait_for_selector("#after .deciding-note")
    for p in (ann, bob):
        assert p.locator("#after .mucked-note").count() == 0
        assert f"{name} mucks" not in p.inner_text("#log"), p.inner_text("#log")
        assert state(p)["hand"] == number
    assert f"{name} may show or muck" in winner.inner_text("#log")
    # the mucked cards never reach the other player
    assert state(winner)["view"]["seats"][mucked]["shown"] is None
    loser.screenshot(path=str(ARTIFACTS / "house-mucked-phone.png"), full_page=True)
    loser.click('#after [data-action="muck"]')
    winner.wait_for_function(f"/{name} mucks/.test(document.getElementById('log').textContent)")
    assert state(winner)["view"]["seats"][mucked]["shown"] is None
    winner.screenshot(path=str(ARTIFACTS / "house-muck-log-phone.png"), full_page=True)
    # a loser who taps Show all instead: nobody's page says the hand was mucked (issue 17, seen 9)
    shown_hand, mucked = beaten_hand(ann, bob)
    loser = ann if state(ann)["you"]["hand_seat"] == mucked else bob
    loser.wait_for_selector("#after .show-choice")
    loser.click('#after [data-action="show-all"]')
    for p in (ann, bob):
        # each page shows the cards while it is on that hand (the next is dealt 3 s later: a page read last
        # on a busy machine may be on it already), and says nothing of a muck
        p.wait_for_function(f"(s => s.hand !== {shown_hand} || Boolean(s.view.results?.shown?.['{mucked}']))"
                            "(window.homegame.state)")
        p.wait_for_function("!document.querySelector('#after .mucked-note, #after .deciding-note')")
    # the show is stored with the hand, for every page alike
    token = made["links"]["watch"].split("#", 1)[1]
    replay = api(pages.base, f"/api/tables/{made['table_id']}/hands/{shown_hand}.json?view=spectator&token={token}")
    assert replay["steps"][-1]["view"]["results"]["shown"].get(str(mucked)), replay["steps"][-1]["view"]["results"]
    assert not pages.errors, pages.errors


def beaten_hand(ann: Any, bob: Any) -> tuple[int, int]:
    """Check hands down heads-up until one ends with a loser's hand kept unseen ("losers may muck"):
    that hand's number and the loser's hand seat, with the page still on it (the deal waits for them)."""
    for _ in range(MUCK_HANDS):  # almost every hand checked down heads-up has a loser to muck
        live(ann)
        number = state(ann)["hand"]
        check_down([ann, bob], number)
        s = state(ann)  # one read: a hand with no loser to muck is followed by the next one in half a second
        if s["hand"] != number:
            continue  # the next hand began before the page was looked at: another hand
        mucked = s["view"]["results"].get("mucked")
        if mucked:
            return number, int(mucked[0])
    raise AssertionError(f"no hand of {MUCK_HANDS} ended with a mucked loser")


@each_device
def test_host_sets_straddle_and_bomb_pot_and_out_of_place_is_refused(pages: Pages, device: str) -> None:
    made, ann = pages.host_seated(device, "Ann", game="holdem", approve_seats=False, paused=True, between_hands=0.5, bot_delay=0.05)
    # a bomb pot before its ante is set: refused, and the reason is shown
    ann.click('#host [data-action="bomb-next"]')
    ann.wait_for_function("/ante first/.test(document.getElementById('toast').textContent)")
    # a chip the stakes are not whole numbers of: refused, said in the form
    ann.fill('#host .house-form input[name="chip"]', "5")
    ann.click('#host [data-action="set-house"]')
    ann.wait_for_function("/whole number of chips/.test(document.querySelector('#host .house-part .form-error').textContent)")
    ann.screenshot(path=str(ARTIFACTS / f"house-refused-{device}.png"), full_page=True)
    assert state(ann)["table"]["settings"]["house"] == {}
    # straddle under the gun with three players: hand 1 has it; a bomb pot called for the next hand
    ann.fill('#host .house-form input[name="chip"]', "1")
    ann.select_option('#host .house-form select[name="straddle"]', "utg")
    ann.fill('#host .house-form input[name="bomb_ante"]', "5")
    ann.click('#host [data-action="set-house"]')
    ann.wait_for_function("(h => h.straddle === 'utg' && h.bomb_ante === 5)(window.homegame.state.table.settings.house)")
    for _ in range(2):
        ann.evaluate("window.homegame.send({type: 'add_bot', kind: 'rule'})")
    ann.wait_for_function("window.homegame.state.table.seats.length === 3")
    unpause(ann)
    # the straddle is a choice: Ann (under the gun with three players) is asked before the deal
    ann.click('#sit [data-action="straddle-yes"]', timeout=10000)
    live(ann)
    ann.wait_for_function("window.homegame.state.view.log.some(l => /straddles 4/.test(l))")
    assert re.search(r"straddles 4", ann.inner_text("#log"))
    # the straddle question has gone and the host panel moved up under the finger: a tap there within a
    # moment of the last one is taken for a double tap and dropped (web/js/settle.js), as for a person
    ann.wait_for_function("!document.body.classList.contains('settling')")
    ann.click('#host [data-action="bomb-next"]')
    ann.wait_for_function("window.homegame.state.table.settings.bomb_next === true")
    assert "✓" in ann.inner_text('#host [data-action="bomb-next"]')
    check_down([ann], 1)
    # hand 2 as the page holds it when the bomb pot's antes are in (read then, in one go: the table plays on)
    bomb = ann.wait_for_function("""(s => s.hand === 2 && s.view && s.view.log.some(l => /antes 5 for the bomb pot/.test(l))
      && {bomb_next: s.table.settings.bomb_next, log: s.view.log})(window.homegame.state)""").json_value()
    assert bomb["bomb_next"] is False
    assert not any("straddles" in line for line in bomb["log"])  # a bomb pot has no straddle
    ann.screenshot(path=str(ARTIFACTS / f"house-bomb-{device}.png"), full_page=True)
    assert not pages.errors, pages.errors


@each_device
def test_two_humans_all_in_run_it_twice_and_a_friend_replays_it_from_its_link(pages: Pages, device: str) -> None:
    made, ann = pages.host_seated(device, "Ann", game="holdem", approve_seats=False, paused=True, between_hands=60)
    bob = pages.guest_seated(made, device, "Bob")
    # out of place: no hand yet, and the host has not allowed it
    bob.evaluate("window.homegame.send({type: 'run_twice', value: true})")
    bob.wait_for_function("/not allowed running it twice/.test(document.getElementById('toast').textContent)")
    ann.check('#host .house-form input[name="run_twice"]')
    ann.click('#host [data-action="set-house"]')
    ann.wait_for_function("window.homegame.state.table.settings.house.run_twice === true")
    unpause(ann)
    first, other = first_to_act(ann, bob)
    send_act(first, "raise 200")
    # both are asked, one tap each, before the last call
    agree_to_run_twice(first, other)
    assert "Everyone agreed" in other.inner_text("#run-twice")
    other.screenshot(path=str(ARTIFACTS / f"house-rit-agreed-{device}.png"), full_page=True)
    other.click('#actions button[data-action="call"]')
    for p in (first, other):
        p.wait_for_function("(v => v && v.over && v.runs && v.runs.length === 2)(window.homegame.state.view)")
        assert p.locator("#board .run-board").count() == 2
        assert "run twice" in p.inner_text("#log")
    assert "run 1" in first.inner_text("#results") and "run 2" in first.inner_text("#results")
    first.screenshot(path=str(ARTIFACTS / f"house-rit-result-{device}.png"), full_page=True)
    first.locator("#felt").screenshot(path=str(ARTIFACTS / f"house-rit-felt-{device}.png"))
    # a friend opens the replay from its link (the spectator token) and steps to the end: both runs
    number = state(first)["hand"]
    stored_hand(pages.base, made, number)  # the replay is of a stored hand
    link = f"{made['links']['watch'].split('#')[0]}?replay={number}#{made['links']['watch'].split('#', 1)[1]}"
    friend = pages.new(device)
    friend.goto(link)
    friend.wait_for_selector("#replay .replay-log li")
    friend.click('#replay [data-action="replay-last"]')
    friend.wait_for_selector("#replay .run-board >> nth=1")
    text = friend.inner_text("#replay")
    assert "Result:" in text and "(run 1)" in text, text
    friend.locator("#replay").screenshot(path=str(ARTIFACTS / f"replay-rit-friend-{device}.png"))
    assert not pages.errors, pages.errors


@each_device
def test_a_rabbit_hunt_after_a_hand_ended_early_is_one_tap_for_anyone(pages: Pages, device: str) -> None:
    made, ann = pages.host_seated(device, "Ann", game="holdem", approve_seats=False, paused=True, between_hands=60)
    bob = pages.guest_seated(made, device, "Bob")
    watcher = pages.open(made["links"]["watch"], device)
    ann.check('#host .house-form input[name="rabbit"]')
    ann.click('#host [data-action="set-house"]')
    ann.wait_for_function("window.homegame.state.table.settings.house.rabbit === true")
    unpause(ann)
    first, other = first_to_act(ann, bob)
    raise_and_fold(first, other)
    for p in (ann, bob, watcher):
        p.wait_for_selector('#after [data-action="rabbit"]')
        assert p.locator("#after .rabbit-cards").count() == 0  # hidden until asked for
    watcher.click('#after [data-action="rabbit"]')
    watcher.wait_for_selector("#after .rabbit-cards .card")
    rabbit = state(watcher)["view"]["rabbit"]
    assert len(rabbit) == 5 and watcher.locator("#after .rabbit-cards .card").count() == 5
    assert [watcher.locator("#after .rabbit-cards .card").nth(i).get_attribute("data-card") for i in range(5)] == rabbit
    watcher.screenshot(path=str(ARTIFACTS / f"house-rabbit-{device}.png"), full_page=True)
    assert not pages.errors, pages.errors
