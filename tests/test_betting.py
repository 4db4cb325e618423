"""Betting by Robert's Rules (RULES.md §1.3-1.5): one scripted test per rule."""

from __future__ import annotations

import pytest

import homegame as hg
from test_rules_support import NL, play_out, script

FL = hg.Stakes("fixed-limit", blinds=(1, 2), small_bet=2, big_bet=4)
PL = hg.Stakes("pot-limit", blinds=(1, 2))
STUD = hg.Stakes("fixed-limit", ante=1, bring_in=1, small_bet=2, big_bet=4)


def holdem(stacks: list[int], stakes: hg.Stakes = NL, button: int = 0, **kw: object) -> hg.Hand:
    return hg.game("holdem").deal(stacks, stakes=stakes, button=button, seed=5, **kw)  # type: ignore[arg-type]


def test_blinds_left_of_the_button_and_first_to_act_left_of_the_big_blind() -> None:
    h = holdem([100] * 4, button=1)
    assert h.bets == [0, 0, 1, 2]
    assert h.to_act == (0,)
    assert h.legal(0) == ["fold", "call 2", "raise 4..100"]


def test_heads_up_the_button_posts_the_small_blind_and_acts_first_then_last() -> None:
    h = holdem([100, 100], button=1)
    assert h.bets == [2, 1] and h.to_act == (1,)
    script(h, [(1, "call"), (0, "check")])
    assert h.view(None)["step"]["label"] == "Flop" and h.to_act == (0,)


def test_big_blind_has_the_option_and_the_round_ends_when_all_have_matched() -> None:
    h = holdem([100] * 3)
    script(h, [(0, "call"), (1, "call")])
    assert h.to_act == (2,) and h.legal(2) == ["check", "raise 4..100"]
    h.act(2, "check")
    assert h.view(None)["step"]["label"] == "Flop" and len(h.view(None)["board"]) == 3


def test_no_limit_minimum_bet_is_the_big_blind_or_the_small_bet() -> None:
    h = holdem([100] * 3)
    script(h, [(0, "call"), (1, "call"), (2, "check")])
    assert h.legal(1) == ["check", "bet 2..98"]
    no_blinds = hg.Stakes("no-limit", ante=1, small_bet=5)
    h = holdem([100] * 3, stakes=no_blinds)
    assert h.legal(1) == ["check", "bet 5..99"]


def test_no_limit_raise_at_least_the_last_full_raise() -> None:
    h = holdem([200] * 4)
    script(h, [(3, "raise 7")])  # a raise of 5
    assert h.legal(0) == ["fold", "call 7", "raise 12..200"]
    with pytest.raises(hg.IllegalAction, match="from 12 to 200"):
        h.act(0, "raise 11")


def test_short_all_in_does_not_reopen_the_betting() -> None:
    h = holdem([100, 100, 100, 13], button=0)  # seats 1, 2 blinds; 3 first
    script(h, [(3, "call"), (0, "raise 10"), (1, "call"), (2, "call"), (3, "raise 13")])  # all in: +3 < 8
    assert h.legal(0) == ["fold", "call 3"]  # seat 0 acted at the last full raise
    h.act(0, "call")
    assert h.legal(1) == ["fold", "call 3"]


def test_short_all_ins_that_add_up_to_a_full_raise_reopen() -> None:
    h = holdem([100, 100, 16, 21], button=0)
    script(h, [(3, "call"), (0, "raise 10"), (1, "call"), (2, "raise 16")])  # +6, short
    assert h.legal(3) == ["fold", "call 14", "raise 21"]
    h.act(3, "raise 21")  # +5 more: 11 over seat 0's 10 is a full raise for seat 0
    assert h.legal(0) == ["fold", "call 11", "raise 29..100"]


def test_no_limit_all_in_bet_below_the_minimum_is_raised_from_the_all_in() -> None:
    h = holdem([3, 100, 100], button=2)
    script(h, [(2, "call"), (0, "call"), (1, "check"), (0, "bet 1")])
    assert h.legal(1) == ["fold", "call 1", "raise 3..98"]


def test_pot_limit_largest_raise_is_the_pot_after_the_call() -> None:
    h = holdem([100] * 3, stakes=PL)
    assert h.legal(0) == ["fold", "call 2", "raise 4..7"]  # pot 3 + call 2 = 5 over the 2
    h.act(0, "raise 7")
    assert h.legal(1) == ["fold", "call 6", "raise 12..23"]  # pot 10 + call 6 = 16 over the 7


def test_fixed_limit_small_bet_early_big_bet_late() -> None:
    h = holdem([100] * 2, stakes=FL, button=0)
    assert h.legal(0) == ["fold", "call 1", "raise 4"]
    script(h, [(0, "call"), (1, "check")])
    assert h.legal(1) == ["check", "bet 2"]
    script(h, [(1, "check"), (0, "check")])
    assert h.legal(1) == ["check", "bet 4"]
    h.act(1, "bet")  # fixed-limit: the amount may be left out
    assert h.bets[1] == 4


