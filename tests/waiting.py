"""How long a test may wait for something to happen before it calls the wait stuck: one hang guard for
the whole suite, far beyond any wait on a loaded machine. A test waits for the thing itself (a message,
a state, a row, a port), never for a time; this bound only turns a hang into a failure with a sentence.

>>> HANG >= 60
True
"""

from __future__ import annotations

#: Seconds.
HANG = 120.0
