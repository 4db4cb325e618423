"""The hand replayer on the page: the night's hands, any finished hand step by step without a card a
spectator could not see, and a link for a friend that carries the spectator token in its fragment."""

from __future__ import annotations

import re

import pytest

from browser_support import (  # noqa: F401 (fixtures)
    ARTIFACTS,
    News,
    Pages,
    base,
    browser,
    each_device,
    pages,
    play_out,
    state,
    stored_hand,
    take_turn,
    unpause,
)
from homegame.server.harness import create_table

pytestmark = pytest.mark.browser


@each_device
def test_a_finished_hand_replays_step_by_step_and_can_be_sent(base: str, pages: Pages, device: str) -> None:
    made, page = pages.host_seated(device, game="passem", bots=1, bot_delay=0.05, between_hands=30, approve_seats=False,
                                   paused=True)
    unpause(page)
    play_out(page)
    stored = stored_hand(base, made, 1)  # then the night's list has it
    page.click("#replay-panel summary")
    page.click('#replay-panel [data-action="night"]')
    page.click('#night [data-action="replay-1"]')
    page.wait_for_selector("#replay .replay-log li")
    actions = stored["history"]["actions"]
    for _ in actions:
        page.click('[data-action="replay-next"]')
    text = page.inner_text("#replay")
    assert "Result:" in text and "Ann" in text, text
    assert f"Step {len(actions) + 1} of {len(actions) + 1}" in text
    # no card a spectator could not see: the passes are said without their cards, no hole card appears
    hidden = set(stored["history"]["deck"].split()) - set(stored["history"].get("board", "").split())
    shown = set(re.findall(r"\b(?:10|[2-9JQKA])[♣♦♥♠]", page.inner_text("#replay .replay-log")))
    exposed = {a[1].split()[1] for a in actions if a[1].startswith("expose")}
    pretty = {c.replace("T", "10").translate(str.maketrans("cdhs", "♣♦♥♠")) for c in hidden - exposed}
    assert not shown & pretty, shown & pretty
    assert any("passes" in line for line in page.inner_text("#replay .replay-log").splitlines())
    # the stacks after each hand, drawn from the hand files: Ann's line ends at her stack
    page.click('#replay-panel [data-action="chart"]')
    page.wait_for_selector("#chart svg polyline", state="attached")
    assert page.locator("#chart polyline").count() == 2
    ann = next(i for i, n in stored["names"].items() if n == "Ann")
    after = stored["start"]["stacks"][int(ann)] + stored["payoffs"][int(ann)]
    assert after == next(s["stack"] for s in state(page)["table"]["seats"] if s["name"] == "Ann")
    page.screenshot(path=str(ARTIFACTS / f"replay-{device}.png"), full_page=True)
    link = page.input_value("#replay .replay-link input")
    assert made["links"]["host"].split("#", 1)[1] not in link and "?replay=1#" in link, link
    assert link.split("#", 1)[1] == made["links"]["watch"].split("#", 1)[1]
    # the friend's page opens the replay by itself
    friend = pages.new(device)
    friend.goto(link)
    friend.wait_for_selector("#replay .replay-log li")
    assert "Step 1 of" in friend.inner_text("#replay")
    assert not pages.errors, pages.errors


def test_actions_are_said_as_a_spectator_reads_them(base: str, pages: Pages) -> None:
    made = create_table(base, game="holdem", bots=1, approve_seats=False, paused=True)
    page = pages.open(made["links"]["watch"], "phone")
    said = page.evaluate("""async () => { const m = await import('/static/js/replay.js');
        return ['pass 2', 'pass 1', 'discard 3', 'discard 0', 'arrange 5', 'expose', 'raise 12', 'call 4', 'declare', 'show']
          .map((a) => m.publicAction('Ann', a)); }""")
    # the public forms the server sends (rules.views.public_action decides what they hold), said in words
    assert said == ["Ann passes 2 cards", "Ann passes 1 card", "Ann discards 3", "Ann stands pat",
                    "Ann arranges their cards", "Ann turns a card up", "Ann raises to 12", "Ann calls 4",
                    "Ann declares", "Ann shows cards by choice"]
    # seen: the replay of a declare hand never said who declared what; at the end it does
    declared = page.evaluate("""async () => { const m = await import('/static/js/replay.js');
        const seats = [{seat: 0, declared: 'both', folded: false}, {seat: 1, declared: 'low', folded: false},
                       {seat: 2, declared: 'high', folded: true}, {seat: 3, declared: null, folded: false}];
        return m.declaredLines({seats}, (s) => ['Sam', 'Maya', 'Raj', 'Lena'][s]); }""")
    assert declared == ["Sam declared both ways", "Maya declared low"]


def test_a_board_less_replay_says_no_board_and_the_night_list_follows_the_night(base: str, pages: Pages) -> None:
    # issue 17: a stud replay said "no board yet", and the night's list kept to the hands of when it was
    # opened until the page was reloaded
    made, page = pages.host_seated("phone", game="stud", bots=1, bot_delay=0.05, between_hands=0.5,
                                   approve_seats=False, paused=True)
    unpause(page)
    play_out(page)
    stored_hand(base, made, 1)
    page.click("#replay-panel summary")
    page.click('#replay-panel [data-action="night"]')
    page.click('#night [data-action="replay-1"]')
    page.wait_for_selector("#replay .replay-board")
    assert "no board" not in page.inner_text("#replay")
    page.click('[data-action="replay-next"]')
    assert "no board" not in page.inner_text("#replay")
    # the list as opened ends at the last hand finished then (hand 1, or 2 if a bot folded to Ann's bring-in
    # meanwhile); the next hand to end joins it with no reload
    listed = page.evaluate("Math.max(...[...document.querySelectorAll('#night [data-action]')]"
                           ".map(e => /^replay-(\\d+)$/.exec(e.dataset.action)).filter(Boolean).map(m => +m[1]))")
    assert listed >= 1
    page.wait_for_function(f"window.homegame.state.hand > {listed}")
    play_out(page)  # that hand ends: the list shows it, no reload
    page.wait_for_selector(f'#night [data-action="replay-{listed + 1}"]')
    assert not pages.errors, pages.errors


def test_replay_on_a_phone_scrolls_to_the_replayer(pages: Pages) -> None:
    # issue 17/21 play-test: on a phone "Replay" seemed to do nothing: the replayer opened below the list
    # of the night's hands and the page stayed where it was
    made, page = pages.host_seated("phone", game="holdem", bots=3, bot_delay=0.01, between_hands=0.1,
                                   approve_seats=False, paused=True)
    unpause(page)
    news = News(page, "the night never came to its tenth hand")
    while state(page)["table"]["hand_number"] < 10:
        if (state(page)["view"] or {}).get("legal"):
            take_turn(page, calls=False)
        news.wait()
    page.click("#replay-panel summary")
    page.click('#replay-panel [data-action="night"]')
    first = page.locator('#night [data-action="replay-1"]')
    first.scroll_into_view_if_needed()
    first.click()
    page.wait_for_selector("#replay .replay-log li")
    # the replayer's top comes into view (the page scrolls to it; a smooth scroll is waited for)
    page.wait_for_function("(r => r.top >= 0 && r.top < innerHeight / 2)(document.getElementById('replay').getBoundingClientRect())")
    page.screenshot(path=str(ARTIFACTS / "replay-scrolled-phone.png"))
    assert not pages.errors, pages.errors
