"""Kill the server with SIGKILL in the middle of a hand, start it again: the hand resumes exactly where
it was, no chip is lost, and the players reconnect to their seats and private views."""

from __future__ import annotations

import asyncio
import contextlib
import json
import random
import time
from pathlib import Path
from typing import Any

import websockets

from homegame.server.client import parse_link
from homegame.server.harness import ServerProcess, api, create_table
from homegame.server.verify import verify_hand
from homegame.table import simple_action
from waiting import HANG


class Human:
    """A player at one seat: acts with a simple policy until told to hold."""

    def __init__(self, ws_url: str, token: str, name: str, seed: int) -> None:
        self.ws_url, self.token, self.name = ws_url, token, name
        self.rng = random.Random(seed)
        self.state: dict[str, Any] | None = None
        self.seat_token: str | None = None
        self.sent = 0
        self.hold_at: int | None = None  # stop acting once this many actions are in the hand

    async def session(self, ws: Any, stop: asyncio.Event) -> None:
        hello = {"type": "hello", "v": 1, "token": self.seat_token or self.token}
        await ws.send(json.dumps(hello))
        while not stop.is_set():
            try:
                raw = await asyncio.wait_for(ws.recv(), 0.2)
            except TimeoutError:
                continue
            msg = json.loads(raw)
            if msg["type"] == "seated":
                self.seat_token = msg["seat_token"]
            if msg["type"] != "state":
                continue
            self.state = msg
            if msg["you"]["seat"] is None and self.seat_token is None and self.sent == 0:
                self.sent = -1
                await ws.send(json.dumps({"type": "sit", "v": 1, "name": self.name}))
                continue
            view = msg["view"]
            holding = self.hold_at is not None and msg["seq"] >= self.hold_at
            if view and view["legal"] and msg["acked"] >= max(self.sent, 0) and not holding:
                self.sent = max(self.sent, 0) + 1
                await ws.send(json.dumps({"type": "act", "v": 1, "hand": msg["hand"],
                                          "action": simple_action(view, self.rng)}))


async def run_humans(humans: list[Human], ws_url: str, until: Any, timeout: float = HANG) -> None:
    stop = asyncio.Event()

    async def one(h: Human) -> None:
        with contextlib.suppress(websockets.ConnectionClosed):
            async with websockets.connect(ws_url, max_size=2**22) as ws:
                await h.session(ws, stop)

    tasks = [asyncio.create_task(one(h)) for h in humans]
    try:
        end = asyncio.get_running_loop().time() + timeout
        while not until():
            assert asyncio.get_running_loop().time() < end, "the table did not get there in time"
            await asyncio.sleep(0.05)
        await asyncio.sleep(0.5)  # let every connection receive the last state
    finally:
        stop.set()
        await asyncio.gather(*tasks, return_exceptions=True)
        for t in tasks:
            t.cancel()


TURN = 600.0  # the turn clock of the restart tests' tables
THINK = 2.0  # seconds the owing seats think before the kill


async def say(ws_url: str, token: str | None, text: str) -> None:
    """One chat line from the seat of ``token``, waited for until it is stored (everyone is sent it)."""
    async with websockets.connect(ws_url, max_size=2**22) as ws:
        await ws.send(json.dumps({"type": "hello", "v": 1, "token": token}))
        await ws.send(json.dumps({"type": "chat", "v": 1, "text": text}))
        while True:
            msg = json.loads(await asyncio.wait_for(ws.recv(), HANG))
            if msg["type"] == "chat" and msg["line"]["text"] == text:
                return


