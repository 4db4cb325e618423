"""What the page's status line reads from the table's state (issue 17 §2, §4): who paused, and the wild
cards of the hand so far with the game's wild rule in a sentence."""

from __future__ import annotations

import random
from pathlib import Path

from homegame.table import Settings, Table
from test_table_support import Clock, Tab, open_room, seated


def test_the_state_says_who_paused(tmp_path: Path) -> None:
    clock = Clock()
    room, _, tokens = open_room(tmp_path, clock, game="holdem", bots=1)
    host = Tab(room, tokens["host"])
    seated(host, "Dave")
    host.send({"type": "pause", "value": True})
    table = host.state()["table"]
    assert table["paused"] is True and table["paused_by"] == "Dave"
    assert "Dave pauses the game" in table["notices"][-1]
    assert Table.from_dict(room.table.to_dict()).public(clock.t)["paused_by"] == "Dave"  # kept when stored
    host.send({"type": "pause", "value": False})
    assert host.state()["table"]["paused_by"] is None


def test_the_wild_cards_so_far_and_the_rule_in_words() -> None:
    t = Table(Settings(game="follow-the-queen", approve_seats=False, between_hands=0,
                       stakes={"structure": "fixed-limit", "ante": 1, "bring_in": 1, "small_bet": 2, "big_bet": 4}))
    for name in ("Ann", "Ben", "Cy"):
        t.sit(name)
    assert t.public(0.0)["wild"] is None  # no hand yet
    cards = [r + s for r in "23456789TJQKA" for s in "cdhs"]
    random.Random(3).shuffle(cards)
    t.deal(cards, 0.0)
    wild = t.public(0.0)["wild"]
    assert wild["rule"] == "Queens and the card after the last queen are wild"
    assert "Q" in wild["now"] and wild["now_text"].startswith("queens")
    holdem = Table(Settings(game="holdem", approve_seats=False))
    holdem.sit("Ann")
    holdem.sit("Ben")
    holdem.deal(cards, 0.0)
    assert holdem.public(0.0)["wild"] is None
