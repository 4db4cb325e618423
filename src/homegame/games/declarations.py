"""The games as declarations over the step primitives (RULES.md §3-§7).

Each builder takes the resolved house rules and returns the game's steps; adding a home game is one
more builder and one more entry in :data:`homegame.games.GAMES`.
"""

from __future__ import annotations

from typing import Any

from homegame.rules.spec import Step, bet, board, deal, draw

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


def _flop_game(hole: int) -> Any:
    def build(rules: dict[str, Any]) -> list[Step]:
        return [
            deal(*([D] * hole)),
            bet("Preflop"),
            board(3, burn=True, label="Flop"),
            bet("Flop"),
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


def _discard_game(hole: int) -> Any:
    """Hold'em dealt ``hole`` cards down; after the flop's betting everyone discards down to two."""
    def build(rules: dict[str, Any]) -> list[Step]:
        return [
            deal(*([D] * hole)),
            bet("Preflop"),
            board(3, burn=True, label="Flop"),
            bet("Flop"),
            Step("discard", "Discard to 2", keep=2),
            board(1, burn=True, label="Turn"),
            bet("Turn", big=True),
            board(1, burn=True, label="River"),
            bet("River", big=True),
            *_tail(rules),
        ]
    return build


crazy_pineapple = _discard_game(3)
irish = _discard_game(4)
big_o = _flop_game(5)
