"""Games as declarations and every house-rule option of RULES.md §2-§7, validated by game()."""

from __future__ import annotations

import pytest

import homegame as hg
from homegame.games import GAMES, OPTIONS
from test_rules_support import LIMIT, NL, play_out


def test_names_and_aliases() -> None:
    assert hg.game_names() == ["passem", "sameem", "pass-the-trash", "three-hole", "holdem", "omaha", "stud",
                               "five-card-draw", "27-triple-draw", "razz", "stud-hi-lo", "big-o",
                               "crazy-pineapple", "irish", "high-chicago", "low-chicago", "anaconda", "cincinnati",
                               "pineapple", "omaha-hi-lo", "five-card-stud", "iron-cross", "elevator",
                               "follow-the-queen", "baseball", "kings-and-little-ones", "deuces-wild", "short-deck",
                               "tahoe", "double-board-holdem", "chowaha"]
    for alias, name in [("pass'em", "passem"), ("pass-em", "passem"), ("same'em", "sameem"),
                        ("same-em", "sameem"), ("passthetrash", "pass-the-trash"), ("trash", "pass-the-trash"),
                        ("3-hole", "three-hole"), ("threehole", "three-hole"), ("draw", "five-card-draw"),
                        ("2-7-triple-draw", "27-triple-draw"), ("stud-8", "stud-hi-lo")]:
        assert hg.game(alias).name == name


def test_unknown_game_option_or_value_lists_the_valid_ones() -> None:
    with pytest.raises(ValueError, match="passem, sameem"):
        hg.game("canasta")
    with pytest.raises(ValueError, match="pass_direction"):
        hg.game("passem", wild_cards=True)
    with pytest.raises(ValueError, match="'left', 'right'"):
        hg.game("passem", pass_direction="up")
    with pytest.raises(ValueError, match="'a5', 'a6', '27'"):
        hg.game("sameem", low="a7")
    with pytest.raises(ValueError, match="True or False"):
        hg.game("three-hole", showdown_cards_count="yes")
    with pytest.raises(ValueError, match="1 to 5"):
        hg.game("trash", keep=6, declare_after=6)
    with pytest.raises(ValueError, match="card counts"):
        hg.game("trash", passes=(4, 0))


@pytest.mark.parametrize(("name", "defaults"), [
    ("passem", {"split": "high", "low": "a5", "qualifier": None, "swing_ties": False, "pass_direction": "left",
                "burn": True}),
    ("sameem", {"split": "high", "low": "a5", "qualifier": None, "swing_ties": False, "burn": True}),
    ("pass-the-trash", {"passes": [4, 3, 2, 1], "pass_direction": "left", "pass_distance": 1, "keep": 7,
                        "declare_after": 6, "split": "declare", "low": "a5", "qualifier": None,
                        "swing_ties": False, "roll_opener": "best-showing"}),
    ("three-hole", {"showdown_cards_count": False, "first_to_act": "best-showing", "split": "high",
                    "low": "a5", "qualifier": None, "swing_ties": False}),
    ("omaha", {"split": "high", "low": "a5", "qualifier": None, "swing_ties": False}),
])
def test_defaults(name: str, defaults: dict[str, object]) -> None:
    assert hg.game(name).rules == defaults
    assert set(OPTIONS[name]) == set(defaults)


def test_qualifier_default_follows_the_split() -> None:
    assert hg.game("omaha", split="high-low").rules["qualifier"] == 8
    assert hg.game("passem", split="declare").rules["qualifier"] is None
    assert hg.game("passem", split="high-low", qualifier=None).rules["qualifier"] is None


def test_players_per_game() -> None:
    expect = {"passem": 10, "sameem": 8, "pass-the-trash": 7, "three-hole": 10, "stud": 7}
    for name, most in expect.items():
        assert hg.game(name).max_players == most
        assert hg.game(name).min_players == 2
    assert hg.game("sameem", burn=False).max_players == 9
    with pytest.raises(ValueError, match="2 to 7"):
        hg.game("trash").deal([10] * 8, stakes=LIMIT)


def test_bad_deals() -> None:
    g = hg.game("holdem")
    with pytest.raises(ValueError, match="named twice"):
        g.deal([10, 10], stakes=NL, hole={0: "As Ks", 1: "As Qs"})
    with pytest.raises(ValueError, match="named twice"):
        g.deal([10, 10], stakes=NL, hole={0: "As Ks"}, board="As 2c 3c")
    with pytest.raises(ValueError, match="stack"):
        g.deal([10, 0], stakes=NL)
    with pytest.raises(ValueError, match="button"):
        g.deal([10, 10], stakes=NL, button=2)
    with pytest.raises(ValueError):
        hg.Stakes("fixed-limit", blinds=(1, 2))
    with pytest.raises(ValueError):
        hg.Stakes("no-limit", blinds=(1, 2), ante=-1)
    with pytest.raises(ValueError):
        hg.Stakes("spread-limit", blinds=(1, 2))


