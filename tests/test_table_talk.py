"""Table talk (chat, reactions, mutes), acting in advance, the clocks shown apart, the night's figures
and the spectator-safe replay: over the protocol, through a real room and store."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from homegame.server import protocol as p
from homegame.server.room import Room
from homegame.table.chat import CHAT_KEEP, CHAT_LIMIT, REACTIONS
from test_table_support import Clock, Tab, open_room, seated, tick

ROOM = {"game": "holdem", "approve_seats": False, "bot_delay": 0.0, "between_hands": 1.0,
        "turn_seconds": 30.0, "time_bank": 20.0}


def table_of(tmp_path: Path, players: int = 2, **spec: Any) -> tuple[Room, Clock, dict[str, str], Tab, list[Tab]]:
    clock = Clock()
    room, _store, tokens = open_room(tmp_path, clock, paused=True, **{**ROOM, **spec})
    host = Tab(room, tokens["host"])
    tabs = [Tab(room, tokens["invite"]) for _ in range(players)]
    for tab, name in zip(tabs, ["Ann", "Bob", "Cy", "Dee"], strict=False):
        seated(tab, name)
    return room, clock, tokens, host, tabs


def chats(tab: Tab) -> list[dict[str, Any]]:
    tab.drain()
    return [m["line"] for m in tab.messages if m["type"] == "chat"]


# ----- chat ------------------------------------------------------------------------------------------
def test_a_chat_line_reaches_everyone_with_name_seat_and_time_and_no_token(tmp_path: Path) -> None:
    room, clock, tokens, host, (ann, bob) = table_of(tmp_path)
    watcher = Tab(room, tokens["watch"])
    clock.t = 1234.5
    ann.send({"type": "chat", "text": "  nice   hand\u202e\u200b "})
    for tab in (host, ann, bob, watcher):
        line = chats(tab)[-1]
        assert line == {"id": 1, "at": 1234.5, "name": "Ann", "seat": 1, "role": "player", "text": "nice hand"}
    for token in [*tokens.values(), ann.seat_token, bob.seat_token]:
        assert token and token not in json.dumps(chats(bob)) and token not in json.dumps(watcher.messages)


@pytest.mark.parametrize("text", ["<script>alert(1)</script>", "<b>bold</b> & &amp; \"quotes\"", "' OR 1=1 --"])
def test_html_and_script_text_is_kept_as_text(tmp_path: Path, text: str) -> None:
    room, _clock, _tokens, _host, (ann, bob) = table_of(tmp_path)
    ann.send({"type": "chat", "text": text})
    assert chats(bob)[-1]["text"] == text


@pytest.mark.parametrize(("text", "words"), [
    ("", "visible text"), ("   ", "visible text"), ("\u200b\u202e\x00", "visible text"),
    ("x" * (CHAT_LIMIT + 1), f"at most {CHAT_LIMIT}"),
])
def test_empty_or_too_long_chat_is_refused_and_changes_nothing(tmp_path: Path, text: str, words: str) -> None:
    room, _clock, _tokens, _host, (ann, bob) = table_of(tmp_path)
    ann.send({"type": "chat", "text": text})
    err = ann.last("error")
    assert err is not None and err["code"] == "refused" and err["about"] == "chat" and words in err["message"]
    assert not chats(bob) and room.table.chat.lines == []


def test_exactly_the_limit_is_kept(tmp_path: Path) -> None:
    room, _clock, _tokens, _host, (ann, bob) = table_of(tmp_path)
    ann.send({"type": "chat", "text": "y" * CHAT_LIMIT})
    assert chats(bob)[-1]["text"] == "y" * CHAT_LIMIT


def test_flooding_is_refused_with_a_clear_error_then_allowed_again(tmp_path: Path) -> None:
    room, clock, _tokens, _host, (ann, bob) = table_of(tmp_path)
    for i in range(p.TALK_BURST):
        ann.send({"type": "chat", "text": f"hi {i}"})
    ann.send({"type": "react", "emoji": REACTIONS[0]})  # reactions count too
    err = ann.last("error")
    assert err is not None and err["code"] == "rate_limited" and f"at most {p.TALK_BURST}" in err["message"]
    ann.send({"type": "chat", "text": "again"})
    assert [x["text"] for x in chats(bob)] == [f"hi {i}" for i in range(p.TALK_BURST)]
    bob.send({"type": "chat", "text": "mine"})  # the limit is per connection
    assert chats(ann)[-1]["text"] == "mine"
    clock.t += p.TALK_WINDOW + 0.1
    ann.send({"type": "chat", "text": "later"})
    assert chats(bob)[-1]["text"] == "later"


def test_spectators_read_always_and_talk_only_when_the_host_allows(tmp_path: Path) -> None:
    room, _clock, tokens, host, (ann, _bob) = table_of(tmp_path)
    watcher, guest = Tab(room, tokens["watch"]), Tab(room, tokens["invite"])
    for tab in (watcher, guest):
        tab.send({"type": "chat", "text": "hello from the rail"})
        assert "not opened the chat to spectators" in tab.last("error")["message"]  # type: ignore[index]
        tab.send({"type": "react", "emoji": REACTIONS[1]})
        assert "not opened the chat to spectators" in tab.last("error")["message"]  # type: ignore[index]
    assert not chats(ann)
    ann.send({"type": "configure", "spectator_chat": True})
    assert ann.last("error")["code"] == "forbidden"  # type: ignore[index]
    host.send({"type": "configure", "spectator_chat": True})
    assert host.state()["table"]["settings"]["spectator_chat"] is True
    watcher.send({"type": "chat", "text": "hello from the rail"})
    assert chats(ann)[-1] == {**chats(ann)[-1], "name": "Spectator 1", "seat": None, "role": "spectator"}
    host.send({"type": "chat", "text": "welcome"})
    assert chats(watcher)[-1]["role"] == "host" and chats(watcher)[-1]["seat"] is None


def test_a_table_may_open_with_the_chat_open_to_spectators(tmp_path: Path) -> None:
    room, _clock, tokens, _host, (ann, _bob) = table_of(tmp_path, spectator_chat=True)
    Tab(room, tokens["watch"]).send({"type": "chat", "text": "go Ann"})
    assert chats(ann)[-1]["role"] == "spectator"


def test_a_lookalike_name_is_told_apart_by_seat(tmp_path: Path) -> None:
    room, _clock, tokens, _host, (ann, _bob) = table_of(tmp_path)
    other = Tab(room, tokens["invite"])
    other.send({"type": "sit", "name": "A\u200bnn"})
    assert "This name is seated" in other.last("error")["message"]  # type: ignore[index]
    other.send({"type": "sit", "name": "Ann."})
    other.send({"type": "chat", "text": "it's me, Ann"})
    line = chats(ann)[-1]
    assert line["name"] == "Ann." and line["seat"] == 3


def test_the_host_mutes_a_player_who_is_told_and_unmutes(tmp_path: Path) -> None:
    room, _clock, _tokens, host, (ann, bob) = table_of(tmp_path)
    bob.send({"type": "mute", "seat": 0})
    assert bob.last("error")["code"] == "forbidden"  # type: ignore[index]
    host.send({"type": "mute", "seat": 0})
    assert host.state()["table"]["seats"][0]["muted"] is True
    for kind, body in (("chat", {"text": "hey"}), ("react", {"emoji": REACTIONS[0]})):
        ann.send({"type": kind, **body})
        err = ann.last("error")
        assert err is not None and err["about"] == kind and "muted you" in err["message"]
    assert not chats(bob)
    host.send({"type": "mute", "seat": 5})
    assert "no one sits in seat 6" in host.last("error")["message"]  # type: ignore[index]
    host.send({"type": "mute", "seat": 0, "value": False})
    ann.send({"type": "chat", "text": "thanks"})
    assert chats(bob)[-1]["text"] == "thanks"


def test_a_new_player_in_a_muted_seat_is_not_muted(tmp_path: Path) -> None:
    room, _clock, tokens, host, (ann, bob) = table_of(tmp_path)
    host.send({"type": "mute", "seat": 0})
    ann.send({"type": "leave"})
    cy = Tab(room, tokens["invite"])
    assert seated(cy, "Cy") == 0
    cy.send({"type": "chat", "text": "hi all"})
    assert chats(bob)[-1]["name"] == "Cy"


def test_chat_survives_a_reload_and_late_joiners_get_the_last_lines(tmp_path: Path) -> None:
    room, clock, tokens, _host, (ann, bob) = table_of(tmp_path)
    for i in range(CHAT_KEEP + 5):
        clock.t += 3.0
        (ann if i % 2 else bob).send({"type": "chat", "text": f"line {i}"})
    late = Tab(room, tokens["watch"])
    lines = late.last("welcome")["chat"]  # type: ignore[index]
    assert len(lines) == CHAT_KEEP and lines[-1]["text"] == f"line {CHAT_KEEP + 4}" and lines[0]["id"] == 6
    again = Room.load(room.id, room.store, clock=clock)
    assert again is not None and again.table.chat.lines == room.table.chat.lines
    assert Tab(again, tokens["invite"], ann.seat_token).last("welcome")["chat"] == lines  # type: ignore[index]


def test_reactions_are_a_fixed_set_broadcast_and_kept_for_a_reload(tmp_path: Path) -> None:
    # issue 17's play-test: a reaction in the chat list was gone after a reload
    room, clock, tokens, _host, (ann, bob) = table_of(tmp_path)
    watcher = Tab(room, tokens["watch"])
    ann.send({"type": "react", "emoji": REACTIONS[2]})
    got = watcher.last("reaction")
    assert got is not None and got["emoji"] == REACTIONS[2] and got["name"] == "Ann" and got["seat"] == 1
    assert [line["emoji"] for line in room.table.chat.lines] == [REACTIONS[2]]
    later = Tab(room, tokens["watch"])  # a reload: the welcome lists it
    assert [line.get("emoji") for line in later.last("welcome")["chat"]] == [REACTIONS[2]]  # type: ignore[index]
    again = Room.load(room.id, room.store, clock=clock)  # and the stored table keeps it
    assert again is not None and again.table.chat.lines == room.table.chat.lines
    ann.send({"type": "react", "emoji": "<img>"})
    assert "unknown reaction" in ann.last("error")["message"]  # type: ignore[index]
    assert len(room.table.chat.lines) == 1


# ----- acting in advance -----------------------------------------------------------------------------
def live(room: Room, clock: Clock, host: Tab, tabs: list[Tab]) -> dict[int, Tab]:
    host.send({"type": "pause", "value": False})
    tick(room, [host, *tabs], clock, 1.5)
    assert room.table.live
    return {t.state()["you"]["seat"]: t for t in tabs}


def to_act_and_waiting(room: Room) -> tuple[int, list[int]]:
    """The live hand's seat to act first, and the other seats dealt in (table positions)."""
    first = room.table.owing()[0]
    return first, [pos for pos in room.table.start.dealt if pos != first]  # type: ignore[union-attr]


