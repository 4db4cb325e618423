"""Issue 20 item 3, across processes: a dealt tournament survives SIGKILL of the process that deals it.

Two ``homegame serve --shared`` processes on one throwaway PostgreSQL (``tests/test_postgres.py``'s
cluster), short leases. A dealt tournament of bots and two people, each person a websocket client
that plays their turns (check, else fold: they stay in to answer the deals) and reconnects to
whichever process answers when its connection drops. Steps drawn in an order of a fixed seed: SIGKILL
of the owner process (then restarted), the host's pause and resume, added time, a rebuy, a late
registration, a phone that drops and reconnects; then the add-on break, a deal one person declines,
and a deal everyone accepts, which ends it, answered after the owner is killed while it is open. One
person is away (the phone's "Away": dealt in, folded for at once) from the start until the first kill
is over, and then back ("I'm back").

After every step, from the database (the tournament as its owner stored it, and the lease) and from
every live process's API: every chip given out is on some table (stacks, and what was bought during
a hand), no player sits twice or nowhere, table sizes keep the balancing rule at tables between
hands, the hands dealt never go back, a live process owns the tournament, the away person stays away
(a takeover included) until they say they are back. At the end every entry has finished once with
its place, and the prizes plus the bounties are what was paid in."""

from __future__ import annotations

import asyncio
import contextlib
import json
import random
import threading
import time
import urllib.error
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
import websockets

from homegame.server.harness import ServerProcess
from homegame.server.lease import Leases
from homegame.server.storage import Store
from homegame.server.tournament_halls import lease_key
from homegame.tournament.core import Tournament
from homegame.tournament.stored import load
from test_postgres import Cluster, cluster  # noqa: F401 - the throwaway PostgreSQL fixture
from test_server_tournament_dealt import places_taken
from waiting import HANG

#: The fixed draw of the steps, the processes, the lease (``--lease-seconds``: a sweep every third).
SEED, PROCESSES, LEASE = 20, 2, "3"
STACK, REBUY_CHIPS, ADD_ON_CHIPS = 1000, 500, 300
#: Levels the host moves on by hand (none runs out during the test): rebuys and late registration in
#: the first, the add-on in the break, a deal once both are closed.
LEVELS = [{"small_blind": 10, "big_blind": 20, "minutes": 30}, {"small_blind": 10, "big_blind": 20, "minutes": 30,
                                                                 "is_break": True},
          {"small_blind": 20, "big_blind": 40, "minutes": 30}, {"small_blind": 40, "big_blind": 80, "minutes": 30}]
SPEC = {"name": "Kills", "preset": "turbo", "buy_in": 10, "bounty": 2, "dealt": True, "table_size": 4,
        "starting_stack": STACK, "levels": LEVELS, "rebuy_level": 1, "late_registration_level": 1,
        "rebuy_chips": REBUY_CHIPS, "max_rebuys": 3, "add_on_price": 5, "add_on_chips": ADD_ON_CHIPS,
        "bot_delay": 0.02, "between_hands": 0.05, "turn_seconds": 5}
PEOPLE = ("Ann", "Bob")
BOTS = tuple(f"Bot {i}" for i in range(1, 7))
#: The steps of the first level, drawn in an order of the seed.
FIRST_LEVEL = ["kill", "pause", "add_time", "rebuy", "late", "drop"]


def http(base: str, path: str, body: dict[str, Any] | None = None, token: str = "") -> tuple[int, Any]:
    """GET (or POST ``body``) ``base + path`` with a bearer token; the status and the JSON answer."""
    request = urllib.request.Request(base + path, data=None if body is None else json.dumps(body).encode(),
                                     headers={"content-type": "application/json", "authorization": f"Bearer {token}"})
    try:
        with urllib.request.urlopen(request, timeout=30) as answer:
            return answer.status, json.loads(answer.read())
    except urllib.error.HTTPError as exc:
        return exc.code, json.loads(exc.read() or b"null")


