"""The catalogue's games as they were declared in Python before game files (issue 11): the reference the
shipped game files must reproduce exactly, for every house rule (tests/test_game_files.py)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

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
from homegame.rules.carduse import CardUse
from homegame.rules.spec import Game, Step, bet, board, deal, draw

D = False  # a face-down card
U = True  # a face-up card


def _tail(rules: dict[str, Any]) -> list[Step]:
    tail = [Step("declare", "Declare")] if rules.get("split") == "declare" else []
    return [*tail, Step("showdown", "Showdown")]


def _direction(rules: dict[str, Any]) -> int:
    return 1 if rules.get("pass_direction", "left") == "left" else -1


def passem(rules: dict[str, Any]) -> list[Step]:
    """Pass'Em: three down, pass one, four betting rounds around three community cards."""
    burn = rules["burn"]
    return [
        deal(D, D, D),
        Step("pass", "Pass", count=1, direction=_direction(rules)),
        bet("Round 1"),
        board(1, burn=burn, label="First card"),
        bet("Round 2"),
        board(1, burn=burn, label="Second card"),
        bet("Round 3", big=True),
        board(1, burn=burn, label="Third card"),
        bet("Round 4", big=True),
        *_tail(rules),
    ]


def sameem(rules: dict[str, Any]) -> list[Step]:
    """Same'Em: hold'em with three hole cards and a new hole card with the turn and the river."""
    burn = rules["burn"]
    return [
        deal(D, D, D),
        bet("Round 1"),
        board(3, burn=burn, label="Flop"),
        bet("Round 2"),
        board(1, burn=burn, label="Turn"),
        deal(D, label="Fourth hole card"),
        bet("Round 3", big=True),
        board(1, burn=burn, label="River"),
        deal(D, label="Fifth hole card"),
        bet("Round 4", big=True),
        *_tail(rules),
    ]


def pass_the_trash(rules: dict[str, Any]) -> list[Step]:
    """Pass The Trash: seven down, passes with betting, discard, arrange, roll and bet, declare."""
    direction, distance = _direction(rules), rules["pass_distance"]
    keep, declare_after = rules["keep"], rules["declare_after"]
    steps = [deal(*([D] * 7)), bet("Round 1")]
    r = 1
    for count in rules["passes"]:
        r += 1
        steps += [Step("pass", f"Pass {count}", count=count, direction=direction, distance=distance),
                  bet(f"Round {r}")]
    if keep < 7:
        steps.append(Step("discard", f"Discard to {keep}", keep=keep))
    steps.append(Step("arrange", "Arrange"))
    for k in range(1, keep):
        r += 1
        steps += [Step("roll", f"Roll {k}"), bet(f"Round {r}", big=True, opener=rules["roll_opener"])]
        if k == declare_after and rules["split"] == "declare":
            steps.append(Step("declare", "Declare"))
    steps.append(Step("showdown", "Showdown"))
    return steps


def three_hole(rules: dict[str, Any]) -> list[Step]:
    """Three-Hole Poker: three down, expose two one at a time, three betting rounds."""
    opener = rules["first_to_act"]
    return [
        deal(D, D, D),
        bet("Round 1"),
        Step("expose", "First exposure"),
        bet("Round 2", opener=opener),
        Step("expose", "Second exposure"),
        bet("Round 3", big=True, opener=opener),
        *_tail(rules),
    ]


def _flop_game(hole: int, discard_to: int | None = None) -> Any:
    """Hold'em dealt ``hole`` cards down; with ``discard_to``, everyone discards down to that many after
    the flop's betting."""
    def build(rules: dict[str, Any]) -> list[Step]:
        discard = [] if discard_to is None else [Step("discard", f"Discard to {discard_to}", keep=discard_to)]
        return [
            deal(*([D] * hole)),
            bet("Preflop"),
            board(3, burn=True, label="Flop"),
            bet("Flop"),
            *discard,
            board(1, burn=True, label="Turn"),
            bet("Turn", big=True),
            board(1, burn=True, label="River"),
            bet("River", big=True),
            *_tail(rules),
        ]
    return build


holdem = _flop_game(2)
omaha = _flop_game(4)


def stud(rules: dict[str, Any]) -> list[Step]:
    """Seven-card stud: two down and one up, bring-in, three more up, one down."""
    return [
        deal(D, D, U, label="Third street"),
        bet("Third street", opener="bring-in"),
        deal(U, label="Fourth street"),
        bet("Fourth street", opener="best-showing"),
        deal(U, label="Fifth street"),
        bet("Fifth street", big=True, opener="best-showing"),
        deal(U, label="Sixth street"),
        bet("Sixth street", big=True, opener="best-showing"),
        deal(D, label="Seventh street"),
        bet("Seventh street", big=True, opener="best-showing"),
        *_tail(rules),
    ]


