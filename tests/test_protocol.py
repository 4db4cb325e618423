"""The websocket protocol's message models: what is accepted and what each refusal says."""

from __future__ import annotations

import json

import pytest

from homegame.server import protocol as p


def test_every_client_type_parses() -> None:
    samples = [
        {"type": "hello", "token": "t" * 24},
        {"type": "hello", "token": "t" * 24, "seat_token": "s" * 24},
        {"type": "ping"},
        {"type": "sit", "name": "Ann"},
        {"type": "act", "action": "raise 40", "hand": 3},
        {"type": "act", "action": "check", "hand": 3, "decision": 3000007},
        {"type": "sit_out", "value": True},
        {"type": "leave"},
        {"type": "choose", "game": "pass-the-trash", "rules": {"passes": [3, 2, 1], "keep": 6}},
        {"type": "approve", "seat": 2},
        {"type": "remove", "seat": 2},
        {"type": "add_bot", "kind": "random"},
        {"type": "pause", "value": False},
        {"type": "set_game", "game": "dealers-choice"},
        {"type": "set_stakes", "stakes": {"structure": "pot-limit", "blinds": [1, 2]}, "buy_in": 100},
        {"type": "adjust", "seat": 0, "stack": 250},
        {"type": "configure", "turn_seconds": 20, "approve_seats": False, "bot_rebuys": 0},
        {"type": "reissue", "seat": 2},
        {"type": "entropy", "hand": 3, "value": "ab" * 32},
        {"type": "chat", "text": "nice hand"},
        {"type": "react", "emoji": "\U0001f44d"},
        {"type": "pre_act", "action": "call any"},
        {"type": "pre_act", "action": None},
        {"type": "mute", "seat": 3, "value": False},
        {"type": "mute_spectator", "spectator": 2},
        {"type": "house", "straddle": "utg", "bomb_ante": 4, "bomb_every": 10, "chip": 1, "showdown": "muck-losers", "rabbit": True},
        {"type": "house", "bomb_next": True},
        {"type": "show", "cards": ["Ad"]},
        {"type": "show"},
        {"type": "muck"},
        {"type": "run_twice", "value": True},
        {"type": "game_file", "text": 'name = "mine"\n', "filename": "mine.toml"},
        {"type": "game_file", "remove": "mine"},
        {"type": "straddle", "value": False},
        {"type": "start"},
        {"type": "rebuy"},
        {"type": "configure", "rebuy": "auto"},
        {"type": "house", "straddle": "button-mandatory"},
    ]
    assert {s["type"] for s in samples} == set(p.CLIENT_TYPES)
    for sample in samples:
        msg = p.parse_client(json.dumps({**sample, "v": 1}))
        assert msg.type == sample["type"]
        assert msg.v == p.VERSION


@pytest.mark.parametrize(("text", "code", "words"), [
    ("{", "bad_json", "not JSON"),
    ('"hello"', "bad_message", "JSON object"),
    ('{"type": "fly"}', "unknown_type", "known types"),
    ('{"v": 1}', "unknown_type", "known types"),
    ('{"type": "ping", "v": 9}', "bad_version", "speaks 1"),
    ('{"type": "sit"}', "invalid", "name"),
    ('{"type": "sit", "name": ""}', "invalid", "name"),
    ('{"type": "approve", "seat": 12}', "invalid", "seat"),
    ('{"type": "approve", "seat": "one"}', "invalid", "seat"),
    ('{"type": "ping", "surprise": true}', "invalid", "surprise"),
    ('{"type": "add_bot", "kind": "shark"}', "invalid", "kind"),
    ('{"type": "set_stakes", "stakes": {"structure": "spread-limit"}}', "invalid", "structure"),
    ('{"type": "hello", "token": "short"}', "invalid", "token"),
    ('{"type": "act", "action": "check", "decision": -1}', "invalid", "decision"),
    ('{"type": "reissue"}', "invalid", "seat"),
    ('{"type": "chat"}', "invalid", "text"),
    ('{"type": "chat", "text": 5}', "invalid", "text"),
    ('{"type": "chat", "text": "%s"}' % ("x" * 2001), "invalid", "text"),
    ('{"type": "react"}', "invalid", "emoji"),
    ('{"type": "react", "emoji": "%s"}' % ("x" * 9), "invalid", "emoji"),
    ('{"type": "pre_act"}', "invalid", "action"),
    ('{"type": "pre_act", "action": ""}', "invalid", "action"),
    ('{"type": "mute"}', "invalid", "seat"),
    ('{"type": "mute", "seat": 1, "value": "yes"}', "invalid", "value"),
    ('{"type": "configure", "spectator_chat": 1}', "invalid", "spectator_chat"),
    ('{"type": "game_file"}', "invalid", "either text"),
    ('{"type": "game_file", "text": "a = 1", "remove": "a"}', "invalid", "either text"),
    ('{"type": "chat", "text": "%s"}' % ("x" * 5000), "too_large", "4096"),
])
def test_refusals_say_what_is_wrong(text: str, code: str, words: str) -> None:
    with pytest.raises(p.ProtocolError) as info:
        p.parse_client(text)
    assert info.value.code == code
    assert words in str(info.value)
    assert isinstance(info.value, ValueError)


def test_size_limit() -> None:
    with pytest.raises(p.ProtocolError, match="limit is 4096") as info:
        p.parse_client(json.dumps({"type": "sit", "name": "a" * 5000}))
    assert info.value.code == "too_large"


def test_error_message_shape() -> None:
    err = p.error("illegal", "it is not your turn", "act")
    assert err == {"type": "error", "v": 1, "code": "illegal", "message": "it is not your turn", "about": "act"}
