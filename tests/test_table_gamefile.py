"""A host uploads a game file to a table: it is checked as ``hg.load_game`` checks it, dealt, kept
through a restart (the hand resumes and replays), and a bad file or a non-host changes nothing."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

import homegame as hg
from homegame.server.room import Room
from homegame.server.verify import verify_hand
from homegame.table import Table, TableError, simple_action
from homegame.table.night import hand_figures, spectator_steps
from homegame.table.table import MAX_GAME_FILES
from test_table_support import Clock, Tab, open_room, seated, tick

FILES = Path(__file__).parent / "game_files"
STUD = (FILES / "mini-stud.toml").read_text(encoding="utf-8").replace('"five-card-stud"', '"house-stud"')
ROOM = {"game": "holdem", "approve_seats": False, "bot_delay": 0.0, "between_hands": 1.0,
        "turn_seconds": 30.0, "time_bank": 0.0, "paused": True, "bots": 2,
        "stakes": {"structure": "fixed-limit", "ante": 1, "bring_in": 1, "small_bet": 2, "big_bet": 4}}


def play(tab: Tab) -> None:
    state = tab.state()
    action = simple_action(state["view"], random.Random(len(tab.messages)))
    tab.send({"type": "act", "action": action, "decision": state["you"]["decision"]})
    assert tab.last("error") is None or tab.last("error")["about"] != "act", tab.last("error")  # type: ignore[index]


def test_upload_deal_restart_resume_and_replay(tmp_path: Path) -> None:
    clock = Clock()
    room, store, tokens = open_room(tmp_path, clock, **ROOM)
    host = Tab(room, tokens["host"])
    host.send({"type": "game_file", "text": STUD})
    assert host.last("error") is None, host.last("error")
    listed = host.state()["table"]["game_files"]
    assert [g["name"] for g in listed] == ["house-stud"] and listed[0]["title"] == "Five-Card Stud"
    assert STUD not in json.dumps(host.state()["table"])  # the public state names the game, not the whole text
    host.send({"type": "set_game", "game": "house-stud"})
    assert room.table.settings.game == "house-stud", host.last("error")
    seat = seated(host, "Hostess")
    host.send({"type": "pause", "value": False})
    tick(room, [host], clock, 1.5)
    assert room.table.live and room.table.start is not None and room.table.start.game == "house-stud"
    # play the host's seat a little (the bots play at once), then "restart": a new room from the store
    for _ in range(3):
        if not room.table.live or seat not in room.table.owing():
            break
        play(host)
    if not room.table.live:
        pytest.skip("the hand ended before the restart")  # pragma: no cover - bots call, the host checks
    number, actions = room.table.hand_number, list(room.table.actions)
    view = room.table.view(seat)
    again = Room.load(room.id, store, clock=clock)
    assert again is not None
    assert again.table.live and again.table.hand_number == number and again.table.actions == actions
    assert again.table.view(seat) == view
    assert [g["name"] for g in again.table.public(clock())["game_files"]] == ["house-stud"]
    # finish the hand on the restarted room: the host folds or checks down, the bots play
    host2 = Tab(again, tokens["host"], host.seat_token)
    for _ in range(60):
        if not again.table.live:
            break
        if seat in again.table.owing():
            play(host2)
        else:
            tick(again, [host2], clock, 0.5)
    assert not again.table.live or again.table.hand_number > number
    stored = store.hand(room.id, number)
    assert stored is not None and stored.over and stored.history is not None
    assert stored.start["file"] == STUD and json.loads(stored.history)["file"] == STUD
    assert list(hg.replay(stored.history).payoffs) == stored.payoffs
    # the download verifies, the spectator replay and the night's figures rebuild the game
    download = {"format": "homegame-hand", "version": 1, "number": number, "start": stored.start,
                "commitment": stored.commitment, "deck": stored.deck, "salt": stored.salt,
                "actions": stored.actions, "payoffs": stored.payoffs, "history": json.loads(stored.history)}
    verdict = verify_hand(download)
    assert all(ok for _, ok in verdict.checks if "replay" in _), verdict.checks
    steps = spectator_steps(stored.start, stored.deck, stored.actions)
    assert steps[-1]["view"]["over"]
    figures = hand_figures(stored.start, stored.deck, stored.actions, stored.payoffs, lambda i, p: f"S{p}")
    assert figures["game"] == "house-stud"
    # homegame replay and homegame verify rebuild the game from the download alone (its start and history)
    from typer.testing import CliRunner

    from homegame.cli import _load_commands, app

    _load_commands()
    saved = tmp_path / f"hand-{number}.json"
    saved.write_text(json.dumps(download), encoding="utf-8")
    for command in ("replay", "verify"):
        result = CliRunner().invoke(app, [command, str(saved)], env={"COLUMNS": "120", "NO_COLOR": "1"})
        assert result.exit_code == 0 and "Traceback" not in result.output, (command, result.output)


def test_a_bad_file_is_refused_with_its_line_and_changes_nothing(tmp_path: Path) -> None:
    clock = Clock()
    room, _store, tokens = open_room(tmp_path, clock, **ROOM)
    host = Tab(room, tokens["host"])
    before = json.dumps(room.table.to_dict(), sort_keys=True)
    bad = STUD.replace('faces = "down up"', 'faces = "down sideways"')
    host.send({"type": "game_file", "text": bad, "filename": "my-stud.toml"})
    err = host.last("error")
    assert err is not None and err["code"] == "refused" and err["about"] == "game_file"
    assert "my-stud.toml line 11" in err["message"] and "down" in err["message"], err
    assert json.dumps(room.table.to_dict(), sort_keys=True) == before
    # a file no hand could be played from (the showdown not last) names the file and its line too
    host.send({"type": "game_file", "text": STUD + '[[steps]]\nkind = "bet"\n', "filename": "my-stud.toml"})
    assert host.last("error")["message"].startswith("my-stud.toml line"), host.last("error")  # type: ignore[index]
    assert json.dumps(room.table.to_dict(), sort_keys=True) == before
    # a catalogue game's name is refused too: it would hide the catalogue's game
    host.send({"type": "game_file", "text": STUD.replace('"house-stud"', '"holdem"')})
    assert "holdem" in host.last("error")["message"]  # type: ignore[index]
    assert json.dumps(room.table.to_dict(), sort_keys=True) == before


def test_a_non_host_is_refused(tmp_path: Path) -> None:
    clock = Clock()
    room, _store, tokens = open_room(tmp_path, clock, **ROOM)
    guest = Tab(room, tokens["invite"])
    seated(guest, "Ann")
    guest.send({"type": "game_file", "text": STUD})
    err = guest.last("error")
    assert err is not None and err["code"] == "forbidden"
    assert room.table.settings.game_files == {}


def test_a_big_file_travels_in_one_message_and_the_cap_holds() -> None:
    from homegame.server import protocol as p

    padded = STUD + "#" + "x" * 20_000 + "\n"  # a comment: over the 4096-character limit of other messages
    msg = p.parse_client(json.dumps({"type": "game_file", "v": 1, "text": padded}))
    assert msg.text == padded
    with pytest.raises(p.ProtocolError) as info:
        p.parse_client(json.dumps({"type": "chat", "v": 1, "text": "x" * 20_000}))
    assert info.value.code == "too_large"
    table = Table()
    for i in range(MAX_GAME_FILES):
        table.add_game_file(STUD.replace('"house-stud"', f'"stud-{i}"'))
    with pytest.raises(TableError, match=f"at most {MAX_GAME_FILES}"):
        table.add_game_file(STUD.replace('"house-stud"', '"one-more"'))
    table.remove_game_file("stud-0")
    table.add_game_file(STUD.replace('"house-stud"', '"one-more"'))


def test_dealers_choice_offers_uploaded_games_and_replacing_keeps_the_game_valid() -> None:
    table = Table()
    name = table.add_game_file(STUD)
    table.set_game("dealers-choice")
    for who in ("Ann", "Bob"):
        table.sit(who, approved=True)
    table.advance(0.0)
    assert table.chooser is not None
    table.choose(table.chooser, name)
    assert table.next_game() is not None and table.next_game()[0] == "house-stud"  # type: ignore[index]
    with pytest.raises(TableError, match="remove"):
        table.remove_game_file(name)  # chosen for the coming hand
    table.set_game(name)
    # a replacement with the same name replaces it; the saved table keeps the text
    table.add_game_file(STUD.replace('title = "Five-Card Stud"', 'title = "Stud Five"'))
    assert table.game_title(name, {}) == "Stud Five"
    copy = Table.from_dict(json.loads(json.dumps(table.to_dict())))
    assert copy.game_title(name, {}) == "Stud Five" and copy.settings.game == name
