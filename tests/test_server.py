"""The server over real websockets: links and tokens, bad input, no card leaks, the bot command.

The server runs in a thread of the test process on a free port with a temporary SQLite file.
"""

from __future__ import annotations

import asyncio
import json
import re
import subprocess
import sys
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import websockets

import homegame as hg
from homegame.server.client import BotClient, parse_link
from homegame.server.harness import api, create_table, server_thread
from homegame.server.verify import verify_hand
from homegame.table import make_stakes
from waiting import HANG

FAST = {"bot_delay": 0.0, "between_hands": 0.0, "turn_seconds": 60.0, "time_bank": 0.0}


@pytest.fixture(scope="module")
def base(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    db = tmp_path_factory.mktemp("server") / "test.db"
    with server_thread(f"sqlite:///{db}") as url:
        yield url


class Client:
    """A websocket connection that keeps every message it receives."""

    def __init__(self, link: str) -> None:
        self.target = parse_link(link)
        self.messages: list[dict[str, Any]] = []
        self.ws: Any = None

    async def __aenter__(self) -> Client:
        self.ws = await websockets.connect(self.target.ws_url, max_size=2**22, close_timeout=1)
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.ws.close()

    async def send(self, message: dict[str, Any] | str) -> None:
        await self.ws.send(message if isinstance(message, str) else json.dumps(message))

    async def hello(self, token: str | None = None, seat_token: str | None = None) -> dict[str, Any]:
        msg: dict[str, Any] = {"type": "hello", "v": 1, "token": token or self.target.token}
        if seat_token:
            msg["seat_token"] = seat_token
        await self.send(msg)
        return await self.expect("welcome", "error")

    async def expect(self, *types: str, timeout: float = HANG, where: Any = None) -> dict[str, Any]:
        async def loop() -> dict[str, Any]:
            while True:
                msg = json.loads(await self.ws.recv())
                self.messages.append(msg)
                if msg["type"] in types and (where is None or where(msg)):
                    return msg
        return await asyncio.wait_for(loop(), timeout)

    def last_state(self) -> dict[str, Any]:
        return next(m for m in reversed(self.messages) if m["type"] == "state")


def stable(state: dict[str, Any]) -> dict[str, Any]:
    """A state message without the clock fields and this connection's counters."""
    table = {k: v for k, v in state["table"].items() if k not in ("now",)}
    return {"table": table, "view": state["view"], "hand": state["hand"], "seq": state["seq"]}


# ----- links and tokens --------------------------------------------------------------------------
def test_tokens_refuse_strangers(base: str) -> None:
    made = create_table(base, game="holdem", paused=True, **FAST)
    links = made["links"]
    table_id = made["table_id"]

    async def scenario() -> None:
        async with Client(links["host"]) as host, Client(links["invite"]) as ann, \
                Client(links["invite"]) as bob, Client(links["watch"]) as watcher:
            assert (await host.hello())["role"] == "host"
            assert (await ann.hello())["role"] == "guest"
            assert (await bob.hello())["role"] == "guest"
            assert (await watcher.hello())["role"] == "watcher"
            await ann.send({"type": "sit", "name": "Ann"})
            ann_seat = await ann.expect("seated")
            await bob.send({"type": "sit", "name": "Bob"})
            bob_seat = await bob.expect("seated")
            assert ann_seat["status"] == "pending"
            # a host action with an invite token
            await ann.send({"type": "approve", "seat": ann_seat["seat"]})
            refused = await ann.expect("error")
            assert refused["code"] == "forbidden"
            await ann.send({"type": "pause", "value": False})
            assert (await ann.expect("error"))["code"] == "forbidden"
            # a spectator cannot sit
            await watcher.send({"type": "sit", "name": "Peeker"})
            assert "spectator" in (await watcher.expect("error"))["message"]
            for seat in (ann_seat["seat"], bob_seat["seat"]):
                await host.send({"type": "approve", "seat": seat})
            await host.send({"type": "pause", "value": False})
            state = await ann.expect("state", where=lambda m: m["view"] is not None)
            to_act = state["view"]["to_act"][0]
            dealt = state["table"]["dealt"]
            acting, waiting = (ann, bob) if dealt[to_act] == ann_seat["seat"] else (bob, ann)
            # the waiting seat acts: refused, nothing changes
            await waiting.send({"type": "act", "action": "call"})
            err = await waiting.expect("error")
            assert err["code"] == "illegal" and "turn" in err["message"]
            # another connection with the waiting seat's own token is still that seat, not the other
            other_token = (ann_seat if waiting is ann else bob_seat)["seat_token"]
            async with Client(links["invite"]) as again:
                welcome = await again.hello(other_token)
                assert welcome["role"] == "player"
                assert welcome["seat"] == (ann_seat if waiting is ann else bob_seat)["seat"]
                await again.expect("state")
                await again.send({"type": "act", "action": "fold"})
                assert (await again.expect("error"))["code"] == "illegal"
            # nothing changed: the acting seat still owes the same decision
            await acting.send({"type": "ping"})
            await acting.expect("pong")
            assert acting.last_state()["seq"] == state["seq"]
            # an invented token and a guessed table id
            async with Client(links["invite"]) as stranger:
                err = await stranger.hello("A" * 24)
                assert err["type"] == "error" and err["code"] == "bad_token"
            guessed = links["invite"].replace(table_id, "guessedTable")
            async with Client(guessed) as lost:  # answered as a wrong token is: the id's existence is not told
                msg = await lost.hello()
                assert msg["code"] == "bad_token"

    asyncio.run(scenario())
    token = parse_link(links["invite"]).token
    for path in (f"/api/tables/nope/ledger.csv?token={token}", f"/api/tables/{table_id}/ledger.csv?token=xyzxyzxyz",
                 f"/api/tables/{table_id}/hands/1.json?token=guess"):
        with pytest.raises(urllib.error.HTTPError) as info:
            api(base, path)
        assert info.value.code == 404
    with pytest.raises(urllib.error.HTTPError) as info:  # a token in the address is not taken at all
        urllib.request.urlopen(f"{base}/api/tables/{table_id}/ledger.csv?token={token}", timeout=30)
    assert info.value.code == 401
    assert "TOTAL" in api(base, f"/api/tables/{table_id}/ledger.csv?token={token}")


# ----- bad input -------------------------------------------------------------------------------------
def test_bad_messages_get_errors_and_change_nothing(base: str) -> None:
    made = create_table(base, game="passem", bots=2, paused=True, **FAST)
    links = made["links"]

    async def scenario() -> None:
        async with Client(links["host"]) as host:
            await host.hello()
            before = stable(await host.expect("state"))
            cases = [
                ("{not json", "bad_json"),
                ("[1, 2]", "bad_message"),
                (json.dumps({"type": "teleport"}), "unknown_type"),
                (json.dumps({"type": "act", "v": 2, "action": "call"}), "bad_version"),
                (json.dumps({"type": "act"}), "invalid"),
                (json.dumps({"type": "adjust", "seat": 0, "stack": -5}), "invalid"),
                (json.dumps({"type": "act", "action": "call", "extra": 1}), "invalid"),
                (json.dumps({"type": "sit", "name": "x" * 5000}), "too_large"),
                ("x" * 100_000, "too_large"),
                (json.dumps({"type": "act", "action": "raise banana"}), "refused"),
                (json.dumps({"type": "set_game", "game": "go-fish"}), "refused"),
                (json.dumps({"type": "adjust", "seat": 7, "stack": 5}), "refused"),
            ]
            for text, code in cases:
                await host.send(text)
                err = await host.expect("error")
                assert err["code"] == code, (text[:40], err)
                assert err["message"]
            # a flood: the rate limit answers, then the connection still works
            for _ in range(120):
                await host.send({"type": "ping"})
            await host.expect("error", where=lambda m: m["code"] == "rate_limited")
            await asyncio.sleep(2.5)
            await host.send({"type": "ping"})
            await host.expect("pong")
        async with Client(links["watch"]) as watcher:
            await watcher.hello()
            after = stable(await watcher.expect("state"))
            assert after == before

    asyncio.run(scenario())


# ----- no card leaks ---------------------------------------------------------------------------------
CARD = re.compile(r"(?<![A-Za-z0-9])([2-9TJQKA][cdhs])(?![A-Za-z0-9])")


def cards_in(value: Any) -> set[str]:
    out: set[str] = set()
    if isinstance(value, str):
        out.update(CARD.findall(value))
    elif isinstance(value, dict):
        for v in value.values():
            out |= cards_in(v)
    elif isinstance(value, list):
        for v in value:
            out |= cards_in(v)
    return out


def knowledge(stored: dict[str, Any]) -> dict[int, tuple[set[str], list[set[str]]]]:
    """For each action count k: the public cards and, per seat, every card it has held so far."""
    start = stored["start"]
    hand = hg.game(start["game"], **start["rules"]).deal(start["stacks"], stakes=make_stakes(start["stakes"]),
                                                         button=start["button"], deck=stored["deck"])
    n = len(start["stacks"])
    held: list[set[str]] = [set() for _ in range(n)]
    out = {}
    for k in range(len(stored["actions"]) + 1):
        for s in range(n):
            held[s] |= set(hand.view(s)["cards"])
        out[k] = (cards_in(hand.view(None)), [set(h) for h in held])
        if k < len(stored["actions"]):
            seat, action = stored["actions"][k]
            hand.act(seat, action)
    return out


@pytest.mark.parametrize("game", ["passem", "sameem", "pass-the-trash", "three-hole", "holdem", "omaha", "stud"])
def test_no_card_leaks_in_any_message(base: str, game: str) -> None:
    # fixed limit with deep stacks, so that nobody is broke before the last hand
    stakes = {"structure": "fixed-limit", "ante": 1, "small_bet": 2, "big_bet": 4}
    if game == "stud":
        stakes["bring_in"] = 1
    made = create_table(base, game=game, bots=1, approve_seats=False, stakes=stakes, buy_in=1000, **FAST)
    links = made["links"]
    token = parse_link(links["invite"]).token
    hands = 8
    recorded: dict[str, list[dict[str, Any]]] = {"watcher": []}

    async def scenario() -> None:
        bots = []
        for i in range(3):
            log: list[dict[str, Any]] = []
            recorded[f"P{i}"] = log
            bots.append(BotClient(links["invite"], name=f"P{i}", kind="rule", seed=i, on_message=log.append))
        tasks = [asyncio.create_task(b.run()) for b in bots]
        async with Client(links["watch"]) as w:
            await w.hello()
            await w.expect("state", where=lambda m: m["hand"] > hands)
            recorded["watcher"] = w.messages
        for t in tasks:
            t.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)

    asyncio.run(scenario())
    stored_hands: dict[int, dict[str, Any]] = {}
    checked = 0
    for name, log in recorded.items():
        for msg in log:
            if msg["type"] != "state" or msg["view"] is None:
                continue
            number = msg["hand"]
            if number not in stored_hands:
                try:
                    stored_hands[number] = api(base, f"/api/tables/{made['table_id']}/hands/{number}.json?token={token}")
                except urllib.error.HTTPError:
                    continue  # the last hand may still be running
                assert verify_hand(stored_hands[number]).ok
                stored_hands[number]["_known"] = knowledge(stored_hands[number])
            stored = stored_hands[number]
            public, held = stored["_known"][msg["seq"]]
            hs = msg["you"]["hand_seat"]
            allowed = public | (held[hs] if hs is not None else set())
            sh = msg["shuffle"]
            if msg["view"]["over"]:
                assert sh["deck"] == stored["deck"]
                allowed |= set(stored["deck"])
            else:
                assert sh["deck"] is None and sh["salt"] is None
            seen = cards_in({k: v for k, v in msg.items() if k != "shuffle"})
            assert seen <= allowed, f"{name} saw {seen - allowed} in hand {number} at action {msg['seq']}"
            if hs is not None:
                assert set(msg["view"]["cards"]) <= held[hs]
            else:
                assert msg["view"]["cards"] == []
            checked += 1
    assert len(stored_hands) >= hands - 1
    assert checked > 20


