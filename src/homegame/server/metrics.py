"""What ``GET /metrics`` shows: a few counters, gauges and one histogram, in Prometheus's text
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
"""

from __future__ import annotations

import bisect
import math
import time
from dataclasses import dataclass, field

#: The content type of the text exposition format.
CONTENT_TYPE = "text/plain; version=0.0.4; charset=utf-8"
#: Upper bounds (seconds) of the action latency histogram's buckets.
BUCKETS = (0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5)

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
class Metrics:
    """One process's counters and the action latency histogram."""

    actions: int = 0
    failovers: int = 0
    latency_sum: float = 0.0
    buckets: list[int] = field(default_factory=lambda: [0] * len(BUCKETS))

    def action(self, seconds: float) -> None:
        """Count one handled action that took ``seconds``."""
        self.actions += 1
        self.latency_sum += seconds
        i = bisect.bisect_left(BUCKETS, seconds)
        if i < len(BUCKETS):
            self.buckets[i] += 1

    def failover(self) -> None:
        """Count one table taken over from an owner whose lease ran out."""
        self.failovers += 1

    def render(self, gauges: dict[str, float]) -> str:
        """The exposition text: the ``gauges`` given (names from :data:`GAUGES`), the counters, the
        histogram."""
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
                  "# HELP homegame_action_seconds Seconds from receiving an action to having stored and sent it.",
                  "# TYPE homegame_action_seconds histogram"]
        running = 0
        for bound, count in zip(BUCKETS, self.buckets, strict=True):
            running += count
            lines.append(f'homegame_action_seconds_bucket{{le="{_number(bound)}"}} {running}')
        lines += [f'homegame_action_seconds_bucket{{le="+Inf"}} {self.actions}',
                  f"homegame_action_seconds_sum {_number(self.latency_sum)}",
                  f"homegame_action_seconds_count {self.actions}"]
        return "\n".join(lines) + "\n"


__all__ = ["BUCKETS", "CONTENT_TYPE", "GAUGES", "Metrics"]
