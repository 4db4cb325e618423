"""Bad input, from the wire and from the lobby: every refusal is an error message that says what is
allowed, the connection stays open, and nothing changes.

``parse_client`` and the websocket are fuzzed with random JSON of every shape; the HTTP API answers
``{"detail": "<one sentence>"}`` for a bad request, never a 500 or a raw list of validation errors.
"""

from __future__ import annotations

import json
import math
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from homegame.server import protocol as p
from homegame.server.app import create_app
from waiting import HANG

# ----- parse_client ---------------------------------------------------------------------------------


def test_json_nested_a_thousand_deep_is_refused_before_parsing() -> None:
    for text in ("[" * 1000 + "]" * 1000, '{"type": "ping", "x": ' + "[" * 1000 + "]" * 1000 + "}",
                 '{"a":' * 600 + "1" + "}" * 600):
        assert len(text) <= p.MAX_MESSAGE
        with pytest.raises(p.ProtocolError) as info:
            p.parse_client(text)
        assert info.value.code == "too_deep" and f"limit is {p.MAX_DEPTH}" in str(info.value)
    # brackets inside strings are text, not nesting
    assert p.parse_client(json.dumps({"type": "sit", "name": "[[[[[[[[[[[[{{{{"})).name == "[[[[[[[[[[[[{{{{"


@pytest.mark.parametrize(("message", "field", "allowed"), [
    ({"type": "adjust", "seat": 0, "stack": 1e9}, "stack", "from 0 to 10000000"),
    ({"type": "adjust", "seat": 0, "stack": 100.0}, "stack", "from 0 to 10000000"),
    ({"type": "adjust", "seat": 0, "stack": True}, "stack", "from 0 to 10000000"),
    ({"type": "adjust", "seat": 0, "stack": "100"}, "stack", "from 0 to 10000000"),
    ({"type": "adjust", "seat": 0, "stack": 10**7 + 1}, "stack", "from 0 to 10000000"),
    ({"type": "adjust", "seat": 0, "stack": 2**200}, "stack", "from 0 to 10000000"),
    ({"type": "adjust", "seat": 1.0, "stack": 5}, "seat", "from 0 to 9"),
    ({"type": "approve", "seat": True}, "seat", "from 0 to 9"),
    ({"type": "set_stakes", "stakes": {"structure": "no-limit", "blinds": [1, 2]}, "buy_in": 1e3}, "buy_in",
     "from 1 to 10000000"),
    ({"type": "set_stakes", "stakes": {"structure": "no-limit", "blinds": [1.0, 2]}}, "stakes.blinds.0",
     "from 0 to 10000000"),
    ({"type": "set_stakes", "stakes": {"structure": "fixed-limit", "small_bet": 2, "big_bet": 4e0}},
     "stakes.big_bet", "from 0 to 10000000"),
    ({"type": "act", "action": "call", "hand": 2**63}, "hand", "from 1 to 2147483647"),
    ({"type": "act", "action": "call", "hand": 3.0}, "hand", "from 1 to 2147483647"),
    ({"type": "configure", "turn_seconds": True}, "turn_seconds", "from 5 to 3600"),
    ({"type": "configure", "turn_seconds": 1e300}, "turn_seconds", "from 5 to 3600"),
    ({"type": "pause", "value": 1}, "value", "bool"),
])
def test_whole_numbers_are_strict_and_the_refusal_names_the_range(message: dict[str, Any], field: str,
                                                                   allowed: str) -> None:
    with pytest.raises(p.ProtocolError) as info:
        p.parse_client(json.dumps(message))
    assert info.value.code == "invalid"
    assert f"{field}: " in str(info.value) and allowed in str(info.value)


@pytest.mark.parametrize("text", ['{"type": "configure", "turn_seconds": NaN}',
                                  '{"type": "configure", "time_bank": Infinity}',
                                  '{"type": "adjust", "seat": 0, "stack": -Infinity}'])
def test_nan_and_infinity_are_not_json(text: str) -> None:
    with pytest.raises(p.ProtocolError) as info:
        p.parse_client(text)
    assert info.value.code == "bad_json" and "not a JSON number" in str(info.value)