def test_call_any_and_check_fold_play_the_moment_the_turn_comes(tmp_path: Path) -> None:
    room, clock, _tokens, host, tabs = table_of(tmp_path, players=3)
    by = live(room, clock, host, tabs)
    t = room.table
    first, later = to_act_and_waiting(room)
    by[later[0]].send({"type": "pre_act", "action": "call any"})
    by[later[1]].send({"type": "pre_act", "action": "check/fold"})
    assert by[later[0]].state()["you"]["pre_action"] == {"action": "call any", "amount": None}
    assert by[later[1]].state()["you"]["pre_action"]["action"] == "check/fold"
    assert first not in t.pre_actions and by[first].state()["you"]["pre_action"] is None  # only their own
    assert "call any" not in json.dumps(by[first].state()) and "call any" not in json.dumps(host.state())
    n = len(t.actions)
    by[first].send({"type": "act", "action": "raise 6"})
    # the raise changed the bet the big blind faces: dropped; the small blind's "call any" plays at once
    dropped = by[later[1]].last("pre_act_dropped")
    assert dropped is not None and "changed from 0 to 4" in dropped["message"]
    assert by[later[1]].state()["you"]["pre_action"] is None
    assert t.actions[n:][:2] == [(t.start.dealt.index(first), "raise 6"), (t.start.dealt.index(later[0]), "call")]  # type: ignore[union-attr]
    assert t.owing() == [later[1]]


