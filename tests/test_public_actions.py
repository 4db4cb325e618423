"""One place decides what anyone may see of an action (issue 21, item 3): ``rules.views.public_action``.
A spectator's socket and the spectator replay carry only that public form: never the cards a seat passed,
discarded or arranged, the card it chose to expose, nor its declaration."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from homegame.rules.views import public_action
from homegame.server.hand_files import spectator_replay
from test_table_support import Clock, Tab, open_room, tick

HIDDEN = ("pass", "discard", "arrange", "expose", "declare")


@pytest.mark.parametrize(("action", "public"), [
    ("fold", "fold"), ("check", "check"), ("call 4", "call 4"), ("call", "call"), ("raise 12", "raise 12"),
    ("bet  6", "bet 6"), ("bring-in 1", "bring-in 1"), ("complete 2", "complete 2"),
    ("pass 8s 6d", "pass 2"), ("discard Ah Kd 2c", "discard 3"), ("discard", "discard 0"),
    ("arrange 2c 3d 4h", "arrange 3"), ("expose Qs", "expose"), ("declare both", "declare"), ("show", "show"),
    ("show As Kd", "show"), ("dance Ks", "dance"), ("", ""),
])
def test_the_public_form_of_an_action(action: str, public: str) -> None:
    assert public_action(action) == public


def test_a_hidden_choice_never_reaches_a_spectators_socket_nor_the_replay(tmp_path: Path) -> None:
    clock = Clock()
    room, store, tokens = open_room(tmp_path, clock, game="anaconda", bots=4, bot_delay=0.0, between_hands=0.0)
    host = Tab(room, tokens["host"])
    watcher = Tab(room, tokens["watch"])
    host.send({"type": "start"})
    verbs: set[str] = set()
    number = 0
    while not {"pass", "discard", "arrange", "declare"} <= verbs:  # hands until one reaches the declaration
        number += 1
        assert number <= 30, f"no hand of {number - 1} reached a declaration: {verbs}"
        for _ in range(100):
            stored = store.hand(room.id, number)
            if stored is not None and stored.over:
                break
            tick(room, [host, watcher], clock, 5.0)
        assert stored is not None and stored.over, f"hand {number} was not played out"
        hidden = [text for _, text in stored.actions if text.split()[0] in HIDDEN]
        verbs |= {text.split()[0] for text in hidden}
        seen = json.dumps(watcher.messages)
        for text in hidden:  # the action with its cards or its side is in no message the spectator was sent
            assert text not in seen, text
        replay = spectator_replay(room.id, stored, {})
        said = [step["action"] for step in replay["steps"][1:len(stored.actions) + 1]]
        assert said == [public_action(text) for _, text in stored.actions]
        for text in said:
            verb, *rest = text.split()
            if verb in HIDDEN:
                assert all(word.isdigit() for word in rest), text  # a count of cards at most
