"""Where numba keeps the evaluator's compiled kernels: the user's cache folder, not site-packages.

:func:`configure` runs when ``homegame`` is imported, before numba is: unless ``NUMBA_CACHE_DIR`` is set,
it becomes ``$XDG_CACHE_HOME/homegame/numba`` (``~/.cache/homegame/numba`` by default), so a read-only
install keeps its compiled kernels and a new install compiles them once.

>>> import os
>>> cache_dir({"XDG_CACHE_HOME": "/tmp/c"}) == os.path.join("/tmp/c", "homegame", "numba")
True
>>> cache_dir({"NUMBA_CACHE_DIR": "/srv/numba", "XDG_CACHE_HOME": "/tmp/c"})
'/srv/numba'
"""

from __future__ import annotations

import os
from collections.abc import Mapping


def cache_dir(env: Mapping[str, str] | None = None) -> str:
    """The folder numba caches homegame's kernels in: ``NUMBA_CACHE_DIR`` when set, else the user's cache."""
    env = os.environ if env is None else env
    if env.get("NUMBA_CACHE_DIR"):
        return env["NUMBA_CACHE_DIR"]
    base = env.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return os.path.join(base, "homegame", "numba")


def configure() -> None:
    """Point numba's cache at :func:`cache_dir` (numba reads ``NUMBA_CACHE_DIR`` once, when imported)."""
    os.environ.setdefault("NUMBA_CACHE_DIR", cache_dir())
