"""What the tests that start a service of their own (PostgreSQL, Redis, nginx) share: a missing binary
skips the test, or fails it where ``.ci/run`` demands the service (``HOMEGAME_REQUIRE_<NAME>=1``)."""

from __future__ import annotations

import os
import shutil
from typing import Any, NoReturn

import pytest

NGINX = shutil.which("nginx") or ("/usr/sbin/nginx" if os.path.exists("/usr/sbin/nginx") else None)


def missing(message: str, variable: str) -> NoReturn:
    """Skip with ``message``, or fail with it when the environment ``variable`` is ``1``."""
    if os.environ.get(variable) == "1":
        pytest.fail(message)
    pytest.skip(message)


def need_nginx() -> None:
    """Skip (or fail, under ``HOMEGAME_REQUIRE_NGINX=1``) a test that needs Debian's nginx when it is missing."""
    if NGINX is None:
        missing("nginx not found (run scripts/ensure-nginx.sh)", "HOMEGAME_REQUIRE_NGINX")


def alembic_steps(path: str) -> tuple[Any, str]:
    """An Alembic config for the server's migrations on a new SQLite file at ``path``, and its URL:
    for the tests that step a database up and down one revision at a time."""
    from alembic.config import Config

    from homegame.server.storage import MIGRATIONS, database_url

    url = database_url(f"sqlite:///{path}")
    cfg = Config()
    cfg.set_main_option("script_location", str(MIGRATIONS))
    cfg.set_main_option("sqlalchemy.url", url)
    return cfg, url
