"""The host's tools on the page (issue 17, What to build 4-5), which had only server tests: nothing is
dealt before the host taps Start; a player out of chips requests a rebuy and the host approves it with
one tap; the host shows a seat's link as a QR code, and that link opened in a tab that already shows the
table seats the player at once; the host mutes a spectator from the host panel."""

from __future__ import annotations

import pytest

from browser_support import (  # noqa: F401 (fixtures)
    ARTIFACTS,
    News,
    Pages,
    base,
    browser,
    pages,
    sit,
    state,
)
from homegame.server.harness import create_table

pytestmark = pytest.mark.browser


def test_nothing_is_dealt_before_the_host_taps_start(base: str, pages: Pages) -> None:
    made = create_table(base, game="holdem", bots=2, bot_delay=0.05, approve_seats=False, wait_for_host=True)
    host = pages.open(made["links"]["host"], "laptop")
    host.wait_for_selector('#sit [data-action="start"]')
    assert "Nothing is dealt until you start" in host.inner_text("#sit")
    # a friend sits: the table changes, and still no hand is dealt
    news = News(host, "the host's page never saw Bob sit")
    pages.guest_seated(made, "phone", "Bob")
    while not any(s["name"] == "Bob" for s in state(host)["table"]["seats"]):
        news.wait()
    assert state(host)["table"]["hand_number"] == 0 and state(host)["table"]["started"] is False
    host.click('#sit [data-action="start"]')
    host.wait_for_function("window.homegame.state.table.hand_number >= 1")
    assert host.locator('#sit [data-action="start"]').count() == 0
    assert not pages.errors, pages.errors


def test_a_rebuy_requested_by_a_player_is_approved_by_the_host_in_one_tap(pages: Pages) -> None:
    made, ann = pages.host_seated("laptop", "Ann", game="holdem", approve_seats=False, paused=True, buy_in=200)
    bob = pages.guest_seated(made, "phone", "Bob")
    seat = state(bob)["you"]["seat"]
    ann.evaluate(f"window.homegame.send({{type: 'adjust', seat: {seat}, stack: 0}})")  # Bob lost it all
    bob.wait_for_selector('#sit [data-action="rebuy"]:not([disabled])')
    bob.click('#sit [data-action="rebuy"]')
    bob.wait_for_selector('#sit [data-action="rebuy"][disabled]')
    ann.wait_for_selector('#sit [data-action="approve-rebuy"]')
    assert "Bob asks to rebuy 200" in ann.inner_text("#sit")
    ann.click('#sit [data-action="approve-rebuy"]')  # one tap
    bob.wait_for_function(f"window.homegame.state.table.seats.find((s) => s.position === {seat}).stack === 200")
    bob.wait_for_selector('#sit [data-action="rebuy"]', state="detached")
    assert ann.locator('#sit [data-action="approve-rebuy"]').count() == 0
    assert not pages.errors, pages.errors


def test_a_seat_code_shown_by_the_host_opened_in_a_tab_on_the_table_seats_the_player_at_once(pages: Pages) -> None:
    made, ann = pages.host_seated("laptop", "Ann", game="holdem", approve_seats=False, paused=True)
    bob = pages.guest_seated(made, "phone", "Bob")
    seat = state(bob)["you"]["seat"]
    ann.evaluate("document.getElementById('host-panel').open = true")
    ann.click(f'#host .host-seat[data-position="{seat}"] [data-action="seat-qr"]')
    code = ann.locator(f'#host .host-seat[data-position="{seat}"] figure.seat-qr svg')
    code.wait_for()
    assert code.bounding_box()["width"] >= 100  # type: ignore[index]
    ann.locator(f'#host .host-seat[data-position="{seat}"] figure.seat-qr').screenshot(path=str(ARTIFACTS / "host-seat-qr.png"))
    link = ann.input_value(f'#host .host-seat[data-position="{seat}"] .seat-link input')
    # Bob's new phone already shows the table as a guest; the link opened there seats him, no reload by hand
    phone = pages.open(made["links"]["invite"], "phone")
    assert state(phone)["you"]["seat"] is None
    phone.evaluate(f"location.hash = {link.split('#', 1)[1]!r}")
    phone.wait_for_function(f"window.homegame && window.homegame.state && window.homegame.state.you.seat === {seat}")
    assert phone.locator('#sit input[name="name"]').count() == 0
    assert not pages.errors, pages.errors


def test_the_host_mutes_a_spectator_from_the_host_panel(pages: Pages) -> None:
    made, ann = pages.host_seated("laptop", "Ann", game="holdem", approve_seats=False, paused=True)
    ann.evaluate("window.homegame.send({type: 'configure', spectator_chat: true})")
    watcher = pages.open(made["links"]["watch"], "phone")
    watcher.wait_for_function("window.homegame.state.table.settings.spectator_chat === true")
    watcher.evaluate("window.homegame.send({type: 'chat', text: 'hello from the rail'})")
    ann.evaluate("document.getElementById('host-panel').open = true")
    ann.wait_for_selector('#host-spectators [data-action="mute-spectator"]')
    assert "Spectator" in ann.inner_text("#host-spectators")
    ann.click('#host-spectators [data-action="mute-spectator"]')
    ann.wait_for_selector('#host-spectators [data-action="unmute-spectator"]')
    watcher.evaluate("window.homegame.send({type: 'chat', text: 'still here?'})")
    watcher.wait_for_function("/muted/.test(document.getElementById('chat-note').textContent)")
    assert "still here?" not in ann.inner_text("#chat-lines")
    assert not pages.errors, pages.errors
