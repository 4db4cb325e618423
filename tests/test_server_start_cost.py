"""What a server's start costs (issue 21 item 5): a start on a database already at the newest schema
checks it and goes on, without loading Alembic (about 1.5 s of a 19 s start at load 18, measured in
the kill runs' servers); an older schema is still migrated, and the revisions read from the migration
files are Alembic's own."""

from __future__ import annotations

import sqlite3
import subprocess
import sys
from pathlib import Path

from homegame.server.revisions import head_revision, known_revisions
from homegame.server.storage import MIGRATIONS, Store


def _alembic_script() -> object:
    from alembic.config import Config
    from alembic.script import ScriptDirectory

    cfg = Config()
    cfg.set_main_option("script_location", str(MIGRATIONS))
    return ScriptDirectory.from_config(cfg)


def test_the_revisions_read_from_the_files_are_alembics() -> None:
    script = _alembic_script()
    assert known_revisions() == {rev.revision for rev in script.walk_revisions()}  # type: ignore[attr-defined]
    assert head_revision() == script.get_current_head()  # type: ignore[attr-defined]


def test_a_database_at_the_newest_schema_opens_without_alembic(tmp_path: Path) -> None:
    db = tmp_path / "h.db"
    Store(f"sqlite:///{db}").close()
    code = ("import sys; from homegame.server.storage import Store; "
            f"Store('sqlite:///{db}').close(); print('alembic' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=120)
    assert out.stdout.strip() == "False", out.stderr


def test_an_older_schema_is_still_migrated(tmp_path: Path) -> None:
    from alembic import command
    from alembic.config import Config

    db = tmp_path / "old.db"
    cfg = Config()
    cfg.set_main_option("script_location", str(MIGRATIONS))
    cfg.set_main_option("sqlalchemy.url", f"sqlite:///{db}")
    command.upgrade(cfg, "0007")
    Store(f"sqlite:///{db}").close()
    with sqlite3.connect(db) as conn:
        assert [r[0] for r in conn.execute("SELECT version_num FROM alembic_version")] == [head_revision()]
