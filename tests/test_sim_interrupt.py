"""Ctrl-C during ``homegame simulate`` stops the run at once: no hang on a pool whose workers died, no
traceback, no semaphores left for multiprocessing's resource tracker to complain about."""

from __future__ import annotations

import os
import sys
import time

import pexpect

from waiting import HANG


def test_ctrl_c_stops_a_simulation_cleanly() -> None:
    # a terminal (not a dumb one), so that the progress bar is drawn: it says when hands are finishing
    env = {**os.environ, "NO_COLOR": "1", "COLUMNS": "120", "TERM": "xterm"}
    child = pexpect.spawn(sys.executable, ["-c", "from homegame.cli import main; main()", "simulate", "passem",
                                           "--hands", "200000", "--workers", "2"],
                          env=env, encoding="utf-8", timeout=HANG)
    child.expect(r"\b[1-9][\d,]*/200,?000\b")  # the workers are running: some hands are done
    started = time.perf_counter()
    child.sendintr()
    child.expect(r"Stopped by Ctrl-C after [\d,]+ of 200,000 hands")
    child.expect(pexpect.EOF, timeout=20)
    stopped = time.perf_counter() - started
    output = child.before or ""
    child.close()
    assert child.exitstatus == 130
    assert "Traceback" not in output and "leaked" not in output
    assert stopped < 15