@dataclass
class Phone:
    """A person's websocket client: plays their turns, and reconnects (to the next process) when its
    connection ends; :meth:`drop` closes its connection."""

    name: str
    token: str
    tid: str
    bases: list[str]
    connections: int = 0
    states: int = 0
    over: bool = False
    away: bool = False  # the person pressed "Away": gone, their turns not answered
    heard: list[dict[str, Any]] = field(default_factory=list)
    _ws: Any = None

    async def run(self) -> None:
        turn = sum(map(ord, self.name))  # the people start at different processes
        while not self.over:
            base = self.bases[turn % len(self.bases)]
            turn += 1
            try:
                async with websockets.connect(base.replace("http", "ws") + f"/ws/{self.tid}", max_size=2**22) as ws:
                    self._ws = ws
                    await ws.send(json.dumps({"v": 1, "type": "hello", "token": self.token}))
                    async for text in ws:
                        await self.hear(ws, json.loads(text))
            except (OSError, websockets.ConnectionClosed, websockets.InvalidHandshake):
                pass
            self._ws = None
            if not self.over:
                await asyncio.sleep(0.05)  # the next process; an owner being taken over answers 'elsewhere'

    async def hear(self, ws: Any, msg: dict[str, Any]) -> None:
        self.heard.append(msg)
        if msg["type"] == "welcome":
            self.connections += 1
        elif msg["type"] == "tournament_over":
            self.over = True
            await ws.close()
        elif msg["type"] == "state":
            self.states += 1
            decision = msg["you"]["decision"]
            if decision is not None and not self.away and not (msg["view"] or {}).get("over"):
                legal = " ".join(msg["view"].get("legal") or [])
                action = "check" if "check" in legal else "fold"
                await ws.send(json.dumps({"v": 1, "type": "act", "action": action, "hand": msg["hand"],
                                          "decision": decision}))

    def shown_away(self) -> bool | None:
        """Whether the last table state this phone was sent lists its person away ("I'm back" shown)."""
        last = next((m for m in reversed(self.heard) if m["type"] == "state"), None)
        return None if last is None else self.name in last["tournament"]["away"]

    async def say(self, msg: dict[str, Any]) -> None:
        """Send ``msg`` on the connection there is now (none while reconnecting: not sent)."""
        if self._ws is not None:
            with contextlib.suppress(websockets.ConnectionClosed):
                await self._ws.send(json.dumps({"v": 1, **msg}))

    async def drop(self) -> None:
        """Close the connection as a phone losing its network would (the client reconnects)."""
        if self._ws is not None:
            await self._ws.close()


