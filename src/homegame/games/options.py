"""House-rule options (RULES.md §2-§7): their allowed values, defaults and validation."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True, slots=True)
class Option:
    """One house-rule option: a description of the allowed values, the default and a checker that
    returns the normalised value or raises ValueError."""

    allowed: str
    default: Any
    check: Callable[[str, Any], Any]


def choice(*values: str) -> Callable[[str, Any], Any]:
    """A checker for one of some words."""
    def check(name: str, value: Any) -> Any:
        if isinstance(value, int) and not isinstance(value, bool) and str(value) in values:
            value = str(value)  # low=27 means the rule '27'
        if value not in values:
            raise ValueError(f"{name}={value!r} is not allowed: use one of {', '.join(map(repr, values))}")
        return value
    return check


def flag(name: str, value: Any) -> Any:
    """A checker for True/False."""
    if not isinstance(value, bool):
        raise ValueError(f"{name}={value!r} is not allowed: use True or False")
    return value


def whole(lo: int, hi: int, *, none: bool = False) -> Callable[[str, Any], Any]:
    """A checker for an int in lo..hi (or None when ``none``)."""
    def check(name: str, value: Any) -> Any:
        if value is None and none:
            return None
        if isinstance(value, bool) or not isinstance(value, int) or not lo <= value <= hi:
            also = " or None" if none else ""
            raise ValueError(f"{name}={value!r} is not allowed: use a whole number from {lo} to {hi}{also}")
        return value
    return check


def passes(name: str, value: Any) -> Any:
    """A checker for the pass sizes: a sequence of 0 to 6 whole numbers from 1 to 6."""
    if isinstance(value, (str, bytes)) or not hasattr(value, "__iter__"):
        raise ValueError(f"{name}={value!r} is not allowed: use a sequence of card counts such as (4, 3, 2, 1)")
    out = tuple(value)
    if len(out) > 6 or any(isinstance(v, bool) or not isinstance(v, int) or not 1 <= v <= 6 for v in out):
        raise ValueError(f"{name}={value!r} is not allowed: use up to 6 card counts, each from 1 to 6, "
                         "such as (4, 3, 2, 1) or (3, 2, 1)")
    return out


LOW = Option("'a5', 'a6' or '27'", "a5", choice("a5", "a6", "27"))
QUALIFIER = Option("a whole number from 5 to 14 (the highest card a low may hold) or None; "
                   "default 8 with split='high-low', None otherwise", "auto", whole(5, 14, none=True))
SWING_TIES = Option("True or False", False, flag)
BURN = Option("True or False", True, flag)
DIRECTION = Option("'left' or 'right'", "left", choice("left", "right"))
OPENER = Option("'best-showing' or 'positional'", "best-showing", choice("best-showing", "positional"))


#: The splits of a high game (RULES.md §2); a lowball game (its default split ``low``) may also be played low.
HIGH_GAME_SPLITS = ("high", "high-low", "declare")


def split_option(default_split: str, allowed: str = "") -> Option:
    """The ``split`` option of a game whose default split is ``default_split``: a game played high is
    never played as lowball (RULES.md §2), so ``low`` is allowed only where it is the default.

    >>> split_option("high").check("split", "low")
    Traceback (most recent call last):
    ...
    ValueError: split='low' is not allowed: use one of 'high', 'high-low', 'declare'
    >>> split_option("low").check("split", "low"), split_option("high").allowed
    ('low', "'high', 'high-low' or 'declare'")
    """
    values = ("high", "low", "high-low", "declare") if default_split == "low" else HIGH_GAME_SPLITS
    words = [repr(v) for v in values]
    return Option(allowed or f"{', '.join(words[:-1])} or {words[-1]}", default_split, choice(*values))


def split_options(default_split: str, low: str = "a5") -> dict[str, Option]:
    """The four split options with the game's default split (and low rule)."""
    return {"split": split_option(default_split),
            "low": Option(LOW.allowed, low, LOW.check), "qualifier": QUALIFIER, "swing_ties": SWING_TIES}


def resolve(game: str, options: dict[str, Option], given: dict[str, Any]) -> dict[str, Any]:
    """Validate ``given`` against ``options``; return every option's value, defaults filled in."""
    unknown = [k for k in given if k not in options]
    if unknown:
        raise ValueError(f"{game} has no option {unknown[0]!r}; its options are: "
                         f"{', '.join(options) or 'none'}")
    out: dict[str, Any] = {}
    for name, opt in options.items():
        if name in given:
            out[name] = opt.check(name, given[name])
        else:
            out[name] = opt.default
    if out.get("qualifier") == "auto":
        out["qualifier"] = 8 if out.get("split") == "high-low" else None
    return out
