"""Presence locks on PostgreSQL (``homegame.server.lease``): a live owner's unexpired lease is kept,
even with ``idle_in_transaction_session_timeout`` set as ``docs/deploy.md`` advises and the owner idle
longer than it; the lease of an owner whose database session is gone (its process died) is taken over
at once, without waiting for it to run out.
"""

from __future__ import annotations

import time

import sqlalchemy as sa

from homegame.server.lease import Leases, presence_key
from homegame.server.storage import Store
from test_postgres import Cluster, cluster  # noqa: F401 - the throwaway PostgreSQL fixture


def test_a_live_owner_keeps_its_table_and_a_dead_ones_is_taken_at_once(cluster: Cluster) -> None:  # noqa: F811
    url = cluster.new_database()
    setup = Store(url)
    setup.create_table("t1", "h" * 64, "i" * 64, "w" * 64, {})
    with setup.engine.begin() as conn:
        name = conn.scalar(sa.text("SELECT current_database()"))
        conn.execute(sa.text(f'ALTER DATABASE "{name}" SET idle_in_transaction_session_timeout = \'1s\''))
    setup.close()
    ann_store, bob_store = Store(url, run_migrations=False), Store(url, run_migrations=False)
    try:
        ann, bob = Leases(ann_store, "ann", ttl=60), Leases(bob_store, "bob", ttl=60)
        assert ann.hold_presence() and bob.hold_presence()
        assert ann.acquire("t1") is not None
        assert ann.hold_presence()  # a renewal round's check of its session
        time.sleep(1.5)  # longer than the idle timeout: the presence session must still be there
        assert bob.acquire("t1") is None, "a live owner's table was taken"
        with bob_store.engine.begin() as conn:  # ann's process dies: its sessions end
            conn.execute(sa.text("SELECT pg_terminate_backend(pid) FROM pg_locks "
                                 "WHERE locktype = 'advisory' AND objid = :key AND pid <> pg_backend_pid()"),
                         {"key": presence_key("ann")})
        time.sleep(0.2)
        taken = bob.acquire("t1")
        assert taken is not None and taken.took_over == "ann" and taken.fence == 2
    finally:
        ann.drop_presence()
        bob.drop_presence()
        ann_store.close()
        bob_store.close()
