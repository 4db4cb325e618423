"""Engine discrepancies found by the differential tests against PokerKit (issue 3), each as a minimal
reproduction. They were strict xfails while open; all are fixed in the engine now and stay as
regression tests (the random differential runs no longer excuse any of them).

Where PokerKit agrees with Robert's Rules, the test checks PokerKit too, so that the expectation is not
only ours.
"""

from __future__ import annotations

import homegame as hg
from test_pokerkit_support import Setup, mirror

NL = hg.Stakes("no-limit", blinds=(1, 2))
FL = hg.Stakes("fixed-limit", blinds=(1, 2), small_bet=2, big_bet=4)
STUD = hg.Stakes("fixed-limit", ante=1, bring_in=1, small_bet=2, big_bet=4)


def short_opening_bet() -> Setup:
    """Three players, no-limit 1/2; seat 0 (small blind) has 3 chips. Everyone limps; on the flop seat 0
    opens all in for 1, less than the minimum bet of 2."""
    return Setup("holdem", NL, [3, 100, 100], button=2,
                 hole={0: ["7c", "2d"], 1: ["8h", "3s"], 2: ["9d", "4c"]},
                 board=["Kc", "Qh", "5s", "Jd", "6c"])


SHORT_OPENING = [(2, "call"), (0, "call"), (1, "check"), (0, "bet 1")]


def test_no_limit_no_completing() -> None:
    """Was a strict xfail, now fixed in the engine: no-limit: facing an all-in opening bet below the
    minimum bet, homegame lets a player 'raise' to the minimum bet (completing it); Robert's Rules,
    no-limit rules 2-3: completing is for limit poker only, a raise must be at least the minimum bet
    over the all-in (here to 3). PokerKit agrees."""
    hand, kit = mirror(short_opening_bet(), SHORT_OPENING)
    assert kit.raise_range() == (3, 98)
    assert hand.legal(1) == ["fold", "call 1", "raise 3..98"]


def test_no_limit_raise_after_short_opening_bet() -> None:
    """Was a strict xfail, now fixed in the engine: no-limit: after an all-in opening bet of 1 (minimum 2),
    a raise to 5 is a raise of 4, so the next raise must be to at least 9; homegame measures the
    raise from 0 (5) and asks for 10. Robert's Rules, no-limit rule 3; PokerKit agrees."""
    hand, kit = mirror(short_opening_bet(), [*SHORT_OPENING, (1, "raise 5")])
    assert kit.raise_range() == (9, 98)
    assert hand.legal(2) == ["fold", "call 5", "raise 9..98"]


def test_no_limit_short_opening_bet_does_not_reopen_for_a_checker() -> None:
    """Robert's Rules, no-limit rule 3: a player who has acted (checked) and faces an all-in below the
    minimum bet may not raise. homegame is right; PokerKit 0.7 lets them (a PokerKit convention
    counted by the differential tests)."""
    setup = Setup("holdem", NL, [3, 100, 100], button=0,
                  hole={0: ["7c", "2d"], 1: ["8h", "3s"], 2: ["9d", "4c"]}, board=["Kc", "Qh", "5s", "Jd", "6c"])
    hand, kit = mirror(setup, [(0, "call"), (1, "call"), (2, "check"), (1, "check"), (2, "check"), (0, "bet 1")])
    assert hand.legal(1) == ["fold", "call 1"]
    assert kit.raise_range() is not None  # PokerKit's convention, not ours


def test_fixed_limit_short_all_in_for_one_player_does_not_reopen() -> None:
    """Issue 8 §8, Robert's Rules betting and raising rule 6: fixed-limit 10/20; on the flop seat 0 bets
    10, seat 1 is all in for 14, seat 2 calls, seat 3 is all in for 18, seat 0 calls. Seat 2 faces 4 more,
    under half a bet, so the betting is not reopened for it: fold or call 4, not raise 28 (homegame
    offered the raise). PokerKit agrees for seat 2 (for seat 0, facing 8 more, half a bet or more,
    Robert's Rules reopen it and PokerKit does not: its convention)."""
    stakes = hg.Stakes("fixed-limit", blinds=(5, 10), small_bet=10, big_bet=20)
    setup = Setup("holdem", stakes, [500, 24, 500, 28], button=3,
                  hole={0: ["7c", "2d"], 1: ["8h", "3s"], 2: ["9d", "4c"], 3: ["Ah", "Kd"]},
                  board=["Kc", "Qh", "5s", "Jd", "6c"])
    hand, kit = mirror(setup, [(2, "call"), (3, "call"), (0, "call"), (1, "check"),
                               (0, "bet 10"), (1, "raise 14"), (2, "call"), (3, "raise 18"), (0, "call")])
    assert kit.raise_range() is None and kit.state.checking_or_calling_amount == 4
    assert hand.legal(2) == ["fold", "call 4"]


def test_cap_stays_after_fold() -> None:
    """Was a strict xfail, now fixed in the engine: fixed-limit: three players cap the preflop betting (big
    blind, raise, raise, raise = four bets); one folds and the two left are heads-up. Robert's
    Rules, betting and raising rule 4: 'Once the raising is capped on a betting round, it cannot be
    uncapped by a subsequent fold that leaves two players heads-up.' homegame offers 'raise 10'."""
    hand = hg.game("holdem").deal([100, 100, 100], stakes=FL, button=0, seed=1)
    for seat, action in [(0, "raise"), (1, "raise"), (2, "raise"), (0, "fold")]:
        hand.act(seat, action)
    assert hand.bets == [4, 6, 8]
    assert hand.legal(1) == ["fold", "call 2"]


def test_cap_lifted_when_heads_up_before_it() -> None:
    """The other half of rule 4: heads-up before the cap is reached, raising is unlimited."""
    hand = hg.game("holdem").deal([100, 100, 100], stakes=FL, button=0, seed=1)
    for seat, action in [(0, "fold"), (1, "raise"), (2, "raise"), (1, "raise"), (2, "raise")]:
        hand.act(seat, action)
    assert hand.legal(1) == ["fold", "call 2", "raise 12"]


def test_best_showing_all_in() -> None:
    """Stud, fourth street: the best showing hand (seat 0, a pair of kings) is all in. Found by the
    differential run (homegame opened with the best hand among seats that could still bet, seat 2);
    PokerKit and cardroom practice open with the best hand showing and, as it cannot act, the next seat
    clockwise (seat 1). RULES.md §1.5 is silent on all-in; the engine now does the same."""
    setup = Setup("stud", STUD, [2, 50, 50], button=0, hole={
        0: ["As", "Ad", "Ks", "Kh", "7c", "7d", "7h"],
        1: ["Qc", "Jc", "2c", "3d", "8s", "9s", "Ts"],
        2: ["4s", "5s", "9h", "8c", "Qd", "Js", "Jd"]}, board=[])
    hand, kit = mirror(setup, [(1, "call"), (2, "call"), (0, "call")])  # seat 1 brings in with 2c; seat 0 all in
    assert hand.stacks[0] == 0
    assert kit.state.actor_index == setup.pk_index(1)
    assert hand.to_act == (1,)

