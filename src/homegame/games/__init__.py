"""The games: the four seed games, the controls and the catalogue, as declarations (RULES.md,
docs/games/).

>>> from homegame.games import game, game_names
>>> game_names()[:7]
['passem', 'sameem', 'pass-the-trash', 'three-hole', 'holdem', 'omaha', 'stud']
>>> game_names()[7:]
['five-card-draw', '27-triple-draw', 'razz', 'stud-hi-lo', 'big-o', 'crazy-pineapple', 'irish']
>>> g = game("trash", passes=(3, 2, 1), keep=6, declare_after=4)
>>> g.name, g.rules["passes"], g.max_players
('pass-the-trash', [3, 2, 1], 7)
>>> game("trash", keep=9)
Traceback (most recent call last):
...
ValueError: keep=9 is not allowed: use a whole number from 5 to 7
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from homegame.games import declarations as d
from homegame.games.options import (
    BURN,
    DIRECTION,
    OPENER,
    Option,
    choice,
    passes,
    resolve,
    split_options,
    whole,
)
from homegame.rules.spec import Game, Step


@dataclass(frozen=True)
class Declaration:
    """A game as data: its names, options, players, hand usage and step builder."""

    name: str
    title: str
    aliases: tuple[str, ...]
    options: dict[str, Option]
    steps: Callable[[dict[str, Any]], list[Step]]
    usage: str
    min_players: int = 2
    max_players: int = 10
    check: Callable[[dict[str, Any]], None] | None = field(default=None)


def _check_trash(rules: dict[str, Any]) -> None:
    keep = rules["keep"]
    if rules["declare_after"] is None:
        rules["declare_after"] = keep - 1
    elif not 1 <= rules["declare_after"] <= keep - 1:
        raise ValueError(f"declare_after={rules['declare_after']!r} is not allowed with keep={keep}: "
                         f"use a whole number from 1 to {keep - 1}")


GAMES: dict[str, Declaration] = {
    "passem": Declaration(
        "passem", "Pass'Em", ("pass'em", "pass-em"),
        {**split_options("high"), "pass_direction": DIRECTION, "burn": BURN}, d.passem, "passem"),
    "sameem": Declaration(
        "sameem", "Same'Em", ("same'em", "same-em"), {**split_options("high"), "burn": BURN}, d.sameem,
        "any", max_players=9),
    "pass-the-trash": Declaration(
        "pass-the-trash", "Pass The Trash", ("passthetrash", "trash"),
        {"passes": Option("a sequence of card counts such as (4, 3, 2, 1) or (3, 2, 1)", (4, 3, 2, 1), passes),
         "pass_direction": DIRECTION,
         "pass_distance": Option("a whole number from 1 to 6", 1, whole(1, 6)),
         "keep": Option("a whole number from 5 to 7", 7, whole(5, 7)),
         "declare_after": Option("a whole number from 1 to keep - 1, or None (all but one card up)", None,
                                 whole(1, 6, none=True)),
         **split_options("declare"),
         "roll_opener": OPENER},
        d.pass_the_trash, "own", max_players=7, check=_check_trash),
    "three-hole": Declaration(
        "three-hole", "Three-Hole Poker", ("3-hole", "threehole"),
        {"showdown_cards_count": Option("True or False", False, BURN.check), "first_to_act": OPENER,
         **split_options("high")}, d.three_hole, "three-hole"),
    "holdem": Declaration("holdem", "Texas Hold'em", ("hold'em", "texas-holdem"), split_options("high"),
                          d.holdem, "any"),
    "omaha": Declaration("omaha", "Omaha", (), split_options("high"), d.omaha, "omaha"),
    "stud": Declaration("stud", "Seven-Card Stud", ("seven-card-stud", "7-stud"), split_options("high"),
                        d.stud, "own", max_players=7),
    # the catalogue (issue 11): docs/games/<name>.md
    "five-card-draw": Declaration(
        "five-card-draw", "Five-Card Draw", ("draw", "5-card-draw"),
        {**split_options("high"), "draw_max": Option("a whole number from 1 to 5", 5, whole(1, 5)),
         "openers": Option("'any' or 'jacks' (jacks or better to open; with antes, not blinds)", "any",
                           choice("any", "jacks"))},
        d.five_card_draw, "own", max_players=8),
    "27-triple-draw": Declaration(
        "27-triple-draw", "2-7 Triple Draw", ("2-7-triple-draw", "deuce-to-seven-triple-draw", "triple-draw"),
        split_options("low", low="27"), d.triple_draw, "own", max_players=7),
    "razz": Declaration("razz", "Razz", ("seven-card-razz",), split_options("low"), d.stud, "own",
                        max_players=7),
    "stud-hi-lo": Declaration(
        "stud-hi-lo", "Seven-Card Stud High-Low", ("stud-8", "stud-high-low", "seven-card-stud-hi-lo"),
        split_options("high-low"), d.stud, "own", max_players=7),
    "big-o": Declaration("big-o", "Big O", ("big-o-hi-lo", "five-card-omaha-hi-lo"), split_options("high-low"),
                         d.big_o, "omaha", max_players=8),
    "crazy-pineapple": Declaration(
        "crazy-pineapple", "Crazy Pineapple", ("crazypineapple",), split_options("high"), d.crazy_pineapple,
        "any"),
    "irish": Declaration("irish", "Irish", ("irish-poker",), split_options("high"), d.irish, "any"),
}

#: engine name -> {option: (allowed values, default)}
OPTIONS: dict[str, dict[str, tuple[str, Any]]] = {
    name: {k: (o.allowed, o.default) for k, o in decl.options.items()} for name, decl in GAMES.items()
}

_ALIASES = {alias: name for name, decl in GAMES.items() for alias in (name, *decl.aliases)}


def game_names() -> list[str]:
    """The engine names of every game."""
    return list(GAMES)


def _json(value: Any) -> Any:
    return list(value) if isinstance(value, tuple) else value


def game(name: str, **house_rules: Any) -> Game:
    """A game with its house rules fixed. Unknown names, options or values raise ValueError listing
    the valid ones."""
    if not isinstance(name, str) or name.strip().lower() not in _ALIASES:
        raise ValueError(f"unknown game {name!r}: the games are {', '.join(GAMES)} "
                         f"(aliases: {', '.join(a for a in _ALIASES if a not in GAMES)})")
    decl = GAMES[_ALIASES[name.strip().lower()]]
    rules = resolve(decl.name, decl.options, house_rules)
    if decl.check is not None:
        decl.check(rules)
    steps = tuple(decl.steps(rules))
    max_players = decl.max_players
    while max_players > decl.min_players and _needed(steps, max_players) > 52:
        max_players -= 1
    _ = choice  # re-exported helpers stay importable
    return Game(
        name=decl.name, title=decl.title, rules={k: _json(v) for k, v in rules.items()}, steps=steps,
        min_players=decl.min_players, max_players=max_players, usage_name=decl.usage,
        split=rules.get("split", "high"), low=rules.get("low", "a5"), qualifier=rules.get("qualifier"),
        swing_ties=rules.get("swing_ties", False),
        showdown_cards_count=rules.get("showdown_cards_count", False),
    )


def _needed(steps: tuple[Step, ...], players: int) -> int:
    total = 0
    for s in steps:
        if s.kind == "deal":
            total += len(s.faces) * players
        elif s.kind == "board":
            total += s.count + (1 if s.burn else 0)
    return total


__all__ = ["GAMES", "OPTIONS", "Declaration", "game", "game_names"]