def test_good_numbers_still_parse() -> None:
    assert p.parse_client('{"type": "adjust", "seat": 9, "stack": 10000000}').stack == 10**7
    assert p.parse_client('{"type": "configure", "turn_seconds": 20, "bot_delay": 0.5}').turn_seconds == 20.0
    assert p.parse_client('{"type": "act", "action": "call", "hand": 2147483647}').hand == 2**31 - 1
    stakes = p.parse_client('{"type": "set_stakes", "stakes": {"structure": "no-limit", "ante": 1, '
                            '"small_bet": 2}}').stakes
    assert (stakes.ante, stakes.small_bet, stakes.blinds) == (1, 2, [])


def test_stakes_the_engine_refuses_are_refused_in_words() -> None:
    with pytest.raises(p.ProtocolError) as info:
        p.parse_client('{"type": "set_stakes", "stakes": {"structure": "pot-limit", "ante": 1}}')
    assert "give small_bet (the minimum bet)" in str(info.value) and "{" not in str(info.value)


json_values = st.recursive(
    st.none() | st.booleans() | st.integers(min_value=-(2**70), max_value=2**70)
    | st.floats(allow_nan=False, allow_infinity=False) | st.text(max_size=30),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=10), inner, max_size=4),
    max_leaves=20,
)
field_names = st.sampled_from(["v", "token", "seat_token", "name", "action", "hand", "value", "game", "rules",
                               "seat", "kind", "stakes", "buy_in", "stack", "turn_seconds", "time_bank",
                               "bot_delay", "between_hands", "approve_seats", "structure", "blinds", "ante"])
messages = st.builds(lambda kind, fields: {"type": kind, **fields},
                     st.sampled_from([*p.CLIENT_TYPES, "dance", ""]) | json_values,
                     st.dictionaries(field_names, json_values, max_size=5))
strange_text = st.text(alphabet=st.characters(codec="utf-8"), max_size=200) | st.sampled_from(
    ["[" * 5000, '{"type": "sit", "name": "A\\u0000nn"}', '{"type": "ping", "v": true}', "NaN", "1e999",
     '{"type": "adjust", "seat": 0, "stack": ' + "9" * 4000 + "}", "\x00", '{"type": {"type": "ping"}}'])


def _parse(text: str | bytes) -> Any:
    try:
        return p.parse_client(text)
    except p.ProtocolError as exc:
        assert exc.code and str(exc)
        return None


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(messages)
def test_parse_client_never_raises_anything_but_a_protocol_error(message: dict[str, Any]) -> None:
    msg = _parse(json.dumps(message))
    if msg is not None:  # what is accepted has the right types
        for key in ("seat", "stack", "buy_in", "hand"):
            value = getattr(msg, key, None)
            assert value is None or type(value) is int
        for key in ("turn_seconds", "time_bank", "bot_delay", "between_hands"):
            value = getattr(msg, key, None)
            assert value is None or (type(value) is float and math.isfinite(value))


@settings(max_examples=200, deadline=None)
@given(strange_text)
def test_parse_client_takes_any_text(text: str) -> None:
    _parse(text)
    _parse(text.encode("utf-8", "surrogatepass"))


# ----- over the app ----------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    db = Path(tmp_path_factory.mktemp("input")) / "input.db"
    with TestClient(create_app(f"sqlite:///{db}")) as c:
        yield c


def open_table(client: TestClient, **spec: Any) -> tuple[str, str]:
    r = client.post("/api/tables", json={"game": "holdem", "bot_delay": 0, "between_hands": 100, **spec})
    assert r.status_code == 201, r.text
    return r.json()["table_id"], r.json()["links"]["host"].split("#")[1]


def test_a_huge_hand_number_in_a_url_is_a_404_that_says_why(client: TestClient) -> None:
    table_id, token = open_table(client)
    auth = {"Authorization": f"Bearer {token}"}
    for number in (str(2**63), str(2**31), "0", "-1", "1e3", "x" * 40):
        r = client.get(f"/api/tables/{table_id}/hands/{number}.json", headers=auth)
        assert r.status_code == 404, (number, r.status_code, r.text)
        assert "numbered from 1" in r.json()["detail"]
    r = client.get(f"/api/tables/{table_id}/hands/7.json", headers=auth)
    assert r.status_code == 404 and "not over or does not exist" in r.json()["detail"]