def test_fixed_limit_cap_a_bet_and_three_raises_with_three_players() -> None:
    h = holdem([100] * 3, stakes=FL)
    script(h, [(0, "raise"), (1, "raise"), (2, "raise")])  # big blind + three raises
    assert h.legal(0) == ["fold", "call 4"]
    with pytest.raises(hg.IllegalAction):
        h.act(0, "raise")


def test_fixed_limit_no_cap_heads_up() -> None:
    h = holdem([100] * 2, stakes=FL)
    script(h, [(0, "raise"), (1, "raise"), (0, "raise"), (1, "raise")])
    assert h.legal(0) == ["fold", "call 2", "raise 12"]


def test_fixed_limit_cap_stays_after_a_fold_leaves_two() -> None:
    h = holdem([100] * 3, stakes=FL)
    script(h, [(0, "raise"), (1, "raise"), (2, "raise"), (0, "fold")])
    assert h.legal(1) == ["fold", "call 2"]


def test_fixed_limit_all_in_of_half_a_bet_counts_as_a_raise() -> None:
    h = holdem([100, 100, 7], stakes=FL, button=0)  # seat 2 is the big blind with 5 behind
    script(h, [(0, "call"), (1, "call"), (2, "check")])
    script(h, [(1, "bet"), (2, "raise 4")])  # flop bet 2; seat 2 all in for 4: a full raise
    assert h.legal(0) == ["fold", "call 4", "raise 6"]
    h.act(0, "call")
    assert h.legal(1) == ["fold", "call 2", "raise 6"]  # reopened for the opener


def test_fixed_limit_all_in_under_half_a_bet_does_not_reopen_and_is_completed() -> None:
    h = holdem([100, 100, 3], stakes=FL, button=0)
    script(h, [(0, "call"), (1, "call"), (2, "check"), (1, "check"), (2, "check"), (0, "check")])
    script(h, [(1, "check"), (2, "bet 1")])  # the turn: all in for 1 of a big bet of 4, under half
    assert h.legal(0) == ["fold", "call 1", "raise 4"]  # complete the wager to a full bet
    h.act(0, "call")
    assert h.legal(1) == ["fold", "call 1"]  # seat 1 checked before it: not reopened


def test_fixed_limit_all_ins_reopen_per_player() -> None:
    """Robert's Rules, betting and raising rule 6: an all-in of less than half a bet does not reopen the
    betting for a player who has already acted, and several all-ins reopen it only "if the resulting wager
    size to a player qualifies as a raise". Flop bet 10: seat 1 is all in for 14 (short), seat 2 calls,
    seat 3 is all in for 18: half a bet or more over the bet of 10, so seat 0 may raise, but only 4 more
    than seat 2 called, so seat 2 may not (issue 8 §8)."""
    stakes = hg.Stakes("fixed-limit", blinds=(5, 10), small_bet=10, big_bet=20)
    h = holdem([500, 24, 500, 28], stakes=stakes, button=3)
    script(h, [(2, "call"), (3, "call"), (0, "call"), (1, "check")])
    script(h, [(0, "bet"), (1, "raise 14"), (2, "call"), (3, "raise 18")])
    assert h.legal(0) == ["fold", "call 8", "raise 28"]
    h.act(0, "call")
    assert h.legal(2) == ["fold", "call 4"]
    with pytest.raises(hg.IllegalAction, match="may not bet or raise now"):
        h.act(2, "raise 28")


def test_fixed_limit_bring_in_poster_may_raise_a_completion() -> None:
    """Posting the stud bring-in is a forced bet: a completion over it reopens the betting for the low
    card even when the bring-in is more than half the small bet (bring-in 3, small bet 4)."""
    stakes = hg.Stakes("fixed-limit", ante=1, bring_in=3, small_bet=4, big_bet=8)
    h = hg.game("stud").deal([100] * 3, stakes=stakes, button=0,
                             hole={0: "As Ks 2c", 1: "Ad Kd 9h", 2: "Ah Kh Qc"})
    script(h, [(0, "call"), (1, "bet 4"), (2, "call")])
    assert h.legal(0) == ["fold", "call 1", "raise 8"]


def test_antes_are_posted_by_everyone_and_an_ante_can_put_a_player_all_in() -> None:
    st = hg.Stakes("no-limit", ante=2, blinds=(1, 2))
    h = hg.game("holdem").deal([100, 2, 100], stakes=st, button=0, seed=1)
    assert h.totals == [2, 2, 4] and h.stacks == [98, 0, 96]
    assert h.view(None)["seats"][1]["all_in"]


def test_all_in_players_skip_betting_but_the_hand_plays_out() -> None:
    h = holdem([10, 100, 100], button=0)
    script(h, [(0, "raise 10"), (1, "call"), (2, "call")])
    assert h.to_act == (1,)  # seats 1 and 2 still bet
    script(h, [(1, "bet 50"), (2, "fold")])
    assert h.over and len(h.view(None)["board"]) == 5


