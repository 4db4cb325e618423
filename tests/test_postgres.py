"""The server's storage on PostgreSQL: a throwaway cluster per test module (initdb into a temporary
directory, ``pg_ctl start`` on a free loopback port, stopped afterwards).

Alembic migrates a fresh database, bots play hands through the server with its data in PostgreSQL, the
ledger balances, and a server killed mid-hand resumes it from the same PostgreSQL URL.

Skipped when PostgreSQL's server binaries are missing (``scripts/ensure-postgres.sh`` installs them),
unless ``HOMEGAME_REQUIRE_POSTGRES=1``, when their absence fails instead.
"""

from __future__ import annotations

import asyncio
import contextlib
import glob
import os
import pwd
import shutil
import subprocess
import tempfile
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy as sa
from alembic import command
from alembic.config import Config
from alembic.script import ScriptDirectory

from homegame.server.client import BotClient, parse_link
from homegame.server.harness import api, create_table, free_port, server_thread
from homegame.server.storage import MIGRATIONS, StorageError, Store, database_url, migrate
from homegame.server.verify import verify_hand
from service_support import missing

REQUIRED = os.environ.get("HOMEGAME_REQUIRE_POSTGRES") == "1"
if REQUIRED:
    import psycopg
else:
    psycopg = pytest.importorskip("psycopg")

FAST = {"bot_delay": 0.0, "between_hands": 0.0, "turn_seconds": 60.0, "time_bank": 0.0}
LIMIT = {"structure": "fixed-limit", "ante": 1, "small_bet": 2, "big_bet": 4}


def server_bin() -> Path | None:
    """The newest ``/usr/lib/postgresql/<version>/bin`` with initdb, pg_ctl and postgres, if any."""
    found = [Path(d) for d in glob.glob("/usr/lib/postgresql/*/bin")
             if all(os.access(Path(d) / tool, os.X_OK) for tool in ("initdb", "pg_ctl", "postgres"))]
    if not found:
        on_path = shutil.which("pg_ctl")
        return Path(on_path).resolve().parent if on_path else None
    return max(found, key=lambda d: int(d.parent.name) if d.parent.name.isdigit() else 0)


class Cluster:
    """A throwaway PostgreSQL cluster on 127.0.0.1 (run as ``postgres`` when we are root)."""

    def __init__(self, bindir: Path) -> None:
        self.bindir = bindir
        self.port = free_port()
        # short and reachable by the postgres user whatever $TMPDIR is (unix socket paths are short)
        self.root = Path(tempfile.mkdtemp(prefix="homegame-pg-", dir="/tmp" if os.path.isdir("/tmp") else None))
        self.data = self.root / "data"
        self.user: str | None = None
        if os.geteuid() == 0:  # initdb refuses to run as root
            self.user = "postgres"
            entry = pwd.getpwnam(self.user)
            os.chown(self.root, entry.pw_uid, entry.pw_gid)

    def _run(self, *args: str) -> None:
        done = subprocess.run([str(self.bindir / args[0]), *args[1:]], capture_output=True, text=True,
                              timeout=120, check=False, user=self.user, cwd=self.root)
        if done.returncode != 0:
            raise RuntimeError(f"{args[0]} failed ({done.returncode}):\n{done.stdout}\n{done.stderr}")

    def start(self) -> Cluster:
        """initdb and start the server; wait until it accepts connections."""
        self._run("initdb", "-D", str(self.data), "-U", "postgres", "--auth=trust", "-E", "UTF8",
                  "--no-locale", "--no-sync")
        options = (f"-c listen_addresses=127.0.0.1 -p {self.port} -c unix_socket_directories={self.root} "
                   "-c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=100")
        self._run("pg_ctl", "-D", str(self.data), "-l", str(self.root / "server.log"), "-o", options,
                  "-w", "-t", "60", "start")
        return self

    def stop(self) -> None:
        """Stop the server at once and remove its files."""
        with contextlib.suppress(RuntimeError, subprocess.TimeoutExpired):
            self._run("pg_ctl", "-D", str(self.data), "-m", "immediate", "-w", "stop")
        shutil.rmtree(self.root, ignore_errors=True)

    def url(self, database: str = "postgres") -> str:
        """A ``postgresql://`` URL (the form a user would give; storage picks the psycopg driver)."""
        return f"postgresql://postgres@127.0.0.1:{self.port}/{database}"

    def new_database(self) -> str:
        """A fresh empty database; its URL."""
        name = "hg_" + uuid.uuid4().hex[:12]
        with psycopg.connect(self.url(), autocommit=True) as conn:
            conn.execute(f'CREATE DATABASE "{name}"')
        return self.url(name)


