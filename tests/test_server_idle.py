"""A table nobody is connected to leaves memory after the idle period, in a single process too, and the
next connection loads it again from the store where it was: same hand, seq, stacks, ledger and chat.

The idle period is timed by a fake clock here (``Server(clock=...)``); the test over real websockets
uses a tiny idle period instead.
"""

from __future__ import annotations

import asyncio
import json
import logging
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
import websockets
from typer.testing import CliRunner

from homegame.server import protocol as p
from homegame.server.app import NewTable, Server
from homegame.server.client import parse_link
from homegame.server.harness import api, create_table, server_thread
from homegame.server.room import Connection, Room
from homegame.server.storage import Store
from test_server_faults import Clock, drain, last_state
from waiting import HANG

IDLE = 60.0
BUY_IN = 200


def alone(path: Path) -> tuple[Store, Clock, Server]:
    """A store at ``path`` and a server alone on it, unloading after :data:`IDLE` seconds of its clock."""
    store, clock = Store(f"sqlite:///{path}"), Clock()
    return store, clock, Server(store, idle_seconds=IDLE, clock=clock)


def heads_up(server: Server) -> tuple[str, dict[str, str]]:
    """A hold'em table for two people, with a long turn clock (nobody times out here)."""
    spec = NewTable(game="holdem", approve_seats=False, between_hands=0.0, bot_delay=0.0, turn_seconds=600.0,
                    time_bank=0.0, buy_in=BUY_IN)
    return server.create(spec)


async def settled(room: Room, until: Callable[[], bool] = lambda: True) -> None:
    """Let the room's owner task handle what is queued (and ``until()`` come true)."""
    for _ in range(500):
        await asyncio.sleep(0.01)
        if room.queue.empty() and room._committing is None and until():
            return
    raise AssertionError("the room did not get there in time")


def connect(room: Room, token: str, seat_token: str | None = None) -> Connection:
    conn = Connection(lambda _text: None)
    room.queue.put_nowait((conn, p.Hello(type="hello", token=token, seat_token=seat_token)))
    return conn


def deadline_left(room: Room) -> float:
    (pos,) = room.table.owing()
    seat = room.table.public(room.clock())["seats"][pos]
    return float(seat["deadline"]) - room.clock()


def snapshot(room: Room) -> dict[str, Any]:
    """What a player would notice changed: the hand, its actions, stacks, pot, ledger, chat, cards."""
    t = room.table
    assert t.hand is not None
    public = t.public(room.clock())
    return {"hand": t.hand_number, "seq": len(t.actions), "actions": list(t.actions),
            "stacks": [s["stack"] for s in public["seats"]], "pot": sum(t.hand.totals),
            "ledger": t.ledger.to_list(), "chat": t.chat.lines, "owing": t.owing(),
            "cards": {pos: t.view(pos)["cards"] for pos in t.seats}, "board": t.view(None)["board"]}