def test_stud_bring_in_lowest_up_card_clubs_lowest() -> None:
    h = hg.game("stud").deal([50, 50, 50], stakes=STUD, button=0,
                             hole={0: "As Ks 2d", 1: "Ac Kc 2c", 2: "Ad Kd 9h"})
    # 2c is lower than 2d: seat 1 has the bring-in and acts first; it may not fold
    assert h.to_act == (1,) and h.legal(1) == ["call 1", "bet 2"]
    with pytest.raises(hg.IllegalAction, match="bring in"):
        h.act(1, "fold")
    assert h.default_action(1) == "call"
    script(h, [(1, "call")])
    assert h.bets == [0, 1, 0]
    assert h.events[-1]["type"] == "bring-in" and h.events[-1]["text"] == "Seat 1 brings in for 1"
    assert h.to_act == (2,) and h.legal(2) == ["fold", "call 1", "raise 2"]
    script(h, [(2, "call"), (0, "call")])  # all call the bring-in: the round ends
    assert h.view(None)["step"]["label"] == "Fourth street"


def test_stud_low_card_may_complete_instead_of_bringing_in() -> None:
    """Robert's Rules (seven-card stud): the low card may open for the bring-in or for a full small bet."""
    h = hg.game("stud").deal([50, 50, 50], stakes=STUD, button=0,
                             hole={0: "As Ks 2d", 1: "Ac Kc 2c", 2: "Ad Kd 9h"})
    script(h, [(1, "bet 2")])
    assert h.bets == [0, 2, 0]
    assert h.events[-1]["text"] == "Seat 1 completes to 2"
    assert h.history.actions[-1] == (1, "bet 2")
    # the completion is the round's bet: the others call or raise a small bet; seat 1 is not reopened
    assert h.legal(2) == ["fold", "call 2", "raise 4"]
    script(h, [(2, "call"), (0, "call")])
    assert h.view(None)["step"]["label"] == "Fourth street"
    assert hg.replay(h.history.to_json()).view(0) == h.view(0)


def test_stud_bring_in_short_stack_posts_all_in_and_the_bring_in_still_counts() -> None:
    h = hg.game("stud").deal([50, 2, 50], stakes=hg.Stakes("fixed-limit", ante=1, bring_in=2, small_bet=4,
                                                           big_bet=8), button=0,
                             hole={0: "As Ks 2d", 1: "Ac Kc 2c", 2: "Ad Kd 9h"})
    assert h.legal(1) == ["call 1"]  # one chip left after the ante: no completion
    script(h, [(1, "call")])
    assert h.view(None)["seats"][1]["all_in"]
    assert h.legal(2) == ["fold", "call 2", "raise 4"]


def test_stud_completion_then_small_bet_raises_and_big_bets_from_fifth_street() -> None:
    h = hg.game("stud").deal([50, 50, 50], stakes=STUD, button=0,
                             hole={0: "As Ks 2d 3d 4h", 1: "Ac Kc 2c 9c Tc", 2: "Ad Kd 9h Qs Qd"})
    script(h, [(1, "call"), (2, "raise"), (0, "call"), (1, "raise 4")])
    assert h.bets == [2, 4, 2]
    script(h, [(2, "call"), (0, "call")])
    assert h.to_act == (2,)  # fourth street: Q-9 showing is the best
    assert h.legal(2) == ["check", "bet 2"]
    script(h, [(2, "check"), (0, "check"), (1, "check")])
    assert h.legal(h.to_act[0])[-1] == "bet 4"


def test_best_showing_counts_pairs_not_straights_or_flushes_with_few_cards() -> None:
    from homegame.cards import card_ids
    from homegame.rules.showing import showing_strength
    pair = showing_strength(card_ids("2c 2d"))
    suited = showing_strength(card_ids("Ah Kh Qh Jh"))
    assert pair > suited
    assert showing_strength(card_ids("Ah 3c")) > showing_strength(card_ids("Kh Qc"))


def test_three_hole_first_round_positional_later_best_showing() -> None:
    st = hg.Stakes("fixed-limit", ante=1, small_bet=2, big_bet=4)
    h = hg.game("three-hole").deal([50, 50, 50], stakes=st, button=0,
                                   hole={0: "2c 3d 4h", 1: "5c 6d 8h", 2: "Ac Kd Qh"})
    assert h.to_act == (1,)
    play_out(h, {"First exposure": {0: "expose 2c", 1: "expose 5c", 2: "expose Ac"}}, until="Round 2")
    assert h.to_act == (2,)  # the ace showing
    positional = hg.game("three-hole", first_to_act="positional").deal(
        [50, 50, 50], stakes=st, button=0, hole={0: "2c 3d 4h", 1: "5c 6d 8h", 2: "Ac Kd Qh"})
    play_out(positional, {"First exposure": {0: "expose 2c", 1: "expose 5c", 2: "expose Ac"}}, until="Round 2")
    assert positional.to_act == (1,)


def test_fold_only_when_facing_a_bet_and_messages_say_what_is_allowed() -> None:
    h = holdem([100] * 3)
    script(h, [(0, "call"), (1, "call")])
    with pytest.raises(hg.IllegalAction, match="check"):
        h.act(2, "fold")
    with pytest.raises(hg.IllegalAction, match="turn"):
        h.act(0, "check")
    with pytest.raises(hg.IllegalAction, match="raise 4..100"):
        h.act(2, "raise 1000")
