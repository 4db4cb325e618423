"""Issue 20, a play-test finding: the phones of a dealt tournament are shown the end of the hand a
player goes out in (and of the tournament's last hand) before they are told ``out`` or
``tournament_over``.

Two people on phones and two bots, three seats a table, everyone shoving: the last hand a phone was
shown was still being played (an all in, "Waiting for Lena…", her Call button live), while the
tournament had already read it and told the phone "You finished in place 1"; the call was refused
with "You hold no seat", and nothing ever moved on that table's picture again.
"""

from __future__ import annotations

import threading
import time
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from homegame.server.app import create_app
from test_server_tournament_dealt import auth, open_dealt
from waiting import HANG

PEOPLE = ("Maya", "Lena")


@pytest.fixture()
def db(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'dealt.db'}"


def shove(legal: list[str]) -> str:
    """All in when a bet or raise is open (``bet 50..200``: the most), else check, else call."""
    for option in legal:
        kind, _, sizes = option.partition(" ")
        if kind in ("bet", "raise") and ".." in sizes:
            return f"{kind} {sizes.split('..')[1]}"
    joined = " ".join(legal)
    return "check" if "check" in joined else "call" if "call" in joined else "fold"


def play(client: TestClient, tid: str, token: str, seen: list[dict[str, Any]]) -> None:
    """One phone: shove at every turn until told ``out`` or ``tournament_over`` (every message kept)."""
    with client.websocket_connect(f"/ws/{tid}") as ws:
        ws.send_json({"v": 1, "type": "hello", "token": token})
        answered: set[Any] = set()
        for _ in range(100_000):
            msg = ws.receive_json()
            seen.append(msg)
            if msg["type"] in ("out", "tournament_over"):
                return
            if msg["type"] != "state" or not msg["view"] or msg["view"].get("over"):
                continue
            decision = msg["you"]["decision"]
            if decision is not None and decision not in answered:
                answered.add(decision)
                ws.send_json({"v": 1, "type": "act", "action": shove(msg["view"].get("legal") or []),
                              "hand": msg["hand"], "decision": decision})


def test_each_phone_sees_the_end_of_the_hand_it_went_out_in_before_it_is_told_out(db: str) -> None:
    with TestClient(create_app(db)) as client:
        tid, host = open_dealt(client, [("Maya", False), ("Lena", False), ("Botty", True), ("Chipper", True)],
                               payouts=[65, 35])
        tokens = client.get(f"/api/tournaments/{tid}", headers=auth(host)).json()["player_tokens"]
        client.post(f"/api/tournaments/{tid}/host", json={"action": "start"}, headers=auth(host))
        seen: dict[str, list[dict[str, Any]]] = {name: [] for name in PEOPLE}
        phones = [threading.Thread(target=play, args=(client, tid, tokens[name], seen[name]), daemon=True)
                  for name in PEOPLE]
        for phone in phones:
            phone.start()
        for phone in phones:
            phone.join(HANG)
            assert not phone.is_alive(), "a phone was never told it is out"
        # both people may go out first: the bots then play on to the end (the hall plays them)
        end = time.monotonic() + HANG
        while not client.get(f"/api/tournaments/{tid}", headers=auth(host)).json()["finished"]:
            assert time.monotonic() < end, "the tournament never finished"
            time.sleep(0.05)
    for name in PEOPLE:
        told = seen[name][-1]
        states = [m for m in seen[name] if m["type"] == "state"]
        assert told["type"] in ("out", "tournament_over") and states, (name, told)
        last = states[-1]
        # the picture the phone is left with: the hand over, nobody to act, no button to press
        assert last["view"] and last["view"].get("over"), (name, told, last["view"])
        assert last["you"]["decision"] is None, (name, last["you"])
        assert last["you"]["hand_seat"] is not None, f"{name}'s last picture is a hand {name} was not dealt in"
