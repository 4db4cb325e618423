"""Differential tests against PokerKit for the catalogue (issue 11): razz, seven-card stud high-low,
five-card draw and Big O (PokerKit has no class for them: their streets are declared in
``test_pokerkit_support``) and 2-7 triple draw, random hands played move for move on homegame and PokerKit with the same cards and
compared as ``test_pokerkit_support`` describes (its conventions apply; each is counted and printed with
``-s``)."""

from __future__ import annotations

import pytest

from test_pokerkit_support import assert_agrees, run

HANDS = {"razz": 200, "stud-hi-lo": 200}
BOARD_HANDS = {"big-o": 200}


@pytest.mark.parametrize("game", sorted(HANDS))
def test_stud_games_match_pokerkit(game: str) -> None:
    tally, _ = run(game, "fixed-limit", HANDS[game], players=(2, 7))
    assert_agrees(f"{game} fixed-limit", tally, HANDS[game])


DRAW_HANDS = {"five-card-draw": 200, "27-triple-draw": 200}


@pytest.mark.parametrize("game", sorted(DRAW_HANDS))
def test_draw_games_match_pokerkit(game: str) -> None:
    """Every draw is also compared: who draws, in which order; PokerKit is dealt the replacements
    homegame dealt (the stub's reshuffle included), and the hands' values decide the payoffs on both."""
    tally, _ = run(game, "fixed-limit", DRAW_HANDS[game], players=(2, 6))
    assert_agrees(f"{game} fixed-limit", tally, DRAW_HANDS[game])
    assert tally.draws >= DRAW_HANDS[game]


@pytest.mark.parametrize("game", sorted(BOARD_HANDS))
def test_big_o_matches_pokerkit(game: str) -> None:
    """Big O: PokerKit has no class for it; its fixed-limit Omaha high-low is dealt a fifth hole card."""
    tally, _ = run(game, "fixed-limit", BOARD_HANDS[game], players=(2, 8))
    assert_agrees(f"{game} fixed-limit", tally, BOARD_HANDS[game])