# ----- the bot command -----------------------------------------------------------------------------
def test_bot_command_plays_over_the_protocol(base: str, tmp_path: Path) -> None:
    made = create_table(base, game="three-hole", bots=1, approve_seats=False, buy_in=1000,
                        stakes={"structure": "fixed-limit", "ante": 1, "small_bet": 2, "big_bet": 4}, **FAST)
    link = made["links"]["invite"]
    done = subprocess.run(
        [sys.executable, "-c", "from homegame.cli import main; import sys; sys.argv=['homegame','bot',"
         f"'--url',{link!r},'--hands','2','--kind','rule','--name','Cli']; main()"],
        capture_output=True, text=True, timeout=120, check=False)
    assert done.returncode == 0, done.stderr
    token = parse_link(link).token
    listing = api(base, f"/api/tables/{made['table_id']}/hands?token={token}")
    assert len(listing) >= 2
    hand = api(base, f"/api/tables/{made['table_id']}/hands/1.json?token={token}")
    path = tmp_path / "hand.json"
    path.write_text(json.dumps(hand))
    check = subprocess.run([sys.executable, "-c", "from homegame.cli import main; import sys; "
                            f"sys.argv=['homegame','verify',{str(path)!r}]; main()"],
                           capture_output=True, text=True, timeout=120, check=False)
    assert check.returncode == 0 and "verified" in check.stdout
    hand["deck"][0], hand["deck"][1] = hand["deck"][1], hand["deck"][0]
    path.write_text(json.dumps(hand))
    check = subprocess.run([sys.executable, "-c", "from homegame.cli import main; import sys; "
                            f"sys.argv=['homegame','verify',{str(path)!r}]; main()"],
                           capture_output=True, text=True, timeout=120, check=False)
    assert check.returncode == 1 and "NOT verified" in check.stdout