def test_steps_are_data_and_describe_themselves() -> None:
    g = hg.game("trash", passes=(3, 2, 1), keep=6, declare_after=4)
    kinds = [s.kind for s in g.steps]
    assert kinds[:8] == ["deal", "bet", "pass", "bet", "pass", "bet", "pass", "bet"]
    assert kinds[8:10] == ["discard", "arrange"]
    rolls = kinds[10:]
    assert rolls == ["roll", "bet"] * 4 + ["declare"] + ["roll", "bet"] + ["showdown"]
    assert any("discards down to 6" in line for line in g.describe())
    assert set(GAMES) == set(hg.game_names())


def test_pass_direction_right() -> None:
    h = hg.game("passem", pass_direction="right").deal([50, 50, 50], stakes=NL, button=0,
                                                       hole={0: "As Ks Qs", 1: "2c 3c 4c", 2: "7d 8d 9d"})
    for seat, card in [(0, "As"), (1, "2c"), (2, "9d")]:
        h.act(seat, f"pass {card}")
    assert "As" in h.view(2)["cards"] and "2c" in h.view(0)["cards"] and "9d" in h.view(1)["cards"]


def test_burn_option() -> None:
    for burn, burned in [(True, 3), (False, 0)]:
        h = play_out(hg.game("passem", burn=burn).deal([50, 50], stakes=NL, seed=3))
        assert len(h.burned) == burned


def test_trash_pass_distance_and_passing_across_folded_seats() -> None:
    g = hg.game("trash", pass_distance=2)
    h = g.deal([50] * 4, stakes=LIMIT, button=3, seed=11)
    # round 1: seat 0 opens (left of the button), bets; seat 1 folds, the rest call
    h.act(0, "bet")
    h.act(1, "fold")
    h.act(2, "call")
    h.act(3, "call")
    assert h.legal(0) == ["pass 4"]
    gives = {s: h.view(s)["cards"][:4] for s in (0, 2, 3)}
    for s in (0, 2, 3):
        h.act(s, "pass " + " ".join(gives[s]))
    # players still in: 0, 2, 3; two seats on from 0 is 3, from 2 is 0, from 3 is 2
    assert set(gives[0]) <= set(h.view(3)["cards"])
    assert set(gives[2]) <= set(h.view(0)["cards"])
    assert set(gives[3]) <= set(h.view(2)["cards"])


@pytest.mark.parametrize(("distance", "direction", "expected"), [
    # three players still in (0, 2, 3): 3 seats is a whole lap, so each passes to the next player
    (3, "left", {0: 2, 2: 3, 3: 0}),
    (3, "right", {0: 3, 2: 0, 3: 2}),
    # 5 is 2 modulo 3
    (5, "left", {0: 3, 2: 0, 3: 2}),
    (6, "right", {0: 3, 2: 0, 3: 2}),
])
def test_trash_pass_distance_wraps_and_never_lands_on_the_passer(distance: int, direction: str,
                                                                 expected: dict[int, int]) -> None:
    g = hg.game("trash", pass_distance=distance, pass_direction=direction)
    h = g.deal([50] * 4, stakes=LIMIT, button=3, seed=11)
    h.act(0, "bet")
    h.act(1, "fold")
    h.act(2, "call")
    h.act(3, "call")
    gives = {s: h.view(s)["cards"][:4] for s in (0, 2, 3)}
    for s in (0, 2, 3):
        h.act(s, "pass " + " ".join(gives[s]))
    for giver, taker in expected.items():
        assert set(gives[giver]) <= set(h.view(taker)["cards"])
        assert not set(gives[giver]) & set(h.view(giver)["cards"])
    passes = [e for e in h.events if e["type"] == "pass"]
    assert {e["seat"]: e["to"] for e in passes} == expected
    assert passes[0]["text"] == f"Seat 0 passes 4 cards to Seat {expected[0]}"


def test_pass_distance_heads_up_goes_to_the_other_player() -> None:
    h = hg.game("trash", pass_distance=2).deal([50, 50], stakes=LIMIT, button=0, seed=2)
    h.act(1, "bet")
    h.act(0, "call")
    gives = {s: h.view(s)["cards"][:4] for s in (0, 1)}
    for s in (0, 1):
        h.act(s, "pass " + " ".join(gives[s]))
    assert set(gives[0]) <= set(h.view(1)["cards"]) and set(gives[1]) <= set(h.view(0)["cards"])


