"""Benchmark: database bytes per hand (issue 18, Seen 6), for a catalogue game and for a table dealing
a host's 59 KB game file.

One process plays a table of 6 bots through the server's own :class:`homegame.server.app.Server` over a
SQLite file, as ``homegame serve`` does (the game file uploaded and chosen by the host's messages).
After a few warm-up hands it measures ``--hands`` more: the bytes of the hands' rows (start, deck,
history, payoffs) and actions, the stored game files, and the SQLite file itself (checkpointed), each
divided by the hands played. Before issue 18 a game file was written into every hand's start and
history (about 2 x 59 KB a hand); now it is stored once and hands refer to it by hash.

    .venv/bin/python bench/storage.py                 # 20 hands each
    .venv/bin/python bench/storage.py --hands 50
"""

from __future__ import annotations

import argparse
import asyncio
import tempfile
from pathlib import Path
from typing import Any

import sqlalchemy as sa
from memory import Loaded, wait_for  # type: ignore[import-not-found]

from homegame.server import protocol as p
from homegame.server.app import NewTable, Server, warm_up
from homegame.server.storage import Store

GAME_FILE = Path(__file__).resolve().parent.parent / "tests" / "game_files" / "two-hole-draw.toml"
FILE_BYTES = 59_000


def big_game_file() -> str:
    """A valid game file padded with comments to :data:`FILE_BYTES` (a host's long notes)."""
    text = GAME_FILE.read_text(encoding="utf-8")
    line = "# house notes: who brings the chips, who keeps the ledger, where the good chairs are.\n"
    return text + line * ((FILE_BYTES - len(text)) // len(line))


def measured(db: Path, store: Store) -> dict[str, int]:
    """The bytes the database holds now: its rows' text, and the file (after a checkpoint)."""
    with store.engine.begin() as conn:
        conn.execute(sa.text("PRAGMA wal_checkpoint(TRUNCATE)"))
        hands = conn.execute(sa.text("SELECT count(*), coalesce(sum(length(start) + length(deck) + "
                                     "coalesce(length(history), 0) + coalesce(length(payoffs), 0)), 0) "
                                     "FROM hands WHERE over")).one()
        actions = conn.execute(sa.text("SELECT coalesce(sum(length(action)), 0) + 24 * count(*) FROM actions")).scalar_one()
        files = (conn.execute(sa.text("SELECT coalesce(sum(length(text)), 0) FROM game_files")).scalar_one()
                 if sa.inspect(conn).has_table("game_files") else 0)  # a homegame from before issue 18
    return {"hands": int(hands[0]), "rows": int(hands[1]) + int(actions), "files": int(files),
            "file": db.stat().st_size}


async def play(game: str, hands: int, warm: int = 3) -> dict[str, Any]:
    """One table of ``game`` (``holdem``, or ``file``: the padded game file), its bytes per hand."""
    folder = Path(tempfile.mkdtemp(prefix="homegame-storage-"))
    store = Store(f"sqlite:///{folder / 'storage.db'}")
    server = Server(store, idle_seconds=60.0)
    table_id, tokens = server.create(NewTable(game="holdem", bots=6, bot_delay=0.0, between_hands=0.0, paused=True))
    table = Loaded(server, table_id, tokens["host"])
    if game == "file":
        text = big_game_file()
        table.room.queue.put_nowait((table.conn, p.GameFileUpload(type="game_file", text=text, filename="big.toml")))
        table.room.queue.put_nowait((table.conn, p.SetGame(type="set_game", game="pass-draw-flop")))
    table.room.queue.put_nowait((table.conn, p.Pause(type="pause", value=False)))
    done = lambda n: lambda: len(store.hand_list(table_id)) >= n  # noqa: E731 - a test for wait_for
    await wait_for(done(warm), "warm-up hands")
    before = measured(folder / "storage.db", store)
    await wait_for(done(before["hands"] + hands), "measured hands", timeout=600)
    table.room.queue.put_nowait((table.conn, p.Pause(type="pause", value=True)))
    await wait_for(lambda: table.room.table.paused and table.room.queue.empty(), "pause")
    after = measured(folder / "storage.db", store)
    table.close()
    await server.close()
    played = after["hands"] - before["hands"]
    return {"game": "59 KB game file" if game == "file" else game, "hands": played,
            "rows": (after["rows"] - before["rows"]) / played, "files": after["files"],
            "file": (after["file"] - before["file"]) / played}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=20, help="hands measured at each table (default 20)")
    args = parser.parse_args()
    warm_up()
    print(f"{'game':<18}{'hands':>7}{'row bytes/hand':>16}{'file bytes/hand':>17}{'game files stored':>19}")
    for game in ("holdem", "file"):
        row = asyncio.run(play(game, args.hands))
        print(f"{row['game']:<18}{row['hands']:>7}{row['rows']:>16,.0f}{row['file']:>17,.0f}{row['files']:>19,}")


if __name__ == "__main__":
    main()
