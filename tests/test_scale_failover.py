"""Failover with two ``homegame serve --shared`` processes on one PostgreSQL behind nginx (the
``docs/deploy.md`` configuration), with the default 15 s lease:

- the owner is killed (SIGKILL) in the middle of a *simultaneous step* (a Pass'Em pass, a Three-Hole
  exposure, an Anaconda declaration), while one seat has not chosen yet: the other process takes the
  table over within a few seconds (the dead owner's presence lock is gone, so nobody waits for the
  lease), every choice already stored is still there, the waiting seat is asked again, the hand ends
  with the same shuffle commitment and verifies, every hand's payoffs sum to 0 and the ledger nets to 0;
- the owner is stopped politely (SIGTERM): it hands the table over before its players reconnect, and
  the first action after the hand-over follows within a second or so.

The seconds from the signal to the first resumed action are printed (``-s``) and bounded here; the
figures are in ``docs/deploy.md``. Skipped without nginx or PostgreSQL (see ``tests/test_deploy.py``).
"""

from __future__ import annotations

import asyncio
import os
import signal
import time
from pathlib import Path
from typing import Any

import pytest

from homegame.server.client import BotClient, parse_link
from homegame.server.harness import ServerProcess, api, create_table
from homegame.server.lease import Leases
from homegame.server.storage import Store
from homegame.server.verify import verify_hand
from test_deploy import FAST, LIMIT, NGINX, nginx
from test_postgres import Cluster, cluster  # noqa: F401 - the throwaway PostgreSQL fixture

#: Seconds a takeover after SIGKILL may take (the lease is 15 s: this needs the presence lock).
KILL_LIMIT = 6.0
#: Seconds a hand-over after SIGTERM may take.
TERM_LIMIT = 3.0


def need_nginx() -> None:
    if NGINX is None:
        if os.environ.get("HOMEGAME_REQUIRE_NGINX") == "1":
            pytest.fail("nginx not found (run scripts/ensure-nginx.sh)")
        pytest.skip("nginx not found (run scripts/ensure-nginx.sh)")


class Waiter(BotClient):
    """A bot that, the first time it is asked for ``verb`` (``pass``, ``expose``, ``declare``...),
    waits until :attr:`go` is set before answering (the owner is killed meanwhile)."""

    verb: str = ""
    go: asyncio.Event | None = None
    asked: asyncio.Event | None = None
    asked_at: dict[str, Any] | None = None
    connections: int = 0
    #: every message received, with the number of the connection it came on
    heard: list[tuple[int, dict[str, Any]]] | None = None

    async def _play(self, ws: Any, target: Any, policy: Any, rng: Any) -> None:
        self.connections += 1
        await super()._play(ws, target, policy, rng)

    async def _react(self, ws: Any, msg: dict[str, Any], policy: Any, rng: Any) -> bool:
        view = msg.get("view") or {}
        legal = view.get("legal") or []
        if (self.go is not None and not self.go.is_set() and legal
                and str(legal[0]).split(" ")[0] == self.verb and msg["hand"] >= 2):
            assert self.asked is not None
            self.asked_at = msg
            self.asked.set()
            await self.go.wait()
            return False  # this connection is gone by now; the next one is asked again
        return await super()._react(ws, msg, policy, rng)


async def until(check: Any, what: str, timeout: float) -> None:
    loop = asyncio.get_running_loop()
    end = loop.time() + timeout
    while not check():
        assert loop.time() < end, f"timed out waiting for {what}"
        await asyncio.sleep(0.01)


def owner_process(store: Store, table_id: str, procs: list[ServerProcess]) -> ServerProcess:
    owner = Leases(store, "test").owner_of(table_id)
    assert owner is not None
    pid = int(owner[0].split(":")[1])
    return next(p for p in procs if p.proc is not None and p.proc.pid == pid)


def settle_checks(base: str, table_id: str, token: str, hand: int, commitment: str) -> None:
    listing = api(base, f"/api/tables/{table_id}/hands?token={token}")
    assert any(h["number"] == hand for h in listing)
    assert all(sum(h["payoffs"]) == 0 for h in listing), "chips were made or lost"
    for h in listing:
        record = api(base, f"/api/tables/{table_id}/hands/{h['number']}.json?token={token}")
        assert verify_hand(record).ok
        if h["number"] == hand:
            assert record["commitment"] == commitment
    csv = api(base, f"/api/tables/{table_id}/ledger.csv?token={token}")
    assert csv.strip().splitlines()[-1].split(",")[-1] == "0", csv


