"""Issue 20 on the server: a tournament clock for a night played with real cards and chips.

The host opens a tournament (a preset, the buy-in, the stack, an edited schedule with breaks, late
registration, payouts) and gets a host link and a clock link; the clock shows the level, blinds and
ante, time left, the next level and break, players left of entries, the average stack in big blinds,
the prize pool and payouts; the host pauses, resumes, adds time and moves a level. It is stored (an
Alembic revision) and goes on across a restart. Hostile input is refused and changes nothing; a wrong
token answers as an unknown tournament does, and only the host's token runs the clock.
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest
from fastapi import HTTPException
from fastapi.testclient import TestClient

from homegame.server.app import create_app
from homegame.server.storage import Store
from homegame.server.tournaments import Ask, HostAction, LevelSpec, NewTournament, Registration, Tournaments

TWO_LEVELS_AND_A_BREAK = [{"small_blind": 25, "big_blind": 50, "minutes": 10},
                          {"small_blind": 50, "big_blind": 100, "ante": 10, "minutes": 10},
                          {"small_blind": 50, "big_blind": 100, "minutes": 5, "is_break": True},
                          {"small_blind": 100, "big_blind": 200, "ante": 25, "minutes": 10}]


class Wall:
    """A wall clock the test moves."""

    def __init__(self) -> None:
        self.now = 1_800_000_000.0

    def __call__(self) -> float:
        return self.now


def auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def token_of(link: str) -> str:
    return link.rsplit("#", 1)[1]


@pytest.fixture()
def db(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'tournaments.db'}"


def opened(client: TestClient, **spec: Any) -> tuple[str, str, str]:
    answer = client.post("/api/tournaments", json={"preset": "turbo", "buy_in": 20, **spec})
    assert answer.status_code == 200, answer.text
    body = answer.json()
    tid = body["tournament_id"]
    assert body["links"]["host"].endswith(f"/c/{tid}#" + token_of(body["links"]["host"]))
    return tid, token_of(body["links"]["host"]), token_of(body["links"]["clock"])


def test_the_host_opens_a_tournament_and_the_clock_shows_the_night(db: str) -> None:
    client = TestClient(create_app(db))
    tid, host, clock = opened(client, name="Friday", starting_stack=5000, levels=TWO_LEVELS_AND_A_BREAK,
                              late_registration_level=2)
    for name in ("Ann", "Ben", "Cy"):
        assert client.post(f"/api/tournaments/{tid}/host", json={"action": "enter", "name": name},
                           headers=auth(host)).status_code == 200
    client.post(f"/api/tournaments/{tid}/host", json={"action": "enter", "name": "RuleBot", "bot": True},
                headers=auth(host))
    before = time.monotonic()
    shown = client.post(f"/api/tournaments/{tid}/host", json={"action": "start"}, headers=auth(host)).json()
    took = time.monotonic() - before  # the clock runs while the start is answered (seconds on a busy machine)
    c = shown["clock"]
    assert (c["level"], c["small_blind"], c["big_blind"], c["ante"]) == (1, 25, 50, 0)
    assert 600 - took - 0.01 <= c["time_left"] <= 600 and not c["paused"]
    assert c["next"] == {"small_blind": 50, "big_blind": 100, "ante": 10, "level": 2}
    assert 1200 - took - 0.01 <= c["next_break_in"] <= 1200
    assert (c["players_left"], c["entries"]) == (4, 4)
    assert c["average_bb"] == 100.0  # 5000 chips a player at a 50 big blind
    assert (c["prize_pool"], c["payouts"]) == (80, [52, 28])  # 65 % and 35 % for four entries
    assert [s["name"] for s in shown["seats"]] and {s["table"] for s in shown["seats"]} == {1}
    as_tv = client.get(f"/api/tournaments/{tid}", headers=auth(clock)).json()
    assert as_tv["role"] == "clock" and as_tv["clock"]["entries"] == 4
    assert "clock_token" not in as_tv and shown["clock_token"] == clock  # the host hands the TV link out


def test_the_host_pauses_resumes_adds_time_and_moves_levels(tmp_path: Path) -> None:
    wall = Wall()
    store = Store(f"sqlite:///{tmp_path / 'clock.db'}")
    tournaments = Tournaments(store, clock=wall)
    spec = NewTournament(preset="regular", levels=[LevelSpec(**lv) for lv in TWO_LEVELS_AND_A_BREAK])
    tid, tokens = tournaments.create(spec)
    host = tokens["host"]

    def do(action: str, **more: Any) -> dict[str, Any]:
        t = tournaments.change(tid, host, HostAction(action=action, **more))[0].tournament  # type: ignore[arg-type]
        return t.clock(wall.now)

    for name in ("Ann", "Ben"):
        do("enter", name=name)
    assert do("start")["time_left"] == 600
    wall.now += 100
    assert do("pause")["time_left"] == 500
    wall.now += 1000  # paused: nothing runs
    assert do("resume")["time_left"] == 500
    assert do("add_time", seconds=120)["time_left"] == 620
    assert do("level", step=1)["level"] == 2
    assert do("level", step=-1)["level"] == 1
    wall.now += 601 + 120
    assert do("add_time", seconds=0)["level"] == 2  # the level changed on the clock
    again = Tournaments(Store(store.url), clock=wall)  # a restart: another store over the same database
    t, role, _, _, _ = again.read(tid, host)
    assert role == "host" and t.clock(wall.now)["level"] == 2 and not t.clock(wall.now)["paused"]


def test_the_clock_goes_on_across_a_server_restart(db: str) -> None:
    tid, host, clock = opened(TestClient(create_app(db)))
    first = TestClient(create_app(db))
    for name in ("Ann", "Ben"):
        first.post(f"/api/tournaments/{tid}/host", json={"action": "enter", "name": name}, headers=auth(host))
    first.post(f"/api/tournaments/{tid}/host", json={"action": "start"}, headers=auth(host))
    later = TestClient(create_app(db)).get(f"/api/tournaments/{tid}", headers=auth(clock)).json()
    assert later["started"] and later["clock"]["players_left"] == 2 and not later["clock"]["paused"]


HOSTILE = [({"levels": [{"small_blind": 1, "big_blind": 2}] * 101}, "levels"),
           ({"levels": [{"small_blind": 5, "big_blind": 2}]}, "small blind"),
           ({"levels": [{"small_blind": 1, "big_blind": 2, "minutes": 0}]}, "minutes"),
           ({"levels": [{"small_blind": 1, "big_blind": 2, "is_break": True}]}, "break"),
           ({"payouts": [50, 30]}, "payouts"),
           ({"payouts": [1] * 101}, "payouts"),
           ({"name": "x" * 41}, "name"),
           ({"buy_in": 10**12}, "buy_in"),
           ({"buy_in": "20"}, "buy_in"),
           ({"late_registration_level": 30, "levels": [{"small_blind": 1, "big_blind": 2}]}, "late_registration"),
           ({"rake": 5}, "rake"),
           ({"preset": "hyper"}, "preset")]


@pytest.mark.parametrize(("change", "named"), HOSTILE)
def test_a_bad_tournament_is_refused_saying_why_and_nothing_is_stored(db: str, change: dict[str, Any],
                                                                       named: str) -> None:
    client = TestClient(create_app(db))
    answer = client.post("/api/tournaments", json={"preset": "turbo", **change})
    assert answer.status_code == 400 and named in answer.json()["detail"], answer.text
    store = Store(db)
    with store.engine.connect() as conn:
        assert conn.exec_driver_sql("SELECT count(*) FROM tournaments").scalar_one() == 0


def test_bad_tokens_change_nothing_and_only_the_host_runs_the_clock(db: str) -> None:
    client = TestClient(create_app(db))
    tid, host, clock = opened(client)
    before = client.get(f"/api/tournaments/{tid}", headers=auth(host)).json()
    wrong = client.post(f"/api/tournaments/{tid}/host", json={"action": "enter", "name": "Eve"},
                        headers=auth(host[:-1] + ("A" if host[-1] != "A" else "B")))
    unknown = client.post("/api/tournaments/nosuchtournament/host", json={"action": "enter", "name": "Eve"},
                          headers=auth(host))
    assert wrong.status_code == unknown.status_code == 404 and wrong.json() == unknown.json()
    assert client.post(f"/api/tournaments/{tid}/host", json={"action": "enter", "name": "Eve"},
                       headers=auth(clock)).status_code == 403
    in_query = client.get(f"/api/tournaments/{tid}?token={host}")
    assert in_query.status_code == 401  # a token is taken from the header only
    assert client.get(f"/api/tournaments/{'x' * 5000}", headers=auth(host)).status_code == 404
    assert client.get(f"/api/tournaments/{tid}", headers=auth("y" * 5000)).status_code == 404
    refused = [client.post(f"/api/tournaments/{tid}/host", json=body, headers=auth(host)).status_code for body in (
        {"action": "explode"}, {"action": "add_time", "seconds": 10**9}, {"action": "level", "step": 5},
        {"action": "enter", "name": "z" * 25}, {"action": "pause"}, {"action": "payouts", "payouts": [99]},
        {"action": "levels", "levels": [{"small_blind": 1, "big_blind": 2}] * 101})]
    assert refused == [400] * len(refused)
    assert client.get(f"/api/tournaments/{tid}", headers=auth(host)).json() == before


def host_does(client: TestClient, tid: str, host: str, **body: Any) -> Any:
    answer = client.post(f"/api/tournaments/{tid}/host", json=body, headers=auth(host))
    assert answer.status_code == 200, answer.text
    return answer.json()


def test_players_register_by_link_go_out_and_the_floor_says_who_moves(db: str) -> None:
    client = TestClient(create_app(db))
    made = client.post("/api/tournaments", json={"preset": "turbo", "buy_in": 10, "table_size": 3}).json()
    tid, host, invite = made["tournament_id"], token_of(made["links"]["host"]), token_of(made["links"]["invite"])
    mine = {}
    for name in ("Ann", "Ben", "Cy"):
        answer = client.post(f"/api/tournaments/{tid}/register", json={"name": name}, headers=auth(invite))
        assert answer.status_code == 200, answer.text
        mine[name] = answer.json()["token"]
        assert answer.json()["you"] == name
    host_does(client, tid, host, action="enter", name="RuleBot", bot=True)
    started = host_does(client, tid, host, action="start")
    assert {s["table"] for s in started["seats"]} == {1, 2}  # four players at tables of three
    seat_of = {s["name"]: (s["table"], s["seat"]) for s in started["seats"]}
    # one at table 2 goes out on their own phone: three left fit one table, the final table is drawn
    # (a new table 3) and each of them is told where to go
    goes = next(n for n, (table, _) in seat_of.items() if table == 2 and n in mine)
    out = client.post(f"/api/tournaments/{tid}/out", headers=auth(mine[goes]))
    assert out.status_code == 200, out.text
    shown = out.json()
    assert shown["you"] == goes and shown["clock"]["players_left"] == 3
    moves = {m["name"]: m for m in shown["moves"]}
    assert sorted(moves) == sorted(n for n in seat_of if n != goes)
    for name, move in moves.items():
        assert move["from"] == list(seat_of[name]) and move["to"][0] == 3
        assert move["text"] == f"Move {name} from table {seat_of[name][0]} seat {seat_of[name][1]} to table 3 " \
                               f"seat {move['to'][1]}"
    assert {s["table"] for s in shown["seats"]} == {3}
    # going out twice, or someone else's bust from a player's link, changes nothing
    assert client.post(f"/api/tournaments/{tid}/out", headers=auth(mine[goes])).status_code == 400
    assert client.post(f"/api/tournaments/{tid}/host", json={"action": "bust", "names": [goes]},
                       headers=auth(host)).status_code == 400
    assert client.post(f"/api/tournaments/{tid}/host", json={"action": "bust", "names": ["Cy"]},
                       headers=auth(mine["Ann"] if goes != "Ann" else mine["Ben"])).status_code == 403
    left = [s["name"] for s in shown["seats"]]
    host_does(client, tid, host, action="bust", names=left[:2])  # two out in one hand: they share 2nd and 3rd
    final = client.get(f"/api/tournaments/{tid}", headers=auth(mine[goes])).json()
    results = final["results"]
    assert final["finished"] and results["prize_pool"] == 40
    places = {row["name"]: (row["place"], row["prize"]) for row in results["places"]}
    assert places[left[2]] == (1, 26) and places[goes] == (4, 0)
    assert sorted(places[n] for n in left[:2]) == [(2, 7), (2, 7)]  # 2nd's 14 shared, 3rd pays nothing
    assert sum(row["prize"] for row in results["places"]) == 40
    assert results["settle_up"]["lines"]


def test_registration_refuses_what_it_must_and_changes_nothing(db: str) -> None:
    client = TestClient(create_app(db))
    made = client.post("/api/tournaments", json={"preset": "turbo"}).json()
    tid, host, clock = made["tournament_id"], token_of(made["links"]["host"]), token_of(made["links"]["clock"])
    invite = token_of(made["links"]["invite"])
    ok = client.post(f"/api/tournaments/{tid}/register", json={"name": "Ann"}, headers=auth(invite))
    assert ok.status_code == 200
    before = client.get(f"/api/tournaments/{tid}", headers=auth(host)).json()
    assert before["invite_token"] == invite and "invite_token" not in ok.json()
    for token, body, code in ((invite, {"name": " ann "}, 400), (invite, {"name": "x" * 25}, 400),
                              (invite, {"name": "Bo", "bot": True}, 400), (host, {"name": "Bo"}, 403),
                              (clock, {"name": "Bo"}, 403), (ok.json()["token"], {"name": "Bo"}, 403),
                              (invite[:-2], {"name": "Bo"}, 404)):
        answer = client.post(f"/api/tournaments/{tid}/register", json=body, headers=auth(token))
        assert answer.status_code == code, (body, answer.text)
    assert client.post(f"/api/tournaments/{tid}/out", headers=auth(invite)).status_code == 403
    assert client.post(f"/api/tournaments/{tid}/out", headers=auth(ok.json()["token"])).status_code == 400
    host_does(client, tid, host, action="enter", name="Ben")
    host_does(client, tid, host, action="start")  # late registration ends with level 0: closed now
    late = client.post(f"/api/tournaments/{tid}/register", json={"name": "Cy"}, headers=auth(invite))
    assert late.status_code == 400 and "closed" in late.json()["detail"]
    after = client.get(f"/api/tournaments/{tid}", headers=auth(host)).json()
    assert [e["name"] for e in after["entries"]] == ["Ann", "Ben"]


def test_a_deal_is_made_only_when_every_player_left_accepts_on_their_own_link(db: str) -> None:
    client = TestClient(create_app(db))
    made = client.post("/api/tournaments", json={"preset": "turbo", "buy_in": 10}).json()
    tid, host, invite = made["tournament_id"], token_of(made["links"]["host"]), token_of(made["links"]["invite"])
    mine = {name: client.post(f"/api/tournaments/{tid}/register", json={"name": name},
                              headers=auth(invite)).json()["token"] for name in ("Ann", "Ben")}
    host_does(client, tid, host, action="enter", name="Cy")  # no phone of her own: the host hands her a link
    handed = host_does(client, tid, host, action="enter", name="RuleBot", bot=True)["player_tokens"]
    assert list(handed) == ["Cy"]
    mine["Cy"] = handed["Cy"]
    host_does(client, tid, host, action="start")
    host_does(client, tid, host, action="bust", names=["Ben"])
    host_does(client, tid, host, action="pause")  # a running clock's seconds would differ from read to read
    before = client.get(f"/api/tournaments/{tid}", headers=auth(host)).json()
    counted = {"Ann": 3000, "Cy": 2000, "RuleBot": 1000}
    for wrong in ({**counted, "Ann": 2999}, {"Ann": 3000, "Cy": 3000}, {**counted, "Ben": 1},
                  {**counted, "Ann": 0}):
        answer = client.post(f"/api/tournaments/{tid}/host", json={"action": "deal", "stacks": wrong},
                             headers=auth(host))
        assert answer.status_code == 400, answer.text
    assert client.get(f"/api/tournaments/{tid}", headers=auth(host)).json() == before  # nothing changed
    deal = host_does(client, tid, host, action="deal", kind="chip-chop", stacks=counted)["deal"]
    assert deal["number"] == 1 and deal["accepted"] == ["RuleBot"]  # a bot accepts at once
    assert all(sum(split.values()) == 40 for split in deal["alternatives"].values())
    assert deal["amounts"] == deal["alternatives"]["chip-chop"]
    declined = client.post(f"/api/tournaments/{tid}/deal", json={"number": 1, "accept": False},
                           headers=auth(mine["Cy"])).json()
    assert declined["deal"] is None and not declined["finished"]
    deal = host_does(client, tid, host, action="deal", kind="icm", stacks=counted)["deal"]
    assert deal["number"] == 2
    assert client.post(f"/api/tournaments/{tid}/deal", json={"number": 2, "accept": True},
                       headers=auth(mine["Ben"])).status_code == 400  # out already: not in the deal
    assert client.post(f"/api/tournaments/{tid}/deal", json={"number": 2, "accept": True},
                       headers=auth(host)).status_code == 403
    ann = client.post(f"/api/tournaments/{tid}/deal", json={"number": 2, "accept": True}, headers=auth(mine["Ann"]))
    assert ann.json()["deal"]["accepted"] == ["RuleBot", "Ann"] and not ann.json()["finished"]
    done = client.post(f"/api/tournaments/{tid}/deal", json={"number": 2, "accept": True},
                       headers=auth(mine["Cy"])).json()
    assert done["finished"] and done["results"]["deal"]["made"]
    prizes = {row["name"]: row["prize"] for row in done["results"]["places"]}
    assert {n: prizes[n] for n in counted} == deal["amounts"] and sum(prizes.values()) == 40


def test_of_two_changes_at_once_one_wins_and_the_other_is_read_again(tmp_path: Path) -> None:
    store = Store(f"sqlite:///{tmp_path / 'race.db'}")
    tournaments = Tournaments(store)
    tid, tokens = tournaments.create(NewTournament())
    first, second = tournaments.read(tid, tokens["host"]), tournaments.read(tid, tokens["host"])
    assert store.write_tournament(tid, first.state, first.revision)
    assert not store.write_tournament(tid, second.state, second.revision)  # stale: refused
    tournaments.change(tid, tokens["host"], HostAction(action="enter", name="Ann"))  # reads afresh, wins
    tournaments.change(tid, tokens["host"], HostAction(action="enter", name="Ben"))
    assert [e.name for e in tournaments.read(tid, tokens["clock"]).tournament.entries] == ["Ann", "Ben"]


def test_a_late_player_registers_until_the_late_level_and_is_seated_by_draw(db: str) -> None:
    client = TestClient(create_app(db))
    made = client.post("/api/tournaments", json={"preset": "turbo", "late_registration_level": 1}).json()
    tid, host, invite = made["tournament_id"], token_of(made["links"]["host"]), token_of(made["links"]["invite"])
    for name in ("Ann", "Ben"):
        host_does(client, tid, host, action="enter", name=name)
    host_does(client, tid, host, action="start")
    late = client.post(f"/api/tournaments/{tid}/register", json={"name": "Cy"}, headers=auth(invite)).json()
    assert late["you"] == "Cy" and late["clock"]["players_left"] == 3
    assert any(s["name"] == "Cy" for s in late["seats"])  # seated by draw at once
    host_does(client, tid, host, action="level", step=1)  # level 2: registration closes
    refused = client.post(f"/api/tournaments/{tid}/register", json={"name": "Di"}, headers=auth(invite))
    assert refused.status_code == 400 and "closed" in refused.json()["detail"]


def test_opening_a_tournament_needs_the_host_key_and_keeps_the_address_limit(db: str) -> None:
    from homegame.server.policy import HOST_KEY_HEADER, Policy

    key = "k" * 24
    client = TestClient(create_app(db, policy=Policy(host_key=key, limit_loopback=True, tables_per_hour=2)))
    assert client.post("/api/tournaments", json={}).status_code == 401
    assert client.post("/api/tournaments", json={}, headers={HOST_KEY_HEADER: "wrong"}).status_code == 401
    opened = [client.post("/api/tournaments", json={}, headers={HOST_KEY_HEADER: key}).status_code for _ in range(3)]
    assert opened == [200, 200, 429]


def test_revision_0006_adds_the_tournaments_table_and_takes_it_away_again(tmp_path: Path) -> None:
    import sqlalchemy as sa
    from alembic import command

    from service_support import alembic_steps

    cfg, url = alembic_steps(str(tmp_path / "steps.db"))
    command.upgrade(cfg, "0005")
    engine = sa.create_engine(url)
    try:
        assert "tournaments" not in sa.inspect(engine).get_table_names()
        command.upgrade(cfg, "0006")
        columns = {c["name"] for c in sa.inspect(engine).get_columns("tournaments")}
        assert columns == {"id", "host_hash", "watch_hash", "state", "revision", "created_at", "updated_at"}
        command.downgrade(cfg, "0005")
        assert "tournaments" not in sa.inspect(engine).get_table_names()
    finally:
        engine.dispose()


REBUYS_THEN_A_BREAK = [{"small_blind": 25, "big_blind": 50, "minutes": 10},
                       {"small_blind": 50, "big_blind": 100, "minutes": 10},
                       {"small_blind": 50, "big_blind": 100, "minutes": 5, "is_break": True},
                       {"small_blind": 100, "big_blind": 200, "minutes": 10}]


def test_rebuys_until_their_level_and_an_add_on_at_the_break_follow_into_the_pool_and_settle_up(tmp_path: Path) -> None:
    wall = Wall()
    tournaments = Tournaments(Store(f"sqlite:///{tmp_path / 'rebuys.db'}"), clock=wall)
    spec = NewTournament(preset="regular", buy_in=20, starting_stack=1000, rebuy_level=1, max_rebuys=2,
                         add_on_price=10, add_on_chips=1500, levels=[LevelSpec(**lv) for lv in REBUYS_THEN_A_BREAK])
    tid, tokens = tournaments.create(spec)
    host = tokens["host"]
    client_tokens = {}
    for name in ("Ann", "Ben", "Cy"):
        client_tokens[name] = tournaments.change(tid, tokens["invite"], Registration(name=name))[1]
    tournaments.change(tid, host, HostAction(action="start"))
    shown = tournaments.read(tid, host).shown(wall.now)
    assert shown["rebuys_open"] and not shown["add_on_open"]
    # the host records a rebuy; a busted player asks on their phone and the host approves with one tap
    tournaments.change(tid, host, HostAction(action="rebuy", name="Ann"))
    asked, _ = tournaments.change(tid, client_tokens["Ben"], Ask(what="rebuy"))
    assert asked.shown(wall.now)["asked"] == "rebuy"
    assert tournaments.read(tid, host).shown(wall.now)["asks"] == [{"name": "Ben", "what": "rebuy"}]
    approved = tournaments.change(tid, host, HostAction(action="rebuy", name="Ben"))[0].shown(wall.now)
    assert approved["asks"] == [] and approved["clock"]["prize_pool"] == 5 * 20
    assert approved["clock"]["average_bb"] == round(5000 / 3 / 50, 1)  # three stacks and two rebuys' chips
    tournaments.change(tid, host, HostAction(action="rebuy", name="Ann"))
    with pytest.raises(HTTPException, match="most allowed"):
        tournaments.change(tid, host, HostAction(action="rebuy", name="Ann"))
    with pytest.raises(HTTPException, match="break"):  # the add-on waits for the break
        tournaments.change(tid, client_tokens["Cy"], Ask(what="add_on"))
    wall.now += 601  # level 2: rebuys are over
    with pytest.raises(HTTPException, match="rebuys are closed"):
        tournaments.change(tid, client_tokens["Cy"], Ask(what="rebuy"))
    wall.now += 600  # the break
    tournaments.change(tid, client_tokens["Cy"], Ask(what="add_on"))
    took = tournaments.change(tid, host, HostAction(action="add_on", name="Cy"))[0]
    assert took.tournament.chips_in_play == 3 * 1000 + 3 * 1000 + 1500
    shown = took.shown(wall.now)
    assert shown["clock"]["prize_pool"] == 6 * 20 + 10 and shown["asks"] == []
    paid = {e["name"]: e["paid"] for e in shown["entries"]}
    assert paid == {"Ann": 60, "Ben": 40, "Cy": 30}
    tournaments.change(tid, host, HostAction(action="bust", names=["Ann"]))
    done = tournaments.change(tid, host, HostAction(action="bust", names=["Ben"]))[0].shown(wall.now)
    results = done["results"]
    assert sum(p["prize"] for p in results["places"]) == 130
    assert {p["name"]: p["paid"] for p in results["places"]} == paid
    assert results["settle_up"]["nets"] == {"Ann": -60, "Ben": -40, "Cy": 100}  # one place paid: Cy takes 130


def test_no_rebuy_or_add_on_when_the_tournament_has_none(db: str) -> None:
    client = TestClient(create_app(db))
    tid, host, _ = opened(client)
    for name in ("Ann", "Ben"):
        host_does(client, tid, host, action="enter", name=name)
    host_does(client, tid, host, action="start")
    host_does(client, tid, host, action="pause")  # whole views compare equal
    before = client.get(f"/api/tournaments/{tid}", headers=auth(host)).json()
    for action in ("rebuy", "add_on"):
        answer = client.post(f"/api/tournaments/{tid}/host", json={"action": action, "name": "Ann"}, headers=auth(host))
        assert answer.status_code == 400 and ("no rebuys" in answer.text or "break" in answer.text), answer.text
    assert client.get(f"/api/tournaments/{tid}", headers=auth(host)).json() == before


def test_a_knockout_names_who_won_each_bounty_and_the_results_and_settle_up_count_them(db: str) -> None:
    client = TestClient(create_app(db))
    made = client.post("/api/tournaments", json={"preset": "turbo", "buy_in": 30, "bounty": 10}).json()
    tid, host, invite = made["tournament_id"], token_of(made["links"]["host"]), token_of(made["links"]["invite"])
    ann = client.post(f"/api/tournaments/{tid}/register", json={"name": "Ann"}, headers=auth(invite)).json()["token"]
    for name in ("Ben", "Cy"):
        host_does(client, tid, host, action="enter", name=name)
    host_does(client, tid, host, action="start")
    unnamed = client.post(f"/api/tournaments/{tid}/out", headers=auth(ann))
    assert unnamed.status_code == 400 and "who knocked Ann out" in unnamed.text
    out = client.post(f"/api/tournaments/{tid}/out", json={"by": "Ben"}, headers=auth(ann))  # on her own phone
    assert out.status_code == 200, out.text
    shown = out.json()
    assert shown["bounty"] == 10 and {e["name"]: e["bounties"] for e in shown["entries"]} == {"Ann": 0, "Ben": 10, "Cy": 0}
    assert shown["clock"]["prize_pool"] == 60  # 3 x 30 less the bounties
    wrong = client.post(f"/api/tournaments/{tid}/host", json={"action": "bust", "names": ["Cy"], "knocked_by": {"Cy": "Ann"}},
                        headers=auth(host))
    assert wrong.status_code == 400 and "not still in" in wrong.text
    done = host_does(client, tid, host, action="bust", names=["Cy"], knocked_by={"Cy": "Ben"})
    places = {p["name"]: p for p in done["results"]["places"]}
    assert places["Ben"]["bounties"] == 30 and places["Ben"]["knocked_out"] == ["Ann", "Cy"]  # his own back too
    assert sum(p["prize"] + p["bounties"] for p in places.values()) == 90  # everything paid in goes back
    assert done["results"]["settle_up"]["nets"] == {"Ann": -30, "Ben": 60, "Cy": -30}


def test_the_host_records_two_out_in_one_hand_with_their_starting_stacks_and_they_are_ranked(db: str) -> None:
    client = TestClient(create_app(db))
    tid, host, _ = opened(client, buy_in=10, payouts=[70, 30])
    for name in ("Ann", "Ben", "Cy"):
        host_does(client, tid, host, action="enter", name=name)
    host_does(client, tid, host, action="start")
    refused = client.post(f"/api/tournaments/{tid}/host", json={"action": "bust", "names": ["Ann", "Ben"],
                                                               "started_with": {"Ann": 900}}, headers=auth(host))
    assert refused.status_code == 400 and "started_with" in refused.text
    done = host_does(client, tid, host, action="bust", names=["Ann", "Ben"], started_with={"Ann": 900, "Ben": 2000})
    places = {p["name"]: (p["place"], p["prize"]) for p in done["results"]["places"]}
    assert places == {"Cy": (1, 21), "Ben": (2, 9), "Ann": (3, 0)}


def test_counted_stacks_add_up_to_the_chips_in_play_and_the_clock_shows_the_leaders(db: str) -> None:
    client = TestClient(create_app(db))
    tid, host, clock = opened(client, starting_stack=1000, rebuy_level=2)
    for name in ("Ann", "Ben", "Cy"):
        host_does(client, tid, host, action="enter", name=name)
    host_does(client, tid, host, action="start")
    host_does(client, tid, host, action="rebuy", name="Cy")
    assert "chip_leaders" not in host_does(client, tid, host, action="pause")["clock"]  # nothing counted yet
    before = client.get(f"/api/tournaments/{tid}", headers=auth(host)).json()
    for stacks in ({"Ann": 1000, "Ben": 1000, "Cy": 1000}, {"Ann": 2000, "Ben": 2000}, {"Ann": 3999, "Ben": 0, "Cy": 1},
                   {"Ann": 2000, "Ben": 1000, "Cy": 1000, "Eve": 1}):
        wrong = client.post(f"/api/tournaments/{tid}/host", json={"action": "counts", "stacks": stacks}, headers=auth(host))
        assert wrong.status_code in (400, 422), wrong.text
    assert client.get(f"/api/tournaments/{tid}", headers=auth(host)).json() == before  # refused: nothing changed
    host_does(client, tid, host, action="counts", stacks={"Ann": 500, "Ben": 2200, "Cy": 1300})  # 4000 with the rebuy
    tv = client.get(f"/api/tournaments/{tid}", headers=auth(clock)).json()["clock"]
    assert tv["chip_leaders"] == [{"name": "Ben", "chips": 2200}, {"name": "Cy", "chips": 1300},
                                  {"name": "Ann", "chips": 500}]
    assert tv["counted_level"] == 1 and tv["average_bb"] == round(4000 / 3 / tv["big_blind"], 1)