# ----- the room without sockets: seats belong to their holder, decisions, links, clocks -------------
from test_table_support import Clock, Tab, open_room, seated, tick  # noqa: E402

ROOM = {"game": "holdem", "approve_seats": False, "bot_delay": 0.0, "between_hands": 1.0,
        "turn_seconds": 30.0, "time_bank": 0.0}


@pytest.mark.parametrize("how", ["leave", "remove", "leave_mid_hand", "remove_mid_hand"])
def test_a_seat_belongs_to_whoever_holds_it_now(tmp_path: Path, how: str) -> None:
    clock = Clock()
    room, _store, tokens = open_room(tmp_path, clock, paused=True, **ROOM)
    host = Tab(room, tokens["host"])
    ann1 = Tab(room, tokens["invite"])
    ann_seat = seated(ann1, "Ann")
    ann2 = Tab(room, tokens["invite"], ann1.seat_token)  # her second tab
    assert ann2.state()["you"]["seat"] == ann_seat
    bob = Tab(room, tokens["invite"])
    seated(bob, "Bob")
    tabs = [host, ann1, ann2, bob]
    if how.endswith("mid_hand"):
        host.send({"type": "pause", "value": False})
        tick(room, tabs, clock, 1.5)
        assert room.table.live and ann_seat in room.table.start.dealt  # type: ignore[union-attr]
    if how.startswith("leave"):
        ann1.send({"type": "leave"})
    else:
        host.send({"type": "remove", "seat": ann_seat})
    tick(room, tabs, clock, 120.0)  # the hand (if any) ends, Ann is cashed out
    host.send({"type": "pause", "value": True})
    tick(room, tabs, clock, 60.0)
    cy = Tab(room, tokens["invite"])
    assert seated(cy, "Cy") == ann_seat  # Cy sits in Ann's old seat
    host.send({"type": "pause", "value": False})
    tick(room, tabs + [cy], clock, 1.5)
    assert room.table.live and ann_seat in room.table.start.dealt  # type: ignore[union-attr]
    cy_cards = cy.state()["view"]["cards"]
    assert cy_cards
    for tab in (ann1, ann2):
        for msg in tab.messages:
            if msg["type"] == "state" and msg["hand"] == room.table.hand_number and msg["view"]:
                assert not set(msg["view"]["cards"]) & set(cy_cards), "Ann's old tab saw Cy's cards"
        seq = room.table.actions[:]
        tab.send({"type": "act", "action": "fold"})
        assert tab.last("error")["code"] == "refused"  # type: ignore[index]
        assert room.table.actions == seq
    for tab in (ann1, ann2):
        told = tab.last("unseated")
        assert told is not None and told["seat"] == ann_seat and f"seat {ann_seat + 1}" in told["message"]
        assert tab.state()["you"]["seat"] is None
    # a hello with Ann's dead seat token alone is refused; with the invite it is a guest who is told
    dead = Tab(room, ann1.seat_token or "")
    assert dead.last("error")["code"] == "bad_token"  # type: ignore[index]
    again = Tab(room, tokens["invite"], ann1.seat_token)
    assert again.state()["you"]["seat"] is None and again.last("unseated") is not None


