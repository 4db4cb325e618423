"""Reading the command line's game, house-rule and stakes options, and turning bad input into usage errors.

>>> parse_rules(["split=high-low", "low=a6", "passes=3,2,1", "burn=false", "qualifier=none"])
{'split': 'high-low', 'low': 'a6', 'passes': (3, 2, 1), 'burn': False, 'qualifier': None}
>>> parse_rules(["low=27", "qualifier=7", "Passes=2", "SPLIT=High-Low"])
{'low': '27', 'qualifier': 7, 'passes': (2,), 'split': 'high-low'}
>>> parse_stakes("nl 1/2")
Stakes(structure='no-limit', ante=0, blinds=(1, 2), small_bet=0, big_bet=0, bring_in=0, bb_ante=0)
>>> parse_stakes("fixed-limit ante=1 bets=2/4").big_bet
4
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import Any

import typer

STRUCTURE_ALIASES = {
    "fixed-limit": "fixed-limit", "fixed": "fixed-limit", "limit": "fixed-limit", "fl": "fixed-limit",
    "pot-limit": "pot-limit", "pl": "pot-limit", "no-limit": "no-limit", "nl": "no-limit",
}
_PAIR = re.compile(r"(\d+)/(\d+)")

#: Shown in the help of every command that takes --stakes.
STAKES_HELP = ('Stakes: a structure (fixed-limit|fl, pot-limit|pl, no-limit|nl) then any of ante=N, '
               'blinds=S/B, bets=SMALL/BIG, bring-in=N; a bare S/B means bets in fixed-limit, blinds '
               'otherwise. Example: "nl 1/2", "fl ante=1 bets=2/4". Default: fixed-limit, ante 1, bets 2/4.')
RULE_HELP = ("A house rule KEY=VALUE (repeat for more), e.g. --rule split=high-low --rule low=a6 "
             "--rule passes=3,2,1. See `homegame games` for each game's rules and defaults.")


#: House rules whose values are always words, even when they look like numbers (``low=27``).
WORD_RULES = frozenset({"low", "split", "pass_direction", "roll_opener", "first_to_act"})


#: House rules whose values are lists of numbers, even of one number (``passes=2`` is one pass of two).
LIST_RULES = frozenset({"passes"})


#: The most chips a stack, blind, ante or bet may hold on the command line: the server's limit
#: (``homegame.server.protocol.MAX_CHIPS``, tests/test_cli_bounds.py checks they agree).
MAX_CHIPS = 10**7


class OptionError(ValueError):
    """Command-line text that does not say a valid rule or stakes."""


def check_chips(name: str, value: int, least: int = 1) -> int:
    """``value`` when it is from ``least`` to :data:`MAX_CHIPS` chips, else OptionError naming ``name``.

    >>> check_chips("--stack", 10**20)
    Traceback (most recent call last):
    ...
    homegame.cli.options.OptionError: --stack must be from 1 to 10000000 chips, not 100000000000000000000
    """
    if not least <= value <= MAX_CHIPS:
        raise OptionError(f"{name} must be from {least} to {MAX_CHIPS} chips, not {value}")
    return value


def parse_value(text: str) -> Any:
    """A house-rule value from text: a number, true/false, none, a comma list of numbers, or a word."""
    raw = text.strip()
    lowered = raw.lower()
    if lowered in ("true", "yes", "on"):
        return True
    if lowered in ("false", "no", "off"):
        return False
    if lowered in ("none", "null"):
        return None
    if re.fullmatch(r"-?\d+", raw):
        return int(raw)
    inner = raw.strip("()[]")
    if "," in inner and all(re.fullmatch(r"\s*-?\d+\s*", p) for p in inner.split(",") if p.strip()):
        return tuple(int(p) for p in inner.split(",") if p.strip())
    return raw


def parse_rules(items: Sequence[str] | None) -> dict[str, Any]:
    """``["key=value", ...]`` to keyword arguments for ``hg.game``."""
    rules: dict[str, Any] = {}
    for item in items or ():
        key, sep, value = item.partition("=")
        if not sep or not key.strip():
            raise OptionError(f"house rule {item!r} is not KEY=VALUE (for example low=a6)")
        name = key.strip().lower().replace("-", "_")
        parsed = value.strip().lower() if name in WORD_RULES else parse_value(value)
        rules[name] = (parsed,) if name in LIST_RULES and isinstance(parsed, int) else parsed
    return rules


def parse_stakes(text: str) -> Any:
    """Stakes from text such as ``"nl 1/2"`` or ``"fl ante=1 bets=2/4 bring-in=1"``."""
    from homegame.rules import Stakes

    tokens = text.replace(",", " ").split()
    if not tokens or tokens[0].lower() not in STRUCTURE_ALIASES:
        raise OptionError(f"stakes {text!r} must start with a structure: {', '.join(STRUCTURE_ALIASES)}")
    structure = STRUCTURE_ALIASES[tokens[0].lower()]
    fields: dict[str, Any] = {}
    for token in tokens[1:]:
        key, sep, value = token.partition("=")
        if not sep:
            key, value = ("bets" if structure == "fixed-limit" else "blinds"), token
        key = key.lower().replace("-", "_")
        pair = _PAIR.fullmatch(value)
        if key in ("blinds", "bets"):
            if pair is None:
                raise OptionError(f"{key} in stakes must be SMALL/BIG such as 1/2, not {value!r}")
            small, big = (check_chips(f"{key} in stakes", int(pair.group(i)), 0) for i in (1, 2))
            if key == "blinds":
                fields["blinds"] = (small, big)
            else:
                fields["small_bet"], fields["big_bet"] = small, big
        elif key in ("ante", "bring_in", "small_bet", "big_bet"):
            if not value.isdigit():
                raise OptionError(f"{key} in stakes must be a whole number of chips, not {value!r}")
            fields[key] = check_chips(f"{key} in stakes", int(value), 0)
        else:
            raise OptionError(f"unknown stakes item {token!r}: use ante=, blinds=, bets=, bring-in=")
    return Stakes(structure, **fields)


def allowed_text(text: str) -> str:
    """A house rule's allowed values as they are typed on the command line (no Python quotes or capitals).

    >>> allowed_text("True or False")
    'true or false'
    >>> allowed_text("'high', 'high-low' or 'declare'")
    'high, high-low or declare'
    >>> allowed_text("a whole number from 5 to 14 or None; default 8 with split='high-low', None otherwise")
    'a whole number from 5 to 14 or none; default 8 with split=high-low, none otherwise'
    """
    words = re.sub(r"'([^']*)'", r"\1", text)
    return re.sub(r"\b(True|False|None)\b", lambda m: m.group(1).lower(), words)


def load_game(name: str | None, rules: Sequence[str] | None, file: str | None = None) -> Any:
    """The game named on the command line (or read from a game file) with its house rules (neither: an
    error listing the games)."""
    import homegame as hg

    if file is not None:
        if name is not None:
            raise OptionError(f"name a game ({name!r}) or give --game-file, not both")
        from pathlib import Path

        return _with_rules(lambda chosen: hg.load_game(Path(file), **chosen), rules)
    if name is None or not name.strip():
        raise OptionError(f"name a game: {', '.join(hg.game_names())} (homegame games describes each one), "
                          "or give --game-file FILE")
    return _with_rules(lambda chosen: hg.game(name, **chosen), rules)


def _with_rules(make: Callable[[dict[str, Any]], Any], rules: Sequence[str] | None) -> Any:
    """``make(house rules)``; a refused rule's message in the command line's words (true, not True)."""
    chosen = parse_rules(rules)
    try:
        return make(chosen)
    except ValueError as exc:
        if not chosen or isinstance(exc, OptionError):
            raise
        raise OptionError(allowed_text(str(exc))) from None


@contextmanager
def user_errors(ctx: typer.Context) -> Iterator[None]:
    """Turn a ``ValueError`` or a file error into a usage error: message and usage, exit code 2."""
    try:
        yield
    except (ValueError, OSError) as exc:
        message = str(exc) or type(exc).__name__
        raise typer.BadParameter(message, ctx=ctx) from None
