"""Running the server: ``/healthz``, ``/metrics`` (Prometheus text format), JSON log lines without
tokens, table leases taken by the process, and ``homegame serve`` refusing what it cannot run in one line.
"""

from __future__ import annotations

import asyncio
import json
import re
import subprocess
import sys
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy.exc import OperationalError
from typer.testing import CliRunner

from homegame.cli import _load_commands, app
from homegame.server.app import create_app
from homegame.server.client import BotClient
from homegame.server.harness import api, create_table, free_port, server_thread, wait_for_port
from homegame.server.lease import Leases
from homegame.server.storage import Store

_load_commands()
FAST = {"bot_delay": 0.0, "between_hands": 0.0, "turn_seconds": 60.0, "time_bank": 0.0}
LIMIT = {"structure": "fixed-limit", "ante": 1, "small_bet": 2, "big_bet": 4}


def serve(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(app, ["serve", *args], env={"COLUMNS": "200"})
    assert "Traceback" not in result.output
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise result.exception
    return result.exit_code, result.output


# ----- /healthz -----------------------------------------------------------------------------------------
def test_healthz_is_200_while_serving_and_503_with_the_reason_when_the_database_is_away(tmp_path: Path) -> None:
    store = Store(str(tmp_path / "h.db"))
    with TestClient(create_app(store=store)) as client:
        ok = client.get("/healthz")
        assert ok.status_code == 200 and ok.json() == {"ok": True, "database": "ok"}
        real = store.ping

        def down() -> None:
            raise OperationalError("SELECT 1", {}, Exception("connection refused"))

        store.ping = down  # type: ignore[method-assign]
        bad = client.get("/healthz")
        assert bad.status_code == 503
        assert bad.json() == {"ok": False, "database": "unreachable: connection refused"}
        store.ping = real  # type: ignore[method-assign]
        assert client.get("/healthz").status_code == 200


# ----- /metrics -----------------------------------------------------------------------------------------
SAMPLE = re.compile(r'^([a-zA-Z_:][a-zA-Z0-9_:]*)(\{[a-zA-Z_][a-zA-Z0-9_]*="(?:[^"\\\n]|\\.)*"(?:,[a-zA-Z_][a-zA-Z0-9_]*='
                    r'"(?:[^"\\\n]|\\.)*")*\})? (-?[0-9.eE+-]+|[+-]Inf|NaN)$')


def parse_exposition(text: str) -> tuple[dict[str, str], dict[str, float]]:
    """Check ``text`` line by line against the text format; its types and samples."""
    assert text.endswith("\n"), "the last line must end with a line feed"
    types: dict[str, str] = {}
    samples: dict[str, float] = {}
    helped: set[str] = set()
    for line in text.splitlines():
        if line.startswith("# HELP "):
            name = line.split()[2]
            assert name not in helped, f"two HELP lines for {name}"
            helped.add(name)
        elif line.startswith("# TYPE "):
            _, _, name, kind = line.split()
            assert kind in {"counter", "gauge", "histogram", "summary", "untyped"}
            assert name not in types and not any(s.startswith(name) for s in samples), "TYPE after samples"
            types[name] = kind
        else:
            match = SAMPLE.match(line)
            assert match, f"not a sample line: {line!r}"
            value = match.group(3)
            samples[match.group(1) + (match.group(2) or "")] = float(value.replace("Inf", "inf"))
    for name, kind in types.items():
        if kind == "counter":
            assert name.endswith("_total")
        if kind == "histogram":
            buckets = [(k, v) for k, v in samples.items() if k.startswith(name + "_bucket{")]
            assert buckets[-1][0].endswith('le="+Inf"}')
            counts = [v for _, v in buckets]
            assert counts == sorted(counts), "histogram buckets must be cumulative"
            assert counts[-1] == samples[name + "_count"] and name + "_sum" in samples
    return types, samples


def test_metrics_count_actions_tables_and_connections_in_prometheus_text_format(tmp_path: Path) -> None:
    with server_thread(str(tmp_path / "m.db")) as base:
        made = create_table(base, game="passem", bots=1, approve_seats=False, stakes=LIMIT, buy_in=1000, **FAST)

        async def scenario() -> str:
            seen: list[dict[str, Any]] = []
            bots = [BotClient(made["links"]["invite"], name=f"P{i}", kind="rule", seed=i,
                              on_message=seen.append if i == 0 else None) for i in range(2)]
            tasks = [asyncio.create_task(b.run()) for b in bots]
            try:
                end = asyncio.get_running_loop().time() + 60
                while not any(m["type"] == "state" and m["hand"] > 2 for m in seen):
                    assert asyncio.get_running_loop().time() < end
                    await asyncio.sleep(0.05)
                return str(await asyncio.to_thread(api, base, "/metrics"))
            finally:
                for t in tasks:
                    t.cancel()
                await asyncio.gather(*tasks, return_exceptions=True)

        text = asyncio.run(scenario())
    types, samples = parse_exposition(text)
    assert types["homegame_action_seconds"] == "histogram" and types["homegame_actions_total"] == "counter"
    assert samples["homegame_actions_total"] >= 4 and samples["homegame_action_seconds_count"] >= 4
    assert samples["homegame_tables_owned"] == 1 and samples["homegame_connections"] == 2
    assert samples["homegame_failovers_total"] == 0 and samples["homegame_database_up"] == 1
    assert "homegame_redis_up" not in samples  # no --redis


def test_a_room_is_owned_by_a_lease_and_a_restart_takes_it_back(tmp_path: Path) -> None:
    url = str(tmp_path / "lease.db")
    with server_thread(url) as base:
        made = create_table(base, game="holdem", approve_seats=False, **FAST)
        token = made["links"]["host"].split("#", 1)[1]
        api(base, f"/api/tables/{made['table_id']}/settle?token={token}")  # loads the room
        store = Store(url, run_migrations=False)
        try:
            first = Leases(store, "someone else").owner_of(made["table_id"])
            assert first is not None and first[1] == 1
        finally:
            store.close()
    with server_thread(url) as base:  # a new process, alone: it takes the lease at once
        api(base, f"/api/tables/{made['table_id']}/settle?token={token}")
        store = Store(url, run_migrations=False)
        try:
            again = Leases(store, "x").owner_of(made["table_id"])
            assert again is not None and again[1] == 2 and again[0] != first[0]
        finally:
            store.close()


# ----- homegame serve -----------------------------------------------------------------------------------
def test_serve_with_an_unreachable_database_says_so_in_one_line(tmp_path: Path) -> None:
    pytest.importorskip("psycopg")
    code, out = serve("--db", f"postgresql://postgres:pw@127.0.0.1:{free_port()}/homegame")
    assert code == 2
    lines = out.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: cannot open the database"), out
    assert "pw" not in out.replace("postgres", "")


def test_serve_with_an_unreachable_redis_says_so_in_one_line(tmp_path: Path) -> None:
    code, out = serve("--db", str(tmp_path / "r.db"), "--redis", f"redis://:hush@127.0.0.1:{free_port()}/0")
    assert code == 2
    lines = out.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), out
    assert "cannot reach Redis at redis://***@127.0.0.1" in out or "needs the redis package" in out
    assert "hush" not in out


