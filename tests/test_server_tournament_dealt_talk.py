"""Issue 20 online: a dealt tournament's table has a cash table's chat.

Players at one tournament table talk as at a cash table (the table's own chat: cleaned, limited,
kept with the table, shown again on a reload); players at other tables do not hear it; hostile talk
is refused and changes nothing.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from homegame.server import protocol as p
from homegame.server.app import create_app
from test_server_tournament_dealt import auth, open_dealt


@pytest.fixture()
def db(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'talk.db'}"


def next_of(ws: Any, *types: str) -> dict[str, Any]:
    """The next message of one of ``types`` (others skipped: the table's states go on)."""
    while (msg := ws.receive_json())["type"] not in types:
        pass
    return msg  # type: ignore[no-any-return]


def test_players_at_a_dealt_table_chat_as_at_a_cash_table(db: str) -> None:
    with TestClient(create_app(db)) as client:
        tid, host = open_dealt(client, [("Ann", False), ("Bob", False), ("Bot 1", True)], turn_seconds=600)
        tokens = client.get(f"/api/tournaments/{tid}", headers=auth(host)).json()["player_tokens"]
        client.post(f"/api/tournaments/{tid}/host", json={"action": "start"}, headers=auth(host))
        with client.websocket_connect(f"/ws/{tid}") as ann, client.websocket_connect(f"/ws/{tid}") as bob:
            for ws, name in ((ann, "Ann"), (bob, "Bob")):
                ws.send_json({"v": 1, "type": "hello", "token": tokens[name]})
                assert next_of(ws, "welcome")["chat"] == []
            ann.send_json({"v": 1, "type": "chat", "text": "  good   luck\u200b "})
            said = next_of(ann, "chat", "error")  # the speaker sees it too
            assert said["type"] == "chat", said
            heard = next_of(bob, "chat")["line"]
            assert (heard["name"], heard["text"], heard["role"]) == ("Ann", "good luck", "player")
            assert said["line"] == heard
            bob.send_json({"v": 1, "type": "react", "emoji": "🔥"})
            assert next_of(ann, "reaction")["emoji"] == "🔥"
            for hostile in ({"type": "chat", "text": " \u200b "}, {"type": "chat", "text": "x" * 1000},
                            {"type": "react", "emoji": "<script>"}):
                ann.send_json({"v": 1, **hostile})
                assert next_of(ann, "error")["code"] == "illegal"
            for _ in range(p.TALK_BURST):  # the cash table's limit, per person
                ann.send_json({"v": 1, "type": "chat", "text": "spam"})
            assert next_of(ann, "error")["code"] == "rate_limited"
        with client.websocket_connect(f"/ws/{tid}") as again:  # a reload shows the table's chat again
            again.send_json({"v": 1, "type": "hello", "token": tokens["Bob"]})
            lines = next_of(again, "welcome")["chat"]
            assert [line["text"] for line in lines][:2] == ["good luck", "🔥"]