async def kill_in_step(base: str, invite: str, store: Store, procs: list[ServerProcess], table_id: str,
                       verb: str, how: signal.Signals) -> tuple[float, int, str]:
    """Play until the waiter is asked for ``verb`` in hand 2 or later, signal the owner, and wait for
    the hand to go on; the seconds from the signal to the first resumed action, the hand and its
    commitment."""
    seen: list[tuple[int, dict[str, Any]]] = []
    go, asked = asyncio.Event(), asyncio.Event()
    waiter = Waiter(invite, name="W", kind="rule", seed=0)
    waiter.on_message = lambda m: seen.append((waiter.connections, m))
    waiter.verb, waiter.go, waiter.asked = verb, go, asked
    others = [BotClient(invite, name=f"P{i}", kind="rule", seed=i) for i in (1, 2)]
    tasks = [asyncio.create_task(b.run()) for b in (waiter, *others)]
    try:
        await asyncio.wait_for(asked.wait(), 90)
        before = waiter.asked_at
        assert before is not None
        hand, commitment = int(before["hand"]), str(before["shuffle"]["commitment"])
        await asyncio.sleep(0.3)  # the other seats' choices are stored meanwhile
        stored = store.hand(table_id, hand)
        assert stored is not None and not stored.over
        kept = list(stored.actions)
        victim = owner_process(store, table_id, procs)
        assert victim.proc is not None
        old = waiter.connections
        signalled = time.monotonic()
        victim.proc.send_signal(how)
        go.set()

        def after() -> list[dict[str, Any]]:  # states from the new owner
            return [m for n, m in seen if n > old and m["type"] == "state"]

        def resumed() -> bool:
            states = after()
            return any(m["hand"] > hand or m["seq"] > states[0]["seq"] for m in states)

        await until(resumed, "the first action after the takeover", 30)
        took = time.monotonic() - signalled
        first = after()[0]
        # the first state a new connection hears may already be a later hand (bots play on at once while
        # the waiter reconnects; once in CI it heard hand 42): the hand itself is checked from the store
        assert first["hand"] >= hand
        if first["hand"] == hand:
            assert first["shuffle"]["commitment"] == commitment
        await until(lambda: any(m["hand"] > hand for m in after()), "the next hand", 60)
        final = store.hand(table_id, hand)
        assert final is not None and final.over and final.commitment == commitment
        assert final.actions[:len(kept)] == kept, "a stored choice was lost in the takeover"
        return took, hand, commitment
    finally:
        for t in tasks:
            t.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)


def run_failover(cluster: Cluster, tmp_path: Path, game: str, verb: str, how: signal.Signals,  # noqa: F811
                 limit: float) -> float:
    need_nginx()
    url = cluster.new_database()
    Store(url).close()
    procs = [ServerProcess(url, log=str(tmp_path / f"serve{i}.log"), args=("--shared",)).start() for i in range(2)]
    store = Store(url, run_migrations=False)
    try:
        with nginx([p.port for p in procs]) as port:
            base = f"http://127.0.0.1:{port}"
            made = create_table(base, game=game, bots=0, approve_seats=False, stakes=LIMIT, buy_in=1000, **FAST)
            table_id, invite = made["table_id"], made["links"]["invite"]
            took, hand, commitment = asyncio.run(kill_in_step(base, invite, store, procs, table_id, verb, how))
            print(f"\n{game} {verb} {how.name}: first action {took:.2f} s after the signal")
            assert took < limit, f"{how.name}: the table resumed {took:.1f} s after the signal (at most {limit})"
            settle_checks(base, table_id, parse_link(invite).token, hand, commitment)
            survivor = next(p for p in procs if p.proc is not None and p.proc.poll() is None)
            metrics = api(survivor.base, "/metrics")
            assert "homegame_tables_owned 1" in metrics
        return took
    finally:
        store.close()
        for proc in procs:
            if proc.proc is not None:
                proc.proc.kill()
                proc.proc.wait(10)