def test_trash_discard_arrange_roll_and_declare_after() -> None:
    g = hg.game("trash", passes=(3, 2, 1), keep=6, declare_after=4)
    h = g.deal([100] * 3, stakes=LIMIT, button=0, seed=4)
    play_out(h, until="Discard to 6")
    assert h.legal(1) == ["discard 1"]
    for s in h.to_act:
        h.act(s, h.default_action(s))
    assert all(len(h.view(s)["cards"]) == 6 for s in range(3))
    order = list(reversed(h.view(1)["cards"]))
    with pytest.raises(hg.IllegalAction, match="all 6"):
        h.act(1, "arrange " + " ".join(order[:5]))
    h.act(1, "arrange " + " ".join(order))
    for s in h.to_act:
        h.act(s, h.default_action(s))
    assert h.view(1)["cards"] == order
    assert h.view(0)["seats"][1]["up"] == order[:1]  # the first arranged card is rolled first
    play_out(h, until="Declare")
    assert all(len(h.view(None)["seats"][s]["up"]) == 4 for s in range(3))
    play_out(h, {"Declare": {0: "declare high", 1: "declare low", 2: "declare high"}})
    assert all(len(h.view(None)["seats"][s]["up"]) == 5 for s in range(3)) and h.over


def test_trash_roll_opener_positional() -> None:
    g = hg.game("trash", roll_opener="positional")
    h = g.deal([100] * 3, stakes=LIMIT, button=0, seed=4)
    play_out(h, until="Round 6")
    assert h.to_act == (1,)


def test_expose_is_simultaneous_and_only_face_down_cards() -> None:
    h = hg.game("three-hole").deal([50, 50], stakes=LIMIT, button=0, hole={0: "As Ks Qs", 1: "2c 3c 4c"})
    play_out(h, until="First exposure")
    h.act(0, "expose Ks")
    assert h.view(1)["seats"][0]["up"] == []
    h.act(1, "expose 2c")
    assert h.view(1)["seats"][0]["up"] == ["Ks"]
    play_out(h, until="Second exposure")
    with pytest.raises(hg.IllegalAction, match="already face up"):
        h.act(0, "expose Ks")


def test_split_options_apply_to_every_game() -> None:
    for name in hg.game_names():
        g = hg.game(name, split="high-low", low="a6", qualifier=9)
        assert g.split == "high-low" and g.low == "a6" and g.qualifier == 9
        stakes = hg.Stakes("fixed-limit", ante=1, bring_in=1, small_bet=2, big_bet=4)
        h = play_out(g.deal([20, 20, 20], stakes=stakes, seed=2))
        assert sum(h.payoffs) == 0


def test_games_compare_and_hash_by_name_and_rules() -> None:
    assert hg.game("trash", keep=6) == hg.game("pass-the-trash", keep=6)
    assert len({hg.game("trash", keep=6), hg.game("trash", keep=6), hg.game("trash")}) == 2


@pytest.mark.parametrize("name", ["passem", "sameem", "three-hole", "holdem", "omaha", "stud"])
def test_split_declare_adds_a_declare_step_before_the_showdown(name: str) -> None:
    g = hg.game(name, split="declare")
    assert [s.kind for s in g.steps][-2:] == ["declare", "showdown"]
    stakes = hg.Stakes("fixed-limit", ante=1, bring_in=1, small_bet=2, big_bet=4)
    h = play_out(g.deal([20, 20, 20], stakes=stakes, seed=5), bet=lambda h: "check" if "check" in h.legal(
        h.to_act[0]) else "call")
    assert h.over and sum(h.payoffs) == 0
    assert all(seat["declared"] == "high" for seat in h.view(None)["seats"] if not seat["folded"])


def test_default_actions_for_a_turn_timer() -> None:
    h = hg.game("passem").deal([50, 50], stakes=NL, button=0, hole={0: "As Ks 2c", 1: "7d 8d 3h"})
    assert h.default_action(0) == "pass 2c" and h.default_action(1) == "pass 3h"
    for s in (0, 1):
        h.act(s, h.default_action(s))
    assert h.default_action(h.to_act[0]) == "fold"  # facing the big blind
    t = hg.game("three-hole").deal([50, 50], stakes=LIMIT, button=0, hole={0: "As Ks 2c", 1: "7d 8d 3h"})
    assert t.default_action(1) == "check"
    play_out(t, until="First exposure")
    assert t.default_action(0) == "expose 2c"
    with pytest.raises(hg.IllegalAction):
        t.default_action(5)


def test_low_rule_given_as_a_number_means_the_word() -> None:
    """``low=27`` in Python is the 2-7 rule, as the CLI's ``--rule low=27`` is."""
    assert hg.game("passem", split="high-low", low=27).rules["low"] == "27"
    with pytest.raises(ValueError, match="'a5', 'a6', '27'"):
        hg.game("passem", low=26)
