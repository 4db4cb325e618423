"""The table's house rules for each hand (issue 10): a straddle, bomb pots (called by the host for the
next hand, or every N hands), the chip, the showdown rule and rabbit hunting. They become the hand's
engine options (``docs/engine-api.md``, Hand options) when it is dealt, so the stored start of a hand
says how it was dealt and every replay deals the same hand. No I/O, no clock.

>>> check_house({"straddle": "utg", "bomb_every": 5, "bomb_ante": 4})
{'straddle': 'utg', 'bomb_every': 5, 'bomb_ante': 4}
>>> check_house({"straddle": "left"})
Traceback (most recent call last):
...
homegame.table.seats.TableError: straddle must be off (null), 'utg' or 'button' (the seat is asked each hand), or 'utg-mandatory' or 'button-mandatory', not 'left'
>>> hand_options({"bomb_every": 3, "bomb_ante": 2, "straddle": "utg"}, number=6, bomb_next=False)
{'bomb_pot': 2}
>>> hand_options({"straddle": "utg", "showdown": "muck-losers"}, number=7, bomb_next=False)
{'straddle': 'utg', 'showdown': 'muck-losers'}
"""

from __future__ import annotations

from typing import Any

from homegame.table.seats import TableError

#: The straddle house rule's values: asked each hand, or posted every hand (still never all in).
STRADDLE_RULES = ("utg", "button", "utg-mandatory", "button-mandatory")


def straddle_kind(rule: Any) -> str | None:
    """The engine's straddle option (``"utg"`` or ``"button"``) for the house rule ``rule``.

    >>> straddle_kind("utg-mandatory"), straddle_kind("button"), straddle_kind(None)
    ('utg', 'button', None)
    """
    return str(rule).removesuffix("-mandatory") if rule in STRADDLE_RULES else None


def is_asked(rule: Any) -> bool:
    """Whether the straddling seat is asked each hand (the default straddle rule), not made to post it.

    >>> is_asked("utg"), is_asked("utg-mandatory"), is_asked(None)
    (True, False, False)
    """
    return rule in ("utg", "button")

#: The house rules a host may set, with their defaults (off).
HOUSE_DEFAULTS: dict[str, Any] = {"straddle": None, "bomb_ante": 0, "bomb_every": 0, "chip": 1,
                                  "showdown": None, "rabbit": False, "run_twice": False}
_MAX = 10**7


def _whole(name: str, value: Any, least: int, most: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not least <= value <= most:
        raise TableError(f"{name} must be a whole number from {least} to {most}, not {value!r}")
    return value


def check_house(changes: dict[str, Any]) -> dict[str, Any]:
    """The house rules in ``changes`` checked (:class:`TableError` saying what is allowed otherwise)."""
    out: dict[str, Any] = {}
    for key, value in changes.items():
        if key not in HOUSE_DEFAULTS:
            raise TableError(f"unknown house rule {key!r}; house rules are {', '.join(HOUSE_DEFAULTS)}")
        if key == "straddle" and value is not None and value not in STRADDLE_RULES:
            raise TableError(f"straddle must be off (null), 'utg' or 'button' (the seat is asked each hand), "
                             f"or 'utg-mandatory' or 'button-mandatory', not {value!r}")
        if key == "showdown" and value not in (None, "show-all", "muck-losers"):
            raise TableError(f"showdown must be 'show-all' or 'muck-losers', not {value!r}")
        if key in ("rabbit", "run_twice") and type(value) is not bool:
            raise TableError(f"{key} must be true or false, not {value!r}")
        if key == "bomb_ante":
            _whole("the bomb pot's ante", value, 0, _MAX)
        if key == "bomb_every":
            _whole("a bomb pot every N hands", value, 0, 1000)
        if key == "chip":
            _whole("the chip", value, 1, _MAX)
        out[key] = value
    return out


def is_bomb(house: dict[str, Any], number: int, bomb_next: bool) -> bool:
    """Whether hand ``number`` is a bomb pot: the host called one, or every N hands (N, 2N, …)."""
    if not house.get("bomb_ante"):
        return False
    every = int(house.get("bomb_every") or 0)
    return bomb_next or (every > 0 and number % every == 0)


def hand_options(house: dict[str, Any], *, number: int, bomb_next: bool) -> dict[str, Any]:
    """The engine options for hand ``number`` (only those that differ from the engine's defaults)."""
    opts: dict[str, Any] = {}
    if is_bomb(house, number, bomb_next):
        opts["bomb_pot"] = int(house["bomb_ante"])
    elif straddle_kind(house.get("straddle")):
        opts["straddle"] = straddle_kind(house["straddle"])
    if int(house.get("chip") or 1) > 1:
        opts["chip"] = int(house["chip"])
    if house.get("showdown"):
        opts["showdown"] = house["showdown"]
    if house.get("rabbit"):
        opts["rabbit"] = True
    return opts


def agree_at(hand: Any, agreements: list[list[Any]], count: int) -> None:
    """Replay the run-it-twice agreements made after ``count`` actions (``[count, seat, agrees]``)."""
    for at, seat, agrees in agreements:
        if int(at) == count:
            hand.agree_run_twice(int(seat), bool(agrees))


def said(key: str, value: Any) -> str:
    """One house rule as the notices say it.

    >>> said("straddle", "utg"), said("rabbit", False), said("bomb_every", 0)
    ('a straddle under the gun (asked each hand)', 'no rabbit hunt', 'bomb pots only when called')
    """
    if key == "straddle":
        kind = {"utg": "a straddle under the gun", "button": "a button straddle"}.get(straddle_kind(value) or "")
        if kind is None:
            return "no straddle"
        return f"{kind} (asked each hand)" if is_asked(value) else f"{kind} every hand"
    if key == "bomb_ante":
        return f"bomb pot ante {value}" if value else "no bomb pot ante"
    if key == "bomb_every":
        return f"a bomb pot every {value} hands" if value else "bomb pots only when called"
    if key == "chip":
        return f"chip {value}"
    if key == "showdown":
        return "losers may muck" if value == "muck-losers" else "everyone shows at the showdown"
    if key == "rabbit":
        return "rabbit hunt allowed" if value else "no rabbit hunt"
    if key == "run_twice":
        return "run it twice allowed" if value else "no running it twice"
    return f"{key} {value}"


def words(opts: dict[str, Any]) -> str:
    """The hand's options in a few words for the table's notices.

    >>> words({"straddle": "button", "chip": 5})
    'a button straddle, chip 5'
    """
    parts = []
    if opts.get("bomb_pot"):
        parts.append(f"a bomb pot: everyone antes {opts['bomb_pot']}")
    if opts.get("straddle"):
        parts.append("a straddle under the gun" if opts["straddle"] == "utg" else "a button straddle")
    if opts.get("chip"):
        parts.append(f"chip {opts['chip']}")
    return ", ".join(parts)


__all__ = ["HOUSE_DEFAULTS", "STRADDLE_RULES", "is_asked", "straddle_kind", "agree_at", "check_house", "hand_options", "is_bomb", "said", "words"]
