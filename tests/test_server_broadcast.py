"""What a broadcast sends: each connection's ``state`` carries exactly its own seat's view (as
:meth:`homegame.table.Table.view` gives it) and the table everyone sees, though the server builds and
encodes the parts all seats share only once (``Room._view_texts``)."""

from __future__ import annotations

from pathlib import Path

from homegame.server.storage import Store
from test_server_faults import Night, drain, last_state


def test_every_connection_gets_its_own_view_whole_after_every_step(tmp_path: Path) -> None:
    store = Store(f"sqlite:///{tmp_path / 'b.db'}")
    night = Night(store)
    watcher = night.connect(night.tokens["watch"])
    conns = [*night.conns, watcher]
    hands_seen = set()
    for _ in range(40):  # through the end of the first hands: blinds, streets, showdown, the next deal
        for conn in conns:
            state = last_state(drain(conn))
            seat = night.room.seat_of(conn)
            assert state["view"] == night.room.table.view(seat)
            assert state["table"]["hand_number"] == night.room.table.hand_number
            if seat is not None:
                assert state["view"]["cards"] and state["view"]["seat"] == night.room.table.hand_seat(seat)
            else:
                assert state["view"]["cards"] == [] and state["view"]["seat"] is None
            hands_seen.add(state["hand"])
        night.act()
        night.tick()
    assert len(hands_seen) >= 2
    store.close()