@pytest.fixture(scope="module")
def cluster() -> Iterator[Cluster]:
    bindir = server_bin()
    if bindir is None:
        missing("PostgreSQL server binaries not found (run scripts/ensure-postgres.sh)", "HOMEGAME_REQUIRE_POSTGRES")
    running = Cluster(bindir).start()
    try:
        yield running
    finally:
        running.stop()


def test_a_postgres_url_without_the_driver_says_what_to_install(monkeypatch: pytest.MonkeyPatch) -> None:
    import importlib.util

    real = importlib.util.find_spec
    monkeypatch.setattr(importlib.util, "find_spec", lambda name, *a: None if name == "psycopg" else real(name, *a))
    with pytest.raises(StorageError, match=r"homegame\[postgres\]"):
        database_url("postgresql://postgres@127.0.0.1/homegame")
    assert database_url("sqlite:///x.db") == "sqlite:///x.db"


# ----- migrations and the store ----------------------------------------------------------------------
def test_migrations_upgrade_a_fresh_database(cluster: Cluster) -> None:
    url = cluster.new_database()
    migrate(database_url(url))
    engine = sa.create_engine(database_url(url))
    try:
        inspector = sa.inspect(engine)
        assert {"tables", "hands", "actions", "alembic_version"} <= set(inspector.get_table_names())
        with engine.connect() as conn:
            heads = conn.scalars(sa.text("SELECT version_num FROM alembic_version")).all()
        cfg = Config()
        cfg.set_main_option("script_location", str(MIGRATIONS))
        assert heads == [ScriptDirectory.from_config(cfg).get_current_head()]
        assert isinstance(inspector.get_columns("hands")[0]["type"], sa.Integer)
    finally:
        engine.dispose()
    Store(url).close()  # migrating again is a no-op