def test_serve_refuses_what_it_cannot_run(tmp_path: Path) -> None:
    db = str(tmp_path / "w.db")
    code, out = serve("--db", db, "--workers", "2")
    assert code == 2 and "--workers above 1 needs --redis" in out
    code, out = serve("--db", db, "--workers", "0")
    assert code == 2 and "at least 1" in out
    code, out = serve("--db", db, "--log-format", "xml")
    assert code == 2 and "unknown log format 'xml'; use one of: text, json" in out


def test_json_logs_are_one_object_a_line_and_never_show_a_token(tmp_path: Path) -> None:
    port = free_port()
    log = tmp_path / "serve.log"
    code = ("from homegame.cli import main; import sys; sys.argv=['homegame','serve','--port',"
            f"'{port}','--db',{str(tmp_path / 'j.db')!r},'--log-format','json']; main()")
    with open(log, "wb") as out:
        proc = subprocess.Popen([sys.executable, "-c", code], stdout=out, stderr=out)
    try:
        wait_for_port(port)
        base = f"http://127.0.0.1:{port}"
        made = create_table(base, game="holdem")
        secret = made["links"]["host"].split("#", 1)[1]
        api(base, f"/api/tables/{made['table_id']}/settle?token={secret}")
        with pytest.raises(urllib.error.HTTPError):  # a token in a URL is refused, and logged redacted
            urllib.request.urlopen(f"{base}/api/tables/{made['table_id']}/hands/1.json?token={secret}", timeout=30)
    finally:
        proc.terminate()
        proc.wait(20)
    text = log.read_text()
    assert secret not in text
    records = [json.loads(line) for line in text.splitlines() if line.startswith("{")]
    access = [r for r in records if r["logger"] == "uvicorn.access"]
    assert access and all(set(r) >= {"time", "level", "logger", "message"} for r in records)
    assert any("token=[redacted]" in r["message"] for r in access)
    others = [line for line in text.splitlines() if line and not line.startswith("{") and not line.startswith("homegame:")]
    assert others == [], others
