"""Owner routing for dealt tournaments (``--redis URL --route``): a player whose phone reaches a
process that does not deal their tournament plays through it, relayed to the owner as a cash table's
player is (``server/route.py``), instead of being told ``elsewhere``; when the owner stops, the
relayed phone is closed, reconnects, and the process it reaches takes the tournament over.

Two apps over one database and one Redis (each with its own event loop, as two processes would be).
Needs ``redis-server`` and the ``redis`` package (see ``tests/test_bus.py``).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from homegame.server.app import create_app
from test_bus import RedisServer, redis_server  # noqa: F401 - the throwaway Redis fixture
from test_server_tournament_dealt import LEASE, QUICK, auth, open_dealt, places_taken, play_turns, someone_out

pytest.importorskip("redis")


def test_a_tournament_player_on_another_process_plays_relayed_to_the_owner(tmp_path: Path,
                                                                           redis_server: RedisServer) -> None:  # noqa: F811
    db = f"sqlite:///{tmp_path / 'relayed.db'}"
    first, second = (create_app(db, redis_url=redis_server.url, route=True, lease_seconds=LEASE) for _ in "ab")
    entries = [("Ann", False)] + [(f"Bot {i}", True) for i in range(1, 6)]
    with TestClient(second) as b:
        a = TestClient(first).__enter__()
        running = True
        try:
            tid, host = open_dealt(a, entries, **QUICK)
            ann = a.get(f"/api/tournaments/{tid}", headers=auth(host)).json()["player_tokens"]["Ann"]
            a.post(f"/api/tournaments/{tid}/host", json={"action": "start"}, headers=auth(host))
            with b.websocket_connect(f"/ws/{tid}") as ws:  # a phone at the process that does not deal it
                ws.send_json({"v": 1, "type": "hello", "token": "x" * 30})
                assert ws.receive_json()["code"] == "bad_token"  # a wrong token is refused at the edge
            with b.websocket_connect(f"/ws/{tid}") as ws:
                ws.send_json({"v": 1, "type": "hello", "token": ann})
                welcome = ws.receive_json()
                assert welcome["type"] == "welcome" and welcome["tournament"] == tid, welcome
                seen: list[dict[str, Any]] = []

                def heard_until_someone_out(msg: dict[str, Any]) -> bool:  # and she has acted
                    seen.append(msg)
                    return someone_out(msg) and (msg["type"] != "state" or msg["acked"] > 0)

                play_turns(ws, heard_until_someone_out)
                states = [m for m in seen if m["type"] == "state"]
                assert states and all(m["tournament"]["id"] == tid for m in states)
                assert states[-1]["acked"] > 0, "her acts did not reach the owner"  # the owner's count, relayed back
                assert not [m for m in seen if m["type"] == "error"], [m for m in seen if m["type"] == "error"]
                assert any(m["view"] and len(m["view"].get("cards") or []) == 2 for m in states), "no cards of hers"
            assert not a.get(f"/api/tournaments/{tid}", headers=auth(host)).json()["finished"]
            with b.websocket_connect(f"/ws/{tid}") as ws:  # relayed again; then the owner stops
                ws.send_json({"v": 1, "type": "hello", "token": ann})
                assert ws.receive_json()["type"] == "welcome"
                a.__exit__(None, None, None)
                running = False
                with pytest.raises(WebSocketDisconnect):  # the owner gone, the relayed phone is closed
                    for _ in range(100000):
                        ws.receive_json()
        finally:
            if running:
                a.__exit__(None, None, None)
        # Ann's phone reconnects: the process it reaches takes the tournament over and deals it to the end
        with b.websocket_connect(f"/ws/{tid}") as ws:
            ws.send_json({"v": 1, "type": "hello", "token": ann})
            assert ws.receive_json()["type"] == "welcome"
            play_turns(ws, lambda m: m["type"] == "tournament_over")
        shown = b.get(f"/api/tournaments/{tid}", headers=auth(host)).json()
        assert shown["finished"] and places_taken(shown["results"]["places"]) == list(range(1, 7))
