"""A game file is stored once per table, not with every hand (issue 18, Seen 6): hands refer to it by
hash, read back whole, and hands stored before (the file inline) still load."""

from __future__ import annotations

import json
from pathlib import Path

import sqlalchemy as sa

from homegame.server.storage import Store
from homegame.server.wire import dumps

FILE = ('name = "big"\n' + "# a long comment that pads the file out, as a host's notes would\n" * 900)


def start_of(number: int) -> dict[str, object]:
    return {"game": "big", "file": FILE, "number": number, "dealt": [0, 1], "stacks": [100, 100]}


def history_of(number: int) -> str:
    return json.dumps({"game": "big", "file": FILE, "number": number, "actions": ["p0 call", "p1 check"]})


def play(store: Store, table_id: str, hands: int) -> None:
    for n in range(1, hands + 1):
        store.write(table_id, new_hand=(start_of(n), ["As", "Kd"], "salt", "commit"), number=n)
        store.write(table_id, actions=[(0, 0, "call")], finished=([1, -1], history_of(n)), number=n)


def test_a_game_file_is_stored_once_and_hands_refer_to_it(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'files.db'}"
    store = Store(url)
    store.create_table("t1", "h", "i", "w", {"table": {}})
    play(store, "t1", 20)
    with store.engine.connect() as conn:
        stored = conn.execute(sa.text("SELECT sum(length(start) + length(history)) FROM hands")).scalar_one()
        files = conn.execute(sa.text("SELECT count(*), sum(length(text)) FROM game_files")).one()
    assert len(FILE) > 50_000
    assert files == (1, len(FILE))
    assert stored / 20 < 1000  # bytes of start and history per hand: the file is not in them
    fresh = Store(url)  # another process: nothing cached
    hand = fresh.hand("t1", 7)
    assert hand is not None and hand.start["file"] == FILE and "file_sha256" not in hand.start
    assert hand.history is not None and json.loads(hand.history)["file"] == FILE
    last = fresh.last_hand("t1")
    assert last is not None and last.start == start_of(20)


def test_hands_stored_with_the_file_inline_still_load(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'old.db'}"
    store = Store(url)
    store.create_table("t1", "h", "i", "w", {"table": {}})
    with store.engine.begin() as conn:  # as the schema before revision 0004 wrote it
        conn.execute(sa.text("INSERT INTO hands (table_id, number, start, deck, salt, commitment, over, payoffs, "
                             "history, started_at) VALUES ('t1', 1, :start, 'As Kd', 's', 'c', 1, '[1,-1]', :history, 0)"),
                     {"start": dumps(start_of(1)), "history": history_of(1)})
    hand = Store(url).hand("t1", 1)
    assert hand is not None and hand.start == start_of(1) and json.loads(hand.history or "")["file"] == FILE


def test_a_token_is_checked_without_the_state_and_old_rows_fall_back_to_it(tmp_path: Path) -> None:
    store = Store(f"sqlite:///{tmp_path / 'caps.db'}")
    state = {"table": {"seats": [{"name": "Ann", "token_hash": "ann-hash"}, {"name": "Bot", "token_hash": ""}]}}
    store.create_table("t1", "h", "i", "w", state)
    assert store.capabilities("t1") == ("h", "i", "w", "ann-hash")
    state["table"]["seats"][1]["token_hash"] = "bob-hash"
    store.write("t1", state=state)
    assert store.capabilities("t1") == ("h", "i", "w", "ann-hash", "bob-hash")
    with store.engine.begin() as conn:  # a table stored before revision 0005 and not written since
        conn.execute(sa.text("UPDATE tables SET seat_hashes = NULL"))
    assert store.capabilities("t1") == ("h", "i", "w", "ann-hash", "bob-hash")
    assert store.capabilities("nope") is None
