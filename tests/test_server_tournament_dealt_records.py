"""Issue 20: a dealt tournament's tables keep hand histories and shuffle commitments, as cash tables do.

Each hand a tournament table deals comes from the table's committed seed chain (``docs/fairness.md``):
a phone at the table is sent the hand's commitment with the hand, and the seed and deck once it is
over; every hand is stored as a cash table's is, read back per table from the tournament's own hand
endpoints, and checked by the same verifier as ``homegame verify``. A tournament played by bots
alone, tables of three, blinds a quarter of the stack: a few seconds.
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from homegame.server.app import create_app
from homegame.server.verify import verify_table
from test_server_tournament_dealt import auth, open_dealt
from waiting import HANG


@pytest.fixture()
def db(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'dealt.db'}"


def first_committed_state(client: TestClient, tid: str, token: str) -> dict[str, Any]:
    """The first ``state`` a phone is sent of a hand dealt to it (its commitment with it)."""
    with client.websocket_connect(f"/ws/{tid}") as ws:
        ws.send_json({"v": 1, "type": "hello", "token": token})
        for _ in range(10_000):
            msg = ws.receive_json()
            if msg["type"] == "state" and msg["view"] and msg["you"]["hand_seat"] is not None:
                return msg
    raise AssertionError("never dealt a hand")


def test_each_tournament_tables_hands_are_stored_with_commitments_that_verify(db: str) -> None:
    with TestClient(create_app(db)) as client:
        tid, host = open_dealt(client, [("Ann", False)] + [(f"Bot {i}", True) for i in range(1, 5)], turn_seconds=5)
        ann = client.get(f"/api/tournaments/{tid}", headers=auth(host)).json()["player_tokens"]["Ann"]
        client.post(f"/api/tournaments/{tid}/host", json={"action": "start"}, headers=auth(host))
        dealt = first_committed_state(client, tid, ann)  # Ann then sits idle: away, she folds
        shuffle = dealt["shuffle"]
        assert shuffle["scheme"] == "homegame-chain-v1" and len(shuffle["commitment"]) == 64
        assert shuffle["hand"] == dealt["hand"] and shuffle["seed"] is None and shuffle["deck"] is None
        end = time.monotonic() + HANG
        while not (shown := client.get(f"/api/tournaments/{tid}", headers=auth(host)).json())["finished"]:
            assert time.monotonic() < end, "the tournament never finished"
            time.sleep(0.05)
        tables = shown["results"]["tables"]
        assert tables == sorted(tables) and len(tables) >= 3  # two tables of three, then the final table
        stored = 0
        for number in tables:
            listing = client.get(f"/api/tournaments/{tid}/tables/{number}/hands", headers=auth(ann))
            assert listing.status_code == 200, listing.text
            hands = [client.get(f"/api/tournaments/{tid}/tables/{number}/hands/{h['number']}.json",
                                headers=auth(ann)).json() for h in listing.json()]
            assert [h["number"] for h in hands] == list(range(1, len(hands) + 1))
            for verdict in verify_table(hands):  # the seed chain, the deck, the replayed payoffs
                assert verdict[1].ok, (number, verdict)
            stored += len(hands)
            if number == dealt["tournament"]["table"]:  # what Ann's phone was sent is what was stored
                hers = hands[dealt["hand"] - 1]
                assert hers["commitment"] == shuffle["commitment"]
                assert hers["start"]["shuffle"]["head"] == shuffle["head"]
            replay = client.get(f"/api/tournaments/{tid}/tables/{number}/hands/1.json?view=spectator",
                                headers=auth(host)).json()
            assert replay["format"] == "homegame-replay" and "deck" not in replay and "salt" not in replay
        assert stored == shown["hands_dealt"]  # every hand the tournament read is stored


def test_the_tournaments_hand_endpoints_refuse_bad_requests(db: str) -> None:
    with TestClient(create_app(db)) as client:
        tid, host = open_dealt(client, [("Bot 1", True), ("Bot 2", True)])
        client.post(f"/api/tournaments/{tid}/host", json={"action": "start"}, headers=auth(host))
        end = time.monotonic() + HANG
        while not client.get(f"/api/tournaments/{tid}/tables/1/hands", headers=auth(host)).json():
            assert time.monotonic() < end, "no hand was stored"
            time.sleep(0.05)
        assert client.get(f"/api/tournaments/{tid}/tables/1/hands").status_code == 401  # no token
        wrong = client.get(f"/api/tournaments/{tid}/tables/1/hands", headers=auth("x" * 30))
        assert wrong.status_code == 404
        for path in ("tables/0/hands", "tables/x/hands", "tables/1/hands/0.json", "tables/1/hands/1.csv",
                     "tables/1/hands/99999.json", "tables/1/hands/1.json?view=seat"):
            answer = client.get(f"/api/tournaments/{tid}/{path}", headers=auth(host))
            assert answer.status_code in (400, 404), (path, answer.status_code)
            assert isinstance(answer.json()["detail"], str)