def test_reissue_gives_a_new_seat_link_and_the_old_one_stops_once_it_is_opened(tmp_path: Path) -> None:
    clock = Clock()
    room, _store, tokens = open_room(tmp_path, clock, paused=True, **ROOM)
    host = Tab(room, tokens["host"])
    ann = Tab(room, tokens["invite"])
    seat = seated(ann, "Ann")
    old = ann.seat_token
    phone = Tab(room, old or "")  # a tab opened from the seat link alone
    assert phone.state()["you"]["seat"] == seat
    guest = Tab(room, tokens["invite"])
    guest.send({"type": "reissue", "seat": seat})
    assert guest.last("error")["code"] == "forbidden"  # type: ignore[index]
    host.send({"type": "reissue", "seat": seat})
    link = host.last("seat_link")
    assert link is not None and link["seat"] == seat and link["seat_token"] != old
    assert ann.last("unseated") is None and phone.last("unseated") is None  # shown, not yet opened
    fresh = Tab(room, tokens["invite"], link["seat_token"])
    assert fresh.state()["you"]["seat"] == seat
    for tab in (ann, phone):
        assert "another device" in tab.last("unseated")["message"]  # type: ignore[index]
    assert phone.closed and ann.state()["you"]["seat"] is None
    assert Tab(room, old or "").last("error")["code"] == "bad_token"  # type: ignore[index]
    assert old not in json.dumps(host.messages[-1]) and link["seat_token"] not in json.dumps(fresh.state())
    room.table.add_bot("rule")
    host.send({"type": "reissue", "seat": 1})
    assert "bot" in host.last("error")["message"]  # type: ignore[index]


