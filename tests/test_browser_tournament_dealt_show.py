"""Issue 20 online, on a phone: after a hand at a dealt tournament's table, a player may show the cards
nobody saw (folded, or a winner nobody called), as at a cash table. The page offers "Show all"; the
server takes it (it refused every show at a tournament table: "a tournament table takes no 'show'").
Showing after the hand is allowed at a tournament: what is forbidden is showing during a hand (Robert's
Rules, tournaments, rule 21), and what one player is shown every player sees ("show one, show all"),
which a show to the whole table is. Every wait is on the page's own state (no sleeps).
"""

from __future__ import annotations

from typing import Any

from browser_support import ARTIFACTS, News, base, browser, pages, state, take_turn  # noqa: F401 - fixtures
from homegame.server.harness import api
from test_browser_tournament_dealt import dealt_tournament


def test_a_tournament_player_shows_the_cards_they_folded(pages: Any, base: str) -> None:  # noqa: F811
    # 20 s between hands: the phone has the time to offer the show and hear the answer before the next deal
    tid, tokens = dealt_tournament(base, ["Ann"], bots=2, between_hands=20)
    ann = pages.open(f"{base}/t/{tid}#{tokens['Ann']}", "phone")
    news = News(ann, "no hand of Ann's ended")
    while True:  # Ann folds (or checks) until a hand she was dealt into is over
        s = state(ann)
        view = s["view"] or {}
        if view.get("over") and view.get("can_show") and s["you"]["hand_seat"] is not None:
            break
        if view.get("legal") and not view.get("over"):
            take_turn(ann, calls=False)
        news.wait()
    number, mine, cards = s["hand"], s["you"]["hand_seat"], view["can_show"]
    ann.wait_for_selector('#after [data-action="show-all"]')
    ann.screenshot(path=str(ARTIFACTS / "tournament-show-offered-phone.png"), full_page=True)
    ann.evaluate("window.homegame.lastError = null")  # an earlier refusal (a tap too late) is not this one's
    ann.click('#after [data-action="show-all"]')
    # the server answers with the cards shown, or refuses (an error the page keeps as app.lastError)
    ann.wait_for_function(f"""(app => app.lastError || app.state.hand !== {number}
        || (app.state.view.results.shown['{mine}'] || []).length)(window.homegame)""")
    refused = ann.evaluate("window.homegame.lastError")
    assert refused is None, refused
    after = state(ann)
    assert after["hand"] == number, "the next hand was dealt before the show was answered (20 s)"
    assert sorted(after["view"]["results"]["shown"][str(mine)]) == sorted(cards)
    assert "Ann shows" in ann.inner_text("#log")
    # the show is kept with the hand's record, as a cash table keeps it: the table's replay shows it
    table, auth = s["tournament"]["table"], {"Authorization": f"Bearer {tokens['Ann']}"}
    replay = api(base, f"/api/tournaments/{tid}/tables/{table}/hands/{number}.json?view=spectator", headers=auth)
    assert sorted(replay["steps"][-1]["view"]["results"]["shown"].get(str(mine), [])) == sorted(cards)
    assert not pages.errors, pages.errors
