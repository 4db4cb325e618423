"""A server open to strangers (issue 18): who may open tables, per-address limits, the hello deadline,
the web's armour (headers, Origin, tokens out of URLs), and a wrong token that loads nothing.

Each server runs in a thread of the test process on a free port with a temporary SQLite file; the
limits are applied to loopback here (``limit_loopback``), since the tests connect from 127.0.0.1.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import re
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
import websockets

from homegame.server.armour import SECURITY_HEADERS
from homegame.server.client import parse_link
from homegame.server.harness import api, create_table, server_thread
from homegame.server.policy import Policy, policy_for

FAST = {"bot_delay": 0.0, "between_hands": 0.0, "turn_seconds": 60.0, "time_bank": 0.0}
KEY = "a-host-key-for-tests"
WEB = Path(__file__).resolve().parent.parent / "src" / "homegame" / "web"


@pytest.fixture(scope="module")
def guarded(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    db = tmp_path_factory.mktemp("public") / "test.db"
    policy = Policy(host_key=KEY, limit_loopback=True, tables_per_hour=50, connections_per_address=6,
                    messages_per_second=20, hello_seconds=1.0)
    with server_thread(f"sqlite:///{db}", policy=policy) as url:
        yield url


def status(url: str, headers: dict[str, str] | None = None, body: dict[str, Any] | None = None
           ) -> tuple[int, dict[str, str], str]:
    """The status, headers (lower-case names) and text of one request, errors included."""
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(url, data=data, headers={"content-type": "application/json", **(headers or {})})
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            return response.status, {k.lower(): v for k, v in response.headers.items()}, response.read().decode()
    except urllib.error.HTTPError as exc:
        return exc.code, {k.lower(): v for k, v in exc.headers.items()}, exc.read().decode()


def open_table(base: str, key: str | None = KEY, **spec: Any) -> dict[str, Any]:
    made: dict[str, Any] = api(base, "/api/tables", {"game": "holdem", **FAST, **spec},
                               headers={"x-homegame-host-key": key} if key else None)
    return made


def owned(base: str) -> float:
    found = re.search(r"^homegame_tables_owned (\S+)$", api(base, "/metrics"), re.M)
    assert found is not None
    return float(found.group(1))


async def receive_all(ws: Any, timeout: float = 5.0) -> list[dict[str, Any]]:
    """Every message until the server closes the socket."""
    out: list[dict[str, Any]] = []

    async def loop() -> None:
        with contextlib.suppress(websockets.ConnectionClosed):
            async for text in ws:
                out.append(json.loads(text))
    await asyncio.wait_for(loop(), timeout)
    return out


# ----- who may open tables ----------------------------------------------------------------------------
def test_opening_a_table_needs_the_host_key_when_the_server_has_one(guarded: str) -> None:
    for key in (None, "wrong-key-wrong-key"):
        code, _, text = status(f"{guarded}/api/tables", {"x-homegame-host-key": key} if key else None, {})
        assert code == 401 and "host key" in json.loads(text)["detail"]
    assert open_table(guarded)["table_id"]


def test_a_public_address_needs_a_key_by_default_and_loopback_or_a_lan_does_not() -> None:
    for host in ("0.0.0.0", "8.8.8.8", "poker.example", "::"):
        policy, made = policy_for(host, "auto", None, Policy())
        assert policy.host_key and made and policy.min_bot_delay >= 0.5 and policy.min_between_hands >= 2
    for host in ("127.0.0.1", "localhost", "192.168.1.20", "10.0.0.5"):
        policy, made = policy_for(host, "auto", None, Policy())
        assert policy.host_key is None and not made and policy.min_bot_delay == 0
    assert policy_for("0.0.0.0", "anyone", None, Policy())[0].host_key is None
    assert policy_for("127.0.0.1", "key", "given-key-given", Policy())[0].host_key == "given-key-given"
    assert Policy.from_env({"HOMEGAME_TABLES_PER_HOUR": "7", "HOMEGAME_ORIGINS": "https://a.example, *"}) == \
        Policy(tables_per_hour=7, origins=("https://a.example", "*"))


def test_one_address_opens_only_so_many_tables_an_hour(tmp_path: Path) -> None:
    with server_thread(f"sqlite:///{tmp_path / 't.db'}", policy=Policy(limit_loopback=True, tables_per_hour=3)) as base:
        for _ in range(3):
            create_table(base, game="holdem", **FAST)
        code, headers, text = status(f"{base}/api/tables", body={"game": "holdem"})
        assert code == 429 and int(headers["retry-after"]) > 0 and "at most 3 an hour" in json.loads(text)["detail"]


def test_the_table_limit_holds_across_processes_and_restarts(tmp_path: Path) -> None:
    """Each process counted only its own openings: with two sharing a database (or after a restart) an
    address got the limit again per process. The count now comes from the database."""
    db = f"sqlite:///{tmp_path / 'shared.db'}"
    policy = Policy(limit_loopback=True, tables_per_hour=3)
    with server_thread(db, policy=policy) as first, server_thread(db, policy=policy) as second:
        create_table(first, game="holdem", **FAST)
        create_table(second, game="holdem", **FAST)
        code, _, _ = status(f"{first}/api/tournaments", body={"preset": "turbo", "buy_in": 10})
        assert code == 200  # a tournament counts as a table opened
        for base in (first, second):
            code, headers, text = status(f"{base}/api/tables", body={"game": "holdem"})
            assert code == 429 and "at most 3 an hour" in json.loads(text)["detail"], (code, text)
    with server_thread(db, policy=policy) as again:  # a restart forgets nothing
        assert status(f"{again}/api/tables", body={"game": "holdem"})[0] == 429
    with server_thread(db, policy=replace(policy, tables_per_hour=4)) as roomier:
        assert status(f"{roomier}/api/tables", body={"game": "holdem"})[0] == 201


def test_bots_play_no_faster_than_the_floor_of_the_server(tmp_path: Path) -> None:
    policy = Policy(min_bot_delay=0.5, min_between_hands=2.0)
    with server_thread(f"sqlite:///{tmp_path / 'b.db'}", policy=policy) as base:
        made = create_table(base, game="holdem", bots=3, bot_delay=0, between_hands=0)

        async def scenario() -> dict[str, Any]:
            link = parse_link(made["links"]["host"])
            async with websockets.connect(link.ws_url) as ws:
                await ws.send(json.dumps({"type": "hello", "v": 1, "token": link.token}))
                while True:
                    msg = json.loads(await asyncio.wait_for(ws.recv(), 10))
                    if msg["type"] == "state":
                        return dict(msg["table"])

        table = asyncio.run(scenario())
        assert table["settings"]["bot_delay"] >= 0.5 and table["settings"]["between_hands"] >= 2.0

        async def configure() -> dict[str, Any]:
            host = await Sock(made["links"]["host"]).open()
            await host.send({"type": "configure", "bot_delay": 0, "between_hands": 0, "turn_seconds": 45})
            state = await host.expect(lambda m: m["type"] == "state" and m["table"]["settings"]["turn_seconds"] == 45)
            await host.ws.close()
            return dict(state["table"]["settings"])

        settings = asyncio.run(configure())
        assert settings["bot_delay"] >= 0.5 and settings["between_hands"] >= 2.0


def test_a_table_left_to_bots_and_spectators_pauses_itself(tmp_path: Path) -> None:
    policy = Policy(bots_alone_seconds=5.0)
    with server_thread(f"sqlite:///{tmp_path / 'a.db'}", policy=policy, idle_seconds=1.0) as base:
        made = create_table(base, game="holdem", bots=3, **FAST)

        async def scenario() -> float:
            started = time.monotonic()
            watcher = await Sock(made["links"]["watch"]).open()  # an anonymous spectator is not a person present
            await watcher.expect(lambda m: m["type"] == "state" and m["table"]["paused"], timeout=20)
            await watcher.ws.close()
            return time.monotonic() - started

        assert 4 < asyncio.run(scenario()) < 15


# ----- websockets: hello deadline, per-address connections and messages, Origin ---------------------------
def test_a_socket_that_never_says_hello_is_closed_and_loads_no_table(guarded: str) -> None:
    made = open_table(guarded)
    before = owned(guarded)

    async def scenario() -> tuple[list[dict[str, Any]], float, int | None]:
        started = time.monotonic()
        async with websockets.connect(parse_link(made["links"]["host"]).ws_url) as ws:
            said = await receive_all(ws)
            return said, time.monotonic() - started, ws.close_code

    said, took, code = asyncio.run(scenario())
    assert [m["code"] for m in said] == ["hello_timeout"] and code == 4408 and took < 4
    assert owned(guarded) == before


def test_one_address_holds_only_so_many_sockets(guarded: str) -> None:
    made = open_table(guarded)
    link = parse_link(made["links"]["invite"])

    async def scenario() -> list[dict[str, Any]]:
        held = [await websockets.connect(link.ws_url) for _ in range(6)]
        try:
            for ws in held:
                await ws.send(json.dumps({"type": "hello", "v": 1, "token": link.token}))
            async with websockets.connect(link.ws_url) as extra:
                return await receive_all(extra)
        finally:
            for ws in held:
                await ws.close()

    said = asyncio.run(scenario())
    assert said[0]["code"] == "too_many_connections"


def test_the_message_limit_is_per_address_not_per_connection(guarded: str) -> None:
    made = open_table(guarded, paused=True)
    link = parse_link(made["links"]["watch"])

    async def scenario() -> int:
        socks = [await websockets.connect(link.ws_url) for _ in range(4)]
        limited = 0
        try:
            for ws in socks:
                await ws.send(json.dumps({"type": "hello", "v": 1, "token": link.token}))
            for _ in range(25):  # 100 pings at once: each socket alone is well within its own limit
                for ws in socks:
                    await ws.send(json.dumps({"type": "ping", "v": 1}))
            for ws in socks:
                with_errors = []
                try:
                    while True:
                        msg = json.loads(await asyncio.wait_for(ws.recv(), 1.0))
                        with_errors.append(msg)
                except TimeoutError:
                    pass
                limited += sum(1 for m in with_errors if m.get("code") == "rate_limited")
        finally:
            for ws in socks:
                await ws.close()
        return limited

    assert asyncio.run(scenario()) >= 1


def test_a_page_of_another_site_cannot_open_a_websocket(guarded: str) -> None:
    made = open_table(guarded)
    link = parse_link(made["links"]["host"])
    host = link.ws_url.split("/")[2]

    async def attempt(origin: str) -> list[dict[str, Any]]:
        async with websockets.connect(link.ws_url, origin=origin) as ws:  # type: ignore[arg-type]
            with contextlib.suppress(websockets.ConnectionClosed):  # refused before it says hello
                await ws.send(json.dumps({"type": "hello", "v": 1, "token": link.token}))
                return [json.loads(await asyncio.wait_for(ws.recv(), 10))]
            return await receive_all(ws)

    assert asyncio.run(attempt("https://evil.example"))[0]["code"] == "bad_origin"
    assert asyncio.run(attempt(f"http://{host}"))[0]["type"] == "welcome"


# ----- armour: headers, tokens ------------------------------------------------------------------------------
def test_every_response_carries_the_security_headers(guarded: str) -> None:
    made = open_table(guarded)
    for path in ("/", f"/t/{made['table_id']}", "/static/js/table.js", "/static/style.css", "/api/games",
                 f"/api/tables/{made['table_id']}/ledger.csv", "/api/tables/nope/settle", "/healthz", "/no/such/page"):
        _, headers, _ = status(guarded + path)
        for name, value in SECURITY_HEADERS.items():
            assert headers.get(name) == value, (path, name)
    csp = SECURITY_HEADERS["content-security-policy"]
    assert "frame-ancestors 'none'" in csp and "'unsafe-inline'" not in csp and "script-src 'self'" in csp


def test_the_pages_have_no_inline_script_or_style() -> None:
    for page in WEB.glob("*.html"):
        html = page.read_text(encoding="utf-8")
        assert not re.search(r"<script(?![^>]*\bsrc=)[^>]*>", html), page.name
        assert not re.search(r"<style|\sstyle=|\son[a-z]+=", html), page.name
    for script in (WEB / "js").glob("*.js"):
        assert not re.search(r"""style=["\\]""", script.read_text(encoding="utf-8")), script.name


