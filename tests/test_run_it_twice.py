"""Running the board twice (issue 10 §4): who agrees, when it happens, halves of every pot, odd chips,
side pots, the chip-up, Same'Em's hole cards per run, views and replays."""

from __future__ import annotations

import pytest

import homegame as hg

NL = hg.Stakes("no-limit", blinds=(1, 2))
DECK = [r + s for r in "23456789TJQKA" for s in "cdhs"]


def order(holes: list[str], *runs: str) -> str:
    """A deck order: hole cards in dealing order, then each run's cards (burn, flop, burn, turn, burn,
    river), then the rest."""
    named = " ".join([*holes, *runs]).split()
    return " ".join(named + [c for c in DECK if c not in named])


def best(cards: list[str]) -> hg.HandValue:
    return hg.evaluate(cards)


def reference_payoffs(h: hg.Hand) -> list[int]:
    """Hold'em high: every pot halved (odd chip to run 1), each half to the best hand on its run."""
    from homegame.rules.pots import side_pots

    assert h.runs is not None
    won = [0] * h.players
    for pot in side_pots(h.totals, h.folded):
        halves = [pot.amount - pot.amount // 2, pot.amount // 2]
        for (board, cards), amount in zip(h.runs, halves, strict=True):
            values = {s: best([str(hg.Card(c)) for c in cards[s] + board]) for s in pot.eligible}
            top = max(values.values())
            winners = sorted((s for s in pot.eligible if values[s] == top),
                             key=lambda s: (s - h.button - 1) % h.players)
            base, odd = divmod(amount, len(winners))
            for i, s in enumerate(winners):
                won[s] += base + (i < odd)
    return [won[s] - h.totals[s] for s in range(h.players)]


def all_in_preflop(deck: str, agreed: list[int]) -> hg.Hand:
    """Button 2 (small blind 0, big blind 1): seat 2 shoves, the small blind folds, the big blind calls."""
    h = hg.game("holdem").deal([100, 100, 100], stakes=NL, button=2, deck=deck, options={"run_twice": agreed})
    h.act(2, "raise 100")
    h.act(0, "fold")
    h.act(1, "call")
    return h


def test_each_run_pays_half_and_the_odd_chip_goes_to_the_first_run() -> None:
    # seat 1: Kk, seat 2: Aa; run 1 makes kings a set, run 2 is a blank
    deck = order(["2c", "Ks", "As", "7d", "Kh", "Ah"],
                 "3c Kd 4h 9s 5c Tc 6c Jd", "3d 8c 4s 9d 5d Th 6d Js")
    h = all_in_preflop(deck, [1, 2])
    assert h.over and h.runs is not None
    assert h.payoffs == [-1, 1, 0]  # pot 201: run 1 (101) to seat 1, run 2 (100) to seat 2
    assert h.payoffs == reference_payoffs(h)
    assert [a["run"] for a in h.results["awards"]] == [1, 2]
    log = h.view(None)["log"]
    assert "Seat 1 wins 101 from the main pot on run 1" in log
    assert "Seat 2 wins 100 from the main pot on run 2" in log


def test_one_player_winning_both_runs_takes_the_pot() -> None:
    deck = order(["2c", "Ks", "As", "7d", "Kh", "Ah"], "3c 8d 4h 9s 5c Tc 6c Jd", "3d 8c 4s 9d 5d Th 6d Js")
    h = all_in_preflop(deck, [0, 1, 2])
    assert h.payoffs == [-1, -100, 101]


def test_without_every_player_in_the_pot_agreeing_it_is_run_once() -> None:
    deck = order(["2c", "Ks", "As", "7d", "Kh", "Ah"], "3c Kd 4h 9s 5c Tc 6c Jd")
    h = all_in_preflop(deck, [0, 2])  # the big blind did not agree
    assert h.runs is None and h.view(None)["runs"] is None
    assert h.payoffs == [-1, 101, -100]
    # the folded seat's agreement is not needed
    h = all_in_preflop(deck, [1, 2])
    assert h.runs is not None


def test_views_show_each_runs_board_and_replay_gives_the_same_hand() -> None:
    deck = order(["2c", "Ks", "As", "7d", "Kh", "Ah"], "3c Kd 4h 9s 5c Tc 6c Jd", "3d 8c 4s 9d 5d Th 6d Js")
    h = all_in_preflop(deck, [1, 2])
    view = h.view(0)
    assert view["runs"] == [["Kd", "4h", "9s", "Tc", "Jd"], ["8c", "4s", "9d", "Th", "Js"]]
    assert view["board"] == view["runs"][0]
    assert [r["board"] for r in view["results"]["runs"]] == view["runs"]
    assert "Run 2" in view["log"]
    again = hg.replay(h.history.to_json())
    assert again.view(0) == view and again.payoffs == h.payoffs
    assert again.history.to_dict() == h.history.to_dict()


def test_side_pots_are_each_halved_between_the_runs() -> None:
    st = hg.Stakes("no-limit", blinds=(1, 2))
    for seed in range(12):
        h = hg.game("holdem").deal([30, 60, 100, 100], stakes=st, seed=seed, options={"run_twice": [0, 1, 2, 3]})
        h.act(3, "raise 100")
        h.act(0, "call")
        h.act(1, "call")
        h.act(2, "call")
        assert h.runs is not None
        assert h.payoffs == reference_payoffs(h), seed
        assert sum(h.payoffs) == 0


def test_all_in_on_a_later_street_runs_the_cards_still_to_come() -> None:
    h = hg.game("holdem").deal([100, 100], stakes=NL, seed=4, options={"run_twice": [0, 1]})
    h.act(0, "call")
    h.act(1, "check")
    h.act(1, "bet 98")
    h.act(0, "call")  # all in on the flop
    assert h.runs is not None
    (b1, _), (b2, _) = h.runs
    assert b1[:3] == b2[:3] and len(b1) == len(b2) == 5 and not set(b1[3:]) & set(b2[3:])
    assert h.payoffs == reference_payoffs(h)


def test_no_second_run_when_the_last_card_is_out_or_two_players_can_still_bet() -> None:
    h = hg.game("holdem").deal([100, 100], stakes=NL, seed=4, options={"run_twice": [0, 1]})
    h.act(0, "call")
    h.act(1, "check")
    for _ in range(2):
        h.act(1, "check")
        h.act(0, "check")
    h.act(1, "bet 98")
    h.act(0, "call")  # all in on the river: nothing left to run
    assert h.over and h.runs is None
    # one short stack all in, two players still betting: no run yet
    h = hg.game("holdem").deal([10, 100, 100], stakes=NL, seed=2, options={"run_twice": [0, 1, 2]})
    h.act(0, "raise 10")
    h.act(1, "call")
    h.act(2, "call")
    assert not h.over and h.runs is None and len(h.board) == 3


def test_the_chip_up_splits_runs_in_whole_chips() -> None:
    st = hg.Stakes("no-limit", blinds=(25, 50))
    deck = order(["2c", "Ks", "As", "7d", "Kh", "Ah"], "3c Kd 4h 9s 5c Tc 6c Jd", "3d 8c 4s 9d 5d Th 6d Js")
    h = hg.game("holdem").deal([500, 500, 500], stakes=st, button=2, deck=deck,
                               options={"run_twice": [1, 2], "chip": 25})
    h.act(2, "raise 500")
    h.act(0, "fold")
    h.act(1, "call")  # pot 1025 = 41 chips of 25: run 1 gets 21 (the odd chip), run 2 gets 20
    assert h.payoffs == [-25, 25, 0]
    log = h.view(None)["log"]
    assert "Seat 1 wins 525 from the main pot on run 1" in log and "Seat 2 wins 500 from the main pot on run 2" in log
    # a bet that is not whole chips (allowed: the engine does not police bets) leaves a remainder,
    # which goes with the odd chip
    h = hg.game("holdem").deal([500, 500, 500], stakes=st, button=2, deck=deck,
                               options={"run_twice": [1, 2], "chip": 25})
    h.act(2, "raise 490")
    h.act(0, "fold")
    h.act(1, "call")
    h.act(1, "bet 10")
    h.act(2, "call")  # pot 1025 again; the kings' flop is shared by both runs
    log = h.view(None)["log"]
    assert "Seat 1 wins 525 from the main pot on run 1" in log and "Seat 1 wins 500 from the main pot on run 2" in log


def test_the_chip_up_needs_stakes_and_stacks_in_whole_chips() -> None:
    with pytest.raises(ValueError, match="chip 25: the small blind 5 is not a whole number of chips"):
        hg.game("holdem").deal([500, 500], stakes=hg.Stakes("no-limit", blinds=(5, 10)), options={"chip": 25})
    with pytest.raises(ValueError, match="a stack of 512 is not"):
        hg.game("holdem").deal([500, 512], stakes=hg.Stakes("no-limit", blinds=(5, 10)), options={"chip": 5})
    with pytest.raises(ValueError, match="chip must be a whole number of chips, 1 or more"):
        hg.game("holdem").deal([500, 500], stakes=NL, options={"chip": 0})


def test_sameem_deals_the_hole_cards_that_come_with_the_board_for_each_run() -> None:
    g = hg.game("sameem")
    h = g.deal([50, 50], stakes=NL, seed=9, options={"run_twice": [0, 1]})
    h.act(0, "raise 50")
    h.act(1, "call")
    assert h.runs is not None
    (b1, c1), (b2, c2) = h.runs
    for s in (0, 1):
        assert len(c1[s]) == len(c2[s]) == 5 and c1[s][:3] == c2[s][:3] and c1[s][3:] != c2[s][3:]
    run1 = b1 + [c for s in (0, 1) for c in c1[s]]
    run2 = b2 + [c for s in (0, 1) for c in c2[s][3:]]
    assert not set(run1) & set(run2)  # all of it comes after the preflop all in: nothing shared
    assert sum(h.payoffs) == 0
    again = hg.replay(h.history.to_json())
    assert again.view(1) == h.view(1)


@pytest.mark.parametrize("name", ["omaha", "passem"])
def test_other_board_games_run_twice(name: str) -> None:
    g = hg.game(name)
    h = g.deal([40, 40, 40], stakes=NL, seed=11, options={"run_twice": [0, 1, 2]})
    while not h.over and h.step is not None and h.step.kind != "bet":
        for s in h.to_act:
            h.act(s, h.default_action(s))
    h.act(h.to_act[0], "raise 40")
    while not h.over:
        h.act(h.to_act[0], "call")
    assert h.runs is not None and sum(h.payoffs) == 0
    assert hg.replay(h.history.to_json()).payoffs == h.payoffs


def test_run_twice_out_of_place_is_refused() -> None:
    with pytest.raises(ValueError, match="no community cards"):
        hg.game("stud").deal([50, 50], stakes=hg.Stakes("fixed-limit", ante=1, bring_in=1, small_bet=2,
                                                         big_bet=4), options={"run_twice": [0, 1]})
    with pytest.raises(ValueError, match="not a seat"):
        hg.game("holdem").deal([50, 50], stakes=NL, options={"run_twice": [0, 5]})
    with pytest.raises(ValueError, match="list of the seats"):
        hg.game("holdem").deal([50, 50], stakes=NL, options={"run_twice": "all"})


def test_high_low_run_twice_halves_then_splits_each_half() -> None:
    g = hg.game("omaha", split="high-low", qualifier=8)
    st = hg.Stakes("pot-limit", blinds=(1, 2))
    twice = 0
    for seed in range(6):
        h = g.deal([30, 30, 30], stakes=st, seed=seed, options={"run_twice": [0, 1, 2]})
        h.act(0, "raise 7")
        h.act(1, "call")
        h.act(2, "call")
        while not h.over:
            h.act(h.to_act[0], _shove(h))
        twice += h.runs is not None
        assert sum(h.payoffs) == 0
        sides = {(a["run"], a["side"]) for a in h.results["awards"] if "run" in a}
        assert {run for run, _ in sides} <= {1, 2}
        assert hg.replay(h.history.to_json()).payoffs == h.payoffs
    assert twice == 6


def _shove(h: hg.Hand) -> str:
    legal = h.legal(h.to_act[0])
    last = legal[-1]
    if last.startswith(("bet", "raise")):
        verb, amounts = last.split()
        return f"{verb} {amounts.split('..')[-1]}"
    return "call" if any(a.startswith("call") for a in legal) else "check"


def test_too_few_cards_for_two_runs_runs_once_and_says_so() -> None:
    g = hg.game("sameem")  # 6 players: 18 hole cards, then 2 x (5 board, 3 burns, 12 hole cards) = 58 > 52
    h = g.deal([20] * 6, stakes=NL, seed=1, options={"run_twice": list(range(6))})
    h.act(h.to_act[0], "raise 20")
    while not h.over:
        h.act(h.to_act[0], "call")
    assert h.runs is None and sum(h.payoffs) == 0
    log = h.view(None)["log"]
    assert log.count("Not enough cards left to run it twice: the board is run once") == 1


def test_players_may_agree_during_the_hand_and_the_history_keeps_when() -> None:
    deck = order(["2c", "Ks", "As", "7d", "Kh", "Ah"], "3c Kd 4h 9s 5c Tc 6c Jd", "3d 8c 4s 9d 5d Th 6d Js")
    h = hg.game("holdem").deal([100, 100, 100], stakes=NL, button=2, deck=deck)
    h.agree_run_twice(0)
    h.act(2, "raise 100")
    h.agree_run_twice(2)
    h.act(0, "fold")
    with pytest.raises(hg.IllegalAction, match="seat 0 has folded"):
        h.agree_run_twice(0, False)
    h.agree_run_twice(1)
    assert h.view(None)["options"] == {"run_twice": [0, 1, 2]}
    assert "Seat 1 agrees to run it twice" in h.view(None)["log"]
    h.act(1, "call")
    assert h.runs is not None and h.payoffs == [-1, 1, 0]
    with pytest.raises(hg.IllegalAction, match="too late"):
        h.agree_run_twice(1)
    record = h.history.to_dict()
    assert "options" not in record and record["agreements"] == [[0, 0, True], [1, 2, True], [2, 1, True]]
    again = hg.replay(h.history.to_json())
    assert again.view(None) == h.view(None) and again.history.to_dict() == record


def test_a_withdrawn_agreement_runs_it_once() -> None:
    deck = order(["2c", "Ks", "As", "7d", "Kh", "Ah"], "3c Kd 4h 9s 5c Tc 6c Jd", "3d 8c 4s 9d 5d Th 6d Js")
    h = hg.game("holdem").deal([100, 100, 100], stakes=NL, button=2, deck=deck, options={"run_twice": [1, 2]})
    h.act(2, "raise 100")
    h.act(0, "fold")
    h.agree_run_twice(1, False)
    h.act(1, "call")
    assert h.runs is None and h.payoffs == [-1, 101, -100]
    assert hg.replay(h.history.to_json()).runs is None
    with pytest.raises(hg.IllegalAction, match="no community cards"):
        hg.game("stud").deal([50, 50], stakes=hg.Stakes("fixed-limit", ante=1, bring_in=1, small_bet=2,
                                                         big_bet=4)).agree_run_twice(0)


def test_chips_only_one_player_can_win_come_back_once_not_per_run() -> None:
    h = hg.game("holdem").deal([100, 10], stakes=NL, seed=2, options={"run_twice": [0, 1]})
    h.act(0, "raise 100")  # 90 of it nobody can call
    h.act(1, "call")
    assert h.runs is not None
    solo = [a for a in h.results["awards"] if a["pot"] == 1]
    assert solo == [{"seat": 0, "amount": 90, "pot": 1, "side": "all", "hand": None, "cards": None, "by": None}]
    assert sum(h.payoffs) == 0 and h.payoffs == reference_payoffs(h)
