"""Money follows people (issue 18 §7, issue 17 §3): the ledger is kept by the person who held the seat, a
player out of chips gets chips only through the host or the table's rebuy policy however they leave and
come back, and a player asks for a rebuy with one message the host approves with one tap."""

from __future__ import annotations

from pathlib import Path

import pytest

from homegame.table import Settings, Table, TableError
from test_table_support import Clock, Tab, open_room, seated


def broke_table(**settings: object) -> Table:
    t = Table(Settings(game="holdem", approve_seats=False, **settings))  # type: ignore[arg-type]
    t.sit("Ann", token_hash="ann-1")
    t.sit("Ben", token_hash="ben-1")
    t.seats[0].stack, t.seats[1].stack = 0, 400  # Ann lost everything to Ben
    return t


@pytest.mark.parametrize("name", ["Ann", "ann", "Annie"])
def test_leaving_broke_and_sitting_again_gives_no_fresh_buy_in(name: str) -> None:
    t = broke_table()
    t.remove(0)
    returning = "ann-1" if name == "Annie" else ""  # a new name, but her device still holds her old seat token
    seat = t.sit(name, token_hash="ann-2", returning=returning)
    assert seat.status == "pending" and seat.stack == 0, "a fresh buy-in with no host step"
    assert sum(e.amount for e in t.ledger.entries if e.kind == "buy-in") == 400
    assert any("left out of chips; the host approves" in n for n in t.notices)
    t.approve(seat.position)  # the host's one tap
    assert seat.stack == 200 and t.notices[-1] == f"{name} rebuys 200"
    lines = {x.name: x for x in t.ledger.lines(t.stacks_by_name())}
    assert set(lines) == {"Ann", "Ben"}  # one person, one line, kept under the name she first had
    assert (lines["Ann"].bought_in, lines["Ann"].stack, lines["Ann"].net) == (400, 200, -200)


def test_the_rebuy_policy_auto_buys_a_returning_player_in() -> None:
    t = broke_table(rebuy="auto")
    t.remove(0)
    seat = t.sit("Ann")
    assert seat.status == "active" and seat.stack == 200


def test_a_different_person_with_a_new_name_is_a_line_of_their_own() -> None:
    t = broke_table()
    t.remove(0)
    t.sit("Cy")
    assert [x.name for x in t.ledger.lines(t.stacks_by_name())] == ["Ann", "Ben", "Cy"]
    csv = t.ledger.to_csv(t.stacks_by_name())
    assert csv.splitlines()[0] == "name,bought_in,cashed_out,stack,net" and "\nAnn,200,0,0,-200\n" in csv


def test_a_player_requests_a_rebuy_and_the_host_approves_it_with_one_tap() -> None:
    t = broke_table()
    with pytest.raises(TableError, match="out of chips"):
        t.request_rebuy(1)  # Ben still has chips
    t.request_rebuy(0)
    assert t.seats[0].rebuy_asked and t.seats[0].stack == 0
    assert t.public(0.0)["seats"][0]["rebuy_asked"] is True
    t.approve(0)
    assert t.seats[0].stack == 200 and not t.seats[0].rebuy_asked
    assert t.notices[-2:] == ["Ann (seat 1) asks to rebuy 200", "the host approves Ann's rebuy: Ann rebuys 200"]
    t.adjust_stack(0, 0)
    t.adjust_stack(0, 150)  # the host's top-up is a rebuy in words too
    assert t.notices[-1] == "Ann rebuys 150"


def test_leaving_says_what_was_cashed_out() -> None:
    t = broke_table()
    t.remove(1)
    assert t.notices[-1] == "Ben leaves and cashes out 400 (+200 tonight)"


def test_who_left_is_kept_with_the_table() -> None:
    t = broke_table()
    t.remove(0)
    again = Table.from_dict(t.to_dict())
    assert again.sit("ANN").status == "pending"


def test_through_the_room_a_busted_player_who_leaves_and_sits_again_waits_for_the_host(tmp_path: Path) -> None:
    clock = Clock()
    room, _, tokens = open_room(tmp_path, clock, game="holdem", approve_seats=False)
    host = Tab(room, tokens["host"])
    ann = Tab(room, tokens["invite"])
    pos = seated(ann, "Ann")
    host.send({"type": "adjust", "seat": pos, "stack": 0})
    ann.send({"type": "rebuy"})
    assert room.table.seats[pos].rebuy_asked
    ann.send({"type": "leave"})
    ann.send({"type": "sit", "name": "Annie"})  # the same tab: the same person, whatever the name
    seat = room.table.seats[ann.last("seated")["seat"]]  # type: ignore[index]
    assert seat.status == "pending" and seat.person == "Ann"
    later = Tab(room, tokens["invite"], ann.seat_token)
    assert room.seat_of(later.conn) == seat.position
    host.send({"type": "approve", "seat": seat.position})
    assert seat.stack == 200
