"""The host starts the night and each player answers their own straddle (issue 17 §1, §2), through the room."""

from __future__ import annotations

from pathlib import Path

from test_table_support import Clock, Tab, open_room, seated, tick


def test_nothing_is_dealt_and_no_clock_runs_before_the_host_starts(tmp_path: Path) -> None:
    clock = Clock()
    room, _, tokens = open_room(tmp_path, clock, game="holdem", bots=2, bot_delay=0.0, between_hands=0.0,
                                wait_for_host=True, approve_seats=True)
    host = Tab(room, tokens["host"])
    ann = Tab(room, tokens["invite"])
    seated(ann, "Ann")  # pending: the host is still approving friends
    tick(room, [host, ann], clock, 120.0)
    assert room.table.hand_number == 0 and not room.table.live
    table = host.state()["table"]
    assert table["started"] is False and table["waiting"]["code"] == "start"
    host.send({"type": "approve", "seat": 2})
    tick(room, [host, ann], clock, 60.0)
    assert room.table.hand_number == 0 and not room.table.seats[2].sitting_out
    ann.send({"type": "start"})
    assert ann.last("error")["code"] == "forbidden"  # type: ignore[index]
    host.send({"type": "start"})
    assert room.table.hand_number == 1 and host.state()["table"]["started"] is True


def test_the_host_taking_a_seat_starts_the_night(tmp_path: Path) -> None:
    clock = Clock()
    room, _, tokens = open_room(tmp_path, clock, game="holdem", bots=1, wait_for_host=True)
    host = Tab(room, tokens["host"])
    tick(room, [host], clock, 30.0)
    assert room.table.hand_number == 0
    seated(host, "Dave")
    tick(room, [host], clock, 5.0)
    assert room.table.hand_number >= 1


def test_the_asked_player_straddles_by_message_and_others_cannot(tmp_path: Path) -> None:
    clock = Clock()
    room, _, tokens = open_room(tmp_path, clock, game="holdem", approve_seats=False, between_hands=0.0,
                                wait_for_host=True)
    host = Tab(room, tokens["host"])
    tabs = [Tab(room, tokens["invite"]) for _ in range(4)]
    for i, tab in enumerate(tabs):
        seated(tab, f"P{i}")
    host.send({"type": "house", "straddle": "utg"})
    host.send({"type": "start"})
    ask = host.state()["table"]["straddle_ask"]
    assert ask is not None and room.table.hand_number == 0
    asked = next(t for t in tabs if room.seat_of(t.conn) == ask["position"])
    other = next(t for t in tabs if t is not asked)
    other.send({"type": "straddle", "value": True})
    assert other.last("error")["code"] == "refused"  # type: ignore[index]
    asked.send({"type": "straddle", "value": True})
    assert room.table.hand_number == 1 and room.table.start is not None
    assert room.table.start.options == {"straddle": "utg"}