def test_the_page_takes_the_token_out_of_the_address_bar() -> None:
    script = (WEB / "js" / "table.js").read_text(encoding="utf-8")
    reading = script[script.index("function readLinkToken"):]
    assert "history.replaceState" in reading and "sessionStorage.setItem" in reading
    assert "token=" not in (WEB / "js" / "ledger.js").read_text(encoding="utf-8")


def test_a_wrong_token_loads_nothing_and_is_answered_like_an_unknown_table(guarded: str) -> None:
    made = open_table(guarded)
    table_id, token = made["table_id"], made["links"]["host"].split("#", 1)[1]
    before = owned(guarded)
    answers = set()
    for tid, tok in ((table_id, "W" * 24), ("noSuchTable1", "W" * 24), ("noSuchTable1", token)):
        code, _, text = status(f"{guarded}/api/tables/{tid}/ledger.csv", {"authorization": f"Bearer {tok}"})
        answers.add((code, text))
    assert len(answers) == 1 and next(iter(answers))[0] == 404
    assert owned(guarded) == before  # /metrics cannot tell that the id exists

    async def hello(tid: str, tok: str) -> tuple[str, int | None]:
        url = parse_link(made["links"]["host"]).ws_url.replace(table_id, tid)
        async with websockets.connect(url) as ws:
            await ws.send(json.dumps({"type": "hello", "v": 1, "token": tok}))
            said = await receive_all(ws)
            return said[0]["code"] + said[0]["message"], ws.close_code

    assert asyncio.run(hello(table_id, "W" * 24)) == asyncio.run(hello("noSuchTable1", "W" * 24))
    assert owned(guarded) == before
    code, _, _ = status(f"{guarded}/api/tables/{table_id}/ledger.csv?token={token}")
    assert code == 401  # a token in the address is never taken
    code, _, text = status(f"{guarded}/api/tables/{table_id}/ledger.csv", {"authorization": f"Bearer {token}"})
    assert code == 200 and "TOTAL" in text


