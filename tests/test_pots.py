"""Pots and splitting (RULES.md §1.9-1.10 and §2): side pots, odd chips, cards speak, declarations."""

from __future__ import annotations

import pytest

import homegame as hg
from homegame.rules.pots import Pot, share, side_pots
from test_rules_support import play_out, script

ANTE = hg.Stakes("no-limit", ante=10, small_bet=10)


def test_side_pots_by_contribution_level() -> None:
    assert side_pots([50, 100, 100, 20], [False, False, False, True]) == [
        Pot(170, (0, 1, 2)), Pot(100, (1, 2))]
    assert side_pots([30, 30, 30], [False, False, False]) == [Pot(90, (0, 1, 2))]


def test_odd_chips_one_at_a_time_from_the_button() -> None:
    assert share(11, [0, 1, 2], button=0, players=3) == [(1, 4), (2, 4), (0, 3)]
    assert share(11, [0, 1, 2], button=2, players=3) == [(0, 4), (1, 4), (2, 3)]


def test_every_pot_is_settled_separately() -> None:
    # seat 0 (20 chips) has the best hand, seat 1 (60) the second, seat 2 (100) the worst
    h = hg.game("holdem").deal([20, 60, 100], stakes=hg.Stakes("no-limit", blinds=(1, 2)), button=2,
                               hole={0: "As Ad", 1: "Ks Kd", 2: "2c 7d"}, board="Ah Kh 9c 4s 3d")
    script(h, [(2, "raise 100"), (0, "call"), (1, "call")])
    assert h.over
    assert h.payoffs == [40, 20, -60]  # main 60 to seat 0, side 80 to seat 1, 40 back to seat 2
    pots = [a["pot"] for a in h.view(None)["results"]["awards"]]
    assert pots == [0, 1, 2]


def test_equal_hands_split_with_the_odd_chip_left_of_the_button() -> None:
    st = hg.Stakes("no-limit", ante=1, small_bet=2)
    h = hg.game("holdem").deal([50, 50, 50], stakes=st, button=0,
                               hole={0: "2c 3c", 1: "4d 5d", 2: "6h 7h"}, board="As Ks Qs Js Ts")
    script(h, [(1, "bet 2"), (2, "call"), (0, "fold")])
    play_out(h)
    # pot 7 (antes 3, bets 4) split by seats 1 and 2: the odd chip to seat 1, first left of the button
    assert h.payoffs == [-1, 1, 0]  # seat 1 gets 4, seat 2 gets 3


def holdem_split(split: str, holes: dict[int, str], board: str, declares: dict[int, str] | None = None,
                 **rules: object) -> hg.Hand:
    g = hg.game("holdem", split=split, **rules)
    h = g.deal([100] * len(holes), stakes=ANTE, button=len(holes) - 1, hole=holes, board=board)
    return play_out(h, {"Declare": {s: f"declare {d}" for s, d in (declares or {}).items()}})


LOW_BOARD = "2c 3d 8h 9s Kc"


def test_cards_speak_high_and_qualifying_low_split() -> None:
    h = holdem_split("high-low", {0: "Kd Kh", 1: "As 4d", 2: "Qs Qd"}, LOW_BOARD)
    assert h.payoffs == [5, 5, -10]  # 30: high 15 to the kings, low 15 to 8-4-3-2-A
    sides = {a["side"] for a in h.view(None)["results"]["awards"]}
    assert sides == {"high", "low"}


def test_cards_speak_without_a_qualifying_low_high_takes_all() -> None:
    h = holdem_split("high-low", {0: "Kd Kh", 1: "As 4d", 2: "Qs Qd"}, "Tc Jd 8h 9s Kc")
    assert h.payoffs[1] == -10 and sum(h.payoffs) == 0
    h = holdem_split("high-low", {0: "Kd Kh", 1: "As 4d"}, LOW_BOARD, qualifier=None)
    assert h.payoffs == [0, 0]