def test_processes_started_at_once_on_a_fresh_database_all_come_up(cluster: Cluster) -> None:
    """Issue 18, Seen 11: four processes preparing one empty database at the same moment (as
    ``--workers`` or a fleet started together do) all come up; each of several rounds on a new database."""
    import sys

    code = "import sys; from homegame.server.storage import Store; Store(sys.argv[1]).close()"
    for _ in range(3):
        url = cluster.new_database()
        procs = [subprocess.Popen([sys.executable, "-c", code, url], stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
                 for _ in range(4)]
        outcomes = [(p.wait(120), (p.stdout.read() if p.stdout else b"").decode()[-400:]) for p in procs]
        assert all(rc == 0 for rc, _ in outcomes), outcomes


def test_migrations_step_by_step_keep_the_data(cluster: Cluster) -> None:
    url = database_url(cluster.new_database())
    cfg = Config()
    cfg.set_main_option("script_location", str(MIGRATIONS))
    cfg.set_main_option("sqlalchemy.url", url.replace("%", "%%"))
    command.upgrade(cfg, "0001")
    engine = sa.create_engine(url)
    try:
        with engine.begin() as conn:
            conn.execute(sa.text("INSERT INTO tables VALUES ('t', 'h', 'i', 'w', '{}', 0, 0, 0)"))
            hand_id = conn.scalar(sa.text(
                "INSERT INTO hands (table_id, number, start, deck, salt, commitment, over, started_at) "
                "VALUES ('t', 1, '{\"game\": \"passem\"}', 'As Kd', 's', 'c', false, 0) RETURNING id"))
            conn.execute(sa.text("INSERT INTO actions (hand_id, idx, seat, action, at) VALUES (:h, 0, 0, 'f', 0)"),
                         {"h": hand_id})
        command.upgrade(cfg, "head")
        action = next(c for c in sa.inspect(engine).get_columns("actions") if c["name"] == "action")
        assert isinstance(action["type"], sa.Text)
        store = Store(url, run_migrations=False)
        try:
            store.write("t", actions=[(1, 1, "x" * 500)], number=1)  # longer than the old VARCHAR(200)
            hand = store.hand("t", 1)
            assert hand is not None and hand.actions == [(0, "f"), (1, "x" * 500)]
        finally:
            store.close()
        with engine.begin() as conn:  # the old VARCHAR(200) cannot take it back
            conn.execute(sa.text("DELETE FROM actions WHERE idx = 1"))
        command.downgrade(cfg, "base")
        assert "actions" not in sa.inspect(engine).get_table_names()
    finally:
        engine.dispose()


def test_store_round_trip(cluster: Cluster) -> None:
    store = Store(cluster.new_database())
    try:
        assert store.url.startswith("postgresql+psycopg://")
        state = {"game": "passem", "names": ["Ann", "Bób"], "nested": {"x": [1, 2.5, None]}}
        store.create_table("t1", "h" * 64, "i" * 64, "w" * 64, state)
        store.create_table("t2", "h" * 64, "i" * 64, "w" * 64, {})
        assert sorted(store.table_ids()) == ["t1", "t2"]
        stored = store.table("t1")
        assert stored is not None and stored.state == state
        assert store.table("nope") is None
        deck = ["As", "Kd", "2c"]
        for number in (1, 2):
            store.write("t1", new_hand=({"game": "passem"}, deck, "s" * 64, "c" * 64), number=number)
            store.write("t2", new_hand=({"game": "sameem"}, deck, "s" * 64, "c" * 64), number=number)
        store.write("t1", actions=[(0, 1, "cbr 4"), (1, 0, "f")], number=2)
        long_action = "arrange " + " ".join(["As Kd Qh Jc Ts 9s"] * 20)
        store.write("t1", actions=[(2, 1, long_action)], finished=([5, -5], '{"h": 1}'), number=2,
                    state={"game": "passem", "after": 2})
        hand = store.hand("t1", 2)
        assert hand is not None and hand.over and hand.payoffs == [5, -5] and hand.deck == deck
        assert hand.actions == [(1, "cbr 4"), (0, "f"), (1, long_action)]
        last = store.last_hand("t1")
        assert last is not None and last.number == 2
        assert store.hand_list("t1") == [{"number": 2, "game": "passem", "payoffs": [5, -5],
                                          "commitment": "c" * 64}]
        assert store.hand_list("t2") == []
        after = store.table("t1")
        assert after is not None and after.state == {"game": "passem", "after": 2}
        with pytest.raises(KeyError):
            Store(store.url, run_migrations=False).write("t2", actions=[(0, 0, "f")], number=9)
    finally:
        store.close()


# ----- the server over PostgreSQL -----------------------------------------------------------------------
def test_bots_play_hands_and_the_ledger_balances(cluster: Cluster) -> None:
    with server_thread(cluster.new_database()) as base:
        made = create_table(base, game="passem", bots=1, approve_seats=False, stakes=LIMIT, buy_in=1000, **FAST)
        links = made["links"]
        token = parse_link(links["invite"]).token
        hands = 6

        async def scenario() -> None:
            seen: list[dict[str, Any]] = []
            bots = [BotClient(links["invite"], name=f"P{i}", kind="rule", seed=i,
                              on_message=seen.append if i == 0 else None) for i in range(2)]
            tasks = [asyncio.create_task(b.run()) for b in bots]
            try:
                end = asyncio.get_running_loop().time() + 90
                while not any(m["type"] == "state" and m["hand"] > hands for m in seen):
                    assert asyncio.get_running_loop().time() < end, "the bots did not play enough hands"
                    await asyncio.sleep(0.05)
            finally:
                for t in tasks:
                    t.cancel()
                await asyncio.gather(*tasks, return_exceptions=True)

        asyncio.run(scenario())
        listing = api(base, f"/api/tables/{made['table_id']}/hands?token={token}")
        assert len(listing) >= hands
        assert all(sum(h["payoffs"]) == 0 for h in listing)
        for h in listing[:2]:
            assert verify_hand(api(base, f"/api/tables/{made['table_id']}/hands/{h['number']}.json?token={token}")).ok
        csv = api(base, f"/api/tables/{made['table_id']}/ledger.csv?token={token}")
        total = csv.strip().splitlines()[-1].split(",")
        assert total[0] == "TOTAL" and total[-1] == "0", csv


def test_restart_resumes_a_hand_from_postgres(cluster: Cluster, tmp_path: Path) -> None:
    from test_server_restart import kill_mid_hand_and_resume  # the SQLite restart test's scenario

    url = cluster.new_database()
    table_id, hand_number = kill_mid_hand_and_resume(url, tmp_path, game="passem", stakes=LIMIT, hold_at=4)
    store = Store(url, run_migrations=False)  # it was PostgreSQL that kept the hand
    try:
        kept = store.hand(table_id, hand_number)
        assert kept is not None and kept.over and len(kept.actions) > 4
    finally:
        store.close()


# ----- a database that stops taking writes, or cannot be used --------------------------------------------
def test_a_read_only_postgres_halts_the_table_until_it_takes_writes(cluster: Cluster) -> None:
    from sqlalchemy import event

    from test_server_faults import halt_and_resume  # the SQLite fault test's scenario

    store = Store(cluster.new_database())
    flag = {"on": False}

    @event.listens_for(store.engine, "checkout")
    def _checkout(dbapi_conn: Any, _record: Any, _proxy: Any) -> None:
        mode = "READ ONLY" if flag["on"] else "READ WRITE"
        with dbapi_conn.cursor() as cur:
            cur.execute(f"SET SESSION CHARACTERISTICS AS TRANSACTION {mode}")
        dbapi_conn.commit()

    def readonly(on: bool) -> None:
        flag["on"] = on

    try:
        halt_and_resume(store, readonly)
    finally:
        store.close()


def run_sql(url: str, statement: str) -> None:
    """Run one SQL statement on the database at ``url`` (as someone else's program would)."""
    engine = sa.create_engine(url)
    try:
        with engine.begin() as conn:
            conn.execute(sa.text(statement))
    finally:
        engine.dispose()


def test_a_postgres_database_homegame_cannot_use_is_refused_in_one_sentence(cluster: Cluster) -> None:
    foreign = database_url(cluster.new_database())
    run_sql(foreign, "CREATE TABLE recipes (id serial PRIMARY KEY, title text)")
    with pytest.raises(StorageError, match="not a homegame database"):
        Store(foreign)
    newer = database_url(cluster.new_database())
    Store(newer).close()
    run_sql(newer, "UPDATE alembic_version SET version_num = '0099_from_the_future'")
    with pytest.raises(StorageError, match="newer homegame"):
        Store(newer)
    readonly = cluster.new_database()
    Store(readonly).close()
    with psycopg.connect(cluster.url(), autocommit=True) as conn:
        conn.execute(f'ALTER DATABASE "{readonly.rsplit("/", 1)[1]}" SET default_transaction_read_only = on')
    with pytest.raises(StorageError, match="read-only"):
        Store(readonly)


# ----- table ownership leases and fencing ---------------------------------------------------------------
def test_renewing_all_extends_every_lease_and_names_the_lost_on_postgres(cluster: Cluster) -> None:
    from test_lease import renewing_all_extends_every_lease_and_names_the_lost

    renewing_all_extends_every_lease_and_names_the_lost(cluster.new_database())


def test_a_stale_owner_cannot_write_over_the_new_one_on_postgres(cluster: Cluster) -> None:
    from test_lease import stale_owner_is_refused

    stale_owner_is_refused(cluster.new_database())


def test_a_paused_owner_that_continues_cannot_write_on_postgres(cluster: Cluster) -> None:
    from test_lease import paused_owner_is_fenced

    paused_owner_is_fenced(cluster.new_database())


def test_two_processes_racing_for_a_free_table_get_one_owner(cluster: Cluster) -> None:
    from concurrent.futures import ThreadPoolExecutor

    from homegame.server.lease import Leases
    from test_lease import fresh_table

    url = cluster.new_database()
    fresh_table(url)
    stores = [Store(url, run_migrations=False) for _ in range(6)]
    try:
        with ThreadPoolExecutor(6) as pool:
            got = list(pool.map(lambda i: Leases(stores[i], f"p{i}").acquire("t1"), range(6)))
        won = [lease for lease in got if lease is not None]
        assert len(won) == 1 and won[0].fence == 1
    finally:
        for s in stores:
            s.close()


def test_healthz_is_503_while_postgres_refuses_connections(cluster: Cluster) -> None:
    from fastapi.testclient import TestClient

    from homegame.server.app import create_app

    url = cluster.new_database()
    name = url.rsplit("/", 1)[1]
    with TestClient(create_app(url)) as client:
        assert client.get("/healthz").status_code == 200
        with psycopg.connect(cluster.url(), autocommit=True) as admin:
            admin.execute(f'ALTER DATABASE "{name}" ALLOW_CONNECTIONS false')
            admin.execute("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = %s", (name,))
            try:
                bad = client.get("/healthz")
                assert bad.status_code == 503 and bad.json()["database"].startswith("unreachable: "), bad.json()
            finally:
                admin.execute(f'ALTER DATABASE "{name}" ALLOW_CONNECTIONS true')
        assert client.get("/healthz").status_code == 200


def test_a_tournament_clock_is_stored_and_read_back_from_postgres(cluster: Cluster) -> None:
    """Issue 20: the tournaments table migrates on PostgreSQL, and a tournament's clock read by another
    store (a restarted server) is where it was."""
    from homegame.server.tournaments import HostAction, NewTournament, Tournaments

    url = cluster.new_database()
    first = Tournaments(Store(url), clock=lambda: 1000.0)
    tid, tokens = first.create(NewTournament(preset="turbo"))
    for name in ("Ann", "Bób"):
        first.change(tid, tokens["host"], HostAction(action="enter", name=name))
    first.change(tid, tokens["host"], HostAction(action="start"))
    first.change(tid, tokens["host"], HostAction(action="pause"))
    again = Tournaments(Store(url), clock=lambda: 5000.0)
    opened = again.read(tid, tokens["clock"])
    shown = opened.shown(5000.0)["clock"]
    assert opened.role == "clock" and shown["paused"] and shown["time_left"] == 360 and shown["entries"] == 2
