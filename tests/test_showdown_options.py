"""Show or muck (issue 10 §3): the ``showdown`` option (show-all, muck-losers), showing cards by choice
after the hand, and the rabbit hunt."""

from __future__ import annotations

import json

import pytest

import homegame as hg

NL = hg.Stakes("no-limit", blinds=(1, 2))
HOLE = {0: "As Ad", 1: "7c 2d", 2: "Ks Kd"}  # seat 0 best, seat 2 second, seat 1 worst
BOARD = "Ah Kh 9c 4s 3d"


def limp_and_check(h: hg.Hand, streets: int) -> None:
    """Three players, button 0: seats 0 and 1 call the big blind, seat 2 checks, then everyone checks
    ``streets`` streets (seat 1 first)."""
    h.act(0, "call")
    h.act(1, "call")
    h.act(2, "check")
    for _ in range(streets):
        for s in (1, 2, 0):
            h.act(s, "check")


def to_river(options: dict[str, object], *, river_bet: int | None = 10, stacks: list[int] | None = None) -> hg.Hand:
    """Button 0; everyone calls preflop and checks to the river; seat ``1`` (first to act) bets or not."""
    h = hg.game("holdem").deal(stacks or [100, 100, 100], stakes=NL, hole=HOLE, board=BOARD, options=options)
    limp_and_check(h, 2)
    if river_bet is None:
        for s in (1, 2, 0):
            h.act(s, "check")
    else:
        h.act(1, f"bet {river_bet}")
        h.act(2, "call")
        h.act(0, "call")
    assert h.over
    return h


def test_show_all_is_the_default() -> None:
    h = to_river({})
    assert set(h.results["shown"]) == {"0", "1", "2"} and "mucked" not in h.results


def test_muck_losers_lets_a_beaten_hand_muck_in_showing_order() -> None:
    h = to_river({"showdown": "muck-losers"})
    # seat 1 bet last: it shows first (7-2: no hand shown yet beats it); seat 2's kings beat it and
    # show, then seat 0's aces: nobody mucks
    assert h.view(None)["log"][-4:-1] == ["Seat 1 shows 7c 2d", "Seat 2 shows Ks Kd", "Seat 0 shows As Ad"]
    # with no river bet, the first left of the button (seat 1) shows first again
    h = to_river({"showdown": "muck-losers"}, river_bet=None)
    assert "mucked" not in h.results


def test_a_hand_beaten_by_one_already_shown_is_mucked_and_stays_secret() -> None:
    # seat 2 bets the river: seat 2 shows kings, seat 0 shows aces, seat 1 (7-2) is beaten and mucks
    h = hg.game("holdem").deal([100, 100, 100], stakes=NL, hole=HOLE, board=BOARD,
                               options={"showdown": "muck-losers"})
    limp_and_check(h, 2)
    h.act(1, "check")
    h.act(2, "bet 10")
    h.act(0, "call")
    h.act(1, "call")
    log = h.view(None)["log"]
    assert log[-4:] == ["Seat 2 shows Ks Kd", "Seat 0 shows As Ad", "Seat 1 mucks", "Seat 0 wins 36 from the main pot"]
    assert h.results["mucked"] == [1]
    for seat in (None, 0, 2):
        view = json.dumps(h.view(seat))
        assert "7c" not in view and "2d" not in view
        assert h.view(seat)["seats"][1]["shown"] is None
    assert h.view(seat)["results"]["mucked"] == [1]
    assert h.view(1)["cards"] == ["7c", "2d"]
    assert h.payoffs == [24, -12, -12]
    again = hg.replay(h.history.to_json())
    assert again.view(None) == h.view(None)


def test_with_a_player_all_in_every_hand_is_shown() -> None:
    h = hg.game("holdem").deal([100, 100, 100], stakes=NL, hole=HOLE, board=BOARD,
                               options={"showdown": "muck-losers"})
    h.act(0, "raise 100")
    h.act(1, "call")
    h.act(2, "call")
    assert h.over and set(h.results["shown"]) == {"0", "1", "2"}


def test_a_tied_hand_wins_a_part_and_is_shown() -> None:
    h = hg.game("holdem").deal([100, 100], stakes=NL, hole={0: "2c 3d", 1: "2d 3c"}, board="Ah Kh Qc Js Td",
                               options={"showdown": "muck-losers"})
    h.act(0, "call")
    h.act(1, "check")
    for _ in range(3):
        h.act(1, "check")
        h.act(0, "check")
    assert set(h.results["shown"]) == {"0", "1"} and h.payoffs == [0, 0]


