"""Play-test findings on seats: who is out of chips, who is told so, who is connected."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from pydantic import ValidationError

from homegame.server import protocol as p
from homegame.server.app import NewTable
from homegame.server.commitment import shuffle
from homegame.table import Settings, Table, TableError
from homegame.table.status import out_of_chips_notice
from test_table_support import Clock, Tab, open_room, seated, tick


def three(game: str = "sameem", **kw: object) -> Table:
    """Ann, Bob and Dave approved at a table, nothing dealt yet."""
    table = Table(Settings(game=game, between_hands=0.0, bot_delay=0.0, **kw), seed=1)  # type: ignore[arg-type]
    for name in ("Ann", "Bob", "Dave"):
        table.approve(table.sit(name).position)
    return table


def seat_state(table: Table, name: str) -> dict[str, object]:
    return next(s for s in table.public(0.0)["seats"] if s["name"] == name)


def test_players_all_in_mid_hand_are_not_out_of_chips() -> None:
    table = three()
    table.deal(shuffle().deck, 0.0)
    ann, bob, dave = 0, 1, 2
    assert table.owing() == [ann]
    table.act(ann, "raise 200", 0.0)
    table.act(bob, "call", 0.0)
    assert table.live and table.owing() == [dave]
    for name in ("Ann", "Bob"):  # all in, the public stack reads 0, but they are still in the hand
        state = seat_state(table, name)
        assert state["stack"] == 0
        assert state["out_of_chips"] is False
    assert not table.out_of_chips(ann) and not table.out_of_chips(bob)
    table.act(dave, "fold", 0.0)
    assert not table.live
    losers = [p for p in (ann, bob) if table.seats[p].stack == 0]
    assert len(losers) == 1 or table.seats[ann].stack == table.seats[bob].stack
    for pos in (ann, bob):  # once the hand is over, out of chips exactly when it won nothing
        assert table.out_of_chips(pos) == (table.seats[pos].stack == 0)
        assert seat_state(table, table.seats[pos].name)["out_of_chips"] == (table.seats[pos].stack == 0)
    assert seat_state(table, "Dave")["out_of_chips"] is False


def test_a_busted_player_is_told_they_are_out_of_chips_and_who_can_buy_them_in(tmp_path: Path) -> None:
    clock = Clock()
    room, _store, tokens = open_room(tmp_path, clock, paused=True, game="holdem", approve_seats=False,
                                     bot_delay=0.0, between_hands=1.0, turn_seconds=30.0, time_bank=0.0, buy_in=200)
    host = Tab(room, tokens["host"])
    dave = seated(host, "Dave")
    ann = Tab(room, tokens["invite"])
    seated(ann, "Ann")
    bob = Tab(room, tokens["invite"])
    bob_seat = seated(bob, "Bob")
    host.send({"type": "adjust", "seat": bob_seat, "stack": 0})
    assert bob.state()["you"]["out_of_chips"] == {
        "by": "host", "buy_in": 200, "rebuy": "host",
        "message": "You are out of chips: request a rebuy of 200 with the button below (the host approves it), "
                   "or leave"}
    host.send({"type": "pause", "value": False})
    tick(room, [host, ann, bob], clock, 1.5)
    assert room.table.live and bob_seat not in room.table.start.dealt  # type: ignore[union-attr]
    told = bob.state()["you"]["out_of_chips"]  # while the others play, Bob is still told (not "waiting for ...")
    assert told is not None and told["by"] == "host"
    assert host.state()["you"]["out_of_chips"] is None and ann.state()["you"]["out_of_chips"] is None
    tick(room, [host, ann, bob], clock, 120.0)  # Dave and Ann time out: the hand ends, they sit out
    assert not room.table.live
    host.send({"type": "adjust", "seat": dave, "stack": 0})
    mine = host.state()["you"]["out_of_chips"]  # the host's own seat: the host buys in again themselves
    assert mine is not None and mine["by"] == "you" and "buy in again for 200" in mine["message"]
    host.send({"type": "adjust", "seat": bob_seat, "stack": 200})
    assert bob.state()["you"]["out_of_chips"] is None
    assert out_of_chips_notice(room.table, None, host=False) is None


def to_exposure(deadline_after: float = 10.0) -> Table:
    """Three-Hole with Ann, Bob and Dave, played to the first exposure (everyone owes a choice)."""
    table = three("three-hole", turn_seconds=deadline_after, time_bank=0.0)
    table.deal(shuffle().deck, 0.0)
    for _ in range(10):
        owing = table.owing()
        if len(owing) == 3:
            break
        legal = table.hand.legal(table.hand_seat(owing[0]))
        table.act(owing[0], "call" if any(x.startswith("call") for x in legal) else "check", 0.0)
    assert table.owing() == [0, 1, 2] and table.hand.legal(0)[0].startswith("expose")
    return table


def own_choice(table: Table) -> str:
    """An exposure Ann may choose that is not the one the table would play for her at a time-out."""
    default = str(table.hand.default_action(0))
    return next(f"expose {c}" for c in table.view(0)["cards"] if f"expose {c}" != default)  # type: ignore[index]


def test_a_choice_made_at_the_deadline_is_the_players_own_and_never_called_a_timeout() -> None:
    table = to_exposure()
    deadline = table.deadlines[0]
    start = len(table.actions)
    mine = own_choice(table)
    table.act(0, mine, deadline)  # Ann's choice arrives exactly at her deadline, before the clock fires
    table.advance(deadline)  # then the clock fires: Bob and Dave time out, Ann does not
    stored = table.actions[start:]
    assert stored[0] == (0, mine)
    timeouts = table.public(deadline)["timeouts"]
    assert sorted(t["position"] for t in timeouts) == [1, 2]
    for t in timeouts:  # each names the stored action the table played for that seat
        assert table.actions[t["seq"]][0] == t["hand_seat"] == table.hand_seat(t["position"])
        assert table.actions[t["seq"]] != (0, mine)
    assert not any("Ann" in n and "timed out" in n for n in table.notices)
    assert table.seats[0].sitting_out is False


def test_a_choice_after_the_clock_fired_is_refused_and_the_timeout_is_what_is_stored() -> None:
    table = to_exposure()
    deadline = table.deadlines[0]
    start = len(table.actions)
    mine = own_choice(table)
    table.advance(deadline + 0.5)  # the clock fires before her choice arrives: the table exposes for her
    # her exposure, arriving late, answers nothing she owes now (she may owe the next bet): refused
    with pytest.raises(ValueError):
        table.act(0, mine, deadline + 0.6)
    played = [i for i, a in enumerate(table.actions) if i >= start and a[0] == 0]
    assert len(played) == 1 and table.actions[played[0]] != (0, mine)
    ann = [t for t in table.public(deadline + 0.6)["timeouts"] if t["position"] == 0]
    assert ann == [{"position": 0, "hand_seat": 0, "seq": played[0]}]
    assert "Ann (seat 1) sits out from the next hand: the time ran out" in table.notices


def test_everyone_sees_a_player_leave_and_come_back(tmp_path: Path) -> None:
    clock = Clock()
    room, _store, tokens = open_room(tmp_path, clock, paused=True, game="holdem", approve_seats=False,
                                     bot_delay=0.0, between_hands=1.0, turn_seconds=30.0, time_bank=0.0)
    host = Tab(room, tokens["host"])
    seated(host, "Dave")
    ann1 = Tab(room, tokens["invite"])
    ann = seated(ann1, "Ann")
    ann2 = Tab(room, tokens["invite"], ann1.seat_token)  # her second tab
    host.send({"type": "pause", "value": False})
    tick(room, [host, ann1, ann2], clock, 1.5)
    assert room.table.live

    def shown(tab: Tab) -> bool:
        return bool(next(s for s in tab.state()["table"]["seats"] if s["position"] == ann)["connected"])

    assert shown(host)
    ann1.close()
    assert shown(host), "one of her tabs is still open"
    ann2.close()  # every tab closed mid-hand: everyone is told at once, not at the next action
    assert not shown(host)
    back = Tab(room, tokens["invite"], ann1.seat_token)
    assert shown(back) and shown(host)


@pytest.mark.parametrize(("key", "value", "allowed"), [
    ("turn_seconds", 1, "from 5 to 3600"), ("turn_seconds", 4.9, "from 5 to 3600"), ("time_bank", 3601, "from 0 to 3600"),
    ("bot_delay", 31, "from 0 to 30"), ("between_hands", -1, "from 0 to 120"), ("bot_rebuys", 1001, "from 0 to 1000"),
])
def test_table_options_out_of_range_are_refused_naming_the_range(key: str, value: float, allowed: str) -> None:
    # the host's change, as sent
    with pytest.raises(p.ProtocolError) as info:
        p.parse_client(json.dumps({"v": 1, "type": "configure", key: value}))
    assert f"{key}: " in str(info.value) and allowed in str(info.value)
    # the table itself (any caller): refused, nothing changes
    table = three()
    before = table.settings.to_dict()
    with pytest.raises(TableError, match=allowed):
        table.configure(**{key: value})
    assert table.settings.to_dict() == before
    # opening a table (the lobby's POST /api/tables), except bot_rebuys, which only the host panel sets
    if key != "bot_rebuys":
        with pytest.raises(ValidationError, match=allowed):
            NewTable(**{key: value})



@pytest.mark.parametrize(("stakes", "words"), [
    ({"structure": "no-limit", "blinds": [5, 2]}, "the small blind (5) may not be more than the big blind (2)"),
    ({"structure": "no-limit", "blinds": [0, 0]}, "the big blind must be more than 0"),
    ({"structure": "no-limit", "blinds": [1]}, "give both blinds, the small and the big (like 1/2)"),
    ({"structure": "fixed-limit", "small_bet": 4, "big_bet": 2}, "the big bet (2) may not be less than the small bet (4)"),
    ({"structure": "fixed-limit"}, "fixed limit needs a small bet and a big bet, both more than 0"),
    ({"structure": "fixed-limit", "small_bet": 2, "big_bet": 4, "bring_in": 3},
     "the bring-in (3) may not be more than the small bet (2)"),
    ({"structure": "pot-limit", "ante": 1}, "give small_bet (the minimum bet)"),
    ({"structure": "table-stakes", "blinds": [1, 2]}, "the betting structure must be fixed-limit, pot-limit or no-limit"),
])
def test_stakes_are_refused_in_players_words(stakes: dict[str, object], words: str) -> None:
    table = three()
    before = table.settings.to_dict()
    with pytest.raises(TableError) as info:  # the host's change, on the table
        table.set_stakes(stakes)
    assert words in str(info.value) and "<=" not in str(info.value) and "{" not in str(info.value)
    assert table.settings.to_dict() == before
    if stakes["structure"] != "table-stakes":  # the message and the lobby's body (the structure is a fixed choice there)
        with pytest.raises(p.ProtocolError) as sent:
            p.parse_client(json.dumps({"v": 1, "type": "set_stakes", "stakes": stakes}))
        assert words in str(sent.value) and "<=" not in str(sent.value)
        with pytest.raises(ValidationError, match=re.escape(words)):
            NewTable(stakes=stakes)
    with pytest.raises(TableError, match=re.escape(words)):  # a table opened with them
        Table(Settings(stakes=stakes))
