"""Issue 20 online: the host's and players' tournament actions while the server deals the hands.

A rebuy approved while the player is in a hand, a deal that every player still in accepts on their
own link, the host's pause (the dealt tables' clocks stop and their hands are held) and added time
(the level's end moves). In a dealt tournament some table is nearly always in a hand, so each of
these must wait for the hands it needs to end rather than be refused.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from homegame.server.app import create_app
from test_server_tournament_dealt import auth, open_dealt, places_taken
from waiting import HANG


@pytest.fixture()
def db(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'dealt.db'}"


def look(client: TestClient, tid: str, host: str) -> dict[str, Any]:
    return client.get(f"/api/tournaments/{tid}", headers=auth(host)).json()  # type: ignore[no-any-return]


def until(client: TestClient, tid: str, host: str, what: str, ok: Callable[[dict[str, Any]], bool]) -> dict[str, Any]:
    """The first look at the tournament for which ``ok`` holds (looked at again and again, a hang guard)."""
    deadline = time.monotonic() + HANG
    while not ok(shown := look(client, tid, host)):
        assert time.monotonic() < deadline, f"never {what}: {shown['clock']}"
        time.sleep(0.02)
    return shown


def host_does(client: TestClient, tid: str, host: str, **action: Any) -> Any:
    return client.post(f"/api/tournaments/{tid}/host", json=action, headers=auth(host))


def entry(shown: dict[str, Any], name: str) -> dict[str, Any]:
    return next(e for e in shown["entries"] if e["name"] == name)


def stored_hands(client: TestClient, tid: str) -> dict[str, Any]:
    """Each table's hand number and actions as the hall last stored them."""
    stored = client.app.state.server.store.tournament(tid)[2]["tournament"]  # type: ignore[attr-defined]
    return {k: (v["table"].get("hand_number"), v.get("hand", {}).get("actions")) for k, v in stored["tables"].items()}


def test_a_rebuy_approved_while_the_player_is_in_a_hand_reaches_their_stack_when_it_ends(db: str) -> None:
    with TestClient(create_app(db)) as client:
        tid, host = open_dealt(client, [("Ann", False), ("Bot 1", True), ("Bot 2", True)], rebuy_level=1,
                               max_rebuys=1, turn_seconds=600)
        ann = look(client, tid, host)["player_tokens"]["Ann"]
        host_does(client, tid, host, action="start")
        with client.websocket_connect(f"/ws/{tid}") as ws:
            ws.send_json({"v": 1, "type": "hello", "token": ann})
            while not ((msg := ws.receive_json())["type"] == "state" and msg["you"]["decision"] is not None):
                pass  # until it is Ann's turn: she is in a hand that waits for her
            asked = client.post(f"/api/tournaments/{tid}/ask", json={"what": "rebuy"}, headers=auth(ann))
            assert asked.status_code == 200, asked.text
            approved = host_does(client, tid, host, action="rebuy", name="Ann")
            assert approved.status_code == 200, approved.text
            shown = approved.json()
            assert entry(shown, "Ann")["rebuys"] == 1 and entry(shown, "Ann")["paid"] == 20
            assert shown["clock"]["prize_pool"] == 40 and shown["chips_in_play"] == 4 * 200
            assert shown["asks"] == []
            again = host_does(client, tid, host, action="rebuy", name="Ann")  # the most allowed: refused
            assert again.status_code == 400 and "most allowed" in again.json()["detail"]
            rebuy_hand, answered = msg["hand"], set()
            while msg["type"] != "state" or msg["hand"] == rebuy_hand:  # Ann checks or folds out her hand
                assert msg["type"] != "error" or msg["code"] == "stale", msg
                decision = msg["you"]["decision"] if msg["type"] == "state" else None
                if decision is not None and decision not in answered and not msg["view"].get("over"):
                    answered.add(decision)
                    action = "check" if "check" in " ".join(msg["view"].get("legal") or []) else "fold"
                    ws.send_json({"v": 1, "type": "act", "action": action, "hand": msg["hand"],
                                  "decision": msg["you"]["decision"]})
                msg = ws.receive_json()
            shown = look(client, tid, host)
        # the next hand is dealt: the 200 bought are on her stack (she lost a blind at most, never all in)
        assert next(x["chips"] for x in shown["seats"] if x["name"] == "Ann") >= 200 - 50 + 200
        assert shown["chips_on_tables"] == shown["chips_in_play"] == 4 * 200