def test_an_uncalled_winner_may_show_some_or_all_of_its_cards_after_the_hand() -> None:
    h = hg.game("holdem").deal([100, 100, 100], stakes=NL, hole=HOLE, seed=3)
    with pytest.raises(hg.IllegalAction, match="once the hand is over"):
        h.show(0)
    h.act(0, "raise 10")
    h.act(1, "fold")
    h.act(2, "fold")
    assert h.view(0)["can_show"] == ["As", "Ad"] and h.view(1)["can_show"] == ["7c", "2d"]
    assert h.view(None)["seats"][0]["shown"] is None
    assert h.show(0, "Ad") == ["Ad"]
    assert h.view(1)["seats"][0]["shown"] == ["Ad"] and "Seat 0 shows Ad" in h.view(1)["log"]
    assert h.view(0)["can_show"] == ["As"]
    for bad, why in (("Ad", "may show As, not Ad"), ("Ks", "not Ks"), ("", "name one card")):
        with pytest.raises(hg.IllegalAction, match=why):
            h.show(0, bad)
    with pytest.raises(hg.IllegalAction, match="not a seat"):
        h.show(7)
    assert h.show(0) == ["As"]
    with pytest.raises(hg.IllegalAction, match="no card left"):
        h.show(0)
    record = h.history.to_dict()
    assert record["shows"] == [[0, "Ad"], [0, "As"]]
    again = hg.replay(h.history.to_json())
    assert again.view(None) == h.view(None) and again.view(2) == h.view(2)


def test_a_mucked_hand_may_still_be_shown_by_choice() -> None:
    h = hg.game("holdem").deal([100, 100, 100], stakes=NL, hole=HOLE, board=BOARD,
                               options={"showdown": "muck-losers"})
    h.act(0, "raise 10")
    h.act(1, "call")
    h.act(2, "fold")
    for _ in range(2):
        h.act(1, "check")
        h.act(0, "check")
    h.act(1, "check")
    h.act(0, "bet 5")  # the bettor shows first; the 7-2 is beaten and mucks
    h.act(1, "call")
    assert h.results["mucked"] == [1]
    assert h.showable(1) == ["7c", "2d"] and h.showable(0) == []
    h.show(1, "7c")
    assert h.view(0)["seats"][1]["shown"] == ["7c"]


def checked_down(seed: int) -> hg.Hand:
    h = hg.game("holdem").deal([100, 100, 100], stakes=NL, seed=seed)
    limp_and_check(h, 0)
    while not h.over:
        h.act(h.to_act[0], "check")
    return h


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_rabbit_is_the_board_that_would_have_come(seed: int) -> None:
    full = checked_down(seed)
    h = hg.game("holdem").deal([100, 100, 100], stakes=NL, seed=seed, options={"rabbit": True})
    with pytest.raises(hg.IllegalAction, match="once the hand is over"):
        h.rabbit()
    assert h.view(None)["rabbit"] is None
    h.act(0, "fold")
    h.act(1, "fold")
    assert h.rabbit() == full.view(None)["board"]
    assert h.view(None)["rabbit"] == h.rabbit() and h.view(2)["board"] == []
    # a hand that ends on the turn: the river alone
    h = hg.game("holdem").deal([100, 100, 100], stakes=NL, seed=seed, options={"rabbit": True})
    limp_and_check(h, 1)
    h.act(1, "bet 5")
    h.act(2, "fold")
    h.act(0, "fold")
    assert h.rabbit() == full.view(None)["board"][4:]
    assert hg.replay(h.history.to_json()).rabbit() == h.rabbit()


def test_the_rabbit_needs_the_hosts_leave_and_is_empty_after_a_full_board() -> None:
    h = hg.game("holdem").deal([100, 100], stakes=NL, seed=1)
    h.act(0, "fold")
    with pytest.raises(hg.IllegalAction, match="does not allow a rabbit hunt"):
        h.rabbit()
    assert h.view(None)["rabbit"] is None
    h = hg.game("holdem").deal([100, 100], stakes=NL, seed=1, options={"rabbit": True})
    h.act(0, "call")
    while not h.over:
        h.act(h.to_act[0], "check")
    assert h.rabbit() == [] and h.view(0)["rabbit"] is None


def test_bad_showdown_option_is_refused() -> None:
    with pytest.raises(ValueError, match="show-all' or 'muck-losers"):
        hg.game("holdem").deal([100, 100], stakes=NL, options={"showdown": "muck"})
    with pytest.raises(ValueError, match="rabbit must be true or false"):
        hg.game("holdem").deal([100, 100], stakes=NL, options={"rabbit": "yes"})