class Night:
    """The processes, the database and the tournament under test, and the checks after every step."""

    def __init__(self, url: str, tmp_path: Path) -> None:
        self.url, self.tmp_path = url, tmp_path
        self.store = Store(url, run_migrations=False)
        self.leases = Leases(self.store, "the test")
        self.procs = [ServerProcess(url, log=str(tmp_path / f"p{i}.log"), args=("--shared", "--lease-seconds", LEASE))
                      for i in range(PROCESSES)]
        self.starting: dict[int, threading.Thread] = {}
        self.tid, self.host = "", ""
        self.hands = 0
        self.checks = 0
        #: The people who said they are away (as stored: a takeover keeps it).
        self.away: set[str] = set()
        self.laps: list[tuple[str, float]] = []
        self._lap = time.monotonic()

    def lap(self, what: str) -> None:
        """Note the seconds ``what`` took (printed at the end, with ``-s``)."""
        now = time.monotonic()
        self.laps.append((what, round(now - self._lap, 1)))
        self._lap = now

    # ----- processes -------------------------------------------------------------------------------
    def start(self, i: int) -> None:
        """Start process ``i`` in the background (it listens within a few seconds)."""
        self.starting[i] = threading.Thread(target=self.procs[i].start, daemon=True)
        self.starting[i].start()

    def started(self, *which: int) -> None:
        """Wait until processes ``which`` (all being started, by default) listen."""
        for i in which or list(self.starting):
            thread = self.starting.get(i)
            if thread is not None:
                thread.join(HANG)
                self.starting.pop(i, None)

    def live(self) -> list[ServerProcess]:
        return [p for i, p in enumerate(self.procs) if p.proc is not None and i not in self.starting]

    def owner(self) -> ServerProcess | None:
        """The live process holding the tournament's lease (``None`` while it is held by a dead one). A
        process still coming up may hold it (the owner's lease ran out under load and its sweep took
        the tournament over): it is waited for until it listens."""
        held = self.leases.owner_of(lease_key(self.tid))
        if held is None:
            return None
        pid = int(held[0].split(":")[1])
        for i, proc in enumerate(self.procs):
            if proc.proc is not None and proc.proc.pid == pid:
                self.started(i)
                return proc
        return None

    def lease_seen(self) -> dict[str, Any]:
        """Who holds the lease and which process is which (for a failure's message)."""
        return {"lease": self.leases.owner_of(lease_key(self.tid)), "starting": sorted(self.starting),
                "pids": [None if p.proc is None else p.proc.pid for p in self.procs]}

    # ----- the tournament --------------------------------------------------------------------------
    def stored(self) -> tuple[Tournament, dict[str, Any], int]:
        found = self.store.tournament(self.tid)
        assert found is not None
        _h, _c, state, revision = found
        return load(state["tournament"], now=time.time()), state, revision

    def host_does(self, body: dict[str, Any]) -> dict[str, Any]:
        """A host action at the owner (a non-owner answers 503: it neither plays nor changes it)."""
        owner = self.owner()
        assert owner is not None
        for other in self.live():
            if other is not owner:
                status, answer = http(other.base, f"/api/tournaments/{self.tid}/host", body, self.host)
                assert status == 503, (status, answer)
        status, answer = http(owner.base, f"/api/tournaments/{self.tid}/host", body, self.host)
        assert status == 200, (status, answer)
        return dict(answer)

    def check(self) -> Tournament:
        """The invariants, from the database and every live process's API; the stored tournament."""
        t = self.stored()[0]
        self.checks += 1
        playing = {e.name for e in t.entries if e.status == "playing"}
        seated = [seat.name for table in t.tables.values() for seat in table.seats.values()]
        assert len(seated) == len(set(seated)), f"seated twice: {seated}"
        assert set(seated) | set(t.owed) >= playing and set(seated) <= playing, (seated, playing)
        assert all(t.seat_of(n) is not None for n in playing - set(t.owed)), "a player sits nowhere"
        given = sum(STACK + e.rebuys * REBUY_CHIPS + (ADD_ON_CHIPS if e.add_on else 0) for e in t.entries)
        if not t.finished:
            assert t.chips_in_play == given, (t.chips_in_play, given)
            assert t.chips_on_tables() == given, f"chips on tables {t.chips_on_tables()} of {given}"
        open_tables = [tid for tid in t.tables if tid not in t.breaking]
        if len(open_tables) > 1 and not t.final_redraw:
            sizes = {tid: len(t.tables[tid].seats) for tid in open_tables}
            if max(sizes.values()) - min(sizes.values()) > 1:  # only a table in a hand may wait to give a player
                # what the floor knew (a host's late entry once stored {1: 4, 2: 4, 3: 1} before the floor balanced)
                seen = {"sizes": sizes, "live": {tid: t.tables[tid].live for tid in open_tables},
                        "hands": {tid: (t.tables[tid].hand_number, t.synced[tid]) for tid in open_tables},
                        "owed": t.owed, "deal_asked": t.deal_asked, "deal": t.deal, "finished": t.finished,
                        "hand_for_hand": t.hand_for_hand, "running_since": t.running_since, "log": t.log[-8:]}
                assert all(t.tables[tid].live for tid, n in sizes.items() if n == max(sizes.values())), seen
        assert all(t.by_name(name).away for name in self.away), (self.away, [(e.name, e.away) for e in t.entries])
        assert t.hands >= self.hands, f"hands dealt went back: {t.hands} after {self.hands}"
        self.hands = t.hands
        assert t.finished or self.owner() is not None, ("no live process owns the tournament", self.lease_seen())
        for proc in self.live():
            status, shown = http(proc.base, f"/api/tournaments/{self.tid}", token=self.host)
            assert status == 200, (status, shown)
            names = [s["name"] for s in shown["seats"]]
            assert len(names) == len(set(names)), names
            if not shown["finished"]:
                assert shown["chips_on_tables"] == shown["chips_in_play"], shown["clock"]
        return t

    async def until(self, check: Any, what: str) -> None:
        end = time.monotonic() + HANG
        while not await asyncio.to_thread(check):
            assert time.monotonic() < end, f"timed out waiting for {what}"
            await asyncio.sleep(0.05)

    async def hands_go_on(self, more: int = 2) -> None:
        """Wait until the owner (whoever it is) has dealt ``more`` hands past the stored count."""
        start = (await asyncio.to_thread(self.stored))[0].hands
        await self.until(lambda: self.owner() is not None and self.stored()[0].hands >= start + more,
                         f"{more} more hands dealt")


