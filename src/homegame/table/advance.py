"""Acting in advance: one queued pre-action per seat, kept while the bet it faces stays the same.

A pre-action is ``check/fold``, ``check``, ``call N`` (the amount the seat faces now) or ``call any``.
It remembers what it was queued against (the hand, the betting round and the cost to call); when any
of those changes before the seat's turn, it is dropped and the seat told why, so it never acts on a
later street or against a bigger bet than the one the player saw; only ``call any`` keeps through a
raise in the same round (calling whatever it costs is what it says). No I/O, no clock.
"""

from __future__ import annotations

import re
from collections.abc import Collection
from typing import Any

from homegame.table.seats import TableError

#: What a seat may queue (``call N`` carries the amount).
PRE_ACTIONS = ("check/fold", "check", "call N", "call any")
_CALL = re.compile(r"^call (\d{1,9})$")


def facing(hand: Any, number: int, hs: int) -> list[int]:
    """What a pre-action of hand seat ``hs`` is queued against: ``[hand number, step, cost to call]``."""
    bets = [int(x) for x in hand.bets]
    cost = min(max(bets) - bets[hs], int(hand.stacks[hs]))
    return [number, int(hand.step_index), cost]


def parse(text: str, cost: int) -> tuple[str, int | None]:
    """The pre-action ``text`` as ``(kind, amount)`` for a seat that faces ``cost``; :class:`TableError`
    saying what is allowed otherwise.

    >>> parse("call 4", 4)
    ('call', 4)
    >>> parse("check", 2)
    Traceback (most recent call last):
    ...
    homegame.table.seats.TableError: you face a bet of 2, so you cannot check in advance; queue check/fold, call 2 or call any
    """
    words = " ".join(text.lower().split())
    if words in ("check/fold", "call any"):
        return words, None
    if words == "check":
        if cost > 0:
            raise TableError(f"you face a bet of {cost}, so you cannot check in advance; queue check/fold, "
                             f"call {cost} or call any")
        return "check", None
    m = _CALL.match(words)
    if m:
        amount = int(m.group(1))
        if cost == 0:
            raise TableError("there is no bet to call; queue check, check/fold or call any")
        if amount != cost:
            raise TableError(f"the bet you face costs {cost} to call, not {amount}; queue 'call {cost}' "
                             "(it is dropped if the bet changes) or 'call any'")
        return "call", amount
    raise TableError(f"unknown pre-action {text[:30]!r}; queue one of {', '.join(PRE_ACTIONS)}, or null to clear")


def resolve(kind: str, verbs: Collection[str]) -> str | None:
    """The action a pre-action plays given the kinds of the seat's legal actions (``option.kind`` of
    ``hand.legal_actions``), or ``None`` if it cannot.

    >>> resolve("check/fold", {"fold", "call", "raise"})
    'fold'
    >>> resolve("call any", {"check", "bet"})
    'check'
    """
    if kind == "check/fold":
        return "check" if "check" in verbs else "fold" if "fold" in verbs else None
    if kind == "check":
        return "check" if "check" in verbs else None
    if kind in ("call", "call any"):
        return "call" if "call" in verbs else "check" if "check" in verbs and kind == "call any" else None
    return None


def label(pre: dict[str, Any]) -> str:
    """A pre-action in words, as the player queued it."""
    return f"call {pre['amount']}" if pre["action"] == "call" else str(pre["action"])


def drop_reason(pre: dict[str, Any], now: list[int] | None) -> str:
    """Why a pre-action queued against ``pre['key']`` no longer holds when the seat now faces ``now``."""
    was = f"your pre-action '{label(pre)}' was dropped"
    if now is None:
        return f"{was}: you are no longer in a betting round of this hand"
    number, step, cost = pre["key"]
    if now[0] != number or now[1] != step:
        return f"{was}: the betting round ended; choose again"
    return f"{was}: the bet you face changed from {cost} to {now[2]}; choose again"


__all__ = ["PRE_ACTIONS", "drop_reason", "facing", "label", "parse", "resolve"]