def test_a_pre_action_is_never_applied_to_a_later_street(tmp_path: Path) -> None:
    room, clock, _tokens, host, tabs = table_of(tmp_path, players=2)
    by = live(room, clock, host, tabs)
    t = room.table
    sb = t.owing()[0]
    bb = next(pos for pos in by if pos != sb)
    by[bb].send({"type": "pre_act", "action": "check"})  # the big blind faces no more than it has in
    assert t.pre_actions[bb]["action"] == "check"
    by[sb].send({"type": "act", "action": "call"})
    # the big blind's check was played preflop, at once; on the flop nothing is queued for it
    assert len(t.hand.view(None)["board"]) == 3 and bb not in t.pre_actions
    assert t.owing() == [bb]  # heads-up: the big blind acts first after the flop
    by[sb].send({"type": "pre_act", "action": "check"})
    by[bb].send({"type": "act", "action": "check"})
    # the small blind's check played on the flop; the turn is dealt and the big blind owes, not it
    assert len(t.hand.view(None)["board"]) == 4 and t.owing() == [bb] and sb not in t.pre_actions
    by[bb].send({"type": "act", "action": "check"})
    assert t.owing() == [sb] and len(t.hand.view(None)["board"]) == 4  # the turn waits for the small blind


def test_a_queued_call_is_dropped_when_the_street_ends_without_its_turn(tmp_path: Path) -> None:
    room, clock, _tokens, host, tabs = table_of(tmp_path, players=3)
    by = live(room, clock, host, tabs)
    t = room.table
    button = t.owing()[0]
    order = [pos for pos in t.start.dealt]  # type: ignore[union-attr]
    others = [pos for pos in order if pos != button]
    by[button].send({"type": "act", "action": "call"})
    sb = t.owing()[0]
    bb = next(pos for pos in others if pos != sb)
    by[button].send({"type": "pre_act", "action": "check/fold"})  # the button has called; its turn may not come
    by[sb].send({"type": "act", "action": "call"})
    by[bb].send({"type": "act", "action": "check"})
    assert len(t.hand.view(None)["board"]) == 3
    told = by[button].last("pre_act_dropped")
    assert told is not None and "betting round ended" in told["message"]
    assert button not in t.pre_actions


