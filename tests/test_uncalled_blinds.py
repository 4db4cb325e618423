"""Issue 19 §1: a blind or an ante that nobody matched goes back to whoever posted it (RULES.md §1.9,
uncalled bets), also when that player folds to a short all-in; the all-in player wins only what was
matched.

PokerKit (the reference) does not let the poster of the biggest blind fold there: with the big blind all in for less, it
asks nothing more and shows the hands down (see ``forced_bet_convention`` in test_pokerkit_support).
The all-in player cannot win more by a fold than by winning the showdown, so each case deals the all-in
player the best hand and checks that homegame's payoffs after the fold equal PokerKit's after the
showdown.
"""

from __future__ import annotations

import pytest

import homegame as hg
from homegame.rules.pots import Pot, side_pots
from test_pokerkit_support import PokerKitDriver, Setup, deal_homegame

NL = hg.Stakes("no-limit", blinds=(2, 5))
FL = hg.Stakes("fixed-limit", blinds=(2, 4), small_bet=4, big_bet=8)
PL = hg.Stakes("pot-limit", blinds=(2, 5))
ANTE = hg.Stakes("no-limit", ante=1, blinds=(1, 2))

WINNER = ["Ah", "Ad", "Ac", "As", "Kh"]  # the all-in seat's hole cards (as many as the game deals)
LOSERS = [["7c", "2d", "3h", "4s", "8d"], ["7d", "2c", "3s", "4h", "8c"]]
BOARD = ["Kc", "Qh", "9s", "Jd", "6c"]


def _setup(game: str, stakes: hg.Stakes, stacks: list[int], button: int, short: int) -> Setup:
    """The short seat gets four aces; the others rags."""
    holes = {"holdem": 2, "omaha": 4, "big-o": 5}[game]
    others = iter(LOSERS)
    hole = {s: (WINNER if s == short else next(others))[:holes] for s in range(len(stacks))}
    return Setup(game, stakes, stacks, button, hole, BOARD)


def _folds(setup: Setup) -> list[int]:
    """homegame: everyone but the short seat folds as soon as it is asked."""
    hand = deal_homegame(setup)
    while not hand.over:
        hand.act(hand.to_act[0], "fold")
    return hand.payoffs


def _shown_down(setup: Setup) -> list[int]:
    """PokerKit: everyone folds who may; then nobody can act against the all-in and the hands are shown."""
    kit = PokerKitDriver(setup)
    while kit.state.status:
        kit.run(kit.state.fold if kit.state.can_fold() else kit.state.check_or_call)
    return [kit.state.stacks[setup.pk_index(s)] - setup.stacks[s] for s in range(setup.players)]


CASES = {
    "heads-up no-limit": (_setup("holdem", NL, [100, 1], 0, 1), [-1, 1]),
    "three-handed no-limit": (_setup("holdem", NL, [100, 100, 1], 0, 2), [0, -1, 1]),
    "heads-up fixed-limit": (_setup("holdem", FL, [100, 1], 0, 1), [-1, 1]),
    "heads-up pot-limit omaha": (_setup("omaha", PL, [100, 1], 0, 1), [-1, 1]),
    "heads-up big o": (_setup("big-o", FL, [100, 1], 0, 1), [-1, 1]),
    "with antes": (_setup("holdem", ANTE, [1, 26], 1, 0), [1, -1]),
}


@pytest.mark.parametrize("name", CASES)
def test_all_in_player_wins_only_what_was_matched(name: str) -> None:
    """Fails on the old engine: the folded blind's unmatched part went to the all-in player
    (heads-up no-limit gave [-2, 2])."""
    setup, expected = CASES[name]
    assert _folds(setup) == expected
    assert _shown_down(setup) == expected


def test_uncontested_log_and_results_name_the_chips_returned() -> None:
    hand = hg.game("holdem").deal([100, 1], stakes=NL, button=0, seed=1)
    hand.act(0, "fold")
    assert hand.results["awards"] == [{"seat": 1, "amount": 2, "pot": 0, "side": "all", "hand": None,
                                       "cards": None}]
    assert hand.view(None)["results"]["uncalled"] == {"seat": 0, "amount": 1}
    assert any("seat 0 takes back 1 uncalled" in e["text"] for e in hand.events)


def test_folded_blind_over_two_all_ins_at_the_showdown() -> None:
    """Three-handed 5/10: the button and the big blind are all in for 3; the small blind (5) folds.
    Its 2 chips over the all-ins go back to it; the pot of 9 is shown down (the old engine also
    bypassed the side-pot code here, paying 11)."""
    setup = Setup("holdem", hg.Stakes("no-limit", blinds=(5, 10)), [3, 100, 3], button=0,
                  hole={0: ["Ah", "Ad"], 1: ["7c", "2d"], 2: ["7d", "2c"]}, board=BOARD)
    hand = deal_homegame(setup)
    hand.act(0, "call")
    hand.act(1, "fold")
    assert hand.over
    assert hand.payoffs == [6, -3, -3]
    assert side_pots(hand.totals, hand.folded) == [Pot(9, (0, 2))]