def test_a_table_left_alone_is_unloaded_and_a_reconnect_resumes_the_same_hand(
        tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    store, clock, server = alone(tmp_path / "idle.db")
    table_id, tokens = heads_up(server)

    async def scenario() -> None:
        room = server.room(table_id)
        assert room is not None
        ann, bob = connect(room, tokens["host"]), connect(room, tokens["invite"])
        room.queue.put_nowait((ann, p.Sit(type="sit", name="Ann")))
        room.queue.put_nowait((bob, p.Sit(type="sit", name="Bob")))
        await settled(room, lambda: room.table.live)
        seat_tokens = {c.seat: m["seat_token"] for c in (ann, bob) for m in drain(c) if m["type"] == "seated"}
        conns = {ann.seat: ann, bob.seat: bob}
        room.queue.put_nowait((ann, p.Chat(type="chat", text="back in five")))
        owing = room.table.owing()[0]
        room.queue.put_nowait((conns[owing], p.Act(type="act", action="call", hand=1)))
        await settled(room, lambda: len(room.table.actions) == 1)
        clock.now += 500.0  # the table has been loaded a long time; people were here all along
        await server.release_idle()
        assert server.rooms.get(table_id) is room
        before = snapshot(room)
        clock_before = deadline_left(room)
        for conn in (ann, bob):
            room.queue.put_nowait((conn, "closed"))
        await settled(room, lambda: not room.connections)

        await server.release_idle()  # nobody connected from now on
        clock.now += IDLE - 1
        await server.release_idle()
        assert server.rooms.get(table_id) is room, "unloaded before the idle period was over"
        clock.now += 2
        with caplog.at_level(logging.INFO, logger="homegame.server"):
            await server.release_idle()
        assert table_id not in server.rooms
        assert server.gauges()["homegame_tables_owned"] == 0
        assert room._task is None  # its owner task is stopped: no clock runs, nothing is written
        line = next(r.getMessage() for r in caplog.records if "unloaded" in r.getMessage())
        assert table_id in line
        secrets = [*tokens.values(), *seat_tokens.values(), *(c for cs in before["cards"].values() for c in cs)]
        assert not any(s in line for s in secrets if len(s) > 2)

        again = server.room(table_id)  # the next connection (or a download) loads it from the store
        assert again is not None and again is not room
        assert server.gauges()["homegame_tables_owned"] == 1
        after = snapshot(again)
        assert after == before
        live = sum(again.table.hand.stacks) + sum(again.table.hand.totals) if again.table.hand else 0
        assert live == 2 * BUY_IN  # chips conserved
        assert deadline_left(again) == pytest.approx(clock_before, abs=2.0)  # the turn clock as after a restart

        seat = again.table.owing()[0]
        player = connect(again, tokens["invite"], seat_tokens[seat])
        await settled(again, lambda: player in again.connections)
        state = last_state(drain(player))
        assert state["you"]["seat"] == seat and state["hand"] == before["hand"] and state["seq"] == before["seq"]
        assert state["view"]["cards"] == before["cards"][seat]
        legal = again.table.view(seat)["legal"]
        action = next(a.split()[0] for a in legal if a.startswith(("check", "call")))
        again.queue.put_nowait((player, p.Act(type="act", action=action, hand=before["hand"])))
        await settled(again, lambda: len(again.table.actions) == before["seq"] + 1)
        stored = store.hand(table_id, before["hand"])
        assert stored is not None and len(stored.actions) == before["seq"] + 1
        await server.close()

    asyncio.run(scenario())
    store.close()


@pytest.mark.parametrize("role", ["host", "invite", "watch"])
def test_a_table_with_a_connection_is_never_unloaded(tmp_path: Path, role: str) -> None:
    """Any open connection keeps the table loaded: the host's, a guest's who has not sat down, a
    spectator's; once it closes, the idle period starts."""
    store, clock, server = alone(tmp_path / "kept.db")
    table_id, tokens = heads_up(server)

    async def scenario() -> None:
        room = server.room(table_id)
        assert room is not None
        conn = connect(room, tokens[role])
        await settled(room, lambda: conn in room.connections)
        for _ in range(5):
            clock.now += 10 * IDLE
            await server.release_idle()
            assert server.rooms.get(table_id) is room
        room.queue.put_nowait((conn, "closed"))
        await settled(room, lambda: not room.connections)
        await server.release_idle()
        clock.now += IDLE
        await server.release_idle()
        assert table_id not in server.rooms
        await server.close()

    asyncio.run(scenario())
    store.close()


def test_a_bots_only_table_nobody_watches_stops_too(tmp_path: Path) -> None:
    store, clock, server = alone(tmp_path / "bots.db")
    table_id, _tokens = server.create(NewTable(game="passem", bots=4, bot_delay=0.0, between_hands=0.0))

    async def scenario() -> None:
        room = server.room(table_id)  # a download loaded it; the bots play
        assert room is not None
        await settled(room, lambda: room.table.hand_number >= 2)
        await server.release_idle()  # already idle since it was loaded
        clock.now += IDLE
        await server.release_idle()
        assert table_id not in server.rooms
        hand, seq = room.table.hand_number, len(room.table.actions)
        await asyncio.sleep(0.2)  # it is stopped: the bots play no more
        assert (room.table.hand_number, len(room.table.actions)) == (hand, seq)
        stored = store.hand(table_id, hand)
        assert stored is not None and len(stored.actions) == seq  # everything it played is stored
        again = server.room(table_id)
        assert again is not None and again.table.hand_number == hand
        await server.close()

    asyncio.run(scenario())
    store.close()


def owned(base: str) -> float:
    text = api(base, "/metrics")
    return float(next(line.split()[1] for line in text.splitlines() if line.startswith("homegame_tables_owned ")))


def wait_owned(base: str, count: float, timeout: float = HANG) -> None:
    end = time.monotonic() + timeout
    while owned(base) != count:
        assert time.monotonic() < end, f"homegame_tables_owned did not reach {count}"
        time.sleep(0.05)


def test_over_the_wire_an_idle_table_leaves_and_comes_back(tmp_path: Path) -> None:
    """A real single process (SQLite) with a 0.3 s idle period: two players play, leave, the table is
    unloaded; a websocket that is open but has not said hello yet does not load it; the players come back to the
    same hand, their own cards, and play on."""
    with server_thread(f"sqlite:///{tmp_path / 'wire.db'}", idle_seconds=0.3) as base:
        made = create_table(base, game="holdem", approve_seats=False, between_hands=0.0, bot_delay=0.0,
                            turn_seconds=600.0, time_bank=0.0)
        links, table_id = made["links"], made["table_id"]
        ws_url = parse_link(links["host"]).ws_url

        async def until(ws: Any, test: Callable[[dict[str, Any]], bool]) -> dict[str, Any]:
            while True:
                msg = json.loads(await asyncio.wait_for(ws.recv(), 10))
                if test(msg):
                    return msg

        async def scenario() -> None:
            seats: dict[int, str] = {}  # position -> seat token
            cards: dict[int, list[str]] = {}
            async with websockets.connect(ws_url) as ann, websockets.connect(ws_url) as bob:
                for ws, link, name in ((ann, "host", "Ann"), (bob, "invite", "Bob")):
                    await ws.send(json.dumps({"type": "hello", "v": 1, "token": parse_link(links[link]).token}))
                    await ws.send(json.dumps({"type": "sit", "v": 1, "name": name}))
                    seated = await until(ws, lambda m: m["type"] == "seated")
                    seats[seated["seat"]] = seated["seat_token"]
                for ws in (ann, bob):
                    state = await until(ws, lambda m: m["type"] == "state" and m["table"]["live"])
                    cards[state["you"]["seat"]] = state["view"]["cards"]
                hand, seq = state["hand"], state["seq"]
                owing = state["table"]["dealt"][state["view"]["to_act"][0]]
            await asyncio.to_thread(wait_owned, base, 0)

            async with websockets.connect(ws_url) as quiet:  # open, no hello yet: the table is not loaded
                await asyncio.sleep(1.0)
                assert await asyncio.to_thread(owned, base) == 0
                await quiet.send(json.dumps({"type": "hello", "v": 1, "token": seats[owing]}))
                state = await until(quiet, lambda m: m["type"] == "state")
                assert (state["hand"], state["seq"], state["view"]["cards"]) == (hand, seq, cards[owing])
                call = next(a.split()[0] for a in state["view"]["legal"] if a.startswith(("check", "call")))
                await quiet.send(json.dumps({"type": "act", "v": 1, "hand": hand, "action": call}))
                state = await until(quiet, lambda m: m["type"] == "state" and m["seq"] > seq)
                after = (state["hand"], state["seq"])
            await asyncio.to_thread(wait_owned, base, 0)
            host = parse_link(links["host"]).token
            settle = await asyncio.to_thread(api, base, f"/api/tables/{table_id}/settle?token={host}")
            assert settle is not None  # a download loads the table too, and it leaves again
            await asyncio.to_thread(wait_owned, base, 0)
            other = next(pos for pos in seats if pos != owing)
            async with websockets.connect(ws_url) as again:
                await again.send(json.dumps({"type": "hello", "v": 1, "token": seats[other]}))
                state = await until(again, lambda m: m["type"] == "state")
                assert (state["hand"], state["seq"], state["view"]["cards"]) == (*after, cards[other])

        asyncio.run(scenario())


def test_the_idle_period_is_checked() -> None:
    from homegame.cli import _load_commands, app

    _load_commands()
    runner = CliRunner()
    for args, env, words in ((["--idle-seconds", "0"], {}, "--idle-seconds must be a number of seconds from 1 "
                                                           "to 86400 (a day), not 0"),
                             ([], {"HOMEGAME_IDLE_SECONDS": "soon"}, "$HOMEGAME_IDLE_SECONDS must be a number of "
                                                                     "seconds from 1 to 86400 (a day), not 'soon'")):
        # --workers 0 is refused after the idle period is checked: never a server started here
        result = runner.invoke(app, ["serve", *args, "--workers", "0"], env={"COLUMNS": "200", "NO_COLOR": "1", **env})
        assert result.exit_code == 2 and words in result.output, result.output
        assert "Traceback" not in result.output
    with pytest.raises(ValueError, match="positive number of seconds"):
        Server(Store("sqlite://"), idle_seconds=0)


@pytest.mark.slow
def test_the_memory_bench_finds_an_unloaded_table_costs_next_to_nothing() -> None:
    """``bench/memory.py`` in one process, 5 hold'em tables: an unloaded table keeps a small fraction of
    what a live one holds (no room, table, hand or connection stays behind)."""
    import importlib.util

    path = Path(__file__).resolve().parents[1] / "bench" / "memory.py"
    spec = importlib.util.spec_from_file_location("memory_bench", path)
    assert spec is not None and spec.loader is not None
    bench = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bench)
    out = bench.child("holdem", "trace", 5, 1)
    assert out["loaded"] == 5 and out["leases"] == 0
    assert 20_000 < out["live"] < 250_000, out  # a whole seed chain held (320 kB) would show here
    assert out["idle"] < out["live"] / 5, out