def test_high_low_odd_chip_goes_to_high() -> None:
    st = hg.Stakes("no-limit", ante=5, small_bet=5)
    h = hg.game("holdem", split="high-low").deal([50, 50, 50], stakes=st, button=2,
                                                 hole={0: "Kd Kh", 1: "As 4d", 2: "Qs Qd"}, board=LOW_BOARD)
    play_out(h)
    assert h.payoffs == [3, 2, -5]  # 15: high 8, low 7


def test_declare_all_the_same_way_the_winner_takes_the_whole_pot() -> None:
    h = holdem_split("declare", {0: "As 5d", 1: "Kd Kh", 2: "Qs Qd"}, "2c 3d 4h 9s Kc",
                     {0: "high", 1: "high", 2: "high"})
    assert h.payoffs == [20, -10, -10]


def test_declare_both_must_win_both_ways_or_gets_nothing() -> None:
    h = holdem_split("declare", {0: "Kd Kh", 1: "As 5d", 2: "Qs Qd"}, "2c 3d 4h 9s Kc",
                     {0: "both", 1: "low", 2: "high"})
    assert h.payoffs == [-10, 5, 5]  # seat 0 loses the low; judged again without it
    h = holdem_split("declare", {0: "As 5d", 1: "Kd Kh", 2: "7c 8d"}, "2c 3d 4h 9s Kc",
                     {0: "both", 1: "high", 2: "low"})
    assert h.payoffs == [20, -10, -10]  # the wheel wins both ways: a scoop


@pytest.mark.parametrize(("swing_ties", "payoffs"), [(False, [-10, 5, 5]), (True, [13, -3, -10])])
def test_swing_ties(swing_ties: bool, payoffs: list[int]) -> None:
    h = holdem_split("declare", {0: "As 5d", 1: "Ah 5c", 2: "7c 8d"}, "2c 3d 4h 9s Kc",
                     {0: "both", 1: "high", 2: "low"}, swing_ties=swing_ties)
    assert h.payoffs == payoffs


def test_declare_nobody_left_on_either_side_goes_by_high() -> None:
    h = holdem_split("declare", {0: "Kd Kh", 1: "As 4d"}, LOW_BOARD, {0: "both", 1: "both"})
    assert h.payoffs == [10, -10]


def test_declarations_are_hidden_until_all_are_in() -> None:
    g = hg.game("holdem", split="declare")
    h = g.deal([100] * 3, stakes=ANTE, button=2, hole={0: "Kd Kh", 1: "As 4d", 2: "Qs Qd"}, board=LOW_BOARD)
    play_out(h, until="Declare")
    h.act(0, "declare low")
    assert h.view(1)["seats"][0]["declared"] is None and h.view(1)["seats"][0]["ready"]
    assert "low" not in " ".join(h.view(1)["log"][-1:])
    assert h.view(0)["chosen"] == "declare low"
    h.act(1, "declare high")
    h.act(2, "declare high")
    assert h.view(1)["seats"][0]["declared"] == "low"


def test_uncontested_winner_shows_nothing() -> None:
    h = hg.game("holdem").deal([100, 100], stakes=hg.Stakes("no-limit", blinds=(1, 2)), button=0,
                               hole={0: "As Ad", 1: "Ks Kd"})
    h.act(0, "raise 10")
    h.act(1, "fold")
    view = h.view(1)
    assert view["results"]["shown"] == {} and "As" not in str(view) and "Ad" not in str(view)
    assert h.payoffs == [2, -2]
    assert view["log"][-1] == "Seat 0 wins 4 uncontested and takes back 8 uncalled"


@pytest.mark.parametrize(("low", "low_winner"), [("a5", 0), ("a6", 1), ("27", 1)])
def test_low_rules(low: str, low_winner: int) -> None:
    """a5: the wheel is the best low; a6 and 27: its straight counts against it (RULES.md §2)."""
    h = holdem_split("high-low", {0: "As 5d", 1: "7c 6d", 2: "Kd Kh"}, "2c 3d 4h 9s Kc", low=low, qualifier=None)
    lows = [a["seat"] for a in h.view(None)["results"]["awards"] if a["side"] == "low"]
    assert lows == [low_winner]
