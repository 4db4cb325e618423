"""The host uploads a game file from the page (laptop and phone): a bad file shows its line and what is
allowed and changes nothing; a good one joins the host's game choice, is dealt and played to the end."""

from __future__ import annotations

from pathlib import Path

import pytest

from browser_support import ARTIFACTS, Pages, base, browser, each_device, pages, play_out, state, unpause  # noqa: F401 (fixtures)

pytestmark = pytest.mark.browser

GOOD = Path(__file__).parent / "game_files" / "two-hole-draw.toml"  # name = "pass-draw-flop"


@each_device
def test_host_uploads_a_game_file_chooses_it_and_plays_a_hand(pages: Pages, device: str) -> None:
    _, page = pages.host_seated(device, game="holdem", bots=2, between_hands=30, bot_delay=0.05, approve_seats=False, paused=True,
                                stakes={"structure": "fixed-limit", "blinds": [1, 2], "small_bet": 2, "big_bet": 4})

    upload = page.locator("#host .gamefile-form")
    # a bad file: its line and what is allowed, under the upload box; the table is as it was
    bad = GOOD.read_text(encoding="utf-8").replace("count = 3", "count = 6")
    upload.locator("input[type=file]").set_input_files(
        files=[{"name": "broken.toml", "mimeType": "text/plain", "buffer": bad.encode()}])
    page.wait_for_function("document.querySelector('#host .gamefile-form textarea').value.includes('count = 6')")
    upload.locator('[data-action="upload-game"]').click()
    error = upload.locator(".form-error")
    error.filter(has_text="line").wait_for()
    said = error.inner_text().lower()
    assert "broken.toml line" in said and "count must be a whole number from 1 to 5" in said, said
    assert state(page)["table"]["game_files"] == []
    page.screenshot(path=str(ARTIFACTS / f"gamefile-error-{device}.png"), full_page=True)

    # the good file: it appears in the game choice, picked; Set game deals it from the next hand
    upload.locator("input[type=file]").set_input_files(str(GOOD))
    page.wait_for_function("document.querySelector('#host .gamefile-form textarea').value.includes('pass-draw-flop')")
    upload.locator('[data-action="upload-game"]').click()
    page.wait_for_function("window.homegame.state.table.game_files.some((g) => g.name === 'pass-draw-flop')")
    page.wait_for_function("document.querySelector('#host .game-form select[name=game]').value === 'pass-draw-flop'")
    assert upload.locator(".form-error").inner_text() == ""
    assert page.locator('#host .gamefile[data-game="pass-draw-flop"]').count() == 1
    page.click('#host [data-action="set-game"]')
    page.wait_for_function("window.homegame.state.table.settings.game === 'pass-draw-flop'")
    unpause(page)
    page.wait_for_function("window.homegame.state.view && window.homegame.state.view.game === 'pass-draw-flop'")
    page.screenshot(path=str(ARTIFACTS / f"gamefile-hand-{device}.png"), full_page=True)
    over = play_out(page)
    assert over["view"]["game"] == "pass-draw-flop" and over["view"]["title"] == "Pass, Draw and Flop"
    assert "Pass, Draw and Flop" in page.inner_text("#game-title")
    page.screenshot(path=str(ARTIFACTS / f"gamefile-over-{device}.png"), full_page=True)
    assert not pages.errors, pages.errors