# ----- chat: limits per person, spectators by number, mutes that follow the person ----------------------------
class Sock:
    """One websocket on a link, keeping what it hears."""

    def __init__(self, link: str) -> None:
        self.link = parse_link(link)
        self.heard: list[dict[str, Any]] = []

    async def open(self, token: str | None = None) -> Sock:
        self.ws = await websockets.connect(self.link.ws_url)
        await self.send({"type": "hello", "token": token or self.link.token})
        await self.expect(lambda m: m["type"] == "state")
        return self

    async def send(self, message: dict[str, Any]) -> None:
        await self.ws.send(json.dumps({"v": 1, **message}))

    async def expect(self, test: Any, timeout: float = 10.0) -> dict[str, Any]:
        async def loop() -> dict[str, Any]:
            while True:
                msg = json.loads(await self.ws.recv())
                self.heard.append(msg)
                if test(msg):
                    return msg
        return await asyncio.wait_for(loop(), timeout)

    async def quiet(self, seconds: float = 0.5) -> None:
        """Hear whatever comes within ``seconds``."""
        with contextlib.suppress(TimeoutError):
            await self.expect(lambda _m: False, seconds)


def test_the_chat_limit_is_per_person_across_connections(guarded: str) -> None:
    made = open_table(guarded, paused=True, spectator_chat=True)

    async def scenario() -> int:
        socks = [await Sock(made["links"]["watch"]).open() for _ in range(5)]
        try:
            for i in range(30):
                await socks[i % 5].send({"type": "chat", "text": f"line {i}"})
            for s in socks:
                await s.quiet(0.5)
            return len({m["line"]["id"] for s in socks for m in s.heard if m["type"] == "chat"})
        finally:
            for s in socks:
                await s.ws.close()

    assert asyncio.run(scenario()) == 5  # the documented 5 in 10 s, for the person, not per connection


