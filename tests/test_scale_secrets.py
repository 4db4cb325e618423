"""The message-recording test across processes: three ``homegame serve --redis --route`` processes on
one PostgreSQL and one Redis; tables of several games (a pass, an exposure and arrangement, a
declaration, stud's up cards, hold'em) whose seats connect each to a different process, a spectator
on every process, and a server bot at each table. Every frame every connection receives is recorded,
and no connection ever receives a card it may not know.

A card a connection may not know, in a hand still being played: a card another seat holds face down
at that moment (from that seat's own view at the same step), unless this seat held it earlier in the
hand (it passed it). A spectator may know no seat's face-down card. Once a hand is over, what was
shown is public, so finished hands are not checked. The checker is tested on a made-up leak first.
"""

from __future__ import annotations

import asyncio
import json
import os
import re
from pathlib import Path
from typing import Any

import pytest

from homegame.server.client import BotClient
from homegame.server.harness import ServerProcess, create_table
from homegame.server.storage import Store
from test_bus import RedisServer, redis_server  # noqa: F401 - the throwaway Redis fixture
from test_postgres import Cluster, cluster  # noqa: F401 - the throwaway PostgreSQL fixture
from test_scale_failover import until

CARD = re.compile(r"(?<![A-Za-z0-9])([2-9TJQKA][cdhs])(?![A-Za-z0-9])")
FAST = {"bot_delay": 0.0, "between_hands": 0.1, "turn_seconds": 60.0, "time_bank": 0.0}
LIMIT = {"structure": "fixed-limit", "ante": 1, "small_bet": 2, "big_bet": 4}
GAMES = os.environ.get("HG_GAMES", "passem,three-hole,anaconda,stud,holdem").split(",")
HANDS = 4

#: one connection's record: its table, its name, and every message it received
Record = tuple[str, str, list[dict[str, Any]]]


