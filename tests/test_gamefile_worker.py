"""Issue 18, seen 1-2: a host's game file is checked in a worker process with a time and a memory limit;
a check that runs over is refused in words, the worker replaced, and the next check works."""

from __future__ import annotations

import asyncio
import json
import signal
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
import websockets

from homegame.server.client import parse_link
from homegame.server.gamefile_worker import GameFileWorker, check_in_worker
from homegame.server.harness import create_table, server_thread

FILES = Path(__file__).parent / "game_files"
STUD = (FILES / "mini-stud.toml").read_text(encoding="utf-8").replace('"five-card-stud"', '"house-stud"')


def spin(text: str, filename: str | None, seconds: float) -> str | None:
    """A check that never ends in Python code (the worker's alarm stops it)."""
    if text == "spin":
        while True:
            pass
    return check_in_worker(text, filename, seconds)


def stuck(text: str, filename: str | None, seconds: float) -> str | None:
    """A check that ignores the alarm and sleeps (the server kills the worker)."""
    if text == "stuck":
        signal.signal(signal.SIGALRM, signal.SIG_IGN)
        time.sleep(600)
    return check_in_worker(text, filename, seconds)


def hog(text: str, filename: str | None, seconds: float) -> str | None:
    """A check that asks for 4 GiB at once."""
    if text == "hog":
        return str(len(bytearray(4 << 30)))
    return check_in_worker(text, filename, seconds)


@pytest.mark.parametrize(("check", "words"), [(spin, "longer than 0.5 s"), (stuck, "longer than 0.5 s"),
                                              (hog, "more than 512 MiB")])
def test_a_check_over_its_limits_is_refused_and_the_next_works(check: object, words: str) -> None:
    async def scenario() -> None:
        worker = GameFileWorker(seconds=0.5, check=check)  # type: ignore[arg-type]
        try:
            assert await worker.check(STUD, "stud.toml") is None  # started, and a good file passes
            started = time.perf_counter()
            refusal = await worker.check(check.__name__, "bomb.toml")  # type: ignore[attr-defined]
            assert refusal is not None and words in refusal, refusal
            assert time.perf_counter() - started < 5
            assert await worker.check(STUD, "stud.toml") is None
            assert "line 2" in (await worker.check("name = 'x'\nplayers = [2, 66]\n", "x.toml") or "")
        finally:
            worker.close()

    asyncio.run(scenario())


@pytest.fixture(scope="module")
def base(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    with server_thread(f"sqlite:///{tmp_path_factory.mktemp('worker') / 'test.db'}") as url:
        yield url


def test_the_server_checks_uploads_in_its_worker(base: str) -> None:
    """A bomb is refused naming its limit, a good file is added, and the table is unchanged in between."""
    made = create_table(base, game="holdem", paused=True, bot_delay=0.0)
    target = parse_link(made["links"]["host"])

    async def scenario() -> None:
        async with websockets.connect(target.ws_url, max_size=2**22) as ws:
            await ws.send(json.dumps({"type": "hello", "v": 1, "token": target.token}))

            async def until(*kinds: str) -> dict[str, object]:
                while True:
                    msg = json.loads(await asyncio.wait_for(ws.recv(), 60))
                    if msg["type"] in kinds:
                        return msg  # type: ignore[no-any-return]

            await until("state")
            bomb = 'name = "bomb"\n' + "a." * 12_000 + "a = 1\n"
            await ws.send(json.dumps({"type": "game_file", "text": bomb, "filename": "bomb.toml"}))
            refused = await until("error", "game_file_added")
            assert refused["type"] == "error" and refused["code"] == "refused", refused
            assert "bomb.toml line 2" in str(refused["message"]) and "MAX_KEY_PARTS" in str(refused["message"])
            await ws.send(json.dumps({"type": "game_file", "text": STUD, "filename": "stud.toml"}))
            added = await until("error", "game_file_added")
            assert added == {"type": "game_file_added", "v": 1, "name": "house-stud", "title": "Five-Card Stud"}

    asyncio.run(scenario())
