"""Dealer's choice people understand (issue 17, What to build 6): every game in the lobby's picker and in
the dealer's choice on the table with one line of what it is (its game file's ``about``) and its variants
(high, hi-lo, declare) as choices; the current game's rules card on the felt. On a 360x740 phone."""

from __future__ import annotations

from typing import Any

import pytest

from browser_support import (  # noqa: F401 (fixtures)
    ARTIFACTS,
    Pages,
    base,
    browser,
    pages,
    state,
    unpause,
    wait_for_my_choice,
)
from homegame.games import GAMES

pytestmark = pytest.mark.browser

SMALL = {"viewport": {"width": 360, "height": 740}, "is_mobile": True, "has_touch": True}


def inside_the_screen(page: Any, selector: str) -> None:
    box = page.locator(selector).bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 360 and box["y"] + box["height"] <= 740, box


def test_every_game_file_says_what_its_game_is() -> None:
    assert all(10 <= len(gf.about) <= 200 for gf in GAMES.values()), [n for n, gf in GAMES.items() if not gf.about]


def test_the_lobby_says_what_each_game_is_and_opens_its_declare_variant(base: str, pages: Pages) -> None:
    page = pages.new(SMALL)
    page.goto(base + "/")
    page.wait_for_function("document.querySelectorAll('select[name=game] option').length > 5")
    page.select_option("select[name=game]", "passem")
    assert page.inner_text("#game-about") == GAMES["passem"].about
    variants = page.eval_on_selector_all("#variant-box select option", "os => os.map((o) => o.textContent)")
    assert variants == ["High", "Hi-lo", "Declare"], variants
    page.select_option("#variant-box select", label="Declare")
    page.click("#new-table [type=submit]")
    page.wait_for_function("window.homegame && window.homegame.state")
    assert state(page)["table"]["settings"]["rules"]["split"] == "declare"
    # the rules card on the felt: the game's own description, on the phone's screen
    page.click("#rules-button")
    page.wait_for_selector("#rules-card:not([hidden])")
    assert GAMES["passem"].about in page.inner_text("#rules-card")
    assert "split declare" in page.inner_text("#rules-card .rules-title")
    inside_the_screen(page, "#rules-card")
    page.screenshot(path=str(ARTIFACTS / "rules-card-small.png"))
    page.click('#rules-card [data-action="rules-close"]')
    page.wait_for_selector("#rules-card", state="hidden")
    assert not pages.errors, pages.errors


def test_the_dealers_choice_lists_games_with_what_they_are_and_their_variants(pages: Pages) -> None:
    made, page = pages.host_seated(SMALL, game="dealers-choice", bots=1, between_hands=0.5, bot_delay=0.05,
                                   approve_seats=False, paused=True)
    unpause(page)
    wait_for_my_choice(page)
    rows = page.locator("#actions .game-choice")
    assert rows.count() >= 20
    for i in range(rows.count()):
        name = rows.nth(i).locator("button").get_attribute("data-action").removeprefix("choose-")
        assert rows.nth(i).locator(".game-about").inner_text() == GAMES[name].about
    passem = page.locator("#actions .game-choice", has=page.locator('[data-action="choose-passem"]'))
    assert passem.locator("select option").all_inner_texts() == ["High", "Hi-lo", "Declare"]
    inside_the_screen(page, '#actions [data-action="choose-passem"]')
    page.screenshot(path=str(ARTIFACTS / "dealers-choice-small.png"))
    passem.locator("select").select_option(label="Declare")
    page.click('#actions [data-action="choose-passem"]')
    page.wait_for_function("(v => v && v.game === 'passem' && v.rules.split === 'declare')(window.homegame.state.view)")
    assert not pages.errors, pages.errors


#: The dealer's page at one instant: the banner, whether each game button is disabled, the pause note.
CHOOSER = """() => ({ banner: document.getElementById('banner').textContent,
  disabled: [...document.querySelectorAll('#actions .choose button')].map((b) => b.disabled),
  note: (n => n && !n.hidden ? n.textContent : '')(document.querySelector('#actions .chooser-paused')),
  chooser: window.homegame.state.table.chooser, seat: window.homegame.state.you.seat,
  paused: window.homegame.state.table.paused })"""


def test_a_pause_while_i_choose_the_game_says_paused_and_holds_the_games(pages: Pages) -> None:
    """Issue 17 play-test: the host paused while Ann chose the game; her page said nothing of the pause
    and a game could still be picked. Paused, the page says so and the games wait (a choice sent anyway is
    refused in words, and nothing changes); resumed, the dealer picks."""
    _, page = pages.host_seated(SMALL, game="dealers-choice", bots=1, between_hands=0.5, bot_delay=0.05,
                                approve_seats=False, paused=True)
    unpause(page)
    wait_for_my_choice(page)
    page.evaluate("window.homegame.send({type: 'pause', value: true})")
    page.wait_for_function("window.homegame.state.table.paused")
    seen = page.evaluate(CHOOSER)  # paused, nothing moves: the page is read at one instant
    page.screenshot(path=str(ARTIFACTS / "dealers-choice-paused.png"))
    assert seen["banner"] == "PAUSED by Ann", seen
    assert seen["disabled"] and all(seen["disabled"]), seen
    assert "paused" in seen["note"] and "resumes" in seen["note"], seen
    # a choice sent anyway (an older page, a second tab) is refused in words, and nothing changes
    page.evaluate("window.homegame.lastError = null; window.homegame.send({type: 'choose', game: 'passem', rules: {}})")
    page.wait_for_function("window.homegame.lastError")
    error = page.evaluate("window.homegame.lastError")
    assert "paused" in error["message"], error
    page.wait_for_function("document.getElementById('toast').textContent.includes('paused')")
    after = page.evaluate(CHOOSER)
    assert (after["chooser"], after["paused"], state(page)["table"]["next_game"]) == (seen["seat"], True, None), after
    unpause(page)
    page.wait_for_function("!window.homegame.state.table.paused")
    resumed = page.evaluate(CHOOSER)
    assert resumed["banner"].startswith("Dealer's choice: you pick"), resumed
    assert resumed["disabled"] and not any(resumed["disabled"]) and resumed["note"] == "", resumed
    page.click('#actions [data-action="choose-passem"]')
    page.wait_for_function("(v => v && v.game === 'passem')(window.homegame.state.view)")
    assert not pages.errors, pages.errors
