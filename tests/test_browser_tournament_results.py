"""Issue 20 in a browser: at the end of a tournament night with bots, the clock page settles up between
people in tournament words: what each person paid in (buy-in, rebuy) against what they won, who pays
whom, and the bots' places apart (it said "Ann won 10 from the bots: nobody pays that", a cash game's
words, of a bot's buy-in). Run under the server's real Content-Security-Policy; every wait is on the page.
"""

from __future__ import annotations

from typing import Any

from browser_support import ARTIFACTS, LAPTOP, base, browser  # noqa: F401 - fixtures
from homegame.server.harness import api
from test_browser_tournament import host_posts, watched


def test_the_clock_settles_a_night_with_bots_in_tournament_words(base: str, browser: Any) -> None:  # noqa: F811
    made = api(base, "/api/tournaments", {"preset": "turbo", "buy_in": 20, "rebuy_level": 1, "payouts": [70, 30]})
    host_posts(base, made, *({"action": "enter", "name": n} for n in ("Ann", "Ben")),
               *({"action": "enter", "name": n, "bot": True} for n in ("Bot 1", "Bot 2")), {"action": "start"},
               {"action": "rebuy", "name": "Ann"},
               *({"action": "bust", "names": [n]} for n in ("Bot 2", "Ben", "Bot 1")))  # Ann 1st, Bot 1 2nd
    problems: list[str] = []
    ctx = browser.new_context(**LAPTOP)
    try:
        page = watched(ctx, problems)
        page.goto(made["links"]["clock"])
        page.wait_for_selector("#results-box:not([hidden])")
        accounts = page.locator("#accounts li").all_text_contents()
        settle = page.locator("#settle li").all_text_contents()
        page.screenshot(path=str(ARTIFACTS / "tournament-clock-settle-words.png"), full_page=True)
    finally:
        ctx.close()
    assert accounts == ["Ann finished 1st: paid 40 (buy-in 20, 1 rebuy 20), won 70 (1st place's prize): up 30",
                        "Ben finished 3rd: paid 20 (buy-in 20), won nothing: down 20"], accounts
    assert settle == ["Ben pays Ann 20",
                      "Ann's winnings count 10 of the bots' buy-ins, which nobody paid in: nobody pays Ann that 10",
                      "The bots' places (a bot is never paid and never pays): Bot 1 2nd (a prize of 30, paid to "
                      "nobody), Bot 2 4th"], settle
    assert not [line for line in settle if "from the bots" in line or "nobody pays that" in line], settle
    assert not problems, problems