def test_spectators_have_numbers_and_the_host_mutes_one(tmp_path: Path) -> None:
    with server_thread(f"sqlite:///{tmp_path / 's.db'}") as base:  # loopback, unlimited: each socket a person
        made = create_table(base, game="holdem", paused=True, spectator_chat=True, **FAST)

        async def scenario() -> None:
            host = await Sock(made["links"]["host"]).open()
            one = await Sock(made["links"]["watch"]).open()
            two = await Sock(made["links"]["watch"]).open()
            names = []
            for s in (one, two):
                await s.send({"type": "chat", "text": "hello"})
                names.append((await host.expect(lambda m: m["type"] == "chat"))["line"]["name"])
            assert names[0] != names[1] and all(n.startswith("Spectator ") for n in names)
            await host.send({"type": "mute_spectator", "spectator": int(names[0].split()[1])})
            note = await host.expect(lambda m: m["type"] in ("notice", "error"))
            assert note["type"] == "notice", note
            await one.send({"type": "chat", "text": "still here"})
            refused = await one.expect(lambda m: m["type"] == "error")
            assert "muted" in refused["message"]
            await two.send({"type": "chat", "text": "me too"})
            assert (await host.expect(lambda m: m["type"] == "chat"))["line"]["name"] == names[1]
            for s in (host, one, two):
                await s.ws.close()

        asyncio.run(scenario())


