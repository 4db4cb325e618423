"""Game files checked away from the event loop: in a worker process with a time and a memory limit.

A host's game file is read and compiled (:func:`homegame.table.gamefiles.checked_file`) by a child
process before the table takes it, so however a file is built, no other table waits for it. The child
runs each check under :data:`TIME_LIMIT` seconds (an alarm in the child, and the server stops waiting
shortly after) and :data:`MEMORY_LIMIT` bytes more than it holds once started (``RLIMIT_AS``). A child
that runs over is killed and replaced; the upload is refused with a message saying which limit it hit.

>>> import asyncio
>>> worker = GameFileWorker()
>>> asyncio.run(worker.check("name = 'x'\\nplayers = [2, 66]\\n", "x.toml"))
'x.toml line 2: players must be [least, most], whole numbers from 2 to 10 with least <= most, not [2, 66]'
>>> worker.close()
"""

from __future__ import annotations

import asyncio
import contextlib
import multiprocessing
import os
import resource
import signal
from collections.abc import Callable
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from types import FrameType

from homegame.games.gamefile import GameFileError, check_limits
from homegame.table.gamefiles import clean_filename

#: Seconds one game file may take to check.
TIME_LIMIT = 2.0
#: Bytes of address space a check may add to what the worker holds once started.
MEMORY_LIMIT = 512 * 1024 * 1024
#: Seconds a new worker may take to start (import homegame) before its first check.
START_LIMIT = 60.0
#: Seconds the server waits past the time limit before it kills the worker.
GRACE = 1.0


class _OverTime(Exception):
    pass


def _limit_memory(extra: int) -> None:
    """In the worker, once: cap its address space at what it holds now plus ``extra`` bytes."""
    import homegame.table.gamefiles  # noqa: F401 - imported before the limit, so the limit is the check's

    with contextlib.suppress(OSError, ValueError):
        with open("/proc/self/statm", encoding="ascii") as statm:
            held = int(statm.read().split()[0]) * os.sysconf("SC_PAGE_SIZE")
        resource.setrlimit(resource.RLIMIT_AS, (held + extra, held + extra))


def _alarm(_signum: int, _frame: FrameType | None) -> None:
    raise _OverTime


def check_in_worker(text: str, filename: str | None, seconds: float) -> str | None:
    """In the worker: ``None`` if the file is one a table may take, else why not (the table's words)."""
    from homegame.table import TableError
    from homegame.table.gamefiles import checked_file

    previous = signal.signal(signal.SIGALRM, _alarm)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        checked_file(text, {}, filename)
    except TableError as exc:
        return str(exc)
    except _OverTime:
        return over_time(seconds)
    except MemoryError:
        return over_memory()
    except RecursionError:
        return "the game file nests too deeply to be read"
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
    return None


def _ready() -> bool:
    return True


def over_time(seconds: float) -> str:
    """The refusal of a file that took too long."""
    return f"the game file took longer than {seconds:g} s to check, the most one may take; it was not added"


def over_memory() -> str:
    """The refusal of a file that needed too much memory."""
    return (f"the game file needed more than {MEMORY_LIMIT // (1024 * 1024)} MiB to check, the most one may; "
            "it was not added")


class GameFileWorker:
    """One worker process that checks game files, replaced whenever a check runs over its limits.

    ``check`` (a module-level function, run in the worker) is :func:`check_in_worker` unless a test
    gives another."""

    def __init__(self, seconds: float = TIME_LIMIT, memory: int = MEMORY_LIMIT,
                 check: Callable[[str, str | None, float], str | None] = check_in_worker) -> None:
        self.seconds, self.memory, self._check = seconds, memory, check
        self._pool: ProcessPoolExecutor | None = None
        self._started: Future[bool] | None = None  # the new worker's first job: it has started
        #: Workers killed or lost for running over a limit (for tests and logs).
        self.replaced = 0

    def _start(self) -> ProcessPoolExecutor:
        if self._pool is None:
            self._pool = ProcessPoolExecutor(1, mp_context=multiprocessing.get_context("spawn"),
                                             initializer=_limit_memory, initargs=(self.memory,))
            self._started = self._pool.submit(_ready)
        return self._pool

    async def check(self, text: str, filename: str | None) -> str | None:
        """``None`` if the file may be added, else why not; never blocks the event loop (the size and
        shape limits, linear in the text, are checked here first: a bomb costs no trip to the worker)."""
        try:
            check_limits(text, clean_filename(filename))
        except GameFileError as exc:
            return str(exc)
        pool = self._start()
        assert self._started is not None
        try:
            await asyncio.wait_for(asyncio.wrap_future(self._started), START_LIMIT)
            job = asyncio.wrap_future(pool.submit(self._check, text, filename, self.seconds))
            return await asyncio.wait_for(job, self.seconds + GRACE)
        except TimeoutError:
            self._replace()
            return over_time(self.seconds)
        except (BrokenProcessPool, MemoryError):
            self._replace()
            return over_memory()

    def _replace(self) -> None:
        """Kill the worker (it ran over) so the next check starts a fresh one."""
        pool, self._pool, self._started = self._pool, None, None
        self.replaced += 1
        if pool is not None:
            for process in list(getattr(pool, "_processes", {}).values()):  # the executor has no kill of its own
                with contextlib.suppress(Exception):
                    process.kill()
            pool.shutdown(wait=False, cancel_futures=True)

    def close(self) -> None:
        """Stop the worker."""
        pool, self._pool, self._started = self._pool, None, None
        if pool is not None:
            pool.shutdown(wait=True, cancel_futures=True)


__all__ = ["GRACE", "MEMORY_LIMIT", "TIME_LIMIT", "GameFileWorker", "check_in_worker", "over_memory", "over_time"]
