"""The page plays every game the server deals: the draw (0..N cards, stand pat), stud, razz, Big O,
Crazy Pineapple, Irish; the lobby lists them and the dealer's choice offers them after the seed games."""

from __future__ import annotations

from typing import Any

import pytest

import homegame as hg
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
    take_turn,
    unpause,
    wait_for_my_choice,
)

pytestmark = pytest.mark.browser

#: Every game beyond the four seed games (tests/test_browser.py plays those), the catalogue included.
NEW_GAMES = [g for g in hg.game_names() if g not in ("passem", "sameem", "pass-the-trash", "three-hole")]


def is_stud(game: str) -> bool:
    """A game whose first betting round opens with a bring-in (an ante and a bring-in, not blinds)."""
    return any(s.kind == "bet" and s.opener == "bring-in" for s in hg.game(game).steps)


def seated(pages: Pages, device: str, **spec: Any) -> Any:
    """Ann's page at a new table of hers (two bots unless ``spec`` says otherwise), dealing."""
    _, page = pages.host_seated(device, **{"bots": 2, "between_hands": 30, "bot_delay": 0.05, "approve_seats": False,
                                           "paused": True, **spec})
    unpause(page)
    return page


@each_device
def test_a_draw_takes_any_number_up_to_the_most_or_stands_pat(pages: Pages, device: str) -> None:
    page = seated(pages, device, game="five-card-draw",
                  stakes={"structure": "fixed-limit", "blinds": [1, 2], "small_bet": 2, "big_bet": 4})
    drew: list[int] = []

    def draw(page: Any, view: dict[str, Any]) -> bool:
        if not any(a.startswith("discard") for a in view["legal"]):
            return False
        most = max(int(a.split()[1]) for a in view["legal"] if a.startswith("discard "))
        go = page.locator('#actions button[data-action="draw"]')
        pat = page.locator('#actions button[data-action="stand-pat"]')
        assert go.is_disabled() and pat.is_enabled(), "nothing tapped: only standing pat"
        cards = page.locator("#my-cards button.card")
        for i in range(2):
            cards.nth(i).click()
            assert page.inner_text('#actions button[data-action="draw"]') == f"Draw {i + 1}"
            assert go.is_enabled() and pat.is_disabled()
        assert most >= 3
        page.screenshot(path=str(ARTIFACTS / f"draw-{device}.png"))
        before = state(page)["view"]["cards"]
        go.click()
        page.wait_for_function("!window.homegame.state.view.legal.some((a) => a.startsWith('discard'))")
        after = state(page)["view"]["cards"]
        drew.append(len(set(before) - set(after)))
        return True

    s = play_out(page, on_turn=draw)
    if drew:
        assert drew == [2]
        me = s["table"]["dealt"].index(s["you"]["seat"])
        assert any(f"Seat {me} draws 2" in line for line in s["view"]["log"]), s["view"]["log"]
    page.screenshot(path=str(ARTIFACTS / f"draw-over-{device}.png"))
    assert not pages.errors, pages.errors


@pytest.mark.parametrize("game", NEW_GAMES)
def test_every_new_game_deals_and_plays_from_the_page(pages: Pages, game: str) -> None:
    device = "phone" if NEW_GAMES.index(game) % 2 else "laptop"
    stakes = ({"structure": "fixed-limit", "ante": 1, "bring_in": 1, "small_bet": 2, "big_bet": 4}
              if is_stud(game) else {"structure": "fixed-limit", "blinds": [1, 2], "small_bet": 2, "big_bet": 4})
    page = seated(pages, device, game=game, stakes=stakes)
    s = play_out(page)
    assert s["view"]["game"] == game and s["view"]["results"]
    page.screenshot(path=str(ARTIFACTS / f"game-{game}-{device}.png"))
    assert not pages.errors, pages.errors


def test_the_lobby_and_the_dealers_choice_offer_every_game(base: str, pages: Pages) -> None:
    page = pages.new("phone")
    page.goto(base + "/")
    page.wait_for_function("document.querySelectorAll('select[name=game] option').length > 5")
    offered = page.eval_on_selector_all("select[name=game] option", "os => os.map((o) => o.value)")
    assert set(hg.game_names()) <= set(offered), offered
    page.context.close()
    page = seated(pages, "phone", game="dealers-choice", bots=1, between_hands=0.5)
    wait_for_my_choice(page)  # the button reaches me within two hands of two players, however slowly
    labels = page.eval_on_selector_all("#actions .choose button", "bs => bs.map((b) => b.dataset.action)")
    assert labels[0] == "choose-passem" and labels.index("choose-three-hole") < labels.index("choose-razz")
    assert {f"choose-{g}" for g in NEW_GAMES} <= set(labels), labels
    page.screenshot(path=str(ARTIFACTS / "dealers-choice-phone.png"))
    page.click('#actions [data-action="choose-razz"]')
    page.wait_for_function("window.homegame.state.view && window.homegame.state.view.game === 'razz'")
    assert not pages.errors, pages.errors
