"""Table ownership leases and fencing (``homegame.server.lease``), on SQLite files here; the same
scenarios run on PostgreSQL in ``tests/test_postgres.py``.

An owner that lost its table, even one that was paused (SIGSTOP) past its lease and then carried on,
cannot write: its write raises ``LeaseLost`` and changes nothing.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from homegame.server.lease import LeaseLost, Leases
from homegame.server.storage import Store

DECK = ["As", "Kd", "2c"]


class Clock:
    """A clock the test moves."""

    def __init__(self, now: float = 1000.0) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now


def fresh_table(url: str, table_id: str = "t1") -> None:
    store = Store(url)
    try:
        store.create_table(table_id, "h" * 64, "i" * 64, "w" * 64, {})
    finally:
        store.close()


def stale_owner_is_refused(url: str) -> None:
    """Ann owns the table; her lease runs out; Bob takes it over; Ann's next write is refused, Bob's lands."""
    fresh_table(url)
    clock = Clock()
    ann_store, bob_store = Store(url, run_migrations=False), Store(url, run_migrations=False)
    try:
        ann, bob = Leases(ann_store, "ann", ttl=10, clock=clock), Leases(bob_store, "bob", ttl=10, clock=clock)
        first = ann.acquire("t1")
        assert first is not None and first.fence == 1 and first.took_over is None
        ann_store.write("t1", new_hand=({"game": "passem"}, DECK, "s" * 64, "c" * 64), number=1)
        ann_store.write("t1", actions=[(0, 0, "f")], number=1)
        assert bob.acquire("t1") is None, "a held lease was taken"
        clock.now += 5
        ann.renew("t1")
        clock.now += 9  # renewed: still Ann's
        assert bob.acquire("t1") is None
        clock.now += 2  # Ann stopped renewing: her lease ran out
        second = bob.acquire("t1")
        assert second is not None and second.fence == 2 and second.took_over == "ann"
        with pytest.raises(LeaseLost, match="no longer owns table t1"):
            ann_store.write("t1", actions=[(1, 1, "cc")], number=1, state={"x": "ann"})
        with pytest.raises(LeaseLost):
            ann_store.probe("t1")
        with pytest.raises(LeaseLost):
            ann.renew("t1")
        assert "t1" not in ann.held
        bob_store.write("t1", actions=[(1, 1, "cbr 4")], number=1, state={"x": "bob"})
        hand = bob_store.hand("t1", 1)
        assert hand is not None and hand.actions == [(0, "f"), (1, "cbr 4")]
        table = bob_store.table("t1")
        assert table is not None and table.state == {"x": "bob"}
        assert ann.acquire("t1") is None  # Bob holds it now
        bob.release("t1")
        third = ann.acquire("t1")  # released: free at once
        assert third is not None and third.fence == 3
        assert bob.owner_of("t1") == ("ann", 3, third.expires_at)
    finally:
        ann_store.close()
        bob_store.close()


def renewing_all_extends_every_lease_and_names_the_lost(url: str) -> None:
    """``renew_all`` (the owner's periodic renewal, one transaction for all its tables) pushes every
    lease's expiry on, and returns the tables another owner has taken over (forgotten here)."""
    for table_id in ("t1", "t2", "t3"):
        fresh_table(url, table_id)
    clock = Clock()
    ann_store, bob_store = Store(url, run_migrations=False), Store(url, run_migrations=False)
    try:
        ann, bob = Leases(ann_store, "ann", ttl=10, clock=clock), Leases(bob_store, "bob", ttl=10, clock=clock)
        for table_id in ("t1", "t2", "t3"):
            assert ann.acquire(table_id) is not None
        clock.now += 6
        assert ann.renew_all() == []
        assert {t: ann.owner_of(t) for t in ("t1", "t2", "t3")} == {t: ("ann", 1, clock.now + 10) for t in ("t1", "t2", "t3")}
        assert {lease.expires_at for lease in ann.held.values()} == {clock.now + 10}
        clock.now += 11  # Ann's leases ran out; Bob takes t2
        assert bob.acquire("t2") is not None
        assert ann.renew_all() == ["t2"]
        assert set(ann.held) == {"t1", "t3"} and bob.owner_of("t2") == ("bob", 2, clock.now + 10)
        assert ann.owner_of("t1") == ("ann", 1, clock.now + 10)
    finally:
        ann_store.close()
        bob_store.close()


def test_renewing_all_extends_every_lease_and_names_the_lost(tmp_path: Path) -> None:
    renewing_all_extends_every_lease_and_names_the_lost(str(tmp_path / "renew.db"))


def test_a_stale_owner_cannot_write_over_the_new_one(tmp_path: Path) -> None:
    stale_owner_is_refused(str(tmp_path / "lease.db"))


def test_a_single_process_takes_its_tables_back_at_once(tmp_path: Path) -> None:
    """After a restart the previous run's lease has not run out; alone, the process forces it (a new
    fence), and the previous run's writes would be refused."""
    url = str(tmp_path / "lease.db")
    fresh_table(url)
    old_store, new_store = Store(url, run_migrations=False), Store(url, run_migrations=False)
    try:
        assert Leases(old_store, "old").acquire("t1") is not None
        assert Leases(new_store, "new").acquire("t1") is None
        forced = Leases(new_store, "new").acquire("t1", force=True)
        assert forced is not None and forced.fence == 2 and forced.took_over == "old"
        with pytest.raises(LeaseLost):
            old_store.write("t1", state={"x": 1})
        new_store.write("t1", state={"x": 2})
    finally:
        old_store.close()
        new_store.close()


def test_an_unfenced_store_writes_as_before(tmp_path: Path) -> None:
    url = str(tmp_path / "plain.db")
    fresh_table(url)
    store = Store(url)
    try:
        store.write("t1", state={"x": 1})  # no lease registered: no check (one process, as before)
        assert store.fences == {}
    finally:
        store.close()


def test_bad_lease_settings_are_refused() -> None:
    store = Store("sqlite://", run_migrations=False)
    try:
        with pytest.raises(ValueError, match="positive"):
            Leases(store, "x", ttl=0)
        with pytest.raises(ValueError, match="64"):
            Leases(store, "x" * 65)
        with pytest.raises(KeyError, match="no lease"):
            Leases(store, "x").renew("t1")
    finally:
        store.close()


PAUSED_OWNER = textwrap.dedent("""
    import sys, time
    from homegame.server.lease import Leases, LeaseLost
    from homegame.server.storage import Store
    store = Store(sys.argv[1], run_migrations=False)
    leases = Leases(store, "paused", ttl=1.0)
    assert leases.acquire("t1") is not None
    while True:  # an owner busy with its table: a write, then a pause (stopped there, never mid-write)
        try:
            store.write("t1", state={"by": "paused", "at": time.time()})
        except LeaseLost as exc:
            print("refused:", exc, flush=True)
            break
        print("wrote", flush=True)
        time.sleep(0.3)
""")


def paused_owner_is_fenced(url: str) -> None:
    """A real process owns the table and writes; it is SIGSTOPped past its lease; another owner takes
    over; after SIGCONT its very next write is refused and the new owner's state stays."""
    fresh_table(url)
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parent.parent / "src")}
    child = subprocess.Popen([sys.executable, "-c", PAUSED_OWNER, url], stdout=subprocess.PIPE, text=True, env=env)
    store = Store(url, run_migrations=False)
    try:
        assert child.stdout is not None
        assert child.stdout.readline().strip() == "wrote"
        assert child.stdout.readline().strip() == "wrote"
        child.send_signal(signal.SIGSTOP)  # right after a committed write: it holds no lock
        leases = Leases(store, "new", ttl=30)
        assert leases.acquire("t1") is None  # still within the paused owner's lease
        time.sleep(1.3)
        taken = leases.acquire("t1")
        assert taken is not None and taken.took_over == "paused"
        store.write("t1", state={"by": "new"})
        child.send_signal(signal.SIGCONT)
        out, _ = child.communicate(timeout=30)
        assert out.startswith("refused:") and "no longer owns table t1" in out, out
        table = store.table("t1")
        assert table is not None and table.state == {"by": "new"}
    finally:
        if child.poll() is None:
            child.kill()
            child.wait(10)
        store.close()


def test_a_paused_owner_that_continues_cannot_write(tmp_path: Path) -> None:
    paused_owner_is_fenced(str(tmp_path / "paused.db"))
