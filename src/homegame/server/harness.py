"""Running a server for tests, benchmarks and scripts: in a thread or as a child process.

>>> port = free_port()
>>> 1024 < port < 65536
True
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import signal
import socket
import subprocess
import sys
import threading
import time
import urllib.parse
import urllib.request
from collections.abc import Iterator
from typing import Any


def free_port() -> int:
    """A TCP port free on loopback right now."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


#: How long a server may take to start listening before it is called stuck: a hang guard, far beyond a
#: start on a loaded machine (a start waits for the server to listen, not for a time).
START_GUARD = 120.0


def wait_for_port(port: int, timeout: float = START_GUARD) -> None:
    """Block until something listens on ``port``; ``TimeoutError`` after ``timeout`` seconds."""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        with contextlib.suppress(OSError), socket.create_connection(("127.0.0.1", port), timeout=0.5):
            return
        time.sleep(0.05)
    raise TimeoutError(f"nothing listens on port {port} after {timeout} s")


@contextlib.contextmanager
def server_thread(db_url: str, **options: Any) -> Iterator[str]:
    """Serve the app over ``db_url`` from a thread of this process; yields the base URL. ``options``
    go to :func:`homegame.server.app.create_app` (``idle_seconds=0.5``, say)."""
    import uvicorn

    from homegame.server.app import create_app

    for _ in range(3):  # a port free when chosen may be taken before the server binds it: another one
        port = free_port()
        config = uvicorn.Config(create_app(db_url, **options), host="127.0.0.1", port=port, log_level="warning",
                                ws_max_size=1 << 20, ws_per_message_deflate=False, lifespan="on")
        server = uvicorn.Server(config)
        loop = asyncio.new_event_loop()
        thread = threading.Thread(target=loop.run_until_complete, args=(server.serve(),), daemon=True)
        thread.start()
        end = time.monotonic() + START_GUARD
        # the server says it listens (its start-up done), or its thread ends: it could not
        while not server.started and thread.is_alive():
            if time.monotonic() > end:
                raise TimeoutError(f"the server did not start in {START_GUARD:.0f} s")
            time.sleep(0.01)
        if server.started:
            break
    else:
        raise RuntimeError("the server could not listen on three free ports in a row")
    url = f"http://127.0.0.1:{port}"
    _IN_THREADS[url] = (config.app, loop)
    try:
        yield url
    finally:
        _IN_THREADS.pop(url, None)
        server.should_exit = True
        thread.join(10)
        if not thread.is_alive():
            loop.close()


#: The servers :func:`server_thread` runs, by base URL: each one's app and event loop.
_IN_THREADS: dict[str, tuple[Any, asyncio.AbstractEventLoop]] = {}


def pause_every_table(url: str) -> int:
    """Pause every table of the server :func:`server_thread` runs at ``url``, as each table's host would:
    what a test leaves dealing (bots at full speed, say) stops using the CPU the next test needs. How many
    were dealing."""
    app, loop = _IN_THREADS[url]

    async def pause() -> int:
        paused: int = app.state.server.pause_every_table()
        return paused

    return asyncio.run_coroutine_threadsafe(pause(), loop).result(START_GUARD)


class ServerProcess:
    """``homegame serve`` in a child process (so it can be killed for real)."""

    def __init__(self, db: str, port: int | None = None, log: str | None = None, args: tuple[str, ...] = ()) -> None:
        self.db = db
        self.port = port or free_port()
        self.log = log
        self.args = args  # more ``homegame serve`` options
        self.proc: subprocess.Popen[bytes] | None = None

    @property
    def base(self) -> str:
        """The server's base URL."""
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> ServerProcess:
        """Start the server and wait until it listens."""
        out = open(self.log, "ab") if self.log else subprocess.DEVNULL  # noqa: SIM115 - kept for the child
        code = ("from homegame.cli import main; import sys; sys.argv=['homegame','serve','--port',"
                f"'{self.port}','--db',{self.db!r},'--log-level','warning',*{list(self.args)!r}]; main()")
        self.proc = subprocess.Popen([sys.executable, "-c", code], stdout=out, stderr=out,
                                     env={**os.environ, "PYTHONUNBUFFERED": "1"})
        wait_for_port(self.port)  # the hang guard: a start on a loaded machine was seen past 45 s
        return self

    def kill(self) -> None:
        """SIGKILL: no shutdown code runs."""
        if self.proc is not None:
            self.proc.send_signal(signal.SIGKILL)
            self.proc.wait(10)
            self.proc = None

    def stop(self) -> None:
        """Terminate politely."""
        if self.proc is not None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(10)
            self.proc = None


def token_out_of(url: str) -> tuple[str, dict[str, str]]:
    """``url`` without its ``token`` query parameter, and the header that carries it instead (the
    server takes a download's token from the ``Authorization`` header only).

    >>> token_out_of("http://h/api/tables/T/hands?token=abc&view=spectator")
    ('http://h/api/tables/T/hands?view=spectator', {'authorization': 'Bearer abc'})
    >>> token_out_of("http://h/api/games")
    ('http://h/api/games', {})
    """
    parts = urllib.parse.urlsplit(url)
    query = urllib.parse.parse_qsl(parts.query, keep_blank_values=True)
    token = next((v for k, v in query if k == "token"), None)
    if token is None:
        return url, {}
    rest = urllib.parse.urlencode([(k, v) for k, v in query if k != "token"])
    return urllib.parse.urlunsplit(parts._replace(query=rest)), {"authorization": f"Bearer {token}"}


def api(base: str, path: str, body: dict[str, Any] | None = None, headers: dict[str, str] | None = None) -> Any:
    """GET (or POST ``body``) JSON at ``base + path``; a ``token`` query parameter goes in the
    ``Authorization`` header instead (:func:`token_out_of`)."""
    data = None if body is None else json.dumps(body).encode()
    url, auth = token_out_of(base + path)
    request = urllib.request.Request(url, data=data, headers={"content-type": "application/json", **auth,
                                                              **(headers or {})})
    with urllib.request.urlopen(request, timeout=30) as response:
        text = response.read().decode()
    return json.loads(text) if text and text[0] in "[{" else text


def create_table(base: str, **spec: Any) -> dict[str, Any]:
    """Open a table (see ``NewTable`` for the fields); returns ``{"table_id", "links"}``."""
    result: dict[str, Any] = api(base, "/api/tables", spec)
    return result


__all__ = ["ServerProcess", "api", "token_out_of", "create_table", "free_port", "pause_every_table", "server_thread",
           "wait_for_port"]
