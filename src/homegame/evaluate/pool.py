"""A thread pool for the kernels (they release the GIL): big batches are split into one span per thread.

Each process has its own pool, so forked workers (simulation) never wait on their parent's threads.
The thread count is numba's (``NUMBA_NUM_THREADS``, the cores by default).
"""

from __future__ import annotations

import os
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import numba

_POOLS: dict[tuple[int, int], ThreadPoolExecutor] = {}


def threads() -> int:
    """How many threads the kernels may use."""
    return int(numba.get_num_threads())


def _pool(workers: int) -> ThreadPoolExecutor:
    key = (os.getpid(), workers)
    if key not in _POOLS:
        _POOLS[key] = ThreadPoolExecutor(max_workers=workers, thread_name_prefix="homegame")
    return _POOLS[key]


def run_all(jobs: list[Callable[[], Any]]) -> None:
    """Run every job, on the pool when there are several jobs and several threads."""
    workers = threads()
    if workers <= 1 or len(jobs) <= 1:
        for job in jobs:
            job()
        return
    futures = [_pool(workers).submit(job) for job in jobs]
    try:
        for future in futures:
            future.result()
    except BaseException:  # Ctrl-C (or a failed job): the jobs not started yet never start
        for future in futures:
            future.cancel()
        raise


def spans(n: int, parts: int) -> list[tuple[int, int]]:
    """``range(n)`` cut into at most ``parts`` nearly equal, non-empty spans."""
    parts = max(1, min(parts, n))
    size = -(-n // parts) if n else 0
    return [(start, min(n, start + size)) for start in range(0, n, size)] if n else []