def test_a_double_tap_on_check_does_not_also_check_the_flop(tmp_path: Path) -> None:
    clock = Clock()
    room, _store, tokens = open_room(tmp_path, clock, paused=True, **ROOM)
    host = Tab(room, tokens["host"])
    ann, bob = Tab(room, tokens["invite"]), Tab(room, tokens["invite"])
    tabs = {seated(ann, "Ann"): ann, seated(bob, "Bob"): bob}
    host.send({"type": "pause", "value": False})
    tick(room, [host, ann, bob], clock, 1.5)
    assert room.table.live
    # heads-up: the button (small blind) calls, the big blind may check, and acts first on the flop
    first = tabs[room.table.owing()[0]]
    first.send({"type": "act", "action": "call", "decision": first.state()["you"]["decision"]})
    bb = tabs[room.table.owing()[0]]
    state = bb.state()
    decision = state["you"]["decision"]
    assert isinstance(decision, int) and "check" in state["view"]["legal"]
    bb.send({"type": "act", "action": "check", "hand": state["hand"], "decision": decision})
    assert len(room.table.hand.view(None)["board"]) == 3
    assert tabs[room.table.owing()[0]] is bb  # the big blind acts first on the flop: a second tap would check it
    seq = len(room.table.actions)
    assert bb.state()["you"]["decision"] not in (None, decision)  # the flop: a new decision
    bb.send({"type": "act", "action": "check", "hand": state["hand"], "decision": decision})
    err = bb.last("error")
    assert err is not None and err["code"] == "stale" and "moved on" in err["message"]
    assert len(room.table.actions) == seq
    # an old client without a decision is still heard
    bb.send({"type": "act", "action": "check", "hand": state["hand"]})
    assert len(room.table.actions) == seq + 1