@pytest.mark.slow
def test_a_dealt_tournament_survives_process_kills_with_every_chip_and_seat_kept(cluster: Cluster,  # noqa: F811
                                                                                   tmp_path: Path) -> None:
    url = cluster.new_database()
    Store(url).close()
    night = Night(url, tmp_path)
    began = time.monotonic()
    for i in range(PROCESSES):
        night.start(i)
    night.started(0)  # the others come up while the tournament starts (a kill waits for them)
    night.lap("the first process up")
    rng = random.Random(SEED)
    try:
        first = night.procs[0].base
        status, made = http(first, "/api/tournaments", SPEC)
        assert status == 200, made
        night.tid, night.host = made["tournament_id"], made["links"]["host"].rsplit("#", 1)[1]
        for name in PEOPLE + BOTS:
            status, _ = http(first, f"/api/tournaments/{night.tid}/host",
                             {"action": "enter", "name": name, "bot": name not in PEOPLE}, night.host)
            assert status == 200
        tokens = http(first, f"/api/tournaments/{night.tid}", token=night.host)[1]["player_tokens"]
        status, started = http(first, f"/api/tournaments/{night.tid}/host", {"action": "start"}, night.host)
        assert status == 200, started
        bases = [p.base for p in night.procs]
        phones = {name: Phone(name, tokens[name], night.tid, bases) for name in PEOPLE}
        steps = list(FIRST_LEVEL)
        rng.shuffle(steps)
        asyncio.run(scenario(night, phones, steps, rng))
        print(f"\n{night.checks} checks, {night.hands} hands, {time.monotonic() - began:.1f} s: {night.laps}")
    finally:
        for proc in night.procs:
            proc.stop()
        night.store.close()


async def scenario(night: Night, phones: dict[str, Phone], steps: list[str], rng: random.Random) -> None:
    tasks = [asyncio.create_task(phone.run()) for phone in phones.values()]
    ann, bob = phones["Ann"], phones["Bob"]
    check = night.check
    try:
        await night.until(lambda: ann.states > 0 and bob.states > 0, "both people see their tables")
        await asyncio.to_thread(check)
        night.lap("the start")
        await away(night, bob, True)  # Bob goes away until the first kill is over
        night.lap("Bob away")
        for step in steps:
            await do(night, phones, step, rng)
            await asyncio.to_thread(check)
            night.lap(step)
            if step == "kill":
                await away(night, bob, False)
                night.lap("Bob back")
        # the break: no hand is dealt, the add-on is taken
        await asyncio.to_thread(night.host_does, {"action": "level", "step": 1})
        await night.until(lambda: not any(t.live for t in night.stored()[0].tables.values()), "every hand over")
        t = await asyncio.to_thread(check)
        for name in rng.sample([e.name for e in t.playing()], 2):  # a person or a bot, as drawn
            await asyncio.to_thread(night.host_does, {"action": "add_on", "name": name})
            t = await asyncio.to_thread(check)
            assert t.by_name(name).add_on
        night.lap("the add-on break")
        await asyncio.to_thread(night.host_does, {"action": "level", "step": 1})
        await night.hands_go_on()
        await asyncio.to_thread(check)
        # a deal asked for is offered between hands; Bob declines it and play goes on
        await deal(night, phones, made=False)
        await night.hands_go_on()
        await asyncio.to_thread(check)
        night.lap("a deal declined")
        await deal(night, phones, made=True, kill_first=True)  # the owner dies meanwhile
        t = await asyncio.to_thread(check)
        assert t.finished and t.deal is not None and t.deal["made"]
        rows = t.results()["places"]
        assert places_taken(rows) == list(range(1, len(t.entries) + 1)), rows
        assert len({row["name"] for row in rows}) == len(t.entries)
        paid = sum(e.paid for e in t.entries)
        assert sum(e.prize for e in t.entries) + sum(e.bounties for e in t.entries) == paid, \
            (paid, [(e.name, e.paid, e.prize, e.bounties) for e in t.entries])
        for phone in phones.values():  # every table a phone was shown seats its person once
            shown = [m for m in phone.heard if m["type"] == "state"]
            assert shown and all([s["name"] for s in m["table"]["seats"]].count(phone.name) == 1 for m in shown)
        night.lap("a deal made")
        await night.until(lambda: all(p.over or night.stored()[0].seat_of(p.name) is None for p in phones.values()),
                          "the people told the end")
    finally:
        for phone in phones.values():
            phone.over = True
            await phone.drop()
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)