def test_a_deal_every_player_accepts_ends_the_tournament_and_is_written_into_the_results(db: str) -> None:
    with TestClient(create_app(db)) as client:
        # Ann and Bob sit idle: their turn clocks run out and they play on away (fold, or check, at once)
        tid, host = open_dealt(client, [("Ann", False), ("Bob", False), ("Bot 1", True)], turn_seconds=5,
                               payouts=[70, 30])
        tokens = look(client, tid, host)["player_tokens"]
        host_does(client, tid, host, action="start")
        asked = host_does(client, tid, host, action="deal", kind="chip-chop")
        assert asked.status_code == 200, asked.text
        shown = until(client, tid, host, "a deal proposed", lambda s: s["deal"] is not None or s["finished"])
        if shown["finished"]:  # somebody busted before every table was between hands: nothing to deal
            return
        deal = shown["deal"]
        assert set(deal["amounts"]) == {"Ann", "Bob", "Bot 1"} and sum(deal["amounts"].values()) == 30
        assert deal["accepted"] == ["Bot 1"], "a bot accepts at once"
        number = deal["number"]
        assert shown["hands_dealt"] == look(client, tid, host)["hands_dealt"], "no hand is dealt while it is open"
        for name in ("Ann", "Bob"):
            answer = client.post(f"/api/tournaments/{tid}/deal", json={"number": number, "accept": True},
                                 headers=auth(tokens[name]))
            assert answer.status_code == 200, answer.text
        shown = look(client, tid, host)
        assert shown["finished"] and shown["results"]["deal"]["made"]
        assert shown["results"]["deal"]["amounts"] == deal["amounts"]
        prizes = {r["name"]: r["prize"] for r in shown["results"]["places"]}
        assert prizes == deal["amounts"] and places_taken(shown["results"]["places"]) == [1, 2, 3]
        assert shown["chips_on_tables"] == 0


def test_the_hosts_pause_holds_the_dealt_hands_and_stops_the_clock_until_resumed(db: str) -> None:
    with TestClient(create_app(db)) as client:
        tid, host = open_dealt(client, [(f"Bot {i}", True) for i in range(1, 6)], bot_delay=0.01)
        host_does(client, tid, host, action="start")
        until(client, tid, host, "a hand played", lambda s: s["hands_dealt"] > 0)
        paused = host_does(client, tid, host, action="pause").json()
        assert paused["clock"]["paused"]
        held = stored_hands(client, tid)
        for _ in range(20):  # twenty looks, each passing through the hall's event loop: nothing moves
            shown = look(client, tid, host)
            assert shown["clock"]["time_left"] == paused["clock"]["time_left"]
            assert shown["hands_dealt"] == paused["hands_dealt"] and stored_hands(client, tid) == held
        host_does(client, tid, host, action="resume")
        until(client, tid, host, "a hand after the pause",
              lambda s: s["finished"] or s["hands_dealt"] > paused["hands_dealt"])


def test_added_time_moves_the_dealt_levels_end(db: str) -> None:
    with TestClient(create_app(db)) as client:
        tid, host = open_dealt(client, [(f"Bot {i}", True) for i in range(1, 4)], bot_delay=0.05,
                               levels=[{"small_blind": 5, "big_blind": 10, "minutes": 1},
                                       {"small_blind": 25, "big_blind": 50, "minutes": 30}])
        host_does(client, tid, host, action="start")
        before = look(client, tid, host)["clock"]
        added = host_does(client, tid, host, action="add_time", seconds=600)
        assert added.status_code == 200, added.text
        after = added.json()["clock"]
        assert after["level"] == before["level"] == 1
        assert before["time_left"] + 590 <= after["time_left"] <= before["time_left"] + 600
        assert look(client, tid, host)["clock"]["time_left"] > 600  # the hall's tournament has it too
