"""What ``GET /metrics`` shows: a few counters, gauges and four histograms, in Prometheus's text
exposition format (version 0.0.4: ``# HELP`` and ``# TYPE`` lines, then ``name value`` samples; a
histogram's buckets are cumulative and end with ``le="+Inf"``, followed by ``_sum`` and ``_count``).

>>> m = Metrics()
>>> m.action(0.004)
>>> m.action(0.3)
>>> text = m.render({"homegame_tables_owned": 2, "homegame_connections": 5})
>>> print(text[text.index("# HELP homegame_action_seconds"):].split("le=\\"0.025\\"")[0])
# HELP homegame_action_seconds Seconds from receiving an action to having stored and sent it.
# TYPE homegame_action_seconds histogram
homegame_action_seconds_bucket{le="0.001"} 0
homegame_action_seconds_bucket{le="0.0025"} 0
homegame_action_seconds_bucket{le="0.005"} 1
homegame_action_seconds_bucket{le="0.01"} 1
homegame_action_seconds_bucket{
>>> "process_cpu_seconds_total " in text and "homegame_actions_total 2" in text and 'homegame_action_seconds_bucket{le="+Inf"} 2' in text
True
>>> m.message(0.0004)
>>> m.loop_lag(0.3)
>>> 'homegame_message_seconds_bucket{le="0.0005"} 1' in m.render({})
True
>>> 'homegame_event_loop_lag_seconds_bucket{le="0.25"} 0' in m.render({})
True
"""

from __future__ import annotations

import asyncio
import bisect
import math
import time
from dataclasses import dataclass, field

#: The content type of the text exposition format.
CONTENT_TYPE = "text/plain; version=0.0.4; charset=utf-8"
#: Upper bounds (seconds) of the action latency histogram's buckets.
BUCKETS = (0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5)
#: Upper bounds (seconds) of the message handling histogram's buckets (most messages take well under 1 ms).
MESSAGE_BUCKETS = (0.0001, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1.0)
#: Upper bounds (seconds) of the event loop lag histogram's buckets.
LAG_BUCKETS = (0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0)
#: Seconds between two measures of the event loop's lag.
LAG_EVERY = 0.25

#: Help and type of each gauge the server reports at render time.
GAUGES = {
    "homegame_tables_owned": "Tables this process owns (plays and writes) right now.",
    "homegame_connections": "Open websocket connections to this process.",
    "homegame_database_up": "1 when the database answered the last check, else 0.",
    "homegame_redis_up": "1 when Redis is connected, 0 when it is not, absent without --redis.",
}


def _number(value: float) -> str:
    """A sample value as the format writes it.

    >>> _number(3), _number(0.25), _number(math.inf)
    ('3', '0.25', '+Inf')
    """
    if math.isinf(value):
        return "+Inf" if value > 0 else "-Inf"
    if float(value).is_integer() and abs(value) < 1e15:
        return str(int(value))
    return repr(float(value))


@dataclass
class Histogram:
    """One histogram: its name, help, bucket bounds (seconds) and what was observed."""

    name: str
    help: str
    bounds: tuple[float, ...]
    count: int = 0
    total: float = 0.0
    counts: list[int] = field(default_factory=list)

    def observe(self, seconds: float) -> None:
        """Count one observation of ``seconds``."""
        if not self.counts:
            self.counts = [0] * len(self.bounds)
        self.count += 1
        self.total += seconds
        i = bisect.bisect_left(self.bounds, seconds)
        if i < len(self.bounds):
            self.counts[i] += 1

    def lines(self) -> list[str]:
        """The exposition lines: help, type, the cumulative buckets, ``_sum`` and ``_count``."""
        out = [f"# HELP {self.name} {self.help}", f"# TYPE {self.name} histogram"]
        running = 0
        for bound, count in zip(self.bounds, self.counts or [0] * len(self.bounds), strict=True):
            running += count
            out.append(f'{self.name}_bucket{{le="{_number(bound)}"}} {running}')
        return out + [f'{self.name}_bucket{{le="+Inf"}} {self.count}', f"{self.name}_sum {_number(self.total)}",
                      f"{self.name}_count {self.count}"]


@dataclass
class Metrics:
    """One process's counters and histograms."""

    failovers: int = 0
    latency: Histogram = field(default_factory=lambda: Histogram(
        "homegame_action_seconds", "Seconds from receiving an action to having stored and sent it.", BUCKETS))
    messages: Histogram = field(default_factory=lambda: Histogram(
        "homegame_message_seconds", "Seconds the event loop spent handling one client message (its step).",
        MESSAGE_BUCKETS))
    clock_steps: Histogram = field(default_factory=lambda: Histogram(
        "homegame_clock_step_seconds", "Seconds the event loop spent on one step the clock made (a bot's or a "
        "timed-out player's action, a deal).", MESSAGE_BUCKETS))
    lag: Histogram = field(default_factory=lambda: Histogram(
        "homegame_event_loop_lag_seconds", f"Seconds the event loop was late waking a {LAG_EVERY:g} s timer.",
        LAG_BUCKETS))

    @property
    def actions(self) -> int:
        """Actions handled."""
        return self.latency.count

    def action(self, seconds: float) -> None:
        """Count one handled action that took ``seconds``."""
        self.latency.observe(seconds)

    def message(self, seconds: float) -> None:
        """Count one client message whose step held the event loop ``seconds``."""
        self.messages.observe(seconds)

    def clock_step(self, seconds: float) -> None:
        """Count one step made by the clock (no message) that held the event loop ``seconds``."""
        self.clock_steps.observe(seconds)

    def loop_lag(self, seconds: float) -> None:
        """Count one measure of how late the event loop woke a timer."""
        self.lag.observe(seconds)

    def failover(self) -> None:
        """Count one table taken over from an owner whose lease ran out."""
        self.failovers += 1

    def render(self, gauges: dict[str, float]) -> str:
        """The exposition text: the ``gauges`` given (names from :data:`GAUGES`), the counters, the
        histograms."""
        lines: list[str] = []
        for name, value in gauges.items():
            lines += [f"# HELP {name} {GAUGES[name]}", f"# TYPE {name} gauge", f"{name} {_number(value)}"]
        lines += ["# HELP homegame_actions_total Actions this process has handled.",
                  "# TYPE homegame_actions_total counter", f"homegame_actions_total {self.actions}",
                  "# HELP homegame_failovers_total Tables this process took over from an owner that stopped "
                  "renewing its lease.",
                  "# TYPE homegame_failovers_total counter", f"homegame_failovers_total {self.failovers}",
                  # the usual process metric: CPU seconds over actions is what one action costs this process
                  "# HELP process_cpu_seconds_total Total user and system CPU time spent in seconds.",
                  "# TYPE process_cpu_seconds_total counter", f"process_cpu_seconds_total {_number(time.process_time())}",
                  *self.latency.lines(), *self.messages.lines(), *self.clock_steps.lines(),
                  *self.lag.lines()]
        return "\n".join(lines) + "\n"


async def watch_lag(metrics: Metrics, every: float = LAG_EVERY) -> None:
    """Measure the event loop's lag until cancelled: how much later than asked a timer of ``every``
    seconds wakes (a step that holds the loop shows here, whatever table it belongs to)."""
    while True:
        asked = time.perf_counter() + every
        await asyncio.sleep(every)
        metrics.loop_lag(max(0.0, time.perf_counter() - asked))


__all__ = ["BUCKETS", "CONTENT_TYPE", "GAUGES", "LAG_BUCKETS", "LAG_EVERY", "MESSAGE_BUCKETS", "Histogram", "Metrics",
           "watch_lag"]
