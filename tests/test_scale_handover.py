"""A graceful hand-over in one process, without PostgreSQL or nginx: the pieces that
``tests/test_scale_failover.py`` shows end to end.

- A table's owner task stops when asked even when a message arrives at that very moment (on Python
  3.11, ``asyncio.wait_for`` then returns the message instead of the cancellation, and a table that
  was being handed over played on; under load it happened often), and that message is not handled.
- ``stop_listening`` closes the web server's listening sockets (uvicorn's, found from its SIGTERM
  handler), so the balancer's next connection goes to another process.
- The bot reconnects at once after ``moved``, a few times in a row at most.
"""

from __future__ import annotations

import asyncio
import signal
import socket
from pathlib import Path
from typing import Any

from homegame.server import protocol as p
from homegame.server.client import QUICK_RECONNECTS, RECONNECT_SECONDS, reconnect_delay
from homegame.server.ops import stop_listening
from homegame.server.storage import Store
from test_server_faults import Night, drain


def test_a_room_stops_even_when_a_message_arrives_as_it_is_stopped(tmp_path: Path) -> None:
    async def scenario() -> tuple[float, list[dict[str, Any]]]:
        loop = asyncio.get_running_loop()
        store = Store(str(tmp_path / "t.db"))
        night = Night(store)
        room, conn = night.room, night.conns[0]
        drain(conn)
        assert room.table.next_wakeup(room.clock()) is not None  # a turn clock runs: the task waits with a timeout
        room.start()
        await asyncio.sleep(0.05)  # the owner task waits on its queue
        room.queue.put_nowait((conn, p.Ping(type="ping")))
        await asyncio.sleep(0)  # the queue hands the message over; the owner task has not run yet
        began = loop.time()
        await asyncio.wait_for(room.stop(), 2.0)  # the old stop() waited for the task, which played on
        took = loop.time() - began
        await asyncio.sleep(0.05)
        store.close()
        return took, drain(conn)

    took, heard = asyncio.run(scenario())
    assert took < 1.0, f"stopping the table took {took:.1f} s"
    assert not any(m["type"] == "pong" for m in heard), "a message was handled after the table was stopped"


def test_stop_listening_closes_the_web_servers_sockets_and_keeps_open_connections() -> None:
    async def scenario() -> tuple[int, bool, bytes]:
        async def echo(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
            writer.write(await reader.read(10))
            await writer.drain()
            writer.close()

        listening = await asyncio.start_server(echo, "127.0.0.1", 0)
        port = listening.sockets[0].getsockname()[1]

        class Web:  # what uvicorn's Server looks like to it
            servers = [listening]

            def handle_exit(self, sig: int, frame: Any) -> None:
                return None

        reader, writer = await asyncio.open_connection("127.0.0.1", port)  # open before
        closed = stop_listening(Web().handle_exit)
        refused = False
        try:
            await asyncio.open_connection("127.0.0.1", port)
        except OSError:
            refused = True
        writer.write(b"still")
        answer = await reader.read(10)
        writer.close()
        return closed, refused, answer

    closed, refused, answer = asyncio.run(scenario())
    assert closed == 1 and refused, "a new connection was still accepted"
    assert answer == b"still", "a connection open before was closed"
    assert stop_listening(signal.default_int_handler) == 0
    with socket.socket() as s:  # nothing else is touched
        s.bind(("127.0.0.1", 0))


def test_the_bot_reconnects_at_once_after_moved_a_few_times_in_a_row() -> None:
    delays = [reconnect_delay(True, n) for n in range(1, QUICK_RECONNECTS + 2)]
    assert delays == [0.0] * QUICK_RECONNECTS + [RECONNECT_SECONDS]
    assert reconnect_delay(False, 0) == RECONNECT_SECONDS