@pytest.mark.parametrize(("action", "words"), [
    ("check", "cannot check in advance"), ("call 3", "costs 1 to call, not 3"), ("raise 10", "unknown pre-action"),
    ("fold", "unknown pre-action"),
])
def test_bad_pre_actions_are_refused_with_the_reason(tmp_path: Path, action: str, words: str) -> None:
    room, clock, _tokens, host, tabs = table_of(tmp_path, players=3)
    by = live(room, clock, host, tabs)
    t = room.table
    sb = t.start.dealt[(t.start.button + 1) % 3]  # type: ignore[union-attr]
    by[sb].send({"type": "pre_act", "action": action})
    err = by[sb].last("error")
    assert err is not None and err["about"] == "pre_act" and words in err["message"], err
    assert sb not in t.pre_actions


def test_pre_act_out_of_place(tmp_path: Path) -> None:
    room, clock, tokens, host, tabs = table_of(tmp_path, players=2)
    tabs[0].send({"type": "pre_act", "action": "call any"})
    assert "no hand is being played" in tabs[0].last("error")["message"]  # type: ignore[index]
    by = live(room, clock, host, tabs)
    mover = room.table.owing()[0]
    by[mover].send({"type": "pre_act", "action": "call any"})
    assert "your turn now" in by[mover].last("error")["message"]  # type: ignore[index]
    watcher = Tab(room, tokens["watch"])
    watcher.send({"type": "pre_act", "action": "call any"})
    assert "hold no seat" in watcher.last("error")["message"]  # type: ignore[index]
    other = next(pos for pos in by if pos != mover)
    by[other].send({"type": "pre_act", "action": "check"})
    by[other].send({"type": "pre_act", "action": None})
    assert other not in room.table.pre_actions and by[other].state()["you"]["pre_action"] is None


