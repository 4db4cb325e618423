"""Issue 20 on a phone: at a dealt tournament's table, the player's page has the hand histories and
replays a cash table's page has (this table's hands, read from the tournament's own endpoints), its
shuffle checks pass, and it speaks tournament: no "buys in" or "cashes out" in the log, no "Sit out" or
"Leave table" (a player is away, or back; leaving is going out), no ledger or settle-up. Every wait is
on the page's own state.
"""

from __future__ import annotations

from typing import Any

from browser_support import News, base, browser, pages, take_turn  # noqa: F401 - fixtures
from browser_support import state as page_state
from homegame.server.harness import api

#: Cash-game words a tournament table's page must not show.
CASH_WORDS = ("buys in", "cashes out", "Sit out", "Leave table", "Settle up", "Ledger", "tonight")


def deep_tournament(base: str) -> tuple[str, dict[str, str]]:  # noqa: F811
    """A started dealt tournament of Ann and two bots at one table, stacks of 100 big blinds (Ann, who
    folds to any bet, cannot go out in her first hands); its id, Ann's token and the host's."""
    made = api(base, "/api/tournaments", {"preset": "turbo", "buy_in": 10, "dealt": True, "bot_delay": 0.1,
                                          "between_hands": 5, "table_size": 3, "starting_stack": 1000,
                                          "levels": [{"small_blind": 5, "big_blind": 10, "minutes": 30}]})
    tid, host = made["tournament_id"], made["links"]["host"].rsplit("#", 1)[1]
    auth = {"Authorization": f"Bearer {host}"}
    api(base, f"/api/tournaments/{tid}/host", {"action": "enter", "name": "Ann"}, auth)
    for name in ("Bot 1", "Bot 2"):
        api(base, f"/api/tournaments/{tid}/host", {"action": "enter", "name": name, "bot": True}, auth)
    ann = api(base, f"/api/tournaments/{tid}", headers=auth)["player_tokens"]["Ann"]
    api(base, f"/api/tournaments/{tid}/host", {"action": "start"}, auth)
    return tid, {"Ann": ann, "host": host}


def played_a_hand(phone: Any) -> None:
    """Ann plays her turns (checking, folding to a bet) until her table has finished a hand (the next is
    dealt five seconds later: the host pauses before it, and Ann's seat controls show between hands)."""
    news = News(phone, "no hand finished at Ann's table")
    while not phone.evaluate("(() => { const s = window.homegame.state; return Boolean(s && s.view && s.view.over); })()"):
        state = page_state(phone)
        if state and (state["view"] or {}).get("legal") and not state["view"]["over"]:
            take_turn(phone, calls=False)
        news.wait()


def test_a_tournament_players_phone_has_the_tables_hand_histories_and_speaks_tournament(pages: Any, base: str) -> None:  # noqa: F811
    tid, tokens = deep_tournament(base)
    phone = pages.open(f"{base}/t/{tid}#{tokens['Ann']}", "phone")
    played_a_hand(phone)
    # the host pauses the clock (every table stops): Ann's page holds still while she looks around it
    api(base, f"/api/tournaments/{tid}/host", {"action": "pause"}, {"Authorization": f"Bearer {tokens['host']}"})
    phone.wait_for_function("window.homegame.state.tournament.paused")
    table = phone.evaluate("window.homegame.state.tournament.table")
    # the hand histories: this table's hands, each a download of its record (JSON)
    phone.click("#tabs button[data-tab=ledger]")
    phone.click("#ledger [data-action=hands]")
    phone.wait_for_selector("#ledger ul.hands li:has-text('Hand 1')")
    assert phone.locator("#ledger ul.hands li a[data-download='hand-1.json']").count() == 1
    # the replays: this table's hands, the first one replayed step by step as a spectator saw it
    phone.click("#tabs button[data-tab=replays]")
    phone.click("#replay-panel [data-action=chart]")
    phone.wait_for_selector("#stats table.stats caption:has-text('Table ')")
    phone.click("#replay-panel [data-action=night]")
    phone.click("#night [data-action=replay-1]")
    phone.wait_for_selector("#replay:has-text('Hand 1')")
    # a player is away or back (the tournament's word), and the page says so once the hall has it
    phone.click("#tabs button[data-tab=table]")
    phone.click("#sit [data-action=away]")
    phone.wait_for_function("window.homegame.state.tournament.away.includes('Ann')")
    phone.wait_for_selector("#sit [data-action=away]:has-text(\"I'm back\")")
    phone.screenshot(path="test-artifacts/tournament-phone-hands.png", full_page=True)
    text = phone.inner_text("body")
    said = [word for word in CASH_WORDS if word in text]
    assert not said, said
    # the shuffle was committed and checked: no alarm, and this table's chain recorded apart
    assert "CHANGED" not in (phone.text_content("#commit") or "")
    phone.wait_for_function(f"localStorage.getItem('homegame.fair.{tid}.{table}') !== null")
    assert not pages.errors