def test_another_seats_choice_in_a_simultaneous_step_leaves_my_decision(tmp_path: Path) -> None:
    clock = Clock()
    room, _store, tokens = open_room(tmp_path, clock, paused=True, **{**ROOM, "game": "passem"})
    host = Tab(room, tokens["host"])
    tabs = [Tab(room, tokens["invite"]) for _ in range(3)]
    for i, tab in enumerate(tabs):
        seated(tab, f"P{i}")
    host.send({"type": "pause", "value": False})
    tick(room, [host, *tabs], clock, 1.5)
    decisions = [t.state()["you"]["decision"] for t in tabs]
    assert None not in decisions
    view = tabs[0].state()["view"]
    tabs[0].send({"type": "act", "action": f"pass {view['cards'][0]}", "decision": decisions[0]})
    assert tabs[1].state()["you"]["decision"] == decisions[1]
    assert tabs[0].state()["you"]["decision"] is None
    view = tabs[1].state()["view"]
    seq = len(room.table.actions)
    tabs[1].send({"type": "act", "action": f"pass {view['cards'][0]}", "decision": decisions[1]})
    assert len(room.table.actions) == seq + 1
    tabs[0].send({"type": "act", "action": f"pass {view['cards'][0]}", "decision": decisions[0]})
    assert tabs[0].last("error")["code"] == "stale"  # type: ignore[index]


def test_heads_up_sit_out_every_connection_is_told_why(tmp_path: Path) -> None:
    clock = Clock()
    room, _store, tokens = open_room(tmp_path, clock, **ROOM)
    watcher = Tab(room, tokens["watch"])
    ann, bob = Tab(room, tokens["invite"]), Tab(room, tokens["invite"])
    seated(ann, "Ann")
    seated(bob, "Bob")
    ann.send({"type": "sit_out", "value": True})
    tick(room, [watcher, ann, bob], clock, 300.0)  # the hand in play ends; no next one
    for tab in (watcher, ann, bob):
        waiting = tab.state()["table"]["waiting"]
        assert waiting["code"] == "players" and "Ann (seat 1) sits out" in waiting["message"]


def test_a_tiny_between_hands_deals_without_any_message() -> None:
    import asyncio as aio

    from homegame.server.app import NewTable, Server
    from homegame.server.room import Room
    from homegame.server.storage import Store

    async def scenario() -> int:
        store = Store("sqlite:///" + str(Path(tmp_dir()) / "fast.db"))
        table_id, _tokens = Server(store).create(NewTable(game="holdem", bots=3, bot_delay=0.0,
                                                          between_hands=0.005))
        room = Room.load(table_id, store)
        assert room is not None
        room.start()
        loop = aio.get_running_loop()
        give_up = loop.time() + HANG  # waits for the hands themselves; the bound only names a hang
        while room.table.hand_number < 5 and loop.time() < give_up:
            await aio.sleep(0.05)
        await room.stop()
        return int(room.table.hand_number)

    assert aio.run(scenario()) >= 5, "the room stopped dealing with nobody sending a message"


def tmp_dir() -> str:
    import tempfile

    return tempfile.mkdtemp(prefix="homegame-room-")