async def away(night: Night, phone: Phone, value: bool) -> None:
    """``phone``'s person presses "Away" (``value``) or "I'm back" (sent again until the owner has stored
    it: a message sent to a process that is not the owner, or that dies, is not done). Away, the
    hall answers their turns (their phone does not) and their table deals on; back, their phone is
    shown them back and they answer their turns again."""
    phone.away = value
    if not value:
        night.away.discard(phone.name)
    end = time.monotonic() + HANG
    while (await asyncio.to_thread(night.stored))[0].by_name(phone.name).away != value:
        assert time.monotonic() < end, f"{phone.name} never stored {'away' if value else 'back'}"
        await phone.say({"type": "sit_out", "value": value})
        await asyncio.sleep(0.2)
    await night.until(lambda: phone.shown_away() is value, f"{phone.name}'s phone shown {'away' if value else 'back'}")
    if value:
        night.away.add(phone.name)
        t = (await asyncio.to_thread(night.stored))[0]
        where = t.seat_of(phone.name)
        assert where is not None
        dealt = t.tables[where[0]].hand_number

        def dealt_on() -> bool:  # two hands more at their table (or they were moved meanwhile)
            now = night.stored()[0]
            return now.seat_of(phone.name) != where or now.tables[where[0]].hand_number >= dealt + 2

        await night.until(dealt_on, f"{phone.name}'s table dealing on while they are away")
    await asyncio.to_thread(night.check)


async def kill(night: Night, *, restart: bool) -> None:
    """SIGKILL the owner; another live process takes the tournament over and deals on from what is stored."""
    await asyncio.to_thread(night.started)  # the processes still starting (one restarted earlier) are up
    owner = await asyncio.to_thread(night.owner)
    assert owner is not None
    before = (await asyncio.to_thread(night.stored))[0]
    owner.kill()
    killed_at = time.monotonic()
    await night.until(lambda: night.owner() not in (None, owner), "another process takes the tournament over")
    took = time.monotonic() - killed_at
    assert took < 3 * float(LEASE), f"the takeover took {took:.1f} s"
    if restart:
        night.start(night.procs.index(owner))
    if before.finished or before.deal_open():
        return
    await night.hands_go_on()


async def deal(night: Night, phones: dict[str, Phone], *, made: bool, kill_first: bool = False) -> None:
    """The host asks for a deal; once offered (every table between hands), each person still in answers
    on their link: all accept (``made``), or the last declines (``kill_first``: the owner is killed
    before they answer, and the next owner has it open)."""
    await asyncio.to_thread(night.host_does, {"action": "deal", "kind": "icm"})
    await night.until(lambda: night.stored()[0].deal_open(), "the deal offered")
    t = await asyncio.to_thread(night.check)
    assert t.deal is not None and not any(table.live for table in t.tables.values())
    number = t.deal["number"]
    people = [name for name in phones if t.by_name(name).status == "playing"]
    assert people, "both people out: nobody to answer"
    if kill_first:
        await kill(night, restart=False)
        t = await asyncio.to_thread(night.check)
        assert t.deal_open() and t.deal is not None and t.deal["number"] == number, t.deal
    for name in people:
        yes = made or name != people[-1]
        owner = night.owner()
        assert owner is not None
        status, answer = await asyncio.to_thread(http, owner.base, f"/api/tournaments/{night.tid}/deal",
                                                 {"number": number, "accept": yes}, phones[name].token)
        assert status == 200, answer


async def do(night: Night, phones: dict[str, Phone], step: str, rng: random.Random) -> None:
    """One step of the first level."""
    ann = phones["Ann"]
    if step == "kill":
        await kill(night, restart=True)
    elif step == "pause":
        await asyncio.to_thread(night.host_does, {"action": "pause"})
        t = await asyncio.to_thread(night.check)
        assert t.running_since is None and all(table.paused for table in t.tables.values())
        await asyncio.to_thread(night.host_does, {"action": "resume"})
        await night.hands_go_on(1)
    elif step == "add_time":
        before = await asyncio.to_thread(night.stored)
        await asyncio.to_thread(night.host_does, {"action": "add_time", "seconds": 120})
        after = await asyncio.to_thread(night.stored)
        assert after[0].level_started == before[0].level_started + 120
    elif step == "rebuy":
        t = (await asyncio.to_thread(night.stored))[0]
        name = rng.choice([e.name for e in t.playing()])
        await asyncio.to_thread(night.host_does, {"action": "rebuy", "name": name})
        assert (await asyncio.to_thread(night.stored))[0].by_name(name).rebuys == t.by_name(name).rebuys + 1
    elif step == "late":
        await asyncio.to_thread(night.host_does, {"action": "enter", "name": "Late bot", "bot": True})
        t = (await asyncio.to_thread(night.stored))[0]
        assert t.seat_of("Late bot") is not None
    elif step == "drop":
        seen = ann.connections
        await ann.drop()
        await night.until(lambda: ann.connections > seen, "Ann's phone back")
        await night.hands_go_on(1)
    else:
        raise AssertionError(step)
