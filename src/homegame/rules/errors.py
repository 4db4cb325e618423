"""The engine's errors."""

from __future__ import annotations


class IllegalAction(ValueError):
    """An action that is malformed, out of turn or not allowed now.

    The message says what was wrong and what is allowed; the hand is left exactly as it was.

    >>> issubclass(IllegalAction, ValueError)
    True
    """