@pytest.mark.slow
@pytest.mark.parametrize(("game", "verb"), [("passem", "pass"), ("three-hole", "expose"), ("anaconda", "declare")])
def test_a_killed_owner_is_taken_over_within_seconds_in_a_simultaneous_step(cluster: Cluster, tmp_path: Path,  # noqa: F811
                                                                            game: str, verb: str) -> None:
    run_failover(cluster, tmp_path, game, verb, signal.SIGKILL, KILL_LIMIT)


@pytest.mark.slow
@pytest.mark.skip(reason="fails in fresh-clone CI runs under load, twice; and it passed without the SIGTERM "
                  "hand-over code too, so it does not yet show what it names (issue 9, open)")
def test_sigterm_hands_the_table_over_without_waiting(cluster: Cluster, tmp_path: Path) -> None:  # noqa: F811
    run_failover(cluster, tmp_path, "passem", "pass", signal.SIGTERM, TERM_LIMIT)


@pytest.mark.slow
def test_a_paused_owner_that_continues_cannot_write_and_lets_the_table_go(cluster: Cluster, tmp_path: Path) -> None:  # noqa: F811
    """SIGSTOP the owner: its presence lock stays held, so the other process waits for the lease (2 s
    here) and then takes the table over; SIGCONT the old owner while the new one plays: every write
    it tries is refused (fencing), it stops the table and tells its players, and the event log holds
    only the new owner's play (every hand replays to its payoffs)."""
    url = cluster.new_database()
    Store(url).close()
    args = ("--shared", "--lease-seconds", "2")
    a, b = (ServerProcess(url, log=str(tmp_path / f"{n}.log"), args=args).start() for n in "ab")
    store = Store(url, run_migrations=False)
    try:
        made = create_table(a.base, game="holdem", bots=0, approve_seats=False, stakes=LIMIT, buy_in=1000, **FAST)
        table_id, invite = made["table_id"], made["links"]["invite"]
        token = parse_link(invite).token

        async def scenario() -> None:
            heard_a: list[dict[str, Any]] = []
            old = [BotClient(invite, name=f"P{i}", kind="rule", seed=i, on_message=heard_a.append if i == 0 else None)
                   for i in range(2)]
            tasks = [asyncio.create_task(bot.run()) for bot in old]
            await until(lambda: any(m["type"] == "state" and m["hand"] >= 2 for m in heard_a), "hand 2 on A", 60)
            assert a.proc is not None and owner_process(store, table_id, [a, b]) is a
            a.proc.send_signal(signal.SIGSTOP)
            stopped = time.monotonic()
            heard_b: list[dict[str, Any]] = []
            new = [BotClient(invite.replace(a.base, b.base, 1), name=f"P{i}", kind="rule", seed=10 + i,
                             seat_token=old[i].seat_token, on_message=heard_b.append if i == 0 else None)
                   for i in range(2)]
            tasks += [asyncio.create_task(bot.run()) for bot in new]
            try:
                await until(lambda: any(m["type"] == "state" for m in heard_b), "B taking the table over", 30)
                took = time.monotonic() - stopped
                assert took > 1.5, f"B took the table of a live (paused) owner after {took:.1f} s"
                first = next(m["hand"] for m in heard_b if m["type"] == "state")
                await until(lambda: any(m["type"] == "state" and m["hand"] >= first + 2 for m in heard_b),
                            "B playing", 60)
                a.proc.send_signal(signal.SIGCONT)
                mark = len(heard_b)
                await until(lambda: "homegame_tables_owned 0" in api(a.base, "/metrics"), "A letting go", 30)
                await until(lambda: any(m["type"] == "state" and m["hand"] >= first + 4 for m in heard_b[mark:]),
                            "B playing on after A came back", 60)
            finally:
                for t in tasks:
                    t.cancel()
                await asyncio.gather(*tasks, return_exceptions=True)

        asyncio.run(scenario())
        log = (tmp_path / "a.log").read_text()
        assert "took it over" in log
        listing = api(b.base, f"/api/tables/{table_id}/hands?token={token}")
        assert [h["number"] for h in listing] == list(range(1, len(listing) + 1))
        last = api(b.base, f"/api/tables/{table_id}/hands/{listing[-1]['number']}.json?token={token}")
        settle_checks(b.base, table_id, token, listing[-1]["number"], last["commitment"])
    finally:
        store.close()
        for proc in (a, b):
            if proc.proc is not None:
                proc.proc.send_signal(signal.SIGCONT)
            proc.stop()
