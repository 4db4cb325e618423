"""Issue 20 online, on phones: players at one dealt tournament table chat as at a cash table (the
table page's own chat panel). Every wait is on the page's own state (no sleeps).
"""

from __future__ import annotations

from typing import Any

from browser_support import base, browser, pages  # noqa: F401 - fixtures
from test_browser_tournament_dealt import dealt_tournament


def test_players_at_a_dealt_table_chat_on_their_phones(pages: Any, base: str) -> None:  # noqa: F811
    tid, tokens = dealt_tournament(base, ["Ann", "Bob"], bots=1)  # one table of three
    ann = pages.open(f"{base}/t/{tid}#{tokens['Ann']}", "phone")
    bob = pages.open(f"{base}/t/{tid}#{tokens['Bob']}", "phone")
    ann.fill("#chat-form input", "good luck all")
    ann.click('#chat-form [data-action="chat-send"]')
    bob.wait_for_function("[...document.querySelectorAll('#chat-lines .chat-text')]"
                          ".some(e => e.textContent === 'good luck all')")
    assert bob.inner_text("#chat-lines .chat-line >> nth=0").startswith("Ann")
    bob.reload()  # the chat is kept with the tournament's table: a reload shows it again
    bob.wait_for_function("[...document.querySelectorAll('#chat-lines .chat-text')]"
                          ".some(e => e.textContent === 'good luck all')")
