"""Issue 20 online: a tournament whose hands the server deals.

The host opens a dealt tournament, enters players and bots, starts it; the server deals every table
with the level's blinds, balances and breaks tables as players bust, and ends with places and prizes.
A person plays on their phone over the table's websocket protocol: they get the state of the table
they sit at (their own cards), and when the floor moves them their connection follows them to the new
table, told first (``moved``). Chips are conserved at every look; every entry finishes once.
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from homegame.server.app import create_app
from homegame.server.storage import Store

#: The longest a test waits for the bots to finish a tournament (a hang guard, not a measure).
LONGEST = 240.0


def auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


@pytest.fixture()
def db(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'dealt.db'}"


def places_taken(rows: list[dict[str, Any]]) -> list[int]:
    """The places the results give out, each once: players who went out together with equal stacks share
    their places (each such row lists them all), so a group of rows sharing ``k`` places is ``k`` rows."""
    groups: dict[tuple[int, ...], int] = {}
    for row in rows:
        key = tuple(row["places"] or [row["place"]])
        groups[key] = groups.get(key, 0) + 1
    assert all(len(key) == count for key, count in groups.items()), groups
    return sorted(p for key in groups for p in key)


def open_dealt(client: TestClient, entries: list[tuple[str, bool]], **spec: Any) -> tuple[str, str]:
    """A dealt tournament with ``entries`` (name, bot) entered, not started; its id and host token."""
    body = {"preset": "turbo", "buy_in": 10, "dealt": True, "bot_delay": 0, "between_hands": 0, "table_size": 3,
            "starting_stack": 200, "levels": [{"small_blind": 25, "big_blind": 50, "minutes": 30}], **spec}
    answer = client.post("/api/tournaments", json=body)
    assert answer.status_code == 200, answer.text
    tid, host = answer.json()["tournament_id"], answer.json()["links"]["host"].rsplit("#", 1)[1]
    for name, bot in entries:
        done = client.post(f"/api/tournaments/{tid}/host", json={"action": "enter", "name": name, "bot": bot},
                           headers=auth(host))
        assert done.status_code == 200, done.text
    return tid, host


def test_a_bot_filled_dealt_tournament_runs_to_its_end_with_chips_conserved(db: str) -> None:
    with TestClient(create_app(db)) as client:
        tid, host = open_dealt(client, [(f"Bot {i}", True) for i in range(1, 8)])
        started = client.post(f"/api/tournaments/{tid}/host", json={"action": "start"}, headers=auth(host)).json()
        assert len({s["table"] for s in started["seats"]}) == 3  # seven players, three a table at most
        assert started["dealt"] and started["chips_in_play"] == 7 * 200
        deadline, looks = time.monotonic() + LONGEST, 0
        shown = started
        while not shown["finished"]:
            assert time.monotonic() < deadline, f"not over after {LONGEST} s: {shown['clock']}"
            shown = client.get(f"/api/tournaments/{tid}", headers=auth(host)).json()
            looks += 1
            if not shown["finished"]:  # every chip is on some table, nobody seated twice
                assert shown["chips_on_tables"] == shown["chips_in_play"] == 7 * 200
                names = [s["name"] for s in shown["seats"]]
                assert len(names) == len(set(names)) == shown["clock"]["players_left"]
                assert sum(s["chips"] for s in shown["seats"]) == 7 * 200
            time.sleep(0.05)
        rows = shown["results"]["places"]
        assert places_taken(rows) == list(range(1, 8))  # each entry finishes once, every place taken once
        assert sum(row["prize"] for row in rows) == shown["results"]["prize_pool"] == 70
        assert [row["name"] for row in rows if row["place"] == 1] and rows[0]["prize"] > 0
        # tables broke and players moved: the floor's count, and its own record of each move listed
        assert shown["moves_made"] > 0, "tables broke and players moved"
        assert shown["moves"] and len(shown["moves"]) == min(shown["moves_made"], 30)
        assert looks > 1


#: Fresh tournaments a move test may open: the person is moved at the final-table redraw unless they
#: are the first one out (about one time in three), so one of six tournaments moves them all but surely.
ATTEMPTS = 6


def play_until_moved(ws: Any) -> tuple[dict[str, Any], dict[str, Any], dict[str, Any]] | None:
    """Play the person's turns (check, else call, else fold) until a ``moved`` message; the last state
    before it, the message, and the first state after it that shows them dealt in (``None`` if they
    went out first)."""
    before: dict[str, Any] | None = None
    moved: dict[str, Any] | None = None
    for _ in range(20000):
        msg = ws.receive_json()
        if msg["type"] == "moved":
            moved = msg
            continue
        if msg["type"] in ("out", "tournament_over"):
            return None
        if msg["type"] != "state":
            continue
        if moved is None:
            before = msg
        elif msg["view"] and msg["you"]["hand_seat"] is not None and msg["view"].get("cards") \
                and not msg["view"].get("over"):  # (a hand's end is shown before its busts are counted)
            assert before is not None
            return before, moved, msg
        decision = msg["you"]["decision"]
        if decision is not None and not (msg["view"] or {}).get("over"):
            legal = " ".join(msg["view"].get("legal") or [])
            action = "check" if "check" in legal else "call" if "call" in legal else "fold"
            ws.send_json({"v": 1, "type": "act", "action": action, "hand": msg["hand"], "decision": decision})
    raise AssertionError("never moved")


def test_a_moved_players_connection_follows_them_to_the_new_table_with_their_chips(db: str) -> None:
    with TestClient(create_app(db)) as client:
        for _ in range(ATTEMPTS):
            # four at tables of three: two tables of two; the first bust leaves three, redrawn at table 3
            tid, host = open_dealt(client, [("Ann", False), ("Bot 1", True), ("Bot 2", True), ("Bot 3", True)])
            shown = client.get(f"/api/tournaments/{tid}", headers=auth(host)).json()
            ann = shown["player_tokens"]["Ann"]
            client.post(f"/api/tournaments/{tid}/host", json={"action": "start"}, headers=auth(host))
            with client.websocket_connect(f"/ws/{tid}") as ws:
                ws.send_json({"v": 1, "type": "hello", "token": ann})
                assert ws.receive_json()["type"] == "welcome"
                seen = play_until_moved(ws)
            if seen is not None:
                break
        assert seen is not None, f"Ann went out first in {ATTEMPTS} tournaments"
        before, moved, after = seen
        assert before["tournament"]["table"] in (1, 2)
        assert moved["table"] == after["tournament"]["table"] != before["tournament"]["table"]
        seat = after["table"]["seats"]
        mine = next(s for s in seat if s["name"] == "Ann")
        assert moved["message"] == f"moved to table {moved['table']}, seat {mine['position'] + 1}"
        assert after["you"]["seat"] == mine["position"] and len(after["view"]["cards"]) == 2
        # the final table holds everyone left: every chip came along (stacks and what is in the pot)
        assert after["tournament"]["players_left"] == len(seat) == 3
        assert sum(s["stack"] + s["in_pot"] for s in after["view"]["seats"]) == 4 * 200


def test_a_dealt_tournament_refuses_real_card_busts_and_bad_tokens(db: str) -> None:
    with TestClient(create_app(db)) as client:
        tid, host = open_dealt(client, [("Ann", False), ("Bot 1", True), ("Bot 2", True)])
        client.post(f"/api/tournaments/{tid}/host", json={"action": "start"}, headers=auth(host))
        before = client.get(f"/api/tournaments/{tid}", headers=auth(host)).json()
        refused = client.post(f"/api/tournaments/{tid}/host", json={"action": "bust", "names": ["Ann"]},
                              headers=auth(host))
        assert refused.status_code == 400 and "deals this tournament" in refused.json()["detail"]
        after = client.get(f"/api/tournaments/{tid}", headers=auth(host)).json()
        assert [e["status"] for e in after["entries"]][0] == before["entries"][0]["status"] == "playing"
        with client.websocket_connect(f"/ws/{tid}") as ws:
            ws.send_json({"v": 1, "type": "hello", "token": "x" * 30})
            answer = ws.receive_json()
            assert answer["type"] == "error" and answer["code"] == "bad_token"
        ann = client.get(f"/api/tournaments/{tid}", headers=auth(host)).json()["player_tokens"]["Ann"]
        with client.websocket_connect(f"/ws/{tid}") as ws:  # an act before hello: refused, closed
            ws.send_json({"v": 1, "type": "act", "action": "fold"})
            assert ws.receive_json()["code"] == "hello_first"
        with client.websocket_connect(f"/ws/{tid}") as ws:
            ws.send_json({"v": 1, "type": "hello", "token": ann})
            assert ws.receive_json()["type"] == "welcome"
            first = ws.receive_json()
            assert first["type"] == "state"
            for hostile in ({"type": "set_game", "game": "stud"}, {"type": "leave"},
                            {"type": "act", "action": "raise 999999999", "hand": first["hand"]},
                            {"type": "muck"}, {"type": "show", "cards": ["2c", "2c"]}):
                ws.send_json({"v": 1, **hostile})
                while (answer := ws.receive_json())["type"] != "error":
                    pass
                assert answer["code"] in ("not_here", "illegal", "stale", "forbidden"), answer
        after = client.get(f"/api/tournaments/{tid}", headers=auth(host)).json()
        assert after["chips_on_tables"] == after["chips_in_play"] == 3 * 200


#: The lease of the two-process tests (seconds; each process sweeps for tournaments nobody plays every
#: third of it): short, as the claims are about events, not about how long a lease lasts.
LEASE = 3.0
#: A quick pace for the bots (seconds): the tests wait for busts and ends, never for a time.
QUICK = {"bot_delay": 0.01, "between_hands": 0.01}


def play_turns(ws: Any, until: Any) -> dict[str, Any]:
    """A person's phone: play each of their turns (check, else fold; each decision answered once) until a
    message ``until`` accepts (that message); every message goes to ``until`` first."""
    answered: set[int] = set()
    for _ in range(100000):
        msg = ws.receive_json()
        if until(msg):
            return dict(msg)
        decision = msg["you"]["decision"] if msg["type"] == "state" else None
        if decision is not None and decision not in answered and not (msg["view"] or {}).get("over"):
            answered.add(decision)
            action = "check" if "check" in " ".join(msg["view"].get("legal") or []) else "fold"
            ws.send_json({"v": 1, "type": "act", "action": action, "hand": msg["hand"],
                          "decision": msg["you"]["decision"]})
    raise AssertionError(f"never came: {until}")


def someone_out(msg: dict[str, Any]) -> bool:
    """A message that shows a player out of six (or this one out, or the end)."""
    return msg["type"] in ("out", "tournament_over") or (msg["type"] == "state" and msg["tournament"]["players_left"] < 6)


def test_a_second_process_takes_a_dealt_tournament_over_when_the_first_stops(db: str) -> None:
    # two server processes over one database, each tournament's hall under a lease (as tables are)
    first, second = create_app(db, shared=True, lease_seconds=LEASE), create_app(db, shared=True, lease_seconds=LEASE)
    entries = [("Ann", False)] + [(f"Bot {i}", True) for i in range(1, 6)]
    with TestClient(second) as b:
        with TestClient(first) as a:
            tid, host = open_dealt(a, entries, **QUICK)
            ann = a.get(f"/api/tournaments/{tid}", headers=auth(host)).json()["player_tokens"]["Ann"]
            a.post(f"/api/tournaments/{tid}/host", json={"action": "start"}, headers=auth(host))
            # the second process shows it as stored, but neither plays it nor changes it
            assert b.get(f"/api/tournaments/{tid}", headers=auth(host)).json()["started"]
            refused = b.post(f"/api/tournaments/{tid}/host", json={"action": "pause"}, headers=auth(host))
            assert refused.status_code == 503 and "another server process" in refused.json()["detail"]
            with b.websocket_connect(f"/ws/{tid}") as ws:
                ws.send_json({"v": 1, "type": "hello", "token": ann})
                assert ws.receive_json()["code"] == "elsewhere"
            with a.websocket_connect(f"/ws/{tid}") as ws:  # Ann plays at the first until someone is out
                ws.send_json({"v": 1, "type": "hello", "token": ann})
                assert ws.receive_json()["type"] == "welcome"
                play_turns(ws, someone_out)
        stopped = b.get(f"/api/tournaments/{tid}", headers=auth(host)).json()
        assert not stopped["finished"], "the first process finished it before it stopped: nothing to take over"
        # the first process stopped (its lease handed back): the second takes the tournament over, and
        # Ann's phone, reconnecting, reaches it and plays on to the end; chips conserved at every bust
        hands, left = stopped["hands_dealt"], stopped["clock"]["players_left"]

        def conserved(msg: dict[str, Any]) -> bool:
            nonlocal left
            if msg["type"] == "state" and msg["tournament"]["players_left"] != left:
                left = msg["tournament"]["players_left"]
                shown = b.get(f"/api/tournaments/{tid}", headers=auth(host)).json()
                assert shown["finished"] or shown["chips_on_tables"] == shown["chips_in_play"] == 6 * 200
            return msg["type"] == "tournament_over"

        with b.websocket_connect(f"/ws/{tid}") as ws:
            ws.send_json({"v": 1, "type": "hello", "token": ann})
            assert ws.receive_json()["type"] == "welcome"
            play_turns(ws, conserved)
        shown = b.get(f"/api/tournaments/{tid}", headers=auth(host)).json()
        assert shown["finished"] and shown["hands_dealt"] > hands  # the second dealt on from where it was
        assert places_taken(shown["results"]["places"]) == list(range(1, 7))
        assert sum(row["prize"] for row in shown["results"]["places"]) == shown["results"]["prize_pool"] == 60


def test_a_restarted_server_deals_a_dealt_tournament_on_by_itself(db: str) -> None:
    entries = [(f"Bot {i}", True) for i in range(1, 7)]
    with TestClient(create_app(db)) as a:
        tid, host = open_dealt(a, entries, **QUICK)
        a.post(f"/api/tournaments/{tid}/host", json={"action": "start"}, headers=auth(host))
        deadline = time.monotonic() + LONGEST
        while a.get(f"/api/tournaments/{tid}", headers=auth(host)).json()["clock"]["players_left"] == 6:
            assert time.monotonic() < deadline, "no bust before the restart"
    stored = Store(db)
    try:  # stopped mid-tournament: what the restart must deal on from
        before = stored.tournament(tid)[2]["tournament"]  # type: ignore[index]
    finally:
        stored.close()
    assert not before["finished"], "the first server finished it before it stopped: nothing to resume"
    # nobody asks the restarted server about it: it resumes the tournament at its start all the same
    with TestClient(create_app(db)) as b:
        deadline = time.monotonic() + LONGEST
        while not b.app.state.server.store.tournament(tid)[2]["tournament"]["finished"]:  # type: ignore[index]
            assert time.monotonic() < deadline, "the restarted server did not finish it"
            time.sleep(0.02)
        shown = b.get(f"/api/tournaments/{tid}", headers=auth(host)).json()
        assert shown["hands_dealt"] > before["hands"]
        assert places_taken(shown["results"]["places"]) == list(range(1, 7)) and shown["results"]["prize_pool"] == 60