# ----- clocks ----------------------------------------------------------------------------------------
def test_each_seat_shows_its_turn_clock_and_its_time_bank_apart(tmp_path: Path) -> None:
    room, clock, _tokens, host, tabs = table_of(tmp_path, players=2)
    host.send({"type": "configure", "turn_seconds": 15, "time_bank": 40})
    live(room, clock, host, tabs)
    mover = room.table.owing()[0]
    seat = host.state()["table"]["seats"][mover]
    assert seat["bank"] == 40 and seat["turn_ends"] == pytest.approx(seat["deadline"] - 40)
    host.send({"type": "pause", "value": True})
    seat = host.state()["table"]["seats"][mover]
    assert seat["turn_ends"] is None and seat["bank_left"] == 40 and 0 < seat["turn_left"] <= 15
    assert seat["clock_left"] == pytest.approx(seat["turn_left"] + seat["bank_left"], abs=0.1)


# ----- after the hand --------------------------------------------------------------------------------
def test_stats_and_a_spectator_replay_from_the_stored_hands(tmp_path: Path) -> None:
    from fastapi.testclient import TestClient

    from homegame.server.app import create_app

    with TestClient(create_app(f"sqlite:///{tmp_path / 'stats.db'}")) as client:
        r = client.post("/api/tables", json={"game": "holdem", "bots": 3, "bot_delay": 0, "between_hands": 0})
        table_id, token = r.json()["table_id"], r.json()["links"]["watch"].split("#")[1]
        auth = {"Authorization": f"Bearer {token}"}
        hands: list[Any] = []
        for _ in range(400):
            hands = client.get(f"/api/tables/{table_id}/hands", headers=auth).json()
            if len(hands) >= 3:
                break
        assert len(hands) >= 3
        assert client.get(f"/api/tables/{table_id}/stats").status_code == 401
        stats = client.get(f"/api/tables/{table_id}/stats", headers=auth).json()
        assert stats["hands"] >= 3 and len(stats["players"]) == 3
        for person in stats["players"]:
            assert person["hands"] == len(person["stacks"]) and 0 <= person["vpip_percent"] <= 100
            assert [s["hand"] for s in person["stacks"]] == sorted(s["hand"] for s in person["stacks"])
        assert sum(x["net"] for x in stats["players"]) == 0
        full = client.get(f"/api/tables/{table_id}/hands/1.json", headers=auth).json()
        replay = client.get(f"/api/tables/{table_id}/hands/1.json?view=spectator", headers=auth).json()
        assert replay["view"] == "spectator" and "deck" not in replay and "history" not in replay
        assert len(replay["steps"]) == len(full["actions"]) + 1
        last = replay["steps"][-1]["view"]
        seen = set(last["board"]) | {c for s in last["seats"] for c in (s["shown"] or []) + s["up"]}
        hole = set(full["deck"]) - seen
        text = json.dumps(replay["steps"])
        for card in hole:  # a card nobody saw is in no step
            assert f'"{card}"' not in text, card
        bad = client.get(f"/api/tables/{table_id}/hands/1.json?view=everyone", headers=auth)
        assert bad.status_code == 400 and "view=spectator" in bad.json()["detail"]


def test_a_queued_pre_action_survives_a_restart_and_still_plays(tmp_path: Path) -> None:
    room, clock, tokens, host, tabs = table_of(tmp_path, players=3)
    by = live(room, clock, host, tabs)
    t = room.table
    first, (waiting, *_) = to_act_and_waiting(room)
    by[waiting].send({"type": "pre_act", "action": "call any"})
    again = Room.load(room.id, room.store, clock=clock)
    assert again is not None and again.table.pre_actions == t.pre_actions
    tab = Tab(again, tokens["invite"], by[waiting].seat_token)
    assert tab.state()["you"]["pre_action"] == {"action": "call any", "amount": None}
    mover = Tab(again, tokens["invite"], by[first].seat_token)
    mover.send({"type": "act", "action": "call"})
    u = again.table
    dealt = u.start.dealt  # type: ignore[union-attr]
    assert u.actions[-2:] == [(dealt.index(first), "call"), (dealt.index(waiting), "call")]
    assert waiting not in u.pre_actions


def test_leaving_mid_hand_drops_the_pre_action(tmp_path: Path) -> None:
    room, clock, _tokens, host, tabs = table_of(tmp_path, players=3)
    by = live(room, clock, host, tabs)
    t = room.table
    first, (waiting, *_) = to_act_and_waiting(room)
    by[waiting].send({"type": "pre_act", "action": "call any"})
    host.send({"type": "remove", "seat": waiting})
    assert waiting not in t.pre_actions
    t.check_invariants(clock.t)
