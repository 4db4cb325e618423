"""The server when things go wrong: a database that stops taking writes under a live hand, a database
that cannot be used at start, and logs that must never hold a token or a card.

What is stored is what players were told: a write that fails halts the table at its last stored step,
tells every connection, and the table plays on by itself from that step once writes work again.
"""

from __future__ import annotations

import asyncio
import json
import logging
import re
import sqlite3
import subprocess
import sys
import threading
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
import websockets
from sqlalchemy import event

from homegame.server import protocol as p
from homegame.server.app import NewTable, Server
from homegame.server.harness import free_port, wait_for_port
from homegame.server.room import Connection, Room
from homegame.server.storage import Store


class Clock:
    """A clock the test moves by hand."""

    def __init__(self) -> None:
        self.now = 1_000_000.0

    def __call__(self) -> float:
        return self.now


def drain(conn: Connection) -> list[dict[str, Any]]:
    """Every message queued for ``conn`` so far."""
    out = []
    while not conn.outbox.empty():
        text = conn.outbox.get_nowait()
        if text is not None:
            out.append(json.loads(text))
    return out


def last_state(messages: list[dict[str, Any]]) -> dict[str, Any]:
    return next(m for m in reversed(messages) if m["type"] == "state")


class Night:
    """Two players at a hold'em table driven step by step through a :class:`Room` over ``store``."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self.clock = Clock()
        spec = NewTable(game="holdem", approve_seats=False, between_hands=0.0, bot_delay=0.0,
                        turn_seconds=600.0, time_bank=0.0, buy_in=200)
        self.table_id, self.tokens = Server(store).create(spec)
        room = Room.load(self.table_id, store, clock=self.clock)
        assert room is not None
        self.room = room
        self.conns = [self.connect(self.tokens["host"]), self.connect(self.tokens["invite"])]
        for conn, name in zip(self.conns, ["Ann", "Bob"], strict=True):
            self.room.step((conn, p.Sit(type="sit", name=name)))
        self.tick()
        assert self.room.table.live

    def connect(self, token: str) -> Connection:
        conn = Connection(lambda _text: None)
        self.room.step((conn, p.Hello(type="hello", token=token)))
        return conn

    def tick(self, seconds: float = 0.01) -> None:
        self.clock.now += seconds
        self.room.step(None)

    def to_act(self) -> Connection:
        pos = self.room.table.owing()[0]
        return next(c for c in self.conns if c.seat == pos)

    def act(self) -> Connection:
        """The seat to act checks or calls; its connection."""
        conn = self.to_act()
        assert conn.seat is not None
        legal = self.room.table.view(conn.seat)["legal"]
        action = next(a.split()[0] for a in legal if a.startswith(("check", "call")))
        self.room.step((conn, p.Act(type="act", action=action, hand=self.room.table.hand_number)))
        return conn

    def stored_actions(self) -> int:
        hand = self.store.hand(self.table_id, self.room.table.hand_number)
        assert hand is not None
        return len(hand.actions)


def halt_and_resume(store: Store, readonly: Callable[[bool], None]) -> None:
    """A live hand; the database stops taking writes (``readonly(True)``); a player acts: the table
    halts at its last stored step and says so to everyone; writes work again: it plays on."""
    night = Night(store)
    room = night.room
    night.act()
    for conn in night.conns:
        drain(conn)
    seq, hand = len(room.table.actions), room.table.hand_number
    assert night.stored_actions() == seq

    readonly(True)
    actor = night.act()
    said = drain(actor)
    assert [m for m in said if m["type"] == "error"][0]["code"] == "not_saved"
    for conn in night.conns:
        got = said if conn is actor else drain(conn)
        halted = [m for m in got if m["type"] == "halted"]
        assert halted and halted[0]["halted"] is True and "cannot save" in halted[0]["message"]
        state = last_state(got)
        assert (state["hand"], state["seq"]) == (hand, seq)  # what is shown is what is stored
        assert state["table"]["halted"]
    assert len(room.table.actions) == seq and night.stored_actions() == seq
    assert room.halted is not None

    # someone reconnects while halted: the stored step, and the flag
    late = night.connect(night.tokens["watch"])
    state = last_state(drain(late))
    assert (state["hand"], state["seq"]) == (hand, seq) and state["table"]["halted"]
    # acting while halted is refused and changes nothing; the clock does not run out on anyone
    conn = night.to_act()
    room.step((conn, p.Act(type="act", action="fold")))
    assert [m["code"] for m in drain(conn) if m["type"] == "error"] == ["halted"]
    night.clock.now += 0.1
    room.step(None)  # too early to retry, and still read-only anyway
    night.clock.now += 5000  # past every turn clock
    room.step(None)  # the retry fails: still halted
    assert room.halted is not None and len(room.table.actions) == seq

    readonly(False)
    night.clock.now += 60
    room.step(None)
    assert room.halted is None
    for conn in (*night.conns, late):
        got = drain(conn)
        assert any(m["type"] == "halted" and m["halted"] is False for m in got)
        state = last_state(got)
        assert (state["hand"], state["seq"]) == (hand, seq) and state["table"]["halted"] is None
    night.act()  # play goes on from the stored step
    assert len(room.table.actions) == seq + 1 == night.stored_actions()

    # and a restart finds exactly what the players were last told
    again = Room.load(night.table_id, Store(store.url, run_migrations=False))
    assert again is not None and len(again.table.actions) == seq + 1


def sqlite_query_only(store: Store) -> Callable[[bool], None]:
    """A switch that makes ``store``'s SQLite connections read-only (``PRAGMA query_only``); a chmod
    would not stop root, who runs these tests in CI containers."""
    flag = {"on": False}

    @event.listens_for(store.engine, "checkout")
    def _checkout(dbapi_conn: Any, _record: Any, _proxy: Any) -> None:
        dbapi_conn.execute(f"PRAGMA query_only={'ON' if flag['on'] else 'OFF'}")

    def switch(on: bool) -> None:
        flag["on"] = on

    return switch


@pytest.fixture
def store(tmp_path: Path) -> Iterator[Store]:
    made = Store(f"sqlite:///{tmp_path / 'night.db'}")
    yield made
    made.close()


def test_a_failing_write_halts_the_table_at_its_last_stored_step(store: Store,
                                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    real = store.write
    broken = {"on": False}

    def write(*args: Any, **kwargs: Any) -> None:
        if broken["on"]:
            raise OSError("disk full")
        real(*args, **kwargs)

    def probe(_table_id: str) -> None:
        if broken["on"]:
            raise OSError("disk full")

    monkeypatch.setattr(store, "write", write)
    monkeypatch.setattr(store, "probe", probe)

    def switch(on: bool) -> None:
        broken["on"] = on

    halt_and_resume(store, switch)


def test_a_read_only_sqlite_database_halts_the_table_until_it_takes_writes(store: Store) -> None:
    halt_and_resume(store, sqlite_query_only(store))


def test_a_seat_taken_while_writes_fail_is_not_handed_out(store: Store) -> None:
    night = Night(store)
    readonly = sqlite_query_only(store)
    readonly(True)
    newcomer = night.connect(night.tokens["invite"])
    drain(newcomer)
    night.room.step((newcomer, p.Sit(type="sit", name="Cy")))
    got = drain(newcomer)
    assert not [m for m in got if m["type"] == "seated"]  # no seat token for a seat that is not stored
    assert newcomer.seat is None and len(night.room.table.seats) == 2
    assert [m["code"] for m in got if m["type"] == "error"] == ["not_saved"]


# ----- logs --------------------------------------------------------------------------------------


class Records(logging.Handler):
    """Keeps every formatted record."""

    def __init__(self) -> None:
        super().__init__(logging.DEBUG)
        self.lines: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        text = self.format(record)
        if record.exc_info:
            text += logging.Formatter().formatException(record.exc_info)
        self.lines.append(text)


def test_no_token_or_card_reaches_a_log(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import uvicorn

    from homegame.server.app import create_app

    def explode(self: Room, conn: Connection, msg: Any) -> None:
        raise RuntimeError(f"cannot apply {msg!r}")  # an unexpected failure whose text holds the message

    port = free_port()
    config = uvicorn.Config(create_app(f"sqlite:///{tmp_path / 'logs.db'}"), host="127.0.0.1", port=port,
                            log_level="debug", lifespan="on", ws_per_message_deflate=False)
    server = uvicorn.Server(config)
    records = Records()
    names = ("", "uvicorn", "uvicorn.access", "uvicorn.error", "homegame.server")
    for name in names:
        logging.getLogger(name).addHandler(records)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    try:
        wait_for_port(port)
        base = f"http://127.0.0.1:{port}"
        made = httpx.post(f"{base}/api/tables", json={"game": "holdem", "bot_delay": 0, "bots": 1,
                                                      "approve_seats": False, "between_hands": 0}).json()
        table_id = made["table_id"]
        tokens = [link.split("#")[1] for link in made["links"].values()]
        host = tokens[0]
        for path in ("ledger.csv", "settle", "hands", "hands/1.json", "hands/1.phh"):
            by_header = httpx.get(f"{base}/api/tables/{table_id}/{path}", headers={"Authorization": f"Bearer {host}"})
            by_query = httpx.get(f"{base}/api/tables/{table_id}/{path}?token={host}")
            assert by_header.status_code != 401, path
            assert by_query.status_code == 401, path  # a token in the address is not taken (and logged redacted)
        assert httpx.get(f"{base}/api/tables/{table_id}/settle").status_code == 401
        assert httpx.get(f"{base}/api/tables/{table_id}/settle",
                         headers={"Authorization": "Bearer not-a-token-of-it"}).status_code == 404

        async def play() -> str:
            async with websockets.connect(f"ws://127.0.0.1:{port}/ws/{table_id}") as ws:
                await ws.send(json.dumps({"type": "hello", "token": host}))
                seat_token = ""
                hole = ""
                await ws.send(json.dumps({"type": "sit", "name": "Ann"}))
                for _ in range(40):
                    msg = json.loads(await asyncio.wait_for(ws.recv(), 10))
                    if msg["type"] == "seated":
                        seat_token = msg["seat_token"]
                    if msg["type"] == "state" and msg["view"] and msg["you"]["hand_seat"] is not None:
                        hole = " ".join(c for c in msg["view"]["cards"] if c)
                        if seat_token and hole:
                            break
                monkeypatch.setattr(Room, "apply", explode)
                await ws.send(json.dumps({"type": "act", "action": f"pass {hole} {seat_token}"}))
                await ws.send(json.dumps({"type": "ping"}))
                while json.loads(await asyncio.wait_for(ws.recv(), 10))["type"] != "pong":
                    pass
                return f"{seat_token} {hole}"

        secrets = asyncio.run(play()).split()
        assert len(secrets) >= 2
    finally:
        server.should_exit = True
        thread.join(10)
        for name in names:
            logging.getLogger(name).removeHandler(records)
    text = "\n".join(records.lines)
    assert "GET /api/tables" in text  # the access log did record the downloads
    assert "failed to handle a act message: RuntimeError" in text
    for secret in tokens:
        assert secret not in text, secret
    for card in secrets:  # a card as a word: "Ac" inside "Sec-WebSocket-Accept" is not a card
        assert not re.search(rf"(?<![A-Za-z0-9]){re.escape(card)}(?![A-Za-z0-9])", text), card


# ----- a database that cannot be used at start -----------------------------------------------------


def serve(db: str, tmp_path: Path) -> subprocess.CompletedProcess[str]:
    """``homegame serve --db DB`` with a short timeout: it must refuse at once."""
    port = free_port()
    code = ("from homegame.cli import main; import sys; sys.argv=['homegame','serve','--port',"
            f"'{port}','--db',{db!r}]; main()")
    try:
        return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60,
                              cwd=tmp_path, check=False)
    except subprocess.TimeoutExpired as exc:
        raise AssertionError(f"the server started on {db}") from exc


def refused(done: subprocess.CompletedProcess[str], words: str) -> None:
    lines = [line for line in done.stderr.splitlines() if line.strip()]
    assert done.returncode == 2, (done.returncode, done.stderr[-2000:])
    assert len(lines) == 1 and lines[0].startswith("error: ") and words in lines[0], done.stderr[-2000:]
    assert "Traceback" not in done.stderr


def test_a_corrupt_database_is_one_line_and_an_exit_code(tmp_path: Path) -> None:
    db = tmp_path / "corrupt.db"
    db.write_bytes(bytes(range(256)) * 64)
    refused(serve(str(db), tmp_path), "not a database")


def test_a_foreign_database_is_one_line_and_an_exit_code(tmp_path: Path) -> None:
    db = tmp_path / "foreign.db"
    with sqlite3.connect(db) as conn:
        conn.execute("CREATE TABLE recipes (id INTEGER PRIMARY KEY, title TEXT)")
        conn.execute("INSERT INTO recipes (title) VALUES ('soup')")
    refused(serve(str(db), tmp_path), "not a homegame database")
    with sqlite3.connect(db) as conn:  # and it was left alone
        assert [r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type='table'")] == ["recipes"]


def test_a_newer_schema_is_one_line_and_an_exit_code(tmp_path: Path) -> None:
    db = tmp_path / "newer.db"
    Store(f"sqlite:///{db}").close()
    with sqlite3.connect(db) as conn:
        conn.execute("UPDATE alembic_version SET version_num = '0099_from_the_future'")
    refused(serve(str(db), tmp_path), "newer homegame")


def test_a_read_only_database_is_one_line_and_an_exit_code(tmp_path: Path) -> None:
    db = tmp_path / "ro.db"
    Store(f"sqlite:///{db}").close()
    refused(serve(f"sqlite:///file:{db}?mode=ro&uri=true", tmp_path), "read-only")


def test_a_good_database_still_serves(tmp_path: Path) -> None:
    port = free_port()
    code = ("from homegame.cli import main; import sys; sys.argv=['homegame','serve','--port',"
            f"'{port}','--db','ok.db','--log-level','warning']; main()")
    proc = subprocess.Popen([sys.executable, "-c", code], cwd=tmp_path, stderr=subprocess.PIPE, text=True)
    try:
        wait_for_port(port)
        assert httpx.get(f"http://127.0.0.1:{port}/api/games").status_code == 200
    finally:
        proc.terminate()
        proc.wait(10)


def test_over_the_wire_a_read_only_database_halts_and_resumes(tmp_path: Path) -> None:
    """The same through uvicorn and real websockets, with the server's own clock and retries."""
    import uvicorn

    from homegame.server.app import create_app

    store = Store(f"sqlite:///{tmp_path / 'wire.db'}")
    readonly = sqlite_query_only(store)
    port = free_port()
    server = uvicorn.Server(uvicorn.Config(create_app(store=store), host="127.0.0.1", port=port,
                                           log_level="warning", lifespan="on", ws_per_message_deflate=False))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    base = f"http://127.0.0.1:{port}"
    try:
        wait_for_port(port)
        made = httpx.post(f"{base}/api/tables", json={
            "game": "holdem", "bots": 1, "approve_seats": False, "bot_delay": 0, "between_hands": 100,
            "turn_seconds": 600, "time_bank": 0}).json()
        table_id = made["table_id"]
        host, watch = made["links"]["host"].split("#")[1], made["links"]["watch"].split("#")[1]
        url = f"ws://127.0.0.1:{port}/ws/{table_id}"

        async def until(ws: Any, test: Callable[[dict[str, Any]], bool]) -> dict[str, Any]:
            while True:
                msg: dict[str, Any] = json.loads(await asyncio.wait_for(ws.recv(), 10))
                if test(msg):
                    return msg

        def my_turn(m: dict[str, Any]) -> bool:
            return m["type"] == "state" and bool(m["view"]) and bool(m["view"]["legal"])

        async def scenario() -> None:
            async with websockets.connect(url) as ann:
                await ann.send(json.dumps({"type": "hello", "token": host}))
                await ann.send(json.dumps({"type": "sit", "name": "Ann"}))
                state = await until(ann, my_turn)
                hand, seq = state["hand"], state["seq"]
                action = next(a.split()[0] for a in state["view"]["legal"] if a.startswith(("check", "call")))
                readonly(True)
                await ann.send(json.dumps({"type": "act", "action": action, "hand": hand}))
                error = await until(ann, lambda m: m["type"] == "error")
                assert error["code"] == "not_saved"
                halted = await until(ann, lambda m: m["type"] == "halted")
                assert halted["halted"] is True
                state = await until(ann, lambda m: m["type"] == "state")
                assert (state["hand"], state["seq"]) == (hand, seq) and state["table"]["halted"]
                async with websockets.connect(url) as spectator:
                    await spectator.send(json.dumps({"type": "hello", "token": watch}))
                    seen = await until(spectator, lambda m: m["type"] == "state")
                    assert (seen["hand"], seen["seq"]) == (hand, seq) and seen["table"]["halted"]
                opened = httpx.post(f"{base}/api/tables", json={"game": "holdem"})
                assert opened.status_code == 503 and "cannot use its database" in opened.json()["detail"]
                readonly(False)
                back = await until(ann, lambda m: m["type"] == "halted")
                assert back["halted"] is False
                state = await until(ann, my_turn)
                assert (state["hand"], state["seq"]) == (hand, seq) and state["table"]["halted"] is None
                await ann.send(json.dumps({"type": "act", "action": action, "hand": hand}))
                after = await until(ann, lambda m: m["type"] == "state" and m["seq"] > seq)
                assert after["hand"] == hand

        asyncio.run(scenario())
    finally:
        server.should_exit = True
        thread.join(10)
        store.close()
