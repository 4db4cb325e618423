"""Straddles and bomb pots, hand options through the engine (issue 10 §4)."""

from __future__ import annotations

import pytest

import homegame as hg

NL = hg.Stakes("no-limit", blinds=(1, 2))
HOLDEM = hg.game("holdem")


def deal(n: int = 4, *, stakes: hg.Stakes = NL, button: int = 0, **options: object) -> hg.Hand:
    return HOLDEM.deal([100] * n, stakes=stakes, button=button, seed=5, options=options)


def test_utg_straddle_is_posted_left_of_the_big_blind_and_acts_last() -> None:
    h = deal(5, straddle="utg")  # button 0, blinds 1 and 2, straddle seat 3
    assert h.bets == [0, 1, 2, 4, 0]
    assert "Seat 3 straddles 4" in h.view(None)["log"]
    assert h.to_act == (4,)
    assert h.legal(4) == ["fold", "call 4", "raise 8..100"]  # a raise is by the straddle at least
    for seat in (4, 0, 1, 2):
        h.act(seat, "call")
    assert h.to_act == (3,)  # the straddler has the option
    assert h.legal(3) == ["check", "raise 8..100"]
    h.act(3, "check")
    assert h.board and h.to_act == (1,)  # after the flop the small blind acts first again


def test_mississippi_straddle_on_the_button_lets_the_small_blind_start() -> None:
    h = deal(4, straddle="button", button=2)  # blinds seats 3 and 0, the button 2 straddles
    assert h.bets == [2, 0, 4, 1]
    assert h.to_act == (3,)
    order = []
    while h.step is not None and h.step.label == "Preflop":
        order.append(h.to_act[0])
        h.act(h.to_act[0], "check" if "check" in h.legal(h.to_act[0]) else "call")
    assert order == [3, 0, 1, 2]


def test_a_raise_over_the_straddle_reopens_it_and_the_min_raise_follows_the_raise() -> None:
    h = deal(4, straddle="utg")  # straddle seat 3, first to act seat 0
    h.act(0, "raise 10")  # a raise of 6 over the straddle of 4
    assert h.legal(1) == ["fold", "call 9", "raise 16..100"]


def test_fixed_limit_straddle_counts_as_the_second_bet() -> None:
    st = hg.Stakes("fixed-limit", blinds=(1, 2), small_bet=2, big_bet=4)
    h = deal(4, stakes=st, straddle="utg")
    assert h.legal(0) == ["fold", "call 4", "raise 6"]
    h.act(0, "raise")
    h.act(1, "raise")  # 8: the fourth bet, the cap
    assert h.legal(2) == ["fold", "call 6"]


def test_a_short_straddle_is_matched_but_reopens_nothing() -> None:
    h = HOLDEM.deal([100, 100, 100, 3], stakes=NL, seed=1, options={"straddle": "utg"})
    assert h.bets == [0, 1, 2, 3]
    assert h.legal(0) == ["fold", "call 3", "raise 5..100"]


def test_straddle_payoffs_and_replay() -> None:
    h = deal(4, straddle="utg")
    for seat in (0, 1, 2):
        h.act(seat, "fold")
    assert h.over and h.payoffs == [0, -1, -2, 3]
    again = hg.replay(h.history.to_json())
    assert again.payoffs == h.payoffs and again.history.options == {"straddle": "utg"}


@pytest.mark.parametrize(("options", "n", "stakes", "words"), [
    ({"straddle": "left"}, 4, NL, "straddle must be"),
    ({"straddle": "utg"}, 2, NL, "three or more players"),
    ({"straddle": "utg"}, 3, hg.Stakes("fixed-limit", ante=1, small_bet=2, big_bet=4), "needs blinds"),
    ({"bomb_pot": -1}, 3, NL, "bomb_pot must be"),
    ({"bomb_pot": 5, "straddle": "utg"}, 3, NL, "no straddle"),
    ({"bomb": 5}, 3, NL, "unknown hand option 'bomb'"),
])
def test_bad_straddle_and_bomb_options_are_refused(options: dict[str, object], n: int, stakes: hg.Stakes,
                                                  words: str) -> None:
    with pytest.raises(ValueError, match=words):
        HOLDEM.deal([100] * n, stakes=stakes, options=options)


def test_bomb_pot_antes_everyone_and_skips_the_preflop_betting() -> None:
    h = deal(4, bomb_pot=10, button=1)
    assert h.totals == [10, 10, 10, 10] and h.bets == [0, 0, 0, 0]
    assert len(h.board) == 3 and h.step is not None and h.step.label == "Flop"
    assert h.to_act == (2,)  # first left of the button
    assert h.legal(2) == ["check", "bet 2..90"]
    log = h.view(None)["log"]
    assert "Seat 0 antes 10 for the bomb pot" in log and "Bomb pot: no betting in Preflop" in log
    assert not any("blind" in line for line in log)
    for seat in (2, 3, 0, 1):
        h.act(seat, "check")
    again = hg.replay(h.history.to_json())
    assert again.view(0) == h.view(0)


def test_bomb_pot_for_more_than_a_stack_is_all_in_and_runs_out() -> None:
    h = HOLDEM.deal([100, 5, 100], stakes=NL, seed=3, options={"bomb_pot": 10})
    assert h.totals == [10, 5, 10] and h.stacks[1] == 0
    assert len(h.board) == 3 and h.to_act == (2,)