def five_card_draw(rules: dict[str, Any]) -> list[Step]:
    """Five-card draw: five down, a betting round, one draw of up to ``draw_max`` cards, a betting round."""
    return [
        deal(*([D] * 5)),
        bet("Before the draw", opener="jacks" if rules["openers"] == "jacks" else "positional"),
        draw(rules["draw_max"], label="Draw"),
        bet("After the draw", big=True),
        *_tail(rules),
    ]


def triple_draw(rules: dict[str, Any]) -> list[Step]:
    """Triple draw (2-7 lowball): five down and four betting rounds around three draws of up to five."""
    return [
        deal(*([D] * 5)),
        bet("Round 1"),
        draw(5, label="First draw"),
        bet("Round 2"),
        draw(5, label="Second draw"),
        bet("Round 3", big=True),
        draw(5, label="Third draw"),
        bet("Round 4", big=True),
        *_tail(rules),
    ]


crazy_pineapple = _flop_game(3, discard_to=2)
irish = _flop_game(4, discard_to=2)
big_o = _flop_game(5)


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
        {**split_options("high"), "pass_direction": DIRECTION, "burn": BURN}, passem, "passem"),
    "sameem": Declaration(
        "sameem", "Same'Em", ("same'em", "same-em"), {**split_options("high"), "burn": BURN}, sameem,
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
        pass_the_trash, "own", max_players=7, check=_check_trash),
    "three-hole": Declaration(
        "three-hole", "Three-Hole Poker", ("3-hole", "threehole"),
        {"showdown_cards_count": Option("True or False", False, BURN.check), "first_to_act": OPENER,
         **split_options("high")}, three_hole, "three-hole"),
    "holdem": Declaration("holdem", "Texas Hold'em", ("hold'em", "texas-holdem"), split_options("high"),
                          holdem, "any"),
    "omaha": Declaration("omaha", "Omaha", (), split_options("high"), omaha, "omaha"),
    "stud": Declaration("stud", "Seven-Card Stud", ("seven-card-stud", "7-stud"), split_options("high"),
                        stud, "own", max_players=7),
    # the catalogue (issue 11): docs/games/<name>.md
    "five-card-draw": Declaration(
        "five-card-draw", "Five-Card Draw", ("draw", "5-card-draw"),
        {**split_options("high"), "draw_max": Option("a whole number from 1 to 5", 5, whole(1, 5)),
         "openers": Option("'any' or 'jacks' (jacks or better to open; with antes, not blinds)", "any",
                           choice("any", "jacks"))},
        five_card_draw, "own", max_players=8),
    "27-triple-draw": Declaration(
        "27-triple-draw", "2-7 Triple Draw", ("2-7-triple-draw", "deuce-to-seven-triple-draw", "triple-draw"),
        split_options("low", low="27"), triple_draw, "own", max_players=7),
    "razz": Declaration("razz", "Razz", ("seven-card-razz",), split_options("low"), stud, "own",
                        max_players=7),
    "stud-hi-lo": Declaration(
        "stud-hi-lo", "Seven-Card Stud High-Low", ("stud-8", "stud-high-low", "seven-card-stud-hi-lo"),
        split_options("high-low"), stud, "own", max_players=7),
    "big-o": Declaration("big-o", "Big O", ("big-o-hi-lo", "five-card-omaha-hi-lo"), split_options("high-low"),
                         big_o, "omaha", max_players=8),
    "crazy-pineapple": Declaration(
        "crazy-pineapple", "Crazy Pineapple", ("crazypineapple",), split_options("high"), crazy_pineapple,
        "any"),
    "irish": Declaration("irish", "Irish", ("irish-poker",), split_options("high"), irish, "any"),
}


_ALIASES = {alias: name for name, decl in GAMES.items() for alias in (name, *decl.aliases)}


def _json(value: Any) -> Any:
    return list(value) if isinstance(value, tuple) else value


def reference_game(name: str, **house_rules: Any) -> Game:
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
    return Game(
        name=decl.name, title=decl.title, rules={k: _json(v) for k, v in rules.items()}, steps=steps,
        min_players=decl.min_players, max_players=max_players, use=_use(decl.usage),
        split=rules.get("split", "high"), low=rules.get("low", "a5"), qualifier=rules.get("qualifier"),
        swing_ties=rules.get("swing_ties", False),
        showdown_cards_count=rules.get("showdown_cards_count", False),
    )


def _use(name: str) -> CardUse:
    """The reference's usage names (the first game files' own) as the declaration they stand for."""
    from homegame.games.gamefile import NAMED_USAGES

    raw = NAMED_USAGES[name]
    return CardUse(shared=raw.get("shared", "board"), own=tuple(raw.get("own", ())), all_own=raw.get("all_own", False),
                   lines=tuple(tuple(line) for line in raw.get("lines", ())), layout=raw.get("layout", ""))


def _needed(steps: tuple[Step, ...], players: int) -> int:
    total = 0
    for s in steps:
        if s.kind == "deal":
            total += len(s.faces) * players
        elif s.kind == "board":
            total += s.count + (1 if s.burn else 0)
    return total


