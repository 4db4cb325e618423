"""Bots never act illegally: thousands of hands of every game, every structure, 2 to 6 players.

``play_hand`` gives each bot only its seat's view and raises on any action the engine refuses.
"""

from __future__ import annotations

import pytest

import homegame as hg
from homegame.sim import simulate

GAMES = ["passem", "sameem", "pass-the-trash", "three-hole", "holdem", "omaha", "stud"]
STAKES = {
    "fixed-limit": hg.Stakes("fixed-limit", ante=1, small_bet=2, big_bet=4),
    "pot-limit": hg.Stakes("pot-limit", blinds=(1, 2)),
    "no-limit": hg.Stakes("no-limit", ante=1, blinds=(1, 2)),
}
ROSTERS = [["random", "rule"], ["rule", "random", "random"], ["random", "rule", "random", "rule", "random"],
           ["random"] * 6]


# Stud is played fixed-limit with a bring-in only.
CASES = [(name, structure) for structure in STAKES for name in GAMES if name != "stud" or structure == "fixed-limit"]


@pytest.mark.parametrize(("name", "structure"), CASES)
def test_random_and_rule_bots_play_every_game_legally(name: str, structure: str) -> None:
    stakes = STAKES[structure]
    if name == "stud":
        stakes = hg.Stakes("fixed-limit", ante=1, bring_in=1, small_bet=2, big_bet=4)
    game = hg.game(name)
    hands = 0
    for i, roster in enumerate(ROSTERS):
        if len(roster) > game.max_players:
            continue
        result = simulate(game, roster, 150, stakes=stakes, stack=60, carry=i % 2 == 1, seed=i,
                          workers=1)
        assert (result.payoffs.sum(axis=1) == 0).all()
        hands += result.hands
    assert hands >= 450


@pytest.mark.parametrize("rules", [
    {"split": "high-low"}, {"split": "declare", "low": "a6"}, {"split": "declare", "swing_ties": True},
])
@pytest.mark.parametrize("name", ["passem", "three-hole", "sameem"])
def test_bots_play_split_pot_variants_legally(name: str, rules: dict[str, object]) -> None:
    result = simulate(hg.game(name, **rules), ["rule", "random", "rule"], 120, seed=9, workers=1)
    assert (result.payoffs.sum(axis=1) == 0).all()


def test_bots_play_the_pass_the_trash_variation_legally() -> None:
    # 003_599930a08deb212e.txt, Variations: pass 3, 2, 1, discard one, declare after four cards.
    game = hg.game("pass-the-trash", passes=(3, 2, 1), keep=6, declare_after=4, pass_direction="right")
    result = simulate(game, ["rule", "random", "random", "rule"], 200, seed=4, workers=1)
    assert (result.payoffs.sum(axis=1) == 0).all()


@pytest.mark.parametrize("name", GAMES)
def test_the_equity_bot_plays_every_game_legally(name: str) -> None:
    stakes = hg.Stakes("no-limit", blinds=(1, 2)) if name != "stud" else None
    result = simulate(hg.game(name), ["equity", "rule", "random"], 40, stakes=stakes, seed=11, workers=1)
    assert (result.payoffs.sum(axis=1) == 0).all()


CATALOGUE = [name for name in hg.game_names() if name not in GAMES]
GAME_FILES = sorted((__import__("pathlib").Path(__file__).parent / "game_files").glob("*.toml"))


@pytest.mark.parametrize("name", CATALOGUE)
def test_every_bot_plays_every_catalogue_game_legally(name: str) -> None:
    """The catalogue games (game files shipped with the package) with every bot, in simulate's default
    stakes (fixed-limit, ante, a bring-in where the game has one)."""
    result = simulate(hg.game(name), ["equity", "rule", "random"], 30, seed=12, workers=1)
    assert (result.payoffs.sum(axis=1) == 0).all() and result.hands == 30


@pytest.mark.parametrize("path", GAME_FILES, ids=[p.stem for p in GAME_FILES])
def test_every_bot_plays_a_hand_written_game_file_legally(path: object) -> None:
    result = simulate(hg.load_game(path), ["equity", "rule", "random", "rule"], 30, seed=13, workers=1)  # type: ignore[arg-type]
    assert (result.payoffs.sum(axis=1) == 0).all()


def test_simulate_a_game_file_across_worker_processes() -> None:
    """Worker processes rebuild a game read by load_game from its file's text (it has no catalogue name)."""
    result = simulate(hg.load_game(GAME_FILES[0]), ["equity", "rule", "random"], 12, seed=3, workers=2)
    assert result.hands == 12 and (result.payoffs.sum(axis=1) == 0).all()
