"""Issue 20 online, on a phone: a person at a two-table dealt tournament is moved, and their phone's
table page follows them to the new table, says so ("moved to table 3, seat N") and shows their new
hand's cards. Every wait is on the page's own state (no sleeps).
"""

from __future__ import annotations

from typing import Any

from browser_support import News, base, browser, pages, take_turn  # noqa: F401 - fixtures
from browser_support import state as page_state
from homegame.server.harness import api


def dealt_tournament(base: str, people: list[str], bots: int, **settings: Any) -> tuple[str, dict[str, str]]:  # noqa: F811
    """A started dealt tournament (tables of three, blinds a quarter of the stack: busts come fast; ``settings``
    change the new tournament's form); its id and each person's own token (and the host's, as ``host``)."""
    made = api(base, "/api/tournaments", {"preset": "turbo", "buy_in": 10, "dealt": True, "bot_delay": 0.1,
                                          "between_hands": 0.3, "table_size": 3, "starting_stack": 200,
                                          "levels": [{"small_blind": 25, "big_blind": 50, "minutes": 30}],
                                          **settings})
    tid, host = made["tournament_id"], {"Authorization": "Bearer " + made["links"]["host"].rsplit("#", 1)[1]}
    for name in people:
        api(base, f"/api/tournaments/{tid}/host", {"action": "enter", "name": name}, host)
    for i in range(1, bots + 1):
        api(base, f"/api/tournaments/{tid}/host", {"action": "enter", "name": f"Bot {i}", "bot": True}, host)
    tokens = {**api(base, f"/api/tournaments/{tid}", headers=host)["player_tokens"],
              "host": made["links"]["host"].rsplit("#", 1)[1]}
    api(base, f"/api/tournaments/{tid}/host", {"action": "start"}, host)
    return tid, tokens


def mine(page: Any) -> dict[str, Any] | None:
    """The page's state, or ``None`` while it waits for its (new) table's."""
    found: dict[str, Any] | None = page_state(page)
    return found


#: Fresh tournaments the test may open: Ann is moved at the final-table redraw unless she is the first
#: one out (about one time in three), so one of six tournaments moves her all but surely.
ATTEMPTS = 6


def moved_phone(pages: Any, base: str) -> Any:  # noqa: F811
    """Ann's phone at a tournament of four at tables of three (two and two: the first bust leaves
    three, redrawn at table 3), once the floor moved her (a new tournament when she went out first)."""
    for _ in range(ATTEMPTS):
        tid, tokens = dealt_tournament(base, ["Ann"], bots=3)
        phone = pages.open(f"{base}/t/{tid}#{tokens['Ann']}", "phone")
        first = mine(phone)
        assert first is not None
        if first["tournament"]["table"] not in (1, 2):  # moved before her page opened: no move to see
            continue
        phone.wait_for_selector("#tourney-line:has-text('Level 1 · 25 / 50')")
        news = News(phone, "Ann was neither moved nor out")
        while phone.get_attribute("body", "data-moves") is None:  # Ann plays her turns until the floor moves her
            if phone.get_attribute("body", "data-tournament-out"):
                break
            state = mine(phone)
            if state and (state["view"] or {}).get("legal") and not state["view"]["over"]:
                take_turn(phone)
            news.wait()
        else:
            return phone
    raise AssertionError(f"Ann was not moved while her page watched in {ATTEMPTS} tournaments")


def test_a_moved_players_phone_follows_them_to_the_new_table_with_dealt_cards(pages: Any, base: str) -> None:  # noqa: F811
    phone = moved_phone(pages, base)
    note = phone.text_content("#tourney-note") or ""
    assert note.startswith("You were moved to table 3, seat ")
    # the page now shows table 3, with Ann dealt in: her own two cards, face up to her
    # the state read at the moment it first shows her dealt in at table 3 (the bots play on: a later read
    # may find one of them out already)
    moved = phone.wait_for_function("""() => { const s = window.homegame.state;
        return s && s.tournament.table === 3 && s.you.hand_seat !== null && (s.view.cards || []).length === 2
          && JSON.parse(JSON.stringify(s)); }""").json_value()
    assert moved is not None
    seat = next(s for s in moved["table"]["seats"] if s["name"] == "Ann")
    assert note == f"You were moved to table 3, seat {seat['position'] + 1}."
    assert phone.get_attribute("body", "data-tournament-table") == "3"
    assert (phone.text_content("#tourney-line") or "").startswith("Table 3 · Level 1")
    assert phone.locator("#my-cards .card").count() == 2
    # the final table: everyone still in sits at it (a bot may already be out by her first hand there)
    assert len(moved["table"]["seats"]) == moved["tournament"]["players_left"] in (2, 3)
    assert sum(s["stack"] + s["in_pot"] for s in moved["view"]["seats"]) == 4 * 200  # every chip came along
    assert not pages.errors


def test_the_host_clock_of_a_dealt_tournament_shows_the_stacks_and_no_out_buttons(pages: Any, base: str) -> None:  # noqa: F811
    tid, tokens = dealt_tournament(base, ["Ann"], bots=3)
    clock = pages.new("laptop")
    clock.goto(f"{base}/c/{tid}#{tokens['host']}")
    clock.wait_for_selector("#draw li:has-text('chips')")
    rows = clock.locator("#draw li").all_text_contents()
    # (the bots play on meanwhile: someone may be out already)
    assert rows and all(" chips" in row for row in rows)
    assert {row.split(":")[0] for row in rows} <= {"Ann", "Bot 1", "Bot 2", "Bot 3"}
    assert clock.locator("#draw button.out").count() == 0  # the hands decide who is out
    assert clock.locator("#hand-busts-box").is_hidden()
    assert not pages.errors


def test_the_lobby_opens_a_tournament_dealt_online(pages: Any, base: str) -> None:  # noqa: F811
    host = pages.new("laptop")
    host.goto(base + "/")
    host.click("#tournament-night summary")
    host.fill("#new-tournament input[name=table_size]", "3")
    host.check("#new-tournament input[name=dealt]")
    host.click("#new-tournament button[type=submit]")
    host.wait_for_selector("body[data-ready=true]")
    for name in ("RuleBot 1", "RuleBot 2", "RuleBot 3"):
        host.fill("#enter input[name=name]", name)
        host.set_checked("#enter input[name=bot]", True)
        host.click("#enter button[type=submit]")
        host.wait_for_selector(f"#entries:has-text('{name}')")
    host.click("#start")
    # dealt online: the server deals the hands, so the seat draw shows each one's chips, no Out button
    host.wait_for_selector("#draw li:has-text('chips')")
    assert host.locator("#draw button.out").count() == 0
    assert not pages.errors