def test_a_muted_player_stays_muted_as_a_spectator_and_when_sitting_again(guarded: str) -> None:
    made = open_table(guarded, paused=True, spectator_chat=True, approve_seats=False)

    async def scenario() -> None:
        host = await Sock(made["links"]["host"]).open()
        ann = await Sock(made["links"]["invite"]).open()
        await ann.send({"type": "sit", "name": "Ann"})
        seat = (await ann.expect(lambda m: m["type"] == "seated"))["seat"]
        await host.send({"type": "mute", "seat": seat})
        await ann.expect(lambda m: m["type"] == "state" and m["table"]["seats"][0].get("muted"))
        await ann.send({"type": "leave"})
        await ann.quiet(0.5)
        await ann.ws.close()
        watcher = await Sock(made["links"]["watch"]).open()  # the same person, as a spectator
        await watcher.send({"type": "chat", "text": "it is me again"})
        assert "muted" in (await watcher.expect(lambda m: m["type"] == "error"))["message"]
        again = await Sock(made["links"]["invite"]).open()  # and seated again under another name
        await again.send({"type": "sit", "name": "Anne"})
        await again.expect(lambda m: m["type"] == "seated")
        await again.send({"type": "chat", "text": "new name"})
        assert "muted" in (await again.expect(lambda m: m["type"] == "error"))["message"]
        for s in (host, watcher, again):
            await s.ws.close()

    asyncio.run(scenario())


def test_serve_on_a_public_address_makes_a_key_and_shared_processes_need_one_given(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from typer.testing import CliRunner

    from homegame.cli import app
    from homegame.cli.serve import serve_policy

    monkeypatch.delenv("HOMEGAME_HOST_KEY", raising=False)
    policy, made = serve_policy("0.0.0.0", "", None, "https://a.example", False, tables_per_hour=5)
    assert made and policy.host_key and policy.origins == ("https://a.example",) and policy.tables_per_hour == 5
    assert serve_policy("127.0.0.1", "", None, None, False)[0].host_key is None
    monkeypatch.setenv("HOMEGAME_HOST_KEY", "from-the-environment")
    assert serve_policy("127.0.0.1", "", None, None, False) == (Policy(host_key="from-the-environment"), False)
    monkeypatch.delenv("HOMEGAME_HOST_KEY")
    result = CliRunner().invoke(app, ["serve", "--host", "0.0.0.0", "--shared", "--db", str(tmp_path / "x.db")])
    assert result.exit_code == 2 and "HOMEGAME_HOST_KEY" in result.output
    result = CliRunner().invoke(app, ["serve", "--hello-seconds", "0", "--db", str(tmp_path / "x.db")])
    assert result.exit_code == 2 and "--hello-seconds must be from 0.5 to 300" in result.output


def test_revision_0007_adds_opened_by_and_takes_it_away_again(tmp_path: Path) -> None:
    import sqlalchemy as sa
    from alembic import command

    from service_support import alembic_steps

    cfg, url = alembic_steps(str(tmp_path / "steps.db"))
    command.upgrade(cfg, "0006")
    engine = sa.create_engine(url)
    try:
        with engine.begin() as db:  # a table opened before 0007 counts for nobody afterwards
            db.execute(sa.text("INSERT INTO tables (id, host_hash, invite_hash, watch_hash, state, revision, "
                               "created_at, updated_at) VALUES ('old', 'h', 'i', 'w', '{}', 0, 1, 1)"))
        command.upgrade(cfg, "0007")
        for name in ("tables", "tournaments"):
            assert "opened_by" in {c["name"] for c in sa.inspect(engine).get_columns(name)}
        with engine.begin() as db:
            assert db.execute(sa.text("SELECT opened_by FROM tables WHERE id = 'old'")).scalar() is None
        command.downgrade(cfg, "0006")
        for name in ("tables", "tournaments"):
            assert "opened_by" not in {c["name"] for c in sa.inspect(engine).get_columns(name)}
        with engine.begin() as db:
            assert db.execute(sa.text("SELECT count(*) FROM tables")).scalar() == 1
    finally:
        engine.dispose()