@pytest.mark.parametrize(("body", "words"), [
    ({"stakes": {"structure": "pot-limit", "ante": 1}}, "give small_bet (the minimum bet)"),
    ({"stakes": {"structure": "no-limit", "blinds": [1.5, 2]}}, "stakes.blinds.0: must be a whole number"),
    ({"buy_in": 1e9}, "buy_in: must be a whole number from 1 to 10000000"),
    ({"buy_in": "200"}, "buy_in: must be a whole number"),
    ({"bots": True}, "bots: must be a whole number from 0 to 9"),
    ({"stakes": {"structure": "no-limit", "blinds": [5, 2]}},
     "stakes: the small blind (5) may not be more than the big blind (2)"),
    ({"turn_seconds": -1}, "turn_seconds: must be a number of seconds from 5 to 3600"),
    ({"turn_seconds": 1}, "turn_seconds: must be a number of seconds from 5 to 3600, not 1"),
    ({"between_hands": 500}, "between_hands: must be a number of seconds from 0 to 120, not 500"),
    ({"surprise": 1}, "surprise"),
])
def test_the_lobby_gets_one_readable_sentence(client: TestClient, body: dict[str, Any], words: str) -> None:
    r = client.post("/api/tables", json={"game": "holdem", **body})
    assert r.status_code == 400, r.text
    detail = r.json()["detail"]
    assert isinstance(detail, str) and words in detail, detail


def test_a_body_that_is_not_json_is_a_sentence_too(client: TestClient) -> None:
    r = client.post("/api/tables", content=b"[" * 3000, headers={"content-type": "application/json"})
    assert r.status_code == 400 and isinstance(r.json()["detail"], str)


@pytest.mark.parametrize("stakes", [{"structure": "no-limit", "ante": 1, "small_bet": 2},
                                    {"structure": "pot-limit", "ante": 2, "small_bet": 4}])
def test_ante_only_big_bet_games_open(client: TestClient, stakes: dict[str, Any]) -> None:
    table_id, token = open_table(client, stakes=stakes)
    with client.websocket_connect(f"/ws/{table_id}") as ws:
        ws.send_text(json.dumps({"type": "hello", "token": token}))
        assert ws.receive_json()["type"] == "welcome"
        assert ws.receive_json()["table"]["settings"]["stakes"]["ante"] == stakes["ante"]


def _receive_until(ws: Any, kind: str) -> dict[str, Any]:
    for _ in range(50):
        msg: dict[str, Any] = ws.receive_json()
        if msg["type"] == kind:
            return msg
    raise AssertionError(f"no {kind} message")


def test_the_websocket_survives_every_bad_message(client: TestClient) -> None:
    table_id, token = open_table(client, paused=True)
    bad = ["[" * 1000 + "]" * 1000, '{"type": "adjust", "seat": 0, "stack": 1e9}', "NaN", "\x00",
           '{"type": "sit", "name": 5}', '{"type": "act", "action": "call", "hand": 9223372036854775808}',
           json.dumps({"type": "set_stakes", "stakes": {"structure": "no-limit", "ante": 1}}),
           '{"type": "configure", "turn_seconds": Infinity}', '"just a string"', "{}" * 2000]
    with client.websocket_connect(f"/ws/{table_id}") as ws:
        ws.send_text(json.dumps({"type": "hello", "token": token}))
        assert ws.receive_json()["type"] == "welcome"
        before = ws.receive_json()
        for text in bad:
            ws.send_text(text)
            assert ws.receive_json()["type"] == "error", text
        ws.send_bytes(b"\xff\xfe{")
        assert ws.receive_json()["type"] == "error"
        ws.send_text(json.dumps({"type": "ping"}))
        assert _receive_until(ws, "pong")["type"] == "pong"
    with client.websocket_connect(f"/ws/{table_id}") as ws:
        ws.send_text(json.dumps({"type": "hello", "token": token}))
        ws.receive_json()
        after = ws.receive_json()
    assert after["table"]["settings"] == before["table"]["settings"]
    assert after["table"]["seats"] == before["table"]["seats"]


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture,
                                                                 HealthCheck.too_slow])
