"""What the tests that start a service of their own (PostgreSQL, Redis, nginx) share: a missing binary
skips the test, or fails it where ``.ci/run`` demands the service (``HOMEGAME_REQUIRE_<NAME>=1``)."""

from __future__ import annotations

import os
import shutil
from typing import NoReturn

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