def states(messages: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [m for m in messages if m.get("type") == "state" and m.get("view") and not m["view"]["over"]]


def hidden(message: dict[str, Any]) -> set[str]:
    """The cards the receiving seat holds face down in this state."""
    view = message["view"]
    return set(view.get("cards") or []) - set(view.get("up") or [])


def leaks(records: list[Record]) -> list[str]:
    """Every card some connection received that it may not know (see the module docs), described."""
    down: dict[tuple[str, int, int], dict[int, set[str]]] = {}  # (table, hand, seq) -> seat -> face-down cards
    for table, _name, messages in records:
        for m in states(messages):
            seat = m["you"]["seat"]
            if seat is not None:
                down.setdefault((table, m["hand"], m["seq"]), {}).setdefault(seat, set()).update(hidden(m))
    found = []
    for table, name, messages in records:
        held: dict[int, set[str]] = {}  # hand -> every card this seat has held in it
        for m in states(messages):
            seat = m["you"]["seat"]
            mine = held.setdefault(m["hand"], set())
            if seat is not None:
                mine.update(m["view"].get("cards") or [])
            others = set().union(*(cards for s, cards in down.get((table, m["hand"], m["seq"]), {}).items() if s != seat))
            text = json.dumps({k: v for k, v in m.items() if k != "shuffle"})
            for card in sorted((set(CARD.findall(text)) & others) - mine):
                where = sorted(k for k, v in {**m["view"], **{f"msg.{k}": v for k, v in m.items() if k not in ("view", "shuffle")}}.items()
                               if card in CARD.findall(json.dumps(v)))
                found.append(f"{name} (seat {seat}) received {card} in hand {m['hand']} step {m['seq']} ({', '.join(where)})")
    return found


def state(hand: int, seq: int, seat: int | None, cards: list[str], up: list[str] | None = None,
          extra: str = "") -> dict[str, Any]:
    return {"type": "state", "hand": hand, "seq": seq, "you": {"seat": seat}, "shuffle": {"commitment": "Kd"},
            "view": {"over": False, "cards": cards, "up": up or [], "log": [extra]}}


def test_the_checker_finds_a_leak_and_allows_what_a_seat_may_know() -> None:
    ann = [state(1, 5, 0, ["As", "Kd"]), state(1, 6, 0, ["As", "Qh"])]  # passed Kd to bob
    bob = [state(1, 5, 1, ["Qh", "2c"]), state(1, 6, 1, ["Kd", "2c"], up=["2c"])]
    clean: list[Record] = [("t", "ann", ann), ("t", "bob", bob), ("t", "watch", [state(1, 6, None, [], extra="2c up")]),
                           ("u", "elsewhere", [state(1, 6, 0, ["Kd"])])]  # another table's deck
    assert leaks(clean) == []  # ann passed Kd (she knows it), 2c is face up, the shuffle is not a card
    spy: list[Record] = [*clean, ("t", "watch2", [state(1, 6, None, [], extra="shows Kd")])]
    assert leaks(spy) == ["watch2 (seat None) received Kd in hand 1 step 6 (log)"]
    crossed: list[Record] = [("t", "ann", [*ann, state(1, 7, 0, ["As", "Qh"], extra="bob has 2c")]),
                             ("t", "bob", [*bob, state(1, 7, 1, ["Kd", "2c"])])]
    assert leaks(crossed) == ["ann (seat 0) received 2c in hand 1 step 7 (log)"]


@pytest.mark.slow
def test_no_connection_on_any_process_receives_a_card_it_may_not_know(cluster: Cluster,  # noqa: F811
                                                                      redis_server: RedisServer,  # noqa: F811
                                                                      tmp_path: Path) -> None:
    url = cluster.new_database()
    Store(url).close()
    args = ("--redis", redis_server.url, "--route")
    procs = [ServerProcess(url, log=str(tmp_path / f"serve{i}.log"), args=args).start() for i in range(3)]
    bases = [p.base for p in procs]
    try:
        records: list[Record] = []
        clients: list[BotClient] = []
        for t, game in enumerate(GAMES):
            home = bases[t % 3]
            made = create_table(home, game=game, bots=1, approve_seats=False, stakes=LIMIT, buy_in=1000, **FAST)
            for i in range(3):  # three players, each on another process
                heard: list[dict[str, Any]] = []
                records.append((game, f"{game} player {i} on process {(t + i) % 3}", heard))
                link = made["links"]["invite"].replace(home, bases[(t + i) % 3], 1)
                clients.append(BotClient(link, name=f"P{i}", kind="rule", seed=t * 10 + i, on_message=heard.append))
            for k in range(3):  # a spectator on every process
                heard = []
                records.append((game, f"{game} spectator on process {k}", heard))
                clients.append(BotClient(made["links"]["watch"].replace(home, bases[k], 1), name="W",
                                         on_message=heard.append))

        async def night() -> None:
            tasks = [asyncio.create_task(c.run()) for c in clients]
            try:
                def done() -> bool:
                    return all(any(m.get("type") == "state" and m["hand"] > HANDS for m in heard)
                               for _table, _name, heard in records)

                await until(done, f"{HANDS} hands at every table, seen by every connection", 120)
            finally:
                for task in tasks:
                    task.cancel()
                await asyncio.gather(*tasks, return_exceptions=True)

        asyncio.run(night())
        found = leaks(records)
        assert not found, "\n".join(found[:20])
        checked = sum(len(states(heard)) for _table, _name, heard in records)
        compared = sum(1 for _table, _name, heard in records for m in states(heard) if m["you"]["seat"] is None)
        assert checked > 500 and compared > 100, (checked, compared)
        for _table, name, heard in records:  # each seat's payloads reached only its own connection
            seats = {m["you"]["seat"] for m in states(heard)} - {None}
            assert len(seats) <= 1, f"{name} received the states of seats {seats}"
    finally:
        for proc in procs:
            proc.stop()
