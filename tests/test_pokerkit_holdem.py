"""Differential tests against PokerKit (issue 3): random hold'em hands, no-limit and fixed-limit, 2 to
6 players with random stacks (so side pots happen), played move for move on homegame and PokerKit with
the same cards. At every decision the seat to act, the stacks, the bets, the call amount and the
bet/raise totals are compared; at the end the payoffs, exactly. How PokerKit's own conventions are
aligned with Robert's Rules (RULES.md §1) is in ``test_pokerkit_support``'s docstring; every such case
is counted and printed (``pytest -s``)."""

from __future__ import annotations

import pytest

from test_pokerkit_support import assert_agrees, run

HANDS = {"no-limit": 600, "fixed-limit": 400}  # 1,000 hold'em hands
SHORT_HANDS = {"no-limit": 200, "fixed-limit": 150}


@pytest.mark.parametrize("structure", sorted(HANDS))
def test_holdem_matches_pokerkit(structure: str) -> None:
    tally, _ = run("holdem", structure, HANDS[structure])
    assert_agrees(f"hold'em {structure}", tally, HANDS[structure])


@pytest.mark.parametrize("structure", sorted(SHORT_HANDS))
def test_holdem_with_forced_bets_all_in_matches_pokerkit(structure: str) -> None:
    """Stacks that may not cover the ante and blinds; a hand whose big blind is all in for less stops
    being compared there (``forced_bet_convention``)."""
    tally, _ = run("holdem", structure, SHORT_HANDS[structure], short=True)
    assert_agrees(f"hold'em {structure}, forced bets all in", tally, SHORT_HANDS[structure])
    assert tally.stopped < SHORT_HANDS[structure] // 4