def kill_mid_hand_and_resume(db: str, tmp_path: Path, *, game: str, stakes: dict[str, Any],
                             hold_at: int) -> tuple[str, int]:
    """Two players and a bot play ``game`` on a server over ``db`` until ``hold_at`` actions are in
    the hand; the server is SIGKILLed and started again on the same database. Checks that both players
    get back exactly the same hand, private view and commitment, finish the hand, that the hand
    verifies and that the ledger balances. Returns the table id and the hand's number."""
    server = ServerProcess(db, log=str(tmp_path / "server.log")).start()
    try:
        made = create_table(server.base, game=game, bots=1, approve_seats=False, buy_in=500, stakes=stakes,
                            bot_delay=0.0, between_hands=100.0, turn_seconds=TURN, time_bank=0.0)
        link = parse_link(made["links"]["invite"])
        humans = [Human(link.ws_url, link.token, name, seed) for seed, name in enumerate(["Ann", "Bob"])]
        for h in humans:
            h.hold_at = hold_at

        def holding() -> bool:
            states = [h.state for h in humans]
            if any(s is None or s["view"] is None for s in states):
                return False
            seqs = {s["seq"] for s in states if s is not None}
            return len(seqs) == 1 and seqs.pop() >= hold_at and not states[0]["view"]["over"]  # type: ignore[index]

        asyncio.run(run_humans(humans, link.ws_url, holding))
        before = {h.name: h.state for h in humans}
        hand_number: int = humans[0].state["hand"]  # type: ignore[index]
        # the owing seats think for a while, then a chat line is written: the clocks stand there at the kill
        time.sleep(THINK)
        asyncio.run(say(link.ws_url, humans[0].seat_token, "thinking"))
        written = time.time()

        server.kill()
        server.start()
        for h in humans:
            h.state, h.hold_at, h.sent = None, None, 0

        def resumed_and_over() -> bool:
            return all(h.state is not None and h.state["view"] is not None and h.state["view"]["over"]
                       for h in humans)

        async def first_states() -> list[dict[str, Any]]:
            got = []
            for h in humans:
                async with websockets.connect(link.ws_url) as ws:
                    await ws.send(json.dumps({"type": "hello", "v": 1, "token": h.seat_token}))
                    assert json.loads(await ws.recv())["role"] == "player"
                    got.append(json.loads(await ws.recv()))
            return got

        # first look: the same hand, the same private view, the same commitment as before the kill
        for h, state in zip(humans, asyncio.run(first_states()), strict=True):
            old = before[h.name]
            assert old is not None
            assert (state["hand"], state["seq"], state["view"]) == (old["hand"], old["seq"], old["view"])
            assert state["shuffle"]["commitment"] == old["shuffle"]["commitment"]
            # each owing seat's clock goes on from where it stood at the last write, not from a full clock
            clocks = [(seat["deadline"], was["deadline"]) for seat, was in
                      zip(state["table"]["seats"], old["table"]["seats"], strict=True) if seat["deadline"] is not None]
            assert clocks, state["table"]["seats"]
            for deadline, was in clocks:
                assert was is not None
                left, left_at_write = deadline - state["table"]["now"], was - written
                assert left_at_write - 1.0 <= left <= left_at_write + 0.5, (left, left_at_write)
                assert left < TURN - THINK + 0.5  # a full clock would be TURN
        asyncio.run(run_humans(humans, link.ws_url, resumed_and_over))

        stored = api(server.base, f"/api/tables/{made['table_id']}/hands/{hand_number}.json?token={link.token}")
        assert verify_hand(stored).ok
        csv = api(server.base, f"/api/tables/{made['table_id']}/ledger.csv?token={link.token}")
        total = csv.strip().splitlines()[-1].split(",")
        assert total[0] == "TOTAL" and total[-1] == "0", csv
        assert int(total[1]) == 3 * 500 and int(total[3]) + int(total[2]) == 3 * 500
        return str(made["table_id"]), hand_number
    finally:
        server.stop()


def test_sigkill_mid_hand_resumes_exactly(tmp_path: Path) -> None:
    kill_mid_hand_and_resume(str(tmp_path / "restart.db"), tmp_path, game="pass-the-trash",
                             stakes={"structure": "fixed-limit", "ante": 1, "small_bet": 2, "big_bet": 4},
                             hold_at=9)
