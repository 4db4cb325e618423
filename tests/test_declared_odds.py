"""Odds and bots read what they need from a game's declaration, not from its name (issue 21, item 2):
which games the exact kernels cover, the range notation, how much of a hand a seat has seen, and the
rule bot's par. A host's file is treated by what it says, whatever it is called."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import homegame as hg
from homegame.games import load_game
from homegame.odds.calculator import played_out
from homegame.odds.games import kernel_facts
from homegame.odds.ranges import notation_of
from homegame.odds.shape import holding_size

DATA = Path(hg.__file__).resolve().parent / "games" / "data"
HOLDEM = (DATA / "holdem.toml").read_text()


def _renamed(text: str, name: str) -> str:
    return text.replace('name = "holdem"', f'name = "{name}"', 1)


def test_a_host_file_of_holdem_by_another_name_gets_exact_odds_and_ranges() -> None:
    texas = load_game(_renamed(HOLDEM, "texas"))
    assert kernel_facts(texas) == kernel_facts(hg.game("holdem"))
    mine = hg.equity(texas, ["As Ks", "Qh Qd"])
    assert mine.exact and mine.shares == hg.equity(hg.game("holdem"), ["As Ks", "Qh Qd"]).shares
    assert notation_of(texas).cards == 2
    ranged = hg.range_equity(texas, ["AhKh", "QQ"], board="Qh 7h 2c")
    assert ranged.exact and [round(s, 4) for s in ranged.shares] == [0.2556, 0.7444]


def test_a_file_that_reuses_the_name_holdem_with_a_discard_is_played_out() -> None:
    """Three cards, one thrown away after the flop: the listed cards are the cards dealt so far."""
    text = HOLDEM.replace('faces = "down down"', 'faces = "down down down"', 1)
    marker = '[[steps]]\nkind = "board"\nlabel = "Turn"'  # before the turn: discard down to two
    assert marker in text
    text = text.replace(marker, '[[steps]]\nkind = "discard"\nkeep = 2\n\n' + marker, 1)
    three = load_game(text)
    assert three.name == "holdem" and kernel_facts(three) is None
    hole = ["As Ks Kd", "Qh Qd 2c"]
    assert hg.equity(three, hole, trials=400, seed=3) == played_out(three, hole, trials=400, seed=3)
    with pytest.raises(ValueError, match="range notation is for games of two hole cards"):
        notation_of(three)


@pytest.mark.parametrize("name", ["double-board-holdem", "chowaha", "iron-cross", "follow-the-queen", "razz",
                                  "high-chicago", "short-deck", "pineapple", "five-card-draw", "baseball"])
def test_games_the_kernels_do_not_cover_say_so_in_their_declaration(name: str) -> None:
    """Two boards, paths, wild cards, lowball only, the spade, another deck, a discard, a draw, a buy."""
    assert kernel_facts(hg.game(name)) is None


@pytest.mark.parametrize(("name", "size"), [("holdem", (2, 5)), ("irish", (4, 5)), ("crazy-pineapple", (3, 5)),
                                            ("three-hole", (3, 2)), ("stud", (7, 0)), ("passem", (3, 3))])
def test_how_much_of_a_hand_there_is_to_see_comes_from_the_steps(name: str, size: tuple[int, int]) -> None:
    """The rule bot's old table, (own, shared) per game, is what the steps and usage say."""
    assert holding_size(hg.game(name)) == size


def test_par_is_declared_by_the_game_file() -> None:
    assert hg.game("sameem").par == 4.5 and hg.game("holdem").par == 1.5 and hg.game("razz").par == 2.0
    assert load_game(HOLDEM.replace("par = 1.5", "par = 3")).par == 3.0
    with pytest.raises(ValueError, match="par must be a number from 0"):
        load_game(HOLDEM.replace("par = 1.5", 'par = "high"'))
    with pytest.raises(ValueError, match="par must be a number from 0"):
        load_game(HOLDEM.replace("par = 1.5", "par = 12"))


#: The one literal left that names a game: ``parse_range``'s default, the notation most people write.
ALLOWED_NAMES = {("odds/ranges.py", "holdem"): 1}


def test_no_game_is_named_in_the_layers_below_games() -> None:
    """No string in rules/, evaluate/, odds/ or bots/ (docstrings aside) is a catalogue game's name or
    alias, or one of the usage names the engine once kept (``passem``, ``three-hole``, ``cross``...)."""
    package = Path(hg.__file__).resolve().parent
    names = set((DATA / "CATALOGUE").read_text().split()) | {"cross", "elevator", "three-hole", "passem", "omaha"}
    for spec in (hg.game(n) for n in sorted(names) if n not in ("cross",)):
        names.add(spec.name)
    found: dict[tuple[str, str], int] = {}
    for folder in ("rules", "evaluate", "odds", "bots"):
        for path in sorted((package / folder).rglob("*.py")):
            tree = ast.parse(path.read_text())
            docstrings = {id(node.body[0].value) for node in ast.walk(tree)
                          if isinstance(node, (ast.Module, ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef))
                          and node.body and isinstance(node.body[0], ast.Expr)
                          and isinstance(node.body[0].value, ast.Constant)}
            for node in ast.walk(tree):
                if (isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docstrings
                        and node.value in names):
                    key = (str(path.relative_to(package)), node.value)
                    found[key] = found.get(key, 0) + 1
    assert found == ALLOWED_NAMES
