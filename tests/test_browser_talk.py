"""Table talk on the page (issue 10, §1): chat that survives a reload, quick reactions in one tap, the
host muting a player and opening the chat to spectators, and bad chat shown kindly or as plain text.

Each test drives chromium on a laptop (1280x800) and a phone (390x844) viewport and saves screenshots
in ``test-artifacts/``.
"""

from __future__ import annotations

from typing import Any

import pytest

from browser_support import ARTIFACTS, Pages, base, browser, each_device, pages, state  # noqa: F401 (fixtures)

pytestmark = pytest.mark.browser

NASTY = "<b>bold?</b> & <script>window.pwned=1</script> <img src=x onerror=window.pwned=2>"


def chat_texts(page: Any) -> list[str]:
    return list(page.eval_on_selector_all("#chat-lines .chat-line:not(.reaction) .chat-text", "els => els.map(e => e.textContent)"))


def say(page: Any, text: str) -> None:
    page.fill("#chat-form input", text)
    page.click('#chat-form [data-action="chat-send"]')


@each_device
def test_chat_reactions_mute_and_spectators(pages: Pages, device: str) -> None:
    made, host = pages.host_seated(device, "Ann", game="holdem", approve_seats=False, paused=True)
    bob = pages.guest_seated(made, device, "Bob")

    # a line typed on one phone reaches the other, as plain text: no tag becomes HTML, no script runs
    say(host, "good luck all")
    bob.wait_for_function("document.querySelectorAll('#chat-lines .chat-text').length >= 1")
    say(host, NASTY)
    bob.wait_for_function("document.querySelectorAll('#chat-lines .chat-text').length >= 2")
    assert chat_texts(bob) == ["good luck all", NASTY]
    assert bob.locator("#chat-lines b, #chat-lines script, #chat-lines img").count() == 2  # the two names only
    assert bob.evaluate("window.pwned") is None and host.evaluate("window.pwned") is None
    assert bob.inner_text("#chat-lines .chat-line >> nth=0").startswith("Ann")

    # one tap on a reaction: it floats over Ann's seat on Bob's screen and is said in the chat
    host.click('#reactions [data-emoji="🔥"]')
    bob.wait_for_selector(".reaction-bubble")
    assert bob.locator("#chat-lines .chat-line.reaction").last.inner_text().startswith("Ann")
    bob.screenshot(path=str(ARTIFACTS / f"talk-chat-{device}.png"), full_page=True)

    # an empty line is not sent, and the box says why; an over-long one (past the box's limit, sent as
    # a script would) is refused by the table with the limit named, beside the box
    host.fill("#chat-form input", "   ")
    host.click('#chat-form [data-action="chat-send"]')
    assert "empty" in host.inner_text("#chat-note")
    assert host.get_attribute("#chat-form input", "maxlength") == "300"
    host.evaluate("window.homegame.send({type: 'chat', text: 'x'.repeat(301)})")
    host.wait_for_function("/300/.test(document.getElementById('chat-note').textContent)")
    # flooding: the sixth message in ten seconds is refused kindly, with how long to wait
    for _ in range(6):
        bob.click('#reactions [data-emoji="👍"]')
    bob.wait_for_function("/Easy there/.test(document.getElementById('chat-note').textContent)")
    assert "Try again in" in bob.inner_text("#chat-note")
    bob.screenshot(path=str(ARTIFACTS / f"talk-flood-{device}.png"), full_page=True)

    # the chat is kept with the table: a reload shows it again, once
    bob.reload()
    bob.wait_for_function("window.homegame && window.homegame.state && document.querySelectorAll('#chat-lines .chat-text').length >= 2")
    assert chat_texts(bob) == ["good luck all", NASTY]
    # and the reactions with it, in order (issue 17's play-test: a reaction was gone after a reload)
    reacted = bob.eval_on_selector_all("#chat-lines .chat-line.reaction", "els => els.map(e => e.textContent)")
    assert reacted == ["Ann 🔥"] + ["Bob 👍"] * 5, reacted

    # the host mutes Bob in one tap: his box is shut and says why; a line he sends anyway is refused
    bob_pos = state(bob)["you"]["seat"]
    host.click(f'#host .host-seat[data-position="{bob_pos}"] [data-action="mute"]')
    bob.wait_for_function("document.querySelector('#chat-form input').disabled")
    assert "muted" in bob.inner_text("#chat-block")
    bob.evaluate("window.homegame.send({type: 'chat', text: 'let me talk'})")
    bob.wait_for_function("/muted/.test(document.getElementById('chat-note').textContent)")
    host.screenshot(path=str(ARTIFACTS / f"talk-mute-host-{device}.png"), full_page=True)
    bob.screenshot(path=str(ARTIFACTS / f"talk-muted-{device}.png"), full_page=True)
    host.click(f'#host .host-seat[data-position="{bob_pos}"] [data-action="unmute"]')
    bob.wait_for_function("!document.querySelector('#chat-form input').disabled")

    # a spectator reads the chat but writes only once the host opens it to spectators
    watcher = pages.open(made["links"]["watch"], device)
    watcher.wait_for_function("document.querySelectorAll('#chat-lines .chat-text').length >= 2")
    assert watcher.locator("#chat-form input").is_disabled()
    assert "Spectators read" in watcher.inner_text("#chat-block")
    host.click('#host [data-action="spectator-chat"]')
    watcher.wait_for_function("!document.querySelector('#chat-form input').disabled")
    say(watcher, "nice table")
    host.wait_for_function("[...document.querySelectorAll('#chat-lines .chat-line')].some(l => /^Spectator \\d+ nice table$/.test(l.textContent))")
    watcher.screenshot(path=str(ARTIFACTS / f"talk-spectator-{device}.png"), full_page=True)
    assert not pages.errors, pages.errors