@given(st.lists(messages.map(json.dumps) | strange_text, min_size=1, max_size=5))
def test_fuzzed_messages_keep_the_connection_and_change_nothing(client: TestClient, texts: list[str]) -> None:
    """From a spectator's link nothing may change the table, whatever arrives."""
    table_id, watch = _fuzz_table(client)

    def look() -> dict[str, Any]:
        with client.websocket_connect(f"/ws/{table_id}") as ws:
            ws.send_text(json.dumps({"type": "hello", "token": watch}))
            ws.receive_json()
            table: dict[str, Any] = ws.receive_json()["table"]
        return {k: table[k] for k in ("settings", "seats", "paused", "button")}

    before = look()
    with client.websocket_connect(f"/ws/{table_id}") as ws:
        ws.send_text(json.dumps({"type": "hello", "token": watch}))
        assert ws.receive_json()["type"] == "welcome"
        ws.receive_json()
        for text in texts:
            ws.send_text(text)
        ws.send_text(json.dumps({"type": "ping"}))
        _receive_until(ws, "pong")
    assert look() == before


_FUZZ: dict[str, tuple[str, str]] = {}


def _fuzz_table(client: TestClient) -> tuple[str, str]:
    """One paused table for the whole fuzz run, and its spectator token."""
    if "t" not in _FUZZ:
        r = client.post("/api/tables", json={"game": "holdem", "paused": True, "bots": 2})
        _FUZZ["t"] = (r.json()["table_id"], r.json()["links"]["watch"].split("#")[1])
    return _FUZZ["t"]


def _finished_hands(client: TestClient, stakes: dict[str, Any]) -> tuple[str, dict[str, str], list[Any]]:
    import time

    r = client.post("/api/tables", json={"game": "holdem", "bots": 2, "bot_delay": 0, "between_hands": 0,
                                         "approve_seats": False, "stakes": stakes})
    table_id, token = r.json()["table_id"], r.json()["links"]["host"].split("#")[1]
    auth = {"Authorization": f"Bearer {token}"}
    end = time.monotonic() + HANG
    with client.websocket_connect(f"/ws/{table_id}") as ws:  # a watcher's messages keep the table stepping
        ws.send_text(json.dumps({"type": "hello", "token": token}))
        while time.monotonic() < end:
            listing = client.get(f"/api/tables/{table_id}/hands", headers=auth).json()
            if listing:
                return table_id, auth, listing
            ws.send_text(json.dumps({"type": "ping"}))
            _receive_until(ws, "pong")
    raise AssertionError("the bots finished no hand")


def test_the_hand_list_says_whether_phh_is_available(client: TestClient) -> None:
    table_id, auth, listing = _finished_hands(client, {"structure": "pot-limit", "blinds": [1, 2]})
    assert listing[0]["phh"] is False
    r = client.get(f"/api/tables/{table_id}/hands/{listing[0]['number']}.phh", headers=auth)
    assert r.status_code == 404 and "PHH cannot express this hand (pot-limit holdem)" in r.json()["detail"]
    assert client.get(f"/api/tables/{table_id}/hands/{listing[0]['number']}.json", headers=auth).status_code == 200

    table_id, auth, listing = _finished_hands(client, {"structure": "no-limit", "blinds": [1, 2]})
    assert listing[0]["phh"] is True
    r = client.get(f"/api/tables/{table_id}/hands/{listing[0]['number']}.phh", headers=auth)
    assert r.status_code == 200 and r.text.startswith("variant = 'NT'")


def test_the_settle_up_is_between_people_and_never_pays_a_bot(client: TestClient) -> None:
    """Issue 8 §6: "RuleBot 1 pays RuleBot 2 16" was offered as a payment; bots' nets are shown apart."""
    import time

    table_id, token = open_table(client, bots=3, bot_delay=0, between_hands=0, approve_seats=False)
    auth = {"Authorization": f"Bearer {token}"}
    deadline = time.monotonic() + HANG
    data: dict[str, Any] = {}
    while time.monotonic() < deadline:
        client.get(f"/api/tables/{table_id}/hands", headers=auth)  # the table plays by itself
        data = client.get(f"/api/tables/{table_id}/settle", headers=auth).json()
        if any(data["bots"].values()):
            break
        time.sleep(0.2)
    assert any(data["bots"].values()), data
    assert data["payments"] == [] and data["nets"] == {}, data
    assert any(line.startswith("The bots (never paid, never paying)") for line in data["lines"]), data
